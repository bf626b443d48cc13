package advisor

import "github.com/gpupick/gpupick/model"

// hyb is one hybrid plan's figures for a run, in USD for all nodes.
type hyb struct {
	pm          pmCode
	total, rate float64 // rate: the total over the hours billed
	billed      float64
	// terms whole base periods of period hours at baseRate; fillH hours
	// of use after them at fillRate, with extra re-run hours (spot).
	terms, period, baseRate float64
	fillH, fillRate, extra  float64
	bkt                     int8
	spotFill                bool
}

// maxHybrids is the most hybrid plans one run has: two fills for each of
// three bases, and spot with on-demand fallback.
const maxHybrids = 7

// hybridBases are the plans a hybrid may take for its base: code of the
// hybrid with on-demand, with spot, and the base's period.
var hybridBases = [3]struct {
	od, spot pmCode
	period   float64
}{
	{pmHybMonthlyOD, pmHybMonthlySpot, model.HoursPerMonth},
	{pmHyb1yOD, pmHyb1ySpot, hoursPerYear},
	{pmHyb3yOD, pmHyb3ySpot, hoursPer3Year},
}

// baseRates are a row's firm plan rates per hour (USD, all nodes) for the
// monthly plan, the 1-year and the 3-year commitment; 0 where none is
// firm. "Up to" maxima never count.
func (c *call) baseRates(r *row, pol *model.Policy, nodes, fx, od float64) (out [3]float64) {
	switch {
	case r.monthly > 0:
		out[0] = r.monthly * fx * nodes / model.HoursPerMonth
	case pol != nil:
		if b, ok := discountBase(&pol.CommitMonthly, r, fx, nodes, od); ok && !pol.CommitMonthly.UpTo {
			out[0] = b * (1 - pol.CommitMonthly.Fraction)
		}
	}
	switch {
	case r.yearly > 0:
		out[1] = r.yearly * fx * nodes / hoursPerYear
	case r.c1 > 0 && od > 0:
		out[1] = od * (1 - float64(r.c1))
	case pol != nil:
		if b, ok := discountBase(&pol.Commit1y, r, fx, nodes, od); ok && !pol.Commit1y.UpTo {
			out[1] = b * (1 - pol.Commit1y.Fraction)
		}
	}
	switch {
	case r.c3 > 0 && od > 0:
		out[2] = od * (1 - float64(r.c3))
	case pol != nil:
		if b, ok := discountBase(&pol.Commit3y, r, fx, nodes, od); ok && !pol.Commit3y.UpTo {
			out[2] = b * (1 - pol.Commit3y.Fraction)
		}
	}
	return out
}

// hybrids puts the eligible hybrid plans of a run of h hours over cal
// calendar hours: (a) whole periods of a firm plan or commitment, and the
// hours of use after the last whole period (h x remainder / cal, so the
// weekly hours carry over) on demand or, for an interruptible job, on
// spot; (b) for an interruptible job, spot with the re-run time after
// interruptions on demand. Nothing is visited when the run is a whole
// number of periods (the plain plan is the same) or shorter than one. It
// returns how many it put in buf.
func (c *call) hybrids(r *row, pol *model.Policy, nodes, h, cal, fx float64, buf *[maxHybrids]hyb) int {
	n := 0
	visit := func(hy *hyb) { buf[n] = *hy; n++ }
	if h <= 0 || cal <= 0 {
		return 0
	}
	od := r.od * fx * nodes
	var spotRate float64
	var bkt int8 = -1
	if r.spot > 0 && c.a.Interruptible {
		var s float64
		s, bkt = c.spotRate(r)
		spotRate = s * fx * nodes
	}
	bases := c.baseRates(r, pol, nodes, fx, od)
	for i, b := range hybridBases {
		base := bases[i]
		if base <= 0 {
			continue
		}
		k := float64(int(cal/b.period + 1e-9))
		rem := cal - k*b.period
		if k < 1 || rem < 1 {
			continue
		}
		fillH := h * rem / cal
		if od > 0 {
			hy := hyb{pm: b.od, terms: k, period: b.period, baseRate: base, fillH: fillH, fillRate: od}
			hy.total = k*b.period*base + fillH*od
			hy.billed = k*b.period + fillH
			hy.rate = hy.total / hy.billed
			visit(&hy)
		}
		if spotRate > 0 {
			ex := c.spotExtra(fillH, bkt)
			hy := hyb{pm: b.spot, terms: k, period: b.period, baseRate: base, fillH: fillH, fillRate: spotRate, extra: ex,
				bkt: bkt, spotFill: true}
			hy.total = k*b.period*base + (fillH+ex)*spotRate
			hy.billed = k*b.period + fillH + ex
			hy.rate = hy.total / hy.billed
			visit(&hy)
		}
	}
	if spotRate > 0 && od > 0 && c.p.jobMode {
		ex := c.spotExtra(h, bkt)
		if ex > 0 {
			hy := hyb{pm: pmHybSpotOD, fillH: ex, fillRate: od, baseRate: spotRate, bkt: bkt, extra: ex}
			hy.total, hy.rate = spotFallback(spotRate, od, h, ex)
			hy.billed = h + ex
			visit(&hy)
		}
	}
	return n
}

// spotFallback prices spot with on-demand fallback: h hours on spot, and
// the ex hours redone after interruptions on demand. rate is the total
// over the hours billed.
func spotFallback(spotRate, od, h, ex float64) (total, rate float64) {
	total = spotRate*h + od*ex
	return total, total / (h + ex)
}
