package systemtest

import (
	"slices"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestExpertHostRAM ranks, over the embedded catalog, workloads whose
// software needs a published amount of host RAM, and checks what an ML
// infrastructure engineer would check of every top-3 pick: its host holds
// the need per node (vLLM's 4 GiB swap space per GPU within 70% of the
// host's memory, vllm-project/vllm vllm/config/cache.py; a sharded
// checkpoint's model plus largest shard, huggingface.co/docs/diffusers
// optimization/memory and huggingface/transformers#16844), or the pick
// says the host's RAM is unknown.
func TestExpertHostRAM(t *testing.T) {
	cat := advisorEmbedded(t)
	cases := []struct {
		name  string
		setup func(a *model.Answers)
		min   float64 // the need per node must be at least this (GiB): the rule applies
	}{
		// FLUX.1-dev in BF16: about 34 GB of weights through host memory.
		{"FLUX.1-dev inference", func(a *model.Answers) { a.Model = "flux.1-dev" }, 30},
		{"Llama 3.1 70B BF16 serving", func(a *model.Answers) { a.Model, a.Precision = "llama-3.1-70b", model.BF16 }, 5},
		{"7B full fine-tune on 1B tokens", func(a *model.Answers) {
			a.Workload, a.ParamsB, a.DurationMode, a.JobTokens = model.WorkloadFineTune, 7, model.DurationJob, 1e9
		}, 17},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := rankScenario(t, cat, tc.setup, 3)
			if res.Requirement.HostRAMSource == "" {
				t.Fatal("no source for the host RAM need")
			}
			for i := range res.Recommendations {
				r := &res.Recommendations[i]
				need := res.Requirement.HostRAMNeedGiB(r.GPUsUsed / max(r.Nodes, 1))
				if need < tc.min {
					t.Errorf("#%d needs %.1f GiB per node, want at least %.0f", i+1, need, tc.min)
				}
				unknown := slices.ContainsFunc(r.Warnings, func(w model.Warning) bool { return w.Code == model.WarnHostRAMUnknown })
				switch ram := r.Offer.MemoryGiB; {
				case ram <= 0 && !unknown:
					t.Errorf("#%d %s: host RAM unknown and no warning", i+1, r.InstanceType)
				case ram > 0 && ram < need:
					t.Errorf("#%d %s: %.0f GiB of host RAM, below the %.1f GiB the software needs", i+1, r.InstanceType, ram, need)
				}
			}
		})
	}
}
