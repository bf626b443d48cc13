package advisor

import (
	"reflect"
	"slices"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// gateOf is the tradeoff of a gate in a result, if any.
func gateOf(res *model.Result, g model.Gate) (model.Tradeoff, bool) {
	i := slices.IndexFunc(res.Tradeoffs, func(t model.Tradeoff) bool { return t.Gate == g })
	if i < 0 {
		return model.Tradeoff{}, false
	}
	return res.Tradeoffs[i], true
}

// TestGateTradeoffs: each gate that makes the top pick at least 1.5× as
// dear as the best offer that misses only that gate is named with that
// offer's figures; a gate that costs less, or that nothing misses, is not.
func TestGateTradeoffs(t *testing.T) {
	// 70B in BF16 (about 150 GiB) for a month, batch class: 4× RTX A6000
	// over PCIe or 8× H100 over NVSwitch.
	a6000x4 := testOffer("cloudB", "a6000x4", "RTX A6000", 4, 3.2)
	h100x8 := testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32)
	serve70 := func(f func(a *model.Answers)) model.Answers {
		a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 4096, 1)
		a.Latency = model.LatencyBatch
		f(&a)
		a.Normalize()
		return a
	}
	// 7B pre-trained on 100B tokens: about seven weeks on 8× A100, two
	// on 8× H100.
	a100x8 := testOffer("cloudA", "a100x8", "A100-80GB SXM4", 8, 8)
	pretrain := func(f func(a *model.Answers)) model.Answers {
		a := answers(model.WorkloadPretrain, "llama-2-7b", model.BF16, 2048, 1)
		a.DurationMode, a.JobTokens = model.DurationJob, 100e9
		f(&a)
		a.Normalize()
		return a
	}
	for _, tc := range []struct {
		name   string
		offers []model.Offer
		a      model.Answers
		gate   model.Gate
		want   bool
	}{
		{"--interconnect nvlink leaves the PCIe A6000s out", []model.Offer{a6000x4, h100x8},
			serve70(func(a *model.Answers) { a.Interconnect = model.ReqNVLink }), model.GateInterconnect, true},
		{"no requirement", []model.Offer{a6000x4, h100x8}, serve70(func(*model.Answers) {}), model.GateInterconnect, false},
		{"--interconnect nvlink costs less than half again", []model.Offer{mod(a6000x4, func(o *model.Offer) { o.OnDemand = 80 }), h100x8},
			serve70(func(a *model.Answers) { a.Interconnect = model.ReqNVLink }), model.GateInterconnect, false},
		{"a 20-day deadline leaves the A100s out", []model.Offer{a100x8, h100x8},
			pretrain(func(a *model.Answers) { a.DeadlineHours = 20 * 24 }), model.GateDeadline, true},
		{"a 90-day deadline both meet", []model.Offer{a100x8, h100x8},
			pretrain(func(a *model.Answers) { a.DeadlineHours = 90 * 24 }), model.GateDeadline, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := New(catWith(tc.offers...))
			res := e.Recommend(tc.a, Options{Top: 3})
			if len(res.Recommendations) == 0 {
				t.Fatalf("nothing recommended: %v", res.Notes)
			}
			e.WhatWouldChange(tc.a, Options{Top: 3}, &res)
			g, ok := gateOf(&res, tc.gate)
			if ok != tc.want {
				t.Fatalf("gate %s named %v, want %v: %+v", tc.gate, ok, tc.want, res.Tradeoffs)
			}
			if !ok {
				return
			}
			top := &res.Recommendations[0]
			if g.TotalUSD <= 0 || g.TotalUSD*gateRatio > top.TotalUSD || g.InstanceType == top.InstanceType {
				t.Errorf("%s at $%.0f against #1 %s at $%.0f", g.InstanceType, g.TotalUSD, top.InstanceType, top.TotalUSD)
			}
			if !slices.Contains(res.WhyFirst, g.Text) || g.Text == "" {
				t.Errorf("text %q not in why %v", g.Text, res.WhyFirst)
			}
			switch tc.gate {
			case model.GateInterconnect:
				o := &tc.offers[slices.IndexFunc(tc.offers, func(o model.Offer) bool { return o.InstanceType == g.InstanceType })]
				if o.Interconnect.HasNVLink() || g.Flag != "--interconnect nvlink" {
					t.Errorf("%s (%s) does not miss %s", g.InstanceType, o.Interconnect, g.Flag)
				}
			case model.GateDeadline:
				if g.CalendarHours <= tc.a.DeadlineHours || g.Limit != tc.a.DeadlineHours {
					t.Errorf("%s finishes in %.0f h, within the %.0f h deadline", g.InstanceType, g.CalendarHours, tc.a.DeadlineHours)
				}
			}
		})
	}
}

