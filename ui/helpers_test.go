package ui

import (
	"fmt"
	"math"
	"sort"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// fixedNow is the clock of every test, so frames and records are stable.
var fixedNow = time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC)

// testCatalog is a small synthetic catalog: a few providers, GPUs and
// presets, with prices made up for tests (not facts).
func testCatalog() *model.Catalog {
	gpus := map[string]model.GPU{
		"H100 SXM5":   {Name: "H100 SXM5", VRAMGiB: 80, MemBandwidthGBs: 3350, BF16TFLOPS: 989, NVLink: model.Yes},
		"A100-80GB":   {Name: "A100-80GB", VRAMGiB: 80, MemBandwidthGBs: 2039, BF16TFLOPS: 312, NVLink: model.Yes},
		"L4":          {Name: "L4", VRAMGiB: 24, MemBandwidthGBs: 300, BF16TFLOPS: 121, NVLink: model.No},
		"RTX 4090":    {Name: "RTX 4090", VRAMGiB: 24, MemBandwidthGBs: 1008, BF16TFLOPS: 165, NVLink: model.No},
		"A10G":        {Name: "A10G", VRAMGiB: 24, MemBandwidthGBs: 600, BF16TFLOPS: 70, NVLink: model.No},
		"RTX A6000":   {Name: "RTX A6000", VRAMGiB: 48, MemBandwidthGBs: 768, BF16TFLOPS: 155, NVLink: model.Yes},
		"H800":        {Name: "H800", VRAMGiB: 80, MemBandwidthGBs: 3350, BF16TFLOPS: 989, NVLink: model.Yes},
		"MI300X":      {Name: "MI300X", VRAMGiB: 192},
		"T4":          {Name: "T4", VRAMGiB: 16, MemBandwidthGBs: 320, BF16TFLOPS: 65, NVLink: model.No},
		"V100-32GB":   {Name: "V100-32GB", VRAMGiB: 32, MemBandwidthGBs: 900, BF16TFLOPS: 125, NVLink: model.Yes},
		"L40S":        {Name: "L40S", VRAMGiB: 48, MemBandwidthGBs: 864, BF16TFLOPS: 362, NVLink: model.No},
		"RTX 6000Ada": {Name: "RTX 6000Ada", VRAMGiB: 48, MemBandwidthGBs: 960, BF16TFLOPS: 364, NVLink: model.No},
	}
	o := func(p, it, g string, n int, vram, od, spot float64, ic model.Interconnect, regions ...string) model.Offer {
		cur := model.USD
		if p == "aliyun" {
			cur = model.CNY
		}
		return model.Offer{Provider: p, InstanceType: it, GPU: g, GPUCount: n, VRAMGiB: vram, OnDemand: od, Spot: spot,
			Currency: cur, Interconnect: ic, Regions: regions, VCPUs: float64(12 * n), Sources: []string{"test"}}
	}
	offers := []model.Offer{
		o("aws", "p5.48xlarge", "H100 SXM5", 8, 80, 98.32, 39.5, model.InterconnectNVSwitch, "us-east-1", "us-west-2"),
		o("aws", "p4de.24xlarge", "A100-80GB", 8, 80, 40.96, 16.1, model.InterconnectNVSwitch, "us-east-1"),
		o("aws", "g6.xlarge", "L4", 1, 24, 0.805, 0.32, model.InterconnectSingle, "us-east-1", "eu-west-1"),
		o("aws", "g5.xlarge", "A10G", 1, 24, 1.006, 0.41, model.InterconnectSingle, "us-east-1"),
		o("aws", "g5.12xlarge", "A10G", 4, 24, 5.672, 2.1, model.InterconnectPCIe, "us-east-1"),
		o("gcp", "a3-highgpu-8g", "H100 SXM5", 8, 80, 88.25, 26.4, model.InterconnectNVSwitch, "us-central1"),
		o("gcp", "a2-ultragpu-1g", "A100-80GB", 1, 80, 5.07, 1.6, model.InterconnectSingle, "us-central1"),
		o("gcp", "g2-standard-4", "L4", 1, 24, 0.71, 0.22, model.InterconnectSingle, "us-central1", "europe-west4"),
		o("azure", "NC24ads_A100_v4", "A100-80GB", 1, 80, 3.67, 0.95, model.InterconnectSingle, "eastus"),
		o("azure", "NC4as_T4_v3", "T4", 1, 16, 0.526, 0.11, model.InterconnectSingle, "eastus"),
		o("lambda", "gpu_1x_h100_sxm5", "H100 SXM5", 1, 80, 3.29, 0, model.InterconnectSingle, "us-east-1"),
		o("lambda", "gpu_8x_a100_80gb", "A100-80GB", 8, 80, 14.32, 0, model.InterconnectNVSwitch, "us-east-1"),
		o("lambda", "gpu_1x_a6000", "RTX A6000", 1, 48, 0.80, 0, model.InterconnectSingle, "us-east-1"),
		o("runpod", "1x RTX 4090", "RTX 4090", 1, 24, 0.69, 0.34, model.InterconnectSingle, "CA-MTL-1"),
		o("runpod", "2x RTX 4090", "RTX 4090", 2, 24, 1.38, 0.68, model.InterconnectPCIe, "CA-MTL-1"),
		o("runpod", "1x MI300X", "MI300X", 1, 192, 2.49, 0, model.InterconnectSingle, "US-TX-3"),
		o("vast", "4x RTX 4090", "RTX 4090", 4, 24, 1.60, 0.90, model.InterconnectPCIe, "global"),
		o("vast", "1x L40S", "L40S", 1, 48, 0.74, 0, model.InterconnectSingle, "global"),
		o("nebius", "gpu-h100-sxm 1gpu", "H100 SXM5", 1, 80, 2.95, 0, model.InterconnectSingle, "eu-north1"),
		o("oci", "BM.GPU.A100-v2.8", "A100-80GB", 8, 80, 32.0, 0, model.InterconnectNVSwitch, "us-ashburn-1"),
		o("aliyun", "ecs.gn8v-8x.48xlarge", "H800", 8, 80, 0, 0, model.InterconnectNVSwitch, "cn-beijing"),
		o("aliyun", "ecs.gn7i-c8g1.2xlarge", "A10G", 1, 24, 8.5, 2.4, model.InterconnectSingle, "cn-hangzhou"),
		o("azure", "NC40ads_H100_v5", "H100 SXM5", 1, 94, 6.98, 2.1, model.InterconnectSingle, "eastus"),
		o("gcp", "a2-highgpu-1g", "V100-32GB", 1, 32, 2.48, 0.74, model.InterconnectSingle, "us-central1"),
	}
	presets := []model.ModelPreset{
		{Name: "llama-3.1-8b", HFID: "meta-llama/Llama-3.1-8B", Family: "llama", ParamsB: 8.03, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, MaxContext: 131072, Attention: "gqa"},
		{Name: "llama-3.1-70b", HFID: "meta-llama/Llama-3.1-70B", Family: "llama", ParamsB: 70.6, Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, HeadDim: 128, MaxContext: 131072, Attention: "gqa"},
		{Name: "llama-3.1-405b", HFID: "meta-llama/Llama-3.1-405B", Family: "llama", ParamsB: 405.9, Layers: 126, Hidden: 16384, Heads: 128, KVHeads: 8, HeadDim: 128, MaxContext: 131072, Attention: "gqa"},
		{Name: "qwen2.5-7b", HFID: "Qwen/Qwen2.5-7B", Family: "qwen", ParamsB: 7.6, Layers: 28, Hidden: 3584, Heads: 28, KVHeads: 4, HeadDim: 128, MaxContext: 131072, Attention: "gqa"},
		{Name: "qwen2.5-72b", HFID: "Qwen/Qwen2.5-72B", Family: "qwen", ParamsB: 72.7, Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, HeadDim: 128, MaxContext: 131072, Attention: "gqa"},
		{Name: "mistral-7b", HFID: "mistralai/Mistral-7B-v0.3", Family: "mistral", ParamsB: 7.25, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, MaxContext: 32768, Attention: "gqa"},
		{Name: "mixtral-8x7b", HFID: "mistralai/Mixtral-8x7B-v0.1", Family: "mistral", ParamsB: 46.7, ActiveB: 12.9, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, MaxContext: 32768, Attention: "gqa", Experts: 8, ExpertsUsed: 2},
		{Name: "deepseek-v3", HFID: "deepseek-ai/DeepSeek-V3", Family: "deepseek", ParamsB: 671, ActiveB: 37, Layers: 61, Hidden: 7168, MaxContext: 131072, Attention: "mla", Experts: 256, ExpertsUsed: 8},
	}
	return &model.Catalog{
		Info:   model.CatalogInfo{Origin: "embedded", SnapshotDate: "2026-01-15"},
		Offers: offers,
		GPUs:   gpus,
		Policies: map[string]model.Policy{
			"aws":    {Provider: "aws", Name: "AWS", EgressKnown: true, EgressFreeGBMonth: 100, BlockStorageGBMonth: 0.08},
			"gcp":    {Provider: "gcp", Name: "GCP", EgressKnown: true, EgressFreeGBMonth: 100, BlockStorageGBMonth: 0.08},
			"azure":  {Provider: "azure", Name: "Azure", EgressKnown: true, EgressFreeGBMonth: 100, BlockStorageGBMonth: 0.08},
			"lambda": {Provider: "lambda"}, "runpod": {Provider: "runpod"}, "vast": {Provider: "vast"}, "nebius": {Provider: "nebius"},
			"oci": {Provider: "oci"}, "aliyun": {Provider: "aliyun", Currency: model.CNY},
		},
		Models: presets,
		FX:     []model.FXRate{{From: model.USD, To: model.CNY, Rate: 7.2, Date: "2026-01-15", Source: "test"}},
	}
}

