package systemtest

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// pretrain13B is issue 20's case: pre-training Llama 2 13B on 260B tokens
// within 60 days, under an interconnect requirement.
func pretrain13B(interconnect string) model.Answers {
	a := withModel(model.WorkloadPretrain, "llama-2-13b", model.BF16)
	a.DurationMode, a.JobTokens, a.DeadlineHours = model.DurationJob, 260e9, 60*24
	a.Interconnect = interconnect
	return a
}

// hasNVSwitch reports an offer whose GPUs reach each other through
// NVSwitch, judged from the hardware rather than the offer's label: the
// label says so, or the offer holds eight SXM GPUs of a generation NVIDIA
// builds 8-GPU NVSwitch boards of (HGX A100, H100/H200, B200/B300: NVIDIA
// Fabric Manager guide, "NVSwitch-Based Systems"; V100 SXM2 boards are a
// cube-mesh without a switch).
func hasNVSwitch(cat *model.Catalog, o *model.Offer) bool {
	if o.Interconnect == model.InterconnectNVSwitch {
		return true
	}
	g, ok := cat.GPUs[o.GPU]
	if !ok || o.GPUCount != 8 || !strings.HasPrefix(g.FormFactor, "SXM") {
		return false
	}
	for _, arch := range []string{"Ampere", "Hopper", "Blackwell"} {
		if strings.HasPrefix(g.Architecture, arch) {
			return true
		}
	}
	return false
}

// TestNVSwitchRequirementKeepsHGXBoards: under --interconnect nvswitch the
// 13B pre-train picks an offer with NVSwitch that meets the deadline and
// costs no more than the best --interconnect nvlink plan on hardware with
// NVSwitch (an 8-GPU HGX board labelled "nvlink" used to be dropped,
// sending the job to two nodes at twice the cost); every listed plan has
// NVSwitch and finishes in time, and --interconnect nvlink lists every
// plan --interconnect nvswitch does.
func TestNVSwitchRequirementKeepsHGXBoards(t *testing.T) {
	cat := advisorEmbedded(t)
	sw := pretrain13B(model.ReqNVSwitch)
	res := advisor.Recommend(cat, sw, advisor.Options{Top: 20})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended under nvswitch; notes %v", res.Notes)
	}
	for i, r := range res.Recommendations {
		if r.Offer.Interconnect != model.InterconnectNVSwitch || r.Interconnect != string(model.InterconnectNVSwitch) {
			t.Errorf("#%d %s: interconnect %q (reported %q), want nvswitch", i+1, r.InstanceType, r.Offer.Interconnect, r.Interconnect)
		}
		if r.CalendarHours <= 0 || r.CalendarHours > sw.DeadlineHours {
			t.Errorf("#%d %s: %.0f h, deadline %.0f h", i+1, r.InstanceType, r.CalendarHours, sw.DeadlineHours)
		}
	}
	top := res.Recommendations[0]

	nv := advisor.Recommend(cat, pretrain13B(model.ReqNVLink), advisor.Options{Top: 200})
	var best *model.Recommendation
	hasSwitch := 0
	for i := range nv.Recommendations {
		r := &nv.Recommendations[i]
		if !r.Offer.Interconnect.HasNVLink() {
			t.Errorf("nvlink #%d %s: interconnect %q", i+1, r.InstanceType, r.Offer.Interconnect)
		}
		if r.Offer.Interconnect == model.InterconnectNVSwitch {
			hasSwitch++
		}
		if best == nil && hasNVSwitch(cat, r.Offer) {
			best = r
		}
	}
	if best == nil {
		t.Fatalf("--interconnect nvlink lists no offer with NVSwitch (%d listed)", len(nv.Recommendations))
	}
	if hasSwitch < len(res.Recommendations) {
		t.Errorf("nvlink lists %d NVSwitch plans, nvswitch lists %d: nvlink must accept every NVSwitch plan", hasSwitch, len(res.Recommendations))
	}
	if !(top.TotalUSD > 0) || top.TotalUSD > best.TotalUSD*(1+1e-9) {
		t.Errorf("nvswitch #1 %s x%d nodes costs $%.0f; the best nvlink plan with NVSwitch, %s x%d nodes, costs $%.0f",
			top.InstanceType, top.Nodes, top.TotalUSD, best.InstanceType, best.Nodes, best.TotalUSD)
	}
	if top.Nodes > best.Nodes {
		t.Errorf("nvswitch #1 runs on %d nodes where the best NVSwitch plan under nvlink needs %d", top.Nodes, best.Nodes)
	}
}
