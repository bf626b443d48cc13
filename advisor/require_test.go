package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// --interconnect nvlink accepts any NVLink, NVSwitch included (NVSwitch is
// NVLink through a switch); nvswitch accepts only NVSwitch; an unknown
// link fails either as unknown (counted apart); no requirement passes all.
func TestInterconnectRequirement(t *testing.T) {
	links := []model.Interconnect{
		model.InterconnectNVSwitch, model.InterconnectNVLink, model.InterconnectInfinityFabric,
		model.InterconnectPCIe, model.InterconnectSingle, model.InterconnectUnknown,
	}
	want := map[string][]uint8{
		"":                {reqOK, reqOK, reqOK, reqOK, reqOK, reqOK},
		model.ReqAny:      {reqOK, reqOK, reqOK, reqOK, reqOK, reqOK},
		model.ReqNVLink:   {reqOK, reqOK, reqFail, reqFail, reqFail, reqUnknown},
		model.ReqNVSwitch: {reqOK, reqFail, reqFail, reqFail, reqFail, reqUnknown},
	}
	for req, outs := range want {
		for i, ic := range links {
			a := model.Answers{Interconnect: req}
			o := model.Offer{Interconnect: ic, GPUCount: 8}
			if got := meetsRequirements(&a, &o); got != outs[i] {
				t.Errorf("--interconnect %q on a %q offer: %d, want %d", req, ic, got, outs[i])
			}
		}
	}
}
