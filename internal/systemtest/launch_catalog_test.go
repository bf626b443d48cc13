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
	decided := map[string]bool{"alibaba": true, "tencent": true, "huawei": true, "featurize": true, "autodl": true, "coreweave": true}
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
	dir := "../../../shared/data/skypilot"
	files, _ := filepath.Glob(filepath.Join(dir, "*_vms_gpu.csv"))
	if len(files) == 0 {
		testenv.Missing(t, "SkyPilot reference data not found at %s", dir)
	}
	names := map[[2]string]string{}
	for _, f := range files {
		cloud := strings.TrimSuffix(filepath.Base(f), "_vms_gpu.csv")
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(fh)
		r.FieldsPerRecord = -1
		head, err := r.Read()
		if err != nil {
			t.Fatal(err)
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
			if n := row[col["AcceleratorName"]]; n != "" && row[col["InstanceType"]] != "" {
				names[[2]string{cloud, row[col["InstanceType"]]}] = n
			}
		}
		fh.Close()
	}
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
		checked++
		if got, err := skyAccelerator(o); got != want {
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
		rec := &model.Recommendation{Provider: "aws", InstanceType: "x", GPU: name, GPUCount: 1, Nodes: 1, VRAMGiB: g.VRAMGiB, PriceModel: model.PriceOnDemand}
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
