package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// recOf is the recommendation of an instance type in a result.
func recOf(t *testing.T, res model.Result, instance string) model.Recommendation {
	t.Helper()
	for _, r := range res.Recommendations {
		if r.InstanceType == instance {
			return r
		}
	}
	t.Fatalf("%s not recommended: %v", instance, names(res))
	return model.Recommendation{}
}

// TestUnknownHiddenCostGetsClassEstimate: a provider that publishes no
// egress or storage price is priced at the highest published price of its
// class (in the test catalog the neoclouds cloudA and cloudB: egress
// cloudB's $0.12/GB above cloudA's $0.09, storage cloudB's $0.10 above
// cloudA's $0.08 per GB-month), labelled estimated in English and Chinese,
// counted in the total, and carries the estimated-price penalty once.
func TestUnknownHiddenCostGetsClassEstimate(t *testing.T) {
	cheap := testOffer("nopolicy", "cheap-l4", "L4", 1, 0.5)
	dear := testOffer("cloudA", "dear-l4", "L4", 1, 0.9)
	cat := catWith(cheap, dear)
	for _, c := range []struct {
		lang, word string
	}{{"en", "estimate"}, {"zh", "估算"}} {
		a := stated(10, func(a *model.Answers) { a.EgressGB, a.DataGB = 1000, 200 })
		res := Recommend(cat, a, Options{Lang: c.lang})
		r := recOf(t, res, "cheap-l4")
		h := r.HiddenCosts
		if h.EgressUnknown || h.StorageUnknown || !h.EgressEstimated || !h.StorageEstimated {
			t.Fatalf("%s: flags %+v, want both estimated", c.lang, h)
		}
		if want := 1000 * 0.12; !testcheck.NearAbs(h.EgressUSD, want, 1e-9) {
			t.Errorf("%s: egress $%.2f, want 1000 GB at the class's highest published $0.12/GB = $%.2f", c.lang, h.EgressUSD, want)
		}
		months := r.CalendarHours / model.HoursPerMonth
		if want := 200 * 0.10 * months; !testcheck.NearAbs(h.StorageUSD, want, 1e-9*want) {
			t.Errorf("%s: storage $%.2f, want 200 GB at $0.10/GB-month over %.2f months = $%.2f", c.lang, h.StorageUSD, months, want)
		}
		if !testcheck.NearAbs(r.TotalUSD, r.GPUTotalUSD+h.StorageUSD+h.EgressUSD, 1e-9*r.TotalUSD) {
			t.Errorf("%s: total %.2f does not count the estimates (GPU %.2f)", c.lang, r.TotalUSD, r.GPUTotalUSD)
		}
		said := 0
		for _, n := range h.Notes {
			if strings.Contains(n, c.word) && strings.Contains(n, "cloudB") {
				said++
			}
		}
		if said != 2 {
			t.Errorf("%s: want storage and egress notes that say estimate and cite cloudB: %q", c.lang, h.Notes)
		}
		n := 0
		for _, p := range r.Risk {
			if p.Code == riskCodeEstimate {
				n++
				if p.Percent != riskEstimate || !strings.Contains(p.Text, c.word) {
					t.Errorf("%s: penalty %+v", c.lang, p)
				}
			}
		}
		if n != 1 {
			t.Errorf("%s: %d estimated-price penalties, want 1: %+v", c.lang, n, r.Risk)
		}
		k := recOf(t, res, "dear-l4")
		if k.HiddenCosts.Estimated() || k.HiddenCosts.Partial() {
			t.Errorf("%s: a published price marked estimated or unknown: %+v", c.lang, k.HiddenCosts)
		}
	}
}

