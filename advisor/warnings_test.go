package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// warnCase is one scenario: a catalog, answers and the instance whose
// recommendation is inspected.
type warnCase struct {
	name     string
	offers   []model.Offer
	answers  func() model.Answers
	instance string
}

func mod(o model.Offer, f func(*model.Offer)) model.Offer { f(&o); return o }

func serve(preset string, prec model.Precision, ctx int, lat model.Latency) func() model.Answers {
	return func() model.Answers {
		a := answers(model.WorkloadInference, preset, prec, ctx, 1)
		a.Latency = lat
		return a
	}
}

func train(w model.Workload, preset string, f func(*model.Answers)) func() model.Answers {
	return func() model.Answers {
		a := answers(w, preset, model.BF16, 2048, 1)
		if f != nil {
			f(&a)
		}
		return a
	}
}

func job(hours float64, interruptible bool) func() model.Answers {
	return func() model.Answers {
		a := model.DefaultAnswers()
		a.Workload, a.KnownVRAMGiB, a.Model = model.WorkloadVRAM, 20, ""
		a.DurationHours, a.Interruptible = hours, interruptible
		a.Normalize()
		return a
	}
}

func statedVRAM(gib float64) func() model.Answers {
	return func() model.Answers {
		a := model.DefaultAnswers()
		a.Workload, a.KnownVRAMGiB, a.Model = model.WorkloadVRAM, gib, ""
		a.Normalize()
		return a
	}
}

// recFor runs a case and returns the recommendation for its instance.
func recFor(t *testing.T, tc warnCase) *model.Recommendation {
	t.Helper()
	res := Recommend(catWith(tc.offers...), tc.answers(), Options{Top: 50})
	for i := range res.Recommendations {
		if res.Recommendations[i].InstanceType == tc.instance {
			return &res.Recommendations[i]
		}
	}
	t.Fatalf("%s: %s not recommended; got %d, notes %v", tc.name, tc.instance, len(res.Recommendations), res.Notes)
	return nil
}

func hasWarn(r *model.Recommendation, code string) bool {
	for _, w := range r.Warnings {
		if w.Code == code {
			return true
		}
	}
	return false
}

// warnScenario pairs a case that triggers a code with a close one that
// does not.
type warnScenario struct {
	code    string
	yes, no warnCase
}

// TestWarnings triggers every warning code once and shows a close case
// that does not trigger it.
func TestWarnings(t *testing.T) {
	for _, tc := range warningScenarios() {
		if r := recFor(t, tc.yes); !hasWarn(r, tc.code) {
			t.Errorf("%s: not triggered by %q; warnings %+v", tc.code, tc.yes.name, r.Warnings)
		}
		if r := recFor(t, tc.no); hasWarn(r, tc.code) {
			t.Errorf("%s: triggered by %q, which should not", tc.code, tc.no.name)
		}
	}
}

