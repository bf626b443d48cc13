package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// longJobWarning is the long-job warning of a job with no deadline that
// runs longer than longJobWarnH: its wall-clock and, for training on an
// offer with a cluster network, the same offer over more nodes within
// those allowed (the fewest that finish within six months, else the
// most), with its wall-clock, its GPU cost at the chosen hourly rate and
// the deadline to set; otherwise the deadline that ranks the plans that
// finish sooner. Critical beyond two years (the shortfall).
func (c recoWriter) longJobWarning(in warnInput) (model.Warning, bool) {
	p, rec, l := c.p, in.rec, c.l
	if !p.jobMode || p.deadline > 0 || rec.CalendarHours <= longJobWarnH {
		return model.Warning{}, false
	}
	sev := model.SeverityWarn
	if in.res.long {
		sev = model.SeverityCritical
	}
	most := c.feas.allowedNodes()
	wall := l.wallClock(rec.CalendarHours)
	nodes := max(rec.Nodes, 1)
	if p.training && nodes >= most {
		return l.warningKey(model.WarnLongJob, kLongJobAtMost, sev, "", wall, most), true
	}
	if p.training && most > nodes && c.feas.clusterOK(in.row.offer) {
		s := in.shape
		g := c.ix.shapeGPU(s)
		k, lk, _ := c.feas.nodesWithin(s, g, s.vram*gib, nodes, in.res.lay, longJobWarnH, most, true)
		if jh, sh := c.feas.trainHours(s, g, k, lk); k > nodes && jh > 0 {
			h := jh + sh + provisionSec(in.row.class)/3600
			cal := h * model.HoursPerWeekFull / c.a.HoursPerWeek
			cost := rec.Hourly / float64(nodes) * float64(k) * h
			return l.warningKey(model.WarnLongJob, kLongJobFaster, sev, "", wall, k, rec.GPUCount,
				displayGPU(rec.GPU, l), most, l.wallClock(cal), l.money(c.price.disp, cost), model.FormatDeadline(deadlineFor(cal))), true
		}
	}
	return l.warning(model.WarnLongJob, sev, "", wall, model.FormatDeadline(longJobWarnH), most), true
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
