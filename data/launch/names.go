package launch

import (
	"path"
	"sort"
	"strings"
)

// providerName is how one gpupick provider is called by each launcher; ""
// means the launcher does not support it.
type providerName struct {
	// Sky is the SkyPilot cloud name used in `infra` (the folder name of
	// its catalog, skypilot-org/skypilot-catalog catalogs/v*/<cloud>/ at
	// the commits of data/facts/skypilot_files.csv; sky/clouds/<cloud>.py in
	// skypilot-org/skypilot).
	Sky string
	// DStack is the dstack backend type (BackendType in dstackai/dstack
	// src/dstack/_internal/core/models/backends/base.py).
	DStack string
	// DStackInstances is true when dstack names this backend's instances
	// with the same names as gpupick's catalog (the provider's own API
	// names), so the config may pin instance_types; elsewhere gpupick's
	// instance type is SkyPilot's name and only the GPU, region and price
	// select the offer.
	DStackInstances bool
}

// providers maps gpupick provider keys (data/facts/providers.csv) to the
// launchers' names. A provider absent here is supported by neither.
var providers = map[string]providerName{
	"aws":        {Sky: "aws", DStack: "aws", DStackInstances: true},
	"gcp":        {Sky: "gcp", DStack: "gcp", DStackInstances: true},
	"azure":      {Sky: "azure", DStack: "azure", DStackInstances: true},
	"lambda":     {Sky: "lambda", DStack: "lambda", DStackInstances: true},
	"oci":        {Sky: "oci", DStack: "oci", DStackInstances: true},
	"runpod":     {Sky: "runpod", DStack: "runpod"},
	"vast":       {Sky: "vast", DStack: "vastai"},
	"nebius":     {Sky: "nebius", DStack: "nebius"},
	"cudo":       {Sky: "cudo", DStack: "cudo"},
	"verda":      {Sky: "verda", DStack: "verda"},
	"do":         {Sky: "do", DStack: "digitalocean"},
	"fluidstack": {Sky: "fluidstack"},
	"paperspace": {Sky: "paperspace"},
	"ibm":        {Sky: "ibm"},
	"hyperbolic": {Sky: "hyperbolic"},
	"hyperstack": {Sky: "hyperstack"},
	"seeweb":     {Sky: "seeweb"},
	// Not supported by either launcher (no SkyPilot cloud, no dstack
	// backend): alibaba, tencent, huawei, featurize, autodl; coreweave is
	// reached through Kubernetes only.
}

// skyAccel is one row of the SkyPilot accelerator-name table: the
// AcceleratorName that SkyPilot's catalog lists for offers of a gpupick GPU,
// on one provider (or any, Provider ""), for instance types matching
// Instance (a path.Match pattern, "" for any). The first matching row with a
// provider wins, then the row without one.
//
// Source: the AcceleratorName column of skypilot-org/skypilot-catalog
// catalogs/v*/<cloud>/vms.csv at the commits of data/facts/skypilot_files.csv,
// joined with the embedded catalog by provider and instance type (the test
// TestSkyNamesMatchSkyPilotCatalog redoes the join on ../shared/data).
type skyAccel struct {
	Provider, GPU, Instance, Name string
}

