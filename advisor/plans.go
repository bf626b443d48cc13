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
// listed plans (plans, by model.ListedPlan), fractions off for the firm
// commitments. The index keeps
// each offer's own (its lowest on-demand price, its median spot zone);
// under a region filter the feasibility stage works out the ones inside it
// (regionRates).
type rates struct {
	od, spot float64
	plans    [model.NumListedPlans]float64
	// c1 and c3 are the offer's firm 1- and 3-year committed discounts
	// (a fraction off od).
	c1, c3 float32
	// bkt is the spot price's interruption bucket (-1 unknown).
	bkt int8
	// spotV is how spot stands against on-demand in its zone's region and
	// the provider's stated discount range (spotVerdict): a spot price at
	// or above on-demand is never a saving (spotUsable).
	spotV model.SpotVerdict
}

// spotUsable reports whether the spot price may price a run: it has one,
// and it is below on-demand where it applies.
func (p *rates) spotUsable() bool { return p.spot > 0 && !p.spotV.NoSaving() }

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
// offer with rates p under policy pol: the plan's listed price (the
// listed monthly or yearly price: listedCommit), else the family's firm
// discount (1- and 3-year), else the policy's discount for the plan; for
// the 3-year term a policy's discount only when it publishes one, else
// (when nothing backs a 1-year term either) the largest advertised
// discount as an "up to" 3-year case. d is the discount behind it (nil
// for a listed price).
func (p *rates) source(k int, pol *model.Policy) (planSrc, *model.Discount) {
	switch {
	case p.listed(k) > 0:
		return srcListed, nil
	case p.firm(k) > 0:
		return srcFirm, nil
	case pol == nil:
		return srcNone, nil
	}
	switch k {
	case planMonthly:
		return srcPolicy, &pol.CommitMonthly
	case plan1y:
		return srcPolicy, &pol.Commit1y
	}
	switch {
	case pol.Commit3y.Fraction > 0:
		return srcPolicy, &pol.Commit3y
	case pol.Commit1y.Fraction == 0 && p.listed(plan1y) <= 0 && p.c1 <= 0:
		return srcUpTo, &pol.CommitMax
	}
	return srcNone, nil
}

// listedCommit is, for each commitment plan, the listed plan whose price
// is its listed price (-1: none): the listed plans that are not
// model.ListedPlanInfo.ListedOnly, by the plan their price model stands on.
var listedCommit = func() (out [nPlans]int) {
	out = [nPlans]int{-1, -1, -1}
	for l := range model.NumListedPlans {
		if k := planOf(listedPM(l)); k >= 0 {
			out[k] = int(l)
		}
	}
	return out
}()

// listed is commitment plan k's listed price per period (0: none).
func (p *rates) listed(k int) float64 {
	if l := listedCommit[k]; l >= 0 {
		return p.plans[l]
	}
	return 0
}

// anyPlan reports whether the offer lists a price for any plan.
func (p *rates) anyPlan() bool {
	for _, v := range p.plans {
		if v > 0 {
			return true
		}
	}
	return false
}

