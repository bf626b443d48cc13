package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// Serving stays on one node when some single node holds the model, even
// when two nodes of a smaller machine are cheaper; several nodes are offered
// only when no single node is big enough, and the assumptions say which.
func TestInferenceOneNodeFirst(t *testing.T) {
	small := clustered(testOffer("cloudA", "l4x1", "L4", 1, 0.1)) // 24 GB: two nodes hold an 8B model, cheaply
	big := testOffer("cloudA", "h100x1", "H100 SXM5", 1, 5)       // 80 GB: one node holds it
	a := serve("llama-3.1-8b", model.BF16, 8192, model.LatencyBatch)()
	a.Context = 65536 // enough KV cache that one L4 is too small
	res := Recommend(catWith(small, big), a, Options{Top: 10})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	for _, r := range res.Recommendations {
		if r.Nodes != 1 {
			t.Errorf("%s on %d nodes although one H100 node holds the model", r.InstanceType, r.Nodes)
		}
	}
	if !hasAssumption(res, "one node") {
		t.Errorf("assumptions do not say serving is on one node: %v", res.Requirement.Assumptions)
	}

	// Without a big machine, the L4s are offered across nodes.
	res = Recommend(catWith(small), a, Options{Top: 10})
	if len(res.Recommendations) == 0 || res.Recommendations[0].Nodes < 2 {
		t.Fatalf("no multi-node fallback: %+v %v", res.Recommendations, res.Notes)
	}
	if !hasAssumption(res, "no single node holds the model") {
		t.Errorf("assumptions do not explain the multi-node fallback: %v", res.Requirement.Assumptions)
	}

	// A node limit the user gives is respected as is.
	a.MaxNodes = 2
	res = Recommend(catWith(small, big), a, Options{Top: 10})
	if first := top(t, res); first.InstanceType != "l4x1" || first.Nodes != 2 {
		t.Errorf("with --nodes 2 the cheaper two-node L4 should rank first, got %s x%d", first.InstanceType, first.Nodes)
	}
}

func hasAssumption(res model.Result, s string) bool {
	for _, a := range res.Requirement.Assumptions {
		if strings.Contains(a, s) {
			return true
		}
	}
	return false
}

// Training, too, stays on one node when one holds the job, and widens to
// several nodes (up to the training default) only when none does.
func TestTrainingOneNodeFirst(t *testing.T) {
	small := clustered(testOffer("cloudA", "a6000x1", "RTX A6000", 1, 0.3)) // two of these hold the job, cheaply
	big := testOffer("cloudA", "h100x1", "H100 SXM5", 1, 5)                 // one holds it
	// At 8k tokens a 70B QLoRA needs about 55 GiB: more than a 48 GB RTX
	// A6000, less than an 80 GB H100.
	a := train(model.WorkloadQLoRA, "llama-3.1-70b", func(a *model.Answers) { a.Context = 8192 })()
	res := Recommend(catWith(small, big), a, Options{Top: 10})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	for _, r := range res.Recommendations {
		if r.Nodes != 1 {
			t.Errorf("%s on %d nodes although one H100 node holds the job", r.InstanceType, r.Nodes)
		}
	}
	if !hasAssumption(res, "training on one node") {
		t.Errorf("assumptions: %v", res.Requirement.Assumptions)
	}
	res = Recommend(catWith(small), a, Options{Top: 10})
	if len(res.Recommendations) == 0 || res.Recommendations[0].Nodes < 2 || !hasAssumption(res, "no single node holds the job") {
		t.Fatalf("no multi-node fallback: %v %v", names(res), res.Requirement.Assumptions)
	}
}

// clustered is an offer whose provider documents a cluster network (RDMA)
// for it, so that it may run on several nodes.
func clustered(o model.Offer) model.Offer {
	o.RDMA = model.Yes
	return o
}

// hasNote reports whether a note of the result contains s.
func hasNote(res model.Result, s string) bool {
	for _, n := range res.Notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// TestDeadlineEqualCostShorterRun: with a deadline, of two runs whose cost
// (risk penalties included) is within 5%, the shorter ranks first; 10%
// dearer, the cheaper one does; without a deadline cost alone orders.
func TestDeadlineEqualCostShorterRun(t *testing.T) {
	a := train(model.WorkloadFineTune, "llama-3.1-8b", func(a *model.Answers) {
		a.DurationMode, a.JobTokens, a.DeadlineHours = model.DurationJob, 2e9, 30*24
	})()
	h100 := clustered(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 20))
	b200 := clustered(testOffer("cloudA", "b200x8", "B200 (HGX, 1000 W)", 8, 40))
	probe := Recommend(catWith(h100, b200), a, Options{Top: 5})
	cost := map[string]model.Recommendation{}
	for _, r := range probe.Recommendations {
		cost[r.InstanceType] = r
	}
	h, b := cost["h100x8"], cost["b200x8"]
	if h.TotalUSD == 0 || b.TotalUSD == 0 || b.CalendarHours >= h.CalendarHours {
		t.Fatalf("want both priced, the B200 the shorter run: %+v %+v", h, b)
	}
	for _, tc := range []struct {
		dearer   float64
		deadline float64
		first    string
	}{
		{1.03, 30 * 24, "b200x8"},
		{1.10, 30 * 24, "h100x8"},
		{1.03, 0, "h100x8"},
	} {
		b2 := b200
		// The GPUs' cost scales with the hourly price; storage is a sliver.
		b2.OnDemand = b200.OnDemand * tc.dearer * h.TotalUSD / b.TotalUSD
		a2 := a
		a2.DeadlineHours = tc.deadline
		res := Recommend(catWith(h100, b2), a2, Options{Top: 5})
		if len(res.Recommendations) != 2 {
			t.Fatalf("%+v: %d recommendations", tc, len(res.Recommendations))
		}
		r0, r1 := res.Recommendations[0], res.Recommendations[1]
		if r0.InstanceType != tc.first {
			t.Errorf("B200 %.0f%% dearer, deadline %.0f h: #1 %s ($%.0f, %.0f h), #2 %s ($%.0f, %.0f h); want %s first",
				(tc.dearer-1)*100, tc.deadline, r0.InstanceType, r0.TotalUSD, r0.CalendarHours, r1.InstanceType, r1.TotalUSD, r1.CalendarHours, tc.first)
		}
	}
}
