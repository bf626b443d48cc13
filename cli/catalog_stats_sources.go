package cli

import (
	"fmt"
	"io"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

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
// their price dates (and how many are live and stale), in lang. When the
// table with its sources whole is wider than the width, a row names its
// source by a number and a short form (sourceShort) and the full sources
// follow the table once each, by number, whole (a URL is never cut: it
// stays to copy).
func writeSourceStats(w io.Writer, stats []sourceStat, lang string) {
	if len(stats) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+tStatsSourcesTitle.in(lang))
	rows := [][]string{strings.Split(tStatsSourcesHeader.in(lang), "\t")}
	for _, s := range stats {
		live := ""
		if s.Live > 0 {
			live = fmt.Sprintf(tStatsSourceLive.in(lang), s.Live, s.Stale)
		}
		rows = append(rows, []string{"  " + s.Provider, strconv.Itoa(s.Offers), s.dateRange(lang), live, s.Source})
	}
	tw := newCLITable(w)
	var sources []string // the full sources by number, from 1
	if tw.width > 0 && tableWidth(rows) > tw.width {
		number := map[string]int{}
		for _, r := range rows[1:] {
			if src := r[sourceCol]; src != "" {
				n, ok := number[src]
				if !ok {
					sources = append(sources, src)
					n = len(sources)
					number[src] = n
				}
				r[sourceCol] = fmt.Sprintf("[%d] %s", n, sourceShort(src))
			}
		}
		steps := []fitStep{cutCol(sourceCol, cutKeyed, 16)}
		if !slices.ContainsFunc(stats, func(s sourceStat) bool { return s.Live > 0 }) {
			steps = append([]fitStep{dropCol(liveCol)}, steps...) // an empty column
		}
		tw.fitTo(steps...)
	}
	for _, r := range rows[1:] {
		if r[sourceCol] == "" {
			r[sourceCol] = tUnknown.in(lang)
		}
	}
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	if len(sources) == 0 {
		return
	}
	fmt.Fprintln(w, tCatSources.in(lang))
	tw = newCLITable(w).fitTo(wrapCol(1, 24))
	for i, src := range sources {
		fmt.Fprintf(tw, "  [%d]\t%s\n", i+1, src)
	}
	tw.Flush()
}

// The columns of the sources table.
const (
	liveCol   = 3
	sourceCol = 4
)

// cutKeyed cuts a "[n] source" cell to w columns in the source's middle,
// the number kept whole: it is what finds the full source below.
func cutKeyed(s string, w int) string {
	key, rest, ok := strings.Cut(s, "] ")
	if !ok {
		return cutMiddle(s, w)
	}
	key += "] "
	return key + cutMiddle(rest, max(w-displayWidth(key), 4))
}

// sourceShort is a source in a few words that tell it from the others: a
// GitHub file as its repository, commit and last two path parts
// ("skypilot-catalog@2c3d7ea aws/vms.csv"), another URL as its host and
// last path part, a source that is no URL as it is.
func sourceShort(src string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(src), " ")
	u, err := url.Parse(first)
	if err != nil || u.Host == "" || !strings.Contains(first, "://") {
		return src
	}
	host := strings.TrimPrefix(u.Host, "www.")
	parts := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	if host == "github.com" && len(parts) >= 4 && (parts[2] == "blob" || parts[2] == "tree") {
		ref := parts[3]
		if len(ref) == 40 {
			ref = ref[:7]
		}
		short := parts[1] + "@" + ref
		if rest := parts[4:]; len(rest) > 0 {
			short += " " + strings.Join(rest[max(len(rest)-2, 0):], "/")
		}
		return short
	}
	if len(parts) > 0 {
		return host + " " + parts[len(parts)-1]
	}
	return host
}