// mayCommit reports whether any commitment plan can back a price that is
// not an "up to" maximum (the necessary condition of source and commit,
// checked first by the ranking's shortcut): a listed monthly or yearly
// price, a firm discount, or a policy's discount.
func (p *rates) mayCommit(pol *model.Policy) bool {
	return p.listed(planMonthly) > 0 || p.listed(plan1y) > 0 || p.c1 > 0 || p.c3 > 0 ||
		pol != nil && (pol.CommitMonthly.Fraction > 0 || pol.Commit1y.Fraction > 0 || pol.Commit3y.Fraction > 0)
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

// firm is the firm committed discount of plan k (1- or 3-year; 0 for
// the monthly plan, which has none).
func (p *rates) firm(k int) float32 {
	switch k {
	case plan1y:
		return p.c1
	case plan3y:
		return p.c3
	}
	return 0
}

// where says which of an offer's places a price applies in.
type where uint8

const (
	atOD   where = iota // the on-demand price's region
	atSpot              // the spot price's zone
	atPlan              // where the listed plans apply
)

// planRate is one price model of an offer: what it costs per hour, for
// all nodes, in USD.
type planRate struct {
	pm   pmCode
	src  planSrc
	upTo bool
	at   where
	// rate is the price per hour: of use for on-demand and spot, of the
	// plan's period for a plan (its price over its hours).
	rate float64
	// period is a plan's length in hours (0 for on-demand and spot).
	period float64
	// disc is the published discount behind an estimate (nil for a listed
	// or firm price).
	disc *model.Discount
}

// in is the place (of places) the price applies in.
func (pr *planRate) in(at *places) string {
	switch pr.at {
	case atSpot:
		return at.spot
	case atPlan:
		return at.plan
	}
	return at.od
}

// maxPlans is the number of single price models: on demand, spot, the
// 3-year term and the listed plans' models (TestPriceModelCodes checks it).
const maxPlans = 3 + int(model.NumListedPlans)

// planPMs are the single price models, in the order a recommendation
// lists them: that of model.PriceModelTable.
var planPMs = func() (out [maxPlans]pmCode) {
	n := 0
	for _, p := range model.PriceModelTable {
		if !p.Hybrid() && n < maxPlans {
			out[n] = pmOf(p.Name)
			n++
		}
	}
	return out
}()

// rents are the listed plans nothing but their listing prices
// (model.ListedPlanInfo.ListedOnly: the day and week rents), in table
// order, with their periods in hours.
var rents, rentPeriods = func() (ls []model.ListedPlan, periods [model.NumListedPlans]float64) {
	for l := range model.NumListedPlans {
		periods[l] = l.PeriodHours()
		if model.ListedPlans[l].ListedOnly {
			ls = append(ls, l)
		}
	}
	return ls, periods
}()

// rentOf is the rent a price model is, if it is one.
func rentOf(pm pmCode) (model.ListedPlan, bool) {
	if l, ok := pm.listed(); ok && model.ListedPlans[l].ListedOnly {
		return l, true
	}
	return 0, false
}

// hourly is the price per node (in the offer's currency) of one of the
// offer's prices that are not a commitment: on demand and spot per hour,
// the rents (daily, weekly) per period, with the period in hours (0 for
// on demand and spot). A price of 0 means the offer has none.
func (p *rates) hourly(pm pmCode) (price, period float64) {
	switch pm {
	case pmOnDemand:
		return p.od, 0
	case pmSpot:
		return p.spot, 0
	}
	if l, ok := rentOf(pm); ok {
		return p.plans[l], rentPeriods[l]
	}
	return 0, 0
}

// commit is commitment plan k of an offer with rates p under policy pol:
// its rate per hour per node in the offer's currency, what backs it
// (source), the discount behind an estimate, and where it applies; ok is
// false when the offer has no such price (or only an "up to" maximum and
// not withUpTo). A discount applies to the on-demand price, or for a
// discount off the listed monthly price (Tencent's subscription terms) to
// that price per hour, where the offer has it.
func (p *rates) commit(k int, pol *model.Policy, withUpTo bool) (rate float64, src planSrc, d *model.Discount, at where, ok bool) {
	src, d = p.source(k, pol)
	switch src {
	case srcListed:
		price := p.listed(k)
		return price / planPeriods[k], src, nil, atPlan, price > 0
	case srcFirm:
		return p.od * (1 - float64(p.firm(k))), src, nil, atOD, p.od > 0
	case srcPolicy, srcUpTo:
		upTo := src == srcUpTo || d.UpTo
		if upTo && !withUpTo || d.Fraction <= 0 || d.Fraction >= 1 {
			return 0, src, d, atOD, false
		}
		if upTo {
			src = srcUpTo
		}
		base, at := p.od, atOD
		if d.OfMonthly {
			base, at = p.listed(planMonthly)/planPeriods[planMonthly], atPlan
		}
		return base * (1 - d.Fraction), src, d, at, base > 0
	}
	return 0, src, d, atOD, false
}

// planFor is price model pm (one of planPMs) of an offer with rates p (per
// node, in its currency) under policy pol, or false when the offer has no
// such price: k turns a per-node price in the offer's currency into USD
// for all nodes. Spot is given whatever the answers (the caller decides
// whether a run may use it); "up to" discounts only withUpTo (commit).
func planFor(pm pmCode, p *rates, pol *model.Policy, k float64, withUpTo bool) (planRate, bool) {
	if plan := planOf(pm); plan >= 0 {
		rate, src, d, at, ok := p.commit(plan, pol, withUpTo)
		return planRate{pm: pm, rate: rate * k, period: planPeriods[plan], src: src, disc: d, upTo: src == srcUpTo, at: at}, ok
	}
	price, period := p.hourly(pm)
	pr := planRate{pm: pm, rate: price * k, period: period}
	switch {
	case pm == pmSpot:
		pr.at = atSpot
	case period > 0: // a rent
		pr.rate, pr.src, pr.at = price*k/period, srcListed, atPlan
	}
	return pr, price > 0
}

// planRates puts every price model of an offer (planFor) into out, in the
// order a recommendation lists them, and returns how many.
func planRates(p *rates, pol *model.Policy, k float64, withUpTo bool, out *[maxPlans]planRate) int {
	n := 0
	for _, pm := range planPMs {
		if pr, ok := planFor(pm, p, pol, k, withUpTo); ok {
			out[n] = pr
			n++
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
	m := 0.0
	take := func(v float64) {
		if v > 0 && (m == 0 || v < m) {
			m = v
		}
	}
	take(p.od)
	for _, l := range rents {
		take(p.plans[l] / rentPeriods[l])
	}
	for k := range nPlans {
		if rate, _, _, _, ok := p.commit(k, pol, false); ok {
			take(rate)
		}
	}
	return m
}
