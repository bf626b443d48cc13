package advisor

import (
	"fmt"
	"math"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// Batch generation jobs against published offline throughput.
//
// Source of every row: TensorRT-LLM perf-overview
// (NVIDIA/TensorRT-LLM docs/source/performance/perf-overview.md, the v1.0
// table at commit 00f37686aa854010d68bcbd0f4ab000221541ca6, "Total Output
// Throughput (tokens/sec)", trtllm-bench throughput, PyTorch backend,
// ModelOpt FP8 checkpoints nvidia/Llama-3.1-8B-Instruct-FP8 and
// nvidia/Llama-3.3-70B-Instruct-FP8, fixed ISL/OSL, CUDA-graph batch sizes
// up to 8192, kv_cache_free_gpu_mem_fraction 0.95).
//
// The rows are split in two sets, chosen before the fit:
//   - CALIBRATION: the six Llama 3.1 8B H100 rows batchOverlapLoss was
//     fitted to (TestBatchOverlapFit re-derives it);
//   - TEST: every other row (the 8B H100 rows 128/4096, 1000/1000,
//     1000/2000, 2048/2048; the 8B H200 rows; the 70B H200 TP1 and H100
//     TP2 rows), never used in the fit.
//
// The rows model TensorRT-LLM's configuration (trtllmConfig): an FP8 KV
// cache, its batch cap and memory fraction; tolerance ±35% (the issue's).
// The vLLM estimate gpupick ranks with (16-bit KV cache, max_num_seqs)
// is checked against the 1000/1000 row as the upper reference in
// TestBatchVLLMUnderTRTLLM.

// trtRow is one published TensorRT-LLM perf-overview figure.
type trtRow struct {
	preset      string
	gpu         string
	tp          int
	isl, osl    int
	published   float64 // output tokens/s, the whole configuration
	calibration bool
}

var trtRows = []trtRow{
	{"llama-3.1-8b", "H100 SXM5", 1, 128, 128, 28312, true},
	{"llama-3.1-8b", "H100 SXM5", 1, 128, 2048, 22714, true},
	{"llama-3.1-8b", "H100 SXM5", 1, 128, 4096, 14325, false},
	{"llama-3.1-8b", "H100 SXM5", 1, 500, 2000, 17660, true},
	{"llama-3.1-8b", "H100 SXM5", 1, 1000, 1000, 15220, false},
	{"llama-3.1-8b", "H100 SXM5", 1, 1000, 2000, 13899, false},
	{"llama-3.1-8b", "H100 SXM5", 1, 2048, 128, 3450, true},
	{"llama-3.1-8b", "H100 SXM5", 1, 2048, 2048, 9305, false},
	{"llama-3.1-8b", "H100 SXM5", 1, 5000, 500, 3459, true},
	{"llama-3.1-8b", "H100 SXM5", 1, 20000, 2000, 1351, true},
	{"llama-3.1-8b", "H200 SXM", 1, 128, 128, 27911, false},
	{"llama-3.1-8b", "H200 SXM", 1, 128, 2048, 26221, false},
	{"llama-3.1-8b", "H200 SXM", 1, 128, 4096, 18027, false},
	{"llama-3.1-8b", "H200 SXM", 1, 500, 2000, 20770, false},
	{"llama-3.1-8b", "H200 SXM", 1, 1000, 1000, 17744, false},
	{"llama-3.1-8b", "H200 SXM", 1, 1000, 2000, 16828, false},
	{"llama-3.1-8b", "H200 SXM", 1, 2048, 128, 3538, false},
	{"llama-3.1-8b", "H200 SXM", 1, 2048, 2048, 12194, false},
	{"llama-3.1-8b", "H200 SXM", 1, 5000, 500, 3902, false},
	{"llama-3.1-8b", "H200 SXM", 1, 20000, 2000, 1804, false},
	{"llama-3.1-70b", "H200 SXM", 1, 128, 128, 3803, false},
	{"llama-3.1-70b", "H200 SXM", 1, 1000, 1000, 2909, false},
	{"llama-3.1-70b", "H200 SXM", 1, 2048, 128, 442, false},
	{"llama-3.1-70b", "H200 SXM", 1, 2048, 2048, 2003, false},
	{"llama-3.1-70b", "H200 SXM", 1, 5000, 500, 566, false},
	{"llama-3.1-70b", "H200 SXM", 1, 20000, 2000, 283, false},
	{"llama-3.1-70b", "H100 SXM5", 2, 128, 128, 6378, false},
	{"llama-3.1-70b", "H100 SXM5", 2, 1000, 1000, 4205, false},
	{"llama-3.1-70b", "H100 SXM5", 2, 2048, 2048, 3082, false},
	{"llama-3.1-70b", "H100 SXM5", 2, 5000, 500, 898, false},
}

func (r trtRow) String() string {
	return fmt.Sprintf("%s FP8 on %d x %s, ISL/OSL %d/%d", r.preset, r.tp, r.gpu, r.isl, r.osl)
}

const trtSource = "TensorRT-LLM perf-overview (v1.0 table, trtllm-bench, FP8)"

// batchJobAnswers are the answers of a batch generation job of a preset
// at the precision and request lengths given.
func batchJobAnswers(preset string, prec model.Precision, isl, osl, users int) model.Answers {
	a := answers(model.WorkloadInference, preset, prec, 0, users)
	a.Latency, a.DurationMode, a.JobTokens = model.LatencyBatch, model.DurationJob, 1e9
	a.PromptTokens, a.OutputTokens = isl, osl
	a.Normalize()
	return a
}

// trtllmSpeed is the model's throughput for a row with TensorRT-LLM's
// configuration: the ModelOpt FP8 checkpoints' FP8 KV cache (half the
// bytes of a 16-bit cache), trtllm-bench's largest CUDA-graph batch
// (8192) and its KV cache share (0.95), and the step overlap given.
func trtllmSpeed(t *testing.T, r trtRow, overlap float64) model.Speed {
	t.Helper()
	cat := testCatalog()
	a := batchJobAnswers(r.preset, model.FP8, r.isl, r.osl, 1)
	p := newPlan(cat, &a, langEN)
	if p.batchJob == nil {
		t.Fatalf("%v: not planned as a batch job", r)
	}
	p.batchJob.kvAvg /= 2
	p.batchJob.maxSeqs = 8192
	p.batchJob.overlap = overlap
	p.reserve = 0.95
	g, ok := cat.GPUs[r.gpu]
	if !ok {
		t.Fatalf("%v: no GPU %q in the test catalog", r, r.gpu)
	}
	sp, _ := p.shapeSpeed(&g, 1, r.tp, r.tp, 1, 1, 1, model.Unknown)
	return sp
}

// TestBatchPublishedTRTLLM holds every row, calibration and test, within
// ±35% of the model run with TensorRT-LLM's configuration.
func TestBatchPublishedTRTLLM(t *testing.T) {
	for _, r := range trtRows {
		set := "TEST"
		if r.calibration {
			set = "CALIBRATION"
		}
		t.Run(fmt.Sprintf("%s %v", set, r), func(t *testing.T) {
			sp := trtllmSpeed(t, r, batchOverlapLoss)
			testcheck.Figure(t, fmt.Sprintf("%s: %v", set, r), trtSource, sp.ThroughputTokensSec, r.published, 0.35)
		})
	}
}

// TestBatchOverlapFit re-derives batchOverlapLoss: on a grid of 0.1 it
// is the value with the least squared log error over the CALIBRATION
// rows alone, so the TEST rows never steer it.
func TestBatchOverlapFit(t *testing.T) {
	best, bestErr := -1.0, math.Inf(1)
	for i := 0; i <= 10; i++ {
		g := float64(i) / 10
		sum := 0.0
		for _, r := range trtRows {
			if !r.calibration {
				continue
			}
			d := math.Log(trtllmSpeed(t, r, g).ThroughputTokensSec / r.published)
			sum += d * d
		}
		if sum < bestErr {
			best, bestErr = g, sum
		}
	}
	if !testcheck.NearAbs(best, batchOverlapLoss, 1e-9) {
		t.Errorf("the calibration rows fit batchOverlapLoss = %.1f, the constant is %.2f", best, batchOverlapLoss)
	}
}

// TestBatchVLLMUnderTRTLLM: vLLM with its defaults (gpu_memory_utilization
// 0.90, max_num_seqs 1024 on an H100) for Llama 3.1 8B FP8 at 1000/1000 on
// one H100, against TensorRT-LLM's 15,220 tok/s as the upper reference:
// within 0.65-1.1x (issue 22's band). The row's checkpoint,
// nvidia/Llama-3.1-8B-Instruct-FP8, declares kv_cache_quant_algo FP8, which
// vLLM's --kv-cache-dtype auto honours since vllm-project/vllm PR #29980
// (merged 2025-12): the same-checkpoint run has an FP8 KV cache, the
// answer --kv-cache fp8. The estimate gpupick ranks an "fp8" answer with
// by default (--kv-cache auto) keeps a 16-bit KV cache (an FP8 checkpoint
// without KV scales, the worse case); it is logged and must stay below
// the same-checkpoint run and above half the reference.
func TestBatchVLLMUnderTRTLLM(t *testing.T) {
	cat := testCatalog()
	a := batchJobAnswers("llama-3.1-8b", model.FP8, 1000, 1000, 1)
	g := cat.GPUs["H100 SXM5"]
	speed := func(fp8KV bool) model.Speed {
		b := a
		if fp8KV {
			b.KVCache = model.KVCacheFP8 // --kv-cache fp8
		}
		p := newPlan(cat, &b, langEN)
		sp, _ := p.shapeSpeed(&g, 1, 1, 1, 1, 1, 1, model.Unknown)
		return sp
	}
	same, ranked := speed(true), speed(false)
	const ref = 15220
	for _, c := range []struct {
		what   string
		sp     model.Speed
		lo, hi float64
	}{
		{"vLLM, the row's checkpoint (FP8 KV cache)", same, 0.65, 1.1},
		{"vLLM as ranked (16-bit KV cache)", ranked, 0.5, 1.1},
	} {
		ratio := c.sp.ThroughputTokensSec / ref
		t.Logf("FIGURE | %s, Llama 3.1 8B FP8 1000/1000 on one H100 | %s (upper reference) | %d | %.0f | %.2f", c.what, trtSource, ref, c.sp.ThroughputTokensSec, ratio)
		if ratio < c.lo || ratio > c.hi {
			t.Errorf("%s: %.0f tok/s is %.2fx TensorRT-LLM's %d: want %.2f-%.2fx", c.what, c.sp.ThroughputTokensSec, ratio, ref, c.lo, c.hi)
		}
		if c.sp.Engine != model.EngineVLLM || c.sp.Concurrency <= 0 || c.sp.Concurrency > maxNumSeqsLarge {
			t.Errorf("%s: engine %q, concurrency %d: want vLLM and 1-%d sequences", c.what, c.sp.Engine, c.sp.Concurrency, maxNumSeqsLarge)
		}
	}
	if ranked.ThroughputTokensSec >= same.ThroughputTokensSec || ranked.Concurrency >= same.Concurrency {
		t.Errorf("a 16-bit KV cache should hold fewer sequences and be slower: %d seqs %.0f tok/s against %d seqs %.0f tok/s",
			ranked.Concurrency, ranked.ThroughputTokensSec, same.Concurrency, same.ThroughputTokensSec)
	}
}
