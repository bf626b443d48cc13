package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// deadlineNodeCap is the most nodes a training run is scaled out to for a
// deadline when the user gives no --nodes: 64 nodes, 512 GPUs at eight a
// node. It is gpupick's own cap, stated in the assumptions: beyond it a
// run is a reserved cluster negotiated with a provider, not an offer of
// the catalog rented by the node.
const deadlineNodeCap = 64

// clusterOK reports whether an offer may run on several nodes: its
// provider documents a cluster network for it (the offer's RDMA fact:
// InfiniBand, RoCE or EFA with GPUDirect RDMA), and it is not an
// independent marketplace listing (separate hosts with no network between
// them). An unknown RDMA fact is the worse case: no cluster network.
func (fe *feasibility) clusterOK(offer int32) bool {
	o := &fe.cat.Offers[offer]
	return o.RDMA == model.Yes && !marketplace(o)
}

// noClusterCount counts a multi-node offer left out by clusterOK under
// its reason: a marketplace listing, or no documented cluster network.
func (st *stats) noClusterCount(o *model.Offer) {
	if marketplace(o) {
		st.noCluster++
	} else {
		st.noRDMA++
	}
}

// deadlineNodes is the node count and layout of a training run on shape
// s (v bytes of memory a GPU) that finishes within the deadline: the
// fewest nodes from nodes (the fewest that hold the job, in layout l) up
// to the plan's cap, each in the layout planLayout picks. A shape without
// a documented cluster network stays at nodes; so does one that cannot
// finish in time even at the cap (its offers are then counted as late).
func (fe *feasibility) deadlineNodes(s *shape, g *model.GPU, v float64, nodes int, l trainLayout) (int, trainLayout) {
	k, lk, _ := fe.nodesWithin(s, g, v, nodes, l, fe.p.deadline, fe.p.maxNodes, false)
	return k, lk
}

// nodesWithin is the node count and layout of a training run on shape s
// (v bytes of memory a GPU) that finishes within limit calendar hours:
// the fewest nodes from nodes (the fewest that hold the job, in layout
// l) up to most, each in the layout planLayout picks; ok reports whether
// the run finishes in time. A shape without a documented cluster network
// stays at nodes. When no count up to most finishes in time, it stays at
// nodes, or with fastest takes most nodes when that runs shorter (more
// data parallelism is the fastest plan the speed model knows). The check
// uses the longest provisioning of any provider class, so that every
// offer of the shape finishes in time.
func (fe *feasibility) nodesWithin(s *shape, g *model.GPU, v float64, nodes int, l trainLayout, limit float64, most int, fastest bool) (int, trainLayout, bool) {
	avail := limit*fe.a.HoursPerWeek/model.HoursPerWeekFull - provisionVMSec/3600.0
	jobH, setupH := fe.trainHours(s, g, nodes, l)
	if jobH <= 0 {
		return nodes, l, false
	}
	if jobH+setupH <= avail {
		return nodes, l, true
	}
	if s.rdma != model.Yes || avail <= setupH {
		return nodes, l, false
	}
	// Start at the count that would just make it, and add nodes until it
	// does.
	start := max(nodes+1, int(math.Ceil(float64(nodes)*jobH/(avail-setupH))))
	for k := start; k <= most; k++ {
		lk, ok := fe.planLayout(s, g, v, k)
		if !ok {
			continue
		}
		if jh, sh := fe.trainHours(s, g, k, lk); jh > 0 && jh+sh <= avail {
			return k, lk, true
		}
	}
	if fastest && most > nodes {
		if lk, ok := fe.planLayout(s, g, v, most); ok {
			if jh, sh := fe.trainHours(s, g, most, lk); jh > 0 && jh+sh < jobH+setupH {
				return most, lk, false
			}
		}
	}
	return nodes, l, false
}

// trainHours is the job time and the set-up without provisioning (hours)
// of a training run on k nodes of shape s in layout l.
func (fe *feasibility) trainHours(s *shape, g *model.GPU, k int, l trainLayout) (jobH, setupH float64) {
	p := fe.p
	in := speedIn{g: g, eff: fe.ix.shapeEff(s), frac: s.frac, n: s.count, t: 1, r: 1, nodes: k, sharding: l.sharding, lay: l,
		net: topoOf(g, s.nvlink, s.ic, s.rdma, s.netGbps, s.count, k)}
	_, jobH, _ = p.speedOf(in)
	st := p.setupOf(g, s.netGbps, s.count*k)
	return jobH, st.baseHours()
}

// equalCostShare is how close two costs are to count as equal, for
// shortFirst: 5%.
const equalCostShare = 0.05

// shapeGPU is the GPU of a shape, nil when the catalog does not know it.
func (ix *index) shapeGPU(s *shape) *model.GPU {
	if s.gpu < 0 {
		return nil
	}
	return ix.gpus[s.gpu].g
}

// shapeEff is the efficiency row of a shape's GPU (efficiencyOf).
func (ix *index) shapeEff(s *shape) *gpuEff {
	if s.gpu < 0 {
		return efficiencyOf(nil)
	}
	return &effTable[ix.gpus[s.gpu].eff]
}
