//go:build gpupick_gen

package data

import "github.com/gpupick/gpupick/model"

// The generated tables, empty, for the generator's own build: `go generate
// ./data` runs data/gen with the tag gpupick_gen, which leaves out
// embedded_catalog.go and embedded_policies.go, so the generator builds
// package data even when a change to the model types has broken the tables
// it is about to rewrite. A binary built with the tag has no embedded
// catalog.
var (
	embeddedOffers   []model.Offer
	embeddedGPUs     []model.GPU
	embeddedModels   []model.ModelPreset
	embeddedFX       []model.FXRate
	embeddedPolicies []model.Policy
	// The region table and groups.
	embeddedPlaces       []model.Place
	embeddedRegionGroups []model.RegionGroup
)

// embeddedOfferCopies is the generated function's stand-in: there is no
// table to copy.
func embeddedOfferCopies() []model.Offer { return nil }
