package advisor

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

func stated(gib float64, f func(*model.Answers)) model.Answers {
	a := statedVRAM(gib)()
	if f != nil {
		f(&a)
		a.Normalize()
	}
	return a
}

func names(res model.Result) []string {
	var out []string
	for _, r := range res.Recommendations {
		out = append(out, r.InstanceType)
	}
	return out
}

func TestVRAMNeverBelowRequirement(t *testing.T) {
	cat := testCatalog()
	for _, a := range []model.Answers{
		answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 4),
		answers(model.WorkloadInference, "deepseek-v3", model.FP8, 32768, 1),
		answers(model.WorkloadInference, "mixtral-8x7b", model.INT4, 4096, 16),
		answers(model.WorkloadFineTune, "llama-3.1-70b", model.BF16, 4096, 1),
		answers(model.WorkloadLoRA, "qwen2.5-72b", model.BF16, 4096, 2),
		answers(model.WorkloadQLoRA, "llama-3.1-405b", model.BF16, 2048, 1),
		stated(500, nil),
	} {
		a.Latency = model.LatencyBatch
		res := Recommend(cat, a, Options{Top: 50})
		if len(res.Recommendations) == 0 {
			t.Errorf("%s %s: nothing recommended: %v", a.Workload, a.Model, res.Notes)
		}
		for _, r := range res.Recommendations {
			if r.VRAMGiB*float64(r.Nodes) < res.Requirement.VRAMGiB {
				t.Errorf("%s %s on %s: %d x %.0f GiB < requirement %.1f", a.Workload, a.Model, r.InstanceType, r.Nodes, r.VRAMGiB, res.Requirement.VRAMGiB)
			}
			if per := r.VRAMGiB / float64(r.GPUCount); r.NeedPerGPUGiB > per {
				t.Errorf("%s %s on %s: each GPU needs %.1f of %.0f GiB", a.Workload, a.Model, r.InstanceType, r.NeedPerGPUGiB, per)
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	cat := syntheticCatalog(3000, 3)
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	first, _ := json.Marshal(Recommend(cat, a, Options{Top: 20}))
	eng := New(cat) // a fresh index, reused
	for i := 0; i < 3; i++ {
		again, _ := json.Marshal(eng.Recommend(a, Options{Top: 20}))
		if string(again) != string(first) {
			t.Fatal("same input gave a different result")
		}
	}
}

// TestTopKMatchesFullSort checks the pruned scan: the best k of a large
// catalog must be the first k of the complete ranking, for several
// workloads, budgets and price-model mixes.
func TestTopKMatchesFullSort(t *testing.T) {
	cat := syntheticCatalog(4000, 11)
	cases := []model.Answers{
		answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1),
		answers(model.WorkloadInference, "llama-3.1-8b", model.INT4, 4096, 8),
		answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1),
	}
	cases[1].Interruptible = true
	cases[1].Budget = model.Budget{Amount: 3, Period: model.BudgetHourly, Currency: model.USD}
	cases[2].DurationMode, cases[2].JobTokens = model.DurationJob, 3e9
	cases[2].DataGB, cases[2].EgressGB = 200, 500
	for _, a := range cases {
		a.Normalize()
		all := Recommend(cat, a, Options{Top: len(cat.Offers)})
		top := Recommend(cat, a, Options{Top: 7})
		if len(top.Recommendations) == 0 || top.Matched != all.Matched {
			t.Fatalf("%s: %d recommendations, matched %d vs %d", a.Model, len(top.Recommendations), top.Matched, all.Matched)
		}
		for i, r := range top.Recommendations {
			w := all.Recommendations[i]
			if r.InstanceType != w.InstanceType || r.AllInUSD != w.AllInUSD {
				t.Errorf("%s: #%d is %s %.2f, full sort has %s %.2f", a.Model, i, r.InstanceType, r.AllInUSD, w.InstanceType, w.AllInUSD)
			}
		}
		tier := func(r model.Recommendation) int { return tierOf(&r) }
		for i := 1; i < len(all.Recommendations); i++ {
			p, r := all.Recommendations[i-1], all.Recommendations[i]
			same := p.WithinBudget == r.WithinBudget && tier(p) == tier(r) && p.HiddenCosts.Partial() == r.HiddenCosts.Partial()
			if same && !r.Speed.Unknown && r.RankCost() < p.RankCost()*(1-1e-9) {
				t.Errorf("%s: not sorted by cost with its risks at #%d (%.2f after %.2f)", a.Model, i, r.RankCost(), p.RankCost())
				break
			}
		}
	}
}

