package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// Pricing figures.
const (
	hoursPerDay   = 24.0
	hoursPerYear  = model.HoursPerYear // 365.25 days
	hoursPer3Year = 3 * hoursPerYear
)

// pricer is the stage that prices a run: one evaluation's currency
// rates, its budget in USD, the data it stores and each provider's hidden
// costs, and the one price rule (plans.go) applied to an offer's rates:
// every price model of a recommendation (quotes), the ranking's shortcut
// (bestQuote), the hybrids (price_hybrid.go), the hidden costs
// (price_hidden.go), spot's re-run time (price_spot.go) and whether a cost
// keeps the budget (within, pick). One evaluation holds one (call.price);
// it reads the answers and the plan it is pointed at.
type pricer struct {
	a  *model.Answers
	p  *plan
	ix *index

	disp    model.Currency
	fxUSD   []float64 // per currency index: one unit in USD (0 = no rate)
	fxDisp  []float64 // per currency index: one unit in the display currency
	usdDisp float64   // one USD in the display currency
	polFX   []float64 // per provider: policy currency in USD
	hidWall []hidden  // per provider, for wall-clock runs
	hidUnk  []uint8   // per provider: 1 when a storage or egress price the run needs is unknown
	anyUnk  bool      // some provider's is
	// budgetUSD is the budget in USD (0: none, or its currency has no
	// rate); storageGB the data the run keeps on disk.
	budgetUSD float64
	storageGB float64
}

// reuse is an empty stage that keeps pc's buffers.
func (pc *pricer) reuse() pricer {
	return pricer{fxUSD: pc.fxUSD[:0], fxDisp: pc.fxDisp[:0], polFX: pc.polFX[:0], hidWall: pc.hidWall[:0], hidUnk: pc.hidUnk[:0]}
}

// setRates works out the display currency (USD when the catalog has no
// rate for the one asked), each currency's rate to USD and to it, and
// the budget in USD.
func (pc *pricer) setRates(cat *model.Catalog) {
	a, ix := pc.a, pc.ix
	pc.disp = a.Currency
	if v, ok := cat.Convert(1, model.USD, pc.disp); ok && pos(v) > 0 {
		pc.usdDisp = v
	} else {
		pc.disp, pc.usdDisp = model.USD, 1
	}
	pc.fxUSD = grow(pc.fxUSD, len(ix.curs))
	pc.fxDisp = grow(pc.fxDisp, len(ix.curs))
	for i, cur := range ix.curs {
		if v, ok := cat.Convert(1, cur, model.USD); ok && pos(v) > 0 {
			pc.fxUSD[i] = v
			pc.fxDisp[i] = v * pc.usdDisp
			if w, ok := cat.Convert(1, cur, pc.disp); ok && pos(w) > 0 {
				pc.fxDisp[i] = w
			}
		}
	}
	if a.Budget.IsSet() {
		if v, ok := cat.Convert(a.Budget.Amount, a.Budget.Currency, model.USD); ok {
			pc.budgetUSD = pos(v)
		}
	}
}

// setHidden works out each provider's policy currency rate and, for a
// rented period of wallCal calendar hours, its hidden costs, and which
// providers have a storage or egress price the run needs unknown.
func (pc *pricer) setHidden(cat *model.Catalog, wallCal float64) {
	ix := pc.ix
	pc.polFX = grow(pc.polFX, len(ix.provs))
	for i, pv := range ix.provs {
		pc.polFX[i] = fxPolicy(cat, pv.pol)
	}
	if !pc.p.jobMode {
		pc.hidWall = grow(pc.hidWall, len(ix.provs))
		for i := range ix.provs {
			pc.hidWall[i] = pc.hiddenCosts(uint16(i), wallCal)
		}
	}
	pc.hidUnk = grow(pc.hidUnk, len(ix.provs))
	if pc.storageGB > 0 || pc.a.EgressGB > 0 {
		for i := range ix.provs {
			// Whether a price is known does not depend on the run's length.
			if hc := pc.hidWallOr(uint16(i), 0); hc.storageUnknown || hc.egressUnkn {
				pc.hidUnk[i], pc.anyUnk = 1, true
			}
		}
	}
}