var skyAccels = []skyAccel{
	{GPU: "A10", Name: "A10"},
	{GPU: "A100-40GB PCIe", Name: "A100"},
	{GPU: "A100-40GB PCIe or A100-40GB SXM4", Name: "A100"},
	{GPU: "A100-40GB SXM4", Name: "A100"},
	{GPU: "A100-80GB PCIe", Name: "A100-80GB"},
	{Provider: "cudo", GPU: "A100-80GB PCIe", Name: "A100"},
	{Provider: "hyperstack", GPU: "A100-80GB PCIe", Instance: "*-NVLink", Name: "A100-80G-PCIe-NVLink"},
	{Provider: "hyperstack", GPU: "A100-80GB PCIe", Name: "A100-80G-PCIe"},
	{GPU: "A100-80GB PCIe or A100-80GB SXM4", Name: "A100-80GB"},
	{Provider: "seeweb", GPU: "A100-80GB PCIe or A100-80GB SXM4", Name: "A100"},
	{GPU: "A100-80GB SXM4", Name: "A100-80GB"},
	{Provider: "runpod", GPU: "A100-80GB SXM4", Name: "A100-80GB-SXM"},
	{GPU: "A10G", Name: "A10G"},
	{GPU: "A30", Name: "A30"},
	{GPU: "A40", Name: "A40"},
	{GPU: "A800 80GB PCIe", Name: "A800"},
	{GPU: "B200 (HGX, 1000 W)", Name: "B200"},
	{GPU: "B300 (HGX)", Name: "B300"},
	{GPU: "GH200 (96 GB HBM3)", Name: "GH200"},
	{GPU: "Gaudi HL-205", Name: "Gaudi HL-205"},
	{GPU: "GeForce RTX 3060 (12 GB)", Name: "RTX3060"},
	{GPU: "GeForce RTX 3060 Ti", Name: "RTX3060"},
	{GPU: "GeForce RTX 3090", Name: "RTX3090"},
	{GPU: "GeForce RTX 4060 Ti 16GB", Name: "RTX4060"},
	{GPU: "GeForce RTX 4070 Ti SUPER", Name: "RTX4070"},
	{GPU: "GeForce RTX 4090", Name: "RTX4090"},
	{GPU: "GeForce RTX 5070", Name: "RTX5070"},
	{GPU: "GeForce RTX 5090", Name: "RTX5090"},
	{GPU: "H100 NVL", Name: "H100"},
	{Provider: "runpod", GPU: "H100 NVL", Name: "H100-NVL"},
	{GPU: "H100 PCIe", Name: "H100"},
	{Provider: "hyperstack", GPU: "H100 PCIe", Instance: "*-NVLink", Name: "H100-80G-PCIe-NVLink"},
	{Provider: "hyperstack", GPU: "H100 PCIe", Name: "H100-80G-PCIe"},
	{GPU: "H100 PCIe or H100 SXM5", Name: "H100"},
	{GPU: "H100 SXM5", Name: "H100"},
	{Provider: "cudo", GPU: "H100 SXM5", Name: "H100-SXM"},
	{Provider: "fluidstack", GPU: "H100 SXM5", Name: "H100-NVLINK"},
	// GCP's catalog lists the A3 Mega accelerator as H100-MEGA.
	{Provider: "gcp", GPU: "H100 SXM5", Instance: "a3-megagpu-*", Name: "H100-MEGA"},
	{Provider: "hyperstack", GPU: "H100 SXM5", Name: "H100-80G-SXM5"},
	{Provider: "runpod", GPU: "H100 SXM5", Name: "H100-SXM"},
	{GPU: "H200 SXM", Name: "H200"},
	{Provider: "runpod", GPU: "H200 SXM", Name: "H200-SXM"},
	{GPU: "Instinct MI300X", Name: "MI300X"},
	{GPU: "K80 (per GPU)", Name: "K80"},
	{GPU: "L4", Name: "L4"},
	{GPU: "L40", Name: "L40"},
	{GPU: "L40S", Name: "L40S"},
	{GPU: "P100 PCIe 16GB or P100 SXM2 16GB", Name: "P100"},
	{GPU: "Tesla P4", Name: "P4"},
	{GPU: "Quadro M4000", Name: "M4000"},
	{GPU: "Quadro P4000", Name: "P4000"},
	{GPU: "Quadro RTX 6000 (Turing, 24 GB)", Name: "RTX6000"},
	{GPU: "RTX 2000 Ada Generation", Name: "RTX2000-Ada"},
	{GPU: "RTX 4000 Ada Generation", Name: "RTX4000-Ada"},
	{GPU: "RTX 5880 Ada Generation", Name: "RTX5880-Ada"},
	{GPU: "RTX 6000 Ada Generation", Name: "RTX6000-Ada"},
	{Provider: "verda", GPU: "RTX 6000 Ada Generation", Name: "RTX-6000-Ada"},
	{GPU: "RTX A4000", Name: "A4000"},
	{Provider: "hyperstack", GPU: "RTX A4000", Name: "RTX-A4000"},
	{Provider: "runpod", GPU: "RTX A4000", Name: "RTXA4000"},
	{GPU: "RTX A4500", Name: "RTXA4500"},
	{GPU: "RTX A5000", Name: "RTXA5000"},
	{GPU: "RTX A6000", Name: "RTXA6000"},
	{Provider: "hyperstack", GPU: "RTX A6000", Name: "RTX-A6000"},
	{Provider: "lambda", GPU: "RTX A6000", Name: "A6000"},
	{GPU: "RTX PRO 4000 Blackwell", Name: "RTXPRO4000"},
	{GPU: "RTX PRO 4500 Blackwell", Name: "RTXPRO4500"},
	{GPU: "RTX PRO 4500 SE (RunPod name)", Name: "RTXPRO4500-SE"},
	{GPU: "RTX PRO 5000 Blackwell (48 GB)", Name: "RTXPRO5000"},
	{GPU: "RTX PRO 6000 Blackwell Server Edition or RTX PRO 6000 Blackwell Workstation Edition", Name: "RTXPRO6000"},
	{Provider: "seeweb", GPU: "RTX PRO 6000 Blackwell Server Edition or RTX PRO 6000 Blackwell Workstation Edition", Name: "RTX PRO 6000 96GB"},
	{Provider: "verda", GPU: "RTX PRO 6000 Blackwell Server Edition or RTX PRO 6000 Blackwell Workstation Edition", Name: "RTX-PRO-6000"},
	{GPU: "RTX PRO 6000 Blackwell Workstation Edition", Name: "RTXPRO6000WS"},
	{Provider: "runpod", GPU: "RTX PRO 6000 Blackwell Workstation Edition", Name: "RTXPRO6000-WK"},
	{GPU: "Radeon Instinct MI25", Name: "Radeon MI25"},
	{GPU: "Radeon Pro V520", Name: "Radeon Pro V520"},
	{GPU: "T4", Name: "T4"},
	{GPU: "Tesla M60 (per GPU)", Name: "M60"},
	{GPU: "V100 PCIe 16GB or V100 SXM2 16GB", Name: "V100"},
	{GPU: "V100 SXM2 16GB", Name: "V100"},
	{GPU: "V100 SXM2 32GB", Name: "V100-32GB"},
}

