package data

import (
	"embed"
	"slices"
	"sort"

	"github.com/gpupick/gpupick/model"
)

// The embedded catalog, as committed in catalog/ (regenerate with
// `go generate ./data`). Its offers, GPUs, model presets and exchange rates
// are laid out as Go data (embedded_catalog.go) and its policies too
// (embedded_policies.go), both generated from the catalog's files, so that
// the embedded catalog costs no decoding at start-up (issue 14); tests check
// that the tables and the files agree. Of the files the binary keeps only
// info.tsv (the snapshot date and the cleaning report); the test binary
// embeds the rest to check the tables against them.
//
//go:embed catalog/info.tsv
var embInfo string

// embFS holds what only an import or update needs: the instance families
// and the hand-written facts.
//
//go:embed catalog/instance_families.csv facts/*.csv
var embFS embed.FS

// Embedded returns the catalog built into the binary. Every call returns a
// fresh catalog that the caller may change: its offers, GPUs, presets,
// rates and policies, and the lists they hold, are copies of the tables.
func Embedded() (*model.Catalog, error) {
	cat, err := embeddedSharing()
	if err != nil {
		return nil, err
	}
	cat.Offers = embeddedOfferCopies()
	cat.Places, cat.RegionGroups = embeddedPlaceCopies(), embeddedGroupCopies()
	cat.Policies = policyMap(embeddedPolicyCopies())
	return cat, nil
}

// embeddedSharing is Embedded with the offers, the region table and the
// groups the tables themselves, not copies: for Load, whose catalog is
// read (the advisor, the commands) unless an overlay changes it, and then
// Load takes copies first (unshareEmbedded). Its maps, presets and rates
// are the caller's; so are its policies, whose lists (terms, tiers,
// notes, sources) are the table's, each as long as it holds: an overlay
// replaces a policy or appends to a list (a copy), never writes into one.
func embeddedSharing() (*model.Catalog, error) {
	meta, err := decodeInfo("embedded catalog/"+fileInfo, embInfo)
	if err != nil {
		return nil, err
	}
	cat := &model.Catalog{
		Info:     model.CatalogInfo{Origin: originEmbedded, SnapshotDate: meta.snapshot},
		Offers:   embeddedOffers,
		GPUs:     embeddedGPUMap(),
		Policies: policyMap(embeddedPolicies),
		Models:   embeddedModelCopies(),
		FX:       slices.Clone(embeddedFX),
		// The region table and groups are the tables themselves, as the
		// offers are (their capacity is their length: an append copies).
		Places:       embeddedPlaces[:len(embeddedPlaces):len(embeddedPlaces)],
		RegionGroups: embeddedRegionGroups[:len(embeddedRegionGroups):len(embeddedRegionGroups)],
	}
	return cat, nil
}

// policyMap is pols by provider, each list clipped to its length (an
// append copies it).
func policyMap(pols []model.Policy) map[string]model.Policy {
	out := make(map[string]model.Policy, len(pols))
	for _, p := range pols {
		p.Terms, p.TermsOnRequest, p.EgressTiers = slices.Clip(p.Terms), slices.Clip(p.TermsOnRequest), slices.Clip(p.EgressTiers)
		p.Notes, p.Sources = slices.Clip(p.Notes), slices.Clip(p.Sources)
		out[p.Provider] = p
	}
	return out
}

// sharesEmbedded reports whether offers are the embedded offer table,
// which must not be changed.
func sharesEmbedded(offers []model.Offer) bool {
	return len(offers) > 0 && len(embeddedOffers) > 0 && &offers[0] == &embeddedOffers[0]
}

// unshareEmbedded replaces a catalog's offers, region table and groups by
// copies when they are the embedded tables, so that the catalog may be
// changed.
func unshareEmbedded(cat *model.Catalog) {
	if sharesEmbedded(cat.Offers) {
		cat.Offers = embeddedOfferCopies()
	}
	if len(cat.Places) > 0 && len(embeddedPlaces) > 0 && &cat.Places[0] == &embeddedPlaces[0] {
		cat.Places = embeddedPlaceCopies()
	}
	if len(cat.RegionGroups) > 0 && len(embeddedRegionGroups) > 0 && &cat.RegionGroups[0] == &embeddedRegionGroups[0] {
		cat.RegionGroups = embeddedGroupCopies()
	}
}

