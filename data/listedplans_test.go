package data

import (
	"fmt"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/gpupick/gpupick/model"
)

// TestListedPlansLayers: every listed plan (model.ListedPlans) is a detail
// column of offers.tsv under its key holding its price, Validate bounds
// it under that key, and the overlay, where it takes a plan's key, sets
// that plan alone; it takes the monthly and yearly keys (the plans a
// private offer or an override has always set).
func TestListedPlansLayers(t *testing.T) {
	cols := map[string]column[model.Offer]{}
	for _, c := range offerCols.Get() {
		cols[c.name] = c
	}
	taken := map[model.ListedPlan]bool{}
	for l := range model.NumListedPlans {
		key := model.ListedPlans[l].Key
		var d model.OfferDetail
		*model.ListedPlans[l].Of(&d) = 7.25
		o := model.Offer{Provider: "x", InstanceType: "y"}.WithDetail(d)
		c, ok := cols[key]
		if !ok || !c.detail {
			t.Errorf("%s: no detail column of offers.tsv named so", key)
		} else if got := c.enc(&o, nil); got != "7.25" {
			t.Errorf("%s: column writes %q, want 7.25", key, got)
		}
		*model.ListedPlans[l].Of(&d) = -1
		bad := model.Offer{Provider: "x", InstanceType: "y"}.WithDetail(d)
		var msgs []string
		checkOffer(&model.Catalog{}, &bad, func(f string, a ...any) { msgs = append(msgs, fmt.Sprintf(f, a...)) })
		if want := key + " -1: must be a non-negative number"; !strings.Contains(strings.Join(msgs, "\n"), want) {
			t.Errorf("%s = -1: Validate says %q, want %q", key, msgs, want)
		}
		var ov overlayPlans
		md, err := toml.Decode(key+" = 12.5\n", &ov)
		if err != nil || len(md.Undecoded()) > 0 {
			continue // the overlay does not take this plan
		}
		taken[l] = true
		for m, v := range ov.prices() {
			if want := map[bool]float64{true: 12.5}[model.ListedPlan(m) == l]; v != want {
				t.Errorf("overlay %s = 12.5: plan %s reads %v, want %v", key, model.ListedPlans[m].Key, v, want)
			}
		}
	}
	if !taken[model.PlanMonthly] || !taken[model.PlanYearly] {
		t.Errorf("the overlay takes plans %v: want monthly and yearly among them", taken)
	}
}