// skyAcceleratorName returns SkyPilot's accelerator name for a gpupick GPU
// on a provider's instance type, or "" when the table has none.
func skyAcceleratorName(provider, gpu, instance string) string {
	var generic string
	for _, r := range skyAccels {
		if r.GPU != gpu {
			continue
		}
		if r.Instance != "" {
			if ok, _ := path.Match(r.Instance, instance); !ok {
				continue
			}
		}
		if r.Provider == provider {
			return r.Name
		}
		if r.Provider == "" && generic == "" {
			generic = r.Name
		}
	}
	return generic
}

// dstackGPU is dstack's name of a gpupick GPU: gpuhunt's KNOWN_NVIDIA_GPUS
// and KNOWN_AMD_GPUS (dstackai/gpuhunt src/gpuhunt/_internal/constraints.py),
// the names dstack's `resources.gpu` matches. The memory of one GPU is given
// beside the name (A100:80GB), so one name serves both sizes.
var dstackGPU = map[string]string{
	"A10":                              "A10",
	"A16 (per GPU, GA107)":             "A16",
	"A40":                              "A40",
	"A100-40GB PCIe":                   "A100",
	"A100-40GB SXM4":                   "A100",
	"A100-40GB PCIe or A100-40GB SXM4": "A100",
	"A100-80GB PCIe":                   "A100",
	"A100-80GB SXM4":                   "A100",
	"A100-80GB PCIe or A100-80GB SXM4": "A100",
	"A10G":                             "A10G",
	"RTX A4000":                        "A4000",
	"RTX A4500":                        "A4500",
	"RTX A5000":                        "A5000",
	"RTX A6000":                        "A6000",
	"H100 SXM5":                        "H100",
	"H100 PCIe":                        "H100",
	"H100 PCIe or H100 SXM5":           "H100",
	"H100 NVL":                         "H100NVL",
	"H200 SXM":                         "H200",
	"B200 (HGX, 1000 W)":               "B200",
	"L4":                               "L4",
	"L40":                              "L40",
	"L40S":                             "L40S",
	"P100 PCIe 16GB":                   "P100",
	"P100 SXM2 16GB":                   "P100",
	"P100 PCIe 16GB or P100 SXM2 16GB": "P100",
	"GeForce RTX 3060 (12 GB)":         "RTX3060",
	"GeForce RTX 3060 Ti":              "RTX3060Ti",
	"GeForce RTX 3080 (10 GB)":         "RTX3080",
	"GeForce RTX 3090":                 "RTX3090",
	"GeForce RTX 4090":                 "RTX4090",
	"Quadro RTX 6000 (Turing, 24 GB)":  "RTX6000",
	"RTX 2000 Ada Generation":          "RTX2000Ada",
	"RTX 4000 Ada Generation":          "RTX4000Ada",
	"RTX 6000 Ada Generation":          "RTX6000Ada",
	"T4":                               "T4",
	"V100 PCIe 16GB":                   "V100",
	"V100 SXM2 16GB":                   "V100",
	"V100 SXM2 32GB":                   "V100",
	"V100 PCIe 16GB or V100 SXM2 16GB": "V100",
	"Instinct MI250X":                  "MI250X",
	"Instinct MI300X":                  "MI300X",
	"Gaudi HL-205":                     "Gaudi",
}

