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

// quotes lists the price models of one offer for a run of h hours over c
// calendar hours on n nodes. withUpTo adds the estimates from "up to"
// discounts, which never rank an offer. fx converts the offer currency to
// USD.
func (c *call) quotes(r *row, pol *model.Policy, n int, h, cal, fx float64, withUpTo bool, out []quote) []quote {
	nodes := float64(n)
	o := &c.cat.Offers[r.offer]
	out = out[:0]
	od := r.od * fx * nodes
	if od > 0 {
		b := billHours(h, pol, c.p.jobMode)
		out = append(out, quote{pm: model.PriceOnDemand, rate: od, billed: b, total: od * b, cal: cal, eligible: true,
			zone: o.Detail().OnDemandRegion, bkt: -1})
	}
	spotZone := ""
	if r.spot > 0 {
		s, zone, bkt := c.spotPick(r)
		spotZone = zone
		rate := s * fx * nodes
		ex := c.spotExtra(h, bkt)
		b := spotHours(h, ex, pol, c.p.jobMode)
		out = append(out, quote{pm: model.PriceSpot, rate: rate, billed: b, total: rate * b, cal: cal, eligible: c.a.Interruptible,
			zone: zone, bkt: bkt, extra: ex})
	}
	plan := func(pm model.PriceModel, price, period float64) {
		if price <= 0 {
			return
		}
		k := periods(cal, period)
		q := quote{pm: pm, rate: price * fx * nodes / period, billed: k * period, cal: k * period, eligible: true, listed: true, bkt: -1}
		q.total = k * price * fx * nodes
		if od > 0 {
			q.breakEven = price * fx * nodes / od * model.HoursPerWeekFull / period
		}
		out = append(out, q)
	}
	plan(model.PriceDaily, r.daily, hoursPerDay)
	plan(model.PriceWeekly, r.weekly, model.HoursPerWeekFull)
	plan(model.PriceMonthly, r.monthly, model.HoursPerMonth)
	disc := func(pm model.PriceModel, d *model.Discount, period float64, upTo, firm bool) {
		base, ok := discountBase(d, r, fx, nodes, od)
		if !ok {
			return
		}
		upTo = upTo || d.UpTo
		if upTo && !withUpTo {
			return
		}
		k := periods(cal, period)
		rate := base * (1 - d.Fraction)
		q := quote{pm: pm, rate: rate, billed: k * period, cal: k * period, total: rate * k * period,
			eligible: !upTo, estimate: !firm, upTo: upTo, disc: d, firm: firm, bkt: -1}
		if !d.OfMonthly {
			q.zone = o.Detail().OnDemandRegion
		}
		if od > 0 {
			q.breakEven = model.HoursPerWeekFull * rate / od
		}
		out = append(out, q)
	}
	if pol != nil && r.monthly <= 0 {
		disc(model.PriceMonthly, &pol.CommitMonthly, model.HoursPerMonth, false, false)
	}
	switch {
	case r.yearly > 0:
		plan(model.PriceReserved1, r.yearly, hoursPerYear)
	case r.c1 > 0:
		disc(model.PriceReserved1, &model.Discount{Fraction: float64(r.c1), Source: o.Detail().CommitSource}, hoursPerYear, false, true)
	case pol != nil:
		disc(model.PriceReserved1, &pol.Commit1y, hoursPerYear, false, false)
	}
	switch {
	case r.c3 > 0:
		disc(model.PriceReserved3, &model.Discount{Fraction: float64(r.c3), Source: o.Detail().CommitSource}, hoursPer3Year, false, true)
	case pol == nil:
	case pol.Commit3y.Fraction > 0:
		disc(model.PriceReserved3, &pol.Commit3y, hoursPer3Year, false, false)
	case pol.Commit1y.Fraction == 0 && r.yearly <= 0 && r.c1 <= 0:
		// Only a largest advertised discount, term not stated: shown as a
		// 3-year best case.
		disc(model.PriceReserved3, &pol.CommitMax, hoursPer3Year, true, false)
	}
	var hb [maxHybrids]hyb
	for i, n := 0, c.hybrids(r, pol, nodes, h, cal, fx, &hb); i < n; i++ {
		hy := hb[i]
		q := quote{pm: pmNames[hy.pm], rate: hy.rate, billed: hy.billed, cal: cal, total: hy.total, eligible: true,
			zone: spotZone, bkt: hy.bkt, extra: hy.extra, hyb: &hy}
		if !hy.spotFill && hy.pm != pmHybSpotOD {
			q.zone = o.Detail().OnDemandRegion
		}
		out = append(out, q)
	}
	return out
}

