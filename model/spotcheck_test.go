package model

import "testing"

// gcpRange is Google's stated 60-91% off on-demand for Spot VMs.
var gcpRange = &Policy{Provider: "gcp", SpotDiscountMin: Discount{Fraction: 0.60}, SpotDiscountMax: Discount{Fraction: 0.91, UpTo: true}}

func TestCheckSpot(t *testing.T) {
	upTo90 := &Policy{SpotDiscountMax: Discount{Fraction: 0.90, UpTo: true}}
	for _, tc := range []struct {
		name         string
		spot, od     float64
		pol          *Policy
		want         SpotVerdict
		suspect, nos bool
	}{
		{"in the range", 0.30, 1.00, gcpRange, SpotPlausible, false, false},
		{"60% off rounds in", 0.404, 1.00, gcpRange, SpotPlausible, false, false},
		{"only 7% off: shallow", 0.93, 1.00, gcpRange, SpotShallow, true, false},
		{"92% off: deeper than stated", 0.07, 1.00, gcpRange, SpotDeep, true, false},
		{"equal to on-demand", 1.00, 1.00, gcpRange, SpotNotBelow, true, true},
		{"above on-demand", 1.22, 1.00, gcpRange, SpotNotBelow, true, true},
		{"above on-demand, no policy", 1.10, 1.00, nil, SpotNotBelow, true, true},
		{"no range stated: any saving plausible", 0.95, 1.00, &Policy{}, SpotPlausible, false, false},
		{"only an up-to maximum: shallow is fine", 0.95, 1.00, upTo90, SpotPlausible, false, false},
		{"only an up-to maximum: deeper is flagged", 0.05, 1.00, upTo90, SpotDeep, true, false},
		{"no on-demand", 0.5, 0, gcpRange, SpotUnchecked, false, false},
		{"no spot", 0, 1, gcpRange, SpotUnchecked, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := CheckSpot(tc.spot, tc.od, tc.pol)
			if got != tc.want || got.Suspect() != tc.suspect || got.NoSaving() != tc.nos {
				t.Errorf("CheckSpot(%v, %v) = %v (suspect %v, no saving %v), want %v (%v, %v)",
					tc.spot, tc.od, got, got.Suspect(), got.NoSaving(), tc.want, tc.suspect, tc.nos)
			}
		})
	}
}

func TestSpotChecksZoneByZone(t *testing.T) {
	o := Offer{Provider: "gcp", InstanceType: "a3-ultragpu-8g", Regions: []string{"asia-south1", "us-east1", "us-east10"}, OnDemand: 40, Spot: 20}
	o.SetDetail(&OfferDetail{
		OnDemandZones: []ZonePrice{{Zone: "asia-south1", Price: 40}, {Zone: "us-east1", Price: 50}, {Zone: "us-east10", Price: 60}},
		SpotZones:     []ZonePrice{{Zone: "asia-south1-b", Price: 45}, {Zone: "us-east1-c", Price: 15}, {Zone: "us-east10-a", Price: 58}},
	})
	got := o.SpotChecks(gcpRange)
	want := []SpotCheck{
		{"asia-south1-b", 45, 40, SpotNotBelow},
		{"us-east1-c", 15, 50, SpotPlausible},
		{"us-east10-a", 58, 60, SpotShallow}, // us-east10's price, not us-east1's
	}
	if len(got) != len(want) {
		t.Fatalf("SpotChecks = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("zone %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// One spot price in every region: each region checked on its own.
	one := Offer{Regions: []string{"a", "b"}, OnDemand: 10, Spot: 3}
	if c := one.SpotChecks(gcpRange); len(c) != 2 || c[0].Verdict != SpotPlausible || c[0].OnDemand != 10 {
		t.Errorf("one price everywhere: %+v", c)
	}
	if c := (&Offer{OnDemand: 1}).SpotChecks(gcpRange); c != nil {
		t.Errorf("no spot: %+v, want none", c)
	}
}
