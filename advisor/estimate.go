package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// Figures the estimates rest on. Each is stated in the assumptions of a
// requirement and, where it comes from a published source, named here.
const (
	gib = float64(1 << 30)
	// cudaContextBytes: the CUDA context of a PyTorch process with lazy
	// module loading (the default since PyTorch 1.13 / CUDA 11.7): 426 MiB
	// in nvidia-smi with PyTorch 2.10 and CUDA 13 on an RTX 6000 Ada
	// (unslothai/unsloth-zoo PR #1053); "around 400MB if CUDA >= 11.7 is
	// used and lazy module loading enabled" (pytorch/pytorch issue
	// #109888). Hugging Face "Model training anatomy" measured 1343 MB
	// before lazy loading.
	cudaContextBytes = 426 * float64(1<<20)
	// engineReserve: vLLM pre-allocates gpu_memory_utilization = 0.9 of
	// each GPU (its default) for weights, activations and KV cache.
	engineReserve = 0.90
	// int4Bits: GPTQ/AWQ-style 4-bit weights with a 16-bit scale and a
	// 16-bit zero point per group of 128 weights.
	int4Bits = 4.25
	// nf4Bits: QLoRA's NF4 with double quantisation averages 4.127 bits
	// per parameter (Dettmers et al. 2023, section 3).
	nf4Bits = 4.127
	// nvfp4Bits: NVFP4 stores 4-bit E2M1 values with one FP8 (E4M3) scale
	// per block of 16 (NVIDIA Technical Blog, "Introducing NVFP4 for
	// Efficient and Accurate Low-Precision Inference", 2025): 4 + 8/16.
	// The per-tensor FP32 scale is negligible.
	nvfp4Bits = 4.5
	// mxfp4Bits: OCP Microscaling Formats (MX) Specification v1.0, MXFP4:
	// E2M1 elements with one 8-bit E8M0 scale per block of 32: 4 + 8/32.
	mxfp4Bits = 4.25
	// loraRank: LoRA and QLoRA adapters of rank 16 on every linear layer,
	// the setting of Unsloth's example notebooks (get_peft_model r = 16 on
	// q, k, v, o, gate, up and down projections); torchtune's Llama 3.1
	// configs use 8, the QLoRA paper's Guanaco scripts 64.
	loraRank = 16
	// Default sequence lengths when no context was given: serving 8192
	// tokens, never longer than the model's maximum; training 2048, the
	// packed sequence length of torchtune's published memory table
	// (pytorch/torchtune README) and Unsloth's notebooks' max_seq_length.
	defaultServeContext = 8192
	defaultTrainContext = 2048
	// logitBytes: bytes per token and vocabulary entry of the loss. The
	// 16-bit logits are kept for the backward pass; the fp32 upcast and
	// its gradient exist one chunk of eight at a time (torchtune
	// CEWithChunkedOutputLoss, num_output_chunks=8: "saves memory by only
	// upcasting one chunk at a time"): 2 + 2 x 4 / 8.
	logitBytes = 3.0
	lossChunks = 8
	// chunkTokens is the prefill chunk whose activations an inference
	// engine keeps live at once.
	chunkTokens = 8192
	// promptShare is the share of the context the first-token time assumes
	// the prompt fills.
	promptShare = 0.5
	// The decode bandwidth efficiency, prefill MFU and training MFU are
	// per GPU family, from measurements: efficiency.go.
	// pretrainBatchTokens and finetuneBatchSeqs are the global batch of an
	// optimizer step: Llama 2 pre-trained with "a global batch-size of 4M
	// tokens" (Touvron et al. 2023, arXiv 2307.09288, section 2.2);
	// Stanford Alpaca fine-tuned LLaMA with a batch size of 128 sequences
	// (tatsu-lab/stanford_alpaca README, fine-tuning hyperparameters).
	// Data-parallel gradients (no sharding, ZeRO-1) are exchanged once per
	// step, the micro-batches in between accumulate locally (PyTorch DDP's
	// no_sync); ZeRO-2 and ZeRO-3 / FSDP reduce every micro-batch, as they
	// keep only their shard of the gradients.
	pretrainBatchTokens = 4 << 20
	finetuneBatchSeqs   = 128
	// defaultNodesInference and defaultNodesTraining cap multi-node
	// configurations when the user sets no limit.
	defaultNodesInference = 4
	defaultNodesTraining  = 32
)

