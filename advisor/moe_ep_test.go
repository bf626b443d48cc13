package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// epRow is a published throughput figure of a MoE model served with
// expert parallelism and data-parallel attention: the model, GPU,
// precision and KV cache, the lengths and the concurrency, the output
// tokens per second published and the tolerance.
type epRow struct {
	what, source      string
	preset, gpu       string
	prec              model.Precision
	kv                model.KVCache
	isl, osl, users   int
	published, tol    float64
	calibration       bool
	vllmLow, vllmHigh float64
}

// The source of every row: NVIDIA/TensorRT-LLM
// docs/source/blogs/Best_perf_practice_on_DeepSeek-R1_in_TensorRT-LLM.md
// (trtllm-bench, synthetic 1K/2K, attention DP with TP8 EP8). TensorRT-LLM
// is the upper reference of the engine modelled, vLLM, as for the dense
// batch rows (TestBatchVLLMUnderTRTLLM): the estimate is held within
// 0.65-1.1 of it and ±35%.
//
// Calibration set (epSyncLoss): "H200 max-throughput", DeepSeek-R1 FP8 on
// 8 x H200, concurrency 1024, Total Output Throughput 11,489.27 tokens/s.
//
// Test set (not used in the fit; different GPU family, precision and
// concurrency):
//   - "B200 max-throughput for R1 with FP16 KV cache", DeepSeek-R1-FP4
//     (NVFP4) on 8 x B200, concurrency 3072, 36,384.08 tokens/s;
//   - "B200 max-throughput for R1-0528 with FP8 KV cache", DeepSeek-R1-0528
//     FP4 on 8 x B200, concurrency 7168, 43,146.20 tokens/s.
//
// The B200 rows are laid out as vLLM would: the FP4 model fits four B200s
// with expert parallelism, so the node runs two expert-parallel replicas
// of four (TensorRT-LLM ran one of eight).
var epRows = []epRow{
	{what: "DeepSeek-R1 FP8 8 x H200 EP8 + DP attention, 1K/2K at concurrency 1024 (output tokens/s)", source: "NVIDIA/TensorRT-LLM Best_perf_practice_on_DeepSeek-R1 H200 max-throughput",
		preset: "deepseek-v3", gpu: "H200 SXM", prec: model.FP8, isl: 1024, osl: 2048, users: 1024, published: 11489.27, tol: 0.35, calibration: true, vllmLow: 0.65, vllmHigh: 1.1},
	{what: "DeepSeek-R1 FP4 8 x B200 EP + DP attention, BF16 KV, 1K/2K at concurrency 3072 (output tokens/s)", source: "NVIDIA/TensorRT-LLM Best_perf_practice_on_DeepSeek-R1 B200 max-throughput, FP16 KV cache",
		preset: "deepseek-v3", gpu: "B200 (HGX, 1000 W)", prec: model.FP4, isl: 1024, osl: 2048, users: 3072, published: 36384.08, tol: 0.35, vllmLow: 0.65, vllmHigh: 1.1},
	{what: "DeepSeek-R1-0528 FP4 8 x B200 EP + DP attention, FP8 KV, 1K/2K at concurrency 7168 (output tokens/s)", source: "NVIDIA/TensorRT-LLM Best_perf_practice_on_DeepSeek-R1 B200 max-throughput, FP8 KV cache",
		preset: "deepseek-v3", gpu: "B200 (HGX, 1000 W)", prec: model.FP4, kv: model.KVCacheFP8, isl: 1024, osl: 2048, users: 7168, published: 43146.20, tol: 0.35, vllmLow: 0.65, vllmHigh: 1.1},
}

// epJob is the recommendation for a row's batch job on one node of
// eight of its GPUs.
func epJob(t *testing.T, r epRow) model.Recommendation {
	t.Helper()
	a := batchJobAnswers(r.preset, r.prec, r.isl, r.osl, r.users)
	a.KVCache = r.kv
	return batchOn(t, a, r.gpu, 8)
}

// TestPublishedExpertParallelThroughput holds the batch throughput of
// DeepSeek-V3-class models under expert parallelism to the published
// figures, calibration and test rows apart.
func TestPublishedExpertParallelThroughput(t *testing.T) {
	for _, r := range epRows {
		rec := epJob(t, r)
		if rec.ExpertParallel <= 1 || !rec.DataParallelAttention {
			t.Errorf("%s: laid out EP %d, data-parallel attention %v", r.what, rec.ExpertParallel, rec.DataParallelAttention)
		}
		set := "test"
		if r.calibration {
			set = "calibration"
		}
		got := rec.Speed.ThroughputTokensSec
		testcheck.Figure(t, r.what+" ["+set+"]", r.source, got, r.published, r.tol)
		if ratio := got / r.published; ratio < r.vllmLow || ratio > r.vllmHigh {
			t.Errorf("%s: %.0f tokens/s is %.2fx TensorRT-LLM's %.0f; vLLM is held within %.2f-%.2fx of it", r.what, got, ratio, r.published, r.vllmLow, r.vllmHigh)
		}
	}
}