// TestJobRanksByCostToFinish: a job of fixed size is cheaper on a GPU
// that is 5x the price but 6.4x the speed.
func TestJobRanksByCostToFinish(t *testing.T) {
	cat := catWith(testOffer("cloudA", "h100", "H100 SXM5", 1, 4), testOffer("cloudA", "a6000", "RTX A6000", 1, 0.8))
	a := answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
	a.DurationMode, a.JobTokens = model.DurationJob, 1e9
	res := Recommend(cat, a, Options{})
	if got := names(res); len(got) != 2 || got[0] != "h100" {
		t.Fatalf("want the H100 first (cheaper to finish), got %v", got)
	}
	for _, r := range res.Recommendations {
		// Billed hours: the job plus its set-up (estimate_setup.go).
		if r.RunHours <= 0 || r.Setup.Hours <= 0 || !testcheck.NearAbs(r.RunHours, r.Speed.JobHours+r.Setup.Hours, 1e-9) {
			t.Errorf("%s: run hours %.2f, job hours %.2f, set-up %.2f", r.InstanceType, r.RunHours, r.Speed.JobHours, r.Setup.Hours)
		}
		if !testcheck.NearAbs(r.GPUTotalUSD, r.HourlyUSD*r.RunHours, 1e-6*r.GPUTotalUSD) {
			t.Errorf("%s: GPU total %.2f != %.2f x %.2f h", r.InstanceType, r.GPUTotalUSD, r.HourlyUSD, r.RunHours)
		}
	}
	// 4 x params per token for LoRA (no weight gradients), plus 2 x params
	// to recompute the forward pass under gradient checkpointing (the
	// default); the causal core attention of 2,048 tokens, 2 x 32 layers x
	// 2,048 x 4,096 forward, runs forward and backward (3 x) and is
	// recomputed (+1).
	attn := 2.0 * 32 * 2048 * 4096
	if !testcheck.NearAbs(res.Requirement.FLOPs, (6*8.03e9+4*attn)*1e9, 1e6) {
		t.Errorf("LoRA job FLOPs %.3g, want ((4 + 2 recompute) x 8B + 4 x attention) x 1B", res.Requirement.FLOPs)
	}
	a.GradCheckpointing = false
	if res := Recommend(cat, a, Options{}); !testcheck.NearAbs(res.Requirement.FLOPs, (4*8.03e9+3*attn)*1e9, 1e6) {
		t.Errorf("LoRA job FLOPs without checkpointing %.3g, want (4 x 8B + 3 x attention) x 1B", res.Requirement.FLOPs)
	}
}

func TestWallClockBillsHoursPerWeek(t *testing.T) {
	cat := catWith(testOffer("cloudA", "l4", "L4", 1, 1))
	res := Recommend(cat, stated(10, func(a *model.Answers) { a.DurationHours, a.HoursPerWeek = 720, 40 }), Options{})
	r := top(t, res)
	want := 720 * 40 / 168.0
	if !testcheck.NearAbs(r.RunHours, want, 1e-9) || !testcheck.NearAbs(r.TotalUSD, want, 1e-9) || r.CalendarHours != 720 {
		t.Errorf("run %.2f h (want %.2f), total $%.2f, calendar %.0f h", r.RunHours, want, r.TotalUSD, r.CalendarHours)
	}
}

