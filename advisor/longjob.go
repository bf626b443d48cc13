package advisor

import (
	"math"

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
func (c *call) longJob(si int, g *model.GPU, v float64, sr *shapeRes) {
	p := c.p
	if !p.training || !p.jobMode || p.deadline > 0 || sr.jobH <= 0 {
		return
	}
	if _, cal := c.runHours(sr, sr.setup.baseHours()); cal <= longJobShortH {
		return
	}
	s := &c.ix.shapes[si]
	// With no --nodes the one-node default is for jobs that fit in time;
	// one beyond two years may use the nodes a deadline would
	// (allowedNodes), as its warning says.
	most := p.maxNodes
	if p.autoNodes {
		most = c.allowedNodes()
	}
	if k, z, _ := c.nodesWithin(s, g, v, sr.nodes, sr.sharding, longJobShortH, most, true); k != sr.nodes {
		c.forget(si)
		n := s.count
		c.configure(si, g, v, fitRes{nodes: k, tp: 1, reps: 1, used: n * k, sharding: z, perGPU: p.perGPUTraining(z, n*k, n)}, sr)
	}
	_, cal := c.runHours(sr, sr.setup.baseHours())
	sr.long = cal > longJobShortH
}

// forget drops the class entries (fitOf, speedOnOneNode) whose source is
// shape si, before si's configuration changes: the next shape of each
// class works its own out.
func (c *call) forget(si int) {
	if c.noShare {
		return
	}
	for _, m := range []*classMemo{&c.fits[c.facts.fitClass[si]], &c.speeds[c.facts.speedClass[si]]} {
		if m.gen == c.gen && m.src == int32(si) {
			m.gen = 0
		}
	}
}

// allowedNodes is the most nodes a job may use when the user sets a
// deadline: --nodes, else the deadline's cap (deadlineNodeCap).
func (c *call) allowedNodes() int {
	if c.a.MaxNodes > 0 {
		return c.a.MaxNodes
	}
	return deadlineNodeCap
}

// deadlineFor is the deadline to suggest for a run of cal calendar hours:
// six months (longJobWarnH) when it is shorter, else cal rounded up to
// whole months, at most the longest deadline accepted.
func deadlineFor(cal float64) float64 {
	if cal <= longJobWarnH {
		return longJobWarnH
	}
	return math.Min(model.MaxDeadlineHours, math.Ceil(cal/model.HoursPerMonth)*model.HoursPerMonth)
}

// longJobWarning is the long-job warning of a job with no deadline that
// runs longer than longJobWarnH: its wall-clock and, for training on an
// offer with a cluster network, the same offer over more nodes within
// those allowed (the fewest that finish within six months, else the
// most), with its wall-clock, its GPU cost at the chosen hourly rate and
// the deadline to set; otherwise the deadline that ranks the plans that
// finish sooner. Critical beyond two years (the shortfall).
func (c *call) longJobWarning(in warnInput) (model.Warning, bool) {
	p, rec, l := c.p, in.rec, c.l
	if !p.jobMode || p.deadline > 0 || rec.CalendarHours <= longJobWarnH {
		return model.Warning{}, false
	}
	sev := model.SeverityWarn
	if in.res.long {
		sev = model.SeverityCritical
	}
	most := c.allowedNodes()
	wall := l.wallClock(rec.CalendarHours)
	nodes := max(rec.Nodes, 1)
	if p.training && nodes >= most {
		return l.warningKey(model.WarnLongJob, kLongJobAtMost, sev, "", wall, most), true
	}
	if p.training && most > nodes && c.clusterOK(in.row.offer) {
		s := in.shape
		g := c.ix.shapeGPU(s)
		k, z, _ := c.nodesWithin(s, g, s.vram*gib, nodes, in.res.sharding, longJobWarnH, most, true)
		if jh, sh := c.trainHours(s, g, k, z); k > nodes && jh > 0 {
			h := jh + sh + provisionSec(in.row.class)/3600
			cal := h * model.HoursPerWeekFull / c.a.HoursPerWeek
			cost := rec.Hourly / float64(nodes) * float64(k) * h
			return l.warningKey(model.WarnLongJob, kLongJobFaster, sev, "", wall, k, rec.GPUCount,
				displayGPU(rec.GPU, l), most, l.wallClock(cal), money(c.disp, cost), model.FormatDeadline(deadlineFor(cal))), true
		}
	}
	return l.warning(model.WarnLongJob, sev, "", wall, model.FormatDeadline(longJobWarnH), most), true
}

// wallClock writes a run's calendar hours for a person: years or months
// to a tenth, else days.
func (l lang) wallClock(h float64) string {
	switch {
	case h >= 12*model.HoursPerMonth:
		return l.f(kWallYears, h/(12*model.HoursPerMonth))
	case h >= model.HoursPerMonth:
		return l.f(kWallMonths, h/model.HoursPerMonth)
	}
	return l.f(kWallDays, h/24)
}
