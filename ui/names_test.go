package ui

import (
	"testing"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// TestSpotOneName: the wizard names the spot price model as model does
// (and so as the CLI and the advisor do), in its price-model rows and
// wherever a text of its table names spot; 抢占式 stands only where the
// English names preemptible capacity.
func TestSpotOneName(t *testing.T) {
	zh := newTr("zh")
	spot := model.PriceSpot.Name().ZH
	if got := priceModelName(zh, model.PriceSpot); got != spot {
		t.Errorf("the wizard's price-model name for spot is %q, model's %q", got, spot)
	}
	for _, p := range append(text.Term(texts, text.EN, "spot", spot), text.Term(texts, text.ZH, "抢占式", "preemptible")...) {
		t.Error(p)
	}
}

// TestChoiceLabelsAreModelNames: the workload and latency choices are
// labelled with model's names of the values in both languages (the
// known-VRAM choice with its own question).
func TestChoiceLabelsAreModelNames(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		tr := newTr(lang)
		for _, c := range model.Latencies {
			if got := optionLabel(tr, fLatency, string(c)); got != c.Name().In(tr.zh()) {
				t.Errorf("%s: latency %s labelled %q, model's name %q", lang, c, got, c.Name().In(tr.zh()))
			}
		}
		for _, o := range defs[fWorkload].options {
			w := model.Workload(o.value)
			if got, want := optionLabel(tr, fWorkload, o.value), w.Name().In(tr.zh()); got != want && w != model.WorkloadVRAM {
				t.Errorf("%s: workload %s labelled %q, model's name %q", lang, w, got, want)
			}
		}
	}
}

// TestBudgetSummary: the budget step's summary writes the period in the
// wizard's language, as the advisor's notes do.
func TestBudgetSummary(t *testing.T) {
	for _, tc := range []struct {
		lang string
		b    model.Budget
		want string
	}{
		{"en", model.Budget{Amount: 3000, Currency: model.CNY, Period: model.BudgetMonthly}, "¥3000/mo"},
		{"zh", model.Budget{Amount: 3000, Currency: model.CNY, Period: model.BudgetMonthly}, "¥3000/月"},
		{"zh", model.Budget{Amount: 2, Currency: model.USD, Period: model.BudgetHourly}, "$2/小时"},
	} {
		m := newTestModel(t, 140, 40, func(c *Config) { c.Lang, c.Answers.Budget = tc.lang, tc.b })
		if got := sumBudget(&m.form, m.t); got != tc.want {
			t.Errorf("%s %+v: summary %q, want %q", tc.lang, tc.b, got, tc.want)
		}
	}
}
