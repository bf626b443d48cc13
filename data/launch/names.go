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
	// SkyNodes: SkyPilot runs several nodes on the cloud.
	SkyNodes bool
	// SkyNetwork is how SkyPilot gets a cluster network: "best"
	// (network_tier: best), "h100x8" (only for 8 H100 or H200), "" (it
	// cannot).
	SkyNetwork string
	// SkyDocker: SkyPilot starts a task in a container image on the cloud
	// (image_id: docker:...); where it cannot, the run starts the image
	// with docker itself (dockerRun).
	SkyDocker bool
	// SkyPorts: SkyPilot opens a task's ports on the cloud (else a server
	// is reached through an SSH tunnel and is no SkyServe service).
	SkyPorts bool
	// SkyAutostop is what resources.autostop can do on the cloud:
	// skyAutodown, skyAutostopOnly, or "" (neither).
	SkyAutostop string
	// DStackNodes: the dstack backend runs a distributed task on a
	// cluster fleet.
	DStackNodes bool
}

// providers (tables.go, read from names/providers.tsv) maps gpupick
// provider keys (data/facts/providers.csv) to the launchers' names. A
// provider absent there is supported by neither: alibaba, tencent, huawei,
// featurize, autodl (no SkyPilot cloud, no dstack backend); coreweave is
// reached through Kubernetes only.

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
	{GPU: "H100 PCIe or H100 SXM5", Name: "H100"},
	{GPU: "H100 SXM5", Name: "H100"},
	{Provider: "cudo", GPU: "H100 SXM5", Name: "H100-SXM"},
	{Provider: "fluidstack", GPU: "H100 SXM5", Name: "H100-NVLINK"},
	// GCP's catalog lists the A3 Mega accelerator as H100-MEGA.
	{Provider: "gcp", GPU: "H100 SXM5", Instance: "a3-megagpu-*", Name: "H100-MEGA"},
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
	{Provider: "runpod", GPU: "RTX A4000", Name: "RTXA4000"},
	{GPU: "RTX A4500", Name: "RTXA4500"},
	{GPU: "RTX A5000", Name: "RTXA5000"},
	{GPU: "RTX A6000", Name: "RTXA6000"},
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

// SupportedProviders returns the gpupick providers a tool supports, sorted.
func SupportedProviders(t Tool) []string {
	var out []string
	for k, p := range names().providers {
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
