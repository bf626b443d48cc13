package advisor

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// listCases are answers that exercise every part of the list: budgets of
// each kind that some offers keep and others do not, a latency class some
// offers are too slow for, storage and egress on providers with and
// without known prices, and a job whose length varies by offer.
func listCases() map[string]model.Answers {
	hourly := answers(model.WorkloadInference, "llama-3.1-8b", model.INT4, 4096, 8)
	hourly.Interruptible = true
	hourly.Budget = model.Budget{Amount: 3, Period: model.BudgetHourly, Currency: model.USD}

	monthly := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	monthly.DataGB, monthly.EgressGB = 500, 2000
	monthly.Budget = model.Budget{Amount: 20000, Period: model.BudgetMonthly, Currency: model.USD}

	total := answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
	total.DurationMode, total.JobTokens = model.DurationJob, 3e9
	total.DataGB, total.EgressGB = 200, 500
	total.Budget = model.Budget{Amount: 600, Period: model.BudgetTotal, Currency: model.USD}

	slow := answers(model.WorkloadInference, "llama-3.1-70b", model.INT4, 8192, 1)
	slow.Latency = model.LatencyRealtime

	// Nothing keeps this budget: every offer is listed over it.
	none := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	none.Budget = model.Budget{Amount: 0.5, Period: model.BudgetHourly, Currency: model.USD}

	return map[string]model.Answers{"hourly budget": hourly, "monthly budget, hidden costs": monthly,
		"job, total budget": total, "realtime, no budget": slow, "nothing within budget": none}
}

// tierOf is a recommendation's latency tier as the ranking orders it: 0
// meets the class, 1 speed unknown, 2 known too slow.
func tierOf(r *model.Recommendation) int {
	short := 16 * len(r.Shortfalls) // ranked after the latency tier
	switch {
	case !r.Speed.Unknown && !r.Speed.MeetsLatency:
		return 2*64 + short
	case r.Speed.Unknown:
		return 1*64 + short
	}
	return short
}

// TestListCountsMatchFullList checks the pruned top-k against the full
// list of every offer: the same counts and notes, the first k are the top
// k, every row is its recommendation's row, the list is in rank order
// (within the budget first, then over it; within each and each latency
// tier, a known all-in cost before one with an unknown part, then by
// cost), and OverBudget counts the offers over the budget.
func TestListCountsMatchFullList(t *testing.T) {
	cat := syntheticCatalog(4000, 11)
	for name, a := range listCases() {
		t.Run(name, func(t *testing.T) { checkListMatchesFull(t, cat, a) })
	}
}

// checkListMatchesFull checks a top-7 ranking of cat for a against the
// full list of every offer (see TestListCountsMatchFullList).
func checkListMatchesFull(t *testing.T, cat *model.Catalog, a model.Answers) {
	t.Helper()
	a.Normalize()
	full := Recommend(cat, a, Options{Top: len(cat.Offers), All: true})
	top := Recommend(cat, a, Options{Top: 7})
	recs := full.Recommendations
	if full.Listed == 0 || len(full.Rows) != full.Listed || len(recs) != full.Listed {
		t.Fatalf("%d rows, %d recommendations, %d listed", len(full.Rows), len(recs), full.Listed)
	}
	if top.Listed != full.Listed || top.OverBudget != full.OverBudget || top.Matched != full.Matched {
		t.Errorf("top-7 lists %d (%d over, %d fit), the full list %d (%d over, %d fit)",
			top.Listed, top.OverBudget, top.Matched, full.Listed, full.OverBudget, full.Matched)
	}
	if strings.Join(top.Notes, "\n") != strings.Join(full.Notes, "\n") {
		t.Errorf("notes differ:\n%v\n%v", top.Notes, full.Notes)
	}
	if len(top.Recommendations) != min(7, full.Listed) {
		t.Errorf("%d recommendations of %d listed", len(top.Recommendations), full.Listed)
	}
	for i, r := range top.Recommendations {
		if r.Offer != recs[i].Offer || r.TotalUSD != recs[i].TotalUSD {
			t.Errorf("#%d: top-7 has %s $%.2f, the full list %s $%.2f", i+1, r.InstanceType, r.TotalUSD, recs[i].InstanceType, recs[i].TotalUSD)
		}
	}
	// With a deadline, a run within 5% of the cost of a cheaper one may
	// rank first for finishing sooner (shortFirst).
	slack := 1.0
	if a.DeadlineHours > 0 {
		slack = 1 + equalCostShare
	}
	over := 0
	for i := range recs {
		r := &recs[i]
		if got, want := full.Rows[i], r.Row(full.Rows[i].Index); !sameRow(got, want) || r.Offer != &cat.Offers[got.Index] {
			t.Fatalf("row %d is %+v, its recommendation's row %+v", i+1, got, want)
		}
		if !r.WithinBudget {
			over++
		} else if over > 0 {
			t.Fatalf("#%d within the budget after %d over it", i+1, over)
		}
		if i == 0 {
			continue
		}
		p := &recs[i-1]
		if p.WithinBudget != r.WithinBudget || tierOf(p) != tierOf(r) {
			continue
		}
		switch {
		case p.HiddenCosts.Partial() && !r.HiddenCosts.Partial():
			t.Fatalf("#%d has a known total after #%d with an unknown part", i+1, i)
		case p.HiddenCosts.Partial() == r.HiddenCosts.Partial() && !r.Speed.Unknown && r.RankCost() < p.RankCost()/slack*(1-1e-9):
			t.Fatalf("#%d costs $%.2f with its risks after $%.2f", i+1, r.RankCost(), p.RankCost())
		}
	}
	if over != full.OverBudget {
		t.Errorf("%d offers over the budget, OverBudget %d", over, full.OverBudget)
	}
}

