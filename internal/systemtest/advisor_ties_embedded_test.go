package systemtest

import (
	"math"
	"slices"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// stepCodes are the penalties for the GPUs and nodes a configuration
// uses: the ones a plan on fewer GPUs does not carry.
var stepCodes = map[string]bool{"more-gpus": true, "more-nodes": true}

// otherRisk is a recommendation's compounded risk factor without the
// GPU-count and node-count steps.
func otherRisk(r *model.Recommendation) float64 {
	x := 1.0
	for _, k := range r.Risk {
		if !stepCodes[k.Code] {
			x *= 1 + float64(k.Percent)/100
		}
	}
	return x
}

// sameGroup reports whether two recommendations rank in the same group:
// budget, latency tier, shortfalls and known hidden costs alike, so that
// cost and risk alone order them.
func sameGroup(a, b *model.Recommendation) bool {
	tier := func(r *model.Recommendation) int {
		switch {
		case !r.Speed.Unknown && !r.Speed.MeetsLatency:
			return 2
		case r.Speed.Unknown:
			return 1
		}
		return 0
	}
	return a.WithinBudget == b.WithinBudget && tier(a) == tier(b) && len(a.Shortfalls) == len(b.Shortfalls) &&
		a.HiddenCosts.Partial() == b.HiddenCosts.Partial()
}

// fewerGPUsFirst checks that at near-equal cost fewer GPUs win: the top
// pick does not use more GPUs than a listed plan of its group that costs
// at most 5% more and carries no more risk of another kind, and no plan
// follows one on more GPUs that costs no less and carries no less risk of
// another kind.
func fewerGPUsFirst(t *testing.T, res *model.Result) {
	t.Helper()
	recs := res.Recommendations
	top := &recs[0]
	for j := range recs {
		r := &recs[j]
		if j > 0 && sameGroup(top, r) && r.GPUsUsed < top.GPUsUsed && r.TotalUSD <= top.TotalUSD*1.05 && otherRisk(r) <= otherRisk(top)*(1+1e-9) {
			t.Errorf("#1 uses %d×%s at $%.2f; #%d uses %d×%s at $%.2f with no more other risk", top.GPUsUsed, top.GPU, top.TotalUSD, j+1, r.GPUsUsed, r.GPU, r.TotalUSD)
		}
		for i := 0; i < j; i++ {
			p := &recs[i]
			if sameGroup(p, r) && r.GPUsUsed < p.GPUsUsed && r.TotalUSD <= p.TotalUSD && otherRisk(r) <= otherRisk(p)*(1+1e-9) {
				t.Errorf("#%d on %d×%s at $%.2f follows #%d on %d×%s at $%.2f", j+1, r.GPUsUsed, r.GPU, r.TotalUSD, i+1, p.GPUsUsed, p.GPU, p.TotalUSD)
			}
		}
	}
}

// tieCase is a scenario of issue 20's "ties and padding" with the
// properties its picks must have.
type tieCase struct {
	name  string
	setup func(a *model.Answers)
	check func(t *testing.T, cat *model.Catalog, res *model.Result)
}

// qlora is a QLoRA job of tokens on a preset in INT4.
func qlora(preset string, tokens float64) func(a *model.Answers) {
	return func(a *model.Answers) {
		a.Workload, a.Model, a.Precision, a.Latency = model.WorkloadQLoRA, preset, model.INT4, model.LatencyBatch
		a.DurationMode, a.JobTokens = model.DurationJob, tokens
	}
}

// knownSpeedFirst checks that no pick of unknown speed ranks before a
// pick of its budget group whose known speed meets the class.
func knownSpeedFirst(t *testing.T, res *model.Result) {
	t.Helper()
	for j := range res.Recommendations {
		r := &res.Recommendations[j]
		for i := 0; i < j; i++ {
			p := &res.Recommendations[i]
			if p.Speed.Unknown && !r.Speed.Unknown && r.Speed.MeetsLatency && p.WithinBudget == r.WithinBudget {
				t.Errorf("#%d %d×%s of unknown speed ranks before #%d %d×%s, which meets the class", i+1, p.GPUCount, p.GPU, j+1, r.GPUCount, r.GPU)
			}
		}
	}
}

// spotOnlyStated checks that every pick on spot whose offer has no other
// price model to fall back on states the spot-only risk.
func spotOnlyStated(t *testing.T, res *model.Result) {
	t.Helper()
	n := 0
	for i := range res.Recommendations {
		r := &res.Recommendations[i]
		if r.PriceModel != model.PriceSpot || slices.ContainsFunc(r.PriceModels, func(q model.PriceQuote) bool { return q.Name != model.PriceSpot }) {
			continue
		}
		n++
		if !slices.ContainsFunc(r.Risk, func(k model.RiskPenalty) bool { return k.Code == "spot-no-fallback" && k.Percent > 0 && k.Text != "" }) {
			t.Errorf("#%d %d×%s on spot alone states no risk: %+v", i+1, r.GPUCount, r.GPU, r.Risk)
		}
	}
	if n == 0 {
		t.Error("no pick on spot alone to check")
	}
}

func tieCases() []tieCase {
	return []tieCase{
		{"Llama 3.1 405B FP8 on spot for a month: spot alone states its risk", func(a *model.Answers) {
			a.Model, a.Precision, a.Interruptible = "llama-3.1-405b", model.FP8, true
		}, func(t *testing.T, _ *model.Catalog, res *model.Result) { spotOnlyStated(t, res) }},
		{"QLoRA 70B on spot within 3 days: spot alone states its risk", func(a *model.Answers) {
			qlora("llama-3.1-70b", 1e9)(a)
			a.Interruptible, a.DeadlineHours = true, 72
		}, func(t *testing.T, _ *model.Catalog, res *model.Result) { spotOnlyStated(t, res) }},
		{"SDXL service for 4 users: known speed first", func(a *model.Answers) { a.Model, a.Batch = "stable-diffusion-xl", 4 },
			func(t *testing.T, _ *model.Catalog, res *model.Result) {
				knownSpeedFirst(t, res)
				if top := &res.Recommendations[0]; top.Speed.Unknown || top.Speed.SecondsPerImage <= 0 {
					t.Errorf("#1 %d×%s has no known time per image", top.GPUCount, top.GPU)
				}
			}},
		{"full fine-tune of Qwen2.5-32B on B300s: the sharding keeps the margin", func(a *model.Answers) {
			a.Workload, a.Model, a.Latency, a.GPU = model.WorkloadFineTune, "qwen2.5-32b", model.LatencyBatch, "B300"
			a.DurationMode, a.JobTokens = model.DurationJob, 1e9
		}, func(t *testing.T, _ *model.Catalog, res *model.Result) {
			for i := range res.Recommendations {
				if r := &res.Recommendations[i]; r.Headroom < 0.10 {
					t.Errorf("#%d %d×%s under %s leaves %.0f%% headroom", i+1, r.GPUCount, r.GPU, r.Sharding, 100*r.Headroom)
				}
			}
		}},
		{"8B service at the batch class: known speed first", func(a *model.Answers) { a.Latency = model.LatencyBatch },
			func(t *testing.T, _ *model.Catalog, res *model.Result) { knownSpeedFirst(t, res) }},
		{"QLoRA 8B INT4 100M tokens: fewer GPUs at near-equal cost", qlora("llama-3.1-8b", 100e6),
			func(t *testing.T, _ *model.Catalog, res *model.Result) { fewerGPUsFirst(t, res) }},
		{"QLoRA 8B INT4 100M tokens at 32k: fewer GPUs at near-equal cost", func(a *model.Answers) {
			qlora("llama-3.1-8b", 100e6)(a)
			a.Context = 32768
		}, func(t *testing.T, _ *model.Catalog, res *model.Result) { fewerGPUsFirst(t, res) }},
		{"QLoRA 70B INT4 100M tokens: fewer GPUs at near-equal cost", qlora("llama-3.1-70b", 100e6),
			func(t *testing.T, _ *model.Catalog, res *model.Result) { fewerGPUsFirst(t, res) }},
		{"QLoRA 8B INT4 10B tokens: fewer GPUs at near-equal cost", qlora("llama-3.1-8b", 10e9),
			func(t *testing.T, _ *model.Catalog, res *model.Result) { fewerGPUsFirst(t, res) }},
	}
}

// TestTieCases ranks the scenarios of issue 20's ties and padding over
// the embedded catalog and checks the properties of their picks.
func TestTieCases(t *testing.T) {
	cat := advisorEmbedded(t)
	for _, tc := range tieCases() {
		t.Run(tc.name, func(t *testing.T) {
			res := rankScenario(t, cat, tc.setup, 10)
			tc.check(t, cat, &res)
		})
	}
}

// TestSpotShareMedian checks the spot-only penalty's spot share against
// the embedded catalog: the median spot price as a share of the
// on-demand price over the offers that list both, within 0.02. The share
// the advisor assumes shows in the penalty (risk_spotonly.go): a run on
// spot alone for a month in a zone of unknown interruption rate (the
// worst bucket, interrupted with monthly share p) pays
// ceil(100 x p x 1/2 x (1/share - 1)) percent, half the run left to redo
// on demand at 1/share times the spot rate.
func TestSpotShareMedian(t *testing.T) {
	var shares []float64
	for _, o := range advisorEmbedded(t).Offers {
		if o.Spot > 0 && o.OnDemand > 0 {
			shares = append(shares, o.Spot/o.OnDemand)
		}
	}
	if len(shares) < 50 {
		t.Fatalf("%d offers list both prices", len(shares))
	}
	slices.Sort(shares)
	m := shares[len(shares)/2]
	if len(shares)%2 == 0 {
		m = (shares[len(shares)/2-1] + m) / 2
	}
	p := model.InterruptionMonthly[len(model.InterruptionMonthly)-1]
	penalty := func(share float64) int { return int(math.Ceil(100*p*0.5*(1/share-1) - 1e-9)) }
	got := spotOnlyPenalty(t)
	if lo, hi := penalty(m+0.02), penalty(m-0.02); got < lo || got > hi {
		t.Errorf("median spot share %.3f over %d offers; the spot-only penalty is %d%%, want %d%%..%d%% (a share within 0.02 of it)", m, len(shares), got, lo, hi)
	}
}

// spotOnlyPenalty is the spot-only penalty (percent) of a month's rented
// run on an offer with a spot price alone and no known interruption rate.
func spotOnlyPenalty(t *testing.T) int {
	t.Helper()
	cat := &model.Catalog{
		Info: model.CatalogInfo{Origin: "test", SnapshotDate: "2026-11-29"},
		GPUs: map[string]model.GPU{"L4": {Name: "L4", VRAMGiB: 24, MemBandwidthGBs: 300, BF16TFLOPS: 121, Source: "test"}},
		Offers: []model.Offer{{Provider: "spotcloud", InstanceType: "l4-spot", GPU: "L4", GPUCount: 1, VRAMGiB: 24,
			VCPUs: 16, MemoryGiB: 64, Spot: 0.3, Currency: model.USD, Regions: []string{"r1"}, PriceDate: "2026-11-01"}},
	}
	a := model.DefaultAnswers()
	a.Workload, a.KnownVRAMGiB, a.Interruptible = model.WorkloadVRAM, 8, true
	a.DurationHours = model.HoursPerMonth
	r := top(t, advisor.Recommend(cat, a, advisor.Options{}))
	for _, k := range r.Risk {
		if k.Code == "spot-no-fallback" {
			return k.Percent
		}
	}
	t.Fatalf("a month on spot alone: no spot-only penalty in %+v", r.Risk)
	return 0
}
