package data

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model/text"
	"time"
)

// GpuhuntURL is where dstack's gpuhunt publishes its offline catalogs,
// one folder per provider (catalog.py's CATALOG_URL): <provider>/version
// names the newest version, <provider>/<version>/catalog.zip holds
// <provider>.csv (.github/scripts/publish_catalog.sh). Public-read, hourly.
const GpuhuntURL = "https://dstack-gpu-pricing.s3.eu-west-1.amazonaws.com/v3"

// GpuhuntURLEnv names the environment variable that overrides GpuhuntURL
// (gpuhunt's own is GPUHUNT_CATALOG_URL).
const GpuhuntURLEnv = "GPUPICK_GPUHUNT_URL"

// dstack's gpuhunt offline catalogs as a source: the published catalogs
// for `catalog update`, a folder of their CSVs for `catalog import`.
var _ = RegisterSource(Source{
	Name:  "gpuhunt",
	Title: "gpuhunt",
	Doc:   "dstack's gpuhunt hourly offline catalogs, a catalog.zip with <provider>.csv per provider",

	Import:   gpuhuntImport,
	Folder:   "a folder of gpuhunt catalog CSVs (<provider>.csv, as GPUHUNT_CATALOG_DIR or an unpacked catalog.zip)",
	Undated:  "gpuhunt's CSVs carry none; the catalog version (YYYYMMDD-run) names the day",
	DateHint: "the version file published beside catalog.zip starts with the day, YYYYMMDD",
	Since:    2023,

	Update:     gpuhuntUpdate,
	DefaultURL: GpuhuntURL,
	URLEnv:     GpuhuntURLEnv,

	Merge: true,
})

// gpuhuntProvider is one of gpuhunt's offline providers (catalog.py's
// OFFLINE_PROVIDERS) and gpupick's key for it ("" when gpupick does not
// know the provider: its catalog is not read).
type gpuhuntProvider struct {
	name, key string
}

// gpuhuntProviders are gpuhunt's offline providers, by gpupick key.
var gpuhuntProviders = []gpuhuntProvider{
	{"aws", "aws"}, {"azure", "azure"}, {"cloudrift", ""}, {"gcp", "gcp"}, {"lambdalabs", "lambda"},
	{"nebius", "nebius"}, {"oci", "oci"}, {"runpod", "runpod"}, {"verda", "verda"},
}

// GpuhuntProviders returns the gpupick providers gpuhunt's offline
// catalogs cover, sorted.
func GpuhuntProviders() []string {
	var out []string
	for _, p := range gpuhuntProviders {
		if p.key != "" {
			out = append(out, p.key)
		}
	}
	sort.Strings(out)
	return out
}

// gpuhuntFor returns gpuhunt's providers for the providers asked for
// (gpupick keys; every known one when none), and the ones gpuhunt does
// not publish.
func gpuhuntFor(only []string) (want []gpuhuntProvider, missing []string) {
	if len(only) == 0 {
		for _, p := range gpuhuntProviders {
			if p.key != "" {
				want = append(want, p)
			}
		}
		return want, nil
	}
	for _, k := range only {
		found := false
		for _, p := range gpuhuntProviders {
			if p.key != "" && p.key == k {
				want, found = append(want, p), true
			}
		}
		if !found {
			missing = append(missing, k)
		}
	}
	return want, missing
}

