package launch

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
	yaml "go.yaml.in/yaml/v3"
)

// TestProviderNames checks each provider's row of the name table: the
// SkyPilot cloud and dstack backend it maps to, or that it is refused.
func TestProviderNames(t *testing.T) {
	tests := []struct {
		provider, sky, dstack string
	}{
		{"aws", "aws", "aws"},
		{"gcp", "gcp", "gcp"},
		{"azure", "azure", "azure"},
		{"lambda", "lambda", "lambda"},
		{"oci", "oci", "oci"},
		{"runpod", "runpod", "runpod"},
		{"vast", "vast", "vastai"},
		{"nebius", "nebius", "nebius"},
		{"cudo", "cudo", ""}, // dstack has no configurator for cudo
		{"verda", "verda", "verda"},
		{"do", "do", "digitalocean"},
		{"fluidstack", "fluidstack", ""},
		{"paperspace", "paperspace", ""},
		{"ibm", "ibm", ""},
		{"hyperbolic", "hyperbolic", ""},
		{"hyperstack", "", ""}, // not a SkyPilot cloud
		{"seeweb", "seeweb", ""},
		{"alibaba", "", ""},
		{"tencent", "", ""},
		{"huawei", "", ""},
		{"featurize", "", ""},
		{"autodl", "", ""},
		{"coreweave", "", ""},
		{"mylab", "", ""}, // a private offer of the user's overlay
	}
	for _, tc := range tests {
		t.Run(tc.provider, func(t *testing.T) {
			rec := &model.Recommendation{Provider: tc.provider, GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 640, Nodes: 1, PriceModel: model.PriceOnDemand, HourlyUSD: 10}
			sky, err := NewSkyTask(Job{Rec: rec})
			checkMapped(t, SkyPilot, tc.provider, tc.sky, sky.Resources.Infra, err)
			ds, err := NewDStackTask(Job{Rec: rec})
			got := ""
			if len(ds.Backends) == 1 {
				got = ds.Backends[0]
			}
			checkMapped(t, DStack, tc.provider, tc.dstack, got, err)
		})
	}
}

func checkMapped(t *testing.T, tool Tool, provider, want, got string, err error) {
	t.Helper()
	if want == "" {
		var ue *UnsupportedError
		if !errors.As(err, &ue) || ue.What != WhatProvider || ue.Value != provider {
			t.Fatalf("%s: want an UnsupportedError for %q, got %v", tool, provider, err)
		}
		for _, lang := range []string{"en", "zh"} {
			if msg := ue.Text(lang); !strings.Contains(msg, provider) || !strings.Contains(msg, "aws") {
				t.Errorf("%s %s message %q does not name the provider and the supported ones", tool, lang, msg)
			}
		}
		return
	}
	if err != nil || got != want {
		t.Fatalf("%s: %q maps to %q (%v), want %q", tool, provider, got, err, want)
	}
}

// The tests that join these tables with the embedded catalog (every
// provider decided, SkyPilot's accelerator names, gpuhunt's memory sizes)
// are internal/systemtest's launch_catalog_test.go.

// TestDStackTableGPUsInCatalog: every GPU the dstack table names is a GPU
// of the committed catalog's GPU table (data/catalog/gpus.tsv), so a
// renamed GPU cannot leave a dead row.
func TestDStackTableGPUsInCatalog(t *testing.T) {
	b, err := os.ReadFile("../catalog/gpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if first, _, _ := strings.Cut(lines[0], "\t"); first != "name" {
		t.Fatalf("gpus.tsv starts with column %q, want name", first)
	}
	gpus := map[string]bool{}
	for _, l := range lines[1:] {
		name, _, _ := strings.Cut(l, "\t")
		gpus[name] = true
	}
	for name := range names().dstackGPUs {
		if !gpus[name] {
			t.Errorf("dstack table names GPU %q, which the catalog does not have", name)
		}
	}
}

