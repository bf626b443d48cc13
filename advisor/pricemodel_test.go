package advisor

import (
	"math"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// quoteNamed is a recommendation's quote of one price model, or nil.
func quoteNamed(r *model.Recommendation, pm model.PriceModel) *model.PriceQuote {
	for i := range r.PriceModels {
		if r.PriceModels[i].Name == pm {
			return &r.PriceModels[i]
		}
	}
	return nil
}

// The re-run overhead of a 100-hour job on spot, bucket by bucket, worked
// by hand: AWS's bucket is the share of instances interrupted in a month
// (Spot Instance Advisor), taken at its upper end (25% for ">20%"), so
// interruptions arrive at -ln(1-p)/730.5 an hour (a month of 730.5 h); each loses half a
// checkpoint interval plus a 10-minute restart. With 30-minute checkpoints
// that is 100 x 0.05129/730.5 x (0.25 + 0.1667) = 0.002926 h for "<5%". An
// unknown rate takes the stated 10%.
func TestSpotOverheadPerBucket(t *testing.T) {
	for _, tc := range []struct {
		bucket      string
		b           int8
		ckptMin     float64
		h, want     float64
		wantInNotes string
	}{
		{"<5%", 0, 0, 100, 0.0029257, ""},
		{"5-10%", 1, 0, 100, 0.0060096, ""},
		{"10-15%", 2, 0, 100, 0.0092698, ""},
		{"15-20%", 3, 0, 100, 0.0127278, ""},
		{">20%", 4, 0, 100, 0.0164090, ""},
		{">20% with 2 h checkpoints", 4, 120, 100, 0.0459451, ""},
		// A run shorter than the interval loses at most half of itself:
		// 0.2 x 3.9382e-4 x (0.1 + 0.1667).
		{">20%, a 12-minute job", 4, 30, 0.2, 0.2 * 3.938153e-4 * (0.1 + 1.0/6), ""},
		{"unknown", -1, 0, 100, 10, ""},
	} {
		t.Run(tc.bucket, func(t *testing.T) {
			pc := &pricer{p: &plan{jobMode: true}, a: &model.Answers{CheckpointMinutes: tc.ckptMin}}
			got := pc.spotExtra(tc.h, tc.b)
			if !testcheck.NearAbs(got, tc.want, 1e-4*tc.want+1e-9) {
				t.Errorf("overhead %.7f h, want %.7f h", got, tc.want)
			}
			if name := bucketName(tc.b); tc.b >= 0 && name != tc.bucket[:len(name)] {
				t.Errorf("bucket %d named %q", tc.b, name)
			}
			pc.p.jobMode = false
			if w := pc.spotExtra(tc.h, tc.b); w != 0 {
				t.Errorf("wall-clock run billed %g h of re-run", w)
			}
		})
	}
}

// spotCatalog is one offer on spot in three zones of two regions at $1,
// $2 and $10 an hour (the $1 zone an outlier) with AWS bucket b in both.
func spotCatalog(b int) *model.Catalog {
	cat := testCatalog()
	o := testOffer("cloudA", "spot3", "L4", 1, 3)
	o.Regions = []string{"us-east-1", "us-west-2"}
	o.Spot, o.EditDetail().SpotMax = 1, 10
	o.EditDetail().SpotZones = []model.ZonePrice{{Zone: "us-east-1a", Price: 1}, {Zone: "us-west-2a", Price: 2}, {Zone: "us-west-2b", Price: 10}}
	d := o.EditDetail()
	d.Interruption, d.InterruptionDate = []model.RegionBucket{{Region: "us-east-1", Bucket: b}, {Region: "us-west-2", Bucket: b}}, "2025-06-28"
	cat.Offers = []model.Offer{o}
	return cat
}

// Spot is priced at the median zone with the spread shown; under
// --region at the median zone inside it (the lower of the middle two),
// with the spread of the zones inside, and the zone is named. The bucket
// shown is the region's.
func TestSpotMedianZone(t *testing.T) {
	for b := range model.InterruptionBuckets {
		t.Run(model.InterruptionBuckets[b], func(t *testing.T) {
			cat := spotCatalog(b)
			for _, tc := range []struct {
				regions  []string
				rate     float64
				zone     string
				asked    bool
				rangeLoH [2]float64
			}{
				{nil, 2, "us-west-2a", false, [2]float64{1, 10}},
				{[]string{"us-east-1"}, 1, "us-east-1a", true, [2]float64{0, 0}},
				{[]string{"us-west-2"}, 2, "us-west-2a", true, [2]float64{2, 10}},
			} {
				a := stated(10, func(a *model.Answers) { a.Interruptible, a.Regions = true, tc.regions })
				res := Recommend(cat, a, Options{Top: 1})
				if len(res.Recommendations) != 1 {
					t.Fatalf("regions %v: %d recommendations: %v", tc.regions, len(res.Recommendations), res.Notes)
				}
				r := &res.Recommendations[0]
				q := quoteNamed(r, model.PriceSpot)
				if q == nil || !testcheck.NearAbs(q.HourlyUSD, tc.rate, 1e-9) || q.Region != tc.zone {
					t.Fatalf("regions %v: spot %+v, want $%g in %s", tc.regions, q, tc.rate, tc.zone)
				}
				if q.RangeLow != tc.rangeLoH[0] || q.RangeHigh != tc.rangeLoH[1] {
					t.Errorf("spread %g-%g, want %v", q.RangeLow, q.RangeHigh, tc.rangeLoH)
				}
				if q.Interruption != model.InterruptionBuckets[b] || q.InterruptionDate != "2025-06-28" {
					t.Errorf("interruption %q (%s), want %q", q.Interruption, q.InterruptionDate, model.InterruptionBuckets[b])
				}
				if r.PriceModel == model.PriceSpot && (r.Zone != tc.zone || r.Region != tc.zone[:len(tc.zone)-1]) {
					t.Errorf("recommendation region %q zone %q, want the spot zone %s in its region", r.Region, r.Zone, tc.zone)
				}
			}
		})
	}
}

// Hybrid plans against a hand-worked example: an offer at $2/h on demand
// and $1/h spot, on a cloud with firm 1-year (40% off) and 3-year (60%
// off) commitments, for 18 months of 730.5 h (13,149 h).
//   - 24/7: 1yr = 2 terms x 8,766 h x $1.20 = $21,038.40; hybrid-1yr+on-demand
//     = 8,766 x $1.20 + (13,149 - 8,766) x $2 = $10,519.20 + $8,766 =
//     $19,285.20, the cheapest eligible, so chosen.
//   - 84 h a week: 6,574.5 h of use; the hybrid fills 6,574.5 x 4,383/13,149
//     = 2,191.5 h on demand: $10,519.20 + $4,383 = $14,902.20, but on-demand
//     alone is 6,574.5 x $2 = $13,149 and is chosen.
//   - 24/7 interruptible (a serving run is billed as used): hybrid-1yr+spot
//     = $10,519.20 + 4,383 x $1 = $14,902.20; spot alone $13,149 wins.
func TestHybridArithmetic(t *testing.T) {
	cat := testCatalog()
	o := testOffer("cloudA", "hyb", "L4", 1, 2)
	o.Spot = 1
	cat.Offers = []model.Offer{o}
	for _, tc := range []struct {
		name   string
		hpw    float64
		intr   bool
		hybrid model.PriceModel
		want   float64
		chosen model.PriceModel
	}{
		{"24/7", 168, false, model.PriceHybrid1yOnDemand, 19285.2, model.PriceHybrid1yOnDemand},
		{"84h a week", 84, false, model.PriceHybrid1yOnDemand, 14902.2, model.PriceOnDemand},
		{"24/7 interruptible", 168, true, model.PriceHybrid1ySpot, 14902.2, model.PriceSpot},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := stated(10, func(a *model.Answers) {
				a.DurationHours, a.HoursPerWeek, a.Interruptible = 18*model.HoursPerMonth, tc.hpw, tc.intr
			})
			res := Recommend(cat, a, Options{Top: 1})
			if len(res.Recommendations) != 1 {
				t.Fatalf("%d recommendations: %v", len(res.Recommendations), res.Notes)
			}
			r := &res.Recommendations[0]
			q := quoteNamed(r, tc.hybrid)
			if q == nil {
				t.Fatalf("no %s in %+v", tc.hybrid, r.PriceModels)
			}
			if !testcheck.NearAbs(q.TotalUSD, tc.want, 0.01) || !q.Eligible || len(q.Assumptions) < 2 {
				t.Errorf("%s: $%.2f (eligible %v, assumptions %q), want $%.2f", tc.hybrid, q.TotalUSD, q.Eligible, q.Assumptions, tc.want)
			}
			if r.PriceModel != tc.chosen {
				t.Errorf("chose %s, want %s", r.PriceModel, tc.chosen)
			}
			best := math.Inf(1)
			for _, p := range r.PriceModels {
				if p.Eligible && p.TotalUSD < best {
					best = p.TotalUSD
				}
			}
			if !testcheck.NearAbs(r.GPUTotalUSD, best, 1e-6) {
				t.Errorf("chosen total $%.2f is not the cheapest eligible $%.2f", r.GPUTotalUSD, best)
			}
			if p, ok := model.PriceModelOf(tc.hybrid); !ok || !p.Hybrid() {
				t.Errorf("%s is not a hybrid of the price-model table", tc.hybrid)
			}
		})
	}
}