// gpuhuntVersion is a catalog version as publish_catalog.sh writes it:
// the UTC day and the workflow's run number.
var gpuhuntVersion = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^([0-9]{8})-([0-9]{1,12})$`) }}

// gpuhuntVersionDate checks a version file's text and returns the
// version and its day (YYYY-MM-DD), which must not be after tomorrow of
// today (YYYY-MM-DD) nor before 2023.
func gpuhuntVersionDate(body []byte, name, today string) (version, date string, err error) {
	version = strings.TrimSpace(string(body))
	m := gpuhuntVersion.Get().FindStringSubmatch(version)
	if m == nil {
		return "", "", fmt.Errorf("%s: %q is not a gpuhunt catalog version (want YYYYMMDD-run, e.g. 20261201-1234)", name, clip(text.Safe(version), 40))
	}
	d, err := time.Parse("20060102", m[1])
	if err != nil {
		return "", "", fmt.Errorf("%s: version %s: %s is not a day (want YYYYMMDD-run)", name, version, m[1])
	}
	now, err := time.Parse("2006-01-02", today)
	if err == nil && d.After(now.AddDate(0, 0, 1)) {
		return "", "", fmt.Errorf("%s: version %s is dated after today (%s): check the server's catalog and this machine's clock", name, version, today)
	}
	if d.Year() < 2023 {
		return "", "", fmt.Errorf("%s: version %s is dated before gpuhunt's catalogs existed (2023)", name, version)
	}
	return version, d.Format("2006-01-02"), nil
}

// gpuhuntZipCSV returns <provider>.csv from a catalog.zip, at most
// maxCSVBytes unpacked; a cut or damaged archive is an error naming it.
func gpuhuntZipCSV(body []byte, name, provider string) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		return nil, fmt.Errorf("%s: not a whole zip archive (%v): a cut or damaged download; try again", name, err)
	}
	want := provider + ".csv"
	var held []string
	for _, f := range zr.File {
		if f.Name != want {
			held = append(held, text.Safe(f.Name))
			continue
		}
		if f.UncompressedSize64 > maxCSVBytes {
			return nil, tooLarge(name+"/"+want, maxCSVBytes)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, want, err)
		}
		defer rc.Close()
		b, err := io.ReadAll(io.LimitReader(rc, maxCSVBytes+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v: a cut or damaged archive; try again", name, want, err)
		}
		if len(b) > maxCSVBytes {
			return nil, tooLarge(name+"/"+want, maxCSVBytes)
		}
		return b, nil
	}
	return nil, fmt.Errorf("%s: holds no %s (holds %s): not a gpuhunt catalog of %s", name, want, strings.Join(held, ", "), provider)
}

// gpuhuntSkyRows turns a provider's gpuhunt rows into SkyPilot-shaped
// rows for the common cleaning and folding: an instance type's on-demand
// and spot rows in one location (with the same GPU count and flags:
// RunPod lists a GPU type at several counts under one id) become one row
// with both prices. GCP's
// location is a zone; its region is the zone without the last part.
func gpuhuntSkyRows(provider string, rows []GpuhuntRow) []SkyRow {
	type key struct {
		name, loc, flags string
		count            float64
	}
	at := map[key]int{}
	var out []SkyRow
	for _, r := range rows {
		k := key{r.InstanceName, r.Location, strings.Join(r.Flags, " "), r.GPUCount}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, gpuhuntSkyRow(provider, r))
		}
		if r.Spot {
			out[i].Spot, out[i].HasSpot = r.Price, true
		} else {
			out[i].Price, out[i].HasPrice = r.Price, true
		}
	}
	return out
}

// gpuhuntSkyRow is the SkyPilot-shaped row of one gpuhunt row, prices
// not yet set.
func gpuhuntSkyRow(provider string, r GpuhuntRow) SkyRow {
	accel := r.GPUName
	if a, ok := gpuhuntGPUAliases.Get()[accel]; ok {
		accel = a
	}
	if r.GPUVendor == "google" && accel != "" && !strings.HasPrefix(strings.ToLower(accel), "tpu-") {
		accel = "tpu-" + accel // a TPU: out of scope, as in SkyPilot's catalogs
	}
	s := SkyRow{
		Line: r.Line, InstanceType: r.InstanceName, Accelerator: accel, Count: r.GPUCount,
		VCPUs: r.CPUs, MemoryGiB: r.MemoryGB, GPUInfoName: r.GPUName, GPUMiB: r.GPUMemoryGiB * 1024,
		Region: r.Location, Arch: r.CPUArch,
	}
	if provider == "runpod" {
		// perGPUMemGiB reads SkyPilot's RunPod memory cell as GB (its
		// quirk); gpuhunt's figure is GB already.
		s.GPUMiB = r.GPUMemoryGiB
		// gpuhunt names a pod by RunPod's GPU id alone: the catalog's
		// (SkyPilot's) name joins it to the same offer (runpodnames.go).
		var cloud string
		cloud, s.Region = runpodGpuhuntPlace(r.Location, r.Flags)
		if r.GPUCount >= 1 {
			s.InstanceType = RunPodInstance(int(r.GPUCount), runpodGPUOfID(r.InstanceName), cloud)
		}
	}
	if provider == "gcp" {
		if i := strings.LastIndexByte(r.Location, '-'); i > 0 {
			s.Region, s.Zone = r.Location[:i], r.Location
		}
	}
	if r.GPUCount == 0 {
		s.Accelerator = ""
	}
	return s
}

// gpuhuntGPUAliases are gpuhunt's GPU names (constraints.py) that the GPU
// table knows by another alias; every other name gpuhunt uses is one of the
// table's aliases as it stands (TestGpuhuntGPUNames checks each).
// Made on first use, not at start-up (issue 26).
var gpuhuntGPUAliases = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"A5000": "RTXA5000"}
}}

// gpuhuntSet is what a gpuhunt read holds: rows and provenance by gpupick
// provider key.
type gpuhuntSet struct {
	rows    map[string][]SkyRow
	sources map[string]skySource
}

// gpuhuntBatch folds a gpuhunt read into a batch: gpupick's cleaning
// rules (cleanRows: every row prices a whole instance) and folding, the
// same as SkyPilot's rows get.
func (b *Build) gpuhuntBatch(set gpuhuntSet) *Batch {
	batch := &Batch{}
	for p := range set.rows {
		batch.Providers = append(batch.Providers, p)
	}
	sort.Strings(batch.Providers)
	for _, p := range batch.Providers {
		items, rep := cleanRows(p, set.rows[p], nil, b.ref.families)
		for _, r := range rep {
			batch.Report = append(batch.Report, p+": "+r)
		}
		batch.Offers = append(batch.Offers, b.ref.foldSky(p, items, set.sources[p])...)
	}
	return batch
}

// gpuhuntUpdate downloads <base>/<provider>/version and then
// <base>/<provider>/<version>/catalog.zip for the providers asked for
// (every one gpupick knows by default), each provider's offers sourced by
// the archive's URL and dated by its version's day. A provider without a
// version file (404) is skipped; a version whose catalog.zip is missing
// is an error (gpuhunt writes the version last).
func gpuhuntUpdate(ctx context.Context, b *Build, in Remote) (*Batch, error) {
	want, skipped := gpuhuntFor(in.Only)
	set := gpuhuntSet{rows: map[string][]SkyRow{}, sources: map[string]skySource{}}
	for _, p := range want {
		body, found, err := in.Get(ctx, p.name+"/version")
		if err != nil {
			return nil, err
		}
		if !found {
			skipped = append(skipped, p.key)
			continue
		}
		version, date, err := gpuhuntVersionDate(body, in.URL(p.name+"/version"), in.Date)
		if err != nil {
			return nil, err
		}
		name := p.name + "/" + version + "/catalog.zip"
		body, found, err = in.Get(ctx, name)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, fmt.Errorf("%s: not found, though %s names version %s: the catalog is being published; try again in a few minutes", in.URL(name), in.URL(p.name+"/version"), version)
		}
		csv, err := gpuhuntZipCSV(body, in.URL(name), p.name)
		if err != nil {
			return nil, err
		}
		rows, err := ParseGpuhunt(bytes.NewReader(csv), name+"/"+p.name+".csv")
		if err != nil {
			return nil, err
		}
		set.rows[p.key] = gpuhuntSkyRows(p.key, rows)
		set.sources[p.key] = skySource{URL: in.URL(name), Date: date}
	}
	if len(set.rows) == 0 {
		return nil, fmt.Errorf("%s has no gpuhunt catalog version for any provider asked for (want <provider>/version files)", in.Base)
	}
	batch := b.gpuhuntBatch(set)
	sort.Strings(skipped)
	batch.Skipped = skipped
	return batch, nil
}

// gpuhuntImport reads a folder of gpuhunt catalog CSVs (<provider>.csv),
// each provider's offers sourced by its file's path and dated by the
// import's date.
func gpuhuntImport(b *Build, in Folder) (*Batch, error) {
	want, _ := gpuhuntFor(nil)
	set := gpuhuntSet{rows: map[string][]SkyRow{}, sources: map[string]skySource{}}
	for _, p := range want {
		name := p.name + ".csv"
		f, err := in.Files.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in.Path, err)
		}
		rows, err := ParseGpuhunt(f, in.FilePath(name))
		f.Close()
		if err != nil {
			return nil, err
		}
		set.rows[p.key] = gpuhuntSkyRows(p.key, rows)
		set.sources[p.key] = skySource{URL: in.FilePath(name), Date: in.Date}
	}
	if len(set.rows) == 0 {
		var names []string
		for _, p := range want {
			names = append(names, p.name+".csv")
		}
		return nil, fmt.Errorf("%s: no gpuhunt catalog CSV here (want one of %s)", in.Path, strings.Join(names, ", "))
	}
	return b.gpuhuntBatch(set), nil
}
