package data

import (
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// syntheticSource starts the Source of a GPU entry made for offers whose
// GPU variant the source does not state (see gpuIndex.ambiguousGPU).
const syntheticSource = "variant not stated by the provider"

// openParse opens name in fsys and hands it to parse.
func openParse[T any](fsys fs.FS, name string, parse func(io.Reader, string) (T, error)) (T, error) {
	var zero T
	f, err := fsys.Open(name)
	if err != nil {
		return zero, fmt.Errorf("open %s: %w", name, err)
	}
	defer f.Close()
	return parse(f, name)
}

// tables are the parsed reference tables the build starts from.
type tables struct {
	gpus      []model.GPU
	families  []familyRule
	facts     []factRule
	links     gpuLinks
	providers []providerInfo
	fx        []model.FXRate
	skyFiles  map[string]skyFileInfo
	egress    map[string][]egressBand // facts/egress_tiers.csv by provider
	// spotRanges are facts/spot_discounts.csv: stated spot discount ranges.
	spotRanges []spotRange
	places     []model.Place       // facts/regions.csv
	groups     []model.RegionGroup // facts/region_groups.csv
}

// skyFileInfo is one row of facts/skypilot_files.csv: where the reference
// data's extract of a cloud was read.
type skyFileInfo struct {
	cloud, file, path, commit, date, note string
}

// url is the file's address in the public SkyPilot catalog repository.
func (s skyFileInfo) url() string {
	return "https://github.com/skypilot-org/skypilot-catalog/blob/" + s.commit + "/" + s.path
}

// oldFormatNote marks the prices of a file of SkyPilot's old catalog
// format (catalogs/v6): the file's own date is unknown, and the day it was
// read says nothing about the prices, so it is not used as their date.
const oldFormatNote = "old catalog format (catalogs/v6), date unknown"

// source is the file as a price source: its URL, caveat and date. The
// SkyPilot files' commit dates are not known (../shared/data/README.md), so
// a current-format file is dated by the snapshot it was read in; an
// old-format file is left undated and marked.
func (s skyFileInfo) source() skySource {
	src := skySource{URL: s.url(), PriceNote: s.note, Date: s.date}
	if strings.HasPrefix(s.path, "catalogs/v6/") {
		src.Date, src.DateNote = "", oldFormatNote
	}
	return src
}

// parseSkyFiles reads facts/skypilot_files.csv.
func parseSkyFiles(r io.Reader, name string) (map[string]skyFileInfo, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("cloud", "file", "source_path", "commit", "read_date", "price_note"); err != nil {
		return nil, err
	}
	out := map[string]skyFileInfo{}
	for i := range t.rows {
		s := skyFileInfo{cloud: t.get(i, "cloud"), file: t.get(i, "file"), path: t.get(i, "source_path"),
			commit: t.get(i, "commit"), date: t.get(i, "read_date"), note: t.get(i, "price_note")}
		if !dateRe.Get().MatchString(s.date) {
			return nil, fmt.Errorf("%s: line %d: column read_date: %q is not YYYY-MM-DD", name, t.lines[i], s.date)
		}
		out[s.cloud] = s
	}
	return out, nil
}

// loadFacts reads the hand-written facts folder (facts/ of this package)
// and the GPU table, instance families and providers it completes.
// gpuSpecs and families are gpu_specs.csv and instance_families.csv.
func loadFacts(factsFS fs.FS, gpuSpecs, families func() (io.ReadCloser, error)) (*tables, error) {
	t := &tables{}
	var err error
	rc, err := gpuSpecs()
	if err != nil {
		return nil, err
	}
	t.gpus, err = parseGPUSpecs(rc, "gpu_specs.csv")
	rc.Close()
	if err != nil {
		return nil, err
	}
	added, err := openParse(factsFS, fileGPUsAdded, parseGPUSpecs)
	if err != nil {
		return nil, err
	}
	if t.gpus, err = addGPUs(t.gpus, added); err != nil {
		return nil, err
	}
	f, err := factsFS.Open("gpu_facts.csv")
	if err != nil {
		return nil, err
	}
	err = applyGPUFacts(t.gpus, f, "facts/gpu_facts.csv")
	f.Close()
	if err != nil {
		return nil, err
	}
	if rc, err = families(); err != nil {
		return nil, err
	}
	t.families, err = parseFamilies(rc, fileFamilies)
	rc.Close()
	if err != nil {
		return nil, err
	}
	if t.facts, err = openParse(factsFS, "offer_facts.csv", parseFacts); err != nil {
		return nil, err
	}
	if t.links, err = openParse(factsFS, "gpu_links.csv", parseGPULinks); err != nil {
		return nil, err
	}
	if err := checkGPULinks(t.links, t.gpus); err != nil {
		return nil, err
	}
	if t.providers, err = openParse(factsFS, "providers.csv", parseProviders); err != nil {
		return nil, err
	}
	if t.fx, err = openParse(factsFS, "fx.csv", parseFX); err != nil {
		return nil, err
	}
	if t.skyFiles, err = openParse(factsFS, "skypilot_files.csv", parseSkyFiles); err != nil {
		return nil, err
	}
	if t.spotRanges, err = openParse(factsFS, "spot_discounts.csv", parseSpotRanges); err != nil {
		return nil, err
	}
	if t.egress, err = openParse(factsFS, "egress_tiers.csv", parseEgressTiers); err != nil {
		return nil, err
	}
	if t.places, err = openParse(factsFS, "regions.csv", parsePlaces); err != nil {
		return nil, err
	}
	if t.groups, err = openParse(factsFS, "region_groups.csv", parseRegionGroups); err != nil {
		return nil, err
	}
	return t, nil
}

// fsOpener returns a function that opens name in fsys.
func fsOpener(fsys fs.FS, name string) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) {
		f, err := fsys.Open(name)
		if err != nil {
			return nil, fmt.Errorf("open %s: %w", name, err)
		}
		return f, nil
	}
}

