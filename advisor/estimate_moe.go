package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// Mixture-of-experts serving as vLLM lays it out over the GPUs of one
// node. Two layouts (vLLM recipes, DeepSeek-V3 on 8 x H200: "Tensor
// Parallel + Expert Parallel (TP8+EP)" and "Data Parallel + Expert
// Parallel (DP8+EP)"; "Tensor-parallel is usually better for low-latency
// / low-load scenarios, while data-parallel works better for high-load
// workloads"):
//
//   - tensor parallelism: every layer, the experts included, is sliced
//     over the GPUs; the KV cache is split by KV heads, and MLA's latent
//     cache (one shared head) is whole on every GPU (vLLM
//     vllm/config/model.py get_num_kv_heads: "When using MLA during decode
//     it becomes MQA", return 1; GQA heads fewer than the GPUs are
//     replicated likewise: max(1, kv_heads // tp));
//   - expert parallelism with data-parallel attention (vllm serve
//     --data-parallel-size N --enable-expert-parallel, tensor parallel 1
//     in each rank): each GPU holds N-th of the routed experts whole and
//     everything else (attention, shared experts, dense layers,
//     embeddings) whole, runs attention for its own requests only and
//     caches only their KV; each MoE layer dispatches the tokens to the
//     GPUs holding their experts and combines the results (two
//     all-to-alls) instead of the all-reduces, and a step waits for the
//     GPU whose experts the step's tokens touch most (busiestRank).
//
// The advisor takes the second under high load, as the recipe and vLLM's
// "Data Parallel Deployment" docs advise: a batch job, whose streams fill
// the KV cache, and any run whose streams need less memory that way than
// under tensor parallelism (their KV cache outweighs the weights expert
// parallelism copies: for DeepSeek-V3 about 30 streams of 8k tokens); a
// few streams keep tensor parallelism, which decodes each faster and, at
// that load, serves more tokens. One node only: across nodes the model
// runs in pipeline stages of tensor-parallel GPUs.

// epSyncLoss is the share an expert-parallel step takes beyond the
// busiest GPU's modelled step: the data-parallel ranks wait for one
// another at every MoE layer, and their streams, context lengths and
// expert token counts differ step by step more than the uniform model
// above has them. Fitted (grid of 0.05, ratio held to 1) to the
// calibration row of TestPublishedExpertParallelThroughput: TensorRT-LLM
// DeepSeek-R1 FP8 on 8 x H200, TP8 EP8 with attention DP, 1K/2K at
// concurrency 1024, 11,489 output tokens/s (NVIDIA/TensorRT-LLM
// docs/source/blogs/Best_perf_practice_on_DeepSeek-R1_in_TensorRT-LLM.md,
// "H200 max-throughput"), which the model without it puts at 1.25x.
// Tested on that document's two B200 max-throughput rows.
const epSyncLoss = 0.25

// expertLayout reports whether a replica of t GPUs (r replicas, pp
// pipeline stages) of a MoE model serves with expert parallelism and
// data-parallel attention rather than tensor parallelism.
func expertLayout(p *plan, t, r, pp int) bool {
	if p.routedBytes <= 0 || t <= 1 || pp > 1 || p.training || p.stated || p.single || p.embed != nil {
		return false
	}
	seqs := p.batch
	if b := p.batchJob; b != nil {
		if b.users <= 0 {
			return true // as many streams as the KV cache holds
		}
		seqs = b.users
	}
	seqs = (seqs + max(r, 1) - 1) / max(r, 1)
	return epShare(p, t, seqs) < tpShare(p, t, seqs, 1)
}

// tpShare is one GPU's share of the weights and KV cache of seqs
// sequences under tensor parallelism over t GPUs and pp stages.
func tpShare(p *plan, t, seqs, pp int) float64 {
	kvSplit := min(t, p.ar.kvHeadsEff())
	return p.weights/float64(t*pp) + p.kvSeq*float64(seqs)/float64(kvSplit*pp)
}

// epWeights is one GPU's weights under expert parallelism over t GPUs:
// its t-th of the routed experts and every other weight whole.
func epWeights(p *plan, t int) float64 {
	return p.weights - p.routedBytes + p.routedBytes/float64(max(t, 1))
}

// epShare is one GPU's weights and KV cache under expert parallelism
// with data-parallel attention over t GPUs: each caches its own share of
// the seqs sequences, the whole of each.
func epShare(p *plan, t, seqs int) float64 {
	return epWeights(p, t) + p.kvSeq*float64((seqs+t-1)/t)
}

