package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// DeepSeek-V3 decode at small batch on one 8 x H200 node, as vLLM runs it,
// against the published figures of current engines.
//
// Calibration set (mlaLayerUS, link.go): SemiAnalysis InferenceX issue
// #870 (DeepSeek-R1-0528 FP8, SGLang v0.5.7, TP8, 1k/1k): TPOT 25.6 ms at
// concurrency 32 and 34.6 ms at 64 (rows of TestPublishedDeepSeekV3PerUser).
//
// Test set (figures named in issue 22, none used in the fit):
//   - the same sweep at concurrency 8: TPOT 12.8 ms, 78.1 tokens/s per user;
//     one stream is at least as fast (TestPublishedDeepSeekV3PerUser holds
//     concurrency 8 to ±25%; here the single stream is held to the band);
//   - single stream without speculative decoding between 40 and 130 tokens/s:
//     SGLang v0.4.1.post2 30.29 at batch 1 (sgl-project/sglang PR #2643, an
//     older engine: a lower bound), SGLang v0.5.7 78.1 per user at
//     concurrency 8 (InferenceX #870), TensorRT-LLM 158 with MTP 3 (below);
//   - MTP gain at batch 1: SGLang's DeepSeek docs, "the decoding speed can be
//     improved by 1.8x for batch size 1 and 1.5x for batch size 32
//     respectively on H200 TP8 setting" (docs/basic_usage/deepseek.md,
//     Multi-token Prediction; SGLang drafts 3 steps, vLLM's modelled
//     default drafts 1); tolerance 35%;
//   - with MTP, TensorRT-LLM "H200 min-latency": batch 1, ISL 1K, OSL 2K,
//     TP8 EP4, MTP with 3 next-n layers, 158.12 tokens/s per user
//     (NVIDIA/TensorRT-LLM docs/source/blogs/Best_perf_practice_on_DeepSeek-R1_in_TensorRT-LLM.md);
//     tolerance 35% (the reference is a tuned engine with three drafts).
func TestPublishedDeepSeekV3SingleStream(t *testing.T) {
	off := mtpDecode(t, "deepseek-v3", model.SpecNone, 1536, 1)
	on := mtpDecode(t, "deepseek-v3", model.SpecMTP, 1536, 1)
	got := off.Speed.DecodeTokensPerSec
	t.Logf("FIGURE | DeepSeek-V3 FP8 8 x H200 single stream, no MTP (tokens/s) | band 40-130: SGLang v0.4.1 PR #2643 30.29; InferenceX #870 78.1 at concurrency 8; TensorRT-LLM 158 with MTP 3 | 40-130 | %.1f | in band: %v", got, got >= 40 && got <= 130)
	if got < 40 || got > 130 {
		t.Errorf("DeepSeek-V3 single stream on 8 x H200 = %.1f tokens/s, outside the published band 40-130", got)
	}
	testcheck.Figure(t, "DeepSeek-V3 FP8 8 x H200 single stream, no MTP, against SGLang v0.5.7's per-user speed at concurrency 8 (tokens/s)", "SemiAnalysisAI/InferenceX issue #870", got, 1000/12.8, 0.35)
	testcheck.Figure(t, "DeepSeek-V3 FP8 8 x H200 MTP gain at batch 1", "sgl-project/sglang docs/basic_usage/deepseek.md (1.8x, H200 TP8)", on.Speed.DecodeTokensPerSec/got, 1.8, 0.35)
	testcheck.Figure(t, "DeepSeek-R1 FP8 8 x H200 single stream with MTP (tokens/s)", "NVIDIA/TensorRT-LLM Best_perf_practice_on_DeepSeek-R1 H200 min-latency", on.Speed.DecodeTokensPerSec, 158.12, 0.35)
	if !hasAssumption(resultOf(t, "deepseek-v3", model.SpecMTP, 1536, 1), "speculative decoding with MTP") {
		t.Error("the assumptions do not say MTP is modelled")
	}
}

