package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// TestEachPlanIsPricedAndChosen: every plan the one price rule knows is
// priced by hand and chosen when it is the cheapest for the run, both by
// the ranking (the row) and by the full quotes (the recommendation): a
// rent for each listed plan that only its listing prices (daily, weekly:
// model.ListedPlanInfo.ListedOnly, so a new row is tested here), a listed
// monthly price, a policy's monthly
// commitment, a listed yearly price, a family's firm 1- and 3-year
// discounts, a policy's 1- and 3-year discounts off on demand and off the
// listed monthly price (Tencent's terms); an "up to" maximum is shown and
// never chosen.
func TestEachPlanIsPricedAndChosen(t *testing.T) {
	const od = 2.0 // $ an hour, one GPU
	type planCase struct {
		name  string
		hours float64 // a rented period of so many hours, 24/7
		pol   *model.Policy
		set   func(o *model.Offer)
		want  model.PriceModel
		total float64
	}
	var rents []planCase
	for l := range model.NumListedPlans {
		row := model.ListedPlans[l]
		if !row.ListedOnly {
			continue
		}
		// Half the on-demand rate for 2.5 periods: three periods are billed.
		period := l.PeriodHours()
		price := 0.5 * od * period
		rents = append(rents, planCase{row.Key + " plan", 2.5 * period, nil, func(o *model.Offer) { *row.Of(o.EditDetail()) = price },
			row.Model, 3 * price})
	}
	for _, tc := range append(rents, []planCase{
		{"on demand", 100, nil, func(o *model.Offer) {}, model.PriceOnDemand, 100 * od},
		{"listed monthly", model.HoursPerMonth, nil, func(o *model.Offer) { o.EditDetail().Monthly = 900 }, model.PriceMonthly, 900},
		{"monthly commitment", model.HoursPerMonth, &model.Policy{CommitMonthly: model.Discount{Fraction: 0.25}}, func(o *model.Offer) {},
			model.PriceMonthly, od * 0.75 * model.HoursPerMonth},
		{"listed yearly", hoursPerYear, nil, func(o *model.Offer) { o.EditDetail().Yearly = 9000 }, model.PriceReserved1, 9000},
		{"firm 1-year", hoursPerYear, nil, func(o *model.Offer) { o.EditDetail().Commit1yOff = 0.37 }, model.PriceReserved1, od * 0.63 * hoursPerYear},
		{"firm 3-year", hoursPer3Year, nil, func(o *model.Offer) { o.EditDetail().Commit3yOff = 0.55 }, model.PriceReserved3, od * 0.45 * hoursPer3Year},
		{"policy 1-year", hoursPerYear, &model.Policy{Commit1y: model.Discount{Fraction: 0.3}}, func(o *model.Offer) {}, model.PriceReserved1, od * 0.7 * hoursPerYear},
		{"policy 3-year", hoursPer3Year, &model.Policy{Commit3y: model.Discount{Fraction: 0.6}}, func(o *model.Offer) {}, model.PriceReserved3, od * 0.4 * hoursPer3Year},
		// Tencent: a 3-year term at 50% off the listed monthly price, which
		// is well below on demand per hour: the plan beats every on-demand
		// based price, so the scan's floor must count it.
		{"3-year off the monthly price", hoursPer3Year, &model.Policy{Commit3y: model.Discount{Fraction: 0.5, OfMonthly: true}},
			func(o *model.Offer) { o.EditDetail().Monthly = 600 }, model.PriceReserved3, 600 / model.HoursPerMonth * 0.5 * hoursPer3Year},
		{"up to never chosen", hoursPer3Year, &model.Policy{CommitMax: model.Discount{Fraction: 0.9, UpTo: true}}, func(o *model.Offer) {},
			model.PriceOnDemand, od * hoursPer3Year},
	}...) {
		t.Run(tc.name, func(t *testing.T) {
			o := testOffer("planco", "x1", "L4", 1, od)
			tc.set(&o)
			cat := catWith(o)
			if tc.pol != nil {
				p := *tc.pol
				p.Provider, p.Name, p.Currency = "planco", "Plan Co", model.USD
				cat.Policies["planco"] = p
			}
			a := stated(10, func(a *model.Answers) { a.DurationHours = tc.hours })
			res := Recommend(cat, a, Options{Top: 1})
			if len(res.Recommendations) != 1 || len(res.Rows) != 1 {
				t.Fatalf("%d recommendations: %v", len(res.Recommendations), res.Notes)
			}
			r, row := &res.Recommendations[0], res.Rows[0]
			if r.PriceModel != tc.want || row.PriceModel != tc.want {
				t.Errorf("chosen %s (row %s), want %s; models %+v", r.PriceModel, row.PriceModel, tc.want, r.PriceModels)
			}
			if !testcheck.Near(r.GPUTotalUSD, tc.total, 1e-6) || !testcheck.Near(row.GPUTotal, tc.total, 1e-6) {
				t.Errorf("GPU total $%.4f (row $%.4f), want $%.4f", r.GPUTotalUSD, row.GPUTotal, tc.total)
			}
			if tc.name == "up to never chosen" {
				q := quoteNamed(r, model.PriceReserved3)
				if q == nil || q.Eligible || !q.UpTo {
					t.Errorf("the up-to 3-year case is %+v, want shown, up to, not eligible", q)
				}
			}
		})
	}
}