// fakeRank is a deterministic stand-in for the advisor, so that frames do
// not change when the advisor's estimates do. It fills every part of a
// recommendation the panel shows: price models with break-even, hidden
// costs, warnings with detail and source, and speed.
func fakeRank(cat *model.Catalog, a model.Answers, opt advisor.Options) model.Result {
	a.Normalize()
	req, weights := fakeRequirement(cat, &a)
	need := req.Breakdown.Total()
	res := model.Result{Catalog: cat.Info, Currency: a.Currency, Requirement: req}
	hours := a.GPUHours()
	cal := a.DurationHours
	if a.DurationMode == model.DurationJob {
		hours, cal = 100, 100
	}
	// Stored data: the answer, or for training one checkpoint.
	storedGB := a.DataGB
	if storedGB == 0 && a.Workload.Training() {
		storedGB = math.Round(weights * 6)
	}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		res.Considered++
		if o.TotalVRAMGiB() < need || o.OnDemand <= 0 {
			continue
		}
		if a.GPU != "" && !matchGPU(a.GPU, o.GPU) || a.GPUs > 0 && o.GPUCount != a.GPUs {
			continue
		}
		if len(a.Providers) > 0 && !containsStr(a.Providers, o.Provider) {
			continue
		}
		res.Recommendations = append(res.Recommendations, fakeRecommendation(cat, o, &a, need, req.ParamsB, hours, cal, storedGB))
	}
	res.Matched = len(res.Recommendations)
	fakeBudget(&res, &a)
	// The advisor ranks by the all-in cost (GPUs, storage and egress),
	// within the budget first, a total with an unknown part after the
	// known ones.
	sort.SliceStable(res.Recommendations, func(i, j int) bool {
		ri, rj := &res.Recommendations[i], &res.Recommendations[j]
		if ri.WithinBudget != rj.WithinBudget {
			return ri.WithinBudget
		}
		if pi, pj := ri.HiddenCosts.Partial(), rj.HiddenCosts.Partial(); pi != pj {
			return !pi
		}
		return ri.Total < rj.Total
	})
	res.Listed = len(res.Recommendations)
	if opt.Top > 0 && len(res.Recommendations) > opt.Top {
		res.Recommendations = res.Recommendations[:opt.Top]
	}
	if len(res.Recommendations) == 0 {
		res.Notes = []string{"no offer has enough GPU memory"}
	}
	return res
}

