package advisor

import (
	"fmt"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestTailCountsExact checks that a scan that stops early and counts the
// rest from the index (countTail) ranks the same offers and counts every
// reason exactly as a scan that reads every offer, over synthetic catalogs
// (with a currency without a rate, offers without a price, retired sizes
// and hosts short of RAM), for answers that take the tail and some that
// must not.
func TestTailCountsExact(t *testing.T) {
	noRate := syntheticCatalog(4000, 3)
	for i := range noRate.Offers {
		if i%7 == 0 {
			noRate.Offers[i].Currency = "XYZ" // no rate to USD
		}
		if i%11 == 0 {
			noRate.Offers[i].OnDemand, noRate.Offers[i].Spot = 0, 1.5
		}
		if i%13 == 0 {
			// A retired size: left out, counted apart.
			noRate.Offers[i].EditDetail().Retired = "2020-01-01"
		}
	}
	// Host RAM below what serving needs (4 GiB against vLLM's 5.7 GiB per
	// GPU), and unknown: the first are left out, counted apart, and a
	// shape that has them reads every row (hostram.go).
	lowRAM := syntheticCatalog(4000, 5)
	for i := range lowRAM.Offers {
		switch {
		case i%17 == 0:
			lowRAM.Offers[i].MemoryGiB = 4
		case i%19 == 0:
			lowRAM.Offers[i].MemoryGiB = 0
		}
	}
	cats := []struct {
		name string
		cat  *model.Catalog
	}{
		{"synthetic", syntheticCatalog(5000, 1)},
		{"no-rate", noRate},
		{"low-ram", lowRAM},
	}
	answers := []struct {
		name string
		a    model.Answers
		tail bool // the tail must be taken
	}{
		{"default", model.DefaultAnswers(), true},
		{"spot", answersWith(func(a *model.Answers) { a.Interruptible = true }), true},
		{"70b", answersWith(func(a *model.Answers) { a.Model = "llama-3.1-70b" }), false},
		{"providers", answersWith(func(a *model.Answers) { a.ExcludeProviders = []string{"cloudA", "p03", "lambda"} }), false},
		{"gpus=1", answersWith(func(a *model.Answers) { a.GPUs = 1 }), false},
		{"storage", answersWith(func(a *model.Answers) { a.DataGB, a.EgressGB = 500, 100 }), false},
		{"batch", answersWith(func(a *model.Answers) { a.Latency, a.Batch = model.LatencyBatch, 16 }), false},
		{"budget", answersWith(func(a *model.Answers) {
			a.Budget = model.Budget{Amount: 300, Period: model.BudgetMonthly, Currency: model.USD}
		}), false},
		{"lora-job", answersWith(func(a *model.Answers) {
			a.Workload, a.DurationMode, a.JobTokens, a.Latency = model.WorkloadLoRA, model.DurationJob, 2e9, model.LatencyBatch
		}), false},
	}
	for _, cc := range cats {
		eng := New(cc.cat)
		for _, tc := range answers {
			for _, top := range []int{1, 10, 60} {
				t.Run(fmt.Sprintf("%s/%s/top=%d", cc.name, tc.name, top), func(t *testing.T) {
					fast, slow := sameRanks(t, eng, tc.a, top, false, func(c *call) { c.noTail = true })
					if slow.tailed != 0 {
						t.Errorf("the full scan counted %d rows from the index", slow.tailed)
					}
					if tc.tail && cc.name != "low-ram" && fast.tailed == 0 {
						t.Errorf("the scan read every row (%d offers)", len(cc.cat.Offers))
					}
				})
			}
		}
	}
}
