package advisor

import (
	"reflect"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestLeadOnlyIsTheFullLead: whatWouldChange's flips rank with
// Options.leadOnly, which makes the first recommendation alone; it is the
// full ranking's first recommendation, every field but its other sizes
// (which leadOnly does not list), in the same currency, and there is none
// exactly when the full ranking has none — within the budget or not, in
// English and Chinese, for each requirement a flip sets.
func TestLeadOnlyIsTheFullLead(t *testing.T) {
	e := New(testCatalog())
	bases := map[string]model.Answers{
		"serve 8b":    answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 8192, 4),
		"serve 70b":   answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 4096, 1),
		"lora 8b":     answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1),
		"pretrain 7b": answers(model.WorkloadPretrain, "llama-2-7b", model.BF16, 2048, 1),
	}
	tight := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 4096, 1)
	tight.Budget = model.Budget{Amount: 0.5, Period: model.BudgetHourly, Currency: model.USD}
	tight.Currency = model.CNY
	bases["serve 70b on a tight budget, CNY"] = tight
	leads := 0
	for name, a := range bases {
		for _, f := range flips {
			b := a
			f.set(&b)
			for _, within := range []bool{false, true} {
				for _, lang := range []string{"en", "zh"} {
					opt := Options{Top: 1, Lang: lang, WithinBudget: within, NoSuggestions: true}
					want := e.Recommend(b, opt)
					opt.leadOnly = true
					got := e.Recommend(b, opt)
					if got.Currency != want.Currency || len(got.Recommendations) != len(want.Recommendations) {
						t.Fatalf("%s %s (within budget %v, %s): %s with %d recommendations, want %s with %d",
							name, f.flag, within, lang, got.Currency, len(got.Recommendations), want.Currency, len(want.Recommendations))
					}
					if len(want.Recommendations) == 0 {
						continue
					}
					leads++
					w := want.Recommendations[0]
					w.OtherSizes, w.SizesOmitted = nil, false
					if g := got.Recommendations[0]; !reflect.DeepEqual(g, w) {
						t.Errorf("%s %s (within budget %v, %s): lead\n%+v\nwant\n%+v", name, f.flag, within, lang, g, w)
					}
				}
			}
		}
	}
	if leads == 0 {
		t.Fatal("no ranking had a lead to compare")
	}
}
