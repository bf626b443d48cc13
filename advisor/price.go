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
	extra float64
	hyb   *hyb // a hybrid plan's parts
}

// quotes lists the price models of one offer with rates p (at says where
// each applies) for a run of h hours over cal calendar hours on n nodes,
// from planRates and the hybrids built on them. withUpTo adds the
// estimates from "up to" discounts, which never rank an offer. fx
// converts the offer currency to USD.
func (c *call) quotes(p *rates, at *places, pol *model.Policy, firmSrc string, n int, h, cal, fx float64, withUpTo bool, out []quote) []quote {
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
			q.billed = billHours(h, pol, c.p.jobMode)
			q.total, q.cal = pr.rate*q.billed, cal
		case pmSpot:
			q.extra = c.spotExtra(h, p.bkt)
			q.billed = spotHours(h, q.extra, pol, c.p.jobMode)
			q.total, q.cal, q.bkt, q.eligible = pr.rate*q.billed, cal, p.bkt, c.a.Interruptible
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
	for i, k := 0, c.hybrids(p, plans, h, cal, &hb); i < k; i++ {
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
func (c *call) bestQuote(p *rates, pol *model.Policy, n int, h, cal, fx float64, hc hidden) (total, rate float64, pm pmCode, est, within, ok bool) {
	var cur pmCode
	curEst := false
	consider := func(t, rt float64) {
		w := c.within(t, model.AllIn(t, hc.storage, hc.egress), h, cal)
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
		consider(od*billHours(h, pol, c.p.jobMode), od)
	}
	if price, _ := p.hourly(pmSpot); price > 0 && c.a.Interruptible {
		cur = pmSpot
		rt := price * k
		ex := c.spotExtra(h, p.bkt)
		consider(rt*spotHours(h, ex, pol, c.p.jobMode), rt)
		if od > 0 && ex > 0 && cal < model.HoursPerMonth+1 {
			// The one hybrid of a short job (hybrids has the others).
			cur = pmHybSpotOD
			consider(spotFallback(rt, od, h, ex))
		}
	}
	for _, m := range [...]pmCode{pmDaily, pmWeekly} {
		if price, period := p.hourly(m); price > 0 {
			cur = m
			consider(periods(cal, period)*price*k, price*k/period)
		}
	}
	for plan, m := range [nPlans]pmCode{pmMonthly, pmReserved1, pmReserved3} {
		if !p.mayCommit(pol) {
			break
		}
		if rate, src, _, _, has := p.commit(plan, pol, false); has {
			cur, rate, curEst = m, rate*k, src == srcPolicy
			period := planPeriods[plan]
			consider(rate*periods(cal, period)*period, rate)
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
		for i, k := 0, c.hybrids(p, plans, h, cal, &hb); i < k; i++ {
			cur, curEst = hb[i].pm, hb[i].base.src == srcPolicy
			consider(hb[i].total, hb[i].rate)
		}
	}
	return total, rate, pm, est, within, ok
}

// pmCode is a price model in a ranking key (a small number keeps the
// candidates free of pointers).
type pmCode uint8

// The price models a ranking chooses from.
const (
	pmNone pmCode = iota
	pmOnDemand
	pmSpot
	pmDaily
	pmWeekly
	pmMonthly
	pmReserved1
	pmReserved3
	pmHybMonthlyOD
	pmHybMonthlySpot
	pmHyb1yOD
	pmHyb1ySpot
	pmHyb3yOD
	pmHyb3ySpot
	pmHybSpotOD
)

// pmNames are the price models of the codes.
var pmNames = [...]model.PriceModel{pmNone: "", pmOnDemand: model.PriceOnDemand, pmSpot: model.PriceSpot,
	pmDaily: model.PriceDaily, pmWeekly: model.PriceWeekly, pmMonthly: model.PriceMonthly,
	pmReserved1: model.PriceReserved1, pmReserved3: model.PriceReserved3,
	pmHybMonthlyOD: model.PriceHybridMonthlyOD, pmHybMonthlySpot: model.PriceHybridMonthlySpot,
	pmHyb1yOD: model.PriceHybrid1yOnDemand, pmHyb1ySpot: model.PriceHybrid1ySpot,
	pmHyb3yOD: model.PriceHybrid3yOnDemand, pmHyb3ySpot: model.PriceHybrid3ySpot,
	pmHybSpotOD: model.PriceHybridSpotOD}

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
func (c *call) within(total, allIn, h, cal float64) bool {
	if c.budgetUSD <= 0 {
		return true
	}
	if s := total + allIn; math.IsNaN(s) || math.IsInf(s, 0) {
		// A cost that is not a finite number never keeps a budget (NaN
		// compares false either way, so no comparison below would say so).
		return false
	}
	if c.a.Budget.Period == model.BudgetHourly && h <= 0 {
		return false // no hours of use: nothing to divide the cost by
	}
	// What the budget compares is model.Budget.Spend, the one rule the
	// suggestions report too.
	return c.a.Budget.Spend(total, allIn, h, cal) <= c.budgetUSD*(1+1e-9)
}

// pick chooses the price model of a run with hidden costs hc: the cheapest
// eligible one within the budget, or the cheapest eligible one when none
// is. It returns -1 when
// no quote is eligible.
func (c *call) pick(qs []quote, hc hidden, h, cal float64) (best int, within bool) {
	best = -1
	for i := range qs {
		q := &qs[i]
		if !q.eligible {
			continue
		}
		w := c.within(q.total, model.AllIn(q.total, hc.storage, hc.egress), h, cal)
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