// fakeRequirement is the fake ranker's memory need: weights, KV cache or
// training state, and overhead; and the weights' size.
func fakeRequirement(cat *model.Catalog, a *model.Answers) (model.Requirement, float64) {
	params := a.ParamsB
	var shipped model.Precision
	if a.Model != "" {
		if p, err := model.FindPreset(cat.Models, a.Model); err == nil {
			params, shipped = p.ParamsB, p.CheckpointPrecision
		}
	}
	prec := a.Precision.Resolve(shipped)
	weights := params * prec.BytesPerParam() * 0.931
	ctx := a.Context
	if ctx == 0 {
		// No context given: the advisor's defaults (serving 8k, training 2k).
		ctx = 8192
		if a.Workload.Training() {
			ctx = 2048
		}
	}
	kv := float64(ctx) * float64(a.Batch) / 8192 * 1.0
	over := 2.0
	b := model.Breakdown{WeightsGiB: weights, KVCacheGiB: kv, OverheadGiB: over}
	if a.Workload.Training() {
		b.GradientsGiB = weights
		b.OptimizerGiB = weights * 4
		b.ActivationsGiB = kv * 2
		b.KVCacheGiB = 0
	}
	if a.Workload == model.WorkloadVRAM {
		b = model.Breakdown{WeightsGiB: a.KnownVRAMGiB}
	}
	need := b.Total()
	return model.Requirement{
		VRAMGiB: math.Round(need*10) / 10, Breakdown: b, ParamsB: params, Precision: prec, MinGPUs: int(math.Ceil(need / 80)),
		Context: ctx, ContextDefault: a.Context == 0,
		Assumptions: []string{"weights stored in " + string(prec), "2 GiB for the CUDA context and the serving engine"},
	}, weights
}