func TestBudget(t *testing.T) {
	cat := testCatalog()
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	a.Budget = model.Budget{Amount: 5, Period: model.BudgetHourly, Currency: model.USD}
	res := Recommend(cat, a, Options{Top: 50})
	if !top(t, res).WithinBudget {
		t.Fatal("nothing within $5/h")
	}
	// Offers over the budget follow those within it, counted.
	over := 0
	for i, r := range res.Recommendations {
		if r.WithinBudget != (r.GPUTotalUSD/r.RunHours <= 5+1e-9) {
			t.Errorf("%s: $%.2f/h against a $5/h budget, within %v", r.InstanceType, r.GPUTotalUSD/r.RunHours, r.WithinBudget)
		}
		if !r.WithinBudget {
			over++
		} else if over > 0 {
			t.Errorf("#%d %s within the budget after an offer over it", i+1, r.InstanceType)
		}
	}
	if over == 0 || res.OverBudget != over || res.Listed != len(res.Recommendations) || res.OverBudgetHidden {
		t.Errorf("%d over budget listed; result says %d of %d (hidden %v)", over, res.OverBudget, res.Listed, res.OverBudgetHidden)
	}
	if len(res.Suggestions) != 0 {
		t.Errorf("suggestions when the budget is met: %+v", res.Suggestions)
	}

	// At $0.5/h only one A6000 is in reach, whose 70B prefill of a 4k
	// prompt (about 7 s) misses the interactive class's 2 s first token:
	// the suggestions are asked for a batch job.
	a.Budget.Amount, a.Latency = 0.5, model.LatencyBatch
	res = Recommend(cat, a, Options{Top: 5})
	if len(res.Recommendations) == 0 {
		t.Fatal("the closest over-budget offers must be shown")
	}
	for _, r := range res.Recommendations {
		if r.WithinBudget {
			t.Errorf("%s marked within a $0.5/h budget", r.InstanceType)
		}
	}
	if len(res.Suggestions) == 0 {
		t.Fatalf("no suggestion for an impossible budget; notes %v", res.Notes)
	}
	for _, s := range res.Suggestions {
		if s.Change == "" || s.Effect == "" || s.TotalUSD <= 0 || s.TotalUSD >= top(t, res).AllInUSD {
			t.Errorf("suggestion without figures or no cheaper: %+v", s)
		}
	}
	// With a spot-priced A6000 in reach, int4 plus spot meets $0.5/h.
	if !res.Suggestions[0].WithinBudget {
		t.Errorf("first suggestion should meet the budget: %+v", res.Suggestions)
	}

	// A total budget counts the hidden costs.
	b := stated(10, func(a *model.Answers) { a.DataGB, a.EgressGB = 100, 1000 })
	b.Budget = model.Budget{Amount: 1000, Period: model.BudgetTotal, Currency: model.USD}
	res = Recommend(catWith(testOffer("cloudA", "l4", "L4", 1, 1.2)), b, Options{})
	r := top(t, res)
	if r.WithinBudget != (r.TotalUSD <= 1000) || r.TotalUSD <= r.GPUTotalUSD {
		t.Errorf("total budget: all-in $%.2f (GPU $%.2f), within %v", r.TotalUSD, r.GPUTotalUSD, r.WithinBudget)
	}
}

func TestHiddenCosts(t *testing.T) {
	cat := catWith(testOffer("cloudA", "l4", "L4", 1, 1))
	res := Recommend(cat, stated(10, func(a *model.Answers) { a.DataGB, a.EgressGB = 100, 1000 }), Options{})
	h := top(t, res).HiddenCosts
	// cloudA: $0.08 per GB-month for one month; 100 GB a month free, then
	// $0.09 per GB.
	if !testcheck.NearAbs(h.StorageUSD, 8, 1e-9) || !testcheck.NearAbs(h.EgressUSD, 81, 1e-9) {
		t.Errorf("storage $%.2f (want 8), egress $%.2f (want 81)", h.StorageUSD, h.EgressUSD)
	}
	if len(h.Notes) < 2 {
		t.Errorf("hidden costs need their reasons: %v", h.Notes)
	}
}

func TestCurrencyDisplay(t *testing.T) {
	cn := testOffer("cnc", "cn-l4", "L4", 1, 7.2)
	cn.Currency = model.CNY
	cat := catWith(cn, testOffer("cloudA", "l4", "L4", 1, 1.5))
	a := stated(10, func(a *model.Answers) { a.Currency = model.CNY })
	res := Recommend(cat, a, Options{})
	if res.Currency != model.CNY {
		t.Fatalf("display currency %s", res.Currency)
	}
	for _, r := range res.Recommendations {
		if !testcheck.NearAbs(r.Hourly, r.HourlyUSD*7.2, 1e-9) {
			t.Errorf("%s: %.4f CNY/h vs %.4f USD/h", r.InstanceType, r.Hourly, r.HourlyUSD)
		}
		if r.Converted != (r.Currency != model.CNY) {
			t.Errorf("%s: converted %v for a %s offer", r.InstanceType, r.Converted, r.Currency)
		}
		if r.InstanceType == "cn-l4" && (!testcheck.NearAbs(r.Hourly, 7.2, 1e-9) || !testcheck.NearAbs(r.HourlyUSD, 1, 1e-9)) {
			t.Errorf("CNY offer: %.4f CNY/h, %.4f USD/h", r.Hourly, r.HourlyUSD)
		}
	}
}

func TestPriceAvailability(t *testing.T) {
	monthlyOnly := testOffer("cloudA", "monthly", "L4", 1, 0)
	monthlyOnly.EditDetail().Monthly = 400
	spotOnly := testOffer("cloudA", "spotonly", "L4", 1, 0)
	spotOnly.Spot = 0.2
	noPrice := testOffer("cloudA", "noprice", "L4", 1, 0)
	cat := catWith(monthlyOnly, spotOnly, noPrice)
	res := Recommend(cat, stated(10, nil), Options{})
	if got := names(res); len(got) != 1 || got[0] != "monthly" {
		t.Errorf("not interruptible: want only the monthly-priced offer, got %v", got)
	}
	res = Recommend(cat, stated(10, func(a *model.Answers) { a.Interruptible = true }), Options{})
	if got := names(res); len(got) != 2 || got[0] != "spotonly" || res.Recommendations[0].PriceModel != model.PriceSpot {
		t.Errorf("interruptible: want spot first, got %v", got)
	}
}

