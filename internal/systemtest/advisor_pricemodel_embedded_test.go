package systemtest

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// quoteOf is a recommendation's quote of one price model, or nil.
func quoteOf(r *model.Recommendation, pm model.PriceModel) *model.PriceQuote {
	for i := range r.PriceModels {
		if r.PriceModels[i].Name == pm {
			return &r.PriceModels[i]
		}
	}
	return nil
}

// Issue 11, done when: a 12-month run of Llama-3.1-8B on GCP chooses the
// 1-year commitment at its firm price, 36 months the 3-year one, 2 weeks
// neither. The firm price is GCP's committed-use price for the family
// (../shared/data/commitments/gcp_cud_gpu_vm.csv: G2 37% / 55%, A2 37% /
// 65%, A3 High 30.6% / 56.1% off on-demand), within half a point.
func TestFirmCommitmentChosenOnGCP(t *testing.T) {
	cat := advisorEmbedded(t)
	off := map[string][2]float64{"g2-standard": {0.37, 0.55}, "a2-highgpu": {0.37, 0.65}, "a3-highgpu": {0.306, 0.561}, "a3-megagpu": {0.312, 0.564}}
	for _, tc := range []struct {
		months float64
		want   model.PriceModel
	}{{12, model.PriceReserved1}, {36, model.PriceReserved3}, {0.5, ""}} {
		a := model.DefaultAnswers()
		a.Model, a.Providers = "llama-3.1-8b", []string{"gcp"}
		a.DurationHours = tc.months * model.HoursPerMonth
		if tc.months < 1 {
			a.DurationHours = 2 * model.HoursPerWeekFull
		}
		a.Normalize()
		res := advisor.Recommend(cat, a, advisor.Options{Top: 5})
		if len(res.Recommendations) == 0 {
			t.Fatalf("%g months: no recommendation: %v", tc.months, res.Notes)
		}
		for i := range res.Recommendations {
			r := &res.Recommendations[i]
			if r.Provider != "gcp" {
				t.Fatalf("provider filter broken: %s", r.Provider)
			}
			if tc.want == "" {
				if r.PriceModel == model.PriceReserved1 || r.PriceModel == model.PriceReserved3 {
					t.Errorf("2 weeks: %s chose %s", r.InstanceType, r.PriceModel)
				}
				continue
			}
			q, od := quoteOf(r, tc.want), quoteOf(r, model.PriceOnDemand)
			if q == nil || q.UpTo {
				// No firm price for this family (A2 Ultra): never chosen
				// from a best case, and never the top pick.
				if i == 0 {
					t.Errorf("%g months: #1 %s has no firm %s price", tc.months, r.InstanceType, tc.want)
				}
				if x := quoteOf(r, r.PriceModel); x == nil || x.UpTo || !x.Eligible {
					t.Errorf("%s chose %s, not an eligible firm price", r.InstanceType, r.PriceModel)
				}
				continue
			}
			if r.PriceModel != tc.want {
				t.Errorf("%g months: %s chose %s, want %s", tc.months, r.InstanceType, r.PriceModel, tc.want)
				continue
			}
			if od == nil || !q.Eligible || q.Estimate {
				t.Fatalf("%s: commitment quote %+v is not a firm, eligible price", r.InstanceType, q)
			}
			// A firm price is not an estimate, so the order prices in no
			// estimated-price penalty for it.
			for _, k := range r.Risk {
				if k.Code == "estimated-price" {
					t.Errorf("%s on a firm %s price carries %q", r.InstanceType, tc.want, k.Text)
				}
			}
			fam := r.InstanceType[:strings.LastIndexByte(r.InstanceType, '-')]
			k := 0
			if tc.want == model.PriceReserved3 {
				k = 1
			}
			if f, ok := off[fam]; ok {
				got := 1 - q.HourlyUSD/od.HourlyUSD
				if d := got - f[k]; d > 0.005 || d < -0.005 {
					t.Errorf("%s: %s is %.1f%% off on-demand, the published committed price is %.1f%% off", r.InstanceType, tc.want, got*100, f[k]*100)
				}
			}
			if r.Region == "" {
				t.Errorf("%s: the region of the price is not named", r.InstanceType)
			}
		}
	}
}

