package advisor

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// hasRisk reports whether a recommendation lists the penalty code.
func hasRisk(r *model.Recommendation, code string) bool {
	return slices.ContainsFunc(r.Risk, func(k model.RiskPenalty) bool { return k.Code == code })
}

// TestFewerGPUsWinJob: a job on one GPU ranks before the same job on
// eight GPUs of the same kind at the same or a slightly lower price per
// GPU-hour (the GPU-hours are about the same), and the eight GPUs carry
// the GPU-count penalty of three doublings; they lead again only once
// they cost less by more than that penalty.
func TestFewerGPUsWinJob(t *testing.T) {
	a := answers(model.WorkloadQLoRA, "llama-3.1-8b", model.INT4, 2048, 1)
	a.DurationMode, a.JobTokens = model.DurationJob, 1e9
	one := testOffer("cloudA", "one", "H100 SXM5", 1, 2)
	if res := Recommend(catWith(one), a, Options{}); len(res.Recommendations) != 1 {
		t.Fatalf("one H100: %v (notes %v)", names(res), res.Notes)
	}
	for _, c := range []struct {
		share    float64 // the 8-GPU offer's price per GPU-hour as a share of the one's
		fewFirst bool
	}{{1.0, true}, {0.95, true}, {0.9, true}, {0.8, false}} {
		eight := testOffer("cloudA", "eight", "H100 SXM5", 8, 8*2*c.share)
		res := Recommend(catWith(one, eight), a, Options{})
		top := res.Recommendations[0]
		if (top.GPUsUsed == 1) != c.fewFirst {
			t.Errorf("8 GPUs at %.0f%% of the cost: #1 uses %d GPUs ($%.2f) of %v", 100*c.share, top.GPUsUsed, top.TotalUSD, names(res))
		}
		e := pick(res, "eight")
		if e == nil || e.GPUsUsed != 8 {
			t.Fatalf("the 8-GPU offer is not listed on its 8 GPUs: %v", names(res))
		}
		if !hasRisk(e, riskCodeGPUs) {
			t.Errorf("8 GPUs for a job without the GPU-count penalty: %+v", e.Risk)
		}
		for _, k := range e.Risk {
			if k.Code == riskCodeGPUs && k.Percent != stepRisk(3) {
				t.Errorf("8 GPUs: %s %d%%, want %d%%", k.Code, k.Percent, stepRisk(3))
			}
		}
	}
}

// TestUnknownSpeedAfterKnown: for every workload whose speed is
// estimated (an image service, a language model at the batch class, a
// rented training period, a job), an offer of unknown speed ranks after
// one whose known speed meets the class although it costs a third as
// much, and its speed is said to be unknown; with stated memory (no
// speed model) the cheaper offer leads.
func TestUnknownSpeedAfterKnown(t *testing.T) {
	mystery := testOffer("cloudB", "mystery", "Mystery X1", 1, 0.5)
	// An H100 makes a FLUX image in 12 s, within the interactive
	// class's 20 s.
	known := testOffer("cloudA", "known", "H100 SXM5", 1, 1.5)
	lora := answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
	loraJob := lora
	loraJob.DurationMode, loraJob.JobTokens = model.DurationJob, 1e8
	batch := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 4096, 1)
	batch.Latency = model.LatencyBatch
	for _, c := range []struct {
		name       string
		a          model.Answers
		knownFirst bool
	}{
		{"image service", answers(model.WorkloadInference, "flux.1-dev", model.BF16, 0, 1), true},
		{"language model, batch class", batch, true},
		{"rented LoRA period", lora, true},
		{"LoRA job", loraJob, true},
		{"stated memory", stated(20, nil), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.a.Normalize()
			res := Recommend(catWith(mystery, known), c.a, Options{})
			if got := names(res); len(got) != 2 || (got[0] == "known") != c.knownFirst {
				t.Fatalf("order %v, want known first: %v (notes %v)", got, c.knownFirst, res.Notes)
			}
			if m := pick(res, "mystery"); c.knownFirst && !m.Speed.Unknown {
				t.Errorf("the mystery GPU's speed is known: %+v", m.Speed)
			}
			if c.knownFirst && !hasNote(res, "speed is unknown") {
				t.Errorf("no note for the unknown speed: %v", res.Notes)
			}
		})
	}
}

