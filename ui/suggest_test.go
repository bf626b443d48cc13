package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// TestWizardShowsWaysBack: over the budget, the detail of the selected
// offer lists the advisor's ways back in the wizard's words (the question
// and the answer it takes), in English and in Chinese, each with what it
// gives up, worked out off the ranking of every keystroke: on the real
// advisor, GLM-4-9B on three Chinese clouds at ¥5,000 a month, where a
// narrower precision keeps the budget.
func TestWizardShowsWaysBack(t *testing.T) {
	a := model.DefaultAnswers()
	a.Model, a.Providers, a.Currency = "glm-4-9b-chat", []string{"alibaba", "tencent", "featurize"}, model.CNY
	a.Budget = model.Budget{Amount: 5000, Period: model.BudgetMonthly, Currency: model.CNY}
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"No offer keeps the budget", "→ Precision: int8 — use int8 precision: ", "within the budget of ¥5000/mo", "quality: "}},
		{"zh", []string{"没有报价在预算内", "→ 精度：int8——改用 int8 精度：", "在 ¥5000/月 预算内", "质量："}},
	} {
		m := realModelIn(t, a, tc.lang)
		if len(m.res.Suggestions) == 0 || len(m.res.Recommendations) == 0 || m.res.Recommendations[0].WithinBudget {
			t.Fatalf("%s: the case no longer tests an answer over the budget: %d suggestions", tc.lang, len(m.res.Suggestions))
		}
		// The ranking of every keystroke leaves them out: they come in
		// after it, for the ranking shown.
		if !advisorOptions(tc.lang).NoSuggestions || m.sugg.seq != m.resSeq || len(m.sugg.list) != len(m.res.Suggestions) {
			t.Errorf("%s: suggestions of ranking %d (%d), ranking shown %d", tc.lang, m.sugg.seq, len(m.sugg.list), m.resSeq)
		}
		lines := newDetailView(&m).Render(300, 0)
		for i, l := range lines {
			lines[i] = ansi.Strip(l)
		}
		out := strings.Join(lines, "\n")
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in the detail:\n%s", tc.lang, w, out)
			}
		}
	}
}
