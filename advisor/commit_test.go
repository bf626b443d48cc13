package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// Tencent publishes its subscription discounts off the listed monthly
// price (Tencent Cloud CVM docs, 时长折扣: 1 year 83折, 3 years 5折 of the
// 包月 list price; ../shared/data/cn/cn_provider_policies.csv). A 1-year
// term is then 12 x monthly x 0.83, not the pay-as-you-go rate x 0.83; an
// offer without a monthly price gets no such estimate.
func TestDiscountOffMonthlyPrice(t *testing.T) {
	cat := testCatalog()
	cat.Policies["cnc"] = model.Policy{Provider: "cnc", Name: "CN Cloud", Currency: model.CNY,
		Commit1y: model.Discount{Fraction: 0.17, OfMonthly: true},
		Commit3y: model.Discount{Fraction: 0.5, OfMonthly: true}, Sources: []string{"test://cnc"}}
	o := testOffer("cnc", "t4m", "T4", 1, 8.68)
	o.Currency, o.EditDetail().Monthly = model.CNY, 2500
	noMonthly := testOffer("cnc", "t4h", "T4", 1, 8.68)
	noMonthly.Currency = model.CNY
	cat.Offers = []model.Offer{o, noMonthly}
	a := stated(10, func(a *model.Answers) { a.DurationHours = hoursPerYear; a.Currency = model.CNY })
	res := Recommend(cat, a, Options{Top: 5})
	byName := map[string]model.Recommendation{}
	for _, r := range res.Recommendations {
		byName[r.InstanceType] = r
	}
	quote := func(r model.Recommendation, pm model.PriceModel) *model.PriceQuote {
		for i := range r.PriceModels {
			if r.PriceModels[i].Name == pm {
				return &r.PriceModels[i]
			}
		}
		return nil
	}
	q := quote(byName["t4m"], model.PriceReserved1)
	if q == nil {
		t.Fatalf("no 1-year quote: %+v", byName["t4m"].PriceModels)
	}
	want := 2500 * 12 * 0.83 * hoursPerYear / (12 * model.HoursPerMonth)
	if !testcheck.NearAbs(q.Total, want, 0.01*want) {
		t.Errorf("1-year total ¥%.0f, want 12 x ¥2500 x 0.83 = ¥%.0f", q.Total, want)
	}
	if !strings.Contains(q.Note, "monthly price") {
		t.Errorf("note %q does not say the discount is off the monthly price", q.Note)
	}
	if byName["t4m"].PriceModel != model.PriceReserved1 {
		t.Errorf("a year at 83%% of the monthly list should be the cheapest, got %s", byName["t4m"].PriceModel)
	}
	if q := quote(byName["t4h"], model.PriceReserved1); q != nil {
		t.Errorf("offer without a monthly price got a 1-year estimate: %+v", q)
	}
}