// fakeRecommendation prices an offer that fits: its price models (the
// cheapest eligible chosen), hidden costs, warnings and speed.
func fakeRecommendation(cat *model.Catalog, o *model.Offer, a *model.Answers, need, params, hours, cal, storedGB float64) model.Recommendation {
	usd, _ := cat.Convert(o.OnDemand, o.Currency, model.USD)
	q := fakeQuotes(cat, o, a, usd, hours, cal)
	best := q[0]
	for _, x := range q {
		if x.Eligible && x.Total < best.Total {
			best = x
		}
	}
	region := ""
	if len(o.Regions) == 1 {
		region = o.Regions[0]
	}
	hc := fakeHiddenCosts(cat.Policies[o.Provider], a, storedGB, cal)
	r := model.Recommendation{Offer: o, Provider: o.Provider, InstanceType: o.InstanceType, Region: region, GPU: o.GPU,
		GPUCount: o.GPUCount, Nodes: 1, VRAMGiB: o.TotalVRAMGiB(), NeedPerGPUGiB: need / float64(o.GPUCount),
		Headroom: (o.TotalVRAMGiB() - need) / o.TotalVRAMGiB(), PriceModel: best.Name, Hourly: best.Hourly, GPUTotal: best.Total,
		HourlyUSD: usd, GPUTotalUSD: usd * hours, Currency: o.Currency, WithinBudget: true, PriceModels: q, RunHours: hours,
		CalendarHours: cal, HiddenCosts: hc,
		Speed: model.Speed{DecodeTokensPerSec: math.Round(3000 / math.Max(params, 1)), MeetsLatency: true},
	}
	if a.DurationMode == model.DurationJob {
		r.Speed.JobHours = hours
	}
	// The risks the default order prices in (made up for tests): a
	// marketplace host, GPUs over PCIe; the fake order ignores them.
	if o.Provider == "vast" || o.Provider == "runpod" {
		r.Risk = append(r.Risk, model.RiskPenalty{Code: "marketplace-host", Percent: 15, Text: "+15%: a marketplace host"})
	}
	if o.Interconnect == model.InterconnectPCIe {
		r.Risk = append(r.Risk, model.RiskPenalty{Code: "tp-over-pcie", Percent: 10, Text: "+10%: GPUs split the model over PCIe"})
	}
	for _, k := range r.Risk {
		r.RiskPercent += k.Percent
	}
	r.Total = model.AllIn(r.GPUTotal, hc.Storage, hc.Egress)
	r.TotalUSD = model.AllIn(r.GPUTotalUSD, hc.StorageUSD, hc.EgressUSD)
	r.AllIn, r.AllInUSD = r.Total, r.TotalUSD
	r.Warnings = fakeWarnings(o, r.Headroom)
	return r
}