// plan is a requirement plus everything the fitter and the speed model
// need: the memory parts in bytes and how they shard.
type plan struct {
	// autoNodes: inference with no node limit given is first ranked on one
	// node; Recommend widens to several nodes only when no single node
	// holds the model.
	autoNodes bool
	req       model.Requirement
	ar        modelArch
	prec      model.Precision
	training  bool
	lora      bool
	stated    bool // WorkloadVRAM: the user states the memory
	sized     bool // a model size is known

	// Memory in bytes over the whole job. Training: weights, grads and
	// optim shard by the sharding strategy. Inference: weights and kv shard
	// by tensor / pipeline parallelism.
	weights, grads, optim float64
	kvSeq                 float64 // KV cache of one sequence at full context
	batch                 int
	act                   float64 // per GPU: one micro-batch (training), the prefill chunk or one image's workspace
	ctx                   float64 // per GPU CUDA context
	reserve               float64 // engine share of VRAM (1 for training)
	// recompute is the activation recomputation the answers ask for
	// (selective for pre-training with --grad-checkpointing, full for
	// fine-tuning with it, none without); a layout may take full
	// recomputation instead of selective (layout.go).
	recompute uint8
	// routedBytes is the routed experts' share of the weights of a served
	// MoE model (0 otherwise), which expert parallelism spreads over the
	// GPUs whole (estimate_moe.go).
	routedBytes float64
	// single: the model is never split over GPUs (a diffusion pipeline);
	// image holds its sizing, imageWS the workspace of one image.
	single bool
	image  *imagePlan
	// embed is the timing of an embedding or reranking model
	// (estimate_embed.go); nil otherwise.
	embed   *embedPlan
	imageWS float64
	// ctxOverMax is the model's maximum context when the context given
	// exceeds it (0 otherwise).
	ctxOverMax int

	// Speed inputs.
	activeWeightBytes float64 // weights read per decode step
	activeParams      float64
	flopsPerToken     float64 // training: 6N (4N for adapters) + 2N with full recompute, + core attention (forward, backward and its recomputation)
	// linFLOPs is a training token's compute in the weight matrices
	// without recomputation (6N, 4N for adapters) and attnFwd the forward
	// core attention of a token (attnFLOPsPerToken): the speed model
	// times the two at their own rates (trainTokenSec).
	linFLOPs, attnFwd float64
	prefillFLOPs      float64 // one prompt, attention included
	promptTokens      int
	// prefillPerOutput is the prompt tokens a generation job prefills per
	// token it generates (prompt ÷ output length; 0 when the lengths are
	// not both given: the job counts its generated tokens only).
	prefillPerOutput float64
	// batch is the sizing of a batch generation job (estimate_batch.go):
	// its concurrency follows each GPU's memory; nil otherwise.
	batchJob *batchPlan
	// mtp: decode runs the checkpoint's MTP module as a one-token draft
	// (estimate_spec.go).
	mtp       bool
	minDecode float64
	maxTTFT   float64
	jobTokens float64
	jobMode   bool

	maxNodes  int
	shardings []string // training sharding strategies to try, in order
	// deadline is the calendar hours a job must finish within (0: none;
	// only in job mode).
	deadline float64

	// Speed and set-up inputs (estimate_speed.go, estimate_setup.go).
	context int // tokens per sequence
}

// Estimate returns what the answers need from hardware: the memory with
// its breakdown, the parameter counts, the latency targets, the compute of
// a job-size run and every assumption behind them. No offer is looked at,
// except that MinGPUs uses the largest GPU memory the catalog knows.
// Assumptions are in English; use EstimateWith for another language.
func Estimate(cat *model.Catalog, a model.Answers) model.Requirement {
	return EstimateWith(cat, a, Options{})
}

// EstimateWith is Estimate with options (Options.Lang picks the language of
// the assumptions).
func EstimateWith(cat *model.Catalog, a model.Answers, opt Options) model.Requirement {
	a.Normalize()
	l := langOf(opt.Lang)
	p := newPlan(cat, &a, l)
	if cat != nil {
		p.req.MinGPUs = p.minGPUs(maxUsableVRAM(cat))
	}
	return p.req
}

// newPlan estimates the requirement. a must be normalised; an unset
// context is set to the default the estimate uses.
func newPlan(cat *model.Catalog, a *model.Answers, l lang) *plan {
	e := estimator{p: &plan{prec: a.Precision, batch: max(a.Batch, 1), ctx: cudaContextBytes, reserve: 1}, a: a, l: l, cat: cat}
	e.estimate()
	return e.p
}

// estimator is the estimate stage: it builds the plan of one set of
// answers (the memory with its breakdown, the architecture, the compute,
// the latency targets and every assumption behind them), which the later
// stages read. The plan's own methods are the memory and speed model the
// fit and the ranking use per shape.
type estimator struct {
	p   *plan
	a   *model.Answers
	l   lang
	cat *model.Catalog
}

// say adds an assumption to the requirement.
func (e *estimator) say(key textKey, args ...any) {
	e.p.req.Assumptions = append(e.p.req.Assumptions, e.l.f(key, args...))
}

