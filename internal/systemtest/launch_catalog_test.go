package systemtest

import (
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/internal/testenv"
	"github.com/gpupick/gpupick/model"
)

// The launch exports checked against the embedded catalog: every provider
// has a decision, and the names the exports write are the launchers' own
// for the catalog's offers and GPUs.

// Every provider of the catalog's provider list is in launch's table of
// TestProviderNames (a new provider needs a decision for each tool).
func TestEveryCatalogProviderDecided(t *testing.T) {
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	decided := map[string]bool{"alibaba": true, "tencent": true, "huawei": true, "featurize": true, "autodl": true, "coreweave": true, "hyperstack": true}
	for _, tool := range launch.Tools {
		for _, p := range launch.SupportedProviders(tool) {
			decided[p] = true
		}
	}
	for _, o := range cat.Offers {
		if !decided[o.Provider] {
			t.Errorf("provider %q of the catalog has no launcher decision in data/launch/names.go", o.Provider)
		}
	}
}

// skyAccelerator is the accelerator name the SkyPilot export writes for an
// offer ("" with the reason when it writes none).
func skyAccelerator(o model.Offer) (string, error) {
	rec := &model.Recommendation{Provider: o.Provider, InstanceType: o.InstanceType, GPU: o.GPU, GPUCount: 1, Nodes: 1, PriceModel: model.PriceOnDemand}
	task, err := launch.NewSkyTask(launch.Job{Rec: rec})
	if err != nil {
		return "", err
	}
	name, _, _ := strings.Cut(task.Resources.Accelerators, ":")
	return name, nil
}

// TestSkyNamesMatchSkyPilotCatalog joins the embedded catalog with the
// SkyPilot catalog files of the reference data by provider and instance
// type: the accelerator name gpupick exports must be the one SkyPilot lists.
func TestSkyNamesMatchSkyPilotCatalog(t *testing.T) {
	names := map[[2]string]string{}
	eachSkyRow(t, "*_vms_gpu.csv", func(cloud string, col map[string]int, row []string) {
		if n := row[col["AcceleratorName"]]; n != "" && row[col["InstanceType"]] != "" {
			names[[2]string{cloud, row[col["InstanceType"]]}] = n
		}
	})
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, o := range cat.Offers {
		want, ok := names[[2]string{o.Provider, o.InstanceType}]
		if !ok {
			continue
		}
		got, err := skyAccelerator(o)
		var ue *launch.UnsupportedError
		if errors.As(err, &ue) && (ue.What == launch.WhatProvider || ue.What == launch.WhatInstance) {
			continue // refused: no cloud (hyperstack), or no accelerator for the host (GCP a3-edgegpu)
		}
		checked++
		if got != want {
			t.Errorf("%s %s (%s): exported accelerator %q (%v), SkyPilot's catalog lists %q", o.Provider, o.InstanceType, o.GPU, got, err, want)
		}
	}
	if checked < 500 {
		t.Errorf("only %d offers joined with the SkyPilot catalog; the join is broken", checked)
	}
}

// Every GPU of the catalog with a dstack name gets a memory gpuhunt knows
// within 10% of the catalog's. (That every GPU of launch's dstack table is
// in the catalog is launch's TestDStackTableGPUsInCatalog.)
func TestDStackMemoryNearCatalog(t *testing.T) {
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for name, g := range cat.GPUs {
		rec := &model.Recommendation{Provider: "aws", GPU: name, GPUCount: 1, Nodes: 1, VRAMGiB: g.VRAMGiB, PriceModel: model.PriceOnDemand}
		task, err := launch.NewDStackTask(launch.Job{Rec: rec})
		var ue *launch.UnsupportedError
		if errors.As(err, &ue) && ue.What == launch.WhatGPU {
			continue // dstack has no name for it
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		named++
		// name:memoryGB:count, or name:count when gpuhunt knows no memory.
		parts := strings.Split(task.Resources.GPU, ":")
		if len(parts) != 3 {
			t.Errorf("%s (%s): no gpuhunt memory", name, task.Resources.GPU)
			continue
		}
		mem, err := strconv.Atoi(strings.TrimSuffix(parts[1], "GB"))
		if err != nil {
			t.Fatalf("%s: dstack GPU %q: %v", name, task.Resources.GPU, err)
		}
		if d := float64(mem) - g.VRAMGiB; d > 0.1*g.VRAMGiB || -d > 0.1*g.VRAMGiB {
			t.Errorf("%s: gpuhunt %s has %d GB, the catalog %.0f GiB", name, parts[0], mem, g.VRAMGiB)
		}
	}
	if named < 20 {
		t.Errorf("only %d catalog GPUs have a dstack name; the dstack table is not being read", named)
	}
}

// skyDir holds the SkyPilot catalog extracts of the reference data.
const skyDir = "../../../shared/data/skypilot"

// eachSkyRow calls fn with every row of the SkyPilot catalog files
// matching glob, its cloud and the columns by name.
func eachSkyRow(t *testing.T, glob string, fn func(cloud string, col map[string]int, row []string)) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(skyDir, glob))
	if len(files) == 0 {
		testenv.Missing(t, "SkyPilot reference data not found at %s", skyDir)
	}
	for _, f := range files {
		cloud, _, _ := strings.Cut(filepath.Base(f), "_vms_")
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(fh)
		r.FieldsPerRecord = -1
		head, err := r.Read()
		if err != nil {
			t.Fatal(f, err)
		}
		col := map[string]int{}
		for i, h := range head {
			col[h] = i
		}
		for {
			row, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(f, err)
			}
			fn(cloud, col, row)
		}
		fh.Close()
	}
}