// quote is one price model's numbers for the run, in USD for all nodes.
type quote struct {
	pm        model.PriceModel
	total     float64 // GPU cost of the run
	rate      float64 // list or discounted rate per hour, all nodes
	billed    float64 // hours paid for
	cal       float64 // calendar hours covered (plans, terms)
	breakEven float64 // hours per week above which it beats on-demand
	eligible  bool
	estimate  bool
	upTo      bool
	disc      *model.Discount // the published discount behind an estimate
	listed    bool            // a listed plan price (not a discount)
	firm      bool            // a firm committed price of the offer's family
	// zone is where the price applies ("" when all zones share it), bkt
	// the spot interruption bucket (-1 unknown), extra the re-run hours.
	zone  string
	bkt   int8
	spotV model.SpotVerdict // spot's standing (rates.spotV)
	extra float64
	hyb   *hyb // a hybrid plan's parts
}

// quotes lists the price models of one offer with rates p (at says where
// each applies) for a run of h hours over cal calendar hours on n nodes,
// from planRates and the hybrids built on them. withUpTo adds the
// estimates from "up to" discounts, which never rank an offer. fx
// converts the offer currency to USD.
func (pc *pricer) quotes(p *rates, at *places, pol *model.Policy, firmSrc string, n int, h, cal, fx float64, withUpTo bool, out []quote) []quote {
	out = out[:0]
	var buf [maxPlans]planRate
	plans := buf[:planRates(p, pol, fx*float64(n), withUpTo, &buf)]
	od := 0.0
	for i := range plans {
		pr := &plans[i]
		q := quote{pm: pmNames[pr.pm], rate: pr.rate, eligible: true, zone: pr.in(at), bkt: -1}
		switch pr.pm {
		case pmOnDemand:
			od = pr.rate
			q.billed = billHours(h, pol, pc.p.jobMode)
			q.total, q.cal = pr.rate*q.billed, cal
		case pmSpot:
			q.extra = pc.spotExtra(h, p.bkt)
			q.billed = spotHours(h, q.extra, pol, pc.p.jobMode)
			q.total, q.cal, q.bkt, q.eligible = pr.rate*q.billed, cal, p.bkt, pc.a.Interruptible && p.spotUsable()
			q.spotV = p.spotV
		default:
			k := periods(cal, pr.period)
			q.billed, q.cal = k*pr.period, k*pr.period
			q.total = pr.rate * q.billed
			if od > 0 {
				q.breakEven = model.HoursPerWeekFull * pr.rate / od
			}
			q.listed, q.firm, q.upTo = pr.src == srcListed, pr.src == srcFirm, pr.upTo
			q.estimate, q.eligible = pr.src == srcPolicy || pr.upTo, !pr.upTo
			q.disc = pr.disc
			if q.firm {
				q.disc = &model.Discount{Fraction: float64(p.firm(planOf(pr.pm))), Source: firmSrc}
			}
		}
		out = append(out, q)
	}
	var hb [maxHybrids]hyb
	for i, k := 0, pc.hybrids(p, plans, h, cal, &hb); i < k; i++ {
		hy := hb[i]
		out = append(out, quote{pm: pmNames[hy.pm], rate: hy.rate, billed: hy.billed, cal: cal, total: hy.total, eligible: true,
			zone: hy.base.in(at), bkt: hy.bkt, extra: hy.extra, hyb: &hy})
	}
	return out
}