// estimate fills the plan: the run (job or rented period, deadline and
// nodes), then, by what the answers size the job with, the memory they
// state, a diffusion pipeline, or a language model's weights, memory and
// compute.
func (e *estimator) estimate() {
	p, a := e.p, e.a
	p.context = a.Context
	r := &p.req
	p.training = a.Workload.Training()
	say := e.precision()
	r.Workload, r.Precision = a.Workload, a.Precision
	p.lora = a.Workload == model.WorkloadLoRA || a.Workload == model.WorkloadQLoRA
	p.jobMode = a.DurationMode == model.DurationJob
	if p.jobMode {
		p.jobTokens = a.JobTokens
		r.TokensPerJob = a.JobTokens
	}
	e.nodes()

	if a.Workload == model.WorkloadVRAM {
		p.stated, p.sized = true, a.KnownVRAMGiB > 0
		p.ctx = 0
		r.VRAMGiB = a.KnownVRAMGiB
		e.say(kAsmStated, a.KnownVRAMGiB)
		e.say(kAsmUsable)
		e.latencyTargets()
		return
	}
	preset, sized := e.arch()
	if sized {
		say()
	}
	switch {
	case !sized:
		e.say(kAsmNoSize)
		e.latencyTargets()
		return
	case p.ar.diffusion != nil && !p.training:
		p.sized = true
		e.diffusionPlan(preset)
		e.latencyTargets()
		e.say(kAsmUsable)
		e.hostRAM()
		return
	}
	p.sized = true
	if !p.training && e.embedWorkload(preset) {
		e.embedModel(preset)
		e.say(kAsmUsable)
		e.latencyTargets()
		e.hostRAM()
		return
	}
	e.languageModel(preset)
	e.say(kAsmUsable)
	e.latencyTargets()
	e.hostRAM()
}

// nodes sets the deadline of a job and the most nodes a configuration
// may use: the answer, else a deadline's cap for training, else one node
// (widened by Recommend only when no single node holds the job).
func (e *estimator) nodes() {
	p, a, r := e.p, e.a, &e.p.req
	p.maxNodes = a.MaxNodes
	if p.jobMode && a.DeadlineHours > 0 {
		p.deadline = a.DeadlineHours
		r.DeadlineHours = a.DeadlineHours
	}
	switch {
	case p.deadline > 0 && !p.training:
		e.say(kAsmDeadline, model.FormatDeadline(p.deadline))
	case p.deadline > 0 && p.maxNodes > 0:
		e.say(kAsmDeadlineNodes, model.FormatDeadline(p.deadline), p.maxNodes, e.l.f(kAsmNodesGiven))
	case p.deadline > 0:
		p.maxNodes = deadlineNodeCap
		e.say(kAsmDeadlineNodes, model.FormatDeadline(p.deadline), p.maxNodes, e.l.f(kAsmNodesCap))
	}
	switch {
	case p.maxNodes > 0:
	case p.training:
		// Training across nodes needs a fast network (RDMA) and more
		// operations: offer it only when no single node holds the job.
		p.maxNodes, p.autoNodes = 1, true
		e.say(kAsmOneNodeTrain)
	default:
		// Serving across nodes costs latency and operations: offer it only
		// when no single node can hold the model.
		p.maxNodes, p.autoNodes = 1, true
		e.say(kAsmOneNode)
	}
	r.MaxNodes = p.maxNodes
}

// arch resolves the model the answers name: a preset of the catalog, a
// bare size, or both (a size near the preset's keeps the preset). It
// sets the plan's architecture and returns the preset (nil when none
// applies); sized is false when neither gives a size.
func (e *estimator) arch() (preset *model.ModelPreset, sized bool) {
	p, a, r := e.p, e.a, &e.p.req
	if (a.Model != "" || a.ModelConfig != nil) && e.cat != nil {
		if pr, err := a.ModelPreset(e.cat.Models); err == nil {
			preset = pr
		} else {
			e.say(kAsmUnknownModel, a.Model)
		}
	}
	switch {
	case sizedBy(preset, a):
		p.ar = presetArch(preset)
		r.Model = preset.Name
		e.say(kAsmPreset, preset.Name, preset.Source)
		if p.ar.weightsOnly && (p.ar.diffusion == nil || p.training) {
			e.say(kAsmWeightsOnly)
		}
		return preset, true
	case a.ParamsB > 0:
		p.ar = genericArch(a.ParamsB)
		if preset != nil {
			e.say(kAsmParamsOverride, model.FormatParams(a.ParamsB), preset.Name)
		}
		e.say(kAsmGeneric, p.ar.layers, p.ar.hidden, p.ar.kvHeads, p.ar.headDim)
		return preset, true
	}
	return preset, false
}

// sizedBy reports whether the answers size the model by preset (not
// nil): no parameter count is given, or one within 5% of the preset's.
func sizedBy(preset *model.ModelPreset, a *model.Answers) bool {
	return preset != nil && (a.ParamsB <= 0 || math.Abs(a.ParamsB-preset.ParamsB) <= 0.05*preset.ParamsB)
}

