package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// vLLM needs 2 + N physical cores to serve on N GPUs (twice that in
// hyperthreaded vCPUs): a host with fewer is priced with riskFewCores, so
// a 10% cheaper offer of the same GPU with 2 vCPUs ranks after one with
// 16; the penalty is listed in both languages; a host whose vCPUs are
// known not to be hyperthreads counts each as a core; training and an
// unknown vCPU count follow the rule's scope and the worse case.
func TestServingEngineCPUCores(t *testing.T) {
	o := func(inst string, vcpus float64, ht model.Tri, price float64) model.Offer {
		x := testOffer("cloudA", inst, "L4", 1, price)
		x.VCPUs, x.Hyperthreaded = vcpus, ht
		return x
	}
	for _, tc := range []struct {
		vcpus float64
		ht    model.Tri
		want  uint16
	}{{2, model.Unknown, 1}, {2, model.Yes, 1}, {6, model.Unknown, 3}, {3, model.No, 3}, {0, model.No, 0}} {
		x := o("x", tc.vcpus, tc.ht, 1)
		if got := hostCores(&x); got != tc.want {
			t.Errorf("%g vCPUs (hyperthreads %v): %d cores, want %d", tc.vcpus, tc.ht, got, tc.want)
		}
	}
	a := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 4096, 1)
	p := newPlan(speedCatalog(), &a, langEN)
	for _, tc := range []struct{ used, reps, want int }{{1, 1, 3}, {8, 1, 10}, {8, 4, 17}} {
		if got := p.coresNeeded(tc.used, tc.reps); got != tc.want {
			t.Errorf("%d GPUs in %d replicas need %d cores, want %d (vLLM: A + DP + N, +1 with DP)", tc.used, tc.reps, got, tc.want)
		}
	}
	cat := speedCatalog(o("thin", 2, model.Unknown, 0.90), o("wide", 16, model.Unknown, 1.00), o("cores", 3, model.No, 0.95))
	for _, lang := range []string{"en", "zh"} {
		res := Recommend(cat, a, Options{Lang: lang, Top: 5})
		if len(res.Recommendations) != 3 {
			t.Fatalf("%s: %d recommendations: %v", lang, len(res.Recommendations), res.Notes)
		}
		order := []string{res.Recommendations[0].InstanceType, res.Recommendations[1].InstanceType, res.Recommendations[2].InstanceType}
		if order[0] != "cores" || order[2] != "thin" {
			t.Errorf("%s: order %v: 3 real cores at $0.95 first, 2 hyperthreads at $0.90 last", lang, order)
		}
		last := res.Recommendations[2]
		found := false
		for _, k := range last.Risk {
			found = found || k.Code == riskCodeFewCores && k.Percent == riskFewCores && strings.Contains(k.Text, "vLLM")
		}
		if !found {
			t.Errorf("%s: the 2-vCPU host lists no CPU-core penalty: %+v", lang, last.Risk)
		}
		if k := testcheck.At(t, last.Risk, len(last.Risk)-1, "risks of %s", last.InstanceType); lang == "zh" && !hasHan(k.Text) {
			t.Errorf("Chinese penalty text: %q", k.Text)
		}
	}
	// Training: the rule is vLLM's, not the trainer's.
	tr := answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
	for _, r := range Recommend(cat, tr, Options{Top: 5}).Recommendations {
		for _, k := range r.Risk {
			if k.Code == riskCodeFewCores {
				t.Errorf("LoRA on %s carries the serving engine's CPU penalty", r.InstanceType)
			}
		}
	}
	// An unknown vCPU count is the worse case.
	unk := o("unknown", 0, model.Unknown, 0.5)
	res := Recommend(speedCatalog(unk), a, Options{})
	r := top(t, res)
	if k := testcheck.At(t, r.Risk, len(r.Risk)-1, "risks of %s", r.InstanceType); len(res.Recommendations) != 1 || k.Code != riskCodeFewCores {
		t.Errorf("unknown vCPUs: %+v", res.Recommendations)
	}
}
