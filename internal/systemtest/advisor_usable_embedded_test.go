package systemtest

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// Every recommendation of one GPU model shows one usable memory per GPU,
// in GiB, whatever figure its provider wrote for the GPU (B300: RunPod's
// marketed 288 GB, AWS's 268.6, Verda's 262): the VRAM column of 2 x B300
// read 576 GiB on RunPod against 537 on AWS for the same silicon.
func TestOneUsableMemoryPerGPU(t *testing.T) {
	cat := advisorEmbedded(t)
	res := rankScenario(t, cat, func(a *model.Answers) { a.Model, a.ParamsB = "", 1 }, 400)
	per := map[string]float64{}
	seen := 0
	for i := range res.Recommendations {
		r := &res.Recommendations[i]
		g, ok := cat.GPUs[r.GPU]
		if !ok || r.GPUCount < 1 || g.VRAMGiB <= 0 {
			continue
		}
		if o := r.Offer; o != nil && o.VRAMGiB < 0.85*g.VRAMGiB*model.DecimalGiB {
			continue // a slice of a GPU
		}
		v := r.VRAMGiB / float64(r.GPUCount)
		if prev, ok := per[r.GPU]; ok && !testcheck.NearAbs(v, prev, 0.01) {
			t.Errorf("%s: %s %s shows %.2f GiB per GPU, another offer %.2f", r.GPU, r.Provider, r.InstanceType, v, prev)
		}
		per[r.GPU] = v
		seen++
	}
	if seen < 50 || len(per) < 10 {
		t.Fatalf("only %d recommendations of %d GPU models checked", seen, len(per))
	}
}