// TestShardingKeepsMargin: of the sharding stages that hold a full
// fine-tune on the fewest nodes, the ranking runs the first (least
// communication) that keeps the headroom margin, not one that leaves the
// GPUs nearly full; each stage's headroom is what the ranking reports
// when that stage is asked for. The table holds at least one shape where
// the least-communication stage that fits does not keep the margin.
func TestShardingKeepsMargin(t *testing.T) {
	stages := []string{"none", "zero1", "zero2", "zero3"}
	tight := 0
	for _, preset := range []string{"llama-3.1-8b", "llama-2-13b", "llama-3.1-70b"} {
		for _, gpu := range []string{"A100-80GB SXM4", "H100 SXM5", "H200 SXM", "B200 (HGX, 1000 W)"} {
			for _, n := range []int{2, 4, 8} {
				cat := catWith(testOffer("cloudA", "node", gpu, n, float64(n)))
				a := answers(model.WorkloadFineTune, preset, model.BF16, 2048, 1)
				a.DurationMode, a.JobTokens = model.DurationJob, 1e8
				res := Recommend(cat, a, Options{})
				if len(res.Recommendations) == 0 {
					continue
				}
				auto := res.Recommendations[0]
				keeps := ""
				first := ""
				for _, z := range stages {
					b := a
					b.Sharding = z
					rs := Recommend(cat, b, Options{})
					// A stage that holds the run only with model parallelism
					// (a Megatron-style layout) is not the data-parallel
					// choice the automatic one makes for fine-tuning.
					if len(rs.Recommendations) == 0 || rs.Recommendations[0].Nodes != auto.Nodes ||
						rs.Recommendations[0].Layout == nil || rs.Recommendations[0].Layout.Launcher != model.LauncherFSDP {
						continue
					}
					if first == "" {
						first = z
					}
					if rs.Recommendations[0].Headroom >= defaultMargin && keeps == "" {
						keeps = z
					}
				}
				if keeps != "" && (auto.Sharding != keeps || auto.Headroom < defaultMargin) {
					t.Errorf("%s on %d×%s: %s at %.0f%% headroom; %s keeps the %.0f%% margin", preset, n, gpu, auto.Sharding, 100*auto.Headroom, keeps, 100*defaultMargin)
				}
				if keeps != "" && keeps != first {
					tight++
				}
			}
		}
	}
	if tight == 0 {
		t.Error("no shape of the table has a first fitting stage below the margin")
	}
}

// TestSpotOnlyRisk: an offer priced on spot alone, with no on-demand
// price to fall back on, carries the spot-only penalty for a rented
// period and for a job with a deadline, sized by the run's calendar
// length and the zone's interruption rate (the worst bucket when none is
// published), listed with its text in both languages; over a month it so
// ranks after a spot offer with an on-demand price that costs 10% more.
// A job without a deadline, or an offer with an on-demand price, carries
// none.
func TestSpotOnlyRisk(t *testing.T) {
	only := mod(testOffer("cloudB", "only", "H100 SXM5", 1, 0), func(o *model.Offer) { o.Spot = 1 })
	backed := mod(testOffer("cloudA", "backed", "H100 SXM5", 1, 3), func(o *model.Offer) { o.Spot = 1.1 })
	rated := mod(only, func(o *model.Offer) {
		o.InstanceType = "rated"
		o.EditDetail().Interruption = []model.RegionBucket{{Region: "us-east-1", Bucket: 0}}
	})
	month := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 4096, 1)
	month.Interruptible = true
	job := answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
	job.Interruptible, job.DurationMode, job.JobTokens = true, model.DurationJob, 1e9
	deadline := job
	deadline.DeadlineHours = 48
	for _, c := range []struct {
		name     string
		a        model.Answers
		risky    bool
		backedUp bool // the offer with an on-demand price ranks before the one without a rate
	}{
		{"rented month", month, true, true},
		{"job with a deadline", deadline, true, false},
		{"job without a deadline", job, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.a.Normalize()
			for _, lang := range []string{"", "zh"} {
				res := Recommend(catWith(only, backed, rated), c.a, Options{Lang: lang})
				o, r, b := pick(res, "only"), pick(res, "rated"), pick(res, "backed")
				if o == nil || r == nil || b == nil || o.PriceModel != model.PriceSpot || r.PriceModel != model.PriceSpot {
					t.Fatalf("%v: the spot-only offers are not listed on spot (notes %v)", names(res), res.Notes)
				}
				if hasRisk(b, riskCodeSpotOnly) {
					t.Errorf("an offer with an on-demand price carries the penalty: %+v", b.Risk)
				}
				if hasRisk(o, riskCodeSpotOnly) != c.risky || hasRisk(r, riskCodeSpotOnly) != c.risky {
					t.Fatalf("spot-only penalty listed %v, want %v: %+v, %+v", !c.risky, c.risky, o.Risk, r.Risk)
				}
				if got := names(res); (slices.Index(got, "backed") < slices.Index(got, "only")) != c.backedUp {
					t.Errorf("order %v", got)
				}
				if !c.risky {
					continue
				}
				for _, x := range []struct {
					rec *model.Recommendation
					bkt int8
				}{{o, -1}, {r, 0}} {
					for _, k := range x.rec.Risk {
						if k.Code != riskCodeSpotOnly {
							continue
						}
						if want := spotOnlyPct(x.rec.CalendarHours, x.bkt); k.Percent != want || want <= 0 {
							t.Errorf("%s: %d%% over %.0f h, want %d%%", x.rec.InstanceType, k.Percent, x.rec.CalendarHours, want)
						}
						if !strings.Contains(k.Text, strconv.Itoa(k.Percent)) || lang == "zh" && !strings.Contains(k.Text, "按需") || lang == "" && !strings.Contains(k.Text, "on-demand") {
							t.Errorf("%s text %q", lang, k.Text)
						}
					}
				}
			}
		})
	}
	// The size grows with the time the capacity has to stay and with the
	// interruption rate: a month's rental at the worst bucket, half the
	// run left and on-demand at five times spot is 0.25 x 0.5 x 4 = +50%.
	if m, d, low := spotOnlyPct(model.HoursPerMonth, -1), spotOnlyPct(48, -1), spotOnlyPct(model.HoursPerMonth, 0); m != 50 || d >= m || d <= 0 || low >= m || low <= 0 {
		t.Errorf("a month %d%% (%d%% in the lowest bucket), two days %d%%", m, low, d)
	}
}

