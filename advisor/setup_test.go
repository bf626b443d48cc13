package advisor

import (
	"math"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// loraJob is the case: a LoRA job of 50M tokens on Llama 3.1 8B.
func loraJob() model.Answers {
	a := answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
	a.DurationMode, a.JobTokens = model.DurationJob, 50e6
	a.Normalize()
	return a
}

// A 50M-token LoRA job on 8 x B200 takes minutes of compute; the run is
// billed for the set-up too: provisioning by provider class, the image
// pull, the 16 GB base checkpoint downloaded and loaded. Every part is
// shown, the billed hours are job plus set-up, and the provider's rounding
// applies to the sum (cloudB bills whole hours).
func TestSetupBilledWithTheJob(t *testing.T) {
	o := testOffer("cloudB", "b200x8", "B200 (HGX, 1000 W)", 8, 47.92)
	res := Recommend(catWith(o), loraJob(), Options{})
	if len(res.Recommendations) != 1 {
		t.Fatalf("want the B200 node: %v", res.Notes)
	}
	r := res.Recommendations[0]
	st := r.Setup
	if st.Class != "neocloud-vm" || st.ProvisionSec != provisionVMSec {
		t.Errorf("provisioning %q %.0f s, want a neocloud VM at %d s", st.Class, st.ProvisionSec, provisionVMSec)
	}
	within(t, "image pull s", st.ImagePullSec, imageBytes/downloadBps, 1e-9)
	within(t, "checkpoint GB", st.CheckpointGB, res.Requirement.ParamsB*2, 1e-9) // the 16-bit base weights
	within(t, "download s", st.DownloadSec, res.Requirement.ParamsB*2e9/downloadBps, 1e-9)
	if st.LoadSec <= 0 {
		t.Errorf("no load time: %+v", st)
	}
	within(t, "set-up hours", st.Hours, (st.ProvisionSec+st.ImagePullSec+st.DownloadSec+st.LoadSec)/3600, 1e-12)
	if r.Speed.JobHours <= 0 || r.Speed.JobHours > 0.5 {
		t.Fatalf("job hours %.3f", r.Speed.JobHours)
	}
	within(t, "run hours", r.RunHours, r.Speed.JobHours+st.Hours, 1e-9)
	var od *model.PriceQuote
	for i := range r.PriceModels {
		if r.PriceModels[i].Name == model.PriceOnDemand {
			od = &r.PriceModels[i]
		}
	}
	if od == nil || od.BilledHours != math.Ceil(r.RunHours) {
		t.Fatalf("on-demand quote %+v: hourly billing should round %.3f h up", od, r.RunHours)
	}
	if !hasAssumption(res, "hf_transfer") {
		t.Errorf("assumptions do not state the set-up basis: %v", res.Requirement.Assumptions)
	}
}

// The set-up is part of the ranking: two offers with the same GPUs and
// rate, one a VM and one a marketplace container, rank by the run's cost
// with each one's provisioning time.
func TestSetupInRanking(t *testing.T) {
	vm := testOffer("cloudA", "vm", "H100 SXM5", 8, 20)
	box := testOffer("cloudA", "box", "H100 SXM5", 8, 20) // same policy, a marketplace host
	box.Marketplace, box.VCPUType = true, model.VCPUMarketplace
	res := Recommend(catWith(vm, box), loraJob(), Options{})
	if len(res.Recommendations) != 2 {
		t.Fatalf("want both offers: %v", res.Notes)
	}
	first, second := res.Recommendations[0], res.Recommendations[1]
	if first.InstanceType != "box" || first.Setup.Class != "container" || second.Setup.Class != "hyperscaler-vm" && second.Setup.Class != "neocloud-vm" {
		t.Errorf("order %s (%s), %s (%s)", first.InstanceType, first.Setup.Class, second.InstanceType, second.Setup.Class)
	}
	if first.TotalUSD >= second.TotalUSD || first.Speed.JobHours != second.Speed.JobHours {
		t.Errorf("totals %.2f / %.2f, job hours %.3f / %.3f", first.TotalUSD, second.TotalUSD, first.Speed.JobHours, second.Speed.JobHours)
	}
	within(t, "set-up difference", second.RunHours-first.RunHours, float64(provisionVMSec-provisionContainerSec)/3600, 1e-9)
}

// Billing increments: per-minute billing rounds the billed hours up to
// whole minutes, and a billing minimum holds for a short run.
func TestBillingIncrements(t *testing.T) {
	h := 0.1234
	if got := billHours(h, &model.Policy{BillingGranularity: "per-minute"}, true); !testcheck.NearAbs(got, 8.0/60, 1e-12) {
		t.Errorf("per-minute: %.5f h billed for %.4f h, want 8 minutes", got, h)
	}
	if got := billHours(h, &model.Policy{BillingGranularity: "hourly"}, true); got != 1 {
		t.Errorf("hourly: %.4f", got)
	}
	if got := billHours(0.001, &model.Policy{BillingGranularity: "per-second", BillingMinimumSeconds: 60}, true); !testcheck.NearAbs(got, 1.0/60, 1e-12) {
		t.Errorf("60 s minimum: %.5f", got)
	}
}

// Pre-training starts from random weights: nothing to download but the
// image; inference downloads the weights at their served precision.
func TestSetupCheckpoint(t *testing.T) {
	cat := testCatalog()
	pre := answers(model.WorkloadPretrain, "llama-3.1-8b", model.BF16, 2048, 1)
	if p := newPlan(cat, &pre, langEN); p.checkpointBytes() != 0 {
		t.Errorf("pre-training downloads %.0f bytes", p.checkpointBytes())
	}
	inf := answers(model.WorkloadInference, "llama-3.1-70b", model.INT4, 2048, 1)
	p := newPlan(cat, &inf, langEN)
	if got := p.checkpointBytes(); got != p.weights || got > 70e9*0.6 {
		t.Errorf("INT4 70B checkpoint %.1f GB", got/1e9)
	}
	s := p.setupOf(nil, 1, 2) // a 1 Gb/s NIC caps the download
	within(t, "download at the NIC rate", s.download, p.weights/(1.0/8*1e9), 1e-9)
}
