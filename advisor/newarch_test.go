package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// Shapes of the architectures issue 22 adds, as facts/presets.csv gives
// them (gpt-oss model card and config; Llama 4 and Qwen3-Next configs):
// written here because advisor tests never read the embedded catalog.
var (
	gptOSS120 = model.ModelPreset{Name: "gpt-oss-120b", ParamsB: 116.83, ActiveB: 5.13, Layers: 36, Hidden: 2880, FFN: 2880, Heads: 64, KVHeads: 8, HeadDim: 64,
		Vocab: 201088, MaxContext: 131072, Attention: "gqa", Experts: 128, ExpertsUsed: 4, AttentionPattern: model.AttnHybrid, SlidingWindow: 128, LocalPerGlobal: 1,
		ExpertFormat: model.ExpertMXFP4, Source: "facts/presets.csv"}
	llama4Scout = model.ModelPreset{Name: "llama-4-scout", ParamsB: 109, ActiveB: 17, Layers: 48, Hidden: 5120, FFN: 8192, Heads: 40, KVHeads: 8, HeadDim: 128,
		Vocab: 202048, MaxContext: 10485760, Attention: "gqa", Experts: 16, ExpertsUsed: 1, AttentionPattern: model.AttnChunked, SlidingWindow: 8192, LocalPerGlobal: 3,
		Source: "facts/presets.csv"}
	qwen3Next = model.ModelPreset{Name: "qwen3-next-80b-a3b", ParamsB: 80, ActiveB: 3, Layers: 48, Hidden: 2048, FFN: 512, Heads: 16, KVHeads: 2, HeadDim: 256,
		Vocab: 151936, MaxContext: 262144, Attention: "gqa", Experts: 512, ExpertsUsed: 10, AttentionPattern: model.AttnLinearHybrid, LocalPerGlobal: 3, LinearState: 548864,
		Source: "facts/presets.csv"}
)

// newArchCatalog is the test catalog with the three shapes above.
func newArchCatalog() *model.Catalog {
	cat := testCatalog()
	cat.Models = append(append([]model.ModelPreset(nil), cat.Models...), gptOSS120, llama4Scout, qwen3Next)
	return cat
}

// The cache of each layer kind, from the configs: a chunked layer holds
// at most one chunk (Llama 4: 36 of 48 layers at 8192 tokens), a
// linear-attention layer its fixed state (Qwen3-Next: 36 of 48 layers,
// 548,864 values each), a sliding layer its window (gpt-oss: 18 of 36
// at 128); the global layers every token.
func TestKVOfLayerKinds(t *testing.T) {
	for _, tc := range []struct {
		p    model.ModelPreset
		ctx  int
		want float64
	}{
		{llama4Scout, 4096, 48 * 4096 * 2 * 8 * 128},
		{llama4Scout, 1 << 20, (12*(1<<20) + 36*8192) * 2 * 8 * 128},
		{qwen3Next, 1, 12*1*2*2*256 + 36*548864},
		{qwen3Next, 262144, 12*262144*2*2*256 + 36*548864},
		{gptOSS120, 100, 36 * 100 * 2 * 8 * 64},
		{gptOSS120, 131072, (18*131072 + 18*128) * 2 * 8 * 64},
	} {
		m := presetArch(&tc.p)
		if got := m.kvElemsSeq(tc.ctx); got != tc.want {
			t.Errorf("%s at %d tokens: %.0f cached values, want %.0f", tc.p.Name, tc.ctx, got, tc.want)
		}
	}
	if m := presetArch(&qwen3Next); m.globalLayers() != 12 || m.window != 0 {
		t.Errorf("qwen3-next: %d global layers, window %d; want 12 and none", m.globalLayers(), m.window)
	}
}

// gpt-oss's experts stay in MXFP4 whatever wider precision is asked (the
// other weights follow it); int4 leaves them as they are (4.25 bits
// either way); training sizes them at its precision. One token reads 4
// of 128 experts in MXFP4 and its other active weights at their own
// bytes, not the average of the whole checkpoint.
func TestExpertFormatWeights(t *testing.T) {
	cat := newArchCatalog()
	ex := 128.0 * 36 * 3 * 2880 * 2880
	rest := 116.83e9 - ex
	embed := 201088.0 * 2880 * 2
	for _, tc := range []struct {
		w    model.Workload
		prec model.Precision
		want float64
		line string
	}{
		{model.WorkloadInference, model.BF16, rest*2 + ex*4.25/8, "MXFP4"},
		{model.WorkloadInference, model.FP32, rest*4 + ex*4.25/8, "MXFP4"},
		{model.WorkloadInference, model.FP8, (rest-embed)*1 + embed*2 + ex*4.25/8, "MXFP4"},
		{model.WorkloadInference, model.INT4, (116.83e9-embed)*4.25/8 + embed*2, "GPTQ/AWQ"},
		{model.WorkloadLoRA, model.BF16, 116.83e9 * 2, "dequantized"},
	} {
		p := newPlan(cat, ptr(answers(tc.w, "gpt-oss-120b", tc.prec, 4096, 1)), langEN)
		testcheck.Within(t, string(tc.w)+" "+string(tc.prec)+" gpt-oss-120b base weights (bytes)", p.req.BytesPerParam*116.83e9, tc.want, 1e-9)
		if !hasLine(p.req.Assumptions, tc.line) {
			t.Errorf("%s %s: no assumption with %q: %q", tc.w, tc.prec, tc.line, p.req.Assumptions)
		}
	}
	p := newPlan(cat, ptr(answers(model.WorkloadInference, "gpt-oss-120b", model.BF16, 4096, 1)), langEN)
	activeEx := ex * 4 / 128
	want := (5.13e9-activeEx)*2 + activeEx*4.25/8
	testcheck.Within(t, "gpt-oss-120b bytes one token reads", p.activeWeightBytes, want, 1e-9)
	// A model without an expert format keeps the proportional share.
	q := newPlan(cat, ptr(answers(model.WorkloadInference, "qwen3-next-80b-a3b", model.BF16, 4096, 1)), langEN)
	testcheck.Within(t, "qwen3-next bytes one token reads", q.activeWeightBytes, q.weights*3/80, 1e-9)
}

// The assumptions say how each cache is held.
func TestNewArchAssumptions(t *testing.T) {
	cat := newArchCatalog()
	for preset, line := range map[string]string{
		"llama-4-scout":      "36 chunked-attention layers at most one chunk of 8192 tokens",
		"qwen3-next-80b-a3b": "12 full-attention layers hold the whole context; 36 linear-attention layers (Gated DeltaNet) keep a fixed recurrent state of 548864 values",
		"gpt-oss-120b":       "18 global layers hold the whole context, 18 sliding-window layers at most 128 tokens",
	} {
		req := Estimate(cat, answers(model.WorkloadInference, preset, model.BF16, 32768, 1))
		if !hasLine(req.Assumptions, line) {
			t.Errorf("%s: no assumption with %q: %q", preset, line, req.Assumptions)
		}
	}
}
