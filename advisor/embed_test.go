package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// Embedding throughput against a published figure.
//
// TEST (no constant was fitted to it): infinity's benchmark table
// (michaelfeil/infinity docs/docs/benchmarking.md, "Results: NVIDIA L4
// (BAAI/bge-large-en-v1.5 | bert-large)"): huggingface/TEI 0.6 (candle,
// flashbert, fp16) served 10 requests of 256 sentences and 115,000 tokens
// each in 18.491 s on one L4: 62,193 tokens/s at about 449 tokens per
// sentence. The estimate runs at the Ada family's prefill efficiency
// (efficiencyOf(g).prefill, not fitted to embeddings: prefillAssumed).
// The L4's 121 dense BF16 TFLOPS are a boost-clock figure its 72 W limit
// does not hold under load, so the estimate runs high: the tolerance is
// +60% / -35% and the ratio is logged.
const teiL4Source = "michaelfeil/infinity docs/docs/benchmarking.md (TEI 0.6 on 1x L4, bge-large-en-v1.5, 256 x 449 tokens per request, 18.491 s for 1.15M tokens)"

// bgeLarge is BAAI/bge-large-en-v1.5 from its config.json (BertModel:
// 24 layers, hidden 1024, intermediate 4096, 16 heads of 64, vocabulary
// 30522, 512 positions; 335M parameters, model card).
var bgeLarge = model.ModelPreset{
	Name: "bge-large-en-v1.5", HFID: "BAAI/bge-large-en-v1.5", Family: "bert", ParamsB: 0.335, ActiveB: 0.335,
	Layers: 24, Hidden: 1024, FFN: 4096, Heads: 16, KVHeads: 16, HeadDim: 64, Vocab: 30522, MaxContext: 512,
	Attention: "mha", TiedEmbedding: true, Kind: model.KindEmbedding, Source: "https://huggingface.co/BAAI/bge-large-en-v1.5/blob/main/config.json",
}

func embedAnswers(m string, ctx, users int) model.Answers {
	a := model.DefaultAnswers()
	a.Workload, a.Model, a.Context, a.Batch = model.WorkloadEmbed, m, ctx, users
	a.Latency = model.LatencyBatch
	a.Normalize()
	return a
}

// TestEmbedPublishedTEI holds the L4 estimate to TEI's measured
// throughput.
func TestEmbedPublishedTEI(t *testing.T) {
	cat := testCatalog()
	cat.Models = append(append([]model.ModelPreset(nil), cat.Models...), bgeLarge)
	a := embedAnswers("bge-large-en-v1.5", 449, 256)
	p := newPlan(cat, &a, langEN)
	if p.embed == nil {
		t.Fatal("bge-large-en-v1.5 with --workload embed was not planned as an embedding")
	}
	g := cat.GPUs["L4"]
	sp, _ := p.shapeSpeed(&g, 1, 1, 1, 1, 1, 1, model.Unknown)
	published := 1_150_000 / 18.491
	got := sp.ThroughputTokensSec
	testcheck.Figure(t, "TEST: bge-large-en-v1.5 on 1x L4 at 449 tokens, tokens/s", teiL4Source, got, published, 0.6)
	if got < 0.65*published {
		t.Errorf("%.0f tokens/s is more than 35%% under TEI's %.0f", got, published)
	}
	if r := sp.RequestsPerSec * 449; r < 0.99*got || r > 1.01*got {
		t.Errorf("requests/s %.1f x 449 tokens = %.0f, want the tokens/s %.0f", sp.RequestsPerSec, r, got)
	}
}

