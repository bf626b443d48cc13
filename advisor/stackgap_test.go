package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// qloraJob is a QLoRA job on an 8B model: 200M tokens.
func qloraJob(w model.Workload) model.Answers {
	a := answers(w, "llama-3.1-8b", model.BF16, 2048, 1)
	a.DurationMode, a.JobTokens = model.DurationJob, 200e6
	a.Normalize()
	return a
}

// recOn is the recommendation of res on GPU gpu (nil when none).
func recOn(res model.Result, gpu string) *model.Recommendation {
	for i := range res.Recommendations {
		if res.Recommendations[i].GPU == gpu {
			return &res.Recommendations[i]
		}
	}
	return nil
}

// hasRiskAt reports whether a recommendation carries a penalty of code at
// pct percent.
func hasRiskAt(r *model.Recommendation, code string, pct int) bool {
	for _, k := range r.Risk {
		if k.Code == code && k.Percent == pct {
			return true
		}
	}
	return false
}

// QLoRA picked as an expert picks it: an AMD GPU is never recommended for
// it without the ROCm stack-gap warning and its penalty, so an MI300X
// whose all-in cost is 10% under an H100's ranks after it (a needless
// risk), while one cheaper by far more is still listed, warned. A LoRA
// job in 16 bits (no bitsandbytes) on the same MI300X carries a note and
// no penalty.
func TestQLoRAOnROCm(t *testing.T) {
	h100 := testOffer("cloudA", "h100x1", "H100 SXM5", 1, 4)
	mi := testOffer("cloudB", "mi300x1", "Instinct MI300X", 1, 4)
	probe := Recommend(catWith(h100, mi), qloraJob(model.WorkloadQLoRA), Options{Top: 10})
	rh, rm := recOn(probe, "H100 SXM5"), recOn(probe, "Instinct MI300X")
	if rh == nil || rm == nil {
		t.Fatalf("both GPUs should be listed: %+v", probe.Recommendations)
	}
	for _, r := range probe.Recommendations {
		amd := r.GPU == "Instinct MI300X"
		if got := hasWarn(&r, model.WarnROCmStack); got != amd {
			t.Errorf("%s: rocm-stack-gap warning %v", r.GPU, got)
		}
		if got := hasRiskAt(&r, model.WarnROCmStack, riskStackGap); got != amd {
			t.Errorf("%s: stack-gap penalty %v (%+v)", r.GPU, got, r.Risk)
		}
	}
	// The job's hours do not depend on the price: scale the MI300X's rate
	// so that its all-in cost is 10% (then 40%) under the H100's.
	for _, tc := range []struct {
		under   float64
		amdWins bool
	}{{0.10, false}, {0.40, true}} {
		m := mi
		m.OnDemand = mi.OnDemand * (1 - tc.under) * rh.TotalUSD / rm.TotalUSD
		res := Recommend(catWith(h100, m), qloraJob(model.WorkloadQLoRA), Options{Top: 10})
		top := top(t, res)
		if (top.GPU == "Instinct MI300X") != tc.amdWins {
			t.Errorf("MI300X %.0f%% cheaper all-in: top pick %s (risk %d%%)", 100*tc.under, top.GPU, top.RiskPercent)
		}
		if top.GPU == "Instinct MI300X" && !hasWarn(top, model.WarnROCmStack) {
			t.Errorf("an MI300X picked for QLoRA without the stack-gap warning: %+v", top.Warnings)
		}
	}
	lora := Recommend(catWith(mi), qloraJob(model.WorkloadLoRA), Options{})
	r := top(t, lora)
	if !hasWarn(r, model.WarnROCmStack) || hasRisk(r, model.WarnROCmStack) {
		t.Errorf("16-bit LoRA on an MI300X: want a note and no penalty; warnings %+v, risk %+v", r.Warnings, r.Risk)
	}
	zh := Recommend(catWith(mi), qloraJob(model.WorkloadQLoRA), Options{Lang: "zh"})
	for _, w := range top(t, zh).Warnings {
		if w.Code == model.WarnROCmStack && !hasHan(w.Message) {
			t.Errorf("Chinese warning: %q", w.Message)
		}
	}
}
