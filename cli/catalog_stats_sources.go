package cli

import (
	"fmt"
	"io"
	"sort"

	"github.com/gpupick/gpupick/model"
)

// sourceStat is where one provider's offers came from: one source, the
// offers with a price of it (model.Offer.PriceOrigins: each price's own
// source and date where a merge of sources named them, else the offer's
// price file and date) and the dates of those prices.
type sourceStat struct {
	Provider string `json:"provider"`
	Source   string `json:"source"`
	Offers   int    `json:"offers"`
	// Oldest and Newest are the range of the dated prices' dates
	// (YYYY-MM-DD; empty when none is dated).
	Oldest string `json:"oldest,omitempty"`
	Newest string `json:"newest,omitempty"`
	// Undated counts the offers with an undated price of the source.
	Undated int `json:"undated"`
	// Live counts its live marketplace offers, Stale those of them stale
	// as of the catalog's load (model.Catalog.LiveStale).
	Live  int `json:"live,omitempty"`
	Stale int `json:"stale,omitempty"`
}

// buildSourceStats lists, provider by provider, the sources of the
// offers' prices with their dates, each provider's sources by offers
// (most first), then by source.
func buildSourceStats(cat *model.Catalog) []sourceStat {
	type key struct{ provider, source string }
	by := map[key]*sourceStat{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		live, stale := o.Live(), cat.LiveStale(o)
		counted := map[key]bool{}
		undated := map[key]bool{}
		for _, po := range o.PriceOrigins() {
			k := key{o.Provider, po.Source}
			s := by[k]
			if s == nil {
				s = &sourceStat{Provider: o.Provider, Source: po.Source}
				by[k] = s
			}
			if !counted[k] {
				counted[k] = true
				s.Offers++
				if live {
					s.Live++
				}
				if stale {
					s.Stale++
				}
			}
			switch {
			case po.Date == "":
				if !undated[k] {
					undated[k] = true
					s.Undated++
				}
			default:
				if s.Oldest == "" || po.Date < s.Oldest {
					s.Oldest = po.Date
				}
				s.Newest = max(s.Newest, po.Date)
			}
		}
	}
	out := make([]sourceStat, 0, len(by))
	for _, s := range by {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Provider != b.Provider {
			return a.Provider < b.Provider
		}
		if a.Offers != b.Offers {
			return a.Offers > b.Offers
		}
		return a.Source < b.Source
	})
	return out
}

// dateRange is a source's price dates in lang: "2023-06-01 – 2024-01-10",
// one date, "undated", with the undated offers counted beside dated ones.
func (s sourceStat) dateRange(lang string) string {
	r := s.Oldest
	if s.Newest != s.Oldest {
		r += " – " + s.Newest
	}
	switch {
	case r == "":
		return tStatsUndated.in(lang)
	case s.Undated > 0:
		r += fmt.Sprintf(tStatsSourceUndated.in(lang), s.Undated)
	}
	return r
}

// writeSourceStats prints the sources of each provider's offers with
// their price dates (and how many are live and stale), in lang.
func writeSourceStats(w io.Writer, stats []sourceStat, lang string) {
	if len(stats) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+tStatsSourcesTitle.in(lang))
	tw := newCLITable(w)
	fmt.Fprintln(tw, tStatsSourcesHeader.in(lang))
	for _, s := range stats {
		live := ""
		if s.Live > 0 {
			live = fmt.Sprintf(tStatsSourceLive.in(lang), s.Live, s.Stale)
		}
		src := s.Source
		if src == "" {
			src = tUnknown.in(lang)
		}
		fmt.Fprintf(tw, "  %s\t%d\t%s\t%s\t%s\n", s.Provider, s.Offers, s.dateRange(lang), live, src)
	}
	tw.Flush()
}
