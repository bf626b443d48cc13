package advisor

import (
	"math"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// Tests against published figures. Each names its source and the
// tolerance it accepts, and why.

// catWith returns the test catalog (GPUs, policies, presets, FX) with only
// the given offers.
func catWith(offers ...model.Offer) *model.Catalog {
	cat := testCatalog()
	cat.Offers = offers
	return cat
}

// answers returns normalised answers for a preset and workload.
func answers(workload model.Workload, preset string, prec model.Precision, ctx, batch int) model.Answers {
	a := model.DefaultAnswers()
	a.Workload, a.Model, a.Precision, a.Context, a.Batch = workload, preset, prec, ctx, batch
	if workload.Training() {
		a.Latency = model.LatencyBatch
	}
	a.Normalize()
	return a
}

func within(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol*math.Abs(want) {
		t.Errorf("%s = %.4g, want %.4g within %.0f%%", what, got, want, tol*100)
	}
}

// Source: Hugging Face Transformers docs, "Model training anatomy"
// (docs/source/en/model_memory_anatomy.md): "A typical model trained in
// mixed precision with AdamW requires 18 bytes per model parameter plus
// activation memory" — weights 6 (fp16 + fp32 copy), gradients 4,
// optimizer states 8; fp32 training keeps 4 bytes of weights. Tolerance:
// exact (1e-9), the advisor uses these figures as its accounting.
func TestPublishedHFAnatomyBytesPerParam(t *testing.T) {
	cat := testCatalog()
	for _, tc := range []struct {
		prec                  model.Precision
		weights, grads, optim float64
	}{
		{model.BF16, 6, 4, 8},
		{model.FP16, 6, 4, 8},
		{model.FP32, 4, 4, 8},
	} {
		req := Estimate(cat, answers(model.WorkloadFineTune, "llama-3.1-8b", tc.prec, 2048, 1))
		params := req.ParamsB * 1e9 / gib
		b := req.Breakdown
		within(t, string(tc.prec)+" weights bytes/param", b.WeightsGiB/params, tc.weights, 1e-9)
		within(t, string(tc.prec)+" gradient bytes/param", b.GradientsGiB/params, tc.grads, 1e-9)
		within(t, string(tc.prec)+" optimizer bytes/param", b.OptimizerGiB/params, tc.optim, 1e-9)
		if b.ActivationsGiB <= 0 || b.OverheadGiB <= 0 {
			t.Errorf("%s: activations %.2f and overhead %.2f GiB should both be counted", tc.prec, b.ActivationsGiB, b.OverheadGiB)
		}
		if math.Abs(req.VRAMGiB-b.Total()) > 1e-9 {
			t.Errorf("VRAMGiB %.3f != breakdown total %.3f", req.VRAMGiB, b.Total())
		}
	}
}

// Source: NVIDIA Technical Blog, "Mastering LLM Techniques: Inference
// Optimization" (2023): KV cache = batch x sequence x 2 x layers x hidden x
// 2 bytes; "for a Llama 2 7B model ... batch size of 1 ... 4096 tokens ...
// ~2 GB". Tolerance: exact (it is the same formula: 2 GiB).
func TestPublishedKVCacheLlama2_7B(t *testing.T) {
	req := Estimate(testCatalog(), answers(model.WorkloadInference, "llama-2-7b", model.BF16, 4096, 1))
	within(t, "Llama 2 7B KV cache GiB", req.Breakdown.KVCacheGiB, 2.0, 1e-12)
}

// Source: Zhao et al., "Insights into DeepSeek-V3: Scaling Challenges and
// Reflections on Hardware for AI Architectures" (ISCA 2025, arXiv
// 2505.09343), Table 1, KV cache per token in BF16: DeepSeek-V3 (MLA)
// 70.272 KB, Qwen-2.5 72B (GQA) 327.680 KB, LLaMA-3.1 405B (GQA)
// 516.096 KB. Tolerance: exact bytes (1e-12): GQA must use KV heads, and
// MLA the 512 + 64 latent values per layer.
func TestPublishedKVPerTokenDeepSeekTable(t *testing.T) {
	cat := testCatalog()
	for _, tc := range []struct {
		preset string
		bytes  float64
	}{
		{"deepseek-v3", 70272},
		{"qwen2.5-72b", 327680},
		{"llama-3.1-405b", 516096},
	} {
		req := Estimate(cat, answers(model.WorkloadInference, tc.preset, model.BF16, 1, 1))
		within(t, tc.preset+" KV bytes per token", req.KVBytesPerToken, tc.bytes, 1e-12)
	}
}

// Source: Meta, "Introducing Llama 3.1" (2024-07-23) and the Llama 3.1
// model card: "we quantized our models from 16-bit (BF16) to 8-bit (FP8)
// numerics ... allowing the model to run within a single server node" (8 x
// H100 80GB). Checked at an 8k context, one stream (Meta states no
// context). Tolerance: none needed, it is a yes/no claim; the converse
// (BF16 does not fit one node: 810 GB of weights > 640 GB) is checked too.
func TestPublishedLlama405BFP8OneH100Node(t *testing.T) {
	cat := catWith(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32))
	a := answers(model.WorkloadInference, "llama-3.1-405b", model.FP8, 8192, 1)
	a.Latency = model.LatencyBatch
	res := Recommend(cat, a, Options{})
	if len(res.Recommendations) != 1 {
		t.Fatalf("want the 8 x H100 offer, got %d recommendations; notes %v", len(res.Recommendations), res.Notes)
	}
	if r := res.Recommendations[0]; r.Nodes != 1 || r.NeedPerGPUGiB > 80 {
		t.Errorf("FP8 405B: %d node(s), %.1f GiB per GPU; Meta: one 8 x H100 node", r.Nodes, r.NeedPerGPUGiB)
	}
	a.Precision = model.BF16
	res = Recommend(cat, a, Options{})
	if len(res.Recommendations) != 1 || res.Recommendations[0].Nodes < 2 {
		t.Errorf("BF16 405B should need more than one 8 x H100 node: %+v", res.Recommendations)
	}
}

