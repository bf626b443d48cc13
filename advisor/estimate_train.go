package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// attnMFU is the share of the 16-bit peak the core attention of training
// reaches (FlashAttention forward, backward and its recomputation, causal
// FLOPs as attnFLOPsPerToken counts them). It runs in BF16 even in FP8
// training (Transformer Engine's FP8 recipe keeps the attention
// softmax in higher precision). Fitted to NeMo's Llama-2-7B FP8 long
// sequence table on DGX-H100 (NeMo 24.03.01; NVIDIA/NeMo
// docs/source/performance/performance_long_sequence.md, with-CP column)
// at 32k, 64k, 256k, 512k and 1024k tokens, where attention is most of
// the work: 0.360, 0.355, 0.361, 0.365 and 0.359 with the other terms
// of the model (Hopper's training MFU, hopperTrain, of the FP8 peak for the weight matrices). The
// 4k and 128k rows of the table are the test set
// (TestPublishedLongSequence). FlashAttention-2's own H100 figure,
// about 335 TFLOP/s forward and backward at head dimension 128 with the
// causal mask (Dao 2023, figure 7 in the FlashAttention-2 paper, counted
// the same way), is 34% of 989.5: the same rate.
const attnMFU = 0.36

// trainTokenSec is the seconds one GPU computes one training token with
// recomputation rc: the weight matrices (trainFLOPs without the
// attention) at the GPU family's measured training MFU (efficiencyOf) of
// the precision's peak, the core attention at attnMFU of the 16-bit peak
// (fp32 at the fp32 peak), scaled like the family's training MFU. frac is the GPU's
// share (vGPU slices).
func (p trainer) trainTokenSec(g *model.GPU, frac float64, rc uint8) float64 {
	peak := peakFLOPS(g, p.prec, true) * frac
	attnPrec := p.prec
	if attnPrec != model.FP32 {
		attnPrec = model.BF16
	}
	attnPeak := peakFLOPS(g, attnPrec, true) * frac
	all := p.trainFLOPs(rc)
	attn := 3 * p.attnFwd
	if rc != recomputeNone {
		attn += p.attnFwd
	}
	train := efficiencyOf(g).train.v
	sec := (all - attn) / (peak * train)
	if attn > 0 && attnPeak > 0 {
		// attnMFU was fitted on H100s: another family's attention runs
		// at it scaled by the family's training efficiency over Hopper's
		// (an estimate; no family but Hopper has a long-sequence figure).
		sec += attn / (attnPeak * attnMFU * train / hopperTrain)
	}
	return sec
}