// bestQuote is the ranking's shortcut of quotes followed by pick: it
// walks the same price models (planFor's parts, without "up to"
// estimates) and hybrids without building the quotes, and returns the
// chosen model with its total and rate, and whether its price (a hybrid's
// base) is an estimate (rates.estimated). hc is the run's hidden costs.
// ok is false when no model is eligible.
func (pc *pricer) bestQuote(p *rates, pol *model.Policy, n int, h, cal, fx float64, hc hidden) (total, rate float64, pm pmCode, est, within, ok bool) {
	var cur pmCode
	curEst := false
	consider := func(t, rt float64) {
		w := pc.within(t, model.AllIn(t, hc.storage, hc.egress), h, cal)
		switch {
		case !ok:
		case w && !within:
		case w == within && t < total:
		default:
			return
		}
		total, rate, pm, est, within, ok = t, rt, cur, curEst, w, true
	}
	// The price models of planFor, walked without building them.
	k := fx * float64(n)
	od := 0.0
	if price, _ := p.hourly(pmOnDemand); price > 0 {
		cur, od = pmOnDemand, price*k
		consider(od*billHours(h, pol, pc.p.jobMode), od)
	}
	if price, _ := p.hourly(pmSpot); price > 0 && pc.a.Interruptible && p.spotUsable() {
		cur = pmSpot
		rt := price * k
		ex := pc.spotExtra(h, p.bkt)
		consider(rt*spotHours(h, ex, pol, pc.p.jobMode), rt)
		if od > 0 && ex > 0 && cal < model.HoursPerMonth+1 {
			// The one hybrid of a short job (hybrids has the others).
			cur = pmHybSpotOD
			consider(spotFallback(rt, od, h, ex))
		}
	}
	for _, l := range rents {
		if price, period := p.plans[l], rentPeriods[l]; price > 0 {
			cur = listedPM(l)
			rate := price * k / period
			consider(rate*(periods(cal, period)*period), rate)
		}
	}
	for plan, m := range [nPlans]pmCode{pmMonthly, pmReserved1, pmReserved3} {
		if !p.mayCommit(pol) {
			break
		}
		if rate, src, _, _, has := p.commit(plan, pol, false); has {
			cur, rate, curEst = m, rate*k, src == srcPolicy
			period := planPeriods[plan]
			consider(rate*(periods(cal, period)*period), rate)
		}
	}
	curEst = false
	// Plan-based hybrids need a run of a month or more (a whole plan
	// period and an hour left); spot with fallback for a shorter job is
	// priced with spot above.
	if cal >= model.HoursPerMonth+1 {
		var buf [maxPlans]planRate
		plans := buf[:planRates(p, pol, k, false, &buf)]
		var hb [maxHybrids]hyb
		for i, k := 0, pc.hybrids(p, plans, h, cal, &hb); i < k; i++ {
			cur, curEst = hb[i].pm, hb[i].base.src == srcPolicy
			consider(hb[i].total, hb[i].rate)
		}
	}
	return total, rate, pm, est, within, ok
}

// pmCode is a price model in a ranking key (a small number keeps the
// candidates free of pointers).
type pmCode uint8

// The price models a ranking chooses from: those the price rule names,
// then one code per listed plan (pmListed + its model.ListedPlan), whose
// price model is its row's (model.ListedPlans). The monthly plan and the
// 1-year term are the listed monthly and yearly plans' models.
const (
	pmNone pmCode = iota
	pmOnDemand
	pmSpot
	pmReserved3
	pmHybMonthlyOD
	pmHybMonthlySpot
	pmHyb1yOD
	pmHyb1ySpot
	pmHyb3yOD
	pmHyb3ySpot
	pmHybSpotOD
	pmListed
	pmMonthly   = pmListed + pmCode(model.PlanMonthly)
	pmReserved1 = pmListed + pmCode(model.PlanYearly)
	numPMs      = pmListed + pmCode(model.NumListedPlans)
)

// listedPM is the code of listed plan l's price model.
func listedPM(l model.ListedPlan) pmCode { return pmListed + pmCode(l) }

// listed is the listed plan whose price model pm is, if any.
func (pm pmCode) listed() (model.ListedPlan, bool) {
	if pm >= pmListed && pm < numPMs {
		return model.ListedPlan(pm - pmListed), true
	}
	return 0, false
}

