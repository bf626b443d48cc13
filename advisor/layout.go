package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// Training layouts. A training run splits over its GPUs as Megatron-LM
// and NeMo recipes split it (Narayanan et al. 2021, "Efficient
// Large-Scale Language Model Training on GPU Clusters Using
// Megatron-LM"; Korthikanti et al. 2022, "Reducing Activation
// Recomputation in Large Transformer Models"): tensor parallelism (TP,
// with sequence parallelism) inside the NVLink domain of a node, pipeline
// stages (PP, the 1F1B schedule) and context parallelism (CP, a ring over
// the sequence) across, data parallelism (DP) over the rest with a ZeRO
// stage over the data- and context-parallel GPUs (Megatron's distributed
// optimizer is ZeRO-1). Fine-tuning runs as torchtune and TRL run it,
// torchrun with FSDP / ZeRO over data parallelism alone, and takes model
// parallelism only when that cannot hold it; pre-training takes the
// fastest layout that holds it, as the recipes are tuned: Llama 3 405B
// trained with TP 8 x PP 16 x CP 1 x DP 64-128 at 8k tokens (The Llama 3
// Herd of Models, arXiv 2407.21783, Table 4), NeMo's Llama-2-7B at 128k
// tokens with TP 4 x CP 4 x DP 8 (NeMo docs/source/performance/
// performance_long_sequence.md).

// Activation recomputation of a training layout.
const (
	recomputeNone uint8 = iota
	// recomputeSelective re-runs the core attention in the backward pass
	// (Megatron-LM's selective recomputation).
	recomputeSelective
	// recomputeFull keeps only each layer's input and re-runs the whole
	// forward pass of a layer in the backward pass.
	recomputeFull
)

// recomputeNames are the recompute modes as the JSON and the texts name
// them.
var recomputeNames = [...]string{recomputeNone: "none", recomputeSelective: "selective", recomputeFull: "full"}

// trainLayout is how a training run splits over its GPUs: tp
// tensor-parallel GPUs (sequence parallel) in the NVLink domain, pp
// pipeline stages, cp GPUs sharing each sequence, dp data-parallel
// replicas (tp x pp x cp x dp GPUs in all), the ZeRO stage over the dp x
// cp GPUs of a model shard, and the recomputation. The zero value is no
// layout: the speed model then takes data parallelism alone.
type trainLayout struct {
	tp, pp, cp, dp int
	sharding       string
	recompute      uint8
}

// modelParallel reports whether the layout splits the model or its
// sequences (a Megatron-style launch), not data parallelism alone.
func (l trainLayout) modelParallel() bool { return l.tp > 1 || l.pp > 1 || l.cp > 1 }

// launcher is the launcher the layout needs.
func (l trainLayout) launcher() model.Launcher {
	if l.modelParallel() {
		return model.LauncherMegatron
	}
	return model.LauncherFSDP
}

// dataLayout is data parallelism alone over gpus GPUs under sharding z
// with the plan's own recomputation.
func (p trainer) dataLayout(gpus int, z string) trainLayout {
	return trainLayout{tp: 1, pp: 1, cp: 1, dp: max(gpus, 1), sharding: z, recompute: p.recompute}
}

// recomputes are the recomputation modes a layout may take: the plan's
// own (selective for pre-training with --grad-checkpointing, full for
// fine-tuning with it, none without); pre-training with checkpointing may
// also recompute fully when selective recomputation does not fit, as
// NeMo's 405B recipe recomputes layers.
func (p trainer) recomputes() []uint8 {
	if p.recompute == recomputeSelective {
		return []uint8{recomputeSelective, recomputeFull}
	}
	return []uint8{p.recompute}
}

// globalBatchTokens is the tokens of one optimizer step.
func (p trainer) globalBatchTokens() float64 {
	if p.req.Workload == model.WorkloadPretrain {
		return pretrainBatchTokens
	}
	return finetuneBatchSeqs * float64(p.seqLen())
}

// seqLen is the training sequence length (the default when unset).
func (p trainer) seqLen() int {
	if p.context > 0 {
		return p.context
	}
	return defaultTrainContext
}