func warningScenarios() []warnScenario {
	h100x8 := testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32)
	h100x1 := testOffer("cloudA", "h100x1", "H100 SXM5", 1, 12.29)
	a6000x4 := testOffer("cloudB", "a6000x4", "RTX A6000", 4, 3.2)
	a100x1 := testOffer("cloudA", "a100x1", "A100-80GB SXM4", 1, 5.1)
	l4 := testOffer("cloudA", "l4x1", "L4", 1, 0.98)
	spotL4 := mod(l4, func(o *model.Offer) { o.Spot = 0.3 })
	spotB := mod(testOffer("cloudB", "a6000x1", "RTX A6000", 1, 0.8), func(o *model.Offer) { o.Spot = 0.4 })
	long3y := func() model.Answers {
		a := statedVRAM(20)()
		a.DurationHours = 3 * hoursPerYear
		return a
	}
	pretrain := func(tokens float64) func() model.Answers {
		return train(model.WorkloadPretrain, "llama-2-7b", func(a *model.Answers) {
			a.DurationMode, a.JobTokens = model.DurationJob, tokens
			a.Normalize()
		})
	}
	a100x8 := testOffer("cloudA", "a100x8", "A100-80GB SXM4", 8, 32.8)
	t4 := testOffer("cloudA", "t4x2", "T4", 2, 1.0)
	v100 := testOffer("cloudA", "v100x1", "V100 SXM2 16GB", 1, 0.9)
	return []warnScenario{
		{model.WarnBF16Unsupported,
			warnCase{"BF16 on T4s", []model.Offer{t4}, serve("llama-2-7b", model.BF16, 2048, model.LatencyBatch), "t4x2"},
			warnCase{"FP16 on T4s", []model.Offer{t4}, serve("llama-2-7b", model.FP16, 2048, model.LatencyBatch), "t4x2"}},
		{model.WarnLegacyGPU,
			warnCase{"a V100 (Volta)", []model.Offer{v100}, statedVRAM(10), "v100x1"},
			warnCase{"an L4 (Ada)", []model.Offer{l4}, statedVRAM(10), "l4x1"}},
		{model.WarnNoNVLink,
			warnCase{"8B full finetune on 4 x PCIe A6000", []model.Offer{a6000x4}, train(model.WorkloadFineTune, "llama-3.1-8b", nil), "a6000x4"},
			warnCase{"8B full finetune on 8 x H100 SXM", []model.Offer{h100x8}, train(model.WorkloadFineTune, "llama-3.1-8b", nil), "h100x8"}},
		{model.WarnSharedVCPU,
			warnCase{"shared vCPUs", []model.Offer{mod(l4, func(o *model.Offer) { o.VCPUType = model.VCPUShared })}, statedVRAM(10), "l4x1"},
			warnCase{"dedicated vCPUs", []model.Offer{l4}, statedVRAM(10), "l4x1"}},
		{model.WarnLowCPUPerGPU,
			warnCase{"8 GPUs, 16 vCPUs, training", []model.Offer{mod(h100x8, func(o *model.Offer) { o.VCPUs = 16 })}, train(model.WorkloadLoRA, "llama-3.1-8b", nil), "h100x8"},
			warnCase{"8 GPUs, 128 vCPUs, training", []model.Offer{h100x8}, train(model.WorkloadLoRA, "llama-3.1-8b", nil), "h100x8"}},
		{model.WarnSpotNoCheckpoint,
			warnCase{"spot cheaper, job cannot be interrupted", []model.Offer{spotL4}, job(100, false), "l4x1"},
			warnCase{"spot cheaper, job checkpoints", []model.Offer{spotL4}, job(100, true), "l4x1"}},
		{model.WarnPreemptibleLimit,
			warnCase{"100 h on 24 h preemptible VMs", []model.Offer{spotB}, job(100, true), "a6000x1"},
			warnCase{"10 h on 24 h preemptible VMs", []model.Offer{spotB}, job(10, true), "a6000x1"}},
		{model.WarnCommitmentLockIn,
			warnCase{"3 years around the clock", []model.Offer{l4}, long3y, "l4x1"},
			warnCase{"one month", []model.Offer{l4}, statedVRAM(20), "l4x1"}},
		{model.WarnVRAMTight,
			warnCase{"76 of 80 GiB", []model.Offer{a100x1}, statedVRAM(76), "a100x1"},
			warnCase{"40 of 80 GiB", []model.Offer{a100x1}, statedVRAM(40), "a100x1"}},
		{model.WarnLowBandwidth,
			warnCase{"8B BF16 realtime on an L4", []model.Offer{l4}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyRealtime), "l4x1"},
			warnCase{"8B BF16 realtime on an H100", []model.Offer{h100x1}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyRealtime), "h100x1"}},
		{model.WarnFP8Unsupported,
			warnCase{"FP8 on an A100", []model.Offer{a100x1}, serve("llama-3.1-8b", model.FP8, 2048, model.LatencyBatch), "a100x1"},
			warnCase{"FP8 on an H100", []model.Offer{h100x1}, serve("llama-3.1-8b", model.FP8, 2048, model.LatencyBatch), "h100x1"}},
		{model.WarnEphemeralDisk,
			warnCase{"training on a wiped local disk", []model.Offer{mod(h100x1, func(o *model.Offer) { o.LocalNVMeWiped, o.EditDetail().LocalNVMe = model.Yes, "1 x 3.8 TB NVMe" })}, train(model.WorkloadLoRA, "llama-3.1-8b", nil), "h100x1"},
			warnCase{"serving around the clock, no data", []model.Offer{mod(h100x1, func(o *model.Offer) { o.LocalNVMeWiped, o.EditDetail().LocalNVMe = model.Yes, "1 x 3.8 TB NVMe" })}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyBatch), "h100x1"}},
		{model.WarnEgressCost,
			warnCase{"50 TB egress in a month", []model.Offer{l4}, func() model.Answers { a := statedVRAM(10)(); a.EgressGB = 50000; return a }, "l4x1"},
			warnCase{"50 GB egress in a month", []model.Offer{l4}, func() model.Answers { a := statedVRAM(10)(); a.EgressGB = 50; return a }, "l4x1"}},
		{model.WarnMarketplaceHost,
			warnCase{"marketplace RTX 4090", []model.Offer{mod(testOffer("market", "rtx4090", "GeForce RTX 4090", 1, 0.35), func(o *model.Offer) { o.Marketplace = true })}, statedVRAM(10), "rtx4090"},
			warnCase{"cloud L4", []model.Offer{l4}, statedVRAM(10), "l4x1"}},
		{model.WarnPCIeVariant,
			warnCase{"H100 PCIe", []model.Offer{testOffer("cloudB", "h100pcie", "H100 PCIe", 1, 2.49)}, statedVRAM(10), "h100pcie"},
			warnCase{"H100 SXM", []model.Offer{h100x1}, statedVRAM(10), "h100x1"}},
		{model.WarnStalePrice,
			warnCase{"price from 2024-12-30", []model.Offer{mod(l4, func(o *model.Offer) { o.PriceDate = "2024-12-30" })}, statedVRAM(10), "l4x1"},
			warnCase{"price from 2026-11-01", []model.Offer{l4}, statedVRAM(10), "l4x1"}},
		{model.WarnUnknownPrice,
			warnCase{"monthly price only", []model.Offer{mod(l4, func(o *model.Offer) { o.OnDemand, o.EditDetail().Monthly = 0, 500 })}, statedVRAM(10), "l4x1"},
			warnCase{"on-demand price known", []model.Offer{l4}, statedVRAM(10), "l4x1"}},
		{model.WarnConvertedCurrency,
			warnCase{"CNY offer shown in USD", []model.Offer{mod(testOffer("cnc", "cn-l4", "L4", 1, 7), func(o *model.Offer) { o.Currency = model.CNY })}, statedVRAM(10), "cn-l4"},
			warnCase{"USD offer shown in USD", []model.Offer{l4}, statedVRAM(10), "l4x1"}},
		{model.WarnSpeedUnknown,
			warnCase{"interactive on a GPU without figures", []model.Offer{testOffer("cloudB", "mystery", "Mystery X1", 1, 0.6)}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyInteractive), "mystery"},
			warnCase{"interactive on an L4", []model.Offer{l4}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyInteractive), "l4x1"}},
		{model.WarnLatencyMargin,
			warnCase{"8B BF16 realtime on an RTX A6000 (about 33 of 30 tok/s)", []model.Offer{testOffer("cloudB", "a6000x1", "RTX A6000", 1, 0.8)}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyRealtime), "a6000x1"},
			warnCase{"8B BF16 realtime on an H100", []model.Offer{h100x1}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyRealtime), "h100x1"}},
		{model.WarnHostRAMUnknown,
			warnCase{"8B served on an L4 whose host RAM is not listed", []model.Offer{mod(l4, func(o *model.Offer) { o.MemoryGiB = 0 })}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyBatch), "l4x1"},
			warnCase{"8B served on an L4 with 64 GiB of host RAM", []model.Offer{l4}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyBatch), "l4x1"}},
		{model.WarnLongJob,
			warnCase{"7B pre-trained on 500B tokens on one 8 x A100 node, no deadline (months)", []model.Offer{a100x8}, pretrain(500e9), "a100x8"},
			warnCase{"7B pre-trained on 20B tokens on one 8 x A100 node (days)", []model.Offer{a100x8}, pretrain(20e9), "a100x8"}},
		{model.WarnSlowImage,
			warnCase{"FLUX.1-dev interactive on an RTX A6000", []model.Offer{testOffer("cloudB", "a6000x1", "RTX A6000", 1, 0.8)}, serve("flux.1-dev", model.BF16, 0, model.LatencyInteractive), "a6000x1"},
			warnCase{"FLUX.1-dev interactive on an H100 (12 s)", []model.Offer{h100x1}, serve("flux.1-dev", model.BF16, 0, model.LatencyInteractive), "h100x1"}},
		{model.WarnRegionUnknown,
			warnCase{"an L4 whose source names no region", []model.Offer{mod(l4, func(o *model.Offer) { o.Regions = []string{} })}, statedVRAM(10), "l4x1"},
			warnCase{"an L4 in us-east-1", []model.Offer{l4}, statedVRAM(10), "l4x1"}},
		{model.WarnROCmStack,
			warnCase{"8B QLoRA on an MI300X", []model.Offer{testOffer("cloudB", "mi300x1", "Instinct MI300X", 1, 2.5)}, train(model.WorkloadQLoRA, "llama-3.1-8b", nil), "mi300x1"},
			warnCase{"8B QLoRA on an H100", []model.Offer{h100x1}, train(model.WorkloadQLoRA, "llama-3.1-8b", nil), "h100x1"}},
		{model.WarnArmHost,
			warnCase{"a GH200 (Grace host)", []model.Offer{testOffer("cloudA", "gh200x1", "GH200 (96 GB HBM3)", 1, 1.5)}, statedVRAM(10), "gh200x1"},
			warnCase{"an H100 (x86 host)", []model.Offer{h100x1}, statedVRAM(10), "h100x1"}},
		{model.WarnSlowFirstToken,
			warnCase{"realtime, 32k context on an L4", []model.Offer{l4}, serve("llama-3.1-8b", model.BF16, 32768, model.LatencyRealtime), "l4x1"},
			warnCase{"realtime, 2k context on an H100", []model.Offer{h100x1}, serve("llama-3.1-8b", model.BF16, 2048, model.LatencyRealtime), "h100x1"}},
	}
}