// pmNames are the price models of the codes.
var pmNames = func() [numPMs]model.PriceModel {
	n := [numPMs]model.PriceModel{pmNone: "", pmOnDemand: model.PriceOnDemand, pmSpot: model.PriceSpot,
		pmReserved3:    model.PriceReserved3,
		pmHybMonthlyOD: model.PriceHybridMonthlyOD, pmHybMonthlySpot: model.PriceHybridMonthlySpot,
		pmHyb1yOD: model.PriceHybrid1yOnDemand, pmHyb1ySpot: model.PriceHybrid1ySpot,
		pmHyb3yOD: model.PriceHybrid3yOnDemand, pmHyb3ySpot: model.PriceHybrid3ySpot,
		pmHybSpotOD: model.PriceHybridSpotOD}
	for l := range model.NumListedPlans {
		n[listedPM(l)] = model.ListedPlans[l].Model
	}
	return n
}()

// pmOf is the code of a price model (pmNone when it has none).
func pmOf(name model.PriceModel) pmCode {
	for c, n := range pmNames {
		if n == name && name != "" {
			return pmCode(c)
		}
	}
	return pmNone
}

// periods is the number of plan periods that cover cal calendar hours (at
// least one).
func periods(cal, period float64) float64 {
	k := math.Ceil(cal/period - 1e-9)
	if k < 1 || math.IsNaN(k) {
		return 1
	}
	return k
}

// billHours applies the provider's billing rule to a run of h hours:
// hourly billing rounds a job up to whole hours, and a billing minimum
// applies to short jobs. A wall-clock run is billed as used.
func billHours(h float64, pol *model.Policy, job bool) float64 {
	if pol == nil || !job {
		return h
	}
	switch pol.BillingGranularity {
	case "hourly":
		h = math.Ceil(h - 1e-9)
	case "per-minute":
		h = math.Ceil(h*60-1e-9) / 60
	}
	if m := pol.BillingMinimumSeconds / 3600; h < m {
		h = m
	}
	return h
}

// within reports whether a cost keeps the budget: an hourly budget caps
// the GPU cost per hour of use, a monthly one the spend (hidden costs
// included) per calendar month, a total one the whole run.
func (pc *pricer) within(total, allIn, h, cal float64) bool {
	if pc.budgetUSD <= 0 {
		return true
	}
	if s := total + allIn; math.IsNaN(s) || math.IsInf(s, 0) {
		// A cost that is not a finite number never keeps a budget (NaN
		// compares false either way, so no comparison below would say so).
		return false
	}
	if pc.a.Budget.Period == model.BudgetHourly && h <= 0 {
		return false // no hours of use: nothing to divide the cost by
	}
	// What the budget compares is model.Budget.Spend, the one rule the
	// suggestions report too.
	return pc.a.Budget.Spend(total, allIn, h, cal) <= pc.budgetUSD*(1+1e-9)
}

// pick chooses the price model of a run with hidden costs hc: the cheapest
// eligible one within the budget, or the cheapest eligible one when none
// is. It returns -1 when
// no quote is eligible.
func (pc *pricer) pick(qs []quote, hc hidden, h, cal float64) (best int, within bool) {
	best = -1
	for i := range qs {
		q := &qs[i]
		if !q.eligible {
			continue
		}
		w := pc.within(q.total, model.AllIn(q.total, hc.storage, hc.egress), h, cal)
		switch {
		case best < 0:
		case w && !within:
		case w == within && q.total < qs[best].total:
		default:
			continue
		}
		best, within = i, w
	}
	return best, within
}

// floorUSD is the lower bound of a row's hourly rate (USD, one node) at
// rates p: the floor of its price models (rates.floor), or spot when the
// run may use it and it is lower; rounded down to a float32 as the
// index's bounds are.
func (pc *pricer) floorUSD(p *rates, r *row, fx float64) float32 {
	lo := p.floor(pc.ix.provs[r.prov].pol)
	if pc.a.Interruptible && p.spotUsable() && (lo == 0 || p.spot < lo) {
		lo = p.spot
	}
	return lowerF32(lo * fx)
}