// precision resolves the precision answer in place (and in the plan):
// PrecisionAuto becomes the format the preset's checkpoint ships in
// (ModelPreset.CheckpointPrecision, as vLLM's --dtype auto loads it),
// bf16 when the catalog does not record it or no preset sizes the model;
// training loads a checkpoint shipped narrower than 16 bits cast to bf16.
// A precision given is kept. It returns what says the choice in the
// assumptions (nothing for a precision given), for when the model is
// sized.
func (e *estimator) precision() (say func()) {
	a := e.a
	say = func() {}
	if a.Precision != model.PrecisionAuto && a.Precision != "" {
		e.p.prec = a.Precision
		return say
	}
	var preset *model.ModelPreset
	if (a.Model != "" || a.ModelConfig != nil) && e.cat != nil {
		if pr, err := a.ModelPreset(e.cat.Models); err == nil && sizedBy(pr, a) {
			preset = pr
		}
	}
	var shipped model.Precision
	switch {
	case preset == nil:
		say = func() { e.say(kAsmPrecisionGeneric) }
	case preset.CheckpointPrecision == "":
		say = func() { e.say(kAsmPrecisionUnrecorded, preset.Name) }
	case e.p.training && preset.CheckpointPrecision.BytesPerParam() < model.BF16.BytesPerParam():
		shipped = model.BF16
		say = func() { e.say(kAsmPrecisionTrainCast, preset.Name, string(preset.CheckpointPrecision)) }
	default:
		shipped = preset.CheckpointPrecision
		say = func() { e.say(kAsmPrecisionShipped, string(shipped), preset.Name) }
	}
	a.Precision = a.Precision.Resolve(shipped)
	e.p.prec = a.Precision
	return say
}

// languageModel sizes a language model (preset, when not nil, is the
// catalog's): its context, parameter counts, weights at the precision
// asked, KV cache, the memory of training or serving, and the compute per
// token.
func (e *estimator) languageModel(preset *model.ModelPreset) {
	p, a, r := e.p, e.a, &e.p.req
	ar := &p.ar
	if p.training && !ar.hasShape() {
		// Activations and adapters need a shape: use the generic one.
		g := genericArch(ar.paramsB)
		g.activeB, g.preset = ar.activeB, ar.preset
		*ar = g
		e.say(kAsmGeneric, ar.layers, ar.hidden, ar.kvHeads, ar.headDim)
	}
	maxCtx := 0
	if preset != nil && r.Model != "" {
		maxCtx = preset.MaxContext
	}
	e.resolveContext(maxCtx)
	params := ar.paramsB * 1e9
	p.activeParams = ar.activeB * 1e9
	r.ParamsB, r.ActiveB = ar.paramsB, ar.activeB
	r.Architecture = archText(ar, e.l)
	if ar.experts > 0 {
		e.say(kAsmMoE, model.FormatParams(ar.paramsB), model.FormatParams(ar.activeB), ar.used, ar.experts)
	}
	weightBytes := e.weightBytes(params)
	r.BytesPerParam = weightBytes / params
	p.activeWeightBytes = e.activeBytes(weightBytes, params)

	kvBytes := e.kvCacheBytes()
	r.KVBytesPerToken = ar.kvElemsPerToken() * kvBytes
	if ar.hasShape() && a.Context > 0 {
		r.KVBytesPerToken = ar.kvElemsSeq(a.Context) * kvBytes / float64(a.Context)
	}
	if p.training {
		e.trainingMemory(params, weightBytes)
	} else {
		e.inferenceMemory(weightBytes, kvBytes)
	}
	e.compute()
}

// fp4Bits is the storage of one weight in a 4-bit floating-point format,
// its block scale included: NVFP4 4.5 bits, MXFP4 4.25.
func fp4Bits(p model.Precision) float64 {
	if p == model.MXFP4 {
		return mxfp4Bits
	}
	return nvfp4Bits
}

// weightBytes is the weights of a model of params parameters at the
// precision asked: quantised formats keep the embedding and LM head in 16
// bits; full training keeps its own precision whatever the inference
// precision asked.
func (e *estimator) weightBytes(params float64) float64 {
	p, a := e.p, e.a
	embed := p.ar.embedParams()
	bpp := a.Precision.BytesPerParam()
	quant := false
	switch {
	case a.Workload == model.WorkloadQLoRA:
		bpp, quant = nf4Bits/8, true
		e.say(kAsmNF4)
		if a.Precision != model.INT4 {
			e.say(kAsmQLoRAPrecision, string(a.Precision))
		}
	case p.training && !p.lora:
		// Full training: mixed precision (or fp32) whatever the inference
		// precision asked.
		if a.Precision == model.INT8 || a.Precision == model.INT4 || a.Precision.FP4() {
			e.say(kAsmTrainQuant, string(a.Precision))
		}
	case a.Precision == model.INT4:
		bpp, quant = int4Bits/8, true
		e.say(kAsmInt4)
	case a.Precision.FP4():
		bpp, quant = fp4Bits(a.Precision)/8, true
		e.say(kAsmFP4, string(a.Precision), fp4Bits(a.Precision))
		if !p.training {
			e.say(kAsmFP4Peak)
		}
	case a.Precision == model.FP8 || a.Precision == model.INT8:
		quant = true
	}
	if quant && embed > 0 {
		e.say(kAsmEmbed16)
	}
	// Routed experts that ship in a narrower format of their own (gpt-oss:
	// MXFP4) are served as shipped; training sizes them at its precision.
	ex, eb := p.ar.shippedExperts(), p.ar.expertBits/8
	switch {
	case ex > 0 && p.training:
		if a.Workload != model.WorkloadQLoRA {
			e.say(kAsmExpertTrain, model.FormatParams(ex/1e9))
		}
		ex = 0
	case ex > 0 && eb < bpp:
		e.say(kAsmExpertFormat, model.FormatParams(ex/1e9), p.ar.expertBits, string(a.Precision))
	default:
		ex = 0
	}
	if quant {
		return (params-embed-ex)*bpp + embed*2 + ex*eb
	}
	return (params-ex)*bpp + ex*eb
}