// sameRow compares rows, amounts to a relative 1e-9 (the row and the full
// recommendation multiply the same factors in another order).
func sameRow(a, b model.OfferRow) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*math.Max(math.Abs(x), math.Abs(y)) }
	if !near(a.Hourly, b.Hourly) || !near(a.GPUTotal, b.GPUTotal) || !near(a.Total, b.Total) {
		return false
	}
	a.Hourly, a.GPUTotal, a.Total = b.Hourly, b.GPUTotal, b.Total
	return a == b
}

// TestWithinBudgetHidesOverBudget: Options.WithinBudget lists only the
// offers within the budget, still counts the others and says how many
// were hidden.
func TestWithinBudgetHidesOverBudget(t *testing.T) {
	cat := syntheticCatalog(4000, 11)
	for name, a := range listCases() {
		t.Run(name, func(t *testing.T) {
			a.Normalize()
			all := Recommend(cat, a, Options{Top: 50, All: true})
			in := Recommend(cat, a, Options{Top: 50, All: true, WithinBudget: true})
			if in.OverBudget != all.OverBudget || in.Listed != all.Listed-all.OverBudget || len(in.Rows) != in.Listed {
				t.Fatalf("within only: %d listed (%d rows), %d over; all: %d listed, %d over",
					in.Listed, len(in.Rows), in.OverBudget, all.Listed, all.OverBudget)
			}
			if in.OverBudgetHidden != (all.OverBudget > 0) || all.OverBudgetHidden {
				t.Errorf("hidden %v with %d over budget (all: hidden %v)", in.OverBudgetHidden, in.OverBudget, all.OverBudgetHidden)
			}
			for _, r := range in.Recommendations {
				if !r.WithinBudget {
					t.Fatalf("%s over the budget listed", r.InstanceType)
				}
			}
			for i, r := range in.Rows {
				if !r.WithinBudget || r != all.Rows[i] {
					t.Fatalf("row %d: %+v, the full list has %+v", i+1, r, all.Rows[i])
				}
			}
			said := false
			for _, n := range in.Notes {
				said = said || strings.Contains(n, "hidden") && strings.Contains(n, strconv.Itoa(all.OverBudget))
			}
			if said != (all.OverBudget > 0) {
				t.Errorf("%d hidden; notes %v", all.OverBudget, in.Notes)
			}
		})
	}
}

