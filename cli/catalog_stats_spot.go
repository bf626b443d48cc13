package cli

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/gpupick/gpupick/model"
)

// spotStat is one provider's spot prices checked zone by zone against
// on-demand in the same region and the discount range the provider
// states (model.Offer.SpotChecks): Offers have a spot price, Outside of
// them one outside the range somewhere, NotBelow one at or above
// on-demand somewhere; Zones and the zone counts likewise.
type spotStat struct {
	Provider      string  `json:"provider"`
	RangeLow      float64 `json:"stated_discount_min,omitempty"`
	RangeHigh     float64 `json:"stated_discount_max,omitempty"`
	RangeSource   string  `json:"stated_source,omitempty"`
	Offers        int     `json:"offers_with_spot"`
	Outside       int     `json:"offers_outside"`
	NotBelow      int     `json:"offers_not_below_on_demand"`
	Zones         int     `json:"zones"`
	ZonesOutside  int     `json:"zones_outside"`
	ZonesNotBelow int     `json:"zones_not_below_on_demand"`
	// Worst is the highest spot / on-demand ratio of a flagged zone.
	Worst     float64 `json:"worst_ratio,omitempty"`
	WorstAt   string  `json:"worst_at,omitempty"`
	WorstType string  `json:"worst_instance_type,omitempty"`
}

// buildSpotStats checks every spot price of the catalog: the providers
// with a flagged price, by key.
func buildSpotStats(cat *model.Catalog) []spotStat {
	by := map[string]*spotStat{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		var pol *model.Policy
		if p, ok := cat.Policies[o.Provider]; ok {
			pol = &p
		}
		checks := o.SpotChecks(pol)
		if len(checks) == 0 {
			continue
		}
		s := by[o.Provider]
		if s == nil {
			s = &spotStat{Provider: o.Provider}
			if lo, hi, ok := pol.SpotRange(); ok {
				s.RangeLow, s.RangeHigh, s.RangeSource = lo, hi, pol.SpotDiscountMin.Source
			}
			by[o.Provider] = s
		}
		s.Offers++
		outside, notBelow := false, false
		for _, c := range checks {
			s.Zones++
			if !c.Verdict.Suspect() {
				continue
			}
			s.ZonesOutside++
			outside = true
			if c.Verdict.NoSaving() {
				s.ZonesNotBelow++
				notBelow = true
			}
			if r := c.Spot / c.OnDemand; r > s.Worst {
				s.Worst, s.WorstAt, s.WorstType = math.Round(r*1000)/1000, c.Zone, o.InstanceType
			}
		}
		if outside {
			s.Outside++
		}
		if notBelow {
			s.NotBelow++
		}
	}
	var out []spotStat
	for _, s := range by {
		if s.ZonesOutside > 0 {
			out = append(out, *s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Provider < out[j].Provider })
	return out
}

// writeSpotStats prints the flagged spot prices, a line a provider.
func writeSpotStats(w io.Writer, stats []spotStat, lang string) {
	if len(stats) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+tStatsSpotTitle.in(lang))
	for _, s := range stats {
		stated := tStatsSpotNoRange.in(lang)
		if s.RangeHigh > 0 {
			stated = fmt.Sprintf(tStatsSpotRange.in(lang), s.RangeLow*100, s.RangeHigh*100, firstWord(s.RangeSource))
		}
		fmt.Fprintf(w, tStatsSpotLine.in(lang)+"\n", s.Provider, s.Outside, s.Offers, s.ZonesOutside, s.Zones,
			s.NotBelow, s.ZonesNotBelow, s.Worst*100, s.WorstType, s.WorstAt, stated)
	}
}
