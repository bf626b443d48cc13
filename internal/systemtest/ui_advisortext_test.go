package systemtest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

var (
	// advisorEnglish are the English words the advisor used to write into
	// its Chinese texts, which the wizard shows: a latency class by its flag
	// value, an unknown interruption rate.
	advisorEnglish = regexp.MustCompile(`\b(realtime|interactive|batch|unknown)\b`)
	// riskID is a risk's id ("tp-over-pcie", "shared-vcpu"), which the
	// "why #1" lines name in Chinese; a --flag and its value are cut first.
	riskID   = regexp.MustCompile(`\b[a-z0-9]+(?:-[a-z0-9]+)+\b`)
	flagText = regexp.MustCompile(`--[a-z-]+ \S+`)
)

// TestWizardChineseAdvisorTexts drives the wizard in Chinese on the real
// advisor with answers whose notes, warnings, assumptions and "why #1"
// name a latency class and the risks of the runner-up, and
// asserts that the screen and the detail of #1 show the Chinese names of
// those values and none of the English ones.
func TestWizardChineseAdvisorTexts(t *testing.T) {
	cases := []struct {
		name string
		set  func(a *model.Answers)
		want []string // Chinese the output must show
	}{
		{"image latency class", func(a *model.Answers) { a.Model = "flux.1-dev" }, []string{"交互式延迟等级"}},
		{"runner-up's risks", func(a *model.Answers) {
			a.Model, a.DurationHours, a.Providers = "llama-3.1-8b", 12*model.HoursPerMonth, []string{"aws"}
		}, []string{"为何排第一", "计入风险加成后"}},
		{"realtime", func(a *model.Answers) { a.Model, a.Latency = "flux.1-dev", model.LatencyRealtime }, []string{"实时延迟等级"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := model.DefaultAnswers()
			tc.set(&a)
			m := wizard(t, a, "zh", detailW, detailH)
			out := screen(m)
			if res := advisor.Recommend(embeddedCatalog(t), a, advisor.Options{Top: 1, Lang: "zh"}); len(res.Recommendations) > 0 {
				out += "\n" + detail(m)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the Chinese wizard:\n%s", w, out)
				}
			}
			// Warning codes are ids in every language ("speed-unknown").
			ids := out
			for _, code := range advisor.WarningCodes() {
				ids = strings.ReplaceAll(ids, code, "")
			}
			if bad := advisorEnglish.FindAllString(ids, -1); len(bad) > 0 {
				t.Errorf("English %q in the Chinese wizard:\n%s", bad, out)
			}
			// The "why #1" lines: from their title to the blank line.
			_, why, _ := strings.Cut(out[strings.LastIndex(out, "\n为何排第一")+1:], "\n")
			why, _, _ = strings.Cut(why, "\n\n")
			if bad := riskID.FindAllString(flagText.ReplaceAllString(why, ""), -1); len(bad) > 0 {
				t.Errorf("risk ids %q in the Chinese \"why #1\":\n%s", bad, why)
			}
		})
	}
}

// TestWizardShowsWaysBack: over the budget, the detail of the selected
// offer lists the advisor's ways back in the wizard's words (the question
// and the answer it takes), in English and in Chinese, each with what it
// gives up: on the real advisor, GLM-4-9B on three Chinese clouds at
// ¥4,000 a month, where a narrower precision keeps the budget.
func TestWizardShowsWaysBack(t *testing.T) {
	a := model.DefaultAnswers()
	a.Model, a.Providers, a.Currency = "glm-4-9b-chat", []string{"alibaba", "tencent", "featurize"}, model.CNY
	a.Budget = model.Budget{Amount: 4000, Period: model.BudgetMonthly, Currency: model.CNY}
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"No offer keeps the budget", "→ Precision: int8 — use int8 precision: ", "within the budget of ¥4000/mo", "quality: "}},
		{"zh", []string{"没有报价在预算内", "→ 精度：int8——改用 int8 精度：", "在 ¥4000/月 预算内", "质量："}},
	} {
		res := advisor.Recommend(embeddedCatalog(t), a, advisor.Options{Top: 1, Lang: tc.lang})
		if len(res.Suggestions) == 0 || len(res.Recommendations) == 0 || res.Recommendations[0].WithinBudget {
			t.Fatalf("%s: the case no longer tests an answer over the budget: %d suggestions", tc.lang, len(res.Suggestions))
		}
		out := screen(wizard(t, a, tc.lang, 300, detailH))
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in the detail:\n%s", tc.lang, w, out)
			}
		}
	}
}