// TestWhyFirstNamesTheDecider ranks pairs of offers built to differ in
// one thing and checks that "why #1" names that thing, and only what the
// pair does not share: the budget, a speed unknown, a shortfall, the cost,
// a risk penalty (at the same cost or outweighing a higher cost), a true
// tie, and with a deadline the sooner run at a near-equal cost.
func TestWhyFirstNamesTheDecider(t *testing.T) {
	serve := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 8192, 1)
	base := testOffer("cloudA", "a", "H100 SXM5", 1, 2)
	other := func(f func(o *model.Offer)) model.Offer {
		o := base
		o.InstanceType = "b"
		f(&o)
		return o
	}
	shared := func(o *model.Offer) { o.VCPUType = model.VCPUShared }
	budget := serve
	budget.Budget = model.Budget{Amount: 2.5, Period: model.BudgetHourly, Currency: model.USD}
	tight := stated(21, nil)
	a6000 := testOffer("cloudA", "a", "A100-80GB SXM4", 1, 2)
	en := langEN
	for _, c := range []struct {
		name string
		a    model.Answers
		x, y model.Offer
		want func(b *model.Recommendation, ra, rb *model.Recommendation) string
	}{
		{"cheaper", serve, base, other(func(o *model.Offer) { o.OnDemand = 3 }),
			func(*model.Recommendation, *model.Recommendation, *model.Recommendation) string {
				return "33% cheaper than #2 (1× H100 SXM5)"
			}},
		{"budget", budget, base, other(func(o *model.Offer) { o.OnDemand = 3 }),
			func(*model.Recommendation, *model.Recommendation, *model.Recommendation) string {
				return "#2 (1× H100 SXM5) is over the budget"
			}},
		{"speed unknown", serve, base, other(func(o *model.Offer) { o.GPU, o.VRAMGiB, o.OnDemand = "Mystery X1", 48, 1 }),
			func(*model.Recommendation, *model.Recommendation, *model.Recommendation) string {
				return en.f(kWhySpeedUnknown, 1, "Mystery X1")
			}},
		{"shortfall", tight, a6000, other(func(o *model.Offer) { o.GPU, o.VRAMGiB, o.OnDemand = "L4", 24, 1 }),
			func(*model.Recommendation, *model.Recommendation, *model.Recommendation) string {
				return "#2 (1× L4) falls short of the job as asked: " + model.ShortHeadroom
			}},
		{"risk at the same cost", serve, base, other(shared),
			func(*model.Recommendation, *model.Recommendation, *model.Recommendation) string {
				return "the same all-in cost as #2 (1× H100 SXM5), and less risk (#2 has shared-vcpu +5%)"
			}},
		{"risk outweighs a higher cost", serve, mod(base, func(o *model.Offer) { o.OnDemand = 2.06 }), other(shared),
			func(_ *model.Recommendation, ra, rb *model.Recommendation) string {
				return en.f(kWhyRisk, pct(ra.TotalUSD/rb.TotalUSD-1), 1, "H100 SXM5", pct(1-ra.RankCost()/rb.RankCost()), "#2 has shared-vcpu +5%")
			}},
		{"a tie", serve, base, other(func(*model.Offer) {}),
			func(*model.Recommendation, *model.Recommendation, *model.Recommendation) string {
				return "the same all-in cost, risk and hourly rate as #2 (1× H100 SXM5): a tie, listed in the catalog's order"
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.a.Normalize()
			res := Recommend(catWith(c.x, c.y), c.a, Options{})
			if got := names(res); len(got) != 2 || got[0] != "a" {
				t.Fatalf("order %v (notes %v)", got, res.Notes)
			}
			ra, rb := &res.Recommendations[0], &res.Recommendations[1]
			if want := c.want(rb, ra, rb); len(res.WhyFirst) == 0 || res.WhyFirst[0] != want {
				t.Errorf("why first %q, want %q", res.WhyFirst, want)
			}
			for _, line := range res.WhyFirst {
				if strings.Contains(line, "+0%") || ra.RiskPercent == rb.RiskPercent && strings.Contains(line, "less risk") {
					t.Errorf("a risk difference that is not one: %q", line)
				}
			}
			zh := Recommend(catWith(c.x, c.y), c.a, Options{Lang: "zh"})
			if len(zh.WhyFirst) == 0 || !hasHan(zh.WhyFirst[0]) || strings.Contains(zh.WhyFirst[0], "cheaper") {
				t.Errorf("Chinese why first %q", zh.WhyFirst)
			}
		})
	}
}

