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
	if res.Recommendations[0].InstanceType != "l4x1" || res.Recommendations[0].Nodes != 2 {
		t.Errorf("with --nodes 2 the cheaper two-node L4 should rank first, got %s x%d", res.Recommendations[0].InstanceType, res.Recommendations[0].Nodes)
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
