package launch

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// On a SkyPilot cloud that cannot start a task in an image (OCI, Verda,
// Cudo, Hyperbolic, IBM), the task names no image_id (SkyPilot's
// Resources.validate refuses it there) and the run starts the pinned image
// with docker itself, with the GPUs of the vendor, the secrets and the
// mount; elsewhere the image is the task's.
func TestSkyImageWhereTheCloudCannot(t *testing.T) {
	serve := model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyInteractive, Precision: model.BF16}
	for _, tc := range []struct {
		name, provider, vendor string
		docker                 bool // the run starts docker itself
		want                   []string
	}{
		{"aws keeps image_id", "aws", "NVIDIA", false, nil},
		{"oci nvidia", "oci", "NVIDIA", true, []string{"--gpus all", "-e HF_TOKEN", vllmImageCUDA, "vllm serve meta-llama/Llama-3.1-8B"}},
		{"oci amd", "oci", "AMD", true, []string{"--device /dev/kfd", "--device /dev/dri", "--group-add video", vllmImageROCm}},
		{"verda", "verda", "NVIDIA", true, []string{"--gpus all"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &model.Recommendation{Provider: tc.provider, InstanceType: "x", Region: "r", GPU: "H100 SXM5", GPUCount: 1, Nodes: 1, VRAMGiB: 80, PriceModel: model.PriceOnDemand, HourlyUSD: 3, TensorParallel: 1}
			if tc.vendor == "AMD" {
				rec.GPU = "Instinct MI300X"
			}
			task, err := NewSkyTask(Job{Rec: rec, Preset: llama8B, Context: 8192, Answers: serve, Vendor: tc.vendor})
			if err != nil {
				t.Fatalf("%s refused: %v", tc.provider, err)
			}
			if got := task.Resources.ImageID != ""; got == tc.docker {
				t.Errorf("image_id %q with docker in the run %v", task.Resources.ImageID, tc.docker)
			}
			if strings.HasPrefix(task.Run, "docker run ") != tc.docker {
				t.Errorf("run:\n%s", task.Run)
			}
			for _, w := range tc.want {
				if !strings.Contains(task.Run, w) {
					t.Errorf("run lacks %q:\n%s", w, task.Run)
				}
			}
		})
	}
}

// On a cloud where SkyPilot opens no ports (Verda, Hyperbolic, IBM), a
// server exports no ports and no SkyServe section (Resources.validate
// refuses them there), and the header says how to reach it.
func TestSkyNoPortsWhereTheCloudCannot(t *testing.T) {
	serve := model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyInteractive, Precision: model.BF16}
	for _, tc := range []struct {
		provider string
		ports    bool
	}{{"aws", true}, {"verda", false}, {"hyperbolic", false}} {
		rec := &model.Recommendation{Provider: tc.provider, InstanceType: "x", Region: "r", GPU: "H100 SXM5", GPUCount: 1, Nodes: 1, VRAMGiB: 80, PriceModel: model.PriceOnDemand, HourlyUSD: 3, TensorParallel: 1}
		j := Job{Rec: rec, Preset: llama8B, Context: 8192, Answers: serve}
		task, err := NewSkyTask(j)
		if err != nil {
			t.Fatalf("%s: %v", tc.provider, err)
		}
		if (task.Resources.Ports != 0) != tc.ports || (task.Service != nil) != tc.ports {
			t.Errorf("%s: ports %d, service %v; want ports and a service: %v", tc.provider, task.Resources.Ports, task.Service != nil, tc.ports)
		}
		var b strings.Builder
		if err := Export(&b, SkyPilot, j); err != nil {
			t.Fatal(err)
		}
		if tunnel := strings.Contains(b.String(), "ssh -L 8000:localhost:8000"); tunnel == tc.ports {
			t.Errorf("%s: the header says an SSH tunnel: %v:\n%s", tc.provider, tunnel, b.String())
		}
		if serveUp := strings.Contains(b.String(), "sky serve up"); serveUp != tc.ports {
			t.Errorf("%s: sky serve up in the header %v:\n%s", tc.provider, serveUp, b.String())
		}
	}
}
