package ui

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// Every interconnect value reads as a name in the detail, never as a raw
// key.
func TestInterconnectLabels(t *testing.T) {
	m := newTestModel(t, 140, 40)
	for ic, want := range map[model.Interconnect]string{
		model.InterconnectNVSwitch:       "NVSwitch",
		model.InterconnectNVLink:         "NVLink",
		model.InterconnectPCIe:           "PCIe",
		model.InterconnectInfinityFabric: "Infinity Fabric",
	} {
		if got := newDetailView(&m).interconnect(ic); got != want {
			t.Errorf("interconnect(%q) = %q, want %q", ic, got, want)
		}
	}
}
