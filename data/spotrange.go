package data

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/gpupick/gpupick/model"
)

// spotRange is one row of facts/spot_discounts.csv: the range of discounts
// off on-demand a provider states its spot prices give, in percent.
type spotRange struct {
	Line     int
	Provider string
	Min, Max float64 // percent off on-demand
	Source   string
	Quality  string
	Note     string
}

// parseSpotRanges reads facts/spot_discounts.csv (columns provider,
// discount_min_pct, discount_max_pct, source_url, quality, note): one row
// a provider, 0 <= min < max < 100, every row citing its source.
func parseSpotRanges(r io.Reader, name string) ([]spotRange, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "discount_min_pct", "discount_max_pct", "source_url", "quality", "note"); err != nil {
		return nil, err
	}
	var out []spotRange
	seen := map[string]bool{}
	for i := range t.rows {
		s := spotRange{Line: t.lines[i], Provider: t.get(i, "provider"), Source: t.get(i, "source_url"),
			Quality: t.get(i, "quality"), Note: t.get(i, "note")}
		at := fmt.Sprintf("%s: line %d", name, s.Line)
		switch {
		case s.Provider == "":
			return nil, fmt.Errorf("%s: column provider: empty (a provider key of providers.csv)", at)
		case seen[s.Provider]:
			return nil, fmt.Errorf("%s: column provider: %q has a row already (one range a provider)", at, s.Provider)
		case s.Source == "":
			return nil, fmt.Errorf("%s: column source_url: empty (cite where the provider states the range)", at)
		}
		seen[s.Provider] = true
		for _, c := range []struct {
			col string
			v   *float64
		}{{"discount_min_pct", &s.Min}, {"discount_max_pct", &s.Max}} {
			v, err := strconv.ParseFloat(t.get(i, c.col), 64)
			if err != nil || !(v >= 0 && v < 100) {
				return nil, fmt.Errorf("%s: column %s: %q: want a percent off on-demand from 0 to below 100", at, c.col, t.get(i, c.col))
			}
			*c.v = v
		}
		if !(s.Min < s.Max) {
			return nil, fmt.Errorf("%s: columns discount_min_pct and discount_max_pct: %s is not below %s (the least discount first)", at,
				model.FormatNumber(s.Min), model.FormatNumber(s.Max))
		}
		out = append(out, s)
	}
	return out, nil
}

// applySpotRanges sets each provider's stated spot discount range. The top
// must agree with the spot_discount_max provider_policies.csv gives, where
// it gives one: a figure is never overridden silently.
func applySpotRanges(pols map[string]model.Policy, ranges []spotRange) error {
	for _, s := range ranges {
		p, ok := pols[s.Provider]
		if !ok {
			return fmt.Errorf("facts/spot_discounts.csv: line %d: column provider: %q is not in providers.csv", s.Line, s.Provider)
		}
		if have := p.SpotDiscountMax.Fraction; have > 0 && math.Abs(have*100-s.Max) > 1e-9 {
			return fmt.Errorf("facts/spot_discounts.csv: line %d: column discount_max_pct: %s, but provider_policies.csv gives %s%% for %s",
				s.Line, model.FormatNumber(s.Max), model.FormatNumber(have*100), s.Provider)
		}
		if p.SpotDiscountMax.Fraction == 0 {
			p.SpotDiscountMax = model.Discount{Fraction: s.Max / 100, Note: s.Note, Source: s.Source}
		}
		p.SpotDiscountMin = model.Discount{Fraction: s.Min / 100, Note: s.Note, Source: s.Source}
		p.Sources = uniqKeepOrder(append(slices.Clone(p.Sources), model.SplitOn(s.Source, " ; ")...))
		pols[s.Provider] = p
	}
	return nil
}
