package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// batchOn ranks a batch job on one offer of n GPUs and returns its
// recommendation.
func batchOn(t *testing.T, a model.Answers, gpu string, n int) model.Recommendation {
	t.Helper()
	o := testOffer("cloudA", "node", gpu, n, 10)
	if g, ok := testCatalog().GPUs[gpu]; ok {
		o.VRAMGiB = g.VRAMGiB
	}
	o.Interconnect = model.InterconnectNVSwitch
	a.GPUs = n
	res := Recommend(catWith(o), a, Options{})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing fits on %d x %s: %v", n, gpu, res.Notes)
	}
	return res.Recommendations[0]
}

// TestBatchJobReplicas: a batch job of a model that fits one GPU runs as
// one replica per GPU (vLLM does not shard it), whatever --users says; a
// model that does not fit one GPU takes the smallest tensor-parallel
// degree that holds it, and replicas over the rest.
func TestBatchJobReplicas(t *testing.T) {
	for _, tc := range []struct {
		preset string
		prec   model.Precision
		users  int
	}{
		{"llama-3.1-8b", model.BF16, 1},
		{"llama-3.1-8b", model.BF16, 256},
		{"llama-3.1-70b", model.BF16, 1},
		{"llama-3.1-70b", model.FP8, 64},
	} {
		a := batchJobAnswers(tc.preset, tc.prec, 0, 0, tc.users)
		r := batchOn(t, a, "H100 SXM5", 8)
		p := newPlan(testCatalog(), &a, langEN)
		v := testCatalog().GPUs["H100 SXM5"].UsableGiB * gib
		if r.TensorParallel*r.Replicas != r.GPUsUsed || r.GPUsUsed != 8 {
			t.Errorf("%v: TP %d x %d replicas on %d GPUs", tc, r.TensorParallel, r.Replicas, r.GPUsUsed)
		}
		if tp := r.TensorParallel; tp > 1 && p.perGPUInference(tp/2, 8/(tp/2), 1) <= v {
			t.Errorf("%v: TP %d while TP %d holds the job", tc, tp, tp/2)
		}
		if r.Speed.Concurrency < r.Replicas || tc.users > 1 && r.Speed.Concurrency > tc.users {
			t.Errorf("%v: %d sequences at once over %d replicas", tc, r.Speed.Concurrency, r.Replicas)
		}
	}
	if r := batchOn(t, batchJobAnswers("llama-3.1-8b", model.BF16, 0, 0, 256), "H100 SXM5", 4); r.TensorParallel != 1 {
		t.Errorf("8B with --users 256 on 4 x H100: TP %d, want replicas", r.TensorParallel)
	}
}

// TestBatchJobConcurrency: the sequences in flight follow the memory
// (more on an H200 than an H100, fewer at longer requests), stop at
// vLLM's max_num_seqs (256 on an A100, 1024 above 70 GiB otherwise) and
// at --users; the job's hours are its tokens over the throughput, the
// prefill included.
func TestBatchJobConcurrency(t *testing.T) {
	seqs := func(gpu string, prompt, output, users int) model.Speed {
		r := batchOn(t, batchJobAnswers("llama-3.1-8b", model.BF16, prompt, output, users), gpu, 1)
		return r.Speed
	}
	h100, h200 := seqs("H100 SXM5", 1000, 1000, 1), seqs("H200 SXM", 1000, 1000, 1)
	long := seqs("H100 SXM5", 8000, 1000, 1)
	if !(h200.Concurrency > h100.Concurrency && long.Concurrency < h100.Concurrency) {
		t.Errorf("sequences: H100 %d, H200 %d, H100 at 8000/1000 %d", h100.Concurrency, h200.Concurrency, long.Concurrency)
	}
	if short := seqs("A100-80GB SXM4", 100, 100, 1); short.Concurrency != maxNumSeqsSmall {
		t.Errorf("A100 at 100/100: %d sequences, want max_num_seqs %d", short.Concurrency, maxNumSeqsSmall)
	}
	if short := seqs("H200 SXM", 100, 100, 1); short.Concurrency != maxNumSeqsLarge {
		t.Errorf("H200 at 100/100: %d sequences, want max_num_seqs %d", short.Concurrency, maxNumSeqsLarge)
	}
	capped := seqs("H100 SXM5", 1000, 1000, 32)
	if capped.Concurrency != 32 || !(capped.ThroughputTokensSec < h100.ThroughputTokensSec) {
		t.Errorf("--users 32: %d sequences at %.0f tok/s (uncapped %d at %.0f)", capped.Concurrency, capped.ThroughputTokensSec, h100.Concurrency, h100.ThroughputTokensSec)
	}
	for _, sp := range []model.Speed{h100, h200, long, capped} {
		if !nearRel(sp.JobHours, 1e9/sp.ThroughputTokensSec/3600) {
			t.Errorf("%.2f job hours at %.0f tok/s for 1e9 tokens", sp.JobHours, sp.ThroughputTokensSec)
		}
	}
	// The prefill share moves the time several-fold (TensorRT-LLM's
	// 2048/128 row is 8x slower than its 128/2048 row).
	heavy, light := seqs("H100 SXM5", 8192, 256, 1), seqs("H100 SXM5", 128, 2048, 1)
	if !(heavy.JobHours > 4*light.JobHours) {
		t.Errorf("8192/256: %.1f h, 128/2048: %.1f h", heavy.JobHours, light.JobHours)
	}
}

// TestBatchJobSaysSo: a batch job states its lengths (given, or the
// defaults and why), the engine and its step, in English and Chinese,
// and the detail of a pick says how many sequences vLLM runs.
func TestBatchJobSaysSo(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		for _, given := range []bool{false, true} {
			a := batchJobAnswers("llama-3.1-8b", model.BF16, 0, 0, 1)
			want := "1000/1000"
			if given {
				a.PromptTokens, a.OutputTokens, want = 300, 700, "700"
			}
			o := testOffer("cloudA", "node", "H100 SXM5", 1, 10)
			o.VRAMGiB = 80
			res := Recommend(catWith(o), a, Options{Lang: lang})
			all := strings.Join(res.Requirement.Assumptions, "\n")
			for _, w := range []string{want, "vLLM", "max_num_seqs", "TensorRT-LLM", "SGLang"} {
				if !strings.Contains(all, w) {
					t.Errorf("%s given=%v: no %q in the assumptions:\n%s", lang, given, w, all)
				}
			}
			if len(res.Recommendations) == 0 || !strings.Contains(res.Recommendations[0].Speed.Reason, "vLLM") {
				t.Errorf("%s given=%v: the pick's reason does not name vLLM", lang, given)
			}
		}
	}
}