// Spot with on-demand fallback, by hand: a 100-hour job at $1/h spot with
// an unknown rate redoes 10 h (the stated default) on demand at $2/h:
// $100 + $20 = $120, against plain spot's 110 h x $1 = $110.
func TestHybridSpotOnDemand(t *testing.T) {
	cat := testCatalog()
	o := testOffer("cloudX", "fallback", "L4", 1, 2)
	o.Spot = 1
	cat.Offers = []model.Offer{o}
	pc := &pricer{p: &plan{jobMode: true}, a: &model.Answers{Interruptible: true}}
	r := row{rates: rates{od: 2}, offer: 0}
	var scratch []zoneRank
	spotSetup(&cat.Offers[0], &r, &scratch)
	var pb [maxPlans]planRate
	plans := pb[:planRates(&r.rates, nil, 1, false, &pb)]
	var buf [maxHybrids]hyb
	got := buf[:pc.hybrids(&r.rates, plans, 100, 100, &buf)]
	if len(got) != 1 || got[0].pm != pmHybSpotOD {
		t.Fatalf("hybrids %+v, want spot+on-demand only", got)
	}
	if !testcheck.NearAbs(got[0].total, 120, 1e-9) || !testcheck.NearAbs(got[0].extra, 10, 1e-9) {
		t.Errorf("total $%.2f with %.2f h on demand, want $120 with 10 h", got[0].total, got[0].extra)
	}
}
