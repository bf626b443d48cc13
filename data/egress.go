package data

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// egressBand is one row of facts/egress_tiers.csv: one band of a
// provider's published internet egress price, in the provider's units.
type egressBand struct {
	Line     int
	Provider string
	UpTo     float64 // top of the band in Unit (cumulative per month); 0 = open
	Unit     string  // GB, GiB, TB or TiB
	Price    float64 // in PriceUnit
	PerUnit  string  // USD/GB or USD/GiB
	Source   string
	Date     string // YYYY-MM-DD the source states or was read
	Quality  string // primary, secondary-quote or secondary
	Note     string
}

// volumeGB is how many GB one unit of volume is.
// Made on first use, not at start-up (issue 26).
var volumeGB = lazy.Value[map[string]float64]{New: func() map[string]float64 {
	return map[string]float64{"GB": 1, "GiB": 1 << 30 / 1e9, "TB": 1000, "TiB": (1 << 40) / 1e9}
}}

// priceGB is how many GB the unit a price is quoted per holds.
// Made on first use, not at start-up (issue 26).
var priceGB = lazy.Value[map[string]float64]{New: func() map[string]float64 {
	return map[string]float64{"USD/GB": 1, "USD/GiB": 1 << 30 / 1e9}
}}

// parseEgressTiers reads facts/egress_tiers.csv (columns provider, up_to,
// unit, price, price_unit, source_url, source_date, quality, note): the
// bands of each provider in order, the last one open (up_to blank). A
// first band priced 0 is the free allowance. Every row cites its source
// and date; bands must rise.
func parseEgressTiers(r io.Reader, name string) (map[string][]egressBand, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "up_to", "unit", "price", "price_unit", "source_url", "source_date", "quality", "note"); err != nil {
		return nil, err
	}
	out := map[string][]egressBand{}
	for i := range t.rows {
		b := egressBand{
			Line: t.lines[i], Provider: t.get(i, "provider"), Unit: t.get(i, "unit"), PerUnit: t.get(i, "price_unit"),
			Source: t.get(i, "source_url"), Date: t.get(i, "source_date"), Quality: t.get(i, "quality"), Note: t.get(i, "note"),
		}
		at := fmt.Sprintf("%s: line %d", name, b.Line)
		if b.Provider == "" {
			return nil, fmt.Errorf("%s: column provider: empty", at)
		}
		if _, ok := volumeGB.Get()[b.Unit]; !ok {
			return nil, fmt.Errorf("%s: column unit: %q: want GB, GiB, TB or TiB", at, b.Unit)
		}
		if _, ok := priceGB.Get()[b.PerUnit]; !ok {
			return nil, fmt.Errorf("%s: column price_unit: %q: want USD/GB or USD/GiB", at, b.PerUnit)
		}
		if b.Source == "" {
			return nil, fmt.Errorf("%s: column source_url: empty (every fact cites its source)", at)
		}
		if !dateRe.Get().MatchString(b.Date) {
			return nil, fmt.Errorf("%s: column source_date: %q is not YYYY-MM-DD", at, b.Date)
		}
		switch b.Quality {
		case "primary", "secondary-quote", "secondary":
		default:
			return nil, fmt.Errorf("%s: column quality: %q: want primary, secondary-quote or secondary", at, b.Quality)
		}
		var has bool
		if b.UpTo, has, err = t.num(i, "up_to"); err != nil {
			return nil, err
		}
		if has && b.UpTo == 0 {
			return nil, fmt.Errorf("%s: column up_to: 0 (leave it blank for the last, open band)", at)
		}
		if b.Price, has, err = t.num(i, "price"); err != nil {
			return nil, err
		} else if !has {
			return nil, fmt.Errorf("%s: column price: empty", at)
		}
		prev := out[b.Provider]
		if n := len(prev); n > 0 {
			last := prev[n-1]
			if last.UpTo == 0 {
				return nil, fmt.Errorf("%s: a band after %s's open band (line %d)", at, b.Provider, last.Line)
			}
			if b.UpTo != 0 && b.gbTop() <= last.gbTop() {
				return nil, fmt.Errorf("%s: band top %s %s is not above the previous band's", at, model.FormatNumber(b.UpTo), b.Unit)
			}
		}
		out[b.Provider] = append(prev, b)
	}
	for p, bands := range out {
		if bands[len(bands)-1].UpTo != 0 {
			return nil, fmt.Errorf("%s: line %d: %s's last band has a top (leave up_to blank for the open band)", name, bands[len(bands)-1].Line, p)
		}
	}
	return out, nil
}