// TestGateBoundExact: the bound that skips dropping a limit of the latency
// class (gateBound) never skips one that a ranking without it would name:
// over the test catalog, the tradeoffs with the bound equal those of
// dropping every limit.
func TestGateBoundExact(t *testing.T) {
	e := New(testCatalog())
	named := 0
	for _, tc := range []struct {
		preset     string
		ctx, users int
		lat        model.Latency
	}{
		{"llama-3.1-8b", 0, 1, model.LatencyRealtime},
		{"llama-3.1-70b", 0, 1, model.LatencyInteractive},
		{"llama-3.1-70b", 32768, 8, model.LatencyRealtime},
		{"qwen2.5-7b", 131072, 4, model.LatencyInteractive},
		{"qwen2.5-7b", 32768, 16, model.LatencyRealtime},
		{"flux.1-dev", 0, 1, model.LatencyRealtime},
		{"flux.1-dev", 0, 1, model.LatencyInteractive},
	} {
		a := model.DefaultAnswers()
		a.Model, a.Context, a.Batch, a.Latency = tc.preset, tc.ctx, tc.users, tc.lat
		a.Normalize()
		res := e.Recommend(a, Options{Top: 1})
		if len(res.Recommendations) == 0 {
			t.Fatalf("%s: nothing recommended", tc.preset)
		}
		bounded, all := res, res
		(&trade{e: e, a: a, l: langEN, res: &bounded, top: &bounded.Recommendations[0]}).classGates()
		(&trade{e: e, a: a, l: langEN, res: &all, top: &all.Recommendations[0], exhaustive: true}).classGates()
		if !reflect.DeepEqual(bounded.Tradeoffs, all.Tradeoffs) {
			t.Errorf("%s %s ctx %d x%d: with the bound %+v\nwithout %+v", tc.preset, tc.lat, tc.ctx, tc.users, bounded.Tradeoffs, all.Tradeoffs)
		}
		named += len(all.Tradeoffs)
	}
	if named == 0 {
		t.Error("no case names a gate: the comparison shows nothing")
	}
}

// TestRelaxedCopyMatchesEvaluation: a ranking with a limit of the
// latency class dropped, worked out from the evaluation with the limit
// (relaxedCopy: the shapes' tiers again, their fits and speeds kept), is
// the ranking of an evaluation made from scratch with the limit dropped
// (relaxedCall): the same first five offers with the same totals, for
// every limit of every class over text and image services on the test
// catalog.
func TestRelaxedCopyMatchesEvaluation(t *testing.T) {
	e := New(testCatalog())
	compared := 0
	for _, preset := range []string{"llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "flux.1-dev"} {
		for _, lat := range []model.Latency{model.LatencyRealtime, model.LatencyInteractive} {
			for _, users := range []int{1, 16} {
				a := model.DefaultAnswers()
				a.Model, a.Latency, a.Batch = preset, lat, users
				a.Normalize()
				base := newCall(e, a, langEN)
				for _, g := range classGates {
					if g.limit(base.p) <= 0 {
						continue
					}
					var undo []tierState
					limits := make([]float64, len(classGates))
					for i, h := range classGates {
						limits[i] = h.limit(base.p)
					}
					copied := explainer{base}.relaxedCopy(g.relax, &undo).ranked(5, false)
					explainer{base}.restore(undo)
					// The copy's limit is dropped, never the evaluation's own.
					for i, h := range classGates {
						if got := h.limit(base.p); got != limits[i] {
							t.Errorf("%s %s x%d: relaxing %s changed the evaluation's %s limit %v -> %v", preset, lat, users, g.gate, h.gate, limits[i], got)
						}
					}
					fresh := relaxedCall(e, a, langEN, g.relax)
					want := fresh.ranked(5, false)
					if len(copied) != len(want) {
						t.Fatalf("%s %s x%d without %s: %d offers, from scratch %d", preset, lat, users, g.gate, len(copied), len(want))
					}
					for i := range want {
						if copied[i].idx != want[i].idx || copied[i].cost != want[i].cost || copied[i].key != want[i].key {
							t.Errorf("%s %s x%d without %s: #%d is offer %d $%.2f, from scratch offer %d $%.2f", preset, lat, users, g.gate,
								i+1, copied[i].idx, copied[i].cost, want[i].idx, want[i].cost)
						}
					}
					compared++
				}
				// restore put every shape back: base ranks as a new evaluation.
				after, want := base.ranked(5, false), newCall(e, a, langEN).ranked(5, false)
				if len(after) != len(want) || len(want) > 0 && (after[0].idx != want[0].idx || after[0].key != want[0].key) {
					t.Errorf("%s %s x%d: the evaluation relaxed and restored ranks %v, a new one %v", preset, lat, users, after, want)
				}
			}
		}
	}
	if compared < 10 {
		t.Errorf("only %d rankings compared", compared)
	}
}
