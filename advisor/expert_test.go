package advisor_test

import (
	"slices"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// expertCase is a scenario of issue 10 with a property the top pick (or
// every pick) must have for an ML infrastructure engineer to sign it. No
// case names a provider: the properties are facts of the offers.
type expertCase struct {
	name  string
	setup func(cat *model.Catalog, a *model.Answers)
	check func(t *testing.T, cat *model.Catalog, res *model.Result)
}

// cnyProviders are the providers that price in yuan (the Chinese clouds).
func cnyProviders(cat *model.Catalog) []string {
	var out []string
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.Currency == model.CNY && !slices.Contains(out, o.Provider) {
			out = append(out, o.Provider)
		}
	}
	return out
}

// legacyArch are the architectures below vLLM's compute capability 7.5.
var legacyArch = []string{"Kepler", "Maxwell", "Pascal", "Volta"}

// idles reports whether a pick pays for GPUs it does not use.
func idles(r *model.Recommendation) bool { return r.GPUsUsed < r.GPUCount*r.Nodes }

func expertCases() []expertCase {
	return []expertCase{
		{"FP8 Llama-3.1-70B within $5/h: FP8 tensor cores",
			func(_ *model.Catalog, a *model.Answers) {
				a.Model, a.Precision = "llama-3.1-70b", model.FP8
				a.Budget = model.Budget{Amount: 5, Period: model.BudgetHourly, Currency: model.USD}
			},
			func(t *testing.T, cat *model.Catalog, res *model.Result) {
				top := &res.Recommendations[0]
				if g := cat.GPUOf(top.Offer); g == nil || g.FP8 != model.Yes || len(top.Shortfalls) > 0 {
					t.Errorf("top pick %d×%s has no FP8 support (shortfalls %v)", top.GPUCount, top.GPU, top.Shortfalls)
				}
			}},
		{"Qwen2.5-7B BF16 on the Chinese clouds: margin kept, no legacy GPU",
			func(cat *model.Catalog, a *model.Answers) {
				a.Model, a.Currency, a.Providers = "qwen2.5-7b", model.CNY, cnyProviders(cat)
			},
			func(t *testing.T, cat *model.Catalog, res *model.Result) {
				top := &res.Recommendations[0]
				if top.Headroom < 0.10 {
					t.Errorf("top pick %s at %.1f%% headroom", top.GPU, 100*top.Headroom)
				}
				if g := cat.GPUOf(top.Offer); g != nil && slices.Contains(legacyArch, g.Architecture) {
					t.Errorf("top pick %s is a legacy %s GPU", top.GPU, g.Architecture)
				}
			}},
		{"default 8B for one user: no PCIe split on a marketplace host",
			func(_ *model.Catalog, _ *model.Answers) {},
			func(t *testing.T, _ *model.Catalog, res *model.Result) {
				top := &res.Recommendations[0]
				if top.GPUsUsed > 1 && !slices.Contains([]string{"nvlink", "nvswitch"}, top.Interconnect) && top.Hosting == model.HostingMarketplace {
					t.Errorf("top pick splits the model over %d×%s (%s) on a marketplace host", top.GPUsUsed, top.GPU, top.Interconnect)
				}
				for i := range res.Recommendations {
					r := &res.Recommendations[i]
					if r.GPUsUsed == 1 && r.RankCost() <= top.RankCost()*1.05 && top.GPUsUsed > 1 {
						t.Errorf("one %s is within 5%% of the top pick's %d GPUs", r.GPU, top.GPUsUsed)
					}
				}
			}},
		{"default BF16 8B: the first picks run BF16 (no card that falls back to FP16)",
			func(_ *model.Catalog, a *model.Answers) {},
			func(t *testing.T, cat *model.Catalog, res *model.Result) {
				for i := range min(3, len(res.Recommendations)) {
					r := &res.Recommendations[i]
					if g := cat.GPUOf(r.Offer); g == nil || g.BF16 != model.Yes || slices.Contains(r.Shortfalls, model.ShortBF16AsFP16) {
						t.Errorf("pick %d: %d×%s does not run BF16 (shortfalls %v)", i+1, r.GPUCount, r.GPU, r.Shortfalls)
					}
				}
			}},
		{"Qwen2.5-7B BF16 on a T4 only: ranked, flagged as FP16",
			func(_ *model.Catalog, a *model.Answers) { a.Model, a.GPU = "qwen2.5-7b", "T4" },
			func(t *testing.T, cat *model.Catalog, res *model.Result) {
				top := &res.Recommendations[0]
				if !slices.Contains(top.Shortfalls, model.ShortBF16AsFP16) {
					t.Errorf("a T4 for BF16 is not flagged: shortfalls %v", top.Shortfalls)
				}
			}},
		{"DeepSeek-V3 FP8: no idle GPUs, margin kept",
			func(_ *model.Catalog, a *model.Answers) { a.Model, a.Precision = "deepseek-v3", model.FP8 },
			func(t *testing.T, _ *model.Catalog, res *model.Result) {
				for i := range res.Recommendations {
					if r := &res.Recommendations[i]; idles(r) {
						t.Errorf("#%d %d×%s uses %d GPUs of %d", i+1, r.GPUCount, r.GPU, r.GPUsUsed, r.GPUCount*r.Nodes)
					}
				}
				if top := &res.Recommendations[0]; top.Headroom < 0.10 {
					t.Errorf("top pick at %.1f%% headroom", 100*top.Headroom)
				}
			}},
		{"--interconnect nvlink: every pick on NVLink or NVSwitch",
			func(_ *model.Catalog, a *model.Answers) {
				a.Workload, a.Model, a.ParamsB, a.GPUs = model.WorkloadFineTune, "", 13, 8
				a.Latency, a.DurationHours, a.Interconnect = model.LatencyBatch, 2*model.HoursPerWeekFull, model.ReqNVLink
			},
			func(t *testing.T, _ *model.Catalog, res *model.Result) {
				for i := range res.Recommendations {
					if r := &res.Recommendations[i]; r.Interconnect != "nvlink" && r.Interconnect != "nvswitch" {
						t.Errorf("#%d %s has interconnect %q", i+1, r.GPU, r.Interconnect)
					}
				}
			}},
		{"--hosting datacenter --vcpu dedicated: no marketplace, no shared CPUs",
			func(_ *model.Catalog, a *model.Answers) { a.Hosting, a.VCPU = model.ReqDatacenter, model.ReqDedicated },
			func(t *testing.T, _ *model.Catalog, res *model.Result) {
				for i := range res.Recommendations {
					if r := &res.Recommendations[i]; r.Hosting != model.HostingDatacenter || r.VCPUType != "dedicated" {
						t.Errorf("#%d %s: hosting %s, vCPUs %s", i+1, r.GPU, r.Hosting, r.VCPUType)
					}
				}
			}},
		{"--headroom 30: the top pick keeps 30%",
			func(_ *model.Catalog, a *model.Answers) { a.Model, a.HeadroomPct = "llama-3.1-70b", 30 },
			func(t *testing.T, _ *model.Catalog, res *model.Result) {
				if top := &res.Recommendations[0]; top.Headroom < 0.30 {
					t.Errorf("top pick at %.1f%% headroom", 100*top.Headroom)
				}
			}},
	}
}

// TestExpertCases ranks the scenarios of issue 10 over the embedded
// catalog and checks what an expert would check of the picks.
func TestExpertCases(t *testing.T) {
	cat := embedded(t)
	for _, tc := range expertCases() {
		t.Run(tc.name, func(t *testing.T) {
			a := model.DefaultAnswers()
			tc.setup(cat, &a)
			a.Normalize()
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
			res := advisor.Recommend(cat, a, advisor.Options{Top: 5})
			if len(res.Recommendations) == 0 {
				t.Fatalf("no recommendation; notes %v", res.Notes)
			}
			tc.check(t, cat, &res)
		})
	}
}
