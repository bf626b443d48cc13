package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// rangeCatalog is testCatalog's cloudA with Google's stated 60-91% spot
// range, and one offer whose spot price is zone by zone: in us-east-1
// 0.93 of on-demand (shallow), in us-west-2 1.10 (above it).
func rangeCatalog(spotEast, spotWest float64) *model.Catalog {
	o := testOffer("cloudA", "l4", "L4", 1, 1.0)
	o.Regions = []string{"us-east-1", "us-west-2"}
	o.Spot = min(spotEast, spotWest)
	o.EditDetail().SpotZones = []model.ZonePrice{{Zone: "us-east-1a", Price: spotEast}, {Zone: "us-west-2a", Price: spotWest}}
	cat := catWith(o)
	pol := cat.Policies["cloudA"]
	pol.SpotDiscountMin = model.Discount{Fraction: 0.60, Source: "test://cloudA/spot-range"}
	pol.SpotDiscountMax = model.Discount{Fraction: 0.91, UpTo: true, Source: "test://cloudA/spot-range"}
	cat.Policies["cloudA"] = pol
	return cat
}

// A spot price at or above on-demand in its region never prices a run
// and its quote says it is no saving; one below on-demand but outside
// the stated range is still a price, and its quote says it is outside.
func TestSpotOutsideStatedRange(t *testing.T) {
	for _, tc := range []struct {
		name         string
		region       string
		wantEligible bool
		wantNote     string
	}{
		{"above on-demand", "us-west-2", false, "no saving"},
		{"7% off, stated 60-91%", "us-east-1", true, "7% below on-demand in the same region, outside what cloudA states (stated 60-91% off on-demand, test://cloudA/spot-range)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Recommend(rangeCatalog(0.93, 1.10), stated(10, func(a *model.Answers) {
				a.Interruptible, a.Regions = true, []string{tc.region}
			}), Options{})
			r := top(t, res)
			var q *model.PriceQuote
			for i := range r.PriceModels {
				if r.PriceModels[i].Name == model.PriceSpot {
					q = &r.PriceModels[i]
				}
			}
			if q == nil {
				t.Fatalf("no spot quote: %+v", r.PriceModels)
			}
			if q.Eligible != tc.wantEligible || !strings.Contains(q.Note, tc.wantNote) {
				t.Errorf("spot quote eligible %v note %q, want eligible %v and %q", q.Eligible, q.Note, tc.wantEligible, tc.wantNote)
			}
			if !tc.wantEligible && strings.Contains(string(r.PriceModel), "spot") {
				t.Errorf("priced on %s from a spot price above on-demand", r.PriceModel)
			}
		})
	}
}

// A job that cannot be interrupted is not told that a doubtful spot
// price "would cut the GPU cost": the warning says the price is outside
// what the provider states, in both languages.
func TestSpotDoubtNoCutClaim(t *testing.T) {
	cat := rangeCatalog(0.93, 0.95)
	for _, tc := range []struct{ lang, want string }{
		{"en", "spot is not counted as a saving: the source prices spot here 7% below on-demand"},
		{"zh", "竞价不计为节省：来源给出的竞价比同地域按需价低 7%"},
	} {
		res := Recommend(cat, stated(10, func(a *model.Answers) { a.Regions = []string{"us-east-1"} }), Options{Lang: tc.lang})
		r := top(t, res)
		w, ok := r.Warnings, false
		for _, x := range w {
			if x.Code == model.WarnSpotNoCheckpoint {
				ok = true
				if !strings.Contains(x.Message, tc.want) || strings.Contains(x.Message, "would cut") || strings.Contains(x.Message, "降低") {
					t.Errorf("%s: warning %q, want %q and no saving claimed", tc.lang, x.Message, tc.want)
				}
			}
		}
		if !ok {
			t.Errorf("%s: no spot warning in %+v", tc.lang, w)
		}
	}
	// A plausible spot price keeps the saving it offers.
	res := Recommend(rangeCatalog(0.3, 0.35), stated(10, func(a *model.Answers) { a.Regions = []string{"us-east-1"} }), Options{})
	if w, ok := warningOf(top(t, res), model.WarnSpotNoCheckpoint); !ok || !strings.Contains(w.Message, "would cut the GPU cost") {
		t.Errorf("a plausible spot price: warning %+v, want the saving", w)
	}
}

// warningOf is a recommendation's warning of one code.
func warningOf(r *model.Recommendation, code string) (model.Warning, bool) {
	for _, w := range r.Warnings {
		if w.Code == code {
			return w, true
		}
	}
	return model.Warning{}, false
}

// A provider the answers name that has no offer in the catalog is said to
// have none, instead of "no offer holds N GiB", in both languages.
func TestProviderWithoutOffers(t *testing.T) {
	cat := testCatalog()
	cat.Policies["emptyc"] = model.Policy{Provider: "emptyc", Name: "Empty Cloud", Currency: model.CNY}
	for _, tc := range []struct{ lang, want, not string }{
		{"en", "emptyc: no offers in the catalog", "no offer holds"},
		{"zh", "emptyc：目录中没有报价", "没有报价能在"},
	} {
		res := Recommend(cat, stated(10, func(a *model.Answers) { a.Providers = []string{"emptyc"} }), Options{Lang: tc.lang})
		if len(res.Recommendations) != 0 {
			t.Fatalf("%s: recommended %v from a provider with no offers", tc.lang, names(res))
		}
		all := strings.Join(res.Notes, "\n")
		if !strings.Contains(all, tc.want) || strings.Contains(all, tc.not) {
			t.Errorf("%s: notes %q, want %q and not %q", tc.lang, all, tc.want, tc.not)
		}
	}
	// With a provider that has offers, the note names the empty one only.
	res := Recommend(cat, stated(10, func(a *model.Answers) { a.Providers = []string{"emptyc", "cloudA"} }), Options{})
	all := strings.Join(res.Notes, "\n")
	if len(res.Recommendations) == 0 || !strings.Contains(all, "emptyc: no offers") || strings.Contains(all, "cloudA: no offers") {
		t.Errorf("mixed: %d recommendations, notes %q", len(res.Recommendations), all)
	}
}
