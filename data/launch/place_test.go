package launch

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// The embedded name tables parse.
func TestNameTablesLoad(t *testing.T) {
	nt, err := tables()
	if err != nil {
		t.Fatal(err)
	}
	if len(nt.providers) < 15 || len(nt.dstackGPUs) < 40 || len(nt.runpodDCs) < 10 || len(nt.gpuhuntKeep) < 5 || len(nt.skyGCPHosts) < 20 {
		t.Errorf("tables too small: %d providers, %d dstack GPUs, %d RunPod countries, %d gpuhunt rules, %d GCP hosts",
			len(nt.providers), len(nt.dstackGPUs), len(nt.runpodDCs), len(nt.gpuhuntKeep), len(nt.skyGCPHosts))
	}
}

// Each export names the offer's place in the launcher's words, or refuses
// with the reason (the cases of issue 23's launchcheck run).
func TestPlaces(t *testing.T) {
	on, spot := model.PriceOnDemand, model.PriceSpot
	tests := []struct {
		name string
		rec  model.Recommendation
		// SkyPilot: infra, instance type, network tier, or the refusal.
		skyInfra, skyInstance, skyNet, skyRefuse string
		// dstack: regions, instance types, fleets, or the refusal.
		dsRegions, dsInstances string
		dsFleet                bool
		dsRefuse               string
	}{
		{name: "GCP N1 host with a T4",
			rec:      model.Recommendation{Provider: "gcp", InstanceType: "n1-highmem-4+1xT4", Region: "us-central1", GPU: "T4", GPUCount: 1, PriceModel: on},
			skyInfra: "gcp/us-central1", skyInstance: "n1-highmem-4", dsRegions: "us-central1", dsInstances: "n1-highmem-4"},
		{name: "GCP a3-edgegpu-8g has no SkyPilot accelerator",
			rec:       model.Recommendation{Provider: "gcp", InstanceType: "a3-edgegpu-8g", Region: "us-central1", GPU: "H100 SXM5", GPUCount: 8, PriceModel: on},
			skyRefuse: WhatInstance, dsRegions: "us-central1", dsInstances: "a3-edgegpu-8g"},
		{name: "GCP spot zone is named; a3-highgpu-1g kept by gpuhunt as spot",
			rec:      model.Recommendation{Provider: "gcp", InstanceType: "a3-highgpu-1g", Region: "us-south1", Zone: "us-south1-b", GPU: "H100 SXM5", GPUCount: 1, PriceModel: spot},
			skyInfra: "gcp/us-south1/us-south1-b", skyInstance: "a3-highgpu-1g", dsRegions: "us-south1", dsInstances: "a3-highgpu-1g"},
		{name: "GCP a3-highgpu-1g on demand is not in gpuhunt's catalog",
			rec:      model.Recommendation{Provider: "gcp", InstanceType: "a3-highgpu-1g", Region: "us-central1", GPU: "H100 SXM5", GPUCount: 1, PriceModel: on},
			skyInfra: "gcp/us-central1", skyInstance: "a3-highgpu-1g", dsRefuse: WhatInstance},
		{name: "AWS zone ID stays out of infra; p3 dropped by gpuhunt",
			rec:      model.Recommendation{Provider: "aws", InstanceType: "p3.2xlarge", Region: "us-east-1", Zone: "us-east-1/use1-az4", GPU: "V100 SXM2 16GB", GPUCount: 1, PriceModel: spot},
			skyInfra: "aws/us-east-1", skyInstance: "p3.2xlarge", dsRefuse: WhatInstance},
		{name: "Azure ND H100 v5 is not in gpuhunt's series",
			rec:      model.Recommendation{Provider: "azure", InstanceType: "Standard_ND96isr_H100_v5", Region: "eastus", GPU: "H100 SXM5", GPUCount: 8, PriceModel: on},
			skyInfra: "azure/eastus", skyInstance: "Standard_ND96isr_H100_v5", dsRefuse: WhatInstance},
		{name: "Azure NC A100 v4 is",
			rec:      model.Recommendation{Provider: "azure", InstanceType: "Standard_NC24ads_A100_v4", Region: "eastus2", GPU: "A100-80GB PCIe", GPUCount: 1, PriceModel: spot},
			skyInfra: "azure/eastus2", skyInstance: "Standard_NC24ads_A100_v4", dsRegions: "eastus2", dsInstances: "Standard_NC24ads_A100_v4"},
		{name: "Vast location with a city",
			rec:      model.Recommendation{Provider: "vast", InstanceType: "1x-RTX_3090-32-65536", Region: "Romania, RO, EU", GPU: "GeForce RTX 3090", GPUCount: 1, PriceModel: on},
			skyInfra: "vast/Romania, RO, EU", skyInstance: "1x-RTX_3090-32-65536", dsRegions: "ro-romania"},
		{name: "Vast location with a two-word city",
			rec:      model.Recommendation{Provider: "vast", InstanceType: "1x-RTX_PRO_6000_WS-32-65536", Region: "British Columbia, CA, NA", GPU: "RTX PRO 6000 Blackwell Workstation Edition", GPUCount: 1, PriceModel: on},
			skyInfra: "vast/British Columbia, CA, NA", skyInstance: "1x-RTX_PRO_6000_WS-32-65536", dsRegions: "ca-britishcolumbia"},
		{name: "Vast location without a city",
			rec:      model.Recommendation{Provider: "vast", InstanceType: "1x-RTX_5090-32-65536", Region: "CA, NA", GPU: "GeForce RTX 5090", GPUCount: 1, PriceModel: on},
			skyInfra: "vast/, CA, NA", skyInstance: "1x-RTX_5090-32-65536", dsRefuse: WhatRegion},
		{name: "live Vast offer: no per-host pin, the region in SkyPilot's form",
			rec:      model.Recommendation{Provider: "vast", InstanceType: "1x-RTX_4090-m37228-o21348645", Region: "Ontario, CA, NA", GPU: "GeForce RTX 4090", GPUCount: 1, PriceModel: on},
			skyInfra: "vast/Ontario, CA, NA", skyInstance: "", dsRegions: "ca-ontario"},
		{name: "live RunPod Secure Cloud pod pins SkyPilot's name",
			rec:      model.Recommendation{Provider: "runpod", InstanceType: "4x_A100-80GB-SXM_SECURE", GPU: "A100-80GB SXM4", GPUCount: 4, PriceModel: on},
			skyInfra: "runpod", skyInstance: "4x_A100-80GB-SXM_SECURE"},
		{name: "live RunPod Community Cloud pod: SkyPilot lists none",
			rec:       model.Recommendation{Provider: "runpod", InstanceType: "1x_RTX4090_COMMUNITY", GPU: "GeForce RTX 4090", GPUCount: 1, PriceModel: on},
			skyRefuse: WhatInstance},
		{name: "gpuhunt RunPod cluster: SkyPilot lists none",
			rec:       model.Recommendation{Provider: "runpod", InstanceType: "8x_H100-SXM_CLUSTER", Region: "US", GPU: "H100 SXM5", GPUCount: 8, PriceModel: on},
			skyRefuse: WhatInstance, dsRegions: strings.Join(names().runpodDCs["US"], ",")},
		{name: "gpuhunt RunPod GPU id RunPod's table lacks: no pin",
			rec:      model.Recommendation{Provider: "runpod", InstanceType: "1x_NVIDIA RTX PRO 5000 Blackwell_SECURE", GPU: "RTX PRO 5000 Blackwell (48 GB)", GPUCount: 1, PriceModel: on},
			skyInfra: "runpod", skyInstance: "", dsRefuse: WhatGPU},
		{name: "RunPod country becomes its Secure Cloud datacenters",
			rec:      model.Recommendation{Provider: "runpod", InstanceType: "1x_RTXA5000_SECURE", Region: "AU", GPU: "RTX A5000", GPUCount: 1, PriceModel: on},
			skyInfra: "runpod/AU", skyInstance: "1x_RTXA5000_SECURE", dsRegions: "OC-AU-1"},
		{name: "RunPod country without a datacenter",
			rec:      model.Recommendation{Provider: "runpod", InstanceType: "1x_RTXA5000_SECURE", Region: "ZZ", GPU: "RTX A5000", GPUCount: 1, PriceModel: on},
			skyInfra: "runpod/ZZ", skyInstance: "1x_RTXA5000_SECURE", dsRefuse: WhatRegion},
		{name: "AWS multi-node: EFA and a cluster fleet",
			rec:      model.Recommendation{Provider: "aws", InstanceType: "p5.48xlarge", Region: "us-east-1", GPU: "H100 SXM5", GPUCount: 8, Nodes: 4, PriceModel: on},
			skyInfra: "aws/us-east-1", skyInstance: "p5.48xlarge", skyNet: "best", dsRegions: "us-east-1", dsInstances: "p5.48xlarge", dsFleet: true},
		{name: "Nebius multi-node B200: no network tier in SkyPilot",
			rec:       model.Recommendation{Provider: "nebius", InstanceType: "gpu-b200-sxm-a_8gpu-160vcpu-1792gb", Region: "me-west1", GPU: "B200 (HGX, 1000 W)", GPUCount: 8, Nodes: 2, PriceModel: on},
			skyRefuse: WhatNodes, dsRegions: "me-west1", dsFleet: true},
		{name: "Nebius multi-node H100 x 8",
			rec:      model.Recommendation{Provider: "nebius", InstanceType: "gpu-h100-sxm_8gpu-128vcpu-1600gb", Region: "eu-north1", GPU: "H100 SXM5", GPUCount: 8, Nodes: 2, PriceModel: on},
			skyInfra: "nebius/eu-north1", skyInstance: "gpu-h100-sxm_8gpu-128vcpu-1600gb", skyNet: "best", dsRegions: "eu-north1", dsFleet: true},
		{name: "Azure multi-node: SkyPilot has no network tier there",
			rec:       model.Recommendation{Provider: "azure", InstanceType: "Standard_ND96isr_H200_v5", Region: "eastus", GPU: "H200 SXM", GPUCount: 8, Nodes: 4, PriceModel: on},
			skyRefuse: WhatNodes, dsRegions: "eastus", dsInstances: "Standard_ND96isr_H200_v5", dsFleet: true},
		{name: "Lambda multi-node: dstack's Lambda backend runs no cluster",
			rec:       model.Recommendation{Provider: "lambda", InstanceType: "gpu_8x_h100_sxm5", Region: "us-east-1", GPU: "H100 SXM5", GPUCount: 8, Nodes: 2, PriceModel: on},
			skyRefuse: WhatNodes, dsRefuse: WhatNodes},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sky, err := NewSkyTask(Job{Rec: &tc.rec})
			if tc.skyRefuse != "" {
				wantRefusal(t, SkyPilot, err, tc.skyRefuse)
			} else if err != nil {
				t.Errorf("skypilot: %v", err)
			} else if r := sky.Resources; r.Infra != tc.skyInfra || r.InstanceType != tc.skyInstance || r.NetworkTier != tc.skyNet {
				t.Errorf("skypilot infra %q instance %q network %q, want %q %q %q", r.Infra, r.InstanceType, r.NetworkTier, tc.skyInfra, tc.skyInstance, tc.skyNet)
			}
			ds, err := NewDStackTask(Job{Rec: &tc.rec})
			if tc.dsRefuse != "" {
				wantRefusal(t, DStack, err, tc.dsRefuse)
				return
			}
			if err != nil {
				t.Fatalf("dstack: %v", err)
			}
			if got := strings.Join(ds.Regions, ","); got != tc.dsRegions {
				t.Errorf("dstack regions %q, want %q", got, tc.dsRegions)
			}
			if got := strings.Join(ds.InstanceTypes, ","); got != tc.dsInstances {
				t.Errorf("dstack instance_types %q, want %q", got, tc.dsInstances)
			}
			if (len(ds.Fleets) == 1) != tc.dsFleet {
				t.Errorf("dstack fleets %v, want a fleet: %v", ds.Fleets, tc.dsFleet)
			}
			f, err := NewDStackFleet(Job{Rec: &tc.rec})
			if err != nil {
				t.Fatal(err)
			}
			if tc.dsFleet && (f.Placement != "cluster" || f.Nodes != (DStackFleetNodes{Min: 0, Max: tc.rec.Nodes}) || f.IdleDuration != "5m" || f.Name != ds.Fleets[0]) {
				t.Errorf("fleet %+v: want placement cluster, %d nodes released when idle, named as the task's fleets %v", f, tc.rec.Nodes, ds.Fleets)
			}
		})
	}
}

// wantRefusal checks an UnsupportedError about what, with a reason in
// both languages that names the value.
func wantRefusal(t *testing.T, tool Tool, err error, what string) {
	t.Helper()
	var ue *UnsupportedError
	if !errors.As(err, &ue) || ue.What != what {
		t.Errorf("%s: want a refusal of the %s, got %v", tool, what, err)
		return
	}
	en, zh := ue.Text("en"), ue.Text("zh")
	if en == zh || !strings.Contains(en, ue.Value) || !strings.Contains(zh, ue.Value) || strings.Contains(en, "%!") || strings.Contains(zh, "%!") {
		t.Errorf("%s: refusal texts do not name %q in both languages: %q / %q", tool, ue.Value, en, zh)
	}
}
