package advisor

import "github.com/gpupick/gpupick/model"

// The embedded catalog's index, built with the binary. Building the index
// is most of what a headless recommend spends before it ranks (issue 26):
// for the embedded catalog as built in (model.CatalogInfo.Builtin: package
// data's Load with no cached catalog and no overlay) the index, its shapes'
// facts and its sizes are the generated prebuilt_index.go's, static data
// the linker lays out, and an engine of that catalog builds nothing.
//
// prebuilt_index.go is written by TestPrebuiltIndex (internal/systemtest)
// from what BuildPrebuilt makes of that catalog; the test fails while the
// file differs from what BuildPrebuilt makes now (a change to the catalog
// or to the index's code), naming the command that rewrites it:
//
//	go test -tags gpupick_noprebuilt ./internal/systemtest -run 'TestPrebuiltIndex$' -update
//
// The tag leaves the file out (prebuilt_none.go stands in), so the test
// builds even when a change to the index's types has broken the file.

// PrebuiltIndex is a catalog's index, its shapes' facts and its products'
// sizes, and the counts of the catalog it was built from (a check). Its
// fields are the advisor's own: outside the package it is read by
// reflection alone, to be written as static data.
type PrebuiltIndex struct {
	offers, gpus, policies int
	ix                     *index
	facts                  *shapeFacts
	sizes                  *sizeIndex
}

// prebuiltFor is the prebuilt index of cat when cat is the embedded catalog
// as built in, else nil (also for no catalog).
func prebuiltFor(cat *model.Catalog) *PrebuiltIndex {
	p := prebuilt
	if p == nil || cat == nil || !cat.Info.Builtin || len(cat.Offers) != p.offers || len(cat.GPUs) != p.gpus || len(cat.Policies) != p.policies {
		return nil
	}
	return p
}

// BuildPrebuilt builds the index of cat as prebuilt_index.go holds it: what
// an engine of cat would build (buildIndex, newShapeFacts, buildSizes).
func BuildPrebuilt(cat *model.Catalog) *PrebuiltIndex {
	ix, facts := buildIndex(cat)
	return &PrebuiltIndex{offers: len(cat.Offers), gpus: len(cat.GPUs), policies: len(cat.Policies), ix: ix, facts: facts, sizes: buildSizes(cat, ix)}
}

// Prebuilt is the index built with the binary (nil in a build with the tag
// gpupick_noprebuilt).
func Prebuilt() *PrebuiltIndex { return prebuilt }

// Prebuilt reports whether the engine ranks with the index built with the
// binary rather than one of its own.
func (e *Engine) Prebuilt() bool {
	return e.index() != nil && prebuilt != nil && e.ix == prebuilt.ix
}