// activeBytes is the weights one token reads: the active share of
// weightBytes, except that the routed experts of a checkpoint shipping
// them in their own format are read at that format (the experts one
// token routes to are used/experts of them) and the rest at the bytes per
// parameter the others are held in.
func (e *estimator) activeBytes(weightBytes, params float64) float64 {
	ar := &e.p.ar
	ex, eb := ar.shippedExperts(), ar.expertBits/8
	restBpp := 0.0
	if ex > 0 && params > ex {
		restBpp = (weightBytes - ex*eb) / (params - ex)
	}
	if ex <= 0 || e.p.training || ar.experts <= 0 || restBpp <= eb {
		return weightBytes * ar.activeB / ar.paramsB
	}
	activeEx := ex * float64(ar.used) / float64(ar.experts)
	return (ar.activeB*1e9-activeEx)*restBpp + activeEx*eb
}

// compute sets the compute per token (training: 6N, 4N for adapters, plus
// what recomputation adds; inference 2N, N the active parameters) and a
// job's total.
func (e *estimator) compute() {
	p, a := e.p, e.a
	active := p.activeParams
	if p.training {
		switch {
		case p.lora:
			p.linFLOPs = 4 * active
			e.say(kAsmFLOPsLoRA)
		default:
			p.linFLOPs = 6 * active
			e.say(kAsmFLOPsFull)
		}
		if p.ar.hasShape() {
			p.attnFwd = p.ar.attnFLOPsPerToken(a.Context)
			e.say(kAsmFLOPsAttn, 100*3*p.attnFwd/p.linFLOPs, model.FormatContext(a.Context), pct(attnMFU))
		}
		switch p.recompute {
		case recomputeSelective:
			e.say(kAsmFLOPsSelective, 100*p.attnFwd/(6*active))
		case recomputeFull:
			e.say(kAsmFLOPsRecompute)
		}
		p.flopsPerToken = p.train().trainFLOPs(p.recompute)
		e.say(kAsmMFU, effSummary(e.l, trainEff))
	} else {
		p.flopsPerToken = 2 * active
	}
	if p.jobMode {
		p.req.FLOPs = p.flopsPerToken * a.JobTokens
		if !p.training && p.batchJob == nil {
			e.say(kAsmGenJob)
		}
	}
}

// trainFLOPs is the compute of one training token with recomputation
// rc: the weight matrices (6N, 4N for adapters; full recomputation
// re-runs their forward pass, +2N) and the core attention (forward and
// backward, 3 x its forward; any recomputation re-runs its forward).
func (p trainer) trainFLOPs(rc uint8) float64 {
	lin, attn := p.linFLOPs, 3*p.attnFwd
	if rc == recomputeFull {
		lin += 2 * p.activeParams
	}
	if rc != recomputeNone {
		attn += p.attnFwd
	}
	return lin + attn
}

// resolveContext fixes the sequence length of the estimate: the context
// given, kept even when it exceeds the model's maximum (maxCtx, 0 when
// unknown; a note says so), or the default for the workload, never longer
// than the maximum.
func (e *estimator) resolveContext(maxCtx int) {
	p, a := e.p, e.a
	r := &p.req
	if a.Context > 0 {
		r.Context = a.Context
		if maxCtx > 0 && a.Context > maxCtx {
			p.ctxOverMax = maxCtx
			e.say(kAsmContextOverMax, model.FormatContext(a.Context), model.FormatContext(maxCtx))
		}
		return
	}
	c, key := defaultServeContext, kAsmContextServe
	if p.training {
		c, key = defaultTrainContext, kAsmContextTrain
	}
	if maxCtx > 0 && c > maxCtx {
		c, key = maxCtx, kAsmContextMax
	}
	if n := a.PromptTokens + a.OutputTokens; !p.training && n > c {
		// The KV cache holds the whole request: the prompt and output
		// given set the context, past the model's maximum with its note.
		c, key = n, kAsmContextLengths
		if maxCtx > 0 && n > maxCtx {
			p.ctxOverMax = maxCtx
			e.say(kAsmContextOverMax, model.FormatContext(n), model.FormatContext(maxCtx))
		}
	}
	a.Context = c
	r.Context, r.ContextDefault = c, true
	e.say(key, model.FormatContext(c))
}

