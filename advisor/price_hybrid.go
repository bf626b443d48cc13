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
	// base is where the base plan's price applies (the spot zone for
	// spot with on-demand fallback): the region the record and a launch
	// file carry. Both parts are priced inside the region filter.
	base planRate
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

// hybrids puts the eligible hybrid plans of a run of h hours over cal
// calendar hours: (a) whole periods of a firm plan or commitment, and the
// hours of use after the last whole period (h x remainder / cal, so the
// weekly hours carry over) on demand or, for an interruptible job, on
// spot; (b) for an interruptible job, spot with the re-run time after
// interruptions on demand. Nothing is visited when the run is a whole
// number of periods (the plain plan is the same) or shorter than one.
// plans are the offer's price models for the run's nodes in USD
// (planRates), p its rates (for the spot bucket). It returns how many it
// put in buf.
func (pc *pricer) hybrids(p *rates, plans []planRate, h, cal float64, buf *[maxHybrids]hyb) int {
	n := 0
	visit := func(hy *hyb) { buf[n] = *hy; n++ }
	if h <= 0 || cal <= 0 {
		return 0
	}
	// The on-demand and spot rates, and the bases: the monthly plan and
	// the 1- and 3-year commitments that are not "up to" maxima.
	var od, spotRate float64
	var spot planRate
	var bases [nPlans]*planRate
	for i := range plans {
		pr := &plans[i]
		switch {
		case pr.pm == pmOnDemand:
			od = pr.rate
		case pr.pm == pmSpot:
			if pc.a.Interruptible && p.spotUsable() {
				spotRate, spot = pr.rate, *pr
			}
		case !pr.upTo:
			if k := planOf(pr.pm); k >= 0 {
				bases[k] = pr
			}
		}
	}
	bkt := p.bkt
	for i, b := range hybridBases {
		base := bases[i]
		if base == nil || base.rate <= 0 {
			continue
		}
		k := float64(int(cal/b.period + 1e-9))
		rem := cal - k*b.period
		if k < 1 || rem < 1 {
			continue
		}
		fillH := h * rem / cal
		if od > 0 {
			hy := hyb{pm: b.od, terms: k, period: b.period, baseRate: base.rate, fillH: fillH, fillRate: od, bkt: -1, base: *base}
			hy.total = k*b.period*base.rate + fillH*od
			hy.billed = k*b.period + fillH
			hy.rate = hy.total / hy.billed
			visit(&hy)
		}
		if spotRate > 0 {
			ex := pc.spotExtra(fillH, bkt)
			hy := hyb{pm: b.spot, terms: k, period: b.period, baseRate: base.rate, fillH: fillH, fillRate: spotRate, extra: ex,
				bkt: bkt, spotFill: true, base: *base}
			hy.total = k*b.period*base.rate + (fillH+ex)*spotRate
			hy.billed = k*b.period + fillH + ex
			hy.rate = hy.total / hy.billed
			visit(&hy)
		}
	}
	if spotRate > 0 && od > 0 && pc.p.jobMode {
		ex := pc.spotExtra(h, bkt)
		if ex > 0 {
			hy := hyb{pm: pmHybSpotOD, fillH: ex, fillRate: od, baseRate: spotRate, bkt: bkt, extra: ex, base: spot}
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
