package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// When neither the offer nor the GPU says how the GPUs are linked, the
// no-nvlink warning says the link is undocumented (info) instead of claiming
// PCIe; a documented PCIe-only node gets the firm warning.
func TestNoNVLinkUndocumented(t *testing.T) {
	undocumented := testOffer("cloudB", "a6000x4", "RTX A6000", 4, 3.2)
	undocumented.Interconnect = model.InterconnectUnknown // RTX A6000's NVLink is unknown in testGPUs
	pcie := testOffer("cloudB", "a6000x4", "RTX A6000", 4, 3.2)
	a := answers(model.WorkloadFineTune, "llama-3.1-8b", model.BF16, 2048, 1)
	for _, tc := range []struct {
		offer    model.Offer
		sev      model.Severity
		contains string
	}{
		{undocumented, model.SeverityInfo, "does not document NVLink"},
		{pcie, model.SeverityWarn, "PCIe only"},
	} {
		res := Recommend(catWith(tc.offer), a, Options{Top: 5})
		if len(res.Recommendations) == 0 {
			t.Fatalf("nothing recommended: %v", res.Notes)
		}
		var got *model.Warning
		for i, w := range res.Recommendations[0].Warnings {
			if w.Code == model.WarnNoNVLink {
				got = &res.Recommendations[0].Warnings[i]
			}
		}
		if got == nil || got.Severity != tc.sev || !strings.Contains(got.Message, tc.contains) {
			t.Errorf("interconnect %q: no-nvlink = %+v, want %s containing %q", tc.offer.Interconnect, got, tc.sev, tc.contains)
		}
	}
}

// A Kepler GPU (K80) gets the critical variant of legacy-gpu: CUDA 12
// dropped Kepler (LLVM commit 0f49116e: "sm_35 and sm_37 were removed in
// cuda-12.0"), so nothing current runs on it.
// Kepler offers are left out unless the user names the GPU.
func TestLegacyKeplerCritical(t *testing.T) {
	k80 := testOffer("cloudA", "k80x1", "K80 (per GPU)", 1, 0.2)
	l4 := testOffer("cloudA", "l4x1", "L4", 1, 0.98)
	res := Recommend(catWith(k80, l4), stated(8, nil), Options{Top: 5})
	if len(res.Recommendations) != 1 || res.Recommendations[0].InstanceType != "l4x1" {
		t.Fatalf("K80 not left out by default: %v", names(res))
	}
	found := false
	for _, n := range res.Notes {
		found = found || strings.Contains(n, "Kepler")
	}
	if !found {
		t.Errorf("no note says why the K80 was left out: %v", res.Notes)
	}
	res = Recommend(catWith(k80, l4), stated(8, func(a *model.Answers) { a.GPU = "k80" }), Options{Top: 1})
	if len(res.Recommendations) != 1 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	for _, w := range res.Recommendations[0].Warnings {
		if w.Code == model.WarnLegacyGPU {
			if w.Severity != model.SeverityCritical || !strings.Contains(w.Message, "CUDA 12") {
				t.Errorf("legacy-gpu on a K80 = %+v", w)
			}
			return
		}
	}
	t.Errorf("no legacy-gpu warning on a K80: %+v", res.Recommendations[0].Warnings)
}

// MI300X OAMs talk over Infinity Fabric (AMD ROCm docs: seven links per
// OAM, fully connected): not PCIe, so no no-nvlink warning, and tensor
// parallelism is costed as over a fast link.
func TestInfinityFabricIsAFastLink(t *testing.T) {
	o := testOffer("cloudA", "a6000x4", "RTX A6000", 4, 3.2)
	o.Interconnect = model.InterconnectInfinityFabric
	res := Recommend(catWith(o), answers(model.WorkloadFineTune, "llama-3.1-8b", model.BF16, 2048, 1), Options{Top: 1})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	for _, w := range res.Recommendations[0].Warnings {
		if w.Code == model.WarnNoNVLink {
			t.Errorf("Infinity Fabric offer warned %q", w.Message)
		}
	}
}

// pcie-variant compares a PCIe card with the real SXM part, never with a
// GPU whose variant the provider left open ("X PCIe or X SXM4").
func TestPCIeVariantNamesTheSXMPart(t *testing.T) {
	cat := catWith(testOffer("cloudA", "a100p", "A100-80GB PCIe", 1, 1.5))
	cat.GPUs["A100-80GB PCIe or A100-80GB SXM4"] = model.GPU{Name: "A100-80GB PCIe or A100-80GB SXM4", VRAMGiB: 80, Source: "test"}
	res := Recommend(cat, stated(40, nil), Options{Top: 1})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	for _, w := range res.Recommendations[0].Warnings {
		if w.Code == model.WarnPCIeVariant {
			if strings.Contains(w.Message, " or ") || !strings.Contains(w.Message, "A100-80GB SXM4") {
				t.Errorf("pcie-variant = %q", w.Message)
			}
			return
		}
	}
	t.Errorf("no pcie-variant warning: %+v", res.Recommendations[0].Warnings)
}
