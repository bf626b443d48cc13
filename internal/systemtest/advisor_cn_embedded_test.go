package systemtest

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// TestChineseCloudsServe70B is issue 24's done-when for the Chinese
// clouds: `recommend --lang zh --model llama-3.1-70b --users 20 --duration
// 3mo --currency CNY --provider alibaba,tencent,featurize` answers at
// least 10 offers with a known GPU model (ranked, or listed "price on
// request" where no source publishes a price), and every ranked Alibaba
// or Tencent offer whose provider publishes a monthly price for it shows
// that price among its price models. Properties of the picks, not
// provider names: each ranked pick holds the job, and no unpriced offer
// is ranked (an unknown price is never free).
func TestChineseCloudsServe70B(t *testing.T) {
	cat := advisorEmbedded(t)
	a := withModel(model.WorkloadInference, "llama-3.1-70b", model.BF16)
	a.Batch = 20
	h, err := model.ParseDuration("3mo")
	if err != nil {
		t.Fatal(err)
	}
	a.DurationHours, a.Currency, a.Providers = h, model.CNY, []string{"alibaba", "tencent", "featurize"}
	res := advisor.Recommend(cat, a, advisor.Options{Lang: "zh"})
	offers := map[string]*model.Offer{}
	for i := range cat.Offers {
		offers[cat.Offers[i].Key()] = &cat.Offers[i]
	}
	known := 0
	for i := range res.Recommendations {
		r := &res.Recommendations[i]
		if r.GPU != "" {
			known++
		}
		if r.VRAMGiB*float64(max(r.Nodes, 1)) < res.Requirement.VRAMGiB {
			t.Errorf("#%d %s: %.0f GiB does not hold %.1f GiB", i+1, r.InstanceType, r.VRAMGiB, res.Requirement.VRAMGiB)
		}
		o := offers[r.Provider+"/"+r.InstanceType]
		if o == nil {
			t.Fatalf("#%d %s/%s is not in the catalog", i+1, r.Provider, r.InstanceType)
		}
		if o.Detail().Monthly > 0 && !hasPriceModel(r, model.PriceMonthly) {
			t.Errorf("#%d %s: the catalog publishes a monthly price (%.0f CNY) but the pick shows none of its price models %v",
				i+1, r.InstanceType, o.Detail().Monthly, priceModels(r))
		}
	}
	monthly := 0
	for i := range res.Recommendations {
		if hasPriceModel(&res.Recommendations[i], model.PriceMonthly) {
			monthly++
		}
	}
	if monthly == 0 {
		t.Errorf("no ranked offer shows a monthly price")
	}
	for _, o := range res.OnRequest {
		if o.GPU != "" {
			known++
		}
		off := offers[o.Provider+"/"+o.InstanceType]
		if off == nil || off.OnDemand > 0 || off.Spot > 0 || off.Detail().Monthly > 0 {
			t.Errorf("%s/%s listed as price on request but the catalog prices it", o.Provider, o.InstanceType)
		}
		if o.VRAMGiB < res.Requirement.VRAMGiB {
			t.Errorf("%s: price on request with %.0f GiB, below the %.1f GiB the job needs", o.InstanceType, o.VRAMGiB, res.Requirement.VRAMGiB)
		}
		if !strings.Contains(off.Notes+off.Detail().PriceNote, "price on request") {
			t.Errorf("%s: the catalog does not say 'price on request'", o.InstanceType)
		}
	}
	if known < 10 {
		t.Errorf("%d offers with a known GPU model (%d ranked, %d on request), want at least 10", known, len(res.Recommendations), len(res.OnRequest))
	}
	t.Logf("%d ranked (%d with a monthly price), %d on request, %d with a known GPU", len(res.Recommendations), monthly, len(res.OnRequest), known)
}

// hasPriceModel reports whether a pick lists the price model.
func hasPriceModel(r *model.Recommendation, pm model.PriceModel) bool {
	for _, q := range r.PriceModels {
		if q.Name == pm {
			return true
		}
	}
	return false
}

// priceModels are the price models a pick lists.
func priceModels(r *model.Recommendation) []model.PriceModel {
	var out []model.PriceModel
	for _, q := range r.PriceModels {
		out = append(out, q.Name)
	}
	return out
}