// Issue 11, done when: spot recommendations on AWS show the interruption
// bucket with the data's date, an overhead derived from it, the zone of the
// price and the spread across zones.
func TestAWSSpotShowsInterruption(t *testing.T) {
	cat := advisorEmbedded(t)
	a := model.DefaultAnswers()
	a.Workload, a.Model, a.Providers = model.WorkloadLoRA, "llama-3.1-8b", []string{"aws"}
	a.DurationMode, a.JobTokens, a.Interruptible = model.DurationJob, 2e9, true
	a.Normalize()
	res := advisor.Recommend(cat, a, advisor.Options{Top: 20})
	seen := 0
	for i := range res.Recommendations {
		r := &res.Recommendations[i]
		q := quoteOf(r, model.PriceSpot)
		if q == nil {
			continue
		}
		if q.Region == "" {
			t.Errorf("%s: spot zone not named", r.InstanceType)
		}
		if q.Interruption == "" {
			t.Errorf("%s: spot quote without an interruption figure", r.InstanceType)
		}
		if q.Interruption == "unknown" {
			if !strings.Contains(q.Note, "unknown") {
				t.Errorf("%s: unknown rate not said: %q", r.InstanceType, q.Note)
			}
			continue
		}
		seen++
		if q.InterruptionDate == "" || !strings.Contains(q.Note, q.Interruption) || !strings.Contains(q.Note, q.InterruptionDate) {
			t.Errorf("%s: bucket %q without its date in %q", r.InstanceType, q.Interruption, q.Note)
		}
		if !(q.OverheadHours > 0) || q.BilledHours <= r.RunHours {
			t.Errorf("%s: no re-run overhead from bucket %s (%g h)", r.InstanceType, q.Interruption, q.OverheadHours)
		}
		if len(r.Offer.Detail().SpotZones) > 1 && !(q.RangeHigh > q.RangeLow && strings.Contains(q.Note, "median zone")) {
			t.Errorf("%s: spread across %d zones not shown: %+v", r.InstanceType, len(r.Offer.Detail().SpotZones), q)
		}
	}
	if seen == 0 {
		t.Fatalf("no AWS spot quote with a published bucket among %d recommendations", len(res.Recommendations))
	}
}

// Issue 11, done when: stale-price fires for every offer from a file of
// the old SkyPilot catalog format (Azure, Paperspace, DigitalOcean).
func TestStalePriceForOldFormat(t *testing.T) {
	cat := advisorEmbedded(t)
	n := 0
	provs := map[string]bool{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.Detail().PriceDateNote == "" {
			continue
		}
		n++
		provs[o.Provider] = true
		if o.PriceDate != "" || !o.PriceStale(cat.Info.SnapshotDate) {
			t.Errorf("%s: old-format offer dated %q, stale %v", o.Key(), o.PriceDate, o.PriceStale(cat.Info.SnapshotDate))
		}
	}
	for _, p := range []string{"azure", "paperspace", "do"} {
		if !provs[p] {
			t.Errorf("no old-format offer of %s", p)
		}
	}
	a := model.DefaultAnswers()
	a.Providers = []string{"azure", "paperspace", "do"}
	a.Normalize()
	res := advisor.Recommend(cat, a, advisor.Options{Top: 50})
	if len(res.Recommendations) == 0 {
		t.Fatal("no recommendation on the old-format providers")
	}
	for i := range res.Recommendations {
		r := &res.Recommendations[i]
		has := false
		for _, w := range r.Warnings {
			has = has || w.Code == model.WarnStalePrice
		}
		risk := false
		for _, p := range r.Risk {
			risk = risk || p.Code == model.WarnStalePrice
		}
		if !has || !risk {
			t.Errorf("%s: stale-price warning %v, risk penalty %v", r.Offer.Key(), has, risk)
		}
	}
	t.Logf("%d old-format offers, %d recommendations checked", n, len(res.Recommendations))
}
