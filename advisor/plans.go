package advisor

import "github.com/gpupick/gpupick/model"

// The one price rule: which price of which plan applies to an offer.
// Every part of the advisor that prices a run (the quotes of a priced
// offer, the ranking's shortcut, the hybrids' bases, the scan's price
// floor, the estimate penalty) reads the plans from planRates, so that
// what the ranking orders by and what a recommendation shows are one
// figure.

// rates are an offer's prices where a run buys them, per node and in the
// offer's currency: per hour for on-demand and spot, per period for the
// listed plans, fractions off for the firm commitments. The index keeps
// each offer's own (its lowest on-demand price, its median spot zone);
// under a region filter a call works out the ones inside it
// (regionRates).
type rates struct {
	od, spot, daily, weekly, monthly, yearly float64
	// c1 and c3 are the offer's firm 1- and 3-year committed discounts
	// (a fraction off od).
	c1, c3 float32
	// bkt is the spot price's interruption bucket (-1 unknown).
	bkt int8
}

// places are where each of an offer's prices applies: the on-demand
// price's region, the spot price's zone, the listed plans' region ("" when
// the offer's regions share it and none was asked).
type places struct {
	od, spot, plan string
}

// planSrc is what backs a commitment plan's price.
type planSrc uint8

const (
	srcNone   planSrc = iota
	srcListed         // a plan price the offer lists
	srcFirm           // a committed price published for the offer's family
	srcPolicy         // the provider's published discount: an estimate
	srcUpTo           // an "up to" maximum: shown, never chosen
)

// The commitment plans whose price may come from several sources.
const (
	planMonthly = iota
	plan1y
	plan3y
	nPlans
)

// planOf is the commitment plan a price model stands on (a hybrid on its
// base), -1 for the others.
func planOf(pm pmCode) int {
	switch pm {
	case pmMonthly, pmHybMonthlyOD, pmHybMonthlySpot:
		return planMonthly
	case pmReserved1, pmHyb1yOD, pmHyb1ySpot:
		return plan1y
	case pmReserved3, pmHyb3yOD, pmHyb3ySpot:
		return plan3y
	}
	return -1
}

// source is the one rule of which price backs commitment plan k of an
// offer with rates p under policy pol: a listed monthly price, else the
// policy's monthly discount; a listed yearly price, else the family's
// firm 1-year discount, else the policy's; the family's firm 3-year
// discount, else the policy's, else (when nothing backs a 1-year term
// either) the largest advertised discount as an "up to" 3-year case. d is
// the discount behind it (nil for a listed price).
func (p *rates) source(k int, pol *model.Policy) (planSrc, *model.Discount) {
	switch k {
	case planMonthly:
		switch {
		case p.monthly > 0:
			return srcListed, nil
		case pol != nil:
			return srcPolicy, &pol.CommitMonthly
		}
	case plan1y:
		switch {
		case p.yearly > 0:
			return srcListed, nil
		case p.c1 > 0:
			return srcFirm, nil
		case pol != nil:
			return srcPolicy, &pol.Commit1y
		}
	case plan3y:
		switch {
		case p.c3 > 0:
			return srcFirm, nil
		case pol == nil:
		case pol.Commit3y.Fraction > 0:
			return srcPolicy, &pol.Commit3y
		case pol.Commit1y.Fraction == 0 && p.yearly <= 0 && p.c1 <= 0:
			return srcUpTo, &pol.CommitMax
		}
	}
	return srcNone, nil
}

// estimated reports whether a price model's price (a hybrid's base) is an
// estimate from a policy's published discount.
func (p *rates) estimated(pm pmCode, pol *model.Policy) bool {
	k := planOf(pm)
	if k < 0 {
		return false
	}
	src, _ := p.source(k, pol)
	return src == srcPolicy
}

// firm is the firm committed discount of plan k (1- or 3-year).
func (p *rates) firm(k int) float32 {
	if k == plan3y {
		return p.c3
	}
	return p.c1
}

