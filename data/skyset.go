package data

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"

	"github.com/gpupick/gpupick/model"
)

// SkyClouds are the SkyPilot clouds gpupick reads, by provider key.
var SkyClouds = []string{
	"aws", "azure", "cudo", "do", "fluidstack", "gcp", "hyperbolic", "hyperstack", "ibm",
	"lambda", "nebius", "oci", "paperspace", "runpod", "seeweb", "vast", "verda",
}

// skySet is a SkyPilot catalog: rows by cloud (GCP's accelerator and host
// rows together), RunPod's datacenter list, and where each cloud came from.
type skySet struct {
	rows      map[string][]SkyRow
	runpodDCs []SkyRow
	sources   map[string]skySource
}

// skyLayout says how a folder holds SkyPilot CSVs.
type skyLayout int

const (
	// layoutSkyPilot is SkyPilot's own: <cloud>/vms.csv (~/.sky/catalogs/v8,
	// or catalogs/v9 of the public catalog repository).
	layoutSkyPilot skyLayout = iota
	// layoutExtract is the reference data's: <cloud>_vms_gpu.csv, plus
	// gcp_vms_host.csv and runpod_datacenters.csv.
	layoutExtract
)

// skyFiles lists the files to read for a cloud in a layout.
func skyFiles(layout skyLayout, cloud string) []string {
	if layout == layoutSkyPilot {
		return []string{cloud + "/vms.csv"}
	}
	files := []string{cloud + "_vms_gpu.csv"}
	if cloud == "gcp" {
		files = append(files, "gcp_vms_host.csv")
	}
	return files
}

// detectLayout tells the layout of a folder, or an error that says what a
// SkyPilot catalog folder looks like.
func detectLayout(fsys fs.FS, label string) (skyLayout, error) {
	for _, c := range SkyClouds {
		if _, err := fs.Stat(fsys, c+"/vms.csv"); err == nil {
			return layoutSkyPilot, nil
		}
		if _, err := fs.Stat(fsys, c+"_vms_gpu.csv"); err == nil {
			return layoutExtract, nil
		}
	}
	return 0, fmt.Errorf("%s: no SkyPilot catalog here: want <cloud>/vms.csv files (as in ~/.sky/catalogs/v8) or <cloud>_vms_gpu.csv files, for a cloud among %v", label, SkyClouds)
}

// readSkySet reads every cloud present in a folder. source gives each
// cloud's provenance from the name of its first file. A cloud whose files
// are absent is skipped; a file that is present but unreadable is an error.
func readSkySet(fsys fs.FS, label string, source func(cloud, file string) skySource) (*skySet, error) {
	layout, err := detectLayout(fsys, label)
	if err != nil {
		return nil, err
	}
	set := &skySet{rows: map[string][]SkyRow{}, sources: map[string]skySource{}}
	for _, c := range SkyClouds {
		files := skyFiles(layout, c)
		if _, err := fs.Stat(fsys, files[0]); err != nil {
			continue
		}
		for _, f := range files {
			rows, err := readSkyFile(fsys, f, label)
			if err != nil {
				return nil, err
			}
			set.rows[c] = append(set.rows[c], rows...)
		}
		set.sources[c] = source(c, files[0])
	}
	if layout == layoutExtract {
		if _, err := fs.Stat(fsys, "runpod_datacenters.csv"); err == nil {
			f, err := fsys.Open("runpod_datacenters.csv")
			if err != nil {
				return nil, fmt.Errorf("%s: %w", label, err)
			}
			defer f.Close()
			t, err := readTable(f, label+"/runpod_datacenters.csv")
			if err != nil {
				return nil, err
			}
			if err := t.require("Region", "AvailabilityZone"); err != nil {
				return nil, err
			}
			for i := range t.rows {
				set.runpodDCs = append(set.runpodDCs, SkyRow{Region: t.get(i, "Region"), Zone: t.get(i, "AvailabilityZone")})
			}
		}
	}
	if len(set.rows) == 0 {
		return nil, fmt.Errorf("%s: no SkyPilot vms.csv for any cloud", label)
	}
	return set, nil
}

// readSkyFile parses one SkyPilot CSV of a folder.
func readSkyFile(fsys fs.FS, name, label string) ([]SkyRow, error) {
	f, err := fsys.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %s is missing", label, name)
		}
		return nil, fmt.Errorf("%s: %w", label, err)
	}
	defer f.Close()
	return ParseSkyPilot(f, label+"/"+name)
}

// buildSkyOffers turns a SkyPilot catalog into offers, cloud by cloud, and
// reports what the cleaning dropped or fixed ("cloud: what").
func (ref *reference) buildSkyOffers(set *skySet) ([]model.Offer, []string) {
	var offers []model.Offer
	var report []string
	clouds := make([]string, 0, len(set.rows))
	for c := range set.rows {
		clouds = append(clouds, c)
	}
	sort.Strings(clouds)
	for _, c := range clouds {
		items, rep := cleanSkyRows(c, set.rows[c], set.runpodDCs, ref.families)
		for _, r := range rep {
			report = append(report, c+": "+r)
		}
		offers = append(offers, ref.foldSky(c, items, set.sources[c])...)
	}
	return offers, report
}