// bestQuote is the ranking shortcut of quotes followed by pick: it walks
// the same eligible price models in the same order without building them,
// and returns the chosen model with its total and rate. hc is the run's
// hidden costs. ok is false when no model is eligible.
func (c *call) bestQuote(r *row, pol *model.Policy, n int, h, cal, fx float64, hc hidden) (total, rate float64, pm pmCode, within, ok bool) {
	nodes := float64(n)
	var cur pmCode
	consider := func(t, rt float64) {
		w := c.within(t, model.AllIn(t, hc.storage, hc.egress), h, cal)
		switch {
		case !ok:
		case w && !within:
		case w == within && t < total:
		default:
			return
		}
		total, rate, pm, within, ok = t, rt, cur, w, true
	}
	od := r.od * fx * nodes
	if od > 0 {
		cur = pmOnDemand
		consider(od*billHours(h, pol, c.p.jobMode), od)
	}
	if r.spot > 0 && c.a.Interruptible {
		cur = pmSpot
		s, bkt := c.spotRate(r)
		rt := s * fx * nodes
		ex := c.spotExtra(h, bkt)
		consider(rt*spotHours(h, ex, pol, c.p.jobMode), rt)
		if od > 0 && ex > 0 && cal < model.HoursPerMonth+1 {
			// The one hybrid of a short job (hybrids has the others).
			cur = pmHybSpotOD
			consider(spotFallback(rt, od, h, ex))
		}
	}
	for _, pl := range [3]struct {
		pm            pmCode
		price, period float64
	}{{pmDaily, r.daily, hoursPerDay}, {pmWeekly, r.weekly, model.HoursPerWeekFull}, {pmMonthly, r.monthly, model.HoursPerMonth}} {
		if pl.price > 0 {
			cur = pl.pm
			p := pl.price * fx * nodes
			consider(periods(cal, pl.period)*p, p/pl.period)
		}
	}
	firm := func(m pmCode, d *model.Discount, period float64) {
		if base, ok := discountBase(d, r, fx, nodes, od); ok && !d.UpTo {
			cur = m
			rt := base * (1 - d.Fraction)
			consider(rt*periods(cal, period)*period, rt)
		}
	}
	offerFirm := func(m pmCode, f float32, period float64) {
		if od > 0 {
			cur = m
			rt := od * (1 - float64(f))
			consider(rt*periods(cal, period)*period, rt)
		}
	}
	if pol != nil && r.monthly <= 0 {
		firm(pmMonthly, &pol.CommitMonthly, model.HoursPerMonth)
	}
	switch {
	case r.yearly > 0:
		cur = pmReserved1
		p := r.yearly * fx * nodes
		consider(periods(cal, hoursPerYear)*p, p/hoursPerYear)
	case r.c1 > 0:
		offerFirm(pmReserved1, r.c1, hoursPerYear)
	case pol != nil:
		firm(pmReserved1, &pol.Commit1y, hoursPerYear)
	}
	switch {
	case r.c3 > 0:
		offerFirm(pmReserved3, r.c3, hoursPer3Year)
	case pol != nil:
		firm(pmReserved3, &pol.Commit3y, hoursPer3Year)
	}
	// Plan-based hybrids need a run of a month or more (a whole plan
	// period and an hour left); spot with fallback for a shorter job is
	// priced with spot above.
	if cal >= model.HoursPerMonth+1 {
		var hb [maxHybrids]hyb
		for i, n := 0, c.hybrids(r, pol, nodes, h, cal, fx, &hb); i < n; i++ {
			cur = hb[i].pm
			consider(hb[i].total, hb[i].rate)
		}
	}
	return total, rate, pm, within, ok
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

// discountBase is the hourly rate (USD, all nodes) a published discount
// applies to: the on-demand rate, or for a discount off the listed monthly
// price (Tencent's subscription terms) the monthly price per hour. ok is
// false when that price is unknown or the discount is not a fraction.
func discountBase(d *model.Discount, r *row, fx, nodes, od float64) (float64, bool) {
	if d.Fraction <= 0 || d.Fraction >= 1 {
		return 0, false
	}
	if d.OfMonthly {
		if r.monthly <= 0 {
			return 0, false
		}
		return r.monthly * fx * nodes / model.HoursPerMonth, true
	}
	return od, od > 0
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
func (c *call) within(total, allIn, h, cal float64) bool {
	if c.budgetUSD <= 0 {
		return true
	}
	if s := total + allIn; math.IsNaN(s) || math.IsInf(s, 0) {
		// A cost that is not a finite number never keeps a budget (NaN
		// compares false either way, so no comparison below would say so).
		return false
	}
	switch c.a.Budget.Period {
	case model.BudgetHourly:
		if h <= 0 {
			return false
		}
		return total/h <= c.budgetUSD*(1+1e-9)
	case model.BudgetMonthly:
		share := 1.0
		if cal > model.HoursPerMonth {
			share = model.HoursPerMonth / cal
		}
		return allIn*share <= c.budgetUSD*(1+1e-9)
	}
	return allIn <= c.budgetUSD*(1+1e-9)
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