// skyRegions reads the regions SkyPilot's catalog lists per cloud and
// instance type (GCP: the host rows).
func skyRegions(t *testing.T) map[[2]string]map[string]bool {
	out := map[[2]string]map[string]bool{}
	eachSkyRow(t, "*_vms_*.csv", func(cloud string, col map[string]int, row []string) {
		ri, ok := col["Region"]
		if !ok {
			return
		}
		k := [2]string{cloud, row[col["InstanceType"]]}
		if out[k] == nil {
			out[k] = map[string]bool{}
		}
		out[k][row[ri]] = true
	})
	return out
}

// TestEveryOfferExportsOrRefuses: every offer of the embedded catalog on a
// provider a launcher supports, in every region it lists, either exports
// in the launcher's names or is refused with the reason in both languages.
// A SkyPilot export's instance type and region are a row of SkyPilot's
// own catalog (RunPod's rows carry no region: its datacenters are by
// country, runpod_datacenters.csv); a dstack export names a GPU and memory
// of gpuhunt's (the table data/launch/names/dstack_gpus.tsv).
func TestEveryOfferExportsOrRefuses(t *testing.T) {
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	rows := skyRegions(t)
	sky := map[string]bool{}
	for _, p := range launch.SupportedProviders(launch.SkyPilot) {
		sky[p] = true
	}
	exported, refused := map[launch.Tool]int{}, map[launch.Tool]int{}
	for _, o := range cat.Offers {
		if !sky[o.Provider] || o.GPUCount < 1 {
			continue
		}
		for _, region := range o.Regions {
			rec := &model.Recommendation{Provider: o.Provider, InstanceType: o.InstanceType, Region: region, GPU: o.GPU, GPUCount: o.GPUCount, Nodes: 1, VRAMGiB: o.VRAMGiB * float64(o.GPUCount), PriceModel: model.PriceOnDemand, HourlyUSD: 1}
			for _, tool := range launch.Tools {
				var buf strings.Builder
				err := launch.Export(&buf, tool, launch.Job{Rec: rec})
				var ue *launch.UnsupportedError
				switch {
				case errors.As(err, &ue):
					refused[tool]++
					if en, zh := ue.Text("en"), ue.Text("zh"); en == "" || en == zh || strings.Contains(en+zh, "%!") {
						t.Errorf("%s %s %s: refusal without a reason in both languages: %q / %q", tool, o.Provider, o.InstanceType, en, zh)
					}
					continue
				case err != nil:
					t.Fatalf("%s %s %s: %v", tool, o.Provider, o.InstanceType, err)
				}
				exported[tool]++
				if tool != launch.SkyPilot || o.Provider == "runpod" {
					continue
				}
				task, _ := launch.NewSkyTask(launch.Job{Rec: rec})
				parts := strings.SplitN(task.Resources.Infra, "/", 3)
				regs, ok := rows[[2]string{parts[0], task.Resources.InstanceType}]
				if !ok {
					continue // an instance type SkyPilot's extract does not hold (TestSkyNamesMatchSkyPilotCatalog checks the join)
				}
				if len(parts) < 2 || !regs[parts[1]] {
					t.Errorf("skypilot %s %s: infra %q names a region SkyPilot's catalog does not list for it", o.Provider, o.InstanceType, task.Resources.Infra)
				}
			}
		}
	}
	for _, tool := range launch.Tools {
		if exported[tool] < 500 || refused[tool] == 0 {
			t.Errorf("%s: %d exports, %d refusals over the catalog: the check is not reaching the offers", tool, exported[tool], refused[tool])
		}
	}
	t.Logf("exports: %v; refusals: %v", exported, refused)
}
