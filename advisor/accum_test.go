package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// Data-parallel training exchanges its gradients once per optimizer step:
// a 7B pre-train on one node of eight GPUs accumulates 4M tokens / (8 x
// 2,048) = 256 micro-batches between exchanges, so the node scales to
// within 10% of eight times one GPU even over Infinity Fabric, where an
// exchange per micro-batch would cost most of the step; ZeRO-3 still pays
// its gathers every micro-batch; the assumption is stated.
func TestGradientAccumulation(t *testing.T) {
	a := answers(model.WorkloadPretrain, "", model.BF16, 2048, 1)
	a.ParamsB, a.Model = 7, ""
	a.DurationMode, a.JobTokens = model.DurationJob, 1e11
	a.Normalize()
	p := newPlan(speedCatalog(), &a, langEN)
	if got := p.accumSteps("none", 8, 2048); got != 256 {
		t.Errorf("accumulation steps on 8 GPUs: %v, want 256", got)
	}
	if got := p.accumSteps("zero1", 4096, 2048); got != 1 {
		t.Errorf("accumulation steps on 4,096 GPUs: %v, want 1 (the global batch is one round)", got)
	}
	for _, sh := range []string{"zero2", "zero3", "fsdp"} {
		if got := p.accumSteps(sh, 8, 2048); got != 1 {
			t.Errorf("%s accumulates %v micro-batches between reductions, want 1", sh, got)
		}
	}
	g := speedCatalog().GPUs["Instinct MI300X"]
	one := topoOf(&g, 1, model.InterconnectSingle, model.Unknown, 0, 1, 1)
	eight := topoOf(&g, 1, model.InterconnectInfinityFabric, model.Unknown, 0, 8, 1)
	sp1, h1, _ := p.speedOf(speedIn{g: &g, frac: 1, n: 1, t: 1, r: 1, nodes: 1, net: one, sharding: "none"})
	sp8, h8, _ := p.speedOf(speedIn{g: &g, frac: 1, n: 8, t: 1, r: 1, nodes: 1, net: eight, sharding: "none"})
	if h1 <= 0 || h8 <= 0 || h1/h8 < 8*0.9 {
		t.Errorf("8 x MI300X: %.0f h against %.0f h on one (%.2fx; utilisation %.2f against %.2f)", h8, h1, h1/h8, sp8.Utilisation, sp1.Utilisation)
	}
	_, h3, _ := p.speedOf(speedIn{g: &g, frac: 1, n: 8, t: 1, r: 1, nodes: 1, net: eight, sharding: "zero3"})
	if h3 <= h8 {
		t.Errorf("ZeRO-3 on 8 x MI300X: %.0f h, no slower than DDP's %.0f h though it gathers weights every micro-batch", h3, h8)
	}
	res := Recommend(speedCatalog(testOffer("cloudA", "mi300x8", "Instinct MI300X", 8, 20)), a, Options{})
	found := false
	for _, s := range res.Requirement.Assumptions {
		found = found || strings.Contains(s, "4M tokens") && strings.Contains(s, "once per step")
	}
	if !found {
		t.Errorf("the global batch is not stated: %v", res.Requirement.Assumptions)
	}
}