// TestUpToNeverChosen: an "up to" discount is shown as an ineligible best
// case, never as the price of the run.
func TestUpToNeverChosen(t *testing.T) {
	cat := catWith(testOffer("cloudB", "a6000", "RTX A6000", 1, 0.8))
	res := Recommend(cat, stated(10, func(a *model.Answers) { a.DurationHours = 3 * hoursPerYear }), Options{})
	r := top(t, res)
	if r.PriceModel != model.PriceOnDemand {
		t.Errorf("headline %s, want on-demand", r.PriceModel)
	}
	found := false
	for _, q := range r.PriceModels {
		if q.Name == model.PriceReserved3 {
			found = true
			if !q.UpTo || q.Eligible || !q.Estimate || q.TotalUSD >= r.TotalUSD {
				t.Errorf("3yr quote %+v", q)
			}
		}
	}
	if !found {
		t.Error("the up-to 3-year estimate is missing from the table")
	}
}

func TestCommitmentsAndBreakEven(t *testing.T) {
	cat := catWith(testOffer("cloudA", "l4", "L4", 1, 1))
	res := Recommend(cat, stated(10, func(a *model.Answers) { a.DurationHours = 2 * hoursPerYear }), Options{})
	r := top(t, res)
	q := map[model.PriceModel]model.PriceQuote{}
	for _, p := range r.PriceModels {
		q[p.Name] = p
	}
	one, three := q[model.PriceReserved1], q[model.PriceReserved3]
	if !testcheck.NearAbs(one.BreakEvenHoursPerWeek, 100.8, 1e-9) || !testcheck.NearAbs(one.TotalUSD, 0.6*2*hoursPerYear, 1e-6) {
		t.Errorf("1yr: break-even %.1f h/week (want 100.8), total %.2f", one.BreakEvenHoursPerWeek, one.TotalUSD)
	}
	if !testcheck.NearAbs(three.TotalUSD, 0.4*hoursPer3Year, 1e-6) || three.BilledHours != hoursPer3Year {
		t.Errorf("3yr must bill the whole term: total %.2f, billed %.0f", three.TotalUSD, three.BilledHours)
	}
	if r.PriceModel != model.PriceReserved1 {
		t.Errorf("2 years around the clock: headline %s, want 1yr", r.PriceModel)
	}
}

func TestLatencyClasses(t *testing.T) {
	l4 := testOffer("cloudA", "l4", "L4", 1, 0.98)
	h100 := testOffer("cloudA", "h100", "H100 SXM5", 1, 12.29)
	mystery := testOffer("cloudB", "mystery", "Mystery X1", 1, 0.6)
	a := serve("llama-3.1-8b", model.BF16, 2048, model.LatencyRealtime)()
	res := Recommend(catWith(l4, h100, mystery), a, Options{})
	got := names(res)
	if len(got) != 2 || got[0] != "h100" || got[1] != "mystery" {
		t.Errorf("realtime: want the H100, then the GPU of unknown speed (not the too-slow L4); got %v", got)
	}
	if len(res.Recommendations) == 2 && (!res.Recommendations[1].Speed.Unknown || res.Recommendations[1].Speed.MeetsLatency) {
		t.Errorf("unknown speed must be flagged: %+v", res.Recommendations[1].Speed)
	}
	res = Recommend(catWith(l4), a, Options{})
	if got := names(res); len(got) != 1 || res.Recommendations[0].Speed.MeetsLatency {
		t.Errorf("only a too-slow offer: it is shown, flagged; got %v", got)
	}
	a.Latency = model.LatencyBatch
	res = Recommend(catWith(l4, h100), a, Options{})
	if got := names(res); len(got) != 2 || got[0] != "l4" {
		t.Errorf("batch class: cheapest first, got %v", got)
	}
}

func TestFilters(t *testing.T) {
	cat := testCatalog()
	a := stated(10, func(a *model.Answers) { a.GPU = "h100" })
	for _, r := range Recommend(cat, a, Options{Top: 50}).Recommendations {
		if !MatchGPU("h100", r.GPU) {
			t.Errorf("--gpu h100 returned %s", r.GPU)
		}
	}
	a = stated(10, func(a *model.Answers) { a.GPUs, a.Providers = 8, []string{"Cloud B"} })
	res := Recommend(cat, a, Options{Top: 50})
	if len(res.Recommendations) == 0 {
		t.Fatal("no 8-GPU offer of Cloud B")
	}
	for _, r := range res.Recommendations {
		if r.GPUCount != 8 || r.Provider != "cloudB" {
			t.Errorf("filter gave %s %s x%d", r.Provider, r.InstanceType, r.GPUCount)
		}
	}
	a = stated(10, func(a *model.Answers) { a.Regions = []string{"eu-"} })
	if res := Recommend(cat, a, Options{}); len(res.Recommendations) != 0 {
		t.Errorf("region eu- matched %v", names(res))
	}
}