// microBatches is the micro-batches each pipeline runs per optimizer
// step: the global batch over what one round of the dp replicas covers,
// at least 1.
func (p trainer) microBatches(l trainLayout) int {
	round := float64(max(l.dp, 1)*p.batch) * float64(p.seqLen())
	return max(1, int(p.globalBatchTokens()/round))
}

// layoutMem is the memory one GPU needs under layout l: its share of the
// weights, gradients and optimizer states (divided over the tp x pp GPUs
// of a model shard, the ZeRO-sharded part also over its dp x cp copies),
// its activations and the CUDA context.
func (p trainer) layoutMem(l trainLayout) float64 {
	split, whole := p.shardSplit(l.sharding)
	mp := float64(l.tp * l.pp)
	return whole/mp + split/(mp*float64(l.dp*l.cp)) + p.layoutAct(l) + p.ctx
}

// layoutAct is the activations one GPU keeps under layout l (Korthikanti
// et al. 2022): 34 x s x b x h bytes per layer and micro-batch with
// FlashAttention (no s^2 scores), divided by TP with sequence parallelism
// and by CP (each GPU holds s / cp tokens); with full recomputation only
// each layer's input, 2 x s x b x h, plus one layer being recomputed.
// The first pipeline stage holds the most: under 1F1B it keeps pp
// micro-batches in flight over its L / pp layers, so pipelining does not
// divide the activations; the last stage holds the logits (vocabulary
// parallel over TP). Doubled in fp32.
func (p trainer) layoutAct(l trainLayout) float64 {
	ar := &p.ar
	l.tp, l.pp, l.cp = max(l.tp, 1), max(l.pp, 1), max(l.cp, 1)
	s := float64(p.seqLen()) / float64(l.cp)
	b, h, split := float64(p.batch), float64(ar.hidden), float64(l.tp)
	layer := 34 * s * b * h / split
	stage := (ar.layers + l.pp - 1) / l.pp
	inFlight := 1
	if l.pp > 1 {
		inFlight = min(l.pp, p.microBatches(l))
	}
	held := func(mbs int) float64 {
		if l.recompute == recomputeFull {
			return float64(mbs*stage)*2*s*b*h/split + layer
		}
		return float64(mbs*stage) * layer
	}
	logits := s * b * float64(ar.vocab) * logitBytes / split
	act := held(inFlight) + logits
	if l.pp > 1 {
		act = math.Max(held(inFlight), held(1)+logits)
	}
	if p.prec == model.FP32 {
		act *= 2
	}
	return act
}

// tpFits reports whether t tensor-parallel GPUs split the attention
// heads evenly and the KV heads (each GPU a whole number of them, or
// each KV head replicated on t / kv GPUs).
func (p trainer) tpFits(t int) bool {
	heads, kv := p.ar.heads, p.ar.kvHeadsEff()
	return heads > 0 && heads%t == 0 && (p.ar.mla || kv%t == 0 || t%kv == 0)
}

// eachLayout calls fn with every layout of n GPUs a node over nodes
// nodes the plan allows, tensor parallelism up to dom GPUs (the node's
// NVLink domain): data parallelism alone under each sharding stage, then
// for a full-training run with a known shape every power-of-two TP x CP
// x PP that divides the GPUs. A pipeline runs with ZeRO-1 at most (the
// distributed optimizer; ZeRO-2 and ZeRO-3 re-shard every micro-batch,
// which 1F1B interleaves); CP needs the sequence to split into 2 x cp
// chunks of at least 1,024 tokens (Megatron's load-balanced ring).
func (p trainer) eachLayout(n, nodes, dom int, fn func(trainLayout)) {
	total := n * nodes
	ctx := p.seqLen()
	for _, rc := range p.recomputes() {
		for _, z := range p.shardings {
			fn(trainLayout{tp: 1, pp: 1, cp: 1, dp: total, sharding: z, recompute: rc})
			if p.lora || !p.ar.hasShape() {
				continue
			}
			for tp := 1; tp <= min(dom, n); tp *= 2 {
				if tp > 1 && !p.tpFits(tp) {
					continue
				}
				for cp := 1; tp*cp <= total; cp *= 2 {
					if cp > 1 && (ctx%(2*cp) != 0 || ctx/(2*cp) < 1024) {
						break
					}
					for pp := 1; tp*cp*pp <= total && pp <= p.ar.layers; pp *= 2 {
						mp := tp * cp * pp
						if mp == 1 || total%mp != 0 || pp > 1 && z != "none" && z != "zero1" {
							continue
						}
						fn(trainLayout{tp: tp, pp: pp, cp: cp, dp: total / mp, sharding: z, recompute: rc})
					}
				}
			}
		}
	}
}

