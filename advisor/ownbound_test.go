package advisor

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// marketCatalog is syntheticCatalog(n) with as many marketplace hosts
// beside it, shaped as live Vast listings are: eight offers a host, each
// host its own GPU and price level near the others' of that GPU, a third
// with shared vCPUs and a fifth with a stale price.
func marketCatalog(n int, seed uint64) *model.Catalog {
	cat := syntheticCatalog(n, seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	counts := []int{1, 2, 4, 8}
	for i := range n {
		host := i / 8
		g := testGPUs[(host*7)%len(testGPUs)]
		c := counts[i%len(counts)]
		base := g.VRAMGiB / 24 * (0.4 + 0.3*rng.Float64())
		o := testOffer("mkt", fmt.Sprintf("host%05d-%d", host, i%8), g.Name, c, base*float64(c))
		o.Marketplace = true
		if host%3 == 0 {
			o.VCPUType = model.VCPUShared
		}
		if host%5 == 0 {
			o.PriceDate = "2024-01-01"
		}
		if rng.IntN(3) == 0 {
			o.Spot = o.OnDemand * (0.4 + 0.2*rng.Float64())
		}
		cat.Offers = append(cat.Offers, o)
	}
	return cat
}

// TestOwnRiskBound checks that the scan's bound of an offer at its own
// penalties (a marketplace host, shared vCPUs, a stale price, few cores)
// ranks the same offers, in the same order, and counts every reason as
// the bound at the shape's penalties alone, on a catalog where cheap
// marketplace hosts crowd every shape; and that it prices few offers
// there: with the shape's bound alone, each host cheaper than the best
// list's worst at cost alone was priced before the scan could skip it.
func TestOwnRiskBound(t *testing.T) {
	cat := marketCatalog(3000, 7)
	eng := New(cat)
	answers := []struct {
		name string
		a    model.Answers
		// limit is the most offers a top-10 ranking (as Recommend's)
		// may price; 0 none. The shape's bound alone prices more (236
		// and 130).
		limit int
	}{
		{"default", model.DefaultAnswers(), 125},
		{"spot", answersWith(func(a *model.Answers) { a.Interruptible = true }), 0},
		{"70b", answersWith(func(a *model.Answers) { a.Model = "llama-3.1-70b" }), 60},
		{"gpus=1", answersWith(func(a *model.Answers) { a.GPUs = 1 }), 0},
		{"storage", answersWith(func(a *model.Answers) { a.DataGB, a.EgressGB = 500, 100 }), 0},
		{"budget", answersWith(func(a *model.Answers) {
			a.Budget = model.Budget{Amount: 300, Period: model.BudgetMonthly, Currency: model.USD}
		}), 0},
		{"lora-job", answersWith(func(a *model.Answers) {
			a.Workload, a.DurationMode, a.JobTokens, a.Latency = model.WorkloadLoRA, model.DurationJob, 2e9, model.LatencyBatch
		}), 0},
	}
	for _, tc := range answers {
		for _, top := range []int{1, 10, 60} {
			for _, fast := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/top=%d/fast=%v", tc.name, top, fast), func(t *testing.T) {
					own, shape := sameRanks(t, eng, tc.a, top, fast, func(c *call) { c.noOwnBound = true })
					if own.priced > shape.priced {
						t.Errorf("the own bound priced %d offers, the shape's %d", own.priced, shape.priced)
					}
					if tc.limit > 0 && top == 10 && !fast && (own.priced > tc.limit || shape.priced <= tc.limit) {
						t.Errorf("priced %d offers (the shape's bound alone %d), want at most %d", own.priced, shape.priced, tc.limit)
					}
				})
			}
		}
	}
}
