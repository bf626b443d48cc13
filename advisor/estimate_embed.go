package advisor

import (
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// defaultEmbedContext is the sequence length an embedding job assumes
// when none is given: 512 tokens, the position limit of the BERT-class
// encoders (bge-large-en-v1.5's max_position_embeddings) and the
// max_length BGE's examples encode with, never longer than the model's
// maximum.
const defaultEmbedContext = 512

// encoderFamily reports whether a preset family's attention is
// bidirectional (every token attends to the whole sequence): the BERT and
// XLM-RoBERTa encoders (family lower-cased). The decoder-based embedding
// models (Qwen3-Embedding) keep causal attention.
func encoderFamily(family string) bool {
	switch family {
	case "xlm-roberta", "bert", "roberta":
		return true
	}
	return false
}

// embedPlan is how an embedding or reranking model is timed: one forward
// pass per input of seq tokens, no generation, no KV cache kept.
type embedPlan struct {
	seq int
	// flopsPerToken is one token's forward compute: 2 x the parameters
	// outside the input embedding (a table look-up) plus the core
	// attention over the sequence (bidirectional: every key; causal: half).
	flopsPerToken float64
}

// embedWorkload reports whether the answers embed: the embed workload, or
// serving a preset that is an embedding or reranking model (which
// generates nothing, so it is served as one, and said so).
func (e *estimator) embedWorkload(preset *model.ModelPreset) bool {
	if e.a.Workload == model.WorkloadEmbed {
		return true
	}
	if preset != nil && preset.IsEncoder() && e.a.Workload == model.WorkloadInference && e.p.req.Model != "" {
		e.say(kAsmEmbedImplied, preset.Name)
		e.p.req.Workload = model.WorkloadEmbed
		return true
	}
	return false
}

// embedModel sizes an embedding or reranking model: the weights at the
// precision asked plus the activations of one forward step of the batch
// (no KV cache grows: nothing is generated), served by vLLM's pooling
// runner at its memory share; the compute of one token at the sequence
// length.
func (e *estimator) embedModel(preset *model.ModelPreset) {
	p, a, r := e.p, e.a, &e.p.req
	ar := &p.ar
	maxCtx := 0
	if preset != nil && r.Model != "" {
		maxCtx = preset.MaxContext
	}
	if a.Context <= 0 {
		c := defaultEmbedContext
		if maxCtx > 0 && c > maxCtx {
			c = maxCtx
		}
		a.Context = c
		r.Context, r.ContextDefault = c, true
		e.say(kAsmEmbedContext, model.FormatContext(c))
	} else {
		e.resolveContext(maxCtx)
	}
	params := ar.paramsB * 1e9
	p.activeParams = ar.activeB * 1e9
	r.ParamsB, r.ActiveB = ar.paramsB, ar.activeB
	r.Architecture = archText(ar, e.l)
	p.weights = e.weightBytes(params)
	r.BytesPerParam = p.weights / params
	p.activeWeightBytes = p.weights
	if a.PromptTokens > 0 || a.OutputTokens > 0 {
		e.say(kAsmEmbedLengths)
	}

	// One forward step holds the activations of up to chunkTokens tokens
	// (at least one whole sequence: a pooled input is not split).
	seq := float64(a.Context)
	tokens := math.Max(math.Min(seq*float64(p.batch), chunkTokens), seq)
	hidden, ffn := float64(ar.hidden), ar.ffnActive()
	if !ar.hasShape() {
		hidden, ffn = 0, 0
	}
	p.act = tokens * (4*hidden + 4*ffn)
	p.kvSeq = 0
	p.reserve = engineReserve
	e.say(kAsmEmbedMemory, int(tokens), pct(engineReserve), cudaContextBytes/gib)

	b := &r.Breakdown
	b.WeightsGiB = p.weights / gib
	b.ActivationsGiB = p.act / gib
	need := p.perGPUInference(1, 1, 1)
	b.OverheadGiB = need/gib - b.WeightsGiB - b.ActivationsGiB
	r.VRAMGiB = b.Total()
	r.PerGPUFixedGiB = (p.act + p.ctx) / gib

	em := &embedPlan{seq: a.Context}
	lin := 2 * (p.activeParams - ar.inputEmbedParams())
	attn, bidi := 0.0, preset != nil && encoderFamily(strings.ToLower(preset.Family))
	if ar.hasShape() {
		hd := float64(ar.heads * ar.headDim)
		if hd == 0 {
			hd = hidden
		}
		// QK^T and scores x V: 2 x 2 x keys x hd per layer and token.
		keys := seq / 2
		if bidi {
			keys = seq
		}
		attn = 4 * float64(ar.layers) * keys * hd
	}
	em.flopsPerToken = lin + attn
	p.flopsPerToken = em.flopsPerToken
	p.embed = em
	e.say(kAsmEmbedSpeed, lin/1e9, attn/1e9, model.FormatContext(a.Context), e.l.f(map[bool]textKey{true: kAsmEmbedBidi, false: kAsmEmbedCausal}[bidi]), effSummary(e.l, prefillEff))
	if p.jobMode {
		r.FLOPs = em.flopsPerToken * a.JobTokens
		e.say(kAsmEmbedJob)
	}
}

// inputEmbedParams is the input embedding table (vocabulary x hidden, no
// compute: a look-up), 0 without a shape.
func (m *modelArch) inputEmbedParams() float64 {
	if !m.hasShape() || m.vocab <= 0 {
		return 0
	}
	return math.Min(float64(m.vocab)*float64(m.hidden), m.paramsB*1e9*0.5)
}

// embedSpeed is the speed of an embedding model on gpus GPUs of g (each
// a replica, or the tensor-parallel group of t when the weights need it):
// prefill-only, compute-bound at the family's prefill efficiency; the
// time of one request is its sequence alone on one replica. A job of
// JobTokens tokens lasts tokens / throughput.
func (p *plan) embedSpeed(g *model.GPU, frac float64, gpus, t int, sp *model.Speed) (jobHours float64) {
	em := p.embed
	sp.Engine = model.EngineVLLM
	peak := peakFLOPS(g, p.prec, false) * frac
	eff := efficiencyOf(g).prefill.v
	if peak <= 0 || eff <= 0 || em.flopsPerToken <= 0 {
		sp.Unknown = true
		sp.MeetsLatency = p.maxTTFT == 0
		return 0
	}
	perGPU := peak * eff / em.flopsPerToken
	sp.Utilisation = eff
	sp.ThroughputTokensSec = perGPU * float64(max(gpus, 1))
	sp.PrefillTokensPerSec = sp.ThroughputTokensSec
	sp.RequestsPerSec = sp.ThroughputTokensSec / float64(em.seq)
	sp.TimeToFirstTokenSec = float64(em.seq) / (perGPU * float64(max(t, 1)))
	sp.PromptTokens = em.seq
	sp.MeetsLatency = p.meetsText(sp)
	if p.jobMode && p.jobTokens > 0 {
		jobHours = p.jobTokens / sp.ThroughputTokensSec / 3600
		sp.JobHours = jobHours
	}
	return jobHours
}