// fakeQuotes are an offer's price models: on demand, spot (eligible for an
// interruptible job) and made-up commitments for a few providers.
func fakeQuotes(cat *model.Catalog, o *model.Offer, a *model.Answers, usd, hours, cal float64) []model.PriceQuote {
	disp, _ := cat.Convert(usd, model.USD, a.Currency)
	spot, _ := cat.Convert(o.Spot, o.Currency, a.Currency)
	q := []model.PriceQuote{{Name: model.PriceOnDemand, Hourly: disp, Total: disp * hours, HourlyUSD: usd, TotalUSD: usd * hours,
		BilledHours: hours, CalendarHours: cal, Eligible: true}}
	if o.Spot > 0 {
		q = append(q, model.PriceQuote{Name: model.PriceSpot, Hourly: spot, Total: spot * hours * 1.1, BilledHours: hours * 1.1,
			CalendarHours: cal, Note: "10% re-run", Eligible: a.Interruptible})
	}
	// Commitments pay every hour of their whole term.
	term := func(pm model.PriceModel, rate, years, breakEven float64, upTo bool) model.PriceQuote {
		t := math.Max(years*8766, math.Ceil(cal/(years*8766))*years*8766)
		return model.PriceQuote{Name: pm, Hourly: rate, Total: rate * t, BilledHours: t, CalendarHours: t,
			BreakEvenHoursPerWeek: breakEven, Estimate: true, UpTo: upTo, Eligible: !upTo}
	}
	if o.Provider == "aws" || o.Provider == "gcp" || o.Provider == "azure" {
		q = append(q, term(model.PriceReserved1, disp*0.6, 1, 101, false), term(model.PriceReserved3, disp*0.4, 3, 67, false))
	}
	if o.Provider == "runpod" {
		q = append(q, term(model.PriceReserved3, disp*0.5, 3, 84, true))
	}
	return q
}

// fakeHiddenCosts are the storage and egress of the run under a
// provider's policy, unknown where it gives no price.
func fakeHiddenCosts(pol model.Policy, a *model.Answers, storedGB, cal float64) model.HiddenCosts {
	hc := model.HiddenCosts{}
	if storedGB > 0 {
		if pol.BlockStorageGBMonth > 0 {
			hc.Storage = storedGB * pol.BlockStorageGBMonth * cal / model.HoursPerMonth
			hc.Notes = append(hc.Notes, fmt.Sprintf("%.0f GB of block storage at %g per GB-month", storedGB, pol.BlockStorageGBMonth))
		} else {
			hc.StorageUnknown = true
			hc.Notes = append(hc.Notes, fmt.Sprintf("%.0f GB of storage: the provider's storage price is unknown", storedGB))
		}
		hc.Notes = append(hc.Notes, "block storage billed while stopped")
	}
	if a.EgressGB > 0 {
		if pol.EgressKnown {
			hc.Egress = math.Max(a.EgressGB-pol.EgressFreeGBMonth, 0) * 0.09
			hc.Notes = append(hc.Notes, fmt.Sprintf("%.0f GB of egress, %.0f GB a month free", a.EgressGB, pol.EgressFreeGBMonth))
		} else {
			hc.EgressUnknown = true
			hc.Notes = append(hc.Notes, fmt.Sprintf("%.0f GB of egress: the provider's egress price is unknown", a.EgressGB))
		}
	}
	hc.StorageUSD, hc.EgressUSD = hc.Storage, hc.Egress
	return hc
}

// fakeWarnings are an offer's warnings: PCIe only, tight memory, a
// marketplace host.
func fakeWarnings(o *model.Offer, headroom float64) []model.Warning {
	var ws []model.Warning
	if o.Interconnect == model.InterconnectPCIe {
		ws = append(ws, model.Warning{Code: model.WarnNoNVLink, Severity: model.SeverityWarn,
			Message: "GPUs talk over PCIe only", Detail: "Tensor parallelism over PCIe spends much of each step waiting on all-reduce.", Source: "https://example.test/nvlink"})
	}
	if headroom < 0.1 {
		ws = append(ws, model.Warning{Code: model.WarnVRAMTight, Severity: model.SeverityCritical,
			Message: "less than 10% VRAM headroom", Detail: "Fragmentation and longer prompts can run out of memory.", Source: "test"})
	}
	if o.Provider == "vast" || o.Provider == "runpod" {
		ws = append(ws, model.Warning{Code: model.WarnMarketplaceHost, Severity: model.SeverityInfo,
			Message: "marketplace host: reliability varies"})
	}
	return ws
}