// layoutComm is the communication of one micro-batch of seq tokens per
// replica under layout l on network net, the number of collectives and
// what dominates it:
//   - data parallelism over the dp x cp GPUs of a model shard: the 16-bit
//     gradients of the shard's parameters all-reduced once per optimizer
//     step, spread over the micro-batches in between (accumSteps; ZeRO-2
//     reduce-scatters every micro-batch), or with ZeRO-3 / FSDP the weights
//     gathered for the forward and backward pass and the gradients
//     reduce-scattered (3 x the shard, Rajbhandari et al. 2020);
//     adapters move only their own gradients (and the frozen base
//     gathered under ZeRO-3);
//   - tensor parallelism with sequence parallelism: per layer of the
//     stage two all-gathers and two reduce-scatters forward and as many
//     backward of the s / cp x h activations (the volume of four
//     all-reduces), inside the NVLink domain;
//   - context parallelism: each layer passes the K and V of every chunk
//     round the ring of cp GPUs forward, and K, V and their gradients
//     backward (3 x (cp - 1) chunks), over NVLink when the ring fits in a
//     node, else the network;
//   - a pipeline passes the activations to the next stage and the
//     gradients back;
//   - an MoE dispatches each token to its experts and combines the
//     results, forward and backward.
func (p trainer) layoutComm(net *topo, l trainLayout, seq float64) (comm float64, count int, what uint8) {
	ar := &p.ar
	what = commGrad
	n := net.perNode
	mp := l.tp * l.pp
	// The data-parallel group: the dp x cp copies of a model shard, as
	// many in a node as the node holds shards.
	group := l.dp * l.cp
	dpNet := *net
	dpNet.perNode = min(max(n/min(mp, n), 1), group)
	dpNet.nodes = (group + dpNet.perNode - 1) / dpNet.perNode
	dense, _ := ar.moeSplit()
	shard := dense / float64(mp) * actBytes
	switch {
	case group <= 1:
	case p.lora:
		// Adapter gradients (PEFT keeps LoRA weights in fp32, the QLoRA
		// reference in bf16); ZeRO-3 / FSDP also gathers the frozen base
		// weights in the forward and backward passes.
		gb := 4.0
		if p.req.Workload == model.WorkloadQLoRA {
			gb = 2
		}
		comm = dpNet.allReduce(p.req.AdapterParamsB*1e9*gb) / p.accumSteps(l.sharding, l.dp, seq)
		count = 1
		if l.sharding == "zero3" || l.sharding == "fsdp" {
			base := p.weights - p.req.AdapterParamsB*1e9*gb
			comm += 2 * dpNet.allGather(base)
			count += 2
			what = commShard
		}
	case l.sharding == "zero3" || l.sharding == "fsdp":
		comm = 3 * dpNet.allGather(shard)
		count, what = 3, commShard
	default:
		comm = dpNet.allReduce(shard) / p.accumSteps(l.sharding, l.dp, seq)
		count = 1
	}
	stage := float64((ar.layers + l.pp - 1) / l.pp)
	tokens := seq / float64(l.cp) // tokens of the sequence one GPU holds
	if l.tp > 1 {
		tpNet := net.within(l.tp)
		t := 4 * stage * tpNet.allReduce(tokens*float64(ar.hidden)*actBytes)
		if t > comm {
			what = commTP
		}
		comm += t
		count += 4 * int(stage)
	}
	if l.cp > 1 {
		hop := net.inter
		if l.tp*l.cp <= n {
			hop = net.intra
		}
		if hop.bw > 0 {
			kv := tokens * ar.kvElemsPerLayer() * actBytes
			comm += 3 * float64(l.cp-1) * stage * (hop.lat + kv/hop.bw)
			count += 3 * (l.cp - 1) * int(stage)
		}
	}
	if l.pp > 1 {
		hop := net.inter
		if mp <= n {
			hop = net.intra
		}
		if hop.bw > 0 {
			comm += 2 * (hop.lat + tokens*float64(ar.hidden)*actBytes/float64(l.tp)/hop.bw)
			count += 2
		}
	}
	if ar.experts > 0 && ar.used > 0 && !p.lora && ar.layers > 0 {
		// Expert parallelism: four all-to-alls of tokens x k x hidden
		// values per MoE layer; the routed experts are split over the
		// GPUs, so their gradients need no all-reduce. FP8 training
		// dispatches FP8 activations (DeepSeek-V3 technical report, arXiv
		// 2412.19437, section 3.3); the combine and the backward pass move
		// 16 bits.
		vals := tokens / float64(l.tp) * float64(ar.used) * float64(ar.hidden)
		dispatch := vals * actBytes
		if p.prec == model.FP8 {
			dispatch = vals
		}
		moe := stage * (net.allToAll(dispatch) + 3*net.allToAll(vals*actBytes))
		if moe > comm {
			what = commExperts
		}
		comm += moe
		count += 4 * int(stage)
	}
	return comm, count, what
}

// layoutBubble is the share of a step a pipeline of layout l idles.
func (p trainer) layoutBubble(l trainLayout) float64 {
	if l.pp <= 1 {
		return 0
	}
	return float64(l.pp-1) / float64(p.microBatches(l))
}

// trainLayoutOf is the layout as a recommendation shows it.
func (p trainer) trainLayoutOf(l trainLayout) *model.TrainLayout {
	if l.dp <= 0 {
		return nil
	}
	return &model.TrainLayout{
		Launcher: l.launcher(), TensorParallel: l.tp, PipelineParallel: l.pp, ContextParallel: l.cp, DataParallel: l.dp,
		SequenceParallel: l.tp > 1, Sharding: l.sharding, Recompute: recomputeNames[l.recompute],
		MicroBatches: p.microBatches(l), PipelineBubble: math.Round(p.layoutBubble(l)*1000) / 1000,
	}
}
