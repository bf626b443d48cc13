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
