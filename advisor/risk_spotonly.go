package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// The spot-only penalty: an offer priced on spot alone, with no
// on-demand (or other non-spot) price of its own to fall back on, carries
// a risk the total leaves out for a run that cannot simply wait for the
// capacity to come back: a job with a deadline, or a rented period (a
// deployment that has to stay up). Today such an offer with no published
// interruption rate would rank first at no risk at all.
//
// Its size is the expected extra cost of the fallback, for the run's
// calendar length:
//
//   - the chance of at least one interruption over the run, at the
//     monthly share of the spot zone's AWS bucket (model.InterruptionMonthly)
//     or, where no rate is published, at the worst bucket (">20%", taken as
//     25%), since an unknown is the worse case where it decides a rank;
//   - when it comes, on average half the run is left (spotRemaining);
//   - the rest runs on demand elsewhere, at 1/spotShare times the spot
//     rate: spotShare is the median spot price as a share of the on-demand
//     price over the embedded catalog's offers that list both (0.196 over
//     141 offers of AWS, Azure, GCP, Nebius and Verda, snapshot
//     2026-11-29; TestSpotShareMedian checks the figure).
//
// A month's rental at an unknown rate so carries +50%, a two-day job +4%:
// the penalty grows with the time the capacity has to stay. A job without
// a deadline waits for the capacity and is re-run (the spot re-run time,
// spotExtra, is in its cost already); an offer with a non-spot price, and
// a hybrid, have their fallback and are not concerned.
const (
	spotShare     = 0.20
	spotRemaining = 0.5
)

// riskCodeSpotOnly is the spot-only penalty's code.
const riskCodeSpotOnly = "spot-no-fallback"

// spotOnlyRisk is the spot-only penalty in percent of a run of cal
// calendar hours priced under pm at rates p (hr the row's hot part, pol
// its provider's policy): 0 unless the run is on plain spot, it has no
// non-spot price to fall back on and the run is a rented period or a job
// with a deadline. The interruption bucket is the priced spot zone's.
func (rk *risker) spotOnlyRisk(hr *hotRow, p *rates, pol *model.Policy, pm pmCode, cal float64) int {
	if pm != pmSpot || rk.p.jobMode && rk.p.deadline <= 0 || !(cal > 0) {
		return 0
	}
	// A price other than spot to fall back on: the offer's own, or under
	// a region filter one inside it.
	if hr.lbUSD > 0 && (rk.reg.rf == nil || p.floor(pol) > 0) {
		return 0
	}
	return spotOnlyPct(cal, p.bkt)
}

// spotOnlyPct is the spot-only penalty of a run of cal calendar hours in
// a zone of interruption bucket bkt (-1 unknown: the worst bucket), in
// whole percent rounded up.
func spotOnlyPct(cal float64, bkt int8) int {
	if bkt < 0 || int(bkt) >= len(model.InterruptionMonthly) {
		bkt = int8(len(model.InterruptionMonthly) - 1)
	}
	m := model.InterruptionMonthly[bkt]
	p := 1 - math.Pow(1-m, cal/model.HoursPerMonth)
	return int(math.Ceil(100*p*spotRemaining*(1/spotShare-1) - 1e-9))
}
