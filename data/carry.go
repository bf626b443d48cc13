package data

import (
	"slices"

	"github.com/gpupick/gpupick/model"
)

// carryOver is what a cache folder keeps of its previous contents when a
// source updates some providers: the previous folder's offers of every
// provider the new batch does not cover, with the GPUs they need and its
// snapshot date, so that updating vast then runpod keeps both (each
// source's update wrote the whole folder before, and the second dropped
// the first's offers). A previous folder older than the embedded catalog
// is not carried (the loader would ignore it), nor a damaged one.
type carryOver struct {
	offers    []model.Offer
	gpus      map[string]model.GPU
	providers []string
	snapshot  string
}

// previousOthers reads the carry-over of cache folder dir for a batch of
// providers.
func previousOthers(dir string, providers []string) carryOver {
	prev, err := readCached(dir)
	if err != nil || prev == nil {
		return carryOver{}
	}
	if emb, err := Embedded(); err != nil || prev.meta.snapshot < emb.Info.SnapshotDate {
		return carryOver{}
	}
	c := carryOver{gpus: map[string]model.GPU{}, snapshot: prev.meta.snapshot}
	for _, p := range prev.meta.providers {
		if !slices.Contains(providers, p) {
			c.providers = append(c.providers, p)
		}
	}
	for _, o := range prev.offers {
		if slices.Contains(c.providers, o.Provider) {
			c.offers = append(c.offers, o)
			if g, ok := prev.gpus[o.GPU]; ok {
				c.gpus[o.GPU] = g
			}
		}
	}
	return c
}

// into adds the carried offers, GPUs and providers to what a batch stores,
// and dates the folder by the older snapshot of the two (a folder's date
// is the one its prices are "as of"; each offer keeps its own).
func (c carryOver) into(offers []model.Offer, gpus map[string]model.GPU, meta *catalogMeta) []model.Offer {
	if len(c.providers) == 0 {
		return offers
	}
	for k, g := range c.gpus {
		if _, ok := gpus[k]; !ok {
			gpus[k] = g
		}
	}
	meta.providers = append(meta.providers, c.providers...)
	if c.snapshot != "" && c.snapshot < meta.snapshot {
		meta.snapshot = c.snapshot
	}
	return append(offers, c.offers...)
}