// TestExpertLayoutAsExpertsChoose: a MoE batch job on 8 GPUs runs expert
// parallel with data-parallel attention; a single-user MoE chat keeps
// tensor parallelism; a dense model never gets expert parallelism; and
// the layout reaches the record (TP 1 per data-parallel rank).
func TestExpertLayoutAsExpertsChoose(t *testing.T) {
	job := batchOn(t, batchJobAnswers("deepseek-v3", model.FP8, 0, 0, 1), "H200 SXM", 8)
	if job.ExpertParallel != 8 || !job.DataParallelAttention || job.TensorParallel != 1 || job.GPUsUsed != 8 {
		t.Errorf("DeepSeek-V3 batch job on 8 x H200: EP %d, DP attention %v, TP %d, %d GPUs; want EP 8 with data-parallel attention", job.ExpertParallel, job.DataParallelAttention, job.TensorParallel, job.GPUsUsed)
	}
	if !hasReason(job, "expert parallel over 8 GPUs") {
		t.Errorf("the speed's reason does not name the layout: %s", job.Speed.Reason)
	}
	chat := mtpDecode(t, "deepseek-v3", model.SpecNone, 1536, 1)
	if chat.ExpertParallel != 0 || chat.DataParallelAttention || chat.TensorParallel != 8 {
		t.Errorf("DeepSeek-V3 single-user chat: EP %d, DP attention %v, TP %d; want tensor parallel 8", chat.ExpertParallel, chat.DataParallelAttention, chat.TensorParallel)
	}
	for _, tc := range []struct {
		preset string
		prec   model.Precision
		gpu    string
	}{
		{"llama-3.1-70b", model.BF16, "H100 SXM5"},
		{"llama-3.1-405b", model.FP8, "H200 SXM"},
	} {
		r := batchOn(t, batchJobAnswers(tc.preset, tc.prec, 0, 0, 1), tc.gpu, 8)
		if r.ExpertParallel != 0 || r.DataParallelAttention {
			t.Errorf("dense %s batch job: EP %d, DP attention %v", tc.preset, r.ExpertParallel, r.DataParallelAttention)
		}
	}
	// A chat with many long streams: the latent cache copied on every
	// tensor-parallel GPU outweighs the weights expert parallelism copies,
	// so expert parallelism holds it with less memory.
	crowd := resultOf(t, "deepseek-v3", model.SpecNone, 8192, 128).Recommendations[0]
	if crowd.ExpertParallel != 8 || !crowd.DataParallelAttention {
		t.Errorf("128 chat streams of 8k on 8 x H200: EP %d, DP attention %v", crowd.ExpertParallel, crowd.DataParallelAttention)
	}
}

// TestExpertLayoutMemory: under expert parallelism a GPU holds its share
// of the routed experts, every other weight whole and its own streams'
// KV cache; with MLA that is below tensor parallelism's per-GPU memory
// once the latent cache copied on every GPU outweighs the copied weights,
// and above it for one stream; serving takes the smaller.
func TestExpertLayoutMemory(t *testing.T) {
	cat := catWith(testOffer("cloudA", "h200x8", "H200 SXM", 8, 50))
	for _, tc := range []struct {
		batch   int
		epLower bool
	}{{1, false}, {16, false}, {128, true}, {512, true}} {
		a := answers(model.WorkloadInference, "deepseek-v3", model.FP8, 8192, tc.batch)
		a.Latency = model.LatencyBatch
		p := newPlan(cat, &a, langEN)
		ep, tp := epShare(p, 8, tc.batch), tpShare(p, 8, tc.batch, 1)
		want := p.weights - p.routedBytes*7/8 + p.kvSeq*float64((tc.batch+7)/8)
		if !testcheck.NearAbs(ep, want, 1) {
			t.Errorf("batch %d: %.2f GiB per GPU under EP, want %.2f (experts / 8, the rest whole, own streams)", tc.batch, ep/gib, want/gib)
		}
		if (ep < tp) != tc.epLower {
			t.Errorf("batch %d: EP %.1f GiB against TP %.1f GiB per GPU", tc.batch, ep/gib, tp/gib)
		}
		if got, want := p.shareInference(8, 1, 1), min(ep, tp); got != want || expertLayout(p, 8, 1, 1) != tc.epLower {
			t.Errorf("batch %d: sized %.1f GiB per GPU (expert layout %v), want the smaller layout's %.1f", tc.batch, got/gib, expertLayout(p, 8, 1, 1), want/gib)
		}
	}
	// A dense model has no routed experts: its layout is always tensor
	// parallel.
	d := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 256)
	d.Latency = model.LatencyBatch
	if q := newPlan(cat, &d, langEN); q.routedBytes != 0 || expertLayout(q, 8, 1, 1) {
		t.Errorf("a dense model has %.1f GiB of routed experts, expert layout %v", q.routedBytes/gib, expertLayout(q, 8, 1, 1))
	}
}

// TestBusiestRank: one token of DeepSeek-V3 makes the busiest of eight
// GPUs read more than the mean of its experts (the cost of expert
// parallelism at small batch); a large batch makes every GPU read all
// its experts; the count never falls as the batch grows and never passes
// a GPU's experts.
func TestBusiestRank(t *testing.T) {
	one := busiestRank(256, 8, 1, 8)
	if one <= 1.5 || one >= 4 {
		t.Errorf("one token, 8 of 256 experts on 8 GPUs: busiest GPU reads %.2f experts, want between 1.5 and 4 (mean 1)", one)
	}
	if all := busiestRank(256, 8, 4096, 8); !testcheck.NearAbs(all, 32, 1e-6) {
		t.Errorf("4096 tokens: busiest GPU reads %.3f experts, want all 32", all)
	}
	prev := 0.0
	for _, b := range []int{1, 2, 4, 8, 16, 64, 256, 1024} {
		got := busiestRank(256, 8, b, 8)
		if got < prev || got > 32 {
			t.Errorf("%d tokens: %.2f experts after %.2f", b, got, prev)
		}
		prev = got
	}
	if !testcheck.NearAbs(busiestRank(8, 2, 1, 1), 2, 1e-9) {
		t.Errorf("one GPU holds every expert: a token reads its 2, got %.2f", busiestRank(8, 2, 1, 1))
	}
}

// hasReason reports whether a recommendation's speed reason contains s.
func hasReason(r model.Recommendation, s string) bool {
	return strings.Contains(r.Speed.Reason, s)
}
