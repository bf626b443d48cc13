package advisor

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/probe"
)

// machine parses a fixture folder of model/probe/testdata.
func machine(t *testing.T, dir string) probe.Machine {
	t.Helper()
	out := map[string]string{}
	for _, c := range probe.Commands {
		if b, err := os.ReadFile(filepath.Join("..", "model", "probe", "testdata", dir, c.File)); err == nil {
			out[c.File] = string(b)
		}
	}
	m, err := probe.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func byName(checks []Check) map[string]Check {
	out := map[string]Check{}
	for _, c := range checks {
		out[c.Name] = c
	}
	return out
}

// Each case names the checks that must fail; every other check that is
// not skipped must pass.
func TestVerifyFixtures(t *testing.T) {
	h100 := model.Recommendation{GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 640}
	h100Offer := &model.Offer{GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 80, Interconnect: model.InterconnectNVSwitch, VCPUs: 112, MemoryGiB: 503, Hyperthreaded: model.Yes}
	tests := []struct {
		name     string
		dir      string
		rec      model.Recommendation
		offer    *model.Offer
		fail     []string
		mismatch bool
	}{
		{"8xH100 NVSwitch as chosen", "h100-sxm-8", h100, h100Offer, nil, false},
		{"wrong GPU model", "h100-sxm-8", model.Recommendation{GPU: "A100-80GB SXM4", GPUCount: 8, VRAMGiB: 640}, h100Offer, []string{"GPU model"}, true},
		{"fewer GPUs than chosen", "a6000-pcie-4", model.Recommendation{GPU: "RTX A6000", GPUCount: 8, VRAMGiB: 384}, &model.Offer{Interconnect: model.InterconnectPCIe}, []string{"GPU count"}, true},
		{"4xA6000 over PCIe as chosen", "a6000-pcie-4", model.Recommendation{GPU: "RTX A6000", GPUCount: 4, VRAMGiB: 192}, &model.Offer{Interconnect: model.InterconnectPCIe}, nil, false},
		{"PCIe where NVSwitch was chosen", "rtx4090-pcie-8", model.Recommendation{GPU: "GeForce RTX 4090", GPUCount: 8, VRAMGiB: 192}, &model.Offer{Interconnect: model.InterconnectNVSwitch}, []string{"GPU link"}, true},
		{"less memory per GPU", "a100-mig", model.Recommendation{GPU: "A100-80GB SXM4", GPUCount: 1, VRAMGiB: 80}, nil, []string{"GPU memory (each)"}, true},
		{"MIG slice as chosen", "a100-mig", model.Recommendation{GPU: "A100-40GB SXM4", GPUCount: 1, VRAMGiB: 20}, nil, nil, false},
		{"container with fewer CPUs", "container-limited", h100, h100Offer, []string{"vCPUs usable"}, true},
		{"RAM short", "container-limited", h100, &model.Offer{VCPUs: 32, MemoryGiB: 2048, Hyperthreaded: model.Yes}, []string{"RAM"}, true},
		{"threads per core (does not matter)", "h100-sxm-8", h100, &model.Offer{Interconnect: model.InterconnectNVSwitch, VCPUs: 112, Hyperthreaded: model.No}, []string{"threads per core"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checks := Verify(tc.rec, tc.offer, machine(t, tc.dir))
			fail := map[string]bool{}
			for _, f := range tc.fail {
				fail[f] = true
				if c, ok := byName(checks)[f]; !ok || c.Pass || c.Skipped {
					t.Errorf("%s: want a failure, got %+v", f, c)
				}
			}
			for _, c := range checks {
				if !fail[c.Name] && !c.Pass && !c.Skipped {
					t.Errorf("%s failed: expected %s, found %s", c.Name, c.Expected, c.Found)
				}
			}
			if got := Mismatch(checks); got != tc.mismatch {
				t.Errorf("Mismatch = %v, want %v", got, tc.mismatch)
			}
		})
	}
}

func TestVerifyNVMe(t *testing.T) {
	m := probe.Machine{GPUs: []probe.GPU{{Name: "NVIDIA L4", MemoryMiB: 23034}}, Disks: []probe.Disk{{Name: "nvme0n1", SizeBytes: 1e11, Model: "Amazon Elastic Block Store"}}}
	rec := model.Recommendation{GPU: "L4", GPUCount: 1, VRAMGiB: 24}
	c := byName(Verify(rec, new(model.Offer{}.WithDetail(model.OfferDetail{LocalNVMe: "1x600 GB NVMe SSD"})), m))["local NVMe"]
	if c.Pass || c.Skipped || c.Matters {
		t.Errorf("EBS only where instance NVMe was expected: %+v", c)
	}
	m.Disks = append(m.Disks, probe.Disk{Name: "nvme1n1", SizeBytes: 6e11, Model: "Amazon EC2 NVMe Instance Storage"})
	if c := byName(Verify(rec, new(model.Offer{}.WithDetail(model.OfferDetail{LocalNVMe: "1x600 GB NVMe SSD"})), m))["local NVMe"]; !c.Pass {
		t.Errorf("instance NVMe present: %+v", c)
	}
}
