package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// First-token latency against published figures: TensorRT-LLM v0.9's
// perf-overview, "Low Latency" (NVIDIA/TensorRT-LLM
// docs/source/performance/perf-overview.md as of v0.9: batch 1, one GPU,
// FP8 on H100 and L40S, FP16 on A100), the 2,048-token rows: long enough
// that the prefill's compute, not the engine's fixed cost, sets the time.
//
// Calibration set: LLaMA 7B on one A100, to which the A100's prefill share
// was fitted (efficiency.go, a100Prefill). Test set: every other row. The
// Hopper and the "other GPUs" rows (the L40S) take the assumed prefill
// share (prefillAssumed), fitted to none of them.
const trtV09LowLatency = "TensorRT-LLM v0.9 perf-overview, Low Latency (batch 1, 2,048 input tokens)"

// mistral7B is Mistral 7B v0.1 from its config.json (32 layers, hidden
// 4096, intermediate 14336, 32 heads and 8 KV heads of 128, vocabulary
// 32000, untied embeddings): 7.24B parameters counted from those shapes.
var mistral7B = model.ModelPreset{
	Name: "mistral-7b-v0.1", HFID: "mistralai/Mistral-7B-v0.1", Family: "mistral", ParamsB: 7.24, ActiveB: 7.24,
	Layers: 32, Hidden: 4096, FFN: 14336, Heads: 32, KVHeads: 8, HeadDim: 128, Vocab: 32000, MaxContext: 32768,
	Attention: "gqa", Source: "https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json",
}

// gpuL40S is the L40S from gpu_specs.csv (the test catalog lacks it): 48
// GB at 864 GB/s, 362.05 dense BF16 and 733 dense FP8 TFLOPS, PCIe.
var gpuL40S = model.GPU{Name: "L40S", Architecture: "Ada Lovelace", ReleaseYear: 2023, VRAMGiB: 48, MemBandwidthGBs: 864, FP32TFLOPS: 91.6, BF16TFLOPS: 362.05, FP8TFLOPS: 733, FP8: model.Yes, BF16: model.Yes, FormFactor: "PCIe card", Source: "gpu_specs.csv"}

// firstTokenMS is gpupick's first-token time of a 2,048-token prompt at
// one user on one GPU, in milliseconds.
func firstTokenMS(t *testing.T, preset, gpu string, prec model.Precision) float64 {
	t.Helper()
	withGPU := func(cat *model.Catalog) *model.Catalog {
		cat.GPUs[gpuL40S.Name] = gpuL40S
		cat.Models = append(append([]model.ModelPreset(nil), cat.Models...), mistral7B)
		return cat
	}
	o := testOffer("cloudA", "node", gpu, 1, 10)
	o.VRAMGiB = withGPU(speedCatalog()).GPUs[gpu].VRAMGiB
	a := answers(model.WorkloadInference, preset, prec, 4096, 1)
	a.PromptTokens, a.Latency = 2048, model.LatencyBatch
	a.Normalize()
	res := Recommend(withGPU(speedCatalog(o)), a, Options{})
	if len(res.Recommendations) == 0 {
		t.Fatalf("%s on %s: nothing fits; %v", preset, gpu, res.Notes)
	}
	r := res.Recommendations[0]
	if r.Speed.PromptTokens != 2048 || r.Speed.TimeToFirstTokenSec <= 0 {
		t.Fatalf("%s on %s: first token %v s over %d tokens", preset, gpu, r.Speed.TimeToFirstTokenSec, r.Speed.PromptTokens)
	}
	return r.Speed.TimeToFirstTokenSec * 1000
}

func TestPublishedFirstToken(t *testing.T) {
	for _, tc := range []struct {
		what, preset, gpu string
		prec              model.Precision
		ms, tol           float64
	}{
		{"CALIBRATION: LLaMA 7B FP16 on one A100", "llama-2-7b", "A100-80GB SXM4", model.FP16, 132.4, 0.02},
		{"TEST: Mistral 7B FP16 on one A100", "mistral-7b-v0.1", "A100-80GB SXM4", model.FP16, 139.6, 0.35},
		{"TEST: LLaMA 7B FP8 on one H100", "llama-2-7b", "H100 SXM5", model.FP8, 30.8, 0.35},
		{"TEST: Mistral 7B FP8 on one H100", "mistral-7b-v0.1", "H100 SXM5", model.FP8, 32.4, 0.35},
		{"TEST: LLaMA 7B FP8 on one L40S", "llama-2-7b", "L40S", model.FP8, 80.1, 0.35},
		{"TEST: Mistral 7B FP8 on one L40S", "mistral-7b-v0.1", "L40S", model.FP8, 87.3, 0.35},
	} {
		testcheck.Figure(t, tc.what+", first token over 2,048 tokens (ms)", trtV09LowLatency, firstTokenMS(t, tc.preset, tc.gpu, tc.prec), tc.ms, tc.tol)
	}
}