// llama65B is LLaMA-65B: 65.2B parameters, 80 layers, dimension 8192, 64
// heads (Touvron et al. 2023, LLaMA paper Table 2), FFN 22016 and a
// 32000-token vocabulary (its Hugging Face config).
var llama65B = model.ModelPreset{Name: "llama-65b", Family: "llama", ParamsB: 65.2, ActiveB: 65.2, Layers: 80, Hidden: 8192, FFN: 22016, Heads: 64, KVHeads: 64, HeadDim: 128, Vocab: 32000, Attention: "mha", Source: "LLaMA paper Table 2"}

// Source: Dettmers et al., "QLoRA: Efficient Finetuning of Quantized LLMs"
// (arXiv 2305.14314), abstract: QLoRA "reduces memory usage enough to
// finetune a 65B parameter model on a single 48GB GPU", "from >780GB" for
// 16-bit finetuning. Settings of the paper's Guanaco 65B script
// (artidoro/qlora scripts/finetune_guanaco_65b.sh): NF4 with double
// quantisation, LoRA r=64 on all linear layers, gradient checkpointing;
// sequence 512, batch 1 (the paper's memory figure). Tolerance: the
// estimate must fit 48 GiB and exceed the 4-bit weights alone (a claim, so
// bounds); full 16-bit finetuning must exceed 780 GB.
func TestPublishedQLoRA65BOn48GB(t *testing.T) {
	cat := catWith(testOffer("cloudB", "a6000x1", "RTX A6000", 1, 0.8))
	cat.Models = append(cat.Models, llama65B)
	a := answers(model.WorkloadQLoRA, "llama-65b", model.BF16, 512, 1)
	a.GradCheckpointing = true
	req := Estimate(cat, a)
	nf4 := 65.2e9 * 4.127 / 8 / gib
	if req.VRAMGiB > 48 || req.VRAMGiB < nf4 {
		t.Errorf("QLoRA 65B needs %.1f GiB; want between the NF4 weights (%.1f) and 48 GiB", req.VRAMGiB, nf4)
	}
	res := Recommend(cat, a, Options{})
	if len(res.Recommendations) != 1 || res.Recommendations[0].Nodes != 1 || res.Recommendations[0].GPUsUsed != 1 {
		t.Errorf("QLoRA 65B should run on one 48 GB RTX A6000: %+v notes %v", res.Recommendations, res.Notes)
	}
	full := Estimate(cat, answers(model.WorkloadFineTune, "llama-65b", model.BF16, 512, 1))
	if full.VRAMGiB*gib/1e9 <= 780 {
		t.Errorf("16-bit finetuning of 65B estimated at %.0f GB; the QLoRA paper says more than 780 GB", full.VRAMGiB*gib/1e9)
	}
}

