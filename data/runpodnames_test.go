package data

import (
	"testing"
)

// SkyPilot's rule, as ported, gives every RunPod row of SkyPilot's catalog
// its AcceleratorName from its GPU's display name (GpuInfo Name) and its
// InstanceType from the count: the live reader, which reads the same
// display names from RunPod's API, names pods as the catalog does.
func TestRunPodSkyNamesMatchSkyPilotCatalog(t *testing.T) {
	rows, err := ParseSkyPilot(sharedFile(t, "skypilot/runpod_vms_gpu.csv"), "runpod_vms_gpu.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 200 {
		t.Fatalf("%d rows, want SkyPilot's 222", len(rows))
	}
	for _, r := range rows {
		if got := RunPodSkyGPU(r.GPUInfoName); got != r.Accelerator {
			t.Errorf("line %d: %q -> %q, SkyPilot's catalog says %q", r.Line, r.GPUInfoName, got, r.Accelerator)
		}
		if got := RunPodInstance(int(r.Count), r.Accelerator, RunPodSecure); got != r.InstanceType {
			t.Errorf("line %d: instance %q, SkyPilot's catalog says %q", r.Line, got, r.InstanceType)
		}
	}
}

// RunPod's GPU ids (what gpuhunt's rows carry) name the GPU SkyPilot's own
// provisioner maps back to the same id: GPU_NAME_MAP of
// sky/provision/runpod/utils.py (skypilot-org/skypilot @ 93a24d47), the
// entries whose name is the catalog's (SkyPilot's map writes a few names
// its fetcher does not: RTX3080Ti, V100-16GB-SXM2, ...). An id outside
// RunPod's table keeps the id.
func TestRunPodGPUIDs(t *testing.T) {
	skyProvision := map[string]string{ // SkyPilot name -> RunPod GPU id
		"MI300X": "AMD Instinct MI300X OAM", "A100-80GB": "NVIDIA A100 80GB PCIe", "A100-80GB-SXM": "NVIDIA A100-SXM4-80GB",
		"A30": "NVIDIA A30", "A40": "NVIDIA A40", "B200": "NVIDIA B200", "RTX3070": "NVIDIA GeForce RTX 3070",
		"RTX3080": "NVIDIA GeForce RTX 3080", "RTX3090": "NVIDIA GeForce RTX 3090", "RTX4080": "NVIDIA GeForce RTX 4080",
		"RTX4090": "NVIDIA GeForce RTX 4090", "RTX5080": "NVIDIA GeForce RTX 5080", "RTX5090": "NVIDIA GeForce RTX 5090",
		"H100-SXM": "NVIDIA H100 80GB HBM3", "H100-NVL": "NVIDIA H100 NVL", "H100": "NVIDIA H100 PCIe", "H200-SXM": "NVIDIA H200",
		"L4": "NVIDIA L4", "L40": "NVIDIA L40", "L40S": "NVIDIA L40S", "RTX2000-Ada": "NVIDIA RTX 2000 Ada Generation",
		"RTX4000-Ada": "NVIDIA RTX 4000 Ada Generation", "RTX5000-Ada": "NVIDIA RTX 5000 Ada Generation",
		"RTX6000-Ada": "NVIDIA RTX 6000 Ada Generation", "RTXA2000": "NVIDIA RTX A2000", "RTXA4000": "NVIDIA RTX A4000",
		"RTXA4500": "NVIDIA RTX A4500", "RTXA5000": "NVIDIA RTX A5000", "RTXA6000": "NVIDIA RTX A6000",
		"RTXPRO4500": "NVIDIA RTX PRO 4500 Blackwell", "RTXPRO6000": "NVIDIA RTX PRO 6000 Blackwell Server Edition",
		"RTXPRO6000-WK": "NVIDIA RTX PRO 6000 Blackwell Workstation Edition",
	}
	for name, id := range skyProvision {
		if got := runpodGPUOfID(id); got != name {
			t.Errorf("%s: %q, SkyPilot's provisioner names it %q", id, got, name)
		}
	}
	if got := runpodGPUOfID("NVIDIA Future GPU"); got != "NVIDIA Future GPU" {
		t.Errorf("an unknown id became %q", got)
	}
}

// gpuhunt's RunPod locations: a datacenter is Secure Cloud and becomes its
// country, a country code is Community Cloud, a cluster row is CLUSTER.
func TestRunPodGpuhuntPlace(t *testing.T) {
	for _, tc := range []struct {
		loc           string
		flags         []string
		cloud, region string
	}{
		{"EU-RO-1", nil, RunPodSecure, "RO"},
		{"US-KS-2", []string{"runpod-cluster"}, RunPodCluster, "US"},
		{"CA", nil, RunPodCommunity, "CA"},
		{"XX-NEW-9", nil, RunPodSecure, "XX-NEW-9"},
	} {
		cloud, region := runpodGpuhuntPlace(tc.loc, tc.flags)
		if cloud != tc.cloud || region != tc.region {
			t.Errorf("%s %v: %s in %s, want %s in %s", tc.loc, tc.flags, cloud, region, tc.cloud, tc.region)
		}
	}
}

// A live Vast place gets the continent SkyPilot's Vast regions carry,
// where the region table knows the country's; else it stays as read.
func TestVastRegion(t *testing.T) {
	for in, want := range map[string]string{
		"Ontario, CA":     "Ontario, CA, NA",
		"Bavaria, DE":     "Bavaria, DE, EU",
		"Sichuan, CN":     "Sichuan, CN, AS",
		"Somewhere, ZZ":   "Somewhere, ZZ",
		"Romania, RO, EU": "Romania, RO, EU",
	} {
		if got := vastRegion(in); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
}
