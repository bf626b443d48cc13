package advisor

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// regionTestCatalog is the test catalog with a region table: US, German
// and British regions of cloudA, mainland and Hong Kong zones of cnc, and
// a region whose location is not known.
func regionTestCatalog(offers ...model.Offer) *model.Catalog {
	cat := catWith(offers...)
	cat.Places = []model.Place{
		{Provider: "cloudA", Region: "us-east-1", Country: "US"},
		{Provider: "cloudA", Region: "us-west-2", Country: "US"},
		{Provider: "cloudA", Region: "eu-central-1", Country: "DE"},
		{Provider: "cloudA", Region: "eu-west-2", Country: "GB"},
		{Provider: "cloudA", Region: "mystery-1"},
		{Provider: "cnc", Region: "ap-shanghai-4", Country: "CN"},
		{Provider: "cnc", Region: "ap-hongkong-2", Country: "HK"},
	}
	cat.RegionGroups = []model.RegionGroup{
		{Name: "eu", Countries: []string{"DE", "FR", "NL"}, Note: "EU", NoteZH: "欧盟"},
		{Name: "europe", Countries: []string{"DE", "FR", "NL", "GB"}, Note: "Europe", NoteZH: "欧洲"},
		{Name: "mainland-china", Aliases: []string{"cn"}, Countries: []string{"CN"}, Note: "CN", NoteZH: "中国大陆"},
	}
	return cat
}

// TestRegionBindsEveryPrice: under a region filter the on-demand price is
// the cheapest region inside, spot the median zone inside, a commitment's
// discount applies to the on-demand price inside and says so when it is
// an "up to" maximum, and the recommendation names the region of the
// chosen price.
func TestRegionBindsEveryPrice(t *testing.T) {
	o := testOffer("cloudA", "l4x1", "L4", 1, 1.0)
	o.Regions = []string{"eu-central-1", "eu-west-2", "us-east-1"}
	d := o.EditDetail()
	d.OnDemandRegion, d.OnDemandMax = "us-east-1", 1.6
	d.OnDemandZones = []model.ZonePrice{{Zone: "eu-central-1", Price: 1.4}, {Zone: "eu-west-2", Price: 1.6}, {Zone: "us-east-1", Price: 1.0}}
	o.Spot, d.SpotMax = 0.3, 0.9
	d.SpotZones = []model.ZonePrice{{Zone: "eu-central-1a", Price: 0.5}, {Zone: "eu-central-1b", Price: 0.9}, {Zone: "eu-central-1c", Price: 0.7},
		{Zone: "eu-west-2a", Price: 0.4}, {Zone: "us-east-1a", Price: 0.3}}
	cat := regionTestCatalog(o)
	for _, tc := range []struct {
		regions      []string
		od           float64
		odAt         string
		spot         float64
		spotAt       string
		interruptNot bool
	}{
		{nil, 1.0, "us-east-1", 0.5, "eu-central-1a", false},                   // the median of five zones
		{[]string{"europe"}, 1.4, "eu-central-1", 0.5, "eu-central-1a", false}, // of 0.4, 0.5, 0.7, 0.9: the lower middle
		{[]string{"eu"}, 1.4, "eu-central-1", 0.7, "eu-central-1c", false},     // London is not in the EU
		{[]string{"eu-west"}, 1.6, "eu-west-2", 0.4, "eu-west-2a", false},
	} {
		a := stated(10, func(a *model.Answers) { a.Regions, a.Interruptible = tc.regions, true })
		res := Recommend(cat, a, Options{Top: 1})
		r := top(t, res)
		od, spot := quoteNamed(r, model.PriceOnDemand), quoteNamed(r, model.PriceSpot)
		if od == nil || !testcheck.Near(od.HourlyUSD, tc.od, 1e-9) || od.Region != tc.odAt {
			t.Errorf("%v: on demand %+v, want $%g in %s", tc.regions, od, tc.od, tc.odAt)
		}
		if spot == nil || !testcheck.Near(spot.HourlyUSD, tc.spot, 1e-9) || spot.Region != tc.spotAt {
			t.Errorf("%v: spot %+v, want $%g in %s", tc.regions, spot, tc.spot, tc.spotAt)
		}
		// cloudA's policy discounts 1 and 3 years off on demand: the
		// discount applies to the on-demand price inside the filter.
		if y := quoteNamed(r, model.PriceReserved1); y == nil || !testcheck.Near(y.HourlyUSD, tc.od*0.6, 1e-9) || y.Region != tc.odAt {
			t.Errorf("%v: 1-year %+v, want 60%% of $%g in %s", tc.regions, y, tc.od, tc.odAt)
		}
		if want := regionOf(&cat.Offers[0], map[model.PriceModel]string{model.PriceOnDemand: tc.odAt, model.PriceSpot: tc.spotAt}[r.PriceModel]); r.Region != want {
			t.Errorf("%v: chosen %s names region %q, want %q", tc.regions, r.PriceModel, r.Region, want)
		}
	}

	// An "up to" maximum says it applies to the on-demand price inside.
	b := testOffer("cloudB", "a6000x1", "RTX A6000", 1, 0.8)
	b.Regions = []string{"us-west-2"}
	cat = regionTestCatalog(b)
	cat.Places = append(cat.Places, model.Place{Provider: "cloudB", Region: "us-west-2", Country: "US"})
	a := stated(10, func(a *model.Answers) { a.Regions, a.DurationHours = []string{"us-west"}, hoursPer3Year })
	r := top(t, Recommend(cat, a, Options{Top: 1}))
	if q := quoteNamed(r, model.PriceReserved3); q == nil || !q.UpTo || !strings.Contains(q.Note, "applied to the on-demand price in us-west-2") {
		t.Errorf("the up-to 3-year case %+v does not say where its base price is", q)
	}
}