func TestParallelism(t *testing.T) {
	cat := catWith(clustered(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32)))
	a := answers(model.WorkloadInference, "llama-3.1-405b", model.BF16, 8192, 1)
	a.Latency = model.LatencyBatch
	r := top(t, Recommend(cat, a, Options{}))
	if r.Nodes != 2 || r.TensorParallel != 8 || r.PipelineParallel != 2 || r.GPUsUsed != 16 {
		t.Errorf("405B BF16: %d nodes, TP %d, PP %d, %d GPUs", r.Nodes, r.TensorParallel, r.PipelineParallel, r.GPUsUsed)
	}
	// Qwen2.5-7B has 28 heads: 8 GPUs serve as two tensor-parallel groups of 4.
	a = answers(model.WorkloadInference, "qwen2.5-7b", model.BF16, 8192, 8)
	a.Latency = model.LatencyBatch
	r = top(t, Recommend(cat, a, Options{}))
	if r.TensorParallel != 4 || r.Replicas != 2 {
		t.Errorf("Qwen2.5-7B on 8 GPUs: TP %d x %d replicas, want 4 x 2", r.TensorParallel, r.Replicas)
	}
	// ZeRO-3 divides the training state among the GPUs.
	p := newPlan(cat, ptr(answers(model.WorkloadFineTune, "llama-3.1-70b", model.BF16, 2048, 1)), langEN)
	split, whole := p.shardSplit("zero3")
	if whole != 0 || !testcheck.NearAbs(p.perGPUTraining("zero3", 16), split/16+p.act+p.ctx, 1) {
		t.Errorf("zero3 per GPU %.3g", p.perGPUTraining("zero3", 16))
	}
	if p.perGPUTraining("zero1", 16) <= p.perGPUTraining("zero2", 16) || p.perGPUTraining("zero2", 16) <= p.perGPUTraining("zero3", 16) {
		t.Error("each ZeRO stage must shard more")
	}
}

func ptr[T any](v T) *T { return &v }

func TestMoEAndPresets(t *testing.T) {
	cat := testCatalog()
	req := Estimate(cat, answers(model.WorkloadInference, "mixtral-8x7b", model.BF16, 4096, 1))
	within(t, "Mixtral weights GiB", req.Breakdown.WeightsGiB, 46.7e9*2/gib, 1e-9)
	p := newPlan(cat, ptr(answers(model.WorkloadInference, "mixtral-8x7b", model.BF16, 4096, 1)), langEN)
	within(t, "Mixtral bytes read per token", p.activeWeightBytes, 12.9e9*2, 1e-9)
	// Presets by Hugging Face id, and a preset without architecture.
	if r := Estimate(cat, answers(model.WorkloadInference, "meta-llama/Llama-3.1-8B", model.BF16, 4096, 1)); r.Model != "llama-3.1-8b" {
		t.Errorf("HF id resolved to %q", r.Model)
	}
	if r := Estimate(cat, answers(model.WorkloadInference, "flux.1-dev", model.BF16, 4096, 1)); r.Breakdown.KVCacheGiB != 0 || r.Breakdown.WeightsGiB <= 0 {
		t.Errorf("image model: %+v", r.Breakdown)
	}
	// A bare parameter count gets a generic shape, said so.
	a := answers(model.WorkloadInference, "", model.BF16, 4096, 1)
	a.ParamsB = 13
	r := Estimate(cat, a)
	if r.KVBytesPerToken <= 0 || r.Architecture == "" || len(r.Assumptions) < 3 {
		t.Errorf("13B generic: %+v", r)
	}
	// Quantised weights keep the embedding in 16 bits.
	r8 := Estimate(cat, answers(model.WorkloadInference, "llama-3.1-8b", model.INT4, 4096, 1))
	if r8.BytesPerParam <= 4.25/8 || r8.BytesPerParam > 0.75 {
		t.Errorf("int4 bytes per parameter %.3f", r8.BytesPerParam)
	}
}

func TestMinGPUs(t *testing.T) {
	cat := testCatalog()
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	if r := Estimate(cat, a); r.MinGPUs != 1 {
		t.Errorf("70B BF16 with a 192 GB B200 in the catalog: min GPUs %d, want 1", r.MinGPUs)
	}
	delete(cat.GPUs, "B200 (HGX, 1000 W)")
	delete(cat.GPUs, "H200 SXM")
	delete(cat.GPUs, "Instinct MI300X")
	cat.Offers = nil
	if r := Estimate(cat, a); r.MinGPUs != 2 {
		t.Errorf("70B BF16 on 80 GB GPUs: min GPUs %d, want 2", r.MinGPUs)
	}
}

