package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// fitOf is the smallest configuration of shape si (s, with v bytes per
// GPU) that holds the job; false when none of up to maxNodes nodes does.
// It depends on the GPU count and memory alone (shapeFacts.fitClass),
// except for a training job with a deadline, whose node count depends on
// the shape's speed, and full training, whose layout is the fastest on
// the shape's GPU and links: shapes of a class share one within an
// evaluation.
func (fe *feasibility) fitOf(si int, s *shape, v float64) (fitRes, bool) {
	if fe.noShare || fe.p.training && (fe.p.deadline > 0 || !fe.p.lora) {
		return fe.fitShape(s, v)
	}
	m := &fe.fits[fe.facts.fitClass[si]]
	if m.gen == fe.gen {
		// The class's first shape has its configuration, or why it has
		// none (evalShape writes it as soon as fitOf returns).
		src := &fe.shapes[m.src]
		if src.why == whyTooBig {
			return fitRes{}, false
		}
		return fitRes{nodes: src.nodes, tp: src.tp, reps: src.reps, used: src.used, sharding: src.sharding, lay: src.lay, perGPU: src.perGPU}, true
	}
	*m = classMemo{gen: fe.gen, src: int32(si)}
	return fe.fitShape(s, v)
}

// fitShape works out the smallest configuration of a shape that holds the
// job: the fewest nodes (and, for training, of the shardings that need
// the fewest, the one shardChoice picks), the tensor-parallel degree and
// replicas for inference.
func (fe *feasibility) fitShape(s *shape, v float64) (f fitRes, ok bool) {
	p := fe.p
	n := s.count
	switch {
	case p.training:
		g := fe.ix.shapeGPU(s)
		nodes := min(p.train().layoutFloor(n, v), p.maxNodes+1)
		var l trainLayout
		for ; nodes <= p.maxNodes; nodes++ {
			var ok bool
			if l, ok = fe.planLayout(s, g, v, nodes); ok {
				break
			}
		}
		if nodes > p.maxNodes {
			return f, false
		}
		if p.deadline > 0 {
			nodes, l = fe.deadlineNodes(s, g, v, nodes, l)
		}
		f.nodes, f.tp, f.reps, f.used = nodes, 1, 1, n*nodes
		f.lay, f.sharding, f.perGPU = l, l.sharding, p.train().layoutMem(l)
	default:
		t, r := p.tensorParallel(n)
		if p.batchJob != nil || p.embed != nil {
			t, r = replicaLayout(p, n, v)
		}
		x1 := p.shareInference(t, r, 1)
		capX := v
		if !p.stated {
			capX = math.Min(p.reserve*v-p.act, v-p.act-p.ctx)
		}
		if capX <= 0 {
			return f, false
		}
		nodes := int(math.Min(math.Max(1, math.Ceil(x1/capX)), float64(p.maxNodes+1)))
		for nodes <= p.maxNodes && p.perGPUInference(t, r, nodes) > v {
			nodes++
		}
		if nodes > p.maxNodes {
			return f, false
		}
		f.nodes, f.tp, f.reps, f.used = nodes, t, r, t*r*nodes
		f.perGPU = p.perGPUInference(t, r, nodes)
	}
	return f, true
}

// speedOnOneNode sets the speed of a one-node configuration of shape si
// (sr's GPUs, tensor-parallel degree, replicas and sharding). The speed
// depends on the shape's GPU, count, share and one-node network alone
// (shapeFacts.speedClass), not on its memory: shapes of a class that
// come to the same configuration share one estimate within an evaluation.
func (fe *feasibility) speedOnOneNode(si int, g *model.GPU, sr *shapeRes) {
	m := &fe.speeds[fe.facts.speedClass[si]]
	if m.gen == fe.gen && !fe.noShare {
		if src := &fe.shapes[m.src]; src.tp == sr.tp && src.reps == sr.reps && src.sharding == sr.sharding && src.lay == sr.lay {
			sr.speed, sr.jobH, sr.comm = src.speed, src.jobH, src.comm
			return
		}
	}
	*m = classMemo{gen: fe.gen, src: int32(si)}
	s := &fe.ix.shapes[si]
	in := speedIn{g: g, eff: fe.ix.shapeEff(s), frac: s.frac, vram: s.vram * gib, n: s.count, t: sr.tp, r: sr.reps, nodes: 1, sharding: sr.sharding, lay: sr.lay, net: fe.ix.topo1[si]}
	// sr's speed and communication cost are zero (evalShape cleared sr).
	sr.jobH = fe.p.speedInto(&in, &sr.speed, &sr.comm)
}

// forget drops the class entries (fitOf, speedOnOneNode) whose source is
// shape si, before si's configuration changes: the next shape of each
// class works its own out.
func (fe *feasibility) forget(si int) {
	if fe.noShare {
		return
	}
	for _, m := range []*classMemo{&fe.fits[fe.facts.fitClass[si]], &fe.speeds[fe.facts.speedClass[si]]} {
		if m.gen == fe.gen && m.src == int32(si) {
			m.gen = 0
		}
	}
}

// fitRes is the smallest configuration of a shape that holds the job.
type fitRes struct {
	nodes, tp, reps, used int
	sharding              string
	lay                   trainLayout // training: the layout (layout.go)
	perGPU                float64
}

// classMemo is the shape that was evaluated first in a class within one
// evaluation of the shapes (gen is feasibility.gen, which numbers them: an
// entry of an earlier one is stale). It holds no pointer, so the stage's
// buffers of them are cheap to write.
type classMemo struct {
	gen uint32
	src int32 // the shape whose result the others of its class copy
}