// routedExpertBytes is the bytes of a MoE model's routed experts in
// memory (0 for a dense model): the experts as shipped where the
// checkpoint keeps them in a narrower format of their own (gpt-oss's
// MXFP4), else their parameters (moeSplit) at the precision's bytes per
// parameter; never more than the weights.
func routedExpertBytes(ar *modelArch, prec model.Precision, weightBytes float64) float64 {
	_, expert := ar.moeSplit()
	if expert <= 0 || ar.experts <= 0 {
		return 0
	}
	bpp := prec.BytesPerParam()
	switch {
	case prec == model.INT4:
		bpp = int4Bits / 8
	case prec.FP4():
		bpp = fp4Bits(prec) / 8
	}
	routed := expert * float64(ar.experts) * bpp
	if ex, eb := ar.shippedExperts(), ar.expertBits/8; ex > 0 && eb < bpp {
		routed = ex * eb
	}
	return math.Min(routed, weightBytes)
}

// moeServing sets up the MoE layouts of a served model: the routed
// experts' bytes and the assumption. It runs after batchPlan.
func (e *estimator) moeServing(weightBytes float64) {
	p, a := e.p, e.a
	if p.training || p.ar.experts <= 0 {
		return
	}
	p.routedBytes = routedExpertBytes(&p.ar, a.Precision, weightBytes)
	if p.routedBytes <= 0 {
		return
	}
	kv := e.l.f(kKVSplitHeads)
	if p.ar.mla {
		kv = e.l.f(kKVSplitMLA)
	}
	when := e.l.f(kAsmEPWhenLatency)
	if b := p.batchJob; b != nil && b.users <= 0 {
		when = e.l.f(kAsmEPWhenBatch)
	}
	e.say(kAsmEPLayout, p.routedBytes/gib, kv, (weightBytes-p.routedBytes)/gib, when)
}

// busiestRank is the expected number of distinct experts the busiest of
// ranks GPUs reads in a step of tokens tokens, each routed to k of e
// experts, e / ranks experts to a GPU: an expert is touched with
// probability q = 1 - (1 - k/e)^tokens, a GPU's count is Binomial(e /
// ranks, q) (counts taken as independent), and the step waits for the
// largest of ranks counts: E[max] = sum over m of 1 - F(m)^ranks. Routing
// is taken as uniform (the best case: real routers are skewed, which
// vLLM's expert-parallel load balancer evens out). One token of
// DeepSeek-V3 (8 of 256 experts, 32 a GPU on 8) makes the busiest GPU
// read about 2.6 experts against the 1 it would read in eighths under
// tensor parallelism; a large batch makes every GPU read all its 32.
func busiestRank(e, k, tokens, ranks int) float64 {
	if e <= 0 || k <= 0 || ranks <= 0 || tokens <= 0 {
		return 0
	}
	n := (e + ranks - 1) / ranks
	q := 1 - math.Pow(1-float64(k)/float64(e), float64(tokens))
	if q >= 1-1e-12 {
		return float64(n)
	}
	lq, l1q := math.Log(q), math.Log1p(-q)
	lgN, _ := math.Lgamma(float64(n + 1))
	cdf, want := 0.0, 0.0
	for m := 0; m < n; m++ {
		lgM, _ := math.Lgamma(float64(m + 1))
		lgR, _ := math.Lgamma(float64(n - m + 1))
		cdf += math.Exp(lgN - lgM - lgR + float64(m)*lq + float64(n-m)*l1q)
		want += 1 - math.Pow(math.Min(cdf, 1), float64(ranks))
	}
	return want
}

// epStepBytes is what the busiest GPU reads in one decode step of a
// replica of t GPUs under expert parallelism: the weights outside the
// routed experts whole (each GPU runs its own tokens through them), the
// experts its share of seqs x k tokens routes to (busiestRank, each
// expert whole), and the KV cache of its own streams, kvPerSeq bytes
// each.
func epStepBytes(p *plan, t, seqs, k int, kvPerSeq float64) float64 {
	ar := &p.ar
	each := p.routedBytes / float64(ar.experts)
	rest := math.Max(0, p.activeWeightBytes-float64(ar.used)*each)
	return rest + busiestRank(ar.experts, ar.used, seqs*k, t)*each + kvPerSeq*float64((seqs+t-1)/t)
}

