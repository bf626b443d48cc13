package systemtest

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
)

// Live marketplace offers, named as the readers name them (data's
// TestRunPodUpdate and TestVastUpdate), export SkyPilot tasks whose names
// SkyPilot's catalog holds: a RunPod Secure Cloud pod pins an instance type
// of SkyPilot's RunPod rows with the same accelerator and count, a Vast
// offer pins no per-host name and asks for an accelerator and region
// SkyPilot's Vast rows list (what sky/provision/vast/utils.py launch
// searches by: GPU name, count, region).
func TestLiveOffersExportSkyPilotNames(t *testing.T) {
	type skyRow struct{ accel, count string }
	runpod := map[string]skyRow{}
	vastAccels, vastRegions := map[string]bool{}, map[string]bool{}
	eachSkyRow(t, "*_vms_gpu.csv", func(cloud string, col map[string]int, row []string) {
		switch cloud {
		case "runpod":
			runpod[row[col["InstanceType"]]] = skyRow{row[col["AcceleratorName"]], strings.TrimSuffix(row[col["AcceleratorCount"]], ".0")}
		case "vast":
			vastAccels[row[col["AcceleratorName"]]] = true
			vastRegions[row[col["Region"]]] = true
		}
	})
	if len(runpod) < 200 || len(vastRegions) < 20 {
		t.Fatalf("%d RunPod types, %d Vast regions: SkyPilot's rows not read", len(runpod), len(vastRegions))
	}
	on := model.PriceOnDemand
	// The live fixture's Secure Cloud pods (data/testdata/live/runpod_gputypes.json).
	for _, rec := range []model.Recommendation{
		{Provider: "runpod", InstanceType: "1x_H100-SXM_SECURE", GPU: "H100 SXM5", GPUCount: 1},
		{Provider: "runpod", InstanceType: "8x_H100-SXM_SECURE", GPU: "H100 SXM5", GPUCount: 8},
		{Provider: "runpod", InstanceType: "4x_A100-80GB-SXM_SECURE", GPU: "A100-80GB SXM4", GPUCount: 4},
	} {
		rec.Nodes, rec.PriceModel = 1, on
		task, err := launch.NewSkyTask(launch.Job{Rec: &rec})
		if err != nil {
			t.Fatalf("%s: %v", rec.InstanceType, err)
		}
		r := task.Resources
		row, ok := runpod[r.InstanceType]
		if !ok || r.Accelerators != row.accel+":"+row.count {
			t.Errorf("%s: instance_type %q accelerators %q; SkyPilot's RunPod rows: %v %+v", rec.InstanceType, r.InstanceType, r.Accelerators, ok, row)
		}
	}
	// The live fixture's Vast offers, regions as the reader writes them.
	for _, rec := range []model.Recommendation{
		{Provider: "vast", InstanceType: "1x-RTX_4090-m37228-o21348645", Region: "Ontario, CA, NA", GPU: "GeForce RTX 4090", GPUCount: 1},
		{Provider: "vast", InstanceType: "8x-H100_SXM-m9001-o30000001", Region: "Texas, US, NA", GPU: "H100 SXM5", GPUCount: 8},
	} {
		rec.Nodes, rec.PriceModel = 1, on
		task, err := launch.NewSkyTask(launch.Job{Rec: &rec})
		if err != nil {
			t.Fatalf("%s: %v", rec.InstanceType, err)
		}
		r := task.Resources
		accel, _, _ := strings.Cut(r.Accelerators, ":")
		region := strings.TrimPrefix(r.Infra, "vast/")
		if r.InstanceType != "" || !vastAccels[accel] || region != rec.Region {
			t.Errorf("%s: instance_type %q accelerators %q infra %q; want no pin, an accelerator SkyPilot's Vast rows list, the offer's region", rec.InstanceType, r.InstanceType, r.Accelerators, r.Infra)
		}
		if !vastRegions[region] {
			t.Logf("%s: region %q is not in SkyPilot's stored Vast rows (a snapshot of 64; SkyPilot's own catalog is refreshed from live offers)", rec.InstanceType, region)
		}
	}
}