// Generate builds the embedded catalog from the reference data folder
// (../shared/data: skypilot/, cn/, regions/, gpu_specs.csv,
// instance_families.csv, instance_facts_more.csv, provider_policies.csv,
// model_presets.csv) and
// this package's facts/ folder (presets.csv adds the presets the reference
// data lacks, preset_facts.csv completes them). It returns the catalog's files by name; the same inputs always
// give the same bytes.
func Generate(shared, factsFS fs.FS) (map[string][]byte, error) {
	t, err := loadFacts(factsFS, fsOpener(shared, "gpu_specs.csv"), fsOpener(shared, fileFamilies))
	if err != nil {
		return nil, err
	}
	more, err := openParse(shared, fileFactsMore, parseFactsMore)
	if err != nil {
		return nil, err
	}
	if _, err := checkFactsFrom(t.facts, more); err != nil {
		return nil, err
	}
	ref := newReference(t.gpus, t.families, t.facts)
	ref.links = t.links
	if ref.tencentZones, err = openParse(shared, fileTencentZones, parseTencentZones); err != nil {
		return nil, err
	}
	if ref.cnFamilies, err = openParse(shared, fileCNFamilies, parseCNFamilies); err != nil {
		return nil, err
	}
	if ref.cnPlans, err = openParse(shared, fileCNPrices, parseCNPrices); err != nil {
		return nil, err
	}
	located, err := openParse(shared, fileRegionCountry, parseRegionCountry)
	if err != nil {
		return nil, err
	}
	if err := checkPlacesFrom(t.places, located, ref.tencentZones); err != nil {
		return nil, err
	}
	ref.placeCountry = make(map[string]string, len(t.places))
	for _, p := range t.places {
		ref.placeCountry[placeKey(p.Provider, p.Region)] = p.Country
	}
	b := &Build{ref: ref, tables: t}
	var offers []model.Offer
	var report []string
	snapshot := ""
	for _, src := range sources {
		if src.Embedded == nil {
			continue
		}
		batch, err := src.Embedded(b, shared)
		if err != nil {
			return nil, err
		}
		offers = append(offers, batch.Offers...)
		report = append(report, batch.Report...)
		snapshot = max(snapshot, batch.Snapshot)
	}
	var rows []policyRow
	for _, p := range []struct {
		name string
		cn   bool
	}{{"provider_policies.csv", false}, {"cn/cn_provider_policies.csv", true}} {
		rs, err := openParse(shared, p.name, func(r io.Reader, name string) ([]policyRow, error) {
			return parsePolicyRows(r, name, p.cn)
		})
		if err != nil {
			return nil, err
		}
		rows = append(rows, rs...)
	}
	spot, err := openParse(shared, fileCNSpot, parseCNSpotRules)
	if err != nil {
		return nil, err
	}
	rows = append(rows, spot...)
	pols, err := buildPolicies(t.providers, rows, t.egress)
	if err != nil {
		return nil, err
	}
	if err := applySpotRanges(pols, t.spotRanges); err != nil {
		return nil, err
	}
	if err := applyPriceData(shared, offers, pols); err != nil {
		return nil, err
	}
	models, err := openParse(shared, "model_presets.csv", parsePresets)
	if err != nil {
		return nil, err
	}
	models, err = openParse(factsFS, filePresetsAdded, func(r io.Reader, name string) ([]model.ModelPreset, error) {
		return addPresets(models, r, "facts/"+name)
	})
	if err != nil {
		return nil, err
	}
	pfacts, err := openParse(factsFS, "preset_facts.csv", parsePresetFacts)
	if err != nil {
		return nil, err
	}
	if err := applyPresetFacts(models, pfacts, ref.gpus.gpus, "facts/preset_facts.csv"); err != nil {
		return nil, err
	}
	cat := &model.Catalog{
		Info:     model.CatalogInfo{Origin: "embedded", SnapshotDate: snapshot},
		Offers:   offers,
		GPUs:     ref.catalogGPUs(offers),
		Policies: pols,
		Models:   models,
		FX:       t.fx,
		Places:   t.places,
		// The groups in the file's order: the order users read them in.
		RegionGroups: t.groups,
	}
	deriveSpotAvailability(cat)
	if err := Validate(cat); err != nil {
		return nil, fmt.Errorf("generated catalog: %w", err)
	}
	files, err := encodeCatalog(cat, report)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(files)+1)
	for k, v := range files {
		out[k] = []byte(v)
	}
	fam, err := fs.ReadFile(shared, fileFamilies)
	if err != nil {
		return nil, err
	}
	out[fileFamilies] = fam
	return out, nil
}

