package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

func TestMergeOffers(t *testing.T) {
	old := model.Offer{Provider: "alibaba", InstanceType: "gn7i", Regions: []string{"cn-beijing", "cn-hangzhou"}, OnDemand: 10, PriceDate: "2023-06-01",
		Sources: []string{"sheet-2023"}}.WithDetail(model.OfferDetail{Monthly: 4000})
	hourly := model.Offer{Provider: "alibaba", InstanceType: "gn7i", Regions: []string{"cn-beijing"}, OnDemand: 12, Spot: 3, PriceDate: "2024-01-10", Sources: []string{"api-2024"}}
	other := model.Offer{Provider: "alibaba", InstanceType: "gn8", Regions: []string{"cn-beijing"}, OnDemand: 30, PriceDate: "2024-01-10", Sources: []string{"api-2024"}}
	sameDay := model.Offer{Provider: "alibaba", InstanceType: "gn7i", Regions: []string{"cn-beijing"}, OnDemand: 11, PriceDate: "2023-06-01", Sources: []string{"b"}}
	tests := []struct {
		name          string
		older, newer  []model.Offer
		keys          string
		beijing, hang float64
		monthly       float64
		date, note    string
	}{
		{"newer hourly beside an older monthly", []model.Offer{old}, []model.Offer{hourly, other}, "alibaba/gn7i,alibaba/gn8", 12, 10, 4000, "2024-01-10",
			"on demand cn-beijing, spot cn-beijing from api-2024 (2024-01-10); on demand cn-hangzhou, plan monthly from sheet-2023 (2023-06-01)"},
		{"an older read never overwrites a newer price", []model.Offer{hourly}, []model.Offer{old}, "alibaba/gn7i", 12, 10, 4000, "2024-01-10",
			"on demand cn-beijing, spot cn-beijing from api-2024 (2024-01-10)"},
		{"on equal dates the later read wins", []model.Offer{old}, []model.Offer{sameDay}, "alibaba/gn7i", 11, 10, 4000, "2023-06-01", "on demand cn-beijing from b (2023-06-01)"},
		{"one source: no note", nil, []model.Offer{hourly}, "alibaba/gn7i", 12, 0, 0, "2024-01-10", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := MergeOffers(tc.older, tc.newer)
			var keys []string
			for _, o := range got {
				keys = append(keys, o.Key())
			}
			if strings.Join(keys, ",") != tc.keys {
				t.Fatalf("keys %v, want %s", keys, tc.keys)
			}
			o := got[0]
			if p := placePrice(&o, "cn-beijing"); p != tc.beijing {
				t.Errorf("cn-beijing %v, want %v", p, tc.beijing)
			}
			if p := placePrice(&o, "cn-hangzhou"); p != tc.hang {
				t.Errorf("cn-hangzhou %v, want %v", p, tc.hang)
			}
			if o.Detail().Monthly != tc.monthly || o.PriceDate != tc.date {
				t.Errorf("monthly %v dated %s", o.Detail().Monthly, o.PriceDate)
			}
			if n := originsText(o.Detail().PriceOrigins); !strings.Contains(n, tc.note) || (tc.note == "" && n != "") {
				t.Errorf("price origins %q, want %q", n, tc.note)
			}
		})
	}
	if len(old.Detail().PriceOrigins) != 0 || hourly.Extra != nil {
		t.Error("MergeOffers changed its input")
	}
}

// A merged offer keeps a highest price only where its places' prices
// differ, as the readers write it (fold, cn): one price everywhere has no
// highest, so a live offer read twice does not carry its price again as
// a highest, a field that made its detail its own (issue 24).
func TestMergeKeepsHighestOnlyWhereItDiffers(t *testing.T) {
	at := func(region, date string, od, spot float64) model.Offer {
		return model.Offer{Provider: "vast", InstanceType: "1x-H100-m1-o1", Regions: []string{region}, OnDemand: od, Spot: spot,
			PriceDate: date, Sources: []string{"vast-" + date}, Marketplace: true}
	}
	tests := []struct {
		name          string
		older, newer  model.Offer
		od, odMax     float64
		spot, spotMax float64
	}{
		{"one place, read again", at("US", "2026-12-01", 2, 1), at("US", "2026-12-02", 2.1, 1.1), 2.1, 0, 1.1, 0},
		{"one place, the same price", at("US", "2026-12-01", 2, 1), at("US", "2026-12-02", 2, 1), 2, 0, 1, 0},
		{"two places, two prices", at("US", "2026-12-01", 2, 1), at("CA", "2026-12-02", 2.4, 0.8), 2, 2.4, 0.8, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := MergeOffers([]model.Offer{tc.older}, []model.Offer{tc.newer})
			if len(got) != 1 {
				t.Fatalf("%d offers, want 1", len(got))
			}
			o, d := got[0], got[0].Detail()
			if o.OnDemand != tc.od || d.OnDemandMax != tc.odMax || o.Spot != tc.spot || d.SpotMax != tc.spotMax {
				t.Errorf("on demand %v (highest %v), spot %v (highest %v); want %v (%v), %v (%v)",
					o.OnDemand, d.OnDemandMax, o.Spot, d.SpotMax, tc.od, tc.odMax, tc.spot, tc.spotMax)
			}
		})
	}
}

// originsText is price origins grouped as a line: "on demand cn-beijing,
// spot cn-beijing from api-2024 (2024-01-10); plan monthly from ...".
func originsText(po []model.PriceOrigin) string {
	var parts []string
	for _, g := range model.GroupPriceOrigins(po) {
		var what []string
		for _, p := range g.Prices {
			what = append(what, string(p.Kind)+" "+p.Place)
		}
		date := g.Date
		if date == "" {
			date = "undated"
		}
		parts = append(parts, strings.Join(what, ", ")+" from "+g.Source+" ("+date+")")
	}
	return strings.Join(parts, "; ")
}

// A price of an offer merged before keeps the source and date named then
// when a third source is merged in: the 2023 monthly of the sheet is not
// re-dated to the older offer's newest price, nor lost.
func TestMergeKeepsPriceOrigins(t *testing.T) {
	sheet := model.Offer{Provider: "alibaba", InstanceType: "gn7i", Regions: []string{"cn-beijing"}, OnDemand: 10, PriceDate: "2023-06-01",
		Sources: []string{"sheet-2023"}}.WithDetail(model.OfferDetail{Monthly: 4000})
	api := model.Offer{Provider: "alibaba", InstanceType: "gn7i", Regions: []string{"cn-beijing"}, OnDemand: 12, PriceDate: "2024-01-10", Sources: []string{"api-2024"}}
	spot := model.Offer{Provider: "alibaba", InstanceType: "gn7i", Regions: []string{"cn-beijing"}, Spot: 3, PriceDate: "2024-02-01", Sources: []string{"spot-2024"}}
	first := MergeOffers([]model.Offer{sheet}, []model.Offer{api})
	got := MergeOffers(first, []model.Offer{spot})
	want := "spot cn-beijing from spot-2024 (2024-02-01); on demand cn-beijing from api-2024 (2024-01-10); plan monthly from sheet-2023 (2023-06-01)"
	if s := originsText(got[0].Detail().PriceOrigins); s != want {
		t.Errorf("price origins %q, want %q", s, want)
	}
}