// TestEmbedMemoryNoKV: an embedding model's memory is its weights and one
// forward step's activations, whatever the concurrency: no KV cache grows
// with the users, as it does for generation.
func TestEmbedMemoryNoKV(t *testing.T) {
	cat := testCatalog()
	cat.Models = append(append([]model.ModelPreset(nil), cat.Models...), bgeLarge)
	one := embedAnswers("bge-large-en-v1.5", 512, 1)
	many := embedAnswers("bge-large-en-v1.5", 512, 4096)
	r1, rn := Estimate(cat, one), Estimate(cat, many)
	if rn.Breakdown.KVCacheGiB != 0 || r1.Breakdown.KVCacheGiB != 0 {
		t.Errorf("KV cache %.2f / %.2f GiB, want none", r1.Breakdown.KVCacheGiB, rn.Breakdown.KVCacheGiB)
	}
	// Weights 0.335B x 2 bytes = 0.62 GiB; a forward step holds at most
	// 8,192 tokens of activations (0.31 GiB at hidden 1024, MLP 4096).
	if rn.VRAMGiB > 2 || rn.VRAMGiB < r1.VRAMGiB {
		t.Errorf("4,096 users need %.2f GiB and one %.2f GiB: want at most 2 GiB and no less than one user", rn.VRAMGiB, r1.VRAMGiB)
	}
	gen := many
	gen.Workload = model.WorkloadInference
	gen.Model, gen.ParamsB = "", 0.335
	if rg := Estimate(cat, gen); rg.VRAMGiB < 10*rn.VRAMGiB {
		t.Errorf("as a decoder serving 4,096 users at 512 tokens it needs %.1f GiB, embedding %.1f: the KV cache is missing from one of them", rg.VRAMGiB, rn.VRAMGiB)
	}
}

// TestEmbedImpliedByPreset: serving an embedding preset under the
// inference workload is planned as embedding (no decode speed), and a job
// of N tokens lasts N / tokens per second.
func TestEmbedImpliedByPreset(t *testing.T) {
	cat := testCatalog()
	cat.Models = append(append([]model.ModelPreset(nil), cat.Models...), bgeLarge)
	a := embedAnswers("bge-large-en-v1.5", 512, 64)
	a.Workload = model.WorkloadInference
	a.DurationMode, a.JobTokens = model.DurationJob, 1e9
	p := newPlan(cat, &a, langEN)
	if p.embed == nil || p.req.Workload != model.WorkloadEmbed {
		t.Fatalf("an embedding preset served as inference: embed plan %v, workload %q", p.embed != nil, p.req.Workload)
	}
	g := cat.GPUs["L4"]
	sp, hours := p.shapeSpeed(&g, 1, 2, 1, 2, 1, 1, model.Unknown)
	if sp.DecodeTokensPerSec != 0 {
		t.Errorf("decode %.0f tok/s for an embedding model", sp.DecodeTokensPerSec)
	}
	if want := 1e9 / sp.ThroughputTokensSec / 3600; hours < 0.99*want || hours > 1.01*want {
		t.Errorf("job %.2f h, want tokens / throughput = %.2f h", hours, want)
	}
}

// TestEmbedRunsReplicas: an embedding model that fits one GPU runs one
// copy per GPU of a multi-GPU offer (tensor parallel 1), so it is not
// warned of a missing NVLink it does not use.
func TestEmbedRunsReplicas(t *testing.T) {
	cat := catWith(testOffer("cloudA", "l4x4", "L4", 4, 3.2))
	cat.Models = append(append([]model.ModelPreset(nil), cat.Models...), bgeLarge)
	a := embedAnswers("bge-large-en-v1.5", 512, 64)
	a.DurationMode, a.JobTokens = model.DurationJob, 1e9
	res := Recommend(cat, a, Options{})
	r := testcheck.At(t, res.Recommendations, 0, "recommendations %v", res.Notes)
	if r.GPUCount != 4 || r.TensorParallel != 1 {
		t.Errorf("%d GPUs at tensor parallel %d, want 4 replicas", r.GPUCount, r.TensorParallel)
	}
	for _, w := range r.Warnings {
		if w.Code == model.WarnNoNVLink {
			t.Errorf("replicas warned: %s", w.Message)
		}
	}
}