// attnFLOPsPerToken is the forward core-attention compute of one token
// (QK^T and softmax x V over a causal context of s tokens):
// 2 x 2 x (s / 2) x heads x head_dim per layer. The causal mask is
// discounted: a token attends to s / 2 keys on average, as FlashAttention
// computes it and as Megatron-LM's and NeMo's FLOP formulas count it
// since NeMo's PR #14424 (before it NeMo's llama2 formula counted
// 12 x s / h per layer and h^2, the whole score matrix: its published
// TFLOP/s of long sequences are converted to tokens/s with that count).
func (ar *modelArch) attnFLOPsPerToken(s int) float64 {
	d := float64(ar.heads * ar.headDim)
	if d == 0 {
		d = float64(ar.hidden)
	}
	return 2 * float64(ar.layers) * float64(s) * d
}

// inferenceMemory fills weights, KV cache, the prefill workspace and the
// engine reservation.
func (e *estimator) inferenceMemory(weightBytes, kvBytes float64) {
	p, a := e.p, e.a
	r, ar := &p.req, &p.ar
	p.weights = weightBytes
	e.speculative()
	if p.jobMode && a.Latency == model.LatencyBatch {
		e.batchPlan(kvBytes)
	}
	e.moeServing(weightBytes)
	p.kvSeq = r.KVBytesPerToken * float64(a.Context)
	if ar.hasShape() {
		p.kvSeq = ar.kvElemsSeq(a.Context) * kvBytes
	}
	kv := p.kvSeq * float64(p.batch)
	if ar.hasShape() {
		if ar.mla {
			e.say(kAsmKVMLA, ar.kvLoraRank, ar.ropeDim, a.Context, p.batch)
		} else {
			e.say(kAsmKV, ar.layers, ar.kvHeads, ar.headDim, a.Context, p.batch, int(kvBytes))
		}
		switch {
		case ar.linearState > 0:
			e.say(kAsmLinearState, ar.globalLayers(), ar.layers-ar.globalLayers(), ar.linearState, int(kvBytes))
		case ar.window > 0 && ar.allLocal:
			e.say(kAsmWindowAll, ar.window)
		case ar.window > 0 && ar.chunked:
			e.say(kAsmWindowChunked, ar.globalLayers(), ar.layers-ar.globalLayers(), ar.window)
		case ar.window > 0:
			e.say(kAsmWindowHybrid, ar.globalLayers(), ar.layers-ar.globalLayers(), ar.window)
		case ar.windowUnused > 0:
			e.say(kAsmWindowUnused, ar.windowUnused)
		}
		tokens := math.Min(float64(a.Context)*float64(p.batch), chunkTokens)
		p.act = tokens*(4*float64(ar.hidden)+4*ar.ffnActive()) + float64(p.batch)*float64(ar.vocab)*4
		e.say(kAsmPrefillAct, int(tokens))
	}
	p.reserve = engineReserve
	e.say(kAsmEngine, pct(engineReserve), cudaContextBytes/gib)

	b := &r.Breakdown
	b.WeightsGiB = p.weights / gib
	b.KVCacheGiB = kv / gib
	b.ActivationsGiB = p.act / gib
	need := p.perGPUInference(1, 1, 1)
	b.OverheadGiB = need/gib - b.WeightsGiB - b.KVCacheGiB - b.ActivationsGiB
	r.VRAMGiB = b.Total()
	r.PerGPUFixedGiB = (p.act + p.ctx) / gib

	// Prefill compute of one prompt: 2 x active params per token plus
	// causal attention (2 x layers x s^2 x heads x head_dim).
	p.promptTokens = max(1, int(float64(a.Context)*promptShare))
	if a.PromptTokens > 0 {
		p.promptTokens = a.PromptTokens
	}
	if p.jobMode && a.PromptTokens > 0 && a.OutputTokens > 0 {
		p.prefillPerOutput = float64(a.PromptTokens) / float64(a.OutputTokens)
	}
	if b := p.batchJob; b != nil {
		// A batch job's lengths, given or its defaults.
		p.promptTokens = b.prompt
		p.prefillPerOutput = float64(b.prompt) / float64(b.output)
	}
	s := float64(p.promptTokens)
	p.prefillFLOPs = 2 * p.activeParams * s
	if ar.hasShape() {
		hd := float64(ar.heads * ar.headDim)
		if hd == 0 {
			hd = float64(ar.hidden)
		}
		p.prefillFLOPs += 2 * float64(ar.layers) * s * s * hd
	}
}