// TestWarningsCoverEveryCode checks that every Warn constant of
// model/warning.go is in WarningCodes, has texts and a scenario above.
func TestWarningsCoverEveryCode(t *testing.T) {
	declared := constValues(t, "../model/warning.go", "Warn")
	if len(declared) < 17 {
		t.Fatalf("found only %d warning constants in model/warning.go", len(declared))
	}
	listed := map[string]bool{}
	for _, c := range WarningCodes() {
		listed[c] = true
	}
	scen := map[string]bool{}
	for _, s := range warningScenarios() {
		scen[s.code] = true
	}
	for _, c := range declared {
		if !listed[c] {
			t.Errorf("model declares %s but WarningCodes does not list it", c)
		}
		if !scen[c] {
			t.Errorf("no trigger / no-trigger scenario for %s", c)
		}
	}
	seen := map[string]bool{}
	for _, c := range WarningCodes() {
		if seen[c] {
			t.Errorf("code %s listed twice", c)
		}
		seen[c] = true
		if _, ok := warnDefs.Get()[c]; !ok {
			t.Errorf("code %s has no message", c)
		}
		// Its name in the Chinese tables (model.WarningName) is Chinese.
		if n := model.WarningName(c); n.EN != c || n.ZH == c || !strings.ContainsFunc(n.ZH, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) {
			t.Errorf("code %s has no Chinese name: %+v", c, n)
		}
	}
	if len(warnDefs.Get()) != len(seen) {
		t.Errorf("%d warning texts for %d codes", len(warnDefs.Get()), len(seen))
	}
}