// TestRegionLeavesOutWithAReason: under a region filter an offer outside
// it is filtered, one whose location is unknown and one that is inside
// but has no price there (a list price for mainland zones only, asked in
// Hong Kong) are left out, each counted in its own note.
func TestRegionLeavesOutWithAReason(t *testing.T) {
	in := testOffer("cloudA", "in-eu", "L4", 1, 1.0)
	in.Regions = []string{"eu-central-1"}
	unknown := testOffer("cloudA", "somewhere", "L4", 1, 0.5)
	unknown.Regions = []string{"mystery-1"}
	mainland := testOffer("cnc", "cn-monthly", "L4", 1, 0)
	mainland.Currency = model.CNY
	mainland.Regions = []string{"ap-hongkong-2", "ap-shanghai-4"}
	md := mainland.EditDetail()
	md.Monthly, md.PlanRegions = 2000, []string{"ap-shanghai-4"}
	cat := regionTestCatalog(in, unknown, mainland)
	has := func(res model.Result, s string) bool {
		return slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, s) })
	}
	res := Recommend(cat, stated(10, func(a *model.Answers) { a.Regions = []string{"europe"} }), Options{})
	if got := names(res); !slices.Equal(got, []string{"in-eu"}) {
		t.Errorf("europe lists %v, want in-eu alone", got)
	}
	if !has(res, "1 offers were left out by the region filter because where their regions lie is not known") {
		t.Errorf("no note for the unknown location: %v", res.Notes)
	}
	res = Recommend(cat, stated(10, func(a *model.Answers) { a.Regions = []string{"ap-hongkong"} }), Options{})
	if len(res.Recommendations) != 0 || !has(res, "1 offers are in a region asked for but have no price there") {
		t.Errorf("Hong Kong lists %v with notes %v: the mainland list price is no price there", names(res), res.Notes)
	}
	res = Recommend(cat, stated(10, func(a *model.Answers) { a.Regions = []string{"cn"} }), Options{})
	if r := top(t, res); r.InstanceType != "cn-monthly" || r.PriceModel != model.PriceMonthly || r.Region != "ap-shanghai-4" {
		t.Errorf("mainland China: %s %s in %q, want the monthly list price in ap-shanghai-4", r.InstanceType, r.PriceModel, r.Region)
	}
}