// epComm is the communication of one forward pass under expert
// parallelism over t GPUs (net within them) and nodes pipeline nodes
// (pipe): local tokens of each GPU dispatched to their experts' GPUs and
// combined back, two all-to-alls per MoE layer, as vLLM's all2all
// backends do.
func epComm(p *plan, tp, pipe *topo, nodes int, local float64) (sec float64, count int, each float64) {
	layers := float64(p.ar.layers)
	if layers <= 0 {
		return 0, 0, 0
	}
	hidden := float64(p.ar.hidden)
	a := tp.allToAll(local * float64(max(p.ar.used, 1)) * hidden * actBytes)
	sec = layers * 2 * a
	if nodes > 1 {
		sec += float64(nodes-1) * pipe.sendNext(local*hidden*actBytes)
	}
	return sec, int(layers) * 2, a
}

// epPrefillShare is the share of a prompt's prefill compute one GPU does
// under expert parallelism over t GPUs: a data-parallel rank prefills
// its own prompts, the routed experts' part spread over the t GPUs and
// the rest (attention, shared experts, dense layers) on the rank alone.
func epPrefillShare(p *plan, t int) float64 {
	if p.prefillFLOPs <= 0 {
		return 1 / float64(max(t, 1))
	}
	_, expert := p.ar.moeSplit()
	routed := math.Min(1, 2*float64(p.ar.used)*expert*float64(p.promptTokens)/p.prefillFLOPs)
	return 1 - routed + routed/float64(max(t, 1))
}

// setExpertLayout writes a served MoE configuration's layout into its
// recommendation: under expert parallelism with data-parallel attention
// the experts spread over the replica's GPUs (ExpertParallel) and each
// GPU a data-parallel rank of tensor parallel 1 (vllm serve
// --data-parallel-size ExpertParallel --enable-expert-parallel).
func setExpertLayout(p *plan, sr *shapeRes, rec *model.Recommendation) {
	if !expertLayout(p, sr.tp, sr.reps, sr.nodes) {
		return
	}
	rec.ExpertParallel, rec.DataParallelAttention, rec.TensorParallel = sr.tp, true, 1
}

// mlaDecodeFLOPs is the core-attention compute of one decoded token
// attending to ctx cached tokens with MLA's absorbed weights, as vLLM
// and FlashMLA run decode: multi-query attention of every query head over
// the latent cache, scores over kv_lora_rank + rope values and the
// weighted sum over kv_lora_rank values (vLLM: "When using MLA during
// decode it becomes MQA"), 2 FLOPs a multiply-add, every layer. With 128
// heads and 512 + 64 values, DeepSeek-V3 spends 17 MFLOP a cached token,
// 35 GFLOP at 2k tokens against 74 GFLOP in its 37B active weights; the
// kernels run it in 16 bits. 0 for other attention (small beside the
// weights at the same length).
func mlaDecodeFLOPs(ar *modelArch, ctx float64) float64 {
	if !ar.mla || ar.kvLoraRank <= 0 {
		return 0
	}
	per := 2 * float64(ar.heads) * float64(2*ar.kvLoraRank+ar.ropeDim)
	return float64(ar.layers) * per * ctx
}

// epBatchCompute is the compute time of one batch-job step on the
// busiest GPU of an expert-parallel replica of t GPUs running seqs
// sequences: each GPU decodes its own streams (the replica's tokens
// spread evenly); a prompt is prefilled by the data-parallel rank that
// owns it, its routed experts' share spread over the t GPUs and the rest
// on that rank alone, while the others wait for it at every MoE layer
// (vLLM's data-parallel docs: "expert layers across all ranks are
// required to synchronize during every forward pass"). The step's
// prompt tokens (seqs x prompt / output) go to ranks a prompt at a time:
// the busiest takes a whole prompt, or its even share when more prompts
// than ranks start in one step.
func epBatchCompute(p *plan, b *batchPlan, seqs, t int, peak, attnPeak float64, eff *gpuEff) float64 {
	if peak <= 0 {
		return 0
	}
	ts := float64(max(t, 1))
	perPrompt := p.prefillFLOPs / float64(max(b.prompt, 1))
	_, expert := p.ar.moeSplit()
	routed := math.Min(1, 2*float64(p.ar.used)*expert/math.Max(perPrompt, 1))
	step := float64(seqs) * float64(b.prompt) / float64(max(b.output, 1))
	busiest := math.Max(step/ts, math.Min(step, float64(b.prompt)))
	flops := float64(seqs)*p.flopsPerToken/ts + perPrompt*(busiest*(1-routed)+step*routed/ts)
	sec := flops / (peak * eff.prefill.v)
	if attnPeak > 0 {
		sec += float64((seqs+t-1)/t) * mlaDecodeFLOPs(&p.ar, b.avgLen) / (attnPeak * eff.prefill.v)
	}
	return sec
}