// TestFloorBoundsEveryPlan: the scan's floor (rates.floor) is at most the
// hourly rate of every price model but spot that a run can be priced at,
// for offers with every kind of plan: a floor above one of them would let
// the scan skip an offer that belongs in the top N.
func TestFloorBoundsEveryPlan(t *testing.T) {
	pols := []*model.Policy{nil,
		{Commit1y: model.Discount{Fraction: 0.3}, Commit3y: model.Discount{Fraction: 0.5}},
		{Commit1y: model.Discount{Fraction: 0.17, OfMonthly: true}, Commit3y: model.Discount{Fraction: 0.5, OfMonthly: true}},
		{CommitMonthly: model.Discount{Fraction: 0.2}, CommitMax: model.Discount{Fraction: 0.7, UpTo: true}},
	}
	for _, pol := range pols {
		for _, p := range []rates{
			{od: 2},
			{od: 2, plans: planPrices{model.PlanMonthly: 500}},
			{od: 0, plans: planPrices{model.PlanMonthly: 500}},
			{od: 2, plans: planPrices{model.PlanWeekly: 100, model.PlanDaily: 40}},
			{od: 2, plans: planPrices{model.PlanYearly: 6000}, c3: 0.6},
			{od: 2, c1: 0.4, c3: 0.6, plans: planPrices{model.PlanMonthly: 2000}},
		} {
			f := p.floor(pol)
			var buf [maxPlans]planRate
			for _, pr := range buf[:planRates(&p, pol, 1, false, &buf)] {
				if pr.pm != pmSpot && f > pr.rate {
					t.Errorf("rates %+v, policy %+v: floor %.4f above %s at %.4f", p, pol, f, pmNames[pr.pm], pr.rate)
				}
			}
		}
	}
}

// planPrices are the listed plans' prices of a rates literal.
type planPrices = [model.NumListedPlans]float64

// TestPriceModelCodes: every price model of model.PriceModelTable has one
// code; the single ones are planPMs in the table's order; each listed plan
// is either a rent (model.ListedPlanInfo.ListedOnly), priced from its
// listing alone per its period, or a commitment plan's listed price (the
// monthly plan, the 1-year term), never both.
func TestPriceModelCodes(t *testing.T) {
	seen := map[model.PriceModel]pmCode{}
	for c := pmCode(1); c < numPMs; c++ {
		n := pmNames[c]
		if _, ok := model.PriceModelOf(n); !ok {
			t.Errorf("code %d: %q is not in model.PriceModelTable", c, n)
		}
		if prev, dup := seen[n]; dup {
			t.Errorf("%s: codes %d and %d", n, prev, c)
		}
		seen[n] = c
	}
	n := 0
	for _, p := range model.PriceModelTable {
		if _, ok := seen[p.Name]; !ok {
			t.Errorf("%s: no code", p.Name)
		}
		if p.Hybrid() {
			continue
		}
		if n >= maxPlans || planPMs[n] != pmOf(p.Name) {
			t.Errorf("planPMs %v: want %s at %d", planPMs, p.Name, n)
		}
		n++
	}
	if n != maxPlans {
		t.Errorf("%d single price models, maxPlans %d", n, maxPlans)
	}
	if want := [nPlans]int{int(model.PlanMonthly), int(model.PlanYearly), -1}; listedCommit != want {
		t.Errorf("listed prices of the commitments %v, want %v", listedCommit, want)
	}
	for l := range model.NumListedPlans {
		pm, row := listedPM(l), model.ListedPlans[l]
		if row.ListedOnly == (planOf(pm) >= 0) {
			t.Errorf("%s: listed only %v, commitment plan %d: want one of the two", row.Key, row.ListedOnly, planOf(pm))
		}
		if !row.ListedOnly {
			continue
		}
		p := rates{od: 50}
		p.plans[l] = 240
		pr, ok := planFor(pm, &p, nil, 2, false)
		if want := 2 * 240 / l.PeriodHours(); !ok || pr.rate != want || pr.src != srcListed || pr.at != atPlan || pr.period != l.PeriodHours() {
			t.Errorf("%s: priced %+v (%v), want %v per hour over %v h, listed, where the plans apply", row.Key, pr, ok, want, l.PeriodHours())
		}
		if f := p.floor(nil); f != 240/l.PeriodHours() {
			t.Errorf("%s: floor %v, want the rent per hour %v", row.Key, f, 240/l.PeriodHours())
		}
	}
}
