package model

import (
	"slices"
	"testing"
)

// regionCatalog is a small region table with the pitfalls of the real
// one (data/facts/regions.csv): London under an eu- id, Hong Kong under a
// cn- id, Chinese aliases, a marketplace location string, an unknown.
func regionCatalog() *Catalog {
	return &Catalog{
		Places: []Place{
			{Provider: "aws", Region: "us-east-1", Country: "US", CountryName: "United States", City: "Northern Virginia"},
			{Provider: "aws", Region: "eu-west-2", Country: "GB", CountryName: "United Kingdom", City: "London"},
			{Provider: "aws", Region: "eu-central-1", Country: "DE", CountryName: "Germany", City: "Frankfurt"},
			{Provider: "gcp", Region: "europe-west4", Country: "NL", CountryName: "Netherlands", City: "Eemshaven"},
			{Provider: "azure", Region: "eastus", Country: "US", CountryName: "United States", City: "Virginia"},
			{Provider: "alibaba", Region: "cn-hongkong", Country: "HK", CountryName: "Hong Kong", City: "Hong Kong"},
			{Provider: "alibaba", Region: "cn-shanghai", Country: "CN", CountryName: "China", City: "Shanghai"},
			{Provider: "tencent", Region: "ap-shanghai-4", Country: "CN", CountryName: "China", City: "Shanghai", Aliases: []string{"上海四区"}},
			{Provider: "vast", Region: "Sichuan, CN, AS", Country: "CN", CountryName: "China", City: "Sichuan"},
			{Provider: "lambda", Region: "europe-south-1"},
		},
		RegionGroups: []RegionGroup{
			{Name: "eu", Countries: []string{"DE", "NL", "FR"}},
			{Name: "europe", Countries: []string{"DE", "NL", "FR", "GB", "CH"}},
			{Name: "us", Countries: []string{"US"}},
			{Name: "mainland-china", Aliases: []string{"cn", "china"}, Countries: []string{"CN"}},
		},
	}
}

func TestRegionFilterMatch(t *testing.T) {
	cat := regionCatalog()
	for _, c := range []struct {
		terms           []string
		provider, where string
		ok, known       bool
	}{
		{nil, "aws", "anything", true, true},
		{[]string{"europe"}, "gcp", "europe-west4", true, true},
		{[]string{"europe"}, "gcp", "europe-west4-a", true, true}, // a zone lies in its region
		{[]string{"europe"}, "aws", "us-east-1", false, true},
		{[]string{"eu"}, "aws", "eu-west-2", false, true}, // London is not in the EU
		{[]string{"europe"}, "aws", "eu-west-2", true, true},
		{[]string{"eu"}, "aws", "eu-central-1/euc1-az2", true, true},
		{[]string{"eu"}, "aws", "eu-central-1a", true, true},    // AWS's zone name
		{[]string{"eu"}, "aws", "eu-central-1ab", false, false}, // not a zone of it
		{[]string{"us"}, "azure", "eastus", true, true},
		{[]string{"cn"}, "alibaba", "cn-hongkong", false, true}, // a prefix is no country
		{[]string{"cn"}, "alibaba", "cn-shanghai", true, true},
		{[]string{"china"}, "vast", "Sichuan, CN, AS", true, true},
		{[]string{"cn"}, "tencent", "ap-shanghai-4", true, true},
		{[]string{"ap-shanghai"}, "tencent", "ap-shanghai-4", true, true},
		{[]string{"上海"}, "tencent", "ap-shanghai-4", true, true}, // an alias's start
		{[]string{"us-east"}, "aws", "us-east-1", true, true},
		{[]string{"de"}, "aws", "eu-central-1", true, true},
		{[]string{"germany"}, "aws", "eu-central-1", true, true},
		{[]string{"london"}, "aws", "eu-west-2", true, true},
		{[]string{"europe"}, "lambda", "europe-south-1", false, false}, // location unknown
		{[]string{"europe"}, "seeweb", "", false, false},
		{[]string{"europe-south"}, "lambda", "europe-south-1", true, true}, // an id prefix needs no location
		{[]string{"us", "cn"}, "alibaba", "cn-shanghai", true, true},
		{[]string{"hong-kong"}, "alibaba", "cn-hongkong", true, true}, // a dash for the space
		{[]string{"united-kingdom"}, "aws", "eu-west-2", true, true},
		{[]string{"northern-virginia"}, "aws", "us-east-1/use1-az6", true, true},
		{[]string{"hong-kong"}, "alibaba", "cn-shanghai", false, true},
		{[]string{"sichuan"}, "vast", "Sichuan, CN, AS", true, true},
	} {
		f := NewRegionFilter(c.terms, cat)
		ok, known := f.Match(c.provider, c.where)
		if ok != c.ok || known != c.known {
			t.Errorf("%v: Match(%s, %q) = %v, %v; want %v, %v", c.terms, c.provider, c.where, ok, known, c.ok, c.known)
		}
	}
}

func TestUnknownRegionTerms(t *testing.T) {
	cat := regionCatalog()
	cat.Offers = []Offer{Offer{Provider: "aws", InstanceType: "p5", Regions: []string{"us-west-2"}}.
		WithDetail(OfferDetail{OnDemandZones: []ZonePrice{{Zone: "us-west-2/usw2-az1", Price: 1}}})}
	got := UnknownRegionTerms([]string{"europe", "us-west", "ap-shanghai", "上海", "mars-1", "de", "us-west-2/usw2", "nz"}, cat)
	if want := []string{"mars-1", "nz"}; !slices.Equal(got, want) {
		t.Errorf("UnknownRegionTerms = %v, want %v", got, want)
	}
}

func FuzzRegionFilter(f *testing.F) {
	for _, s := range []string{"europe", "eu-", "上海", "cn", "", "-", "/", "us-east-1/use1-az6"} {
		f.Add(s, s)
	}
	cat := regionCatalog()
	f.Fuzz(func(t *testing.T, term, where string) {
		fl := NewRegionFilter(SplitList(term), cat)
		ok, known := fl.Match("aws", where)
		if ok && !known {
			t.Fatalf("%q on %q: passes with its location unknown", term, where)
		}
		_ = fl.PlaceOf("tencent", where)
		// The verdicts worked out for the table's names are the ones
		// Match gives any name.
		for i := range cat.Places {
			p := &cat.Places[i]
			cached, cachedKnown := fl.Match(p.Provider, p.Region)
			slow, slowKnown := fl.matchPlace(fl.PlaceOf(p.Provider, p.Region), placeKey(p.Region))
			if fl.Active() && (cached != slow || cachedKnown != slowKnown) {
				t.Fatalf("%q on %s %q: Match %v %v, worked out %v %v", term, p.Provider, p.Region, cached, cachedKnown, slow, slowKnown)
			}
		}
	})
}
