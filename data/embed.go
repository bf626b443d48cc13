package data

import (
	"embed"
	"slices"
	"sort"

	"github.com/gpupick/gpupick/model"
)

// The embedded catalog, as committed in catalog/ (regenerate with
// `go generate ./data`). The hot files are embedded as strings so that
// decoding slices them without copying.
var (
	//go:embed catalog/info.tsv
	embInfo string
	//go:embed catalog/offers.tsv
	embOffers string
	//go:embed catalog/sources.tsv
	embSources string
	//go:embed catalog/gpus.tsv
	embGPUs string
	//go:embed catalog/policies.json
	embPolicies string
	//go:embed catalog/models.tsv
	embModels string
	//go:embed catalog/fx.tsv
	embFX string
)

// embFS holds what only an import or update needs: the instance families
// and the hand-written facts.
//
//go:embed catalog/instance_families.csv facts/*.csv
var embFS embed.FS

// embeddedFiles is the embedded catalog as text files.
func embeddedFiles() catalogFiles {
	return catalogFiles{
		fileInfo: embInfo, fileOffers: embOffers, fileSources: embSources, fileGPUs: embGPUs,
		filePolicies: embPolicies, fileModels: embModels, fileFX: embFX,
	}
}

// Embedded decodes the catalog built into the binary. Every call returns a
// fresh catalog that the caller may change.
func Embedded() (*model.Catalog, error) {
	cat, _, err := decodeCatalogWith("embedded catalog", embeddedFiles(), embeddedPolicyCopies())
	if err != nil {
		return nil, err
	}
	cat.Info.Origin = "embedded"
	return cat, nil
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