// TestTotalIsAllIn: every total is the GPUs plus storage plus egress, in
// USD and in the display currency; a storage or egress price the catalog
// lacks is priced at its class's estimate and flagged estimated, or, when
// there is no estimate, flagged unknown, counted as nothing in the total,
// and said so in the notes.
func TestTotalIsAllIn(t *testing.T) {
	cat := syntheticCatalog(2000, 5)
	for name, a := range listCases() {
		for _, cur := range []model.Currency{model.USD, model.CNY} {
			a := a
			a.Currency = cur
			res := Recommend(cat, a, Options{Top: 300})
			partial := 0
			for _, r := range res.Recommendations {
				h := r.HiddenCosts
				near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*math.Max(x, y) }
				if r.GPUTotalUSD > 0 && (!near(r.TotalUSD, r.GPUTotalUSD+h.StorageUSD+h.EgressUSD) ||
					!near(r.Total, r.GPUTotal+h.Storage+h.Egress) || r.AllInUSD != r.TotalUSD || r.AllIn != r.Total) {
					t.Fatalf("%s %s %s: total %.2f (USD %.2f) != GPU %.2f + storage %.2f + egress %.2f", name, cur, r.InstanceType,
						r.Total, r.TotalUSD, r.GPUTotal, h.Storage, h.Egress)
				}
				pol, ok := cat.Policies[r.Provider]
				wantStorage := a.DataGB > 0 && (!ok || pol.BlockStorageGBMonth <= 0)
				wantEgress := a.EgressGB > 0 && (!ok || !pol.EgressKnown)
				if (h.StorageUnknown || h.StorageEstimated) != wantStorage || (h.EgressUnknown || h.EgressEstimated) != wantEgress ||
					h.StorageUnknown && h.StorageEstimated || h.EgressUnknown && h.EgressEstimated {
					t.Fatalf("%s %s: storage unknown %v / estimated %v (want one: %v), egress unknown %v / estimated %v (want one: %v)", name, r.InstanceType,
						h.StorageUnknown, h.StorageEstimated, wantStorage, h.EgressUnknown, h.EgressEstimated, wantEgress)
				}
				if h.StorageEstimated && h.StorageUSD <= 0 && r.RunHours > 0 || h.EgressEstimated && h.EgressUSD <= 0 {
					t.Fatalf("%s %s: an estimate priced at nothing: %+v", name, r.InstanceType, h)
				}
				if h.StorageUnknown && h.StorageUSD != 0 || h.EgressUnknown && h.EgressUSD != 0 {
					t.Fatalf("%s %s: an unknown price priced: %+v", name, r.InstanceType, h)
				}
				if h.Partial() {
					partial++
				}
			}
			said := false
			for _, n := range res.Notes {
				said = said || strings.Contains(n, "storage or egress price")
			}
			if partial > 0 && !said || len(res.Recommendations) == res.Listed && said != (partial > 0) {
				t.Errorf("%s: %d partial totals; notes %v", name, partial, res.Notes)
			}
		}
	}
}

// TestExpandMatchesRecommend: Expand prices any listed offer exactly as
// Recommend does, beyond the top-N too, and skips offers that do not fit.
func TestExpandMatchesRecommend(t *testing.T) {
	cat := syntheticCatalog(3000, 9)
	for name, a := range listCases() {
		t.Run(name, func(t *testing.T) {
			full := Recommend(cat, a, Options{Top: len(cat.Offers), All: true, Lang: "zh"})
			var idx []int
			for i := len(full.Rows) - 1; i >= 0; i -= 37 {
				idx = append(idx, full.Rows[i].Index)
			}
			got := Expand(cat, a, Options{Lang: "zh"}, append(idx, -1, len(cat.Offers)))
			if len(got) != len(idx) {
				t.Fatalf("%d of %d expanded", len(got), len(idx))
			}
			byOffer := map[*model.Offer]*model.Recommendation{}
			for i := range full.Recommendations {
				byOffer[full.Recommendations[i].Offer] = &full.Recommendations[i]
			}
			for i := range got {
				gj, _ := json.Marshal(got[i])
				wj, _ := json.Marshal(byOffer[&cat.Offers[idx[i]]])
				if string(gj) != string(wj) {
					t.Fatalf("offer %d expanded:\n%s\nranked:\n%s", idx[i], gj, wj)
				}
			}
		})
	}
	// A model no single node holds: Expand widens as Recommend does.
	small := clustered(testOffer("cloudA", "l4x1", "L4", 1, 0.1))
	wide := serve("llama-3.1-8b", model.BF16, 8192, model.LatencyBatch)()
	wide.Context = 65536
	cat1 := catWith(small)
	res := Recommend(cat1, wide, Options{})
	got := Expand(cat1, wide, Options{}, []int{0})
	if len(res.Recommendations) == 0 || res.Recommendations[0].Nodes < 2 || len(got) != 1 ||
		got[0].Nodes != res.Recommendations[0].Nodes || got[0].TotalUSD != res.Recommendations[0].TotalUSD {
		t.Errorf("expanded %+v, ranked %+v", got, res.Recommendations)
	}
}

