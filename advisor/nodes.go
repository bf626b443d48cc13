package advisor

import (
	"math"
	"strings"

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
func (c *call) clusterOK(offer int32) bool {
	o := &c.cat.Offers[offer]
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
func (c *call) deadlineNodes(s *shape, g *model.GPU, v float64, nodes int, z string) (int, string) {
	k, zk, _ := c.nodesWithin(s, g, v, nodes, z, c.p.deadline, c.p.maxNodes, false)
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
func (c *call) nodesWithin(s *shape, g *model.GPU, v float64, nodes int, z string, limit float64, most int, fastest bool) (int, string, bool) {
	p := c.p
	avail := limit*c.a.HoursPerWeek/model.HoursPerWeekFull - provisionVMSec/3600.0
	jobH, setupH := c.trainHours(s, g, nodes, z)
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
		zk, ok := p.leastSharding(s, v, k, c.margin())
		if !ok {
			continue
		}
		if jh, sh := c.trainHours(s, g, k, zk); jh > 0 && jh+sh <= avail {
			return k, zk, true
		}
	}
	if fastest && most > nodes {
		if zk, ok := p.leastSharding(s, v, most, c.margin()); ok {
			if jh, sh := c.trainHours(s, g, most, zk); jh > 0 && jh+sh < jobH+setupH {
				return most, zk, false
			}
		}
	}
	return nodes, z, false
}

// leastSharding is the sharding strategy that holds the training state
// on k nodes of shape s as shardChoice picks it (margin is the headroom
// margin): the least communication that keeps the margin.
func (p *plan) leastSharding(s *shape, v float64, k int, margin float64) (string, bool) {
	n := s.count
	sc := shardChoice{margin: margin}
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
func (c *call) trainHours(s *shape, g *model.GPU, k int, z string) (jobH, setupH float64) {
	p := c.p
	in := speedIn{g: g, frac: s.frac, n: s.count, t: 1, r: 1, nodes: k, sharding: z,
		net: topoOf(g, s.nvlink, s.ic, s.rdma, s.netGbps, s.count, k)}
	_, jobH, _ = p.speedOf(in)
	st := p.setupOf(g, s.netGbps, s.count*k)
	return jobH, st.baseHours()
}

// late reports whether a run of cal calendar hours misses the deadline,
// and counts it: a run of unknown length cannot be shown to finish, the
// worse case, and is counted apart.
func (c *call) late(cal float64, unknown bool) bool {
	if c.p.deadline <= 0 {
		return false
	}
	switch {
	case unknown:
		c.st.lateUnknown++
		return true
	case cal > c.p.deadline:
		c.st.late++
		return true
	}
	return false
}

// shortFirst applies "at equal cost the shorter run wins" to a ranked list
// when a deadline is given: a run of the same ranking group (budget,
// latency tier, shortfalls, known costs) whose cost with its risk
// penalties is within 5% of the first of a run of such candidates is
// ordered by its calendar hours, the shorter first (stable otherwise).
func (c *call) shortFirst(cs []cand) {
	if c.p.deadline <= 0 || len(cs) < 2 {
		return
	}
	cal := func(cd cand) float64 {
		r := &c.ix.rows[cd.row]
		_, h, _ := c.rowHours(&c.shapes[r.shape], r)
		return h
	}
	for i := 0; i < len(cs); {
		j := i + 1
		for j < len(cs) && cs[j].key == cs[i].key && cs[j].rank <= cs[i].rank*(1+equalCostShare) {
			j++
		}
		if j-i > 1 {
			g := cs[i:j]
			hs := make([]float64, len(g))
			for k := range g {
				hs[k] = cal(g[k])
			}
			// Insertion sort: the groups are small and it is stable.
			for a := 1; a < len(g); a++ {
				for b := a; b > 0 && hs[b] < hs[b-1]; b-- {
					g[b], g[b-1] = g[b-1], g[b]
					hs[b], hs[b-1] = hs[b-1], hs[b]
				}
			}
		}
		i = j
	}
}

// runCut reports whether, with a deadline, the run of near-equal costs
// that shortFirst reorders and that holds the top-th candidate of the
// ranked list cs goes on to the list's end: candidates past it may
// belong to it.
func (c *call) runCut(cs []cand, top int) bool {
	if c.p.deadline <= 0 || len(cs) < top || top <= 0 {
		return false
	}
	for i := 0; i < len(cs); {
		j := i + 1
		for j < len(cs) && cs[j].key == cs[i].key && cs[j].rank <= cs[i].rank*(1+equalCostShare) {
			j++
		}
		if top-1 < j {
			return j == len(cs)
		}
		i = j
	}
	return false
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

// planNote spells out a multi-node top pick: the nodes and the network
// between them, the hourly price of one node times the nodes times the
// hours (the GPUs' total), and with a deadline when the run is done.
func (c *call) planNote(r *model.Recommendation) string {
	if r.Nodes <= 1 || r.RunHours <= 0 || r.GPUTotal <= 0 {
		return ""
	}
	net := strings.ToUpper(r.Speed.NodeLink)
	if r.Speed.NodeGbps > 0 {
		net = c.l.f(kPlanNet, net, r.Speed.NodeGbps)
	}
	cur := c.disp
	s := c.l.f(kNotePlan, r.Nodes, r.GPUCount, r.GPU, net, money(cur, r.Hourly/float64(r.Nodes)), r.Nodes,
		model.FormatNumber(math.Round(r.RunHours)), money(cur, r.GPUTotal))
	if c.p.deadline > 0 {
		s += c.l.f(kPlanDone, r.CalendarHours/24, model.FormatDeadline(c.p.deadline))
	}
	return s
}