// Source: Hugging Face blog, "Spread Your Wings: Falcon 180B is here"
// (2023-09-06), hardware table: inference BF16 640GB on 8x A100 80GB;
// GPTQ/int4 320GB on 8x A100 40GB; full fine-tuning 5120GB on 8x 8x A100
// 80GB; LoRA with ZeRO-3 1280GB on 2x 8x A100 80GB; QLoRA 160GB on 2x A100
// 80GB ("not the minimum numbers, but the minimum numbers for the
// configurations we had access to"). Context 2048 (Falcon's maximum), one
// sequence per GPU, gradient checkpointing on for training (the blog does
// not say; without it the activations of 2048 tokens alone exceed 80 GB
// per GPU). Tolerance: each workload must fit the listed hardware (the
// table gives configurations, not minima); BF16 inference must not fit
// half of it (360 GB of weights exceed 4 x 80 GB).
func TestPublishedFalcon180BHardwareTable(t *testing.T) {
	a100x8 := testOffer("cloudA", "a100-80x8", "A100-80GB SXM4", 8, 40.96)
	a100x8.RDMA = model.Yes
	a100x4 := testOffer("cloudA", "a100-80x4", "A100-80GB SXM4", 4, 20.48)
	a100x2 := testOffer("cloudA", "a100-80x2", "A100-80GB SXM4", 2, 10.24)
	a40x8 := testOffer("cloudA", "a100-40x8", "A100-40GB SXM4", 8, 32.77)
	for _, tc := range []struct {
		name     string
		workload model.Workload
		prec     model.Precision
		offer    model.Offer
		maxNodes int
	}{
		{"inference bf16", model.WorkloadInference, model.BF16, a100x8, 1},
		{"inference int4", model.WorkloadInference, model.INT4, a40x8, 1},
		{"full fine-tuning", model.WorkloadFineTune, model.BF16, a100x8, 8},
		{"LoRA ZeRO-3", model.WorkloadLoRA, model.BF16, a100x8, 2},
		{"QLoRA", model.WorkloadQLoRA, model.BF16, a100x2, 1},
	} {
		a := answers(tc.workload, "falcon-180b", tc.prec, 2048, 1)
		a.GradCheckpointing = tc.workload.Training()
		a.Latency = model.LatencyBatch
		res := Recommend(catWith(tc.offer), a, Options{})
		if len(res.Recommendations) == 0 {
			t.Errorf("%s: does not fit %s; notes %v", tc.name, tc.offer.InstanceType, res.Notes)
			continue
		}
		if r := res.Recommendations[0]; r.Nodes > tc.maxNodes {
			t.Errorf("%s: needs %d nodes of %s, the blog ran it on %d", tc.name, r.Nodes, tc.offer.InstanceType, tc.maxNodes)
		}
	}
	a := answers(model.WorkloadInference, "falcon-180b", model.BF16, 2048, 1)
	a.Latency = model.LatencyBatch
	res := Recommend(catWith(a100x4), a, Options{})
	if len(res.Recommendations) == 0 || res.Recommendations[0].Nodes < 2 {
		t.Errorf("BF16 Falcon 180B must not fit one 4 x A100 80GB node: %+v", res.Recommendations)
	}
}

