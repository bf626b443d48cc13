package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// statsJSON is `catalog stats --format json` of the embedded catalog.
func statsJSON(t *testing.T) statsReport {
	t.Helper()
	code, out, errs := runCat(t, nil, "stats", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r statsReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// catalog stats flags the spot prices outside what the provider states,
// zone by zone: GCP's against Google's 60-91%, and any at or above
// on-demand; the counts agree with model.Offer.SpotChecks, both languages.
func TestCatalogStatsFlagsSpot(t *testing.T) {
	r := statsJSON(t)
	var gcp *spotStat
	for i := range r.Spot {
		if r.Spot[i].Provider == "gcp" {
			gcp = &r.Spot[i]
		}
	}
	if gcp == nil {
		t.Fatalf("no gcp line in %+v", r.Spot)
	}
	if gcp.RangeLow != 0.6 || gcp.RangeHigh != 0.91 || gcp.NotBelow == 0 || gcp.ZonesNotBelow == 0 ||
		gcp.Outside < gcp.NotBelow || gcp.ZonesOutside > gcp.Zones || gcp.Worst < 1 {
		t.Errorf("gcp spot stat %+v", *gcp)
	}
	for _, tc := range []struct{ lang, want string }{
		{"en", "gcp: " + itoa(gcp.Outside) + " of " + itoa(gcp.Offers) + " offers with spot outside it"},
		{"zh", "公布的竞价比按需价低 60-91%"},
	} {
		_, text, _ := runCat(t, nil, "stats", "--lang", tc.lang)
		if !strings.Contains(text, tc.want) {
			t.Errorf("%s: stats text lacks %q", tc.lang, tc.want)
		}
	}
}

// buildSpotStats counts zone by zone against on-demand in the same region.
func TestBuildSpotStats(t *testing.T) {
	o := model.Offer{Provider: "p", InstanceType: "x", Regions: []string{"r1", "r2"}, OnDemand: 10, Spot: 3}
	o.SetDetail(&model.OfferDetail{OnDemandZones: []model.ZonePrice{{Zone: "r1", Price: 10}, {Zone: "r2", Price: 12}},
		SpotZones: []model.ZonePrice{{Zone: "r1-a", Price: 3}, {Zone: "r1-b", Price: 11}, {Zone: "r2-a", Price: 11}}})
	ok := model.Offer{Provider: "p", InstanceType: "y", Regions: []string{"r1"}, OnDemand: 10, Spot: 2}
	cat := &model.Catalog{Offers: []model.Offer{o, ok}, Policies: map[string]model.Policy{"p": {Provider: "p",
		SpotDiscountMin: model.Discount{Fraction: 0.6, Source: "s"}, SpotDiscountMax: model.Discount{Fraction: 0.91}}}}
	got := buildSpotStats(cat)
	if len(got) != 1 {
		t.Fatalf("stats %+v", got)
	}
	// r1-b is above r1's 10; r2-a (11) is below r2's 12, but only 8% off.
	want := spotStat{Provider: "p", RangeLow: 0.6, RangeHigh: 0.91, RangeSource: "s", Offers: 2, Outside: 1, NotBelow: 1,
		Zones: 4, ZonesOutside: 2, ZonesNotBelow: 1, Worst: 1.1, WorstAt: "r1-b", WorstType: "x"}
	if got[0] != want {
		t.Errorf("got %+v\nwant %+v", got[0], want)
	}
}