// planRate is one price model of an offer: what it costs per hour, for
// all nodes, in USD.
type planRate struct {
	pm pmCode
	// rate is the price per hour: of use for on-demand and spot, of the
	// plan's period for a plan (its price over its hours).
	rate float64
	// period is a plan's length in hours (0 for on-demand and spot).
	period float64
	src    planSrc
	// disc is the published discount behind an estimate (nil for a listed
	// or firm price).
	disc *model.Discount
	upTo bool
	// at is where the price applies (places).
	at string
}

// maxPlans is the most price models planRates puts: on-demand, spot,
// daily, weekly, monthly, 1- and 3-year.
const maxPlans = 7

// planRates puts the price models of an offer with rates p (per node, in
// its currency; at says where each applies) under policy pol into out, in
// the order a recommendation lists them, and returns how many: k turns a
// per-node price in the offer's currency into USD for all nodes. Spot is
// put whatever the answers (the caller decides whether a run may use it);
// "up to" discounts only withUpTo. source is the rule for each
// commitment plan; a discount applies to the on-demand price, or for a
// discount off the listed monthly price (Tencent's subscription terms) to
// that price per hour, where the offer has it.
func planRates(p *rates, at *places, pol *model.Policy, k float64, withUpTo bool, out *[maxPlans]planRate) int {
	n := 0
	put := func(pr planRate) { out[n] = pr; n++ }
	od := p.od * k
	if od > 0 {
		put(planRate{pm: pmOnDemand, rate: od, at: at.od})
	}
	if p.spot > 0 {
		put(planRate{pm: pmSpot, rate: p.spot * k, at: at.spot})
	}
	listed := func(pm pmCode, price, period float64) {
		if price > 0 {
			put(planRate{pm: pm, rate: price * k / period, period: period, src: srcListed, at: at.plan})
		}
	}
	listed(pmDaily, p.daily, hoursPerDay)
	listed(pmWeekly, p.weekly, model.HoursPerWeekFull)
	for plan, pm := range [nPlans]pmCode{pmMonthly, pmReserved1, pmReserved3} {
		period := planPeriods[plan]
		src, d := p.source(plan, pol)
		switch src {
		case srcListed:
			price := p.monthly
			if plan == plan1y {
				price = p.yearly
			}
			listed(pm, price, period)
		case srcFirm:
			if od > 0 {
				put(planRate{pm: pm, rate: od * (1 - float64(p.firm(plan))), period: period, src: srcFirm, at: at.od})
			}
		case srcPolicy, srcUpTo:
			upTo := src == srcUpTo || d.UpTo
			if upTo && !withUpTo || d.Fraction <= 0 || d.Fraction >= 1 {
				continue
			}
			base, where := od, at.od
			if d.OfMonthly {
				base, where = p.monthly*k/model.HoursPerMonth, at.plan
			}
			if base <= 0 {
				continue
			}
			s := srcPolicy
			if upTo {
				s = srcUpTo
			}
			put(planRate{pm: pm, rate: base * (1 - d.Fraction), period: period, src: s, disc: d, upTo: upTo, at: where})
		}
	}
	return n
}

// planPeriods are the commitment plans' periods in hours.
var planPeriods = [nPlans]float64{model.HoursPerMonth, hoursPerYear, hoursPer3Year}

// floor is the lowest hourly rate per node (in the offer's currency) of
// an offer's price models other than spot that a run can be priced at, 0
// when there is none: every model bills at least its rate for every hour
// of use, so the floor times the hours bounds a run's cost from below.
// Prices inside a region filter are never below the offer's own, so the
// index's floor bounds a filtered run too.
func (p *rates) floor(pol *model.Policy) float64 {
	var buf [maxPlans]planRate
	m := 0.0
	for _, pr := range buf[:planRates(p, &places{}, pol, 1, false, &buf)] {
		if pr.pm != pmSpot && pr.rate > 0 && (m == 0 || pr.rate < m) {
			m = pr.rate
		}
	}
	return m
}