func TestInvalidAnswersNoPanic(t *testing.T) {
	cat := testCatalog()
	for _, a := range []model.Answers{
		{Workload: model.WorkloadInference, ParamsB: math.NaN()},
		{Workload: model.WorkloadInference, ParamsB: 8, DurationHours: math.Inf(1)},
		{Workload: "dance"},
		{Workload: model.WorkloadInference},
	} {
		res := Recommend(cat, a, Options{})
		if len(res.Recommendations) != 0 || len(res.Notes) == 0 {
			t.Errorf("%+v: %d recommendations, notes %v", a, len(res.Recommendations), res.Notes)
		}
	}
	if res := Recommend(nil, model.DefaultAnswers(), Options{}); len(res.Notes) == 0 || res.Requirement.VRAMGiB != 0 && res.Requirement.ParamsB == 0 {
		t.Errorf("nil catalog: %+v", res)
	}
	// An engine of no catalog indexes nothing and has no prebuilt index
	// (prebuiltFor): neither panics.
	e := New(nil)
	e.Index()
	if e.Prebuilt() {
		t.Error("an engine of no catalog reports the prebuilt index")
	}
}

func TestIndexRebuiltForNewOffers(t *testing.T) {
	cat := catWith(testOffer("cloudA", "l4", "L4", 1, 1))
	a := stated(10, nil)
	if got := names(Recommend(cat, a, Options{})); len(got) != 1 {
		t.Fatal(got)
	}
	cat.Offers = append([]model.Offer{testOffer("cloudA", "t4", "T4", 1, 0.5)}, cat.Offers...)
	if got := names(Recommend(cat, a, Options{})); len(got) != 2 || got[0] != "t4" {
		t.Errorf("after adding an offer: %v", got)
	}
}

// TestRegion: a recommendation names the region its price is from: the
// offer's first region when one price holds everywhere, none when prices
// differ and the cheapest region is not known, the region inside the
// filter when one is asked.
func TestRegion(t *testing.T) {
	o := testOffer("cloudA", "l4", "L4", 1, 1)
	o.Regions = []string{"eu-west-1", "us-east-1"}
	region := func(o model.Offer, regions ...string) string {
		t.Helper()
		a := stated(10, nil)
		a.Regions = regions
		res := Recommend(catWith(o), a, Options{})
		if len(res.Recommendations) != 1 {
			t.Fatalf("%v: %d recommendations, notes %v", regions, len(res.Recommendations), res.Notes)
		}
		return res.Recommendations[0].Region
	}
	if got := region(o); got != "eu-west-1" {
		t.Errorf("one price everywhere: region %q", got)
	}
	o.EditDetail().OnDemandMax = 1.4
	if got := region(o); got != "" {
		t.Errorf("prices differ by region, the cheapest is not known: got %q", got)
	}
	if got := region(o, "US-"); got != "us-east-1" {
		t.Errorf("filtered region: got %q", got)
	}
}

// TestFewerGPUsWinNearEqualCost: the configuration with half the GPUs
// ranks first while it costs up to 5% more, and loses once it costs more
// than that.
func TestFewerGPUsWinNearEqualCost(t *testing.T) {
	// Llama-3.1-70B in FP8 fits one H200 or two H100s on NVSwitch.
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.FP8, 8192, 1)
	many := testOffer("cloudA", "many", "H100 SXM5", 2, 10)
	res := Recommend(catWith(many), a, Options{})
	if len(res.Recommendations) != 1 || res.Recommendations[0].GPUsUsed != 2 {
		t.Fatalf("2 H100s: %v (notes %v)", names(res), res.Notes)
	}
	m := top(t, res)
	for _, c := range []struct {
		dearer   float64
		fewFirst bool
	}{{0.049, true}, {0.02, true}, {-0.01, true}, {0.06, false}} {
		few := testOffer("cloudA", "few", "H200 SXM", 1, m.TotalUSD*(1+c.dearer)/m.RunHours)
		res := Recommend(catWith(few, many), a, Options{})
		first := top(t, res)
		if (first.InstanceType == "few") != c.fewFirst {
			t.Errorf("1 H200 %.1f%% dearer than 2 H100s: #1 %s (%d GPUs, $%.0f) of %v", 100*c.dearer, first.InstanceType, first.GPUsUsed, first.TotalUSD, names(res))
		}
	}
}