// Source: pytorch-labs/gpt-fast README, benchmarks on A100-80GB (power
// limited to 330 W), batch size 1, 5-token prompts: Llama-2-7B base 104.9
// tokens/s; Llama-2-70B on 8 GPUs with tensor parallelism 62.50 tokens/s.
// The estimate is the bandwidth roofline at 70% of the 2039 GB/s peak plus
// the tensor-parallel all-reduces over NVSwitch (link.go, nothing fitted to
// this README). Tolerance 15%: nominal parameter counts (7B, 70B) and a
// power-limited GPU.
func TestPublishedDecodeGPTFast(t *testing.T) {
	cat := catWith(testOffer("cloudA", "a100-80x1", "A100-80GB SXM4", 1, 5), testOffer("cloudA", "a100-80x8", "A100-80GB SXM4", 8, 40))
	for _, tc := range []struct {
		preset string
		gpus   int
		want   float64
	}{
		{"llama-2-7b", 1, 104.9},
		{"llama-2-70b", 8, 62.50},
	} {
		a := answers(model.WorkloadInference, tc.preset, model.BF16, 256, 1)
		a.Latency, a.GPUs = model.LatencyBatch, tc.gpus
		res := Recommend(cat, a, Options{})
		if len(res.Recommendations) == 0 {
			t.Fatalf("%s: no recommendation; %v", tc.preset, res.Notes)
		}
		r := res.Recommendations[0]
		if r.TensorParallel != tc.gpus {
			t.Errorf("%s: tensor parallel %d, want %d", tc.preset, r.TensorParallel, tc.gpus)
		}
		within(t, tc.preset+" decode tokens/s", r.Speed.DecodeTokensPerSec, tc.want, 0.15)
	}
}

// Source: Llama 3.1 model card (meta-llama/llama-models,
// models/llama3_1/MODEL_CARD.md): Llama 3.1 405B took 30.84M GPU hours on
// H100-80GB, pretrained on ~15 trillion tokens; "The Llama 3 Herd of
// Models" (arXiv 2407.21783) Table 4 reports 38-43% BF16 MFU. Estimate: 6
// x 405B x 15T FLOPs at 40% of the H100 SXM's 989.5 dense BF16 TFLOPS.
// Tolerance 25%: the card's hours include restarts, evaluation and the
// long-context and annealing stages the 6ND estimate leaves out.
func TestPublishedLlama405BTrainingGPUHours(t *testing.T) {
	cat := testCatalog()
	a := answers(model.WorkloadPretrain, "llama-3.1-405b", model.BF16, 8192, 1)
	a.DurationMode, a.JobTokens = model.DurationJob, 15e12
	a.GradCheckpointing = false // Meta's MFU counts model FLOPs (6ND), no full recomputation
	a.Normalize()
	p := newPlan(cat, &a, langEN)
	h100 := cat.GPUs["H100 SXM5"]
	sp, jobH := p.shapeSpeed(&h100, 1, 8, 1, 1, 2048, 1, model.Yes)
	gpuHours := jobH * 8 * 2048
	within(t, "Llama 3.1 405B pretraining GPU hours", gpuHours, 30.84e6, 0.25)
	if sp.Utilisation < 0.38 || sp.Utilisation > 0.43 {
		t.Errorf("assumed MFU %.2f outside the Llama 3 paper's 38-43%%", sp.Utilisation)
	}
	within(t, "training FLOPs", p.flopsPerToken*a.JobTokens, 6*405e9*15e12, 1e-12)
}