// TestPricedPrefix: Options.Priced prices the first offers only; the
// ranking, the rows' offers and order, the counts and notes are those of
// the fully priced list, and Expand of a light row gives its full
// recommendation.
func TestPricedPrefix(t *testing.T) {
	cat := syntheticCatalog(3000, 4)
	eng := New(cat)
	for name, a := range listCases() {
		t.Run(name, func(t *testing.T) {
			full := eng.Recommend(a, Options{Top: 30})
			part := eng.Recommend(a, Options{Top: 30, Priced: 7})
			if want := min(7, len(full.Recommendations)); len(part.Recommendations) != want {
				t.Fatalf("%d priced, want %d", len(part.Recommendations), want)
			}
			if len(part.Rows) != len(full.Rows) || part.Listed != full.Listed || part.OverBudget != full.OverBudget ||
				part.Matched != full.Matched || !slices.Equal(part.Notes, full.Notes) {
				t.Fatalf("rows %d/%d listed %d/%d over %d/%d notes\n%v\n%v", len(part.Rows), len(full.Rows),
					part.Listed, full.Listed, part.OverBudget, full.OverBudget, part.Notes, full.Notes)
			}
			for i := range part.Rows {
				if part.Rows[i].Index != full.Rows[i].Index {
					t.Fatalf("row %d: offer %d, want %d", i, part.Rows[i].Index, full.Rows[i].Index)
				}
				if i < len(part.Recommendations) {
					continue
				}
				got := eng.Expand(a, Options{}, []int{part.Rows[i].Index})
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(full.Recommendations[i : i+1])
				if string(gj) != string(wj) {
					t.Fatalf("row %d expanded:\n%s\nranked:\n%s", i, gj, wj)
				}
			}
		})
	}
}

// TestListMatchesFullListUnknownRAM is TestListCountsMatchFullList's core
// on catalogs whose host RAM is unknown for every offer, and for every
// third: an unknown RAM is a shortfall of its own offer, so the pruned
// scan must still give the full list's first k (and stop early when a
// whole shape is unknown: BenchmarkKeystroke/catalog=100k and =1M, whose
// test catalog states no RAM, went from 0.65 and 2.1 ms to 8 and 74 ms
// when the scan could not stop).
func TestListMatchesFullListUnknownRAM(t *testing.T) {
	for _, every := range []int{1, 3} {
		cat := syntheticCatalog(3000, 5)
		for i := range cat.Offers {
			if i%every == 0 {
				cat.Offers[i].MemoryGiB = 0
			}
		}
		for name, a := range listCases() {
			t.Run(fmt.Sprintf("every %d/%s", every, name), func(t *testing.T) {
				a.Normalize()
				full := Recommend(cat, a, Options{Top: len(cat.Offers), All: true})
				top := Recommend(cat, a, Options{Top: 7})
				if top.Listed != full.Listed || top.OverBudget != full.OverBudget || top.Matched != full.Matched {
					t.Errorf("top-7 lists %d (%d over, %d fit), the full list %d (%d over, %d fit)",
						top.Listed, top.OverBudget, top.Matched, full.Listed, full.OverBudget, full.Matched)
				}
				if len(top.Recommendations) != min(7, full.Listed) {
					t.Fatalf("%d recommendations of %d listed", len(top.Recommendations), full.Listed)
				}
				for i, r := range top.Recommendations {
					if f := full.Recommendations[i]; r.Offer != f.Offer || r.TotalUSD != f.TotalUSD {
						t.Errorf("#%d: top-7 has %s $%.2f, the full list %s $%.2f", i+1, r.InstanceType, r.TotalUSD, f.InstanceType, f.TotalUSD)
					}
				}
			})
		}
	}
}