// TestFewerNodesWinNearEqualCost: serving uses several nodes only when no
// single node holds the model (a one-node offer leaves the two-node
// configurations out), and each extra node or GPU doubling costs at least
// 5% on the last in rank, so one node fewer wins at up to 5% more cost.
func TestFewerNodesWinNearEqualCost(t *testing.T) {
	a := answers(model.WorkloadInference, "llama-3.1-405b", model.BF16, 8192, 1)
	a.Latency = model.LatencyBatch
	h100 := mod(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 20), func(o *model.Offer) { o.RDMA = model.Yes })
	h200 := mod(testOffer("cloudA", "h200x8", "H200 SXM", 8, 60), func(o *model.Offer) { o.RDMA = model.Yes })
	if res := Recommend(catWith(h100), a, Options{}); len(res.Recommendations) != 1 || res.Recommendations[0].Nodes != 2 {
		t.Fatalf("405B on H100 nodes alone: %v", names(res))
	}
	if got := names(Recommend(catWith(h100, h200), a, Options{})); len(got) != 1 || got[0] != "h200x8" {
		t.Errorf("with a node that holds it, two-node configurations are listed: %v", got)
	}
	for s := 1; s < len(stepPct); s++ {
		if x := factor(stepPct[s]) / factor(stepPct[s-1]); x < 1.05-1e-12 {
			t.Errorf("step %d: %d%% after %d%% is only %.4f", s, stepPct[s], stepPct[s-1], x)
		}
	}
	if stepRisk(0) != 0 || doublings(1) != 0 || doublings(2) != 1 || doublings(3) != 2 || doublings(8) != 3 {
		t.Errorf("steps: %d %d %d %d %d", stepRisk(0), doublings(1), doublings(2), doublings(3), doublings(8))
	}
}

// pick is the recommendation of an instance, nil when not listed.
func pick(res model.Result, instance string) *model.Recommendation {
	for i := range res.Recommendations {
		if res.Recommendations[i].InstanceType == instance {
			return &res.Recommendations[i]
		}
	}
	return nil
}

// TestRiskPenaltiesCompound: a marketplace host splitting the model over
// four GeForce cards carries the marketplace, shared-vCPU, host-memory
// split and GPU-count penalties, listed with their texts in both
// languages; the total is their product, and the order uses it.
func TestRiskPenaltiesCompound(t *testing.T) {
	rig := mod(testOffer("market", "rig", "GeForce RTX 4090", 4, 1), func(o *model.Offer) {
		o.Marketplace, o.VCPUType, o.Interconnect = true, model.VCPUMarketplace, model.InterconnectPCIe
	})
	dc := mod(testOffer("cloudB", "dc", "RTX A6000", 4, 1), func(o *model.Offer) { o.Interconnect = model.InterconnectPCIe })
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.INT4, 8192, 1)
	a.GPUs = 4
	for _, lang := range []string{"", "zh"} {
		res := Recommend(catWith(rig, dc), a, Options{Lang: lang})
		r := pick(res, "rig")
		if r == nil {
			t.Fatalf("rig not listed: %v", res.Notes)
		}
		want := map[string]int{model.WarnMarketplaceHost: riskMarketplaceRented, model.WarnSharedVCPU: riskSharedVCPU,
			riskCodeTPHost: 3 * riskTPHostPerGPU, riskCodeGPUs: stepRisk(2)}
		x := 1.0
		for _, k := range r.Risk {
			if want[k.Code] != k.Percent {
				t.Errorf("%s: %s at %d%%, want %d%%", lang, k.Code, k.Percent, want[k.Code])
			}
			if k.Text == "" || !strings.Contains(k.Text, strconv.Itoa(k.Percent)) {
				t.Errorf("%s: %s text %q", lang, k.Code, k.Text)
			}
			x *= 1 + float64(k.Percent)/100
		}
		if len(r.Risk) != len(want) || r.RiskPercent != percentOf(x) {
			t.Errorf("%s: risks %+v total %d%%, want the product %d%%", lang, r.Risk, r.RiskPercent, percentOf(x))
		}
		sum := 0
		for _, k := range r.Risk {
			sum += k.Percent
		}
		if r.RiskPercent <= sum {
			t.Errorf("%s: %d%% does not compound the %d%% they add to", lang, r.RiskPercent, sum)
		}
		// The same price: the datacenter PCIe box, with the lesser split
		// penalty and no host risks, ranks first.
		if first := top(t, res); first.InstanceType != "dc" {
			t.Errorf("%s: #1 %s", lang, first.InstanceType)
		}
		d := pick(res, "dc")
		if d == nil || !slices.ContainsFunc(d.Risk, func(k model.RiskPenalty) bool { return k.Code == riskCodeTPLink && k.Percent == 3*riskTPLinkPerGPU }) {
			t.Errorf("%s: the datacenter split is not priced as PCIe: %+v", lang, d)
		}
	}
	if en, zh := langEN.f(kRiskTPHost, 60), langZH.f(kRiskTPHost, 60); en == zh || !strings.Contains(zh, "主机内存") {
		t.Errorf("texts %q / %q", en, zh)
	}
}