// gbTop is the band's top in GB (0 for the open band), rounded to 0.1 GB.
func (b egressBand) gbTop() float64 {
	return math.Round(b.UpTo*volumeGB.Get()[b.Unit]*10) / 10
}

// perGB is the band's price per GB, rounded to 5 decimals.
func (b egressBand) perGB() float64 {
	return roundPrice(b.Price / priceGB.Get()[b.PerUnit])
}

// label renders the band as published ("1-10 TiB 0.11 USD/GiB"); from is
// the previous band's top.
func (b egressBand) label(from float64) string {
	band := "over " + model.FormatNumber(from) + " " + b.Unit
	if b.UpTo > 0 {
		band = model.FormatNumber(from) + "-" + model.FormatNumber(b.UpTo) + " " + b.Unit
	}
	return band + " " + model.FormatNumber(b.Price) + " " + b.PerUnit
}

// egressFromBands turns a provider's published bands into the free
// allowance (a first band priced 0) and the model's tiers in GB, and one
// note that gives the bands as published, their notes, dates, source
// quality and sources.
func egressFromBands(bands []egressBand) (freeGB float64, tiers []model.EgressTier, note string) {
	from := 0.0
	var labels, notes, dates, quality, sources []string
	for i, b := range bands {
		labels = append(labels, b.label(from))
		from = b.UpTo
		notes = append(notes, b.Note)
		dates = append(dates, b.Date)
		quality = append(quality, b.Quality)
		sources = append(sources, model.SplitOn(b.Source, " ; ")...)
		if i == 0 && b.Price == 0 && b.UpTo > 0 {
			freeGB = b.gbTop()
			continue
		}
		tiers = append(tiers, model.EgressTier{UpToGB: b.gbTop(), PerGB: b.perGB()})
	}
	note = "egress_price_internet as published: " + strings.Join(labels, ", ") + " a month (" +
		joinNonEmpty("; ", append(uniqKeepOrder(notes), "source dated "+strings.Join(uniqKeepOrder(dates), ", "))...) + ")"
	if q := uniqKeepOrder(quality); len(q) != 1 || q[0] != "primary" {
		note += " [" + strings.Join(q, ", ") + "]"
	}
	return freeGB, tiers, note + " — " + strings.Join(uniqKeepOrder(sources), " ; ")
}

// mergeEgress sets a policy's egress from the published bands of
// facts/egress_tiers.csv. The bands must agree with what the policy
// already holds from provider_policies.csv: the same free allowance, and
// every tier it lists at the same top and price. It never overrides a
// figure silently.
func mergeEgress(p *model.Policy, bands []egressBand) error {
	free, tiers, note := egressFromBands(bands)
	if p.EgressFreeGBMonth > 0 && free > 0 && p.EgressFreeGBMonth != free {
		return fmt.Errorf("policy %s: egress_tiers.csv gives %s GB a month free, provider_policies.csv %s GB", p.Provider,
			model.FormatNumber(free), model.FormatNumber(p.EgressFreeGBMonth))
	}
	for _, have := range p.EgressTiers {
		found := false
		for _, t := range tiers {
			if t.UpToGB == have.UpToGB && t.PerGB == have.PerGB {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("policy %s: provider_policies.csv's egress tier %s/GB up to %s GB is not among egress_tiers.csv's bands", p.Provider,
				model.FormatNumber(have.PerGB), model.FormatNumber(have.UpToGB))
		}
	}
	if free > 0 {
		p.EgressFreeGBMonth = free
	}
	p.EgressKnown = true
	p.EgressTiers = tiers
	p.EgressNote = joinNonEmpty("; ", p.EgressNote, note)
	for _, b := range bands {
		p.Sources = append(p.Sources, model.SplitOn(b.Source, " ; ")...)
	}
	return nil
}
