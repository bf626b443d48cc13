package systemtest

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// spotAt is the offer's spot price per node in zone (its SpotZones entry,
// or Offer.Spot where one price holds everywhere); 0 when none.
func spotAt(o *model.Offer, zone string) float64 {
	zones := o.Detail().SpotZones
	if len(zones) == 0 {
		return o.Spot
	}
	for _, z := range zones {
		if z.Zone == zone {
			return z.Price
		}
	}
	return 0
}

// Issue 24, done when: no GCP or other spot quote at or above its
// on-demand price reaches a recommendation as a saving. For every
// recommendation of a sweep of workloads, providers, regions, lengths
// and interruptibility over the embedded catalog: a spot quote whose
// price is at or above on-demand in the same region is not eligible, no
// price model on spot is chosen from it, and no warning claims a cut; a
// spot price outside the provider's stated range says so in its quote.
func TestNoSpotSavingAtOrAboveOnDemand(t *testing.T) {
	cat := advisorEmbedded(t)
	flagged, checked := 0, 0
	for _, w := range []struct {
		name  string
		setup func(a *model.Answers)
	}{
		{"serve 8b", func(a *model.Answers) { a.Model = "llama-3.1-8b" }},
		{"serve 70b", func(a *model.Answers) { a.Model, a.Batch = "llama-3.1-70b", 20 }},
		{"finetune 8b", func(a *model.Answers) { *a = withModel(model.WorkloadFineTune, "llama-3.1-8b", model.BF16) }},
		{"lora 70b", func(a *model.Answers) { *a = withModel(model.WorkloadLoRA, "llama-3.1-70b", model.BF16) }},
	} {
		for _, provs := range [][]string{nil, {"gcp"}, {"aws"}} {
			for _, regs := range [][]string{nil, {"us-west1"}, {"asia-south1"}, {"europe-west4"}, {"ap-southeast-1"}} {
				for _, months := range []float64{0.25, 1, 3} {
					for _, intr := range []bool{false, true} {
						a := model.DefaultAnswers()
						w.setup(&a)
						a.Providers, a.Regions, a.Interruptible = provs, regs, intr
						a.DurationHours = months * model.HoursPerMonth
						a.Normalize()
						if a.Validate() != nil {
							continue
						}
						res := advisor.Recommend(cat, a, advisor.Options{Top: 10})
						for i := range res.Recommendations {
							r := &res.Recommendations[i]
							f, c := checkSpotSaving(t, w.name, r)
							flagged, checked = flagged+f, checked+c
						}
					}
				}
			}
		}
	}
	// The sweep must reach spot prices at or above on-demand, or it proves nothing.
	if flagged == 0 || checked == 0 {
		t.Fatalf("the sweep met %d spot quotes, %d of them at or above on-demand: widen it", checked, flagged)
	}
	t.Logf("%d spot quotes checked, %d at or above on-demand in their region", checked, flagged)
}

// checkSpotSaving checks one recommendation's spot quote: how many spot
// quotes at or above on-demand (flagged) and spot quotes (checked) it had.
func checkSpotSaving(t *testing.T, name string, r *model.Recommendation) (flagged, checked int) {
	t.Helper()
	q := quoteOf(r, model.PriceSpot)
	if q == nil || r.Offer == nil {
		return 0, 0
	}
	o := r.Offer
	spot, od := spotAt(o, q.Region), o.OnDemandAt(q.Region)
	if spot <= 0 || od <= 0 {
		return 0, 0
	}
	if spot < od {
		return 0, 1
	}
	at := name + ": " + r.Provider + "/" + r.InstanceType + " spot in " + q.Region
	if q.Eligible {
		t.Errorf("%s is %.4g against on-demand %.4g, yet eligible", at, spot, od)
	}
	if strings.Contains(string(r.PriceModel), "spot") {
		t.Errorf("%s is %.4g against on-demand %.4g, yet the run is priced on %s", at, spot, od, r.PriceModel)
	}
	for _, pq := range r.PriceModels {
		if strings.Contains(string(pq.Name), "spot") && pq.Eligible {
			t.Errorf("%s: %s is eligible on a spot price at or above on-demand", at, pq.Name)
		}
	}
	for _, w := range r.Warnings {
		if strings.Contains(w.Message, "would cut") {
			t.Errorf("%s: warning claims a saving: %s", at, w.Message)
		}
	}
	if !strings.Contains(q.Note, "no saving") {
		t.Errorf("%s: the quote's note does not say it is no saving: %q", at, q.Note)
	}
	return 1, 1
}