// TestLatencyMarginShortfall: an offer whose estimated decode clears the
// class by less than the estimate's 30% tolerance ranks after one that
// clears it with room although it is cheaper, and says why.
func TestLatencyMarginShortfall(t *testing.T) {
	slim := testOffer("cloudB", "slim", "RTX A6000", 1, 0.5)
	room := testOffer("cloudA", "room", "H100 SXM5", 1, 3)
	a := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 2048, 1)
	a.Latency = model.LatencyRealtime
	res := Recommend(catWith(slim, room), a, Options{})
	if got := names(res); len(got) != 2 || got[0] != "room" {
		t.Fatalf("order %v", got)
	}
	s := pick(res, "slim")
	if sp := s.Speed.DecodeTokensPerSec; sp < 30 || sp >= 30*(1+speedTolerance) || !s.Speed.MeetsLatency {
		t.Fatalf("the A6000 decodes %.1f tok/s: not a slim margin over 30", sp)
	}
	if !slices.Contains(s.Shortfalls, model.ShortLatencyMargin) || len(top(t, res).Shortfalls) > 0 {
		t.Errorf("shortfalls %v / %v", s.Shortfalls, top(t, res).Shortfalls)
	}
	if len(res.WhyFirst) == 0 || !strings.Contains(res.WhyFirst[0], model.ShortLatencyMargin) {
		t.Errorf("why first %q", res.WhyFirst)
	}
	// Interactive (10 tok/s) leaves room: the cheaper offer leads.
	a.Latency = model.LatencyInteractive
	if got := names(Recommend(catWith(slim, room), a, Options{})); got[0] != "slim" {
		t.Errorf("interactive order %v", got)
	}
}

// TestWhatWouldChange: when #1 is on a marketplace host, the detail says
// which offer would lead with --hosting datacenter, in both languages;
// Recommend alone (the keystroke path) does not rank again for it.
func TestWhatWouldChange(t *testing.T) {
	market := mod(testOffer("market", "m", "GeForce RTX 4090", 1, 0.3), func(o *model.Offer) { o.Marketplace = true })
	dc := testOffer("cloudA", "dc", "A100-80GB SXM4", 1, 2)
	cat := catWith(market, dc)
	a := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 8192, 1)
	for _, tc := range []struct{ lang, want string }{
		{"", "with --hosting datacenter: 1× A100-80GB SXM4 at $2.00/h"},
		{"zh", "若加上 --hosting datacenter：1× A100-80GB SXM4 将排第一，每小时 ¥"},
	} {
		opt := Options{Lang: tc.lang}
		res := Recommend(cat, a, opt)
		if first := top(t, res); first.InstanceType != "m" {
			t.Fatalf("#1 %s", first.InstanceType)
		}
		before := len(res.WhyFirst)
		for _, line := range res.WhyFirst {
			if strings.Contains(line, "--hosting") {
				t.Errorf("Recommend ranked again: %q", line)
			}
		}
		if tc.lang == "zh" {
			a.Currency = model.CNY
			res = Recommend(cat, a, opt)
		}
		WhatWouldChange(cat, a, opt, &res)
		if len(res.WhyFirst) != before+1 || !strings.HasPrefix(res.WhyFirst[before], tc.want) {
			t.Errorf("%s: why first %q, want a line starting %q", tc.lang, res.WhyFirst, tc.want)
		}
	}
	// A clean #1 (no risk a requirement rules out) has nothing to add.
	res := Recommend(catWith(dc), a, Options{})
	n := len(res.WhyFirst)
	WhatWouldChange(catWith(dc), a, Options{}, &res)
	if len(res.WhyFirst) != n {
		t.Errorf("lines added for a clean #1: %q", res.WhyFirst)
	}
}

// TestHeapSort: sorting a scan's heap in place gives the order of
// slices.SortFunc by cand.compare, over heaps of random candidates with
// many ties in every key but the catalog index.
func TestHeapSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for n := range 80 {
		var h, want []cand
		for i := range n {
			cd := cand{key: packKey(uint8(rng.IntN(2)), uint8(rng.IntN(3)), 0, uint8(rng.IntN(2))),
				rank: float64(rng.IntN(4)), cost: float64(rng.IntN(3)), hourly: float64(rng.IntN(2)), idx: int32(i)}
			want = append(want, cd)
			h = append(h, cd)
			siftUp(h, len(h)-1)
		}
		slices.SortFunc(want, cand.compare)
		if heapSort(h); !slices.Equal(h, want) {
			t.Fatalf("%d candidates: heap sort gave %v, want %v", n, h, want)
		}
	}
}
