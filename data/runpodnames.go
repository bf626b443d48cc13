package data

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// RunPod offers are named as SkyPilot's RunPod catalog names them, whatever
// source read them (SkyPilot's CSV, RunPod's live API, gpuhunt's catalog),
// so that one pod is one offer (MergeOffers keys on provider and instance
// type) and a launcher is given a name it knows: "<count>x_<GPU>_<cloud>",
// as sky/catalog/data_fetchers/fetch_runpod.py writes InstanceType
// (f'{gpu_count}x_{base_gpu_name}_SECURE', skypilot-org/skypilot @ 93a24d47)
// and sky/provision/runpod/utils.py reads it back (count, GPU name, RunPod
// cloudType). SkyPilot lists Secure Cloud pods only; a Community Cloud pod
// takes RunPod's other cloudType, COMMUNITY, and an Instant Cluster
// (gpuhunt's runpod-cluster rows) gpupick's CLUSTER: no launcher catalog
// has those names, and the exports say so.

// RunPod clouds as the instance name's last part (model.RunPodSecure ...).
const (
	RunPodSecure    = model.RunPodSecure
	RunPodCommunity = model.RunPodCommunity
	RunPodCluster   = model.RunPodCluster
)

// runpodSkyOverrides is GPU_NAME_OVERRIDES of SkyPilot's fetch_runpod.py
// (@ 93a24d47): names its rule derives that SkyPilot keeps under an older
// name for backwards compatibility.
// Made on first use, not at start-up (issue 26).
var runpodSkyOverrides = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"A100-PCIe": "A100-80GB",
		"A100-SXM":  "A100-80GB-SXM",
		"H100-PCIe": "H100",
	}
}}

// RunPodSkyGPU is SkyPilot's name of a RunPod GPU from RunPod's display
// name: fetch_runpod.py format_gpu_name ("RTX PRO " -> "RTXPRO", "RTX " ->
// "RTX", spaces -> hyphens, then runpodSkyOverrides): "A100 SXM" ->
// "A100-80GB-SXM", "RTX 4000 Ada" -> "RTX4000-Ada".
func RunPodSkyGPU(display string) string {
	s := strings.ReplaceAll(display, "RTX PRO ", "RTXPRO")
	s = strings.ReplaceAll(s, "RTX ", "RTX")
	s = strings.ReplaceAll(s, " ", "-")
	if o, ok := runpodSkyOverrides.Get()[s]; ok {
		return o
	}
	return s
}

// RunPodInstance is the instance name of count GPUs named gpu (SkyPilot's
// name, or RunPod's GPU id where no display name is known) in a cloud.
func RunPodInstance(count int, gpu, cloud string) string {
	return fmt.Sprintf("%dx_%s_%s", count, gpu, cloud)
}