// nvlinkDomain is the GPUs of a node tensor parallelism may span: all of
// them over NVSwitch, NVLink between SXM modules or Infinity Fabric, a
// bridged pair, else one (PCIe, or an undocumented link taken as PCIe).
func nvlinkDomain(t *topo) int {
	switch t.intra.kind {
	case linkNVSwitch, linkNVLink, linkFabric:
		return t.perNode
	case linkBridge:
		return 2
	}
	return 1
}

// planLayout picks the layout of a training run on nodes nodes of shape s
// (v bytes of memory a GPU): fine-tuning as shardChoice picks its
// sharding over data parallelism alone (the least communication that
// keeps the headroom margin), model parallelism only when that holds
// nothing; pre-training, and fine-tuning that needs it, the fastest
// layout that keeps the margin, else the fastest that fits; ties go to
// the fewer model-parallel GPUs unless more are layoutTieShare faster.
// false when no layout fits.
func (fe *feasibility) planLayout(s *shape, g *model.GPU, v float64, nodes int) (trainLayout, bool) {
	p, n := fe.p, s.count
	margin := fe.margin()
	if p.req.Workload != model.WorkloadPretrain {
		sc := shardChoice{margin: margin}
		for _, z := range p.shardings {
			if l := p.train().dataLayout(n*nodes, z); p.train().layoutMem(l) <= v {
				sc.consider(z, (v-p.train().layoutMem(l))/v)
			}
		}
		if sc.z != "" {
			return p.train().dataLayout(n*nodes, sc.z), true
		}
	}
	net := topoOf(g, s.nvlink, s.ic, s.rdma, s.netGbps, n, nodes)
	var best trainLayout
	var bestTPS float64
	bestKeeps, found := false, false
	p.train().eachLayout(n, nodes, nvlinkDomain(&net), func(l trainLayout) {
		need := p.train().layoutMem(l)
		if need > v {
			return
		}
		keeps := (v-need)/v >= margin
		in := speedIn{g: g, eff: fe.ix.shapeEff(s), frac: s.frac, n: n, t: 1, r: 1, nodes: nodes, net: net, sharding: l.sharding, lay: l}
		var sp model.Speed
		var cc commCost
		p.speedInto(&in, &sp, &cc)
		tps := sp.ThroughputTokensSec
		mp, bestMP := l.tp*l.pp*l.cp, best.tp*best.pp*best.cp
		var faster bool
		switch {
		case mp > bestMP:
			faster = tps > bestTPS*(1+layoutTieShare)
		case mp < bestMP:
			faster = tps*(1+layoutTieShare) >= bestTPS
		default:
			faster = tps > bestTPS
		}
		better := !found || keeps && !bestKeeps || keeps == bestKeeps && faster
		if better {
			best, bestTPS, bestKeeps, found = l, tps, keeps, true
		}
	})
	return best, found
}

// layoutTieShare is how much faster a layout that splits the model over
// more GPUs must be estimated to win over one that splits it over fewer:
// 3%, about the terms the speed model leaves out of model parallelism
// (smaller GEMMs and attention chunks per GPU, the parts of the TP and CP
// collectives kernels do not hide). Narayanan et al. 2021 give the rule
// it keeps: model parallelism to fit the model, data parallelism to
// scale.
const layoutTieShare = 0.03

// layoutFloor is the fewest nodes of n GPUs of v bytes that could hold
// the training state at all (every byte of it on some GPU).
func (p trainer) layoutFloor(n int, v float64) int {
	state := p.weights + p.grads + p.optim
	return max(1, int(state/(float64(n)*v)))
}

// trainer is a training plan's layout model: the layouts, their memory,
// compute and communication (layout.go, estimate_train.go).
type trainer struct{ *plan }

// train is the plan's layout model.
func (p *plan) train() trainer { return trainer{p} }