// trainingMemory fills weights, gradients, optimizer states and
// activations for full training or adapters (Hugging Face "Model training
// anatomy": mixed-precision AdamW keeps 6 bytes of weights, 4 of gradients
// and 8 of optimizer states per parameter, 18 in all).
func (e *estimator) trainingMemory(params, baseBytes float64) {
	p, a := e.p, e.a
	r, ar := &p.req, &p.ar
	b := &r.Breakdown
	if p.lora {
		// Adapter weights, gradients and AdamW states: PEFT keeps LoRA
		// weights in fp32 (4+4+8 bytes); the QLoRA reference casts them to
		// bf16 (2+2+8).
		wB, gB := 4.0, 4.0
		if a.Workload == model.WorkloadQLoRA {
			wB, gB = 2, 2
		}
		ap := ar.loraParams(loraRank)
		r.LoRARank, r.AdapterParamsB = loraRank, ap/1e9
		p.weights = baseBytes + ap*wB
		p.grads = ap * gB
		p.optim = ap * 8
		e.say(kAsmLoRA, loraRank, model.FormatParams(ap/1e9), int(wB+gB+8))
	} else {
		wB := 6.0
		if a.Precision == model.FP32 {
			wB = 4
		}
		p.weights = params * wB
		p.grads = params * 4
		p.optim = params * 8
		if a.Precision == model.FP32 {
			e.say(kAsmFP32Train)
		} else {
			e.say(kAsmMixed)
		}
	}
	// Activations of one micro-batch per GPU (Korthikanti et al. 2022:
	// 34 x s x b x h bytes per layer in 16 bits with FlashAttention keeping
	// no s^2 scores; full recomputation keeps only 2 x s x b x h per layer
	// plus one layer being recomputed), plus the logits for the loss.
	s, bt, h := float64(a.Context), float64(p.batch), float64(ar.hidden)
	per := 34 * s * bt * h
	act := float64(ar.layers) * per
	switch {
	case a.GradCheckpointing && a.Workload == model.WorkloadPretrain:
		// Selective recompute (Megatron-LM) drops only the s^2 attention
		// scores, which FlashAttention never keeps; the layout divides
		// the rest (layout.go).
		p.recompute = recomputeSelective
		e.say(kAsmActSelective, a.Context, p.batch)
	case a.GradCheckpointing:
		p.recompute = recomputeFull
		act = float64(ar.layers)*2*s*bt*h + per
		e.say(kAsmActCkpt, a.Context, p.batch)
	default:
		e.say(kAsmAct, a.Context, p.batch)
	}
	act += s * bt * float64(ar.vocab) * logitBytes
	e.say(kAsmChunkedLoss, lossChunks)
	if a.Precision == model.FP32 {
		act *= 2
	}
	p.act = act

	b.WeightsGiB = p.weights / gib
	b.GradientsGiB = p.grads / gib
	b.OptimizerGiB = p.optim / gib
	b.ActivationsGiB = p.act / gib
	b.OverheadGiB = p.ctx / gib
	e.say(kAsmContext, cudaContextBytes/gib)
	r.VRAMGiB = b.Total()
	r.PerGPUFixedGiB = (p.act + p.ctx) / gib

	if a.Workload == model.WorkloadPretrain {
		e.say(kAsmGlobalBatch, float64(pretrainBatchTokens)/1e6)
	} else {
		e.say(kAsmGlobalBatchSeqs, finetuneBatchSeqs)
	}
	if !p.lora {
		e.say(kAsmLayoutPlan)
	}
	switch a.Sharding {
	case "":
		p.shardings = []string{"none", "zero1", "zero2", "zero3"}
		e.say(kAsmShardAuto)
	default:
		p.shardings = []string{a.Sharding}
		e.say(kAsmShardGiven, a.Sharding)
	}
}

// latencyTargets sets the per-stream speed and first-token limits of the
// latency class (inference only).
func (e *estimator) latencyTargets() {
	p, a, l := e.p, e.a, e.l
	if p.training || p.stated {
		return
	}
	if p.image != nil {
		// Images are timed per image (estimate_diffusion.go).
		e.imageLatency()
		return
	}
	// The interactive class is MLPerf Inference's server scenario for the
	// chat models: TPOT at most 100 ms (llama3_1-8b) and TTFT at most
	// 2,000 ms (llama2-70b, mixtral-8x7b, llama3_1-8b and deepseek-r1;
	// mlcommons/inference loadgen/mlperf.conf@001712e9). Realtime is
	// stricter than the server scenario, near its interactive variants
	// (TPOT 30-40 ms, TTFT 450-1,500 ms).
	switch a.Latency {
	case model.LatencyRealtime:
		p.minDecode, p.maxTTFT = 30, 1
	case model.LatencyInteractive:
		p.minDecode, p.maxTTFT = 10, 2
	}
	if p.embed != nil {
		// Nothing is decoded: the class limits the time of one request.
		p.minDecode = 0
	}
	p.req.MinDecodeTokensPerSec, p.req.MaxTimeToFirstTokenSec = p.minDecode, p.maxTTFT
	if p.minDecode > 0 && p.sized {
		if a.PromptTokens > 0 {
			p.req.Assumptions = append(p.req.Assumptions, l.f(kAsmDecodePrompt, effSummary(l, decodeEff), model.FormatContext(a.PromptTokens), effSummary(l, prefillEff)))
		} else {
			p.req.Assumptions = append(p.req.Assumptions, l.f(kAsmDecode, effSummary(l, decodeEff), pct(promptShare), effSummary(l, prefillEff)))
		}
	}
	if p.jobMode && p.sized && !p.training && p.batchJob == nil {
		if p.prefillPerOutput > 0 {
			p.req.Assumptions = append(p.req.Assumptions, l.f(kAsmJobPrefill, model.FormatContext(a.PromptTokens), model.FormatContext(a.OutputTokens)))
		} else {
			p.req.Assumptions = append(p.req.Assumptions, l.f(kAsmJobDecodeOnly))
		}
	}
}