// fakeBudget marks the offers over an hourly budget and, when none keeps
// it, suggests int4.
func fakeBudget(res *model.Result, a *model.Answers) {
	if !a.Budget.IsSet() || a.Budget.Period != model.BudgetHourly {
		return
	}
	within := 0
	for i := range res.Recommendations {
		r := &res.Recommendations[i]
		r.WithinBudget = r.Hourly <= a.Budget.Amount
		if r.WithinBudget {
			within++
		} else {
			res.OverBudget++
		}
	}
	if within == 0 {
		res.Suggestions = []model.Suggestion{{Kind: model.SuggestPrecision, Changes: []model.AnswerChange{{Answer: model.AnsPrecision, Flag: "precision", Value: "int4"}},
			Change: "use int4 precision", Effect: "needs 40 GiB; cheapest $0.30/h", Caveat: "quality: int4 weights may answer worse"}}
	}
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// newTestModel builds a model on the test catalog with the fake ranker, a
// fixed clock, colour off, sized w×h, with its first ranking applied.
func newTestModel(t testing.TB, w, h int, mod ...func(*Config)) Model {
	t.Helper()
	t.Setenv("NO_COLOR", "")
	cfg := Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en", Version: "test"}
	for _, f := range mod {
		f(&cfg)
	}
	m := New(cfg)
	m.rank = fakeRank
	m.now = func() time.Time { return fixedNow }
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return settle(t, m, m.Init())
}

// update sends one message and runs the commands it returns.
func update(t testing.TB, m Model, msg tea.Msg) Model {
	t.Helper()
	nm, cmd := m.Update(msg)
	return settle(t, nm.(Model), cmd)
}

// settle runs a command (and batches) synchronously, feeding every message
// back, the way the program would; it skips terminal queries.
func settle(t testing.TB, m Model, cmd tea.Cmd) Model {
	t.Helper()
	for depth := 0; cmd != nil && depth < 20; depth++ {
		msg := cmd()
		switch msg := msg.(type) {
		case nil:
			return m
		case tea.BatchMsg:
			for _, c := range msg {
				m = settle(t, m, c)
			}
			return m
		default:
			// Terminal queries and quitting have no effect on the model.
			return m
		case resultMsg, saveDoneMsg, expandMsg, whyMsg, suggMsg, refreshedMsg, reloadedMsg:
			var nm tea.Model
			nm, cmd = m.Update(msg)
			m = nm.(Model)
		}
	}
	return m
}

// keys turns key names into key presses: "enter", "shift+tab", "ctrl+s",
// "esc", "up", "down", "space", or literal text typed rune by rune.
func keyMsgs(names ...string) []tea.KeyPressMsg {
	special := map[string]tea.KeyPressMsg{
		"enter":      {Code: tea.KeyEnter},
		"tab":        {Code: tea.KeyTab},
		"shift+tab":  {Code: tea.KeyTab, Mod: tea.ModShift},
		"esc":        {Code: tea.KeyEscape},
		"up":         {Code: tea.KeyUp},
		"down":       {Code: tea.KeyDown},
		"left":       {Code: tea.KeyLeft},
		"right":      {Code: tea.KeyRight},
		"backspace":  {Code: tea.KeyBackspace},
		"space":      {Code: tea.KeySpace, Text: " "},
		"pgdown":     {Code: tea.KeyPgDown},
		"end":        {Code: tea.KeyEnd},
		"ctrl+s":     {Code: 's', Mod: tea.ModCtrl},
		"ctrl+g":     {Code: 'g', Mod: tea.ModCtrl},
		"ctrl+o":     {Code: 'o', Mod: tea.ModCtrl},
		"ctrl+n":     {Code: 'n', Mod: tea.ModCtrl},
		"ctrl+u":     {Code: 'u', Mod: tea.ModCtrl},
		"ctrl+c":     {Code: 'c', Mod: tea.ModCtrl},
		"ctrl+r":     {Code: 'r', Mod: tea.ModCtrl},
		"shift+down": {Code: tea.KeyDown, Mod: tea.ModShift},
		"shift+up":   {Code: tea.KeyUp, Mod: tea.ModShift},
	}
	var out []tea.KeyPressMsg
	for _, n := range names {
		if k, ok := special[n]; ok {
			out = append(out, k)
			continue
		}
		for _, r := range n {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return out
}

// press sends keys one by one, running the commands they return.
func press(t testing.TB, m Model, names ...string) Model {
	t.Helper()
	for _, k := range keyMsgs(names...) {
		m = update(t, m, k)
	}
	return m
}

// screen is the frame as plain text.
func screen(m Model) string { return ansi.Strip(m.View().Content) }
