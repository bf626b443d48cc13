package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// peakFLOPS is the dense tensor throughput (FLOP/s) the work runs at on a
// GPU, or 0 when the figure is unknown. Weight-only int8/int4 kernels
// compute in 16 bits; FP8 runs at FP8 rate only where the GPU supports it;
// FP4 and MXFP4 run at the FP8 rate where the GPU has FP4 tensor cores (the
// catalog has no FP4 column: the worse case, see kAsmFP4Peak) and
// weight-only at 16 bits elsewhere.
func peakFLOPS(g *model.GPU, prec model.Precision, training bool) float64 {
	if g == nil {
		return 0
	}
	switch prec {
	case model.FP32:
		return g.FP32TFLOPS * 1e12
	case model.FP8:
		if g.FP8 == model.Yes && g.FP8TFLOPS > 0 {
			return g.FP8TFLOPS * 1e12
		}
	case model.FP4, model.MXFP4:
		if fp4Native(g) && g.FP8TFLOPS > 0 {
			return g.FP8TFLOPS * 1e12
		}
	}
	return g.BF16TFLOPS * 1e12
}

// actBytes is the size of one activation value moved between GPUs: 16
// bits (inference engines and mixed-precision training exchange bf16 or
// fp16 activations and gradients).
const actBytes = 2

// speedIn is one configuration to estimate: n GPUs per node (of which a
// replica uses t for tensor parallelism, r replicas per node), nodes
// nodes, the network and, for training, the sharding strategy.
type speedIn struct {
	g *model.GPU
	// eff is g's efficiency row when the caller has it (an index's
	// shape: index.shapeEff); nil for efficiencyOf(g).
	eff  *gpuEff
	frac float64
	// vram is the usable memory of one GPU (or slice) in bytes, which
	// sizes a batch job's concurrency; 0 when unknown.
	vram           float64
	n, t, r, nodes int
	net            topo
	sharding       string
	// lay is a training run's layout; its zero value is data parallelism
	// alone under sharding.
	lay trainLayout
}

// efficiency is the efficiency row of the input's GPU.
func (in *speedIn) efficiency() *gpuEff {
	if in.eff != nil {
		return in.eff
	}
	return efficiencyOf(in.g)
}

// commCost is what moving data costs a configuration, for the reason
// shown with its speed: the collectives of one step (a decode token or a
// training micro-batch), the time each takes, the communication and
// compute time of the step and the whole step.
type commCost struct {
	what       uint8 // commTP, commPipeline, commGrad, commShard, commExperts
	count      int
	each       float64 // seconds per collective
	comm, step float64 // seconds per step
	compute    float64 // seconds per step without communication
	// moe is the fixed routed-expert latency of a decode step (moeLayerUS
	// per MoE layer), over moeLayers layers.
	moe       float64
	moeLayers int
	// ep is the GPUs of an expert-parallel layout (commDPAttn).
	ep          int
	mfu         float64 // training utilisation after the derate
	baseMFU     float64 // the GPU family's training utilisation (efficiency.go)
	intra, node linkKind
	// the network's caveats, for the reason
	geforce, assumed, nicAssumed bool
	nodeGbps                     float64
	// A batch job's step (estimate_batch.go): the sequences a replica
	// runs at once, what sets them, and the step's memory and compute
	// time in seconds.
	batchSeqs              int
	batchBy                batchLimit
	batchMem, batchCompute float64
}

// withNet records the caveats of a network in a commCost.
func (cc commCost) withNet(t *topo) commCost {
	cc.geforce, cc.assumed, cc.nicAssumed, cc.nodeGbps = t.geforce, t.intraAssumed, t.nicAssumed, t.nodeGbps
	return cc
}

// What a configuration's communication is.
const (
	commNone uint8 = iota
	commTP
	commPipeline
	commGrad
	commShard
	commExperts
	commDPAttn
)

