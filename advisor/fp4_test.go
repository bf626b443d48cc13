package advisor

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// presetNamed is the test preset of a name.
func presetNamed(t *testing.T, name string) *model.ModelPreset {
	t.Helper()
	for i := range testPresets {
		if testPresets[i].Name == name {
			return &testPresets[i]
		}
	}
	t.Fatalf("no test preset %s", name)
	return nil
}

// fp4Weights is the weights of a preset at a precision for serving.
func fp4Weights(t *testing.T, name string, prec model.Precision) (got, params, embed float64) {
	t.Helper()
	ar := presetArch(presetNamed(t, name))
	params, embed = ar.paramsB*1e9, ar.embedParams()
	a := model.Answers{Workload: model.WorkloadInference, Precision: prec}
	e := estimator{p: &plan{ar: ar}, a: &a, l: langEN}
	return e.weightBytes(params), params, embed
}

// TestFP4WeightBytes: NVFP4 stores 4.5 bits a weight (an FP8 scale per 16),
// MXFP4 4.25 (an 8-bit scale per 32); the embedding and LM head stay in 16
// bits. Llama 3.1 70B at fp4 is about 70e9 × 4.5 / 8 bytes of weights.
func TestFP4WeightBytes(t *testing.T) {
	for _, tc := range []struct {
		prec model.Precision
		bits float64
	}{{model.FP4, 4.5}, {model.MXFP4, 4.25}} {
		got, params, embed := fp4Weights(t, "llama-3.1-70b", tc.prec)
		within(t, string(tc.prec)+" 70B weights", got, (params-embed)*tc.bits/8+embed*2, 1e-12)
		// The 16-bit embedding and head (2.1B parameters) add about 8%.
		within(t, string(tc.prec)+" 70B against 70e9 × bits / 8", got, 70e9*tc.bits/8, 0.12)
	}
}

// TestFP4PublishedSizes: the 4-bit weights against published NVFP4
// checkpoints (test figures, no constant fitted to them: the bits per
// weight come from the format definitions).
func TestFP4PublishedSizes(t *testing.T) {
	// nvidia/Llama-3.1-405B-Instruct-FP4 model card (Hugging Face): FP4
	// "reduc[es] the disk size and GPU memory requirements by approximately
	// 3.5x" against 16 bits. Tolerance 5% ("approximately").
	fp4, params, _ := fp4Weights(t, "llama-3.1-405b", model.FP4)
	within(t, "405B bf16 / fp4 weights", params*2/fp4, 3.5, 0.05)
	// JongYeop/Llama-3.1-70B-Instruct-NVFP4-W4A4 model card (llm-compressor
	// NVFP4, lm_head left in bf16): "Quantized Model: ~40GB". Tolerance 10%
	// (the card rounds, and does not say GB or GiB).
	fp4, _, _ = fp4Weights(t, "llama-3.1-70b", model.FP4)
	within(t, "70B NVFP4 checkpoint GB", fp4/1e9, 40, 0.10)
}

// TestFP4Support: Blackwell has FP4 tensor cores (timed at its FP8 peak,
// the worse case); Hopper runs FP4 weight-only at the 16-bit peak; AMD
// CDNA 3 runs MXFP4 emulated and has no NVFP4 kernel.
func TestFP4Support(t *testing.T) {
	gpu := func(name string) *model.GPU {
		for i := range testGPUs {
			if testGPUs[i].Name == name {
				return &testGPUs[i]
			}
		}
		t.Fatalf("no test GPU %s", name)
		return nil
	}
	for _, tc := range []struct {
		gpu          string
		prec         model.Precision
		native, kern bool
		peak         func(g *model.GPU) float64
	}{
		{"B200 (HGX, 1000 W)", model.FP4, true, true, func(g *model.GPU) float64 { return g.FP8TFLOPS }},
		{"B200 (HGX, 1000 W)", model.MXFP4, true, true, func(g *model.GPU) float64 { return g.FP8TFLOPS }},
		{"H100 SXM5", model.FP4, false, true, func(g *model.GPU) float64 { return g.BF16TFLOPS }},
		{"H100 SXM5", model.MXFP4, false, true, func(g *model.GPU) float64 { return g.BF16TFLOPS }},
		{"Instinct MI300X", model.MXFP4, false, true, func(g *model.GPU) float64 { return g.BF16TFLOPS }},
		{"Instinct MI300X", model.FP4, false, false, func(g *model.GPU) float64 { return g.BF16TFLOPS }},
	} {
		g := gpu(tc.gpu)
		a := model.Answers{Precision: tc.prec}
		if fp4Native(g) != tc.native || fp4Fallback(&a, g) == tc.native || fp4Kernel(tc.prec, g) != tc.kern {
			t.Errorf("%s %s: native %v fallback %v kernel %v; want native %v kernel %v", tc.gpu, tc.prec,
				fp4Native(g), fp4Fallback(&a, g), fp4Kernel(tc.prec, g), tc.native, tc.kern)
		}
		within(t, tc.gpu+" "+string(tc.prec)+" peak", peakFLOPS(g, tc.prec, false), tc.peak(g)*1e12, 1e-12)
	}
}

// TestFP4Picks: serving Llama 3.1 70B at fp4, a Blackwell pick runs it
// natively (no shortfall), a Hopper pick weight-only (a shortfall, and the
// assumption says how FP4 is timed), and an AMD GPU without an NVFP4 kernel
// is left out with a note; MXFP4 runs there, weight-only.
func TestFP4Picks(t *testing.T) {
	cat := catWith(testOffer("cloudA", "b200", "B200 (HGX, 1000 W)", 1, 6),
		testOffer("cloudA", "h100", "H100 SXM5", 1, 3),
		testOffer("cloudA", "mi300x", "Instinct MI300X", 1, 3))
	for _, prec := range []model.Precision{model.FP4, model.MXFP4} {
		a := answers(model.WorkloadInference, "llama-3.1-70b", prec, 8192, 1)
		a.Latency = model.LatencyBatch // the AMD pick is otherwise judged on speed
		res := Recommend(cat, a, Options{Top: 5})
		b, h, m := pick(res, "b200"), pick(res, "h100"), pick(res, "mi300x")
		if b == nil || h == nil {
			t.Fatalf("%s: b200 %v h100 %v listed: %v", prec, b != nil, h != nil, instances(res))
		}
		if slices.Contains(b.Shortfalls, model.ShortFP4WeightOnly) || !slices.Contains(h.Shortfalls, model.ShortFP4WeightOnly) {
			t.Errorf("%s: shortfalls b200 %v h100 %v; want weight-only on the H100 only", prec, b.Shortfalls, h.Shortfalls)
		}
		if !slices.Contains(res.Requirement.Assumptions, langEN.f(kAsmFP4Peak)) {
			t.Errorf("%s: assumptions %q lack how FP4 is timed", prec, res.Requirement.Assumptions)
		}
		left := slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "no "+string(prec)+" kernel") })
		switch prec {
		case model.FP4:
			if m != nil || !left {
				t.Errorf("fp4 on MI300X: listed %v, note %v in %q; want left out with a note", m != nil, left, res.Notes)
			}
		case model.MXFP4:
			if m == nil || !slices.Contains(m.Shortfalls, model.ShortFP4WeightOnly) || left {
				t.Errorf("mxfp4 on MI300X: %+v, note %v; want listed, weight-only", m, left)
			}
		}
	}
}