// runpodDisplayNames are RunPod's display names by GPU id (the id is what
// gpuhunt's rows carry as instance_name): RunPod's GPU types table,
// github.com/runpod/docs references/gpu-types.mdx @ a900806e (generated
// 2026-02-12). The MIG slices of the RTX PRO 6000 are left out (SkyPilot
// lists none).
// Made on first use, not at start-up (issue 26).
var runpodDisplayNames = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"AMD Instinct MI300X OAM":            "MI300X",
		"NVIDIA A100 80GB PCIe":              "A100 PCIe",
		"NVIDIA A100-SXM4-80GB":              "A100 SXM",
		"NVIDIA A30":                         "A30",
		"NVIDIA A40":                         "A40",
		"NVIDIA B200":                        "B200",
		"NVIDIA B300 SXM6 AC":                "B300",
		"NVIDIA GeForce RTX 3070":            "RTX 3070",
		"NVIDIA GeForce RTX 3080":            "RTX 3080",
		"NVIDIA GeForce RTX 3080 Ti":         "RTX 3080 Ti",
		"NVIDIA GeForce RTX 3090":            "RTX 3090",
		"NVIDIA GeForce RTX 3090 Ti":         "RTX 3090 Ti",
		"NVIDIA GeForce RTX 4070 Ti":         "RTX 4070 Ti",
		"NVIDIA GeForce RTX 4080":            "RTX 4080",
		"NVIDIA GeForce RTX 4080 SUPER":      "RTX 4080 SUPER",
		"NVIDIA GeForce RTX 4090":            "RTX 4090",
		"NVIDIA GeForce RTX 5080":            "RTX 5080",
		"NVIDIA GeForce RTX 5090":            "RTX 5090",
		"NVIDIA H100 80GB HBM3":              "H100 SXM",
		"NVIDIA H100 NVL":                    "H100 NVL",
		"NVIDIA H100 PCIe":                   "H100 PCIe",
		"NVIDIA H200":                        "H200 SXM",
		"NVIDIA H200 NVL":                    "NVIDIA H200 NVL",
		"NVIDIA L4":                          "L4",
		"NVIDIA L40":                         "L40",
		"NVIDIA L40S":                        "L40S",
		"NVIDIA RTX 2000 Ada Generation":     "RTX 2000 Ada",
		"NVIDIA RTX 4000 Ada Generation":     "RTX 4000 Ada",
		"NVIDIA RTX 4000 SFF Ada Generation": "RTX 4000 Ada SFF",
		"NVIDIA RTX 5000 Ada Generation":     "RTX 5000 Ada",
		"NVIDIA RTX 6000 Ada Generation":     "RTX 6000 Ada",
		"NVIDIA RTX A2000":                   "RTX A2000",
		"NVIDIA RTX A4000":                   "RTX A4000",
		"NVIDIA RTX A4500":                   "RTX A4500",
		"NVIDIA RTX A5000":                   "RTX A5000",
		"NVIDIA RTX A6000":                   "RTX A6000",
		"NVIDIA RTX PRO 4500 Blackwell":      "RTX PRO 4500",
		"NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition": "RTX PRO 6000 MaxQ",
		"NVIDIA RTX PRO 6000 Blackwell Server Edition":            "RTX PRO 6000",
		"NVIDIA RTX PRO 6000 Blackwell Workstation Edition":       "RTX PRO 6000 WK",
		"Tesla V100-PCIE-16GB":                                    "Tesla V100",
		"Tesla V100-SXM2-16GB":                                    "V100 SXM2",
		"Tesla V100-SXM2-32GB":                                    "V100 SXM2 32GB",
	}
}}

// runpodGPUOfID is SkyPilot's GPU name of a RunPod GPU id, or the id
// itself when RunPod's table has no display name for it (the name is then
// no launcher's).
func runpodGPUOfID(id string) string {
	if d, ok := runpodDisplayNames.Get()[id]; ok {
		return RunPodSkyGPU(d)
	}
	return id
}

// runpodDatacentersTSV is RunPod's datacenters by country, the table the
// dstack export reads too (launch/names/runpod_datacenters.tsv: SkyPilot's
// RunPod catalog Region and AvailabilityZone).
//
//go:embed launch/names/runpod_datacenters.tsv
var runpodDatacentersTSV string

// runpodCountryOf is the country (SkyPilot's RunPod Region) of each RunPod
// datacenter id.
var runpodCountryOf = lazy.Value[map[string]string]{New: func() map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(runpodDatacentersTSV, "\n") {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) != 2 || strings.HasPrefix(f[0], "#") || f[0] == "country" {
			continue
		}
		out[f[1]] = f[0]
	}
	return out
}}

// runpodGpuhuntPlace is the cloud and the region of a gpuhunt RunPod row:
// an Instant Cluster (flag runpod-cluster) is CLUSTER; a Secure Cloud pod
// is listed by datacenter id, a Community Cloud one by country code
// (gpuhunt providers/runpod.py _make_offers; dstack's _is_secure_cloud: a
// "-" in the region). A datacenter becomes its country, as SkyPilot's and
// the catalog's RunPod regions are; one the table lacks stays as it is.
func runpodGpuhuntPlace(location string, flags []string) (cloud, region string) {
	secure := strings.Contains(location, "-")
	region = location
	if secure {
		if c, ok := runpodCountryOf.Get()[location]; ok {
			region = c
		}
	}
	switch {
	case containsFold(flags, "runpod-cluster"):
		return RunPodCluster, region
	case secure:
		return RunPodSecure, region
	default:
		return RunPodCommunity, region
	}
}
