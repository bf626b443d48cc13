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
	// Instances of 3, 5 and 6 GPUs, a little cheaper per GPU: a model
	// split over a power of two of them idles the rest, so a shape's rows
	// from some price on are left out as idle (rank_idle.go) and the scan
	// stops at the first of them, unless a later one may be short of RAM.
	odd := syntheticCatalog(5000, 7)
	for i := range odd.Offers {
		if i%3 == 0 {
			o := &odd.Offers[i]
			perGPU := o.OnDemand / float64(o.GPUCount)
			o.GPUCount = []int{3, 6, 5}[i%9/3]
			o.OnDemand = perGPU * float64(o.GPUCount) * 0.9
			o.VCPUs, o.MemoryGiB = float64(16*o.GPUCount), float64(64*o.GPUCount)
		}
		if i%29 == 0 {
			odd.Offers[i].Marketplace = true // left out of a multi-node shape (no cluster network)
		}
		if i%23 == 0 {
			odd.Offers[i].MemoryGiB = 4 // short of RAM: a shape with one reads every row
		}
	}
	cats := []struct {
		name string
		cat  *model.Catalog
	}{
		{"synthetic", syntheticCatalog(5000, 1)},
		{"no-rate", noRate},
		{"low-ram", lowRAM},
		{"odd-counts", odd},
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
		{"region", answersWith(func(a *model.Answers) { a.Regions = []string{"us-east-1"} }), false},
		{"70b-spot", answersWith(func(a *model.Answers) { a.Model, a.Interruptible = "llama-3.1-70b", true }), false},
		// Up to four nodes: shapes of several nodes, some idle, whose
		// later rows may lack a cluster network.
		{"405b-nodes", answersWith(func(a *model.Answers) { a.Model, a.MaxNodes = "llama-3.1-405b", 4 }), false},
		{"405b-nodes-spot", answersWith(func(a *model.Answers) { a.Model, a.MaxNodes, a.Interruptible = "llama-3.1-405b", 4, true }), false},
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

// TestScanLeavesRowsUnread: in a shape whose rows are in the order of the
// bound, the scan reads no row past the first idle one (every later one
// costs as much or has no price) nor any row without a price, and counts
// them as a scan that reads every row does. 70B in BF16 uses two of a
// 3-GPU instance's GPUs; with a 2-GPU instance at $6 an hour, every priced
// 3-GPU row idles one, and the unpriced ones of either size have no price
// to rank by.
func TestScanLeavesRowsUnread(t *testing.T) {
	offers := []model.Offer{testOffer("cloudA", "h100x2", "H100 SXM5", 2, 6)}
	for i := range 20 {
		offers = append(offers, testOffer("cloudA", fmt.Sprintf("three-%02d", i), "H100 SXM5", 3, float64(7+i)))
	}
	for i := range 10 {
		offers = append(offers, testOffer([]string{"cloudB", "cloudC"}[i%2], fmt.Sprintf("unpriced-%02d", i), "H100 SXM5", 2+i%2, 0))
	}
	eng := New(catWith(offers...))
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	for _, top := range []int{1, 60} {
		got, _ := sameRanks(t, eng, a, top, false, func(c *call) { c.noTail = true })
		if got.st.idle != 20 || got.st.noPrice != 10 {
			t.Errorf("top %d: %d idle, %d without a price; want 20 and 10", top, got.st.idle, got.st.noPrice)
		}
		if got.visited != 2 {
			t.Errorf("top %d: the scan read %d rows, want 2 (the 2-GPU one, the first idle one)", top, got.visited)
		}
	}
}