// shapeSpeed estimates the speed of the workload on one configuration with
// a network inferred from nvlink (1 NVSwitch, -1 PCIe, 0 not documented)
// and rdma; training uses the last sharding strategy the plan allows.
// jobHours is the length of a job-size run, 0 when unknown or not a job.
func (p *plan) shapeSpeed(g *model.GPU, frac float64, n, t, r, nodes int, nvlink int8, rdma model.Tri) (sp model.Speed, jobHours float64) {
	ic := model.InterconnectUnknown
	switch {
	case nvlink > 0:
		ic = model.InterconnectNVSwitch
	case nvlink < 0:
		ic = model.InterconnectPCIe
	}
	in := speedIn{g: g, frac: frac, n: n, t: t, r: r, nodes: nodes, net: topoOf(g, nvlink, ic, rdma, 0, n, nodes)}
	if g != nil {
		in.vram = g.UsableGiB * gib * frac
	}
	if len(p.shardings) > 0 {
		in.sharding = p.shardings[len(p.shardings)-1]
	}
	sp, jobHours, _ = p.speedOf(in)
	return sp, jobHours
}

// speedOf estimates the speed of the workload on one configuration, with
// what its communication costs.
func (p *plan) speedOf(in speedIn) (sp model.Speed, jobHours float64, cc commCost) {
	jobHours = p.speedInto(&in, &sp, &cc)
	return sp, jobHours, cc
}

// ttftUnknown reports whether the class limits the first-token time and
// the speed has none: the speed is then unknown to the class.
func (p *plan) ttftUnknown(sp *model.Speed) bool {
	return p.maxTTFT > 0 && sp.TimeToFirstTokenSec == 0
}

// meetsText reports whether a language model's speed meets the latency
// class: a decode speed per stream of at least its minimum and a first
// token no later than its limit, both known; the batch class (no limit)
// is met by any speed. The one rule of the text classes: the ranking's
// tiers and a ranking with a limit dropped (explain_gates.go) both read it.
func (p *plan) meetsText(sp *model.Speed) bool {
	switch {
	case p.minDecode == 0 && p.maxTTFT == 0:
		return true // batch: throughput only
	case sp.Unknown || sp.DecodeTokensPerSec < p.minDecode:
		return false
	}
	return p.maxTTFT == 0 || sp.TimeToFirstTokenSec > 0 && sp.TimeToFirstTokenSec <= p.maxTTFT
}

// speedInto is speedOf writing the speed and the communication's cost
// into sp and cc (both zero on entry), so a caller that keeps them in a
// shape's result does not copy them there.
func (p *plan) speedInto(in *speedIn, sp *model.Speed, cc *commCost) (jobHours float64) {
	frac := in.frac
	if !(frac > 0 && frac <= 1) {
		frac = 1
	}
	if p.stated || !p.sized {
		sp.MeetsLatency = true
		sp.Unknown = p.jobMode
		return 0
	}
	if p.image != nil {
		// A diffusion pipeline runs whole on each GPU: nothing moves
		// between them (estimate_diffusion.go).
		*sp, jobHours = p.imageSpeed(in.g, frac, max(in.n, 1)*max(in.nodes, 1))
		return jobHours
	}
	if p.embed != nil {
		return p.embedSpeed(in.g, frac, max(in.n, 1)*max(in.nodes, 1), in.t, sp)
	}
	if p.training {
		*sp, jobHours, *cc = p.trainSpeed(*in, frac)
		return jobHours
	}
	sp.Engine = model.EngineVLLM
	return p.inferSpeed(in, frac, sp, cc)
}

// linkFields records the network in a Speed.
func linkFields(sp *model.Speed, net *topo, multiGPU bool) {
	if multiGPU {
		sp.Link = net.intra.kind.String()
		sp.LinkAssumed = net.intraAssumed
		sp.LinkGBs = net.intra.bw / 1e9
	}
	if net.nodes > 1 {
		sp.NodeLink = net.inter.kind.String()
		sp.NodeGbps = net.nodeGbps
	}
}

// moeSplit returns the parameters outside the routed experts and the
// parameters of one routed expert (all layers), from the total and active
// counts: total = dense + E x expert, active = dense + k x expert.
func (m *modelArch) moeSplit() (dense, expert float64) {
	total, active := m.paramsB*1e9, m.activeB*1e9
	if m.experts <= 0 || m.used <= 0 || m.experts <= m.used || total <= active {
		return active, 0
	}
	expert = (total - active) / float64(m.experts-m.used)
	return active - float64(m.used)*expert, expert
}

