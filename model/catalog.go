package model

import "time"

// FXRate converts one currency to another: 1 From = Rate To, as published on
// Date by Source.
type FXRate struct {
	From   Currency `json:"from" toml:"from"`
	To     Currency `json:"to" toml:"to"`
	Rate   float64  `json:"rate" toml:"rate"`
	Date   string   `json:"date" toml:"date"`
	Source string   `json:"source" toml:"source"`
}

// CatalogInfo says where a catalog came from and how old it is.
type CatalogInfo struct {
	// Origin is "embedded", "imported", "updated" (optionally "+overlay");
	// OriginName names its words.
	Origin string `json:"origin" toml:"origin"`
	// SnapshotDate is the date the prices were read (YYYY-MM-DD).
	SnapshotDate string `json:"snapshot_date" toml:"snapshot_date"`
	// Path is the file or directory the catalog was read from, if any.
	Path string `json:"path,omitempty" toml:"path,omitempty"`
	// Overlay is the user overlay file applied on top, if any.
	Overlay string `json:"overlay,omitempty" toml:"overlay,omitempty"`
	// Warnings are problems met while loading that did not stop it (a
	// cached catalog that could not be read, so an older one was used).
	Warnings []string `json:"warnings,omitempty" toml:"warnings,omitempty"`
	// AsOf is the time a live offer's age is measured at (Catalog.LiveStale):
	// the time the catalog was loaded. Zero when not known, and then every
	// live offer counts as stale (the worse case).
	AsOf time.Time `json:"-" toml:"-"`
	// Builtin is set on the catalog package data's Load returns when it is
	// the embedded catalog as built in, read-only: no cached catalog and
	// no overlay replaced or changed any of it. The advisor then ranks it
	// with the index built with the binary (advisor/prebuilt.go) rather
	// than build one. A catalog that is changed must not carry it.
	Builtin bool `json:"-" toml:"-"`
}

// Catalog is everything the advisor reasons over: offers, GPU facts,
// provider policies, model presets and exchange rates. The advisor never
// loads a catalog; it is handed one.
type Catalog struct {
	Info     CatalogInfo       `json:"info"`
	Offers   []Offer           `json:"offers"`
	GPUs     map[string]GPU    `json:"gpus"`     // by GPU.Name
	Policies map[string]Policy `json:"policies"` // by Policy.Provider
	Models   []ModelPreset     `json:"models"`
	FX       []FXRate          `json:"fx"`
	// Places is the region table: where each provider region lies, for
	// the region filter's groups and countries (data/facts/regions.csv).
	Places []Place `json:"places,omitempty"`
	// RegionGroups are the names users type for sets of countries
	// ("europe", "cn"), each with its countries (data/facts/region_groups.csv).
	RegionGroups []RegionGroup `json:"region_groups,omitempty"`
}

// GPUOf returns the GPU facts of an offer, or nil when the GPU is unknown.
func (c *Catalog) GPUOf(o *Offer) *GPU {
	if c == nil || o.GPU == "" {
		return nil
	}
	g, ok := c.GPUs[o.GPU]
	if !ok {
		return nil
	}
	return &g
}

// Convert converts an amount between currencies with the catalog's rates.
// It reports false when no rate (direct or inverse) is known.
func (c *Catalog) Convert(amount float64, from, to Currency) (float64, bool) {
	if from == to || from == "" && to == USD || to == "" && from == USD {
		return amount, true
	}
	if c == nil {
		return 0, false
	}
	for _, r := range c.FX {
		if r.Rate <= 0 {
			continue
		}
		if r.From == from && r.To == to {
			return amount * r.Rate, true
		}
		if r.From == to && r.To == from {
			return amount / r.Rate, true
		}
	}
	return 0, false
}

// Rate returns the exchange rate used to convert from one currency to another.
func (c *Catalog) Rate(from, to Currency) (FXRate, bool) {
	if c == nil {
		return FXRate{}, false
	}
	for _, r := range c.FX {
		if (r.From == from && r.To == to) || (r.From == to && r.To == from) {
			return r, r.Rate > 0
		}
	}
	return FXRate{}, false
}