// catalogGPUs is the GPU table plus the synthetic entries the offers use.
func (ref *reference) catalogGPUs(offers []model.Offer) map[string]model.GPU {
	out := make(map[string]model.GPU, len(ref.gpus.gpus)+len(ref.ambiguous))
	for k, g := range ref.gpus.gpus {
		out[k] = g
	}
	for _, o := range offers {
		if g, ok := ref.ambiguous[o.GPU]; ok {
			out[o.GPU] = g
		}
	}
	return out
}

// deriveSpotAvailability marks spot as available for a provider whose
// offers carry spot prices, when the policies do not say otherwise.
func deriveSpotAvailability(cat *model.Catalog) {
	has := map[string]bool{}
	for i := range cat.Offers {
		if cat.Offers[i].Spot > 0 {
			has[cat.Offers[i].Provider] = true
		}
	}
	keys := make([]string, 0, len(has))
	for k := range has {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p, ok := cat.Policies[k]
		if !ok || p.SpotAvailable != model.Unknown {
			continue
		}
		p.SpotAvailable = model.Yes
		p.SpotNote = joinNonEmpty("; ", p.SpotNote, "spot prices listed in the SkyPilot catalog")
		cat.Policies[k] = p
	}
}

// isSynthetic reports whether a GPU entry stands for an unstated variant.
func isSynthetic(g model.GPU) bool { return strings.HasPrefix(g.Source, syntheticSource) }