// moeFixed is the fixed time of an MoE decode step beyond its weight
// bytes and collectives, in seconds: moeLayerUS per layer for the routed
// experts and, with MLA, mlaLayerUS for the rest of the layer (link.go).
// 0 for a dense model.
func (m *modelArch) moeFixed() float64 {
	if m.experts <= 0 || m.used <= 0 || m.layers <= 0 {
		return 0
	}
	us := moeLayerUS
	if m.mla {
		us += mlaLayerUS
	}
	return float64(m.layers) * us * 1e-6
}

// expertsTouched is the expected number of distinct experts a batch of b
// tokens routes to when each picks k of e uniformly: e(1-(1-k/e)^b). One
// token reads k experts; a large batch reads them all.
func expertsTouched(e, k, b int) float64 {
	if e <= 0 || k <= 0 {
		return 0
	}
	if b <= 1 {
		return float64(k)
	}
	return float64(e) * (1 - math.Pow(1-float64(k)/float64(e), float64(b)))
}

// inferSpeed: decode is memory-bound (bytes read per step over the memory
// bandwidth) plus the collectives of tensor parallelism and of pipeline
// stages; prefill is compute-bound plus the same collectives on the
// prompt's activations.
func (p *plan) inferSpeed(in *speedIn, frac float64, sp *model.Speed, cc *commCost) (jobHours float64) {
	g, t, r, nodes := in.g, max(in.t, 1), max(in.r, 1), max(in.nodes, 1)
	ar := &p.ar
	bw := 0.0
	if g != nil {
		bw = g.MemBandwidthGBs * 1e9 * frac
	}
	peak := peakFLOPS(g, p.prec, false) * frac
	eff := in.efficiency()
	sp.PromptTokens = p.promptTokens
	tp, pipe := netsOf(in)
	linkFields(sp, &tp, t > 1)
	if nodes > 1 {
		linkFields(sp, &pipe, false)
	}
	layers := float64(ar.layers)
	hidden := float64(ar.hidden)
	moe := ar.experts > 0 && ar.used > 0
	// collectives of one forward pass over tokens tokens: tensor
	// parallelism all-reduces the attention and MLP outputs of each layer
	// (Megatron-LM); an MoE layer instead dispatches each token to its
	// experts and combines the results (two all-to-alls) after the
	// attention all-reduce; a pipeline passes the activations to the next
	// node.
	var fwdComm fwdCollectives = func(tokens float64) (sec float64, count int, each float64) {
		msg := tokens * hidden * actBytes
		if t > 1 && layers > 0 {
			if moe {
				a2a := tp.allToAll(msg * float64(ar.used) / float64(t))
				ar1 := tp.allReduce(msg)
				sec += layers * (ar1 + 2*a2a)
				count += int(layers) * 3
				each = (ar1 + 2*a2a) / 3
			} else {
				a := tp.allReduce(msg)
				sec += layers * 2 * a
				count += int(layers) * 2
				each = a
			}
		}
		if nodes > 1 {
			s := pipe.sendNext(msg)
			sec += float64(nodes-1) * s
			count += nodes - 1
			if each == 0 {
				each = s
			}
		}
		return sec, count, each
	}

	known := bw > 0
	ep := expertLayout(p, t, r, nodes)
	switch {
	case known && p.batchJob != nil:
		p.batchJob.decode(p, in, bw, peak, fwdComm, sp, cc)
	case known:
		serveDecode(p, in, bw, peak, fwdComm, sp, cc)
	}
	if peak > 0 && p.prefillFLOPs > 0 {
		comm, _, _ := fwdComm(float64(p.promptTokens))
		share, rate := 1/float64(t), float64(r)
		if ep {
			// A data-parallel rank prefills its own prompts, the t
			// ranks at once.
			comm, _, _ = epComm(p, &tp, &pipe, nodes, float64(p.promptTokens))
			share, rate = epPrefillShare(p, t), float64(r*t)
		}
		sp.TimeToFirstTokenSec = p.prefillFLOPs*share/(peak*eff.prefill.v) + comm
		sp.PrefillTokensPerSec = rate * float64(p.promptTokens) / sp.TimeToFirstTokenSec
		sp.Utilisation = eff.prefill.v
	}
	sp.Unknown = !known || p.ttftUnknown(sp)
	sp.MeetsLatency = p.meetsText(sp)
	if p.jobMode && sp.ThroughputTokensSec > 0 {
		jobHours = generationHours(p, sp)
		sp.JobHours = jobHours
	}
	return jobHours
}