// TestConfigFields checks the fields that follow from the recommendation.
func TestConfigFields(t *testing.T) {
	tests := []struct {
		name         string
		rec          model.Recommendation
		data         float64
		skyAccel     string
		skyInfra     string
		spot         bool
		nodes        int
		disk         int
		dsGPU        string
		dsInstances  []string
		maxPrice     float64
		dsSpotPolicy string
	}{
		{"one GPU on demand", model.Recommendation{Provider: "lambda", InstanceType: "gpu_1x_a100_sxm4", Region: "us-east-1", GPU: "A100-40GB SXM4", GPUCount: 1, Nodes: 1, VRAMGiB: 40, PriceModel: model.PriceOnDemand, HourlyUSD: 1.29},
			0, "A100:1", "lambda/us-east-1", false, 0, 256, "A100:40GB:1", []string{"gpu_1x_a100_sxm4"}, 1.29, "on-demand"},
		{"8 GPUs, big data", model.Recommendation{Provider: "aws", InstanceType: "p5.48xlarge", Region: "us-east-1", GPU: "H100 SXM5", GPUCount: 8, Nodes: 1, VRAMGiB: 640, PriceModel: model.PriceOnDemand, HourlyUSD: 98.321, Setup: model.SetupTime{CheckpointGB: 140}},
			500, "H100:8", "aws/us-east-1", false, 0, 640, "H100:80GB:8", []string{"p5.48xlarge"}, 98.33, "on-demand"},
		{"two nodes, price per node", model.Recommendation{Provider: "aws", InstanceType: "p4de.24xlarge", GPU: "A100-80GB SXM4", GPUCount: 8, Nodes: 2, VRAMGiB: 640, PriceModel: model.PriceOnDemand, HourlyUSD: 81.92},
			0, "A100-80GB:8", "aws", false, 2, 256, "A100:80GB:8", []string{"p4de.24xlarge"}, 40.96, "on-demand"},
		{"spot on runpod (no instance pin for dstack)", model.Recommendation{Provider: "runpod", InstanceType: "1x_H100-SXM_SECURE", GPU: "H100 SXM5", GPUCount: 1, Nodes: 1, VRAMGiB: 80, PriceModel: model.PriceSpot, HourlyUSD: 1.75},
			0, "H100-SXM:1", "runpod", true, 0, 256, "H100:80GB:1", nil, 1.75, "spot"},
		{"monthly plan caps at the on-demand price", model.Recommendation{Provider: "aws", InstanceType: "g5.xlarge", GPU: "A10G", GPUCount: 1, Nodes: 1, VRAMGiB: 24, PriceModel: model.PriceReserved1, HourlyUSD: 0.6, PriceModels: []model.PriceQuote{{Name: model.PriceOnDemand, HourlyUSD: 1.006}, {Name: model.PriceReserved1, HourlyUSD: 0.6}}},
			0, "A10G:1", "aws", false, 0, 256, "A10G:24GB:1", []string{"g5.xlarge"}, 1.01, "on-demand"},
		{"seeweb has no dstack backend", model.Recommendation{Provider: "seeweb", InstanceType: "ECS1GPU11", Region: "it-fr2", GPU: "A30", GPUCount: 1, Nodes: 1, VRAMGiB: 24, PriceModel: model.PriceOnDemand, HourlyUSD: 0.29},
			0, "A30:1", "seeweb/it-fr2", false, 0, 256, "", nil, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := model.Answers{DataGB: tc.data}
			sky, err := NewSkyTask(Job{Rec: &tc.rec, Answers: a})
			if err != nil {
				t.Fatal(err)
			}
			r := sky.Resources
			if r.Accelerators != tc.skyAccel || r.Infra != tc.skyInfra || r.UseSpot != tc.spot || sky.NumNodes != tc.nodes || r.DiskSize != tc.disk || r.InstanceType != tc.rec.InstanceType {
				t.Errorf("skypilot %+v nodes %d; want %s %s spot=%v nodes %d disk %d", r, sky.NumNodes, tc.skyAccel, tc.skyInfra, tc.spot, tc.nodes, tc.disk)
			}
			ds, err := NewDStackTask(Job{Rec: &tc.rec, Answers: a})
			if tc.dsGPU == "" {
				var ue *UnsupportedError
				if !errors.As(err, &ue) {
					t.Fatalf("dstack: want unsupported, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ds.Resources.GPU != tc.dsGPU || ds.MaxPrice != tc.maxPrice || ds.SpotPolicy != tc.dsSpotPolicy || ds.Nodes != tc.nodes || strings.Join(ds.InstanceTypes, ",") != strings.Join(tc.dsInstances, ",") {
				t.Errorf("dstack %+v; want gpu %s max %v %s nodes %d instances %v", ds, tc.dsGPU, tc.maxPrice, tc.dsSpotPolicy, tc.nodes, tc.dsInstances)
			}
			if want := ""; ds.Resources.Disk == want {
				t.Errorf("dstack disk empty")
			}
		})
	}
}

// An unknown GPU or a missing choice is refused, and nothing is written.
func TestExportRefuses(t *testing.T) {
	tests := []struct {
		name string
		rec  *model.Recommendation
		what string
	}{
		{"no choice", nil, WhatChoice},
		{"GPU not named", &model.Recommendation{Provider: "aws", InstanceType: "x", GPUCount: 1}, WhatGPU},
		{"no GPUs", &model.Recommendation{Provider: "aws", InstanceType: "x", GPU: "H100 SXM5"}, WhatGPU},
		{"CN provider", &model.Recommendation{Provider: "alibaba", InstanceType: "ecs.gn7i-c8g1.2xlarge", GPU: "A10", GPUCount: 1}, WhatProvider},
	}
	for _, tc := range tests {
		for _, tool := range Tools {
			var buf bytes.Buffer
			err := Export(&buf, tool, Job{Rec: tc.rec})
			var ue *UnsupportedError
			if !errors.As(err, &ue) || ue.What != tc.what {
				t.Errorf("%s %s: want UnsupportedError %s, got %v", tc.name, tool, tc.what, err)
			}
			if buf.Len() != 0 {
				t.Errorf("%s %s: wrote %q", tc.name, tool, buf.String())
			}
		}
	}
}

// The YAML written parses back into the same struct.
func TestExportRoundTrip(t *testing.T) {
	rec := &model.Recommendation{Provider: "gcp", InstanceType: "a3-highgpu-8g", Region: "us-central1", GPU: "H100 SXM5", GPUCount: 8, Nodes: 1, VRAMGiB: 640, PriceModel: model.PriceSpot, HourlyUSD: 30}
	for _, tool := range Tools {
		var buf bytes.Buffer
		if err := Export(&buf, tool, Job{Rec: rec}); err != nil {
			t.Fatal(err)
		}
		switch tool {
		case SkyPilot:
			want, _ := NewSkyTask(Job{Rec: rec})
			var got SkyTask
			if err := yaml.Unmarshal(buf.Bytes(), &got); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("skypilot round trip: %+v (%v), want %+v", got, err, want)
			}
		case DStack:
			var got map[string]any
			if err := yaml.Unmarshal(buf.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if got["type"] != "service" || got["spot_policy"] != "spot" {
				t.Errorf("dstack round trip: %v", got)
			}
		}
	}
}

func TestLowerName(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"gpupick", "aws", "p5.48xlarge"}, "gpupick-aws-p5-48xlarge"},
		{[]string{"gpupick", "runpod", "1x_H100_SECURE"}, "gpupick-runpod-1x-h100-secure"},
		{[]string{"gpupick", "azure", "Standard_ND96isr_H100_v5_with_a_very_long_suffix"}, "gpupick-azure-standard-nd96isr-h100-v5-w"},
		{[]string{"", "!!"}, "gpupick"},
	}
	for _, tc := range tests {
		if got := lowerName(tc.in...); got != tc.want || len(got) > 40 {
			t.Errorf("lowerName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The disk holds the downloaded checkpoint and what the run keeps: a 70B
// full fine-tune's saved checkpoint (weights and Adam state, 988 GB as
// gpupick priced it) with the 140 GB of weights it downloads; the user's
// data counts once: within what the run keeps, or alone in a record
// written without stored_gb.
func TestDiskFromPlan(t *testing.T) {
	tests := []struct {
		name               string
		ckpt, stored, data float64
		want               int
	}{
		{"70B fine-tune keeps its checkpoint", 141.2, 988, 0, 1130},
		{"data is what the run keeps", 16, 2000, 2000, 2016},
		{"8B fine-tune with 2 TB of data keeps both", 16.1, 2000 + 96.4, 2000, 2113},
		{"a record without stored_gb: the data", 16, 0, 500, 516},
		{"serving: weights only, at least the default", 16, 0, 0, skyDefaultDiskGB},
		{"405B FP8 weights", 410, 0, 0, 410},
	}
	for _, tc := range tests {
		rec := model.Recommendation{Setup: model.SetupTime{CheckpointGB: tc.ckpt}, StoredGB: tc.stored}
		if got := diskGB(rec, model.Answers{DataGB: tc.data}); got != tc.want {
			t.Errorf("%s: disk %d GB, want %d", tc.name, got, tc.want)
		}
	}
}