// dstackMemory is the memory (GB) gpuhunt knows for each dstack GPU name
// (same source as dstackGPU: gpuhunt's corrected sizes, which dstack's
// `name:memory:count` matches); a name with two sizes takes the one nearest
// the offer's.
var dstackMemory = map[string][]int{
	"A10": {24}, "A16": {16}, "A40": {48}, "A100": {40, 80}, "A10G": {24}, "A4000": {16}, "A4500": {20},
	"A5000": {24}, "A6000": {48}, "H100": {80}, "H100NVL": {94}, "H200": {141}, "B200": {180}, "L4": {24},
	"L40": {48}, "L40S": {48}, "P100": {16}, "RTX3060": {8, 12}, "RTX3060Ti": {8}, "RTX3080": {10},
	"RTX3090": {24}, "RTX4090": {24}, "RTX6000": {24}, "RTX2000Ada": {16}, "RTX4000Ada": {20},
	"RTX6000Ada": {48}, "T4": {16}, "V100": {16, 32}, "MI250X": {128}, "MI300X": {192}, "Gaudi": {32},
}

// SupportedProviders returns the gpupick providers a tool supports, sorted.
func SupportedProviders(t Tool) []string {
	var out []string
	for k, p := range providers {
		if (t == SkyPilot && p.Sky != "") || (t == DStack && p.DStack != "") {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// lowerName makes a launcher-safe run name: lower-case letters, digits and
// dashes, starting with a letter, at most 40 characters (dstack's run-name
// rule, which SkyPilot's names also satisfy).
func lowerName(parts ...string) string {
	var b strings.Builder
	dash := false
	for _, p := range parts {
		for _, r := range strings.ToLower(p) {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9' && b.Len() > 0:
				b.WriteRune(r)
				dash = false
			case b.Len() > 0 && !dash:
				b.WriteByte('-')
				dash = true
			}
		}
		if b.Len() > 0 && !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-")
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "-")
	}
	if s == "" {
		s = "gpupick"
	}
	return s
}