// fwdCollectives is the collectives of one forward pass over a number of
// tokens: their seconds, count and the seconds of each.
type fwdCollectives func(tokens float64) (sec float64, count int, each float64)

// netsOf is the network of a configuration's tensor-parallel (or
// expert-parallel) GPUs and of its pipeline across nodes.
func netsOf(in *speedIn) (tp, pipe topo) {
	t := max(in.t, 1)
	tp, pipe = in.net.within(t), in.net
	pipe.perNode = t
	return tp, pipe
}

// serveDecode writes the decode speed of a served configuration (not a
// batch job): a step reads the weights and the KV cache of the streams
// of a replica over its GPUs' bandwidth, moves the layout's collectives
// (fwd under tensor parallelism, epComm under expert parallelism) and
// pays the MoE layers' fixed time; with MTP a step verifies a draft.
func serveDecode(p *plan, in *speedIn, bw, peak float64, fwd fwdCollectives, sp *model.Speed, cc *commCost) {
	ar := &p.ar
	t, r, nodes := max(in.t, 1), max(in.r, 1), max(in.nodes, 1)
	tp, pipe := netsOf(in)
	eff := in.efficiency()
	moe := ar.experts > 0 && ar.used > 0
	seqs := (p.batch + r - 1) / r
	ep := expertLayout(p, t, r, nodes)
	// stepAt is the memory and communication time of a step that runs k
	// tokens of each stream (k = 2 verifies an MTP draft).
	stepAt := func(k int) (mem, comm float64, count int, each float64) {
		if ep {
			comm, count, each = epComm(p, &tp, &pipe, nodes, float64((seqs+t-1)/t*k))
			return epStepBytes(p, t, seqs, k, p.kvSeq) / (bw * eff.decode.v), comm, count, each
		}
		// Weights read per step: the active weights for one token; an
		// MoE batch reads every expert one of its tokens routes to.
		wb := p.activeWeightBytes
		if moe && seqs*k > 1 && p.activeParams > 0 {
			dense, expert := ar.moeSplit()
			wb = (dense + expert*expertsTouched(ar.experts, ar.used, seqs*k)) * p.activeWeightBytes / p.activeParams
		}
		bytesPerStep := wb/float64(t) + p.kvSeq*float64(seqs)/float64(min(t, ar.kvHeadsEff()))
		comm, count, each = fwd(float64(seqs * k))
		return bytesPerStep / (bw * eff.decode.v), comm, count, each
	}
	mem, comm, count, each := stepAt(1)
	// MoE layers' fixed time beyond their bytes (moeFixed).
	route := ar.moeFixed()
	step := mem + comm + route
	if p.mtp {
		mem2, comm2, _, _ := stepAt(2)
		step = specStep(step, mem2+comm2+route, ar.layers)
	}
	if ep {
		step *= 1 + epSyncLoss
	}
	if step > 0 {
		sp.DecodeTokensPerSec = 1 / step
		sp.ThroughputTokensSec = float64(p.batch) / step
		sp.BandwidthUtilisation = eff.decode.v * mem / step
		sp.CommShare = comm / step
	}
	if comm > 0 {
		*cc = commCost{what: commTP, count: count, each: each, comm: comm, step: step, compute: mem, intra: tp.intra.kind, node: pipe.inter.kind}.withNet(&pipe)
		switch {
		case t <= 1:
			cc.what, cc.intra = commPipeline, linkNone
		case ep:
			cc.what, cc.ep = commDPAttn, t
		}
		if t > 1 {
			cc.assumed = tp.intraAssumed
		}
	}
	if route > 0 {
		cc.moe, cc.moeLayers, cc.step, cc.compute = route, ar.layers, step, mem
	}
	if peak > 0 && p.flopsPerToken > 0 {
		used := float64(t * r * nodes)
		cap := used * peak * eff.prefill.v / p.flopsPerToken
		sp.ThroughputTokensSec = math.Min(sp.ThroughputTokensSec, cap)
	}
}

// generationHours is how long a generation job of p.jobTokens tokens runs
// at speed sp: each generated token's share, plus, with the lengths given
// outside a batch job (whose throughput counts its prompts' prefill
// already), the prefill of its share of a prompt at the prefill speed
// (prefill is compute-bound and takes the GPUs from decoding).
func generationHours(p *plan, sp *model.Speed) float64 {
	perToken := 1 / sp.ThroughputTokensSec
	if p.prefillPerOutput > 0 && sp.PrefillTokensPerSec > 0 && p.batchJob == nil {
		perToken += p.prefillPerOutput / sp.PrefillTokensPerSec
	}
	return p.jobTokens * perToken / 3600
}

