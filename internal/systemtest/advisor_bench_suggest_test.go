package systemtest

import (
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// BenchmarkSuggestEmbedded is one ranking over the budget with the
// wizard's engine (the index built once, as the wizard keeps it), so the
// suggestions' re-rankings are most of its cost: 70B at $0.2/h (no single
// change keeps it: the levers are pulled together) and GLM-4-9B on three
// Chinese clouds at ¥4,000 a month (a precision change keeps it).
func BenchmarkSuggestEmbedded(b *testing.B) {
	cat := advisorEmbedded(b)
	glm := model.DefaultAnswers()
	glm.Model, glm.Providers, glm.Currency = "glm-4-9b-chat", []string{"alibaba", "tencent", "featurize"}, model.CNY
	glm.Budget = model.Budget{Amount: 4000, Period: model.BudgetMonthly, Currency: model.CNY}
	big := withModel(model.WorkloadInference, "llama-3.1-70b", model.BF16)
	big.Budget = model.Budget{Amount: 0.2, Period: model.BudgetHourly, Currency: model.USD}
	for _, c := range []struct {
		name string
		a    model.Answers
	}{{"70b-0.2h", big}, {"glm-4000mo", glm}} {
		b.Run(c.name, func(b *testing.B) {
			eng := advisor.New(cat)
			eng.Recommend(c.a, advisor.Options{})
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				eng.Recommend(c.a, advisor.Options{})
			}
		})
	}
}