// embeddedGPUMap returns the GPU table by name, the aliases copied.
func embeddedGPUMap() map[string]model.GPU {
	n := 0
	for i := range embeddedGPUs {
		n += len(embeddedGPUs[i].Aliases)
	}
	aliases := make([]string, 0, n)
	out := make(map[string]model.GPU, len(embeddedGPUs))
	for _, g := range embeddedGPUs {
		g.Aliases = cloneInto(&aliases, g.Aliases)
		out[g.Name] = g
	}
	return out
}

// embeddedModelCopies returns the preset table with its components and
// images copied.
func embeddedModelCopies() []model.ModelPreset {
	out := slices.Clone(embeddedModels)
	for i := range out {
		m := &out[i]
		m.Components = slices.Clone(m.Components)
		if m.Image != nil {
			img := *m.Image
			m.Image = &img
		}
	}
	return out
}

// embeddedPlaceCopies returns the region table with its aliases copied
// (into one allocation).
func embeddedPlaceCopies() []model.Place {
	n := 0
	for i := range embeddedPlaces {
		n += len(embeddedPlaces[i].Aliases)
	}
	aliases := make([]string, 0, n)
	out := slices.Clone(embeddedPlaces)
	for i := range out {
		out[i].Aliases = cloneInto(&aliases, out[i].Aliases)
	}
	return out
}

// embeddedGroupCopies returns the region groups with their lists copied.
func embeddedGroupCopies() []model.RegionGroup {
	out := slices.Clone(embeddedRegionGroups)
	for i := range out {
		out[i].Aliases = slices.Clone(out[i].Aliases)
		out[i].Countries = slices.Clone(out[i].Countries)
	}
	return out
}

// cloneInto copies s to the end of *buf (which has room for it) and
// returns the copy, its capacity its length. An empty list is returned as
// it is (nil or empty): there is nothing in it to change.
func cloneInto[T any](buf *[]T, s []T) []T {
	if len(s) == 0 {
		return s
	}
	n := len(*buf)
	*buf = append(*buf, s...)
	return (*buf)[n:len(*buf):len(*buf)]
}

// embeddedPolicyCopies returns the generated policy table with its lists
// copied, so a caller that changes a policy of its catalog does not change
// the table.
func embeddedPolicyCopies() []model.Policy {
	out := make([]model.Policy, len(embeddedPolicies))
	for i, p := range embeddedPolicies {
		p.Terms = slices.Clone(p.Terms)
		p.TermsOnRequest = slices.Clone(p.TermsOnRequest)
		p.EgressTiers = slices.Clone(p.EgressTiers)
		p.Notes = slices.Clone(p.Notes)
		p.Sources = slices.Clone(p.Sources)
		out[i] = p
	}
	return out
}

// CleaningReport lists what the cleaning of the embedded catalog dropped or
// fixed, one line each ("gcp: 34 accelerator rows dropped: …").
func CleaningReport() []string {
	m, err := decodeInfo("embedded catalog/"+fileInfo, embInfo)
	if err != nil {
		return nil
	}
	return m.cleaning
}

// embeddedTables parses the tables an import needs from the embedded
// files: the GPU table as the embedded catalog carries it (already completed
// with facts/gpu_facts.csv; synthetic entries left out), the instance
// families, the offer facts and the board-level GPU links.
func embeddedTables() (*tables, error) {
	cat, err := Embedded()
	if err != nil {
		return nil, err
	}
	t := &tables{}
	for _, g := range cat.GPUs {
		if !isSynthetic(g) {
			t.gpus = append(t.gpus, g)
		}
	}
	sort.Slice(t.gpus, func(i, j int) bool { return t.gpus[i].Name < t.gpus[j].Name })
	if t.families, err = openParse(embFS, "catalog/"+fileFamilies, parseFamilies); err != nil {
		return nil, err
	}
	if t.facts, err = openParse(embFS, "facts/offer_facts.csv", parseFacts); err != nil {
		return nil, err
	}
	if t.links, err = openParse(embFS, "facts/gpu_links.csv", parseGPULinks); err != nil {
		return nil, err
	}
	return t, nil
}
