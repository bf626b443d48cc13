package data

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sort"

	"github.com/gpupick/gpupick/model"
)

// DefaultUpdateURL is where `catalog update` downloads SkyPilot's CSVs
// from: the newest catalog version of the public catalog repository.
const DefaultUpdateURL = "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v9"

// UpdateURLEnv names the environment variable that overrides SkyPilot's
// base URL.
const UpdateURLEnv = "GPUPICK_CATALOG_URL"

// SkyPilot's catalog as a source: the reference data's extract of it in
// the embedded build, a catalog folder for `catalog import`, the public
// catalog repository for `catalog update`.
var _ = RegisterSource(Source{
	Name:  DefaultSource,
	Title: "SkyPilot",
	Doc:   "SkyPilot's catalog of cloud GPU instances, a vms.csv per cloud",

	Embedded: skyEmbedded,

	Import:   skyImport,
	Folder:   "a SkyPilot catalog folder such as ~/.sky/catalogs/v8",
	Undated:  "SkyPilot's CSVs carry none, and a file's modification time says when it was copied, not when the prices were read",
	DateHint: "in a skypilot-catalog checkout, git log -1 --format=%cs tells it",
	Since:    2020,

	Update:     skyUpdate,
	DefaultURL: DefaultUpdateURL,
	URLEnv:     UpdateURLEnv,
})

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

// skyEmbedded reads the reference data's extract (skypilot/), each
// cloud's offers sourced and dated by its row of facts/skypilot_files.csv;
// the newest of those dates is the snapshot.
func skyEmbedded(b *Build, shared fs.FS) (*Batch, error) {
	sky, err := fs.Sub(shared, "skypilot")
	if err != nil {
		return nil, err
	}
	set, err := readSkySet(sky, "skypilot", func(cloud, file string) skySource {
		info, ok := b.tables.skyFiles[cloud]
		if !ok {
			return skySource{URL: "skypilot/" + file}
		}
		return skySource(info.source())
	})
	if err != nil {
		return nil, err
	}
	batch := b.skyBatch(set)
	for _, s := range b.tables.skyFiles {
		batch.Snapshot = max(batch.Snapshot, s.date)
	}
	return batch, nil
}

// skyImport reads a SkyPilot catalog folder, each cloud's offers sourced
// by the path of its file and dated by the import's date.
func skyImport(b *Build, in Folder) (*Batch, error) {
	set, err := readSkySet(in.Files, in.Path, func(cloud, file string) skySource {
		return skySource{URL: in.FilePath(file), Date: in.Date}
	})
	if err != nil {
		return nil, err
	}
	return b.skyBatch(set), nil
}

// skyUpdate downloads <base>/<cloud>/vms.csv for the clouds asked for
// (every one of SkyClouds by default), each cloud's offers sourced by the
// file's URL and dated the day of the download. A cloud the base lacks is
// skipped.
func skyUpdate(ctx context.Context, b *Build, in Remote) (*Batch, error) {
	clouds := in.Only
	if len(clouds) == 0 {
		clouds = SkyClouds
	}
	set := &skySet{rows: map[string][]SkyRow{}, sources: map[string]skySource{}}
	var skipped []string
	for _, c := range clouds {
		name := c + "/vms.csv"
		body, found, err := in.Get(ctx, name)
		if err != nil {
			return nil, err
		}
		if !found {
			skipped = append(skipped, c)
			continue
		}
		rows, err := ParseSkyPilot(bytes.NewReader(body), name)
		if err != nil {
			return nil, err
		}
		set.rows[c] = rows
		set.sources[c] = skySource{URL: in.URL(name), Date: in.Date}
	}
	if len(set.rows) == 0 {
		return nil, fmt.Errorf("%s has no vms.csv for any cloud", in.Base)
	}
	batch := b.skyBatch(set)
	batch.Skipped = skipped
	return batch, nil
}

// skyBatch turns a SkyPilot catalog into a batch: its offers, the clouds
// it covers and what the cleaning dropped or fixed.
func (b *Build) skyBatch(set *skySet) *Batch {
	offers, report := b.ref.buildSkyOffers(set)
	return &Batch{Offers: offers, Providers: set.providers(), Report: report}
}

// providers returns the clouds a set covers, sorted.
func (set *skySet) providers() []string {
	out := make([]string, 0, len(set.rows))
	for c := range set.rows {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
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