// TestWhyFirstSooner: with a deadline, a run that finishes sooner at a
// cost within 5% of the cheaper one (shortFirst) is said to lead for
// that, not for being cheaper.
func TestWhyFirstSooner(t *testing.T) {
	a := train(model.WorkloadFineTune, "llama-3.1-8b", func(a *model.Answers) {
		a.DurationMode, a.JobTokens, a.DeadlineHours = model.DurationJob, 2e9, 30*24
	})()
	h100 := clustered(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 20))
	b200 := clustered(testOffer("cloudA", "b200x8", "B200 (HGX, 1000 W)", 8, 40))
	probe := Recommend(catWith(h100, b200), a, Options{})
	h, b := pick(probe, "h100x8"), pick(probe, "b200x8")
	if h == nil || b == nil {
		t.Fatalf("both not listed: %v", names(probe))
	}
	b200.OnDemand *= 1.03 * h.TotalUSD / b.TotalUSD
	res := Recommend(catWith(h100, b200), a, Options{})
	r0, r1 := &res.Recommendations[0], &res.Recommendations[1]
	if r0.InstanceType != "b200x8" || r0.RankCost() <= r1.RankCost() {
		t.Fatalf("order %v at $%.0f and $%.0f", names(res), r0.RankCost(), r1.RankCost())
	}
	want := langEN.f(kWhySooner, 8, "H100 SXM5", langEN.shortDuration(r0.CalendarHours), langEN.shortDuration(r1.CalendarHours), 5)
	if len(res.WhyFirst) == 0 || res.WhyFirst[0] != want {
		t.Errorf("why first %q, want %q", res.WhyFirst, want)
	}
}

// TestWhyDecidedKeys checks the lines of the ranking keys no pair of test
// offers reaches alone: a storage or egress price unknown, and the ties
// broken by the cost before the penalties and by the hourly rate.
func TestWhyDecidedKeys(t *testing.T) {
	c := explainer{&call{l: langEN, price: pricer{disp: model.USD, usdDisp: 1}, p: &plan{}}}
	ra := model.Recommendation{GPU: "L4", GPUCount: 1}
	rb := model.Recommendation{GPU: "H100 SXM5", GPUCount: 2}
	for _, tc := range []struct {
		name   string
		ca, cb cand
		want   string
	}{
		{"hidden cost unknown", cand{key: packKey(0, 0, 0, 0), cost: 10, rank: 10}, cand{key: packKey(0, 0, 0, 1), cost: 5, rank: 5},
			langEN.f(kWhyHiddenUnknown, 2, "H100 SXM5")},
		{"tie on rank, cheaper before the penalties", cand{cost: 10, rank: 11}, cand{cost: 10.5, rank: 11},
			"the same cost with the risk penalties as #2 (2× H100 SXM5), and cheaper before them: $10.00 against $10.50"},
		{"tie on cost, lower hourly rate", cand{cost: 10, rank: 10, hourly: 1}, cand{cost: 10, rank: 10, hourly: 2},
			"the same all-in cost and risk as #2 (2× H100 SXM5), at a lower hourly rate: $1.00 against $2.00"},
	} {
		if got := c.whyDecided(&ra, &rb, tc.ca, tc.cb); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
