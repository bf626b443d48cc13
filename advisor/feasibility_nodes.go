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

// deadlineNodes is the node count and sharding of a training run on shape
// s (v bytes of memory a GPU) that finishes within the deadline: the
// fewest nodes from nodes (the fewest that hold the job under sharding z)
// up to the plan's cap, each with the least sharding that fits. A shape
// without a documented cluster network stays at nodes; so does one that
// cannot finish in time even at the cap (its offers are then counted as
// late).
func (fe *feasibility) deadlineNodes(s *shape, g *model.GPU, v float64, nodes int, z string) (int, string) {
	k, zk, _ := fe.nodesWithin(s, g, v, nodes, z, fe.p.deadline, fe.p.maxNodes, false)
	return k, zk
}

// nodesWithin is the node count and sharding of a training run on shape s
// (v bytes of memory a GPU) that finishes within limit calendar hours:
// the fewest nodes from nodes (the fewest that hold the job under
// sharding z) up to most, each with the least sharding that fits; ok
// reports whether the run finishes in time. A shape without a documented
// cluster network stays at nodes. When no count up to most finishes in
// time, it stays at nodes, or with fastest takes most nodes when that
// runs shorter (data parallelism at best divides the time by the nodes,
// so the most nodes allowed is the fastest plan the speed model knows).
// The check uses the longest provisioning of any provider class, so that
// every offer of the shape finishes in time.
func (fe *feasibility) nodesWithin(s *shape, g *model.GPU, v float64, nodes int, z string, limit float64, most int, fastest bool) (int, string, bool) {
	avail := limit*fe.a.HoursPerWeek/model.HoursPerWeekFull - provisionVMSec/3600.0
	jobH, setupH := fe.trainHours(s, g, nodes, z)
	if jobH <= 0 {
		return nodes, z, false
	}
	if jobH+setupH <= avail {
		return nodes, z, true
	}
	if s.rdma != model.Yes || avail <= setupH {
		return nodes, z, false
	}
	// Start at the count that would just make it, and add nodes until it
	// does.
	start := max(nodes+1, int(math.Ceil(float64(nodes)*jobH/(avail-setupH))))
	for k := start; k <= most; k++ {
		zk, ok := fe.leastSharding(s, v, k)
		if !ok {
			continue
		}
		if jh, sh := fe.trainHours(s, g, k, zk); jh > 0 && jh+sh <= avail {
			return k, zk, true
		}
	}
	if fastest && most > nodes {
		if zk, ok := fe.leastSharding(s, v, most); ok {
			if jh, sh := fe.trainHours(s, g, most, zk); jh > 0 && jh+sh < jobH+setupH {
				return most, zk, false
			}
		}
	}
	return nodes, z, false
}

// leastSharding is the sharding strategy that holds the training state
// on k nodes of shape s (v bytes of memory a GPU) as shardChoice picks
// it: the least communication that keeps the headroom margin.
func (fe *feasibility) leastSharding(s *shape, v float64, k int) (string, bool) {
	p, n := fe.p, s.count
	sc := shardChoice{margin: fe.margin()}
	for _, z := range p.shardings {
		_, whole := p.shardSplit(z)
		if v-whole-p.actPerGPU(n)-p.ctx <= 0 {
			continue
		}
		if p.perGPUTraining(z, n*k, n) <= v {
			sc.consider(z, p.stageHeadroom(z, n, k, v))
		}
	}
	return sc.z, sc.z != ""
}

// trainHours is the job time and the set-up without provisioning (hours)
// of a training run on k nodes of shape s under sharding z.
func (fe *feasibility) trainHours(s *shape, g *model.GPU, k int, z string) (jobH, setupH float64) {
	p := fe.p
	in := speedIn{g: g, frac: s.frac, n: s.count, t: 1, r: 1, nodes: k, sharding: z,
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
