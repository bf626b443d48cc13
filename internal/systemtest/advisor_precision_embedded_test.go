package systemtest

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// deepseekV3Params is DeepSeek-V3's main-model parameter count (README_WEIGHTS.md
// @ 9b4e9788: "Total parameters: 671B"); its checkpoint stores them in
// FP8, one byte each plus a float32 scale per 128x128 block (0.02%).
const deepseekV3Params = 671e9

// TestCheckpointPrecisionEmbedded: serving DeepSeek-V3 without a
// precision runs the FP8 checkpoint as it ships (as vLLM and SGLang load
// it): the weights are about 671 GB, the top pick is one node of at most
// eight GPUs of 141 GB or more (8x H200 or its equals) at no more than the
// bf16 sizing's top pick costs, and the assumptions say the checkpoint's
// fp8 was used, in both languages. Asked for bf16, it stays bf16 at twice
// the bytes; a Llama preset, whose checkpoint format the catalog does not
// record, stays bf16.
func TestCheckpointPrecisionEmbedded(t *testing.T) {
	cat := advisorEmbedded(t)
	auto := rankScenario(t, cat, func(a *model.Answers) { a.Model = "deepseek-v3" }, 5)
	req := auto.Requirement
	if req.Precision != model.FP8 {
		t.Fatalf("deepseek-v3 sized in %q, want the checkpoint's fp8", req.Precision)
	}
	weights := req.Breakdown.WeightsGiB * (1 << 30)
	// The embedding and LM head (0.9B each) stay in 16 bits: +0.3%.
	testcheck.Within(t, "fp8 weights, bytes", weights, deepseekV3Params, 0.02)
	asm := func(asms []string, want string) {
		t.Helper()
		if !slices.ContainsFunc(asms, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("no assumption says %q: %q", want, asms)
		}
	}
	asm(req.Assumptions, "precision auto: fp8, the format deepseek-v3's checkpoint ships in")
	a := model.DefaultAnswers()
	a.Model = "deepseek-v3"
	zh := advisor.Recommend(cat, a, advisor.Options{Top: 1, Lang: "zh"})
	asm(zh.Requirement.Assumptions, "精度 auto：fp8，即 deepseek-v3 检查点发布时的格式")

	a.Normalize()
	a.Precision = auto.Requirement.Precision
	signed(t, cat, a, &auto)
	pick := top(t, auto)
	g := cat.GPUOf(pick.Offer)
	if pick.Nodes != 1 || pick.GPUCount > 8 || g == nil || g.VRAMGiB < 141 {
		t.Errorf("top pick %d node(s) of %d×%s, want one node of at most 8 GPUs of 141 GB or more", pick.Nodes, pick.GPUCount, pick.GPU)
	}

	bf := rankScenario(t, cat, func(a *model.Answers) { a.Model, a.Precision = "deepseek-v3", model.BF16 }, 1)
	if bf.Requirement.Precision != model.BF16 || slices.ContainsFunc(bf.Requirement.Assumptions, func(s string) bool { return strings.Contains(s, "precision auto") }) {
		t.Errorf("--precision bf16 sized in %q with assumptions %q", bf.Requirement.Precision, bf.Requirement.Assumptions)
	}
	testcheck.Within(t, "bf16 weights against fp8's twice", bf.Requirement.Breakdown.WeightsGiB, 2*req.Breakdown.WeightsGiB, 0.01)
	if bt := top(t, bf); pick.TotalUSD > bt.TotalUSD {
		t.Errorf("the fp8 top pick %d×%s costs $%.0f, more than the bf16 one's $%.0f (%d×%s)", pick.GPUCount, pick.GPU, pick.TotalUSD, bt.TotalUSD, bt.GPUCount, bt.GPU)
	}

	llama := advisor.Estimate(cat, model.DefaultAnswers())
	if llama.Precision != model.BF16 {
		t.Errorf("llama-3.1-8b sized in %q, want bf16", llama.Precision)
	}
	asm(llama.Assumptions, "precision auto: bf16, as the catalog does not record the format llama-3.1-8b's checkpoint ships in")
}
