package model

import (
	"encoding/json"
	"testing"
)

// TestListedPlansTable: each listed plan's row prices a single price model
// of PriceModelTable with a period, of its own; its detail field and its
// flat field are its own and the flat one is written under its key.
func TestListedPlansTable(t *testing.T) {
	keys := map[string]bool{}
	for l := range NumListedPlans {
		row := ListedPlans[l]
		info, ok := PriceModelOf(row.Model)
		switch {
		case !ok || info.Hybrid():
			t.Errorf("%s: price model %q is not a single model of PriceModelTable", row.Key, row.Model)
		case l.PeriodHours() <= 0:
			t.Errorf("%s: period %v h: want a plan's period", row.Key, l.PeriodHours())
		case keys[row.Key] || row.Key == "":
			t.Errorf("key %q is empty or twice in ListedPlans", row.Key)
		}
		keys[row.Key] = true
		if got, ok := PlanOf(row.Model); !ok || got != l {
			t.Errorf("%s: PlanOf(%s) = %v, %v: want %v", row.Key, row.Model, got, ok, l)
		}
		// Only this plan's price set: it reads back as this plan's alone,
		// and the offer's JSON carries it under the plan's key.
		var d OfferDetail
		*row.Of(&d) = 7.25
		o := Offer{}.WithDetail(d)
		for m := range NumListedPlans {
			if want := map[bool]float64{true: 7.25}[m == l]; o.Detail().Plan(m) != want {
				t.Errorf("%s set: %s reads %v, want %v", row.Key, ListedPlans[m].Key, o.Detail().Plan(m), want)
			}
		}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var flat map[string]any
		if err := json.Unmarshal(b, &flat); err != nil {
			t.Fatal(err)
		}
		if flat[row.Key] != 7.25 {
			t.Errorf("%s set: JSON %s: want %q: 7.25", row.Key, b, row.Key)
		}
		var back Offer
		if err := json.Unmarshal(b, &back); err != nil || back.Detail().Plan(l) != 7.25 {
			t.Errorf("%s: JSON read back %v (%v), want 7.25", row.Key, back.Detail().Plan(l), err)
		}
	}
}
