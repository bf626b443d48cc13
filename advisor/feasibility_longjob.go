package advisor

import (
	"github.com/gpupick/gpupick/model"
)

// Long jobs. With no --deadline a job lasts as long as its cheapest plan
// takes, which for a pre-training run on one node can be years: a plan no
// engineer would run. Two thresholds of wall-clock bound it.
const (
	// longJobWarnH: a job longer than six months warns (long-job). A price
	// gpupick read about that long before its snapshot is stale
	// (staleDays, 180 days): a run longer than that is priced on figures
	// that will not hold to its end, and it spends a quarter of a GPU
	// generation.
	longJobWarnH = 6 * model.HoursPerMonth
	// longJobShortH: a job beyond two years of wall-clock falls short
	// (model.ShortLongJob) and ranks after plans that finish within it.
	// NVIDIA ships a data-centre GPU generation about every two years
	// (generationYears): such a run ends on hardware a generation old,
	// which the next generation would have finished sooner.
	longJobShortH = generationYears * 12 * model.HoursPerMonth
)

// longJob scales a training job with no deadline that runs beyond
// longJobShortH on sr's configuration out over the nodes allowed (--nodes,
// else what a deadline may use): the fewest that finish within it, else
// the most allowed when that is faster (nodesWithin); it marks the run
// long when it still runs beyond. A
// shape without a documented cluster network stays on its nodes.
func (fe *feasibility) longJob(si int, g *model.GPU, v float64, sr *shapeRes) {
	p := fe.p
	if !p.training || !p.jobMode || p.deadline > 0 || sr.jobH <= 0 {
		return
	}
	if _, cal := fe.runHours(sr, sr.setup.baseHours()); cal <= longJobShortH {
		return
	}
	s := &fe.ix.shapes[si]
	// With no --nodes the one-node default is for jobs that fit in time;
	// one beyond two years may use the nodes a deadline would
	// (allowedNodes), as its warning says.
	most := p.maxNodes
	if p.autoNodes {
		most = fe.allowedNodes()
	}
	if k, l, _ := fe.nodesWithin(s, g, v, sr.nodes, sr.lay, longJobShortH, most, true); k != sr.nodes {
		fe.forget(si)
		fe.configure(si, g, v, fitRes{nodes: k, tp: 1, reps: 1, used: s.count * k, sharding: l.sharding, lay: l, perGPU: p.train().layoutMem(l)}, sr)
	}
	_, cal := fe.runHours(sr, sr.setup.baseHours())
	sr.long = cal > longJobShortH
}

// allowedNodes is the most nodes a job may use when the user sets a
// deadline: --nodes, else the deadline's cap (deadlineNodeCap).
func (fe *feasibility) allowedNodes() int {
	if fe.a.MaxNodes > 0 {
		return fe.a.MaxNodes
	}
	return deadlineNodeCap
}