// trainSpeed: each GPU computes its share of a micro-batch (the
// sequence over its tensor-, context- and pipeline-parallel GPUs) at the
// assumed MFU, the core attention at its own rate (trainTokenSec); the
// step also moves the layout's data over the links the offer has
// (layoutComm: tensor-parallel all-reduces on NVLink, the context ring,
// pipeline sends, the data-parallel gradients and, sharded with ZeRO-3 /
// FSDP, the weights), and an MoE routes its tokens to the experts.
// Communication overlaps compute (PyTorch DDP reduces gradient buckets
// during the backward pass and FSDP prefetches the next layer's weights),
// so only the part longer than the compute shows; a pipeline idles for
// its bubble, (pp - 1) / m of the m micro-batches of a step under 1F1B
// (Narayanan et al. 2021). The utilisation shown is the model's FLOPs
// (without recomputation) over the GPUs' peak.
func (p *plan) trainSpeed(in speedIn, frac float64) (sp model.Speed, jobHours float64, cc commCost) {
	peak := peakFLOPS(in.g, p.prec, true) * frac
	if peak <= 0 || p.flopsPerToken <= 0 {
		sp.Unknown, sp.MeetsLatency = true, true
		return sp, 0, cc
	}
	gpus := max(in.n, 1) * max(in.nodes, 1)
	l := in.lay
	if l.dp <= 0 {
		l = p.train().dataLayout(gpus, in.sharding)
	}
	net := in.net
	net.perNode, net.nodes = max(in.n, 1), max(in.nodes, 1)
	linkFields(&sp, &net, in.n > 1)
	seq := float64(p.batch) * float64(p.train().seqLen()) // tokens of one replica's micro-batch
	share := float64(l.tp * l.cp * l.pp)
	compute := p.train().trainTokenSec(in.g, frac, l.recompute) * seq / share

	var comm float64
	var count int
	what := commGrad
	if gpus > 1 {
		comm, count, what = p.train().layoutComm(&net, l, seq)
	}
	step := math.Max(compute, comm)
	tps := float64(l.dp) * seq / (step * (1 + p.train().layoutBubble(l)))
	sp.ThroughputTokensSec = tps
	sp.Utilisation = p.train().trainFLOPs(recomputeNone) * tps / float64(gpus) / peak
	sp.MeetsLatency = true
	sp.CommShare = (step - compute) / step
	if comm > 0 {
		cc = commCost{what: what, count: count, comm: comm, step: step, compute: compute, mfu: sp.Utilisation, baseMFU: in.efficiency().train.v, intra: net.intra.kind, node: net.inter.kind}.withNet(&net)
		if count > 0 {
			cc.each = comm / float64(count)
		}
	}
	if p.jobMode && tps > 0 {
		jobHours = p.jobTokens / tps / 3600
		sp.JobHours = jobHours
	}
	return sp, jobHours, cc
}

// accumSteps is how many micro-batches of tokens (per GPU) each of gpus
// data-parallel GPUs accumulates between two gradient exchanges: the
// global batch over what one round of micro-batches covers, at least 1;
// 1 for ZeRO-2 and ZeRO-3 / FSDP, which reduce every micro-batch.
func (p *plan) accumSteps(sharding string, gpus int, tokens float64) float64 {
	switch sharding {
	case "zero2", "zero3", "fsdp":
		return 1
	}
	round := float64(max(gpus, 1)) * tokens
	if round <= 0 {
		return 1
	}
	return math.Max(1, math.Floor(p.train().globalBatchTokens()/round))
}

// speedMatters reports whether a configuration of unknown speed ranks
// after those whose speed is known to meet the run's needs (latency tier
// 1): for a job, whose length and cost follow from it, and for every
// workload whose speed gpupick estimates, whatever the latency class:
// the tokens a service decodes at the class, the seconds an image takes,
// the tokens a rented training period gets through. An unknown is the
// worse case where it decides a rank (the GUIDE's rule). A run sized by
// stated memory has no speed model: every offer's speed is unknown alike.
func (p *plan) speedMatters() bool {
	return p.jobMode || !p.stated
}
