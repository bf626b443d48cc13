package advisor

import (
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// Batch generation as vLLM runs it offline (LLM.generate, or a server fed
// every request at once): continuous batching with a paged KV cache and
// chunked prefill (always on in vLLM V1), one replica per GPU when the
// model fits one.
const (
	// batchPrompt and batchOutput are a batch job's request lengths when
	// the answers give none: 1,000 and 1,000 tokens, the middle row of
	// TensorRT-LLM's perf-overview (ISL/OSL 1000/1000) and of vLLM's
	// fixed-length benchmarks; the prefill is then half the tokens.
	batchPrompt = 1000
	batchOutput = 1000
	// maxNumSeqsLarge and maxNumSeqsSmall are vLLM's max_num_seqs default
	// for a GPU of at least maxNumSeqsGiB GiB that is not an A100 and for
	// the others (vllm/engine/arg_utils.py, EngineArgs.get_batch_defaults:
	// 1024 for LLM_CLASS and OPENAI_API_SERVER where device memory >= 70
	// GiB and "a100" is not in the device name, else 256).
	maxNumSeqsLarge = 1024
	maxNumSeqsSmall = 256
	maxNumSeqsGiB   = 70
	// batchOverlapLoss is the share of the shorter of a batched step's
	// memory time (weights and KV cache read) and compute time (decode and
	// the prefill chunks scheduled with it) that does not hide behind the
	// longer: step = max + batchOverlapLoss x min. Fitted (least squares on
	// the log ratio, grid of 0.1) to the calibration rows of
	// batchPublished (TensorRT-LLM perf-overview, Llama 3.1 8B FP8 on one
	// H100: ISL/OSL 128/128, 128/2048, 500/2000, 2048/128, 5000/500,
	// 20000/2000) with that engine's configuration; 0 (a pure roofline)
	// overestimates the 1000/1000 row 1.4x, 1 (no overlap) underestimates
	// the prefill-heavy rows.
	batchOverlapLoss = 0.5
)

// batchPlan is the sizing of a batch generation job.
type batchPlan struct {
	prompt, output int
	// users caps the sequences in flight over the whole configuration
	// (--users above 1), 0 for no cap.
	users int
	// avgLen is the tokens of the average sequence in flight (its prompt
	// and half its output) and kvAvg its KV cache in bytes.
	avgLen, kvAvg float64
	// maxSeqs is the engine's cap on sequences per replica (0: vLLM's
	// default for the GPU, maxNumSeqs) and overlap the step's
	// batchOverlapLoss; the published-figure tests set them to model
	// another engine's configuration or to refit the constant.
	maxSeqs int
	overlap float64
}

// batchLimit is what sets a batch job's concurrency.
type batchLimit uint8

// What sets the sequences a replica runs at once.
const (
	limitMemory  batchLimit = iota // the KV cache the memory holds
	limitMaxSeqs                   // vLLM's max_num_seqs
	limitUsers                     // --users
)

// batchPlan sizes a batch generation job (job mode, batch latency class):
// its lengths, given or the defaults, and the KV cache of the average
// sequence in flight. The memory required is the weights and one sequence
// of the full context (vLLM refuses to start when the KV cache cannot hold
// one sequence of max_model_len); the concurrency then follows each
// offer's memory (batchPlan.seqs), capped by --users.
func (e *estimator) batchPlan(kvBytes float64) {
	p, a, l := e.p, e.a, e.l
	b := &batchPlan{prompt: a.PromptTokens, output: a.OutputTokens, overlap: batchOverlapLoss}
	given := b.prompt > 0 && b.output > 0
	if b.prompt <= 0 {
		b.prompt = batchPrompt
	}
	if b.output <= 0 {
		b.output = batchOutput
	}
	if p.batch > 1 {
		b.users = p.batch
	}
	p.batch = 1
	b.avgLen = float64(b.prompt) + float64(b.output)/2
	b.kvAvg = p.req.KVBytesPerToken * b.avgLen
	if p.ar.hasShape() {
		b.kvAvg = p.ar.kvElemsSeq(int(math.Round(b.avgLen))) * kvBytes
	}
	p.batchJob = b
	src := l.f(kAsmBatchLenGiven)
	if !given {
		src = l.f(kAsmBatchLenDefault, model.FormatContext(batchPrompt), model.FormatContext(batchOutput))
	}
	e.say(kAsmBatchLengths, model.FormatContext(b.prompt), model.FormatContext(b.output), src)
	users := ""
	if b.users > 0 {
		users = l.f(kAsmBatchUsers, b.users)
	}
	e.say(kAsmBatchEngine, model.FormatContext(int(math.Round(b.avgLen))), b.kvAvg/(1<<20), maxNumSeqsLarge, maxNumSeqsGiB, maxNumSeqsSmall, users)
	e.say(kAsmBatchStep, pct(batchOverlapLoss))
}

// maxNumSeqs is vLLM's max_num_seqs default on a GPU of v bytes usable
// (the device memory vLLM reads) or, when v is unknown, its marketed
// memory.
func maxNumSeqs(g *model.GPU, v float64) int {
	mem := v / gib
	if mem <= 0 && g != nil {
		mem = g.VRAMGiB
	}
	if mem >= maxNumSeqsGiB && (g == nil || !strings.Contains(strings.ToLower(g.Name), "a100")) {
		return maxNumSeqsLarge
	}
	return maxNumSeqsSmall
}

// seqs is the sequences one replica of t tensor-parallel GPUs over
// pp pipeline stages runs at once, with v bytes per GPU (r replicas in
// the configuration): the KV cache left on each GPU after its share of
// the weights, the activations and the context, over each sequence's
// share at the average length, at most max_num_seqs and the replica's
// share of --users; at least 1 (the fit holds one full sequence).
func (b *batchPlan) seqs(p *plan, g *model.GPU, v float64, t, r, pp int) (seqs int, by batchLimit) {
	if v <= 0 && g != nil {
		v = g.VRAMGiB * gib
	}
	kvSplit := float64(min(t, p.ar.kvHeadsEff()) * pp)
	w, ranks := p.weights/float64(t*pp), 1
	if expertLayout(p, t, r, pp) {
		// Expert parallelism with data-parallel attention: each of the
		// t ranks is an engine of its own (its own max_num_seqs) that
		// caches its sequences whole.
		w, ranks, kvSplit = epWeights(p, t), t, 1
	}
	free := math.Min(p.reserve*v-p.act, v-p.act-p.ctx) - w
	seqs = math.MaxInt32
	if b.kvAvg > 0 && v > 0 {
		seqs = ranks * int(math.Max(1, math.Floor(free/(b.kvAvg/kvSplit))))
	}
	m := b.maxSeqs
	if m <= 0 {
		m = maxNumSeqs(g, v)
	}
	m *= ranks
	if m <= seqs {
		seqs, by = m, limitMaxSeqs
	}
	if b.users > 0 {
		if u := (b.users + r - 1) / r; u <= seqs {
			seqs, by = u, limitUsers
		}
	}
	return seqs, by
}

// replicaLayout returns the tensor-parallel degree and replicas of n GPUs
// of v bytes each for a throughput job (a batch generation job, an
// embedding model): the smallest degree whose share holds the job (vLLM
// does not shard a model that fits one GPU; replicas multiply the
// throughput), else tensorParallel's.
func replicaLayout(p *plan, n int, v float64) (t, r int) {
	tMax, rMin := p.tensorParallel(n)
	if p.stated || tMax <= 1 {
		return tMax, rMin
	}
	heads, kv := p.ar.heads, p.ar.kvHeadsEff()
	for c := 1; c < tMax; c *= 2 {
		if c > 1 && !(heads%c == 0 && (p.ar.mla || kv%c == 0 || c%kv == 0)) {
			continue
		}
		if p.perGPUInference(c, n/c, 1) <= v {
			return c, n / c
		}
	}
	return tMax, rMin
}

// step is one step of a batch job on a replica running seqs
// sequences, at the GPU family's measured efficiency (eff): the memory time (the weights read once, wb bytes over t
// GPUs, and the KV cache of every sequence at the average length), the
// compute time (each sequence's token and its share of a prompt's
// prefill, chunked into the step by vLLM V1) and the step, the longer of
// the two plus batchOverlapLoss of the shorter.
func (b *batchPlan) step(p *plan, seqs, t int, wb, bw, peak, attnPeak float64, eff *gpuEff, ep bool) (mem, compute, step float64) {
	kvSplit := float64(min(t, p.ar.kvHeadsEff()))
	mem = (wb/float64(t) + b.kvAvg*float64(seqs)/kvSplit) / (bw * eff.decode.v)
	switch {
	case ep:
		// The busiest rank's bytes and compute (estimate_moe.go).
		mem = epStepBytes(p, t, seqs, 1, b.kvAvg) / (bw * eff.decode.v)
		compute = epBatchCompute(p, b, seqs, t, peak, attnPeak, eff)
	case peak > 0:
		perOut := p.flopsPerToken + p.prefillFLOPs/float64(b.output)
		compute = float64(seqs) * perOut / (float64(t) * peak * eff.prefill.v)
		if attnPeak > 0 {
			compute += float64(seqs) * mlaDecodeFLOPs(&p.ar, b.avgLen) / (float64(t) * attnPeak * eff.prefill.v)
		}
	}
	return mem, compute, math.Max(mem, compute) + b.overlap*math.Min(mem, compute)
}

// decode writes the speed of a batch job's configuration: each
// replica runs seqs sequences; the throughput counts generated
// tokens, the prefill of their prompts included. fwd is the collectives
// of a forward pass over a number of tokens (inferSpeed's).
func (b *batchPlan) decode(p *plan, in *speedIn, bw, peak float64, fwd func(float64) (float64, int, float64), sp *model.Speed, cc *commCost) {
	ar := &p.ar
	t, r, pp := max(in.t, 1), max(in.r, 1), max(in.nodes, 1)
	seqs, by := b.seqs(p, in.g, in.vram, t, r, pp)
	wb := p.activeWeightBytes
	if ar.experts > 0 && ar.used > 0 && seqs > 1 && p.activeParams > 0 {
		dense, expert := ar.moeSplit()
		wb = (dense + expert*expertsTouched(ar.experts, ar.used, seqs)) * p.activeWeightBytes / p.activeParams
	}
	eff := in.efficiency()
	ep := expertLayout(p, t, r, pp)
	attnPeak := peakFLOPS(in.g, model.BF16, false) * in.frac
	mem, compute, step := b.step(p, seqs, t, wb, bw, peak, attnPeak, eff, ep)
	comm, count, each := fwd(float64(seqs) * (1 + p.prefillPerOutput))
	if ep {
		tp, pipe := netsOf(in)
		comm, count, each = epComm(p, &tp, &pipe, pp, float64((seqs+t-1)/t)*(1+p.prefillPerOutput))
	}
	route := ar.moeFixed()
	step += comm + route
	if ep {
		step *= 1 + epSyncLoss
	}
	sp.DecodeTokensPerSec = 1 / step
	sp.ThroughputTokensSec = float64(r*seqs) / step
	sp.Concurrency = r * seqs
	sp.BandwidthUtilisation = eff.decode.v * mem / step
	sp.CommShare = comm / step
	*cc = commCost{step: step, compute: mem, batchSeqs: seqs, batchBy: by, batchMem: mem, batchCompute: compute}
	if comm > 0 {
		cc.what, cc.count, cc.each, cc.comm = commTP, count, each, comm
		tp := in.net.within(t)
		cc.intra, cc.node = tp.intra.kind, in.net.inter.kind
		*cc = cc.withNet(&in.net)
		switch {
		case t <= 1:
			cc.what, cc.intra = commPipeline, linkNone
		case ep:
			cc.what, cc.ep, cc.assumed = commDPAttn, t, tp.intraAssumed
		default:
			cc.assumed = tp.intraAssumed
		}
	}
	if route > 0 {
		cc.moe, cc.moeLayers = route, ar.layers
	}
}