// perGPUInference is the memory one GPU needs with tensor parallel degree
// t, r replicas per node and pp pipeline stages (nodes).
func (p *plan) perGPUInference(t, r, pp int) float64 {
	x := p.shareInference(t, r, pp)
	if p.stated {
		return x
	}
	return math.Max((x+p.act)/p.reserve, x+p.act+p.ctx)
}

// shareInference is the sharded part of one GPU's memory: its slice of the
// weights and of its replica's KV cache. A model that is never split (a
// diffusion pipeline) keeps all its weights on every GPU, with the
// workspace of the images it makes at once beyond the first (p.act). A
// MoE model laid out with expert parallelism and data-parallel attention
// (expertLayout) holds its share of the experts, the other weights whole
// and the KV cache of its own sequences (estimate_moe.go).
func (p *plan) shareInference(t, r, pp int) float64 {
	if p.stated {
		return p.req.VRAMGiB * gib / float64(t*pp)
	}
	seqs := (p.batch + r - 1) / r
	if p.single {
		return p.weights + p.imageWS*float64(seqs-1)
	}
	if expertLayout(p, t, r, pp) {
		return epShare(p, t, seqs)
	}
	return tpShare(p, t, seqs, pp)
}

// shardSplit returns the part of the training state that is divided among
// n GPUs and the part every GPU keeps, for a sharding strategy (ZeRO,
// Rajbhandari et al. 2020: stage 1 shards optimizer states, 2 also
// gradients, 3 / FSDP also the weights).
func (p *plan) shardSplit(z string) (split, whole float64) {
	switch z {
	case "zero1":
		return p.optim, p.weights + p.grads
	case "zero2":
		return p.grads + p.optim, p.weights
	case "zero3", "fsdp":
		return p.weights + p.grads + p.optim, 0
	}
	return 0, p.weights + p.grads + p.optim
}

// perGPUTraining is the memory one of n GPUs needs under sharding z with
// data parallelism alone.
func (p *plan) perGPUTraining(z string, n int) float64 {
	return p.train().layoutMem(p.train().dataLayout(n, z))
}

// tensorParallel returns the tensor-parallel degree for n GPUs and the
// replicas per node: the largest power of two up to n that divides the
// attention heads and fits the KV heads (vLLM: the KV heads divide by it,
// or it by them, then KV heads are replicated).
func (p *plan) tensorParallel(n int) (t, r int) {
	if n <= 1 {
		return 1, 1
	}
	if p.single {
		return 1, n
	}
	heads, kv := p.ar.heads, p.ar.kvHeadsEff()
	if p.stated || heads <= 0 {
		return n, 1
	}
	t = 1
	for c := 2; c <= n; c *= 2 {
		if heads%c == 0 && (p.ar.mla || kv%c == 0 || c%kv == 0) {
			t = c
		}
	}
	return t, n / t
}

// minGPUs is the fewest GPUs of memory v GiB (one node) that hold the job,
// 0 when none does (or v is unknown).
func (p *plan) minGPUs(v float64) int {
	if v <= 0 || !p.sized {
		return 0
	}
	cap := v * gib
	for n := 1; n <= 4096; n *= 2 {
		if p.training {
			if p.train().trainFits(n, cap) {
				return p.refineMin(n, cap)
			}
			continue
		}
		t, r := p.tensorParallel(n)
		if p.perGPUInference(t, r, 1) <= cap {
			return p.refineMin(n, cap)
		}
	}
	return 0
}

// trainFits reports whether some layout holds the training run on one
// node of n GPUs of cap bytes, tensor parallelism over all of them.
func (p trainer) trainFits(n int, cap float64) bool {
	fits := false
	p.eachLayout(n, 1, n, func(l trainLayout) {
		fits = fits || p.layoutMem(l) <= cap
	})
	return fits
}

// refineMin finds the exact smallest count between n/2 and n.
func (p *plan) refineMin(n int, cap float64) int {
	for k := n/2 + 1; k < n; k++ {
		if p.training {
			if p.train().trainFits(k, cap) {
				return k
			}
			continue
		}
		t, r := p.tensorParallel(k)
		if p.perGPUInference(t, r, 1) <= cap {
			return k
		}
	}
	return n
}

// pct formats a share as a whole percentage.
func pct(f float64) int { return int(math.Round(f * 100)) }