// TestEgressEstimateRanksByAllIn: with 10 TB of egress, the offer whose
// provider publishes no egress price pays the class estimate and so ranks
// after a dearer GPU whose all-in cost (published egress) is lower; with
// no egress the cheaper GPU wins. The order follows the all-in cost with
// its penalties.
func TestEgressEstimateRanksByAllIn(t *testing.T) {
	cheap := testOffer("nopolicy", "cheap-l4", "L4", 1, 0.5)
	dear := testOffer("cloudA", "dear-l4", "L4", 1, 0.9)
	cat := catWith(cheap, dear)
	for _, c := range []struct {
		egressGB float64
		first    string
	}{{10000, "dear-l4"}, {0, "cheap-l4"}} {
		a := stated(10, func(a *model.Answers) { a.EgressGB = c.egressGB })
		res := Recommend(cat, a, Options{})
		if len(res.Recommendations) != 2 {
			t.Fatalf("egress %v GB: %v", c.egressGB, names(res))
		}
		r0, r1 := res.Recommendations[0], res.Recommendations[1]
		if r0.InstanceType != c.first || r0.RankCost() > r1.RankCost() {
			t.Errorf("egress %v GB: order %v, ranking costs %.2f, %.2f (totals %.2f, %.2f)", c.egressGB, names(res),
				r0.RankCost(), r1.RankCost(), r0.TotalUSD, r1.TotalUSD)
		}
	}
}

// TestEstimateFallsBackToCurrency: a class that publishes no price above 0
// (here the marketplace, with no policy at all) is estimated at the
// highest price of any provider in its currency, and says so.
func TestEstimateFallsBackToCurrency(t *testing.T) {
	cat := testCatalog()
	ix := New(cat).index()
	for i, pv := range ix.provs {
		if pv.key != "market" {
			continue
		}
		e := ix.est[i]
		if e.class != pcMarketplace || e.egress.scope != pcAll || e.egress.price != 0.12 || e.storage.price != 0.10 {
			t.Fatalf("market: %+v, want the USD maximum (cloudB's $0.12/GB egress, $0.10/GB-month storage)", e)
		}
		return
	}
	t.Fatal("no market provider in the index")
}

// TestEstimatesAreConservative: every estimate is a price some
// provider publishes (named in its policy), and is at least every
// published price of the providers of its class (all of the currency when
// the class publishes none above 0), compared in USD. It runs on the test
// catalog (the index's estimates are internal); the system tests check
// the embedded catalog's egress through the recommendations
// (TestEmbeddedTenTBEgressCounted).
func TestEstimatesAreConservative(t *testing.T) {
	cat := testCatalog()
	ix := New(cat).index()
	classes := map[string]uint8{}
	for i, pv := range ix.provs {
		classes[strings.ToLower(pv.key)] = ix.est[i].class
	}
	usd := func(v float64, cur model.Currency) float64 {
		if cur == "" {
			cur = model.USD
		}
		x, _ := cat.Convert(v, cur, model.USD)
		return x
	}
	estimated := 0
	for i, pv := range ix.provs {
		pe := ix.est[i]
		for _, e := range []classEstimate{pe.storage, pe.egress} {
			if !e.ok() {
				continue
			}
			estimated++
			src, ok := cat.Policies[e.from]
			if !ok || len(src.Sources) == 0 {
				t.Errorf("%s: estimate from %q, which has no cited policy", pv.key, e.from)
			}
		}
		for k, pol := range cat.Policies {
			cl, known := classes[strings.ToLower(k)]
			if !known {
				continue // a policy without offers: its class is not checked here
			}
			for _, c := range []struct {
				e      classEstimate
				prices []float64
			}{{pe.storage, []float64{pol.BlockStorageGBMonth}}, {pe.egress, tierPrices(&pol)}} {
				if !c.e.ok() || c.e.scope != pcAll && cl != pe.class || c.e.scope == pcAll && pol.Currency != c.e.cur {
					continue
				}
				for _, p := range c.prices {
					if usd(p, pol.Currency) > c.e.usd*(1+1e-9) {
						t.Errorf("%s: estimate %g %s (from %s) below %s's published %g %s", pv.key, c.e.price, c.e.cur, c.e.from, k, p, pol.Currency)
					}
				}
			}
		}
	}
	if estimated == 0 {
		t.Fatal("no estimate at all on the test catalog")
	}
}

// tierPrices lists a policy's published egress prices per GB.
func tierPrices(p *model.Policy) []float64 {
	if !p.EgressKnown {
		return nil
	}
	var out []float64
	for _, t := range p.EgressTiers {
		out = append(out, t.PerGB)
	}
	return out
}