// MTP is an explicit answer: off by default, a no-op with a note for a
// preset without MTP layers and for a batch job, and its layer's weights
// are loaded when it runs.
func TestMTPAnswer(t *testing.T) {
	def := mtpDecode(t, "deepseek-v3", "", 1536, 1)
	off := mtpDecode(t, "deepseek-v3", model.SpecNone, 1536, 1)
	on := mtpDecode(t, "deepseek-v3", model.SpecMTP, 1536, 1)
	if def.Speed.DecodeTokensPerSec != off.Speed.DecodeTokensPerSec {
		t.Errorf("the default decodes at %.1f, none at %.1f: MTP must be off by default", def.Speed.DecodeTokensPerSec, off.Speed.DecodeTokensPerSec)
	}
	if on.Speed.DecodeTokensPerSec <= off.Speed.DecodeTokensPerSec*1.2 {
		t.Errorf("MTP decodes %.1f against %.1f without", on.Speed.DecodeTokensPerSec, off.Speed.DecodeTokensPerSec)
	}
	wOff := resultOf(t, "deepseek-v3", model.SpecNone, 1536, 1).Requirement.Breakdown.WeightsGiB
	wOn := resultOf(t, "deepseek-v3", model.SpecMTP, 1536, 1).Requirement.Breakdown.WeightsGiB
	// DeepSeek-V3 README: 671B main model and 14B MTP module (11.5B unique).
	if extra := (wOn - wOff) * gib / 1e9; extra < 9 || extra > 15 {
		t.Errorf("MTP adds %.1f GB of weights; the MTP module holds 11.5-14B FP8 parameters", extra)
	}
	plain := mtpDecode(t, "mixtral-8x7b", model.SpecMTP, 1024, 1)
	base := mtpDecode(t, "mixtral-8x7b", model.SpecNone, 1024, 1)
	if plain.Speed.DecodeTokensPerSec != base.Speed.DecodeTokensPerSec {
		t.Errorf("Mixtral ships no MTP layers, yet MTP changes its decode: %.1f vs %.1f", plain.Speed.DecodeTokensPerSec, base.Speed.DecodeTokensPerSec)
	}
	if !hasAssumption(resultOf(t, "mixtral-8x7b", model.SpecMTP, 1024, 1), "ships no MTP layers") {
		t.Error("asking MTP of a preset without MTP layers says nothing")
	}
	// Batch 32 gains less than batch 1 (SGLang: 1.5x against 1.8x): the
	// verification step reads more experts.
	g1 := on.Speed.DecodeTokensPerSec / off.Speed.DecodeTokensPerSec
	g32 := mtpDecode(t, "deepseek-v3", model.SpecMTP, 1536, 32).Speed.DecodeTokensPerSec / mtpDecode(t, "deepseek-v3", model.SpecNone, 1536, 32).Speed.DecodeTokensPerSec
	if g32 >= g1 || g32 < 1 {
		t.Errorf("MTP gain at batch 32 %.2f, at batch 1 %.2f: a larger batch gains less, and still gains", g32, g1)
	}
}

// resultOf is the recommendation of DeepSeek-V3-class serving on one
// 8 x H200 node with speculative decoding spec.
func resultOf(t *testing.T, preset string, spec model.Speculative, ctx, batch int) model.Result {
	t.Helper()
	o := testOffer("cloudA", "node", "H200 SXM", 8, 10)
	if g, ok := speedCatalog().GPUs["H200 SXM"]; ok {
		o.VRAMGiB = g.VRAMGiB
	}
	o.Interconnect = model.InterconnectNVSwitch
	prec := model.FP8
	if preset == "mixtral-8x7b" {
		prec = model.BF16
	}
	a := answers(model.WorkloadInference, preset, prec, ctx, batch)
	a.Latency, a.GPUs, a.Speculative = model.LatencyInteractive, 8, spec
	res := Recommend(speedCatalog(o), a, Options{})
	if len(res.Recommendations) == 0 {
		t.Fatalf("%s on 8 x H200: nothing fits; %v", preset, res.Notes)
	}
	return res
}

// mtpDecode is resultOf's top recommendation.
func mtpDecode(t *testing.T, preset string, spec model.Speculative, ctx, batch int) model.Recommendation {
	t.Helper()
	return resultOf(t, preset, spec, ctx, batch).Recommendations[0]
}
