package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

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
			if got := wizard.Get().defs[fLatency].optionLabel(tr, string(c)); got != c.Name().In(tr.zh()) {
				t.Errorf("%s: latency %s labelled %q, model's name %q", lang, c, got, c.Name().In(tr.zh()))
			}
		}
		for _, o := range wizard.Get().defs[fWorkload].options {
			w := model.Workload(o.value)
			if got, want := wizard.Get().defs[fWorkload].optionLabel(tr, o.value), w.Name().In(tr.zh()); got != want && w != model.WorkloadVRAM {
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

// TestPriceModelLabelsAreModelNames: every price model the wizard labels
// (hybrids too) is named with model's full or short name in both
// languages: the short one in the narrow columns (the offer table, the
// compare cells, the detail's bars, whose 10 cells it fits), the full one
// in the compare view's row labels; no text of the wizard's table spells
// a commitment its own way.
func TestPriceModelLabelsAreModelNames(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		tr := newTr(lang)
		for _, p := range model.PriceModelTable {
			short, full := p.Name.ShortName().In(tr.zh()), p.Name.Name().In(tr.zh())
			if got := priceModelName(tr, p.Name); got != short {
				t.Errorf("%s: %s in a narrow column %q, model's short name %q", lang, p.Name, got, short)
			}
			if w := cellWidth(short); w > 10 {
				t.Errorf("%s: %s's short name %q is %d cells, the bars give 10", lang, p.Name, short, w)
			}
			if got := priceModelFullName(tr, p.Name); got != full {
				t.Errorf("%s: %s where there is room %q, model's name %q", lang, p.Name, got, full)
			}
		}
		m := newTestModel(t, 140, 40, func(c *Config) { c.Lang = lang })
		m = press(t, m, "ctrl+o", "space", "down", "space", "c")
		lines := compareView{detailView: newDetailView(&m)}.Render(120, 40)
		for _, pm := range comparedPriceModels {
			label := pm.Name().In(tr.zh())
			found := false
			for _, l := range lines {
				if strings.HasPrefix(ansi.Strip(l), label+" ") {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no compare row labelled %q (model's name of %s):\n%s", lang, label, pm, strings.Join(lines, "\n"))
			}
		}
	}
	for _, spelling := range []string{"年预留", "1-yr", "3-yr", "1 年", "3 年"} {
		for id, p := range texts {
			for _, s := range p {
				if strings.Contains(s, spelling) {
					t.Errorf("text %d %q spells a commitment %q, not model's name", id, s, spelling)
				}
			}
		}
	}
}
