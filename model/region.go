package model

import (
	"slices"
	"strings"
)

// Place is where one provider region lies: a row of the catalog's region
// table (data/facts/regions.csv), cited. Region is the name offers carry
// (an id such as us-east-1, ap-shanghai-4 or europe-west4, or a
// marketplace's location string such as "Sichuan, CN, AS"); a zone of it
// (europe-west4-a, us-east-1/use1-az6) lies where its region does.
type Place struct {
	Provider string `json:"provider" toml:"provider"`
	Region   string `json:"region" toml:"region"`
	// Country is the ISO 3166-1 alpha-2 code (Hong Kong HK, Taiwan TW,
	// never CN); empty when the location is not established.
	Country string `json:"country,omitempty" toml:"country,omitempty"`
	// CountryName is the country's English short name ("Germany").
	CountryName string `json:"country_name,omitempty" toml:"country_name,omitempty"`
	// City is the finest place the source names (it may be a state or an
	// area); empty when it names only the country.
	City string `json:"city,omitempty" toml:"city,omitempty"`
	// Aliases are other names of the region a user may type: the
	// provider's Chinese name, a former id.
	Aliases []string `json:"aliases,omitempty" toml:"aliases,omitempty"`
	// Confidence rates the country: "high", "medium", "low" or
	// "unknown" (the region table's README says what each means), or
	// "user" for a row a user overlay states ([[place]]).
	Confidence string `json:"confidence,omitempty" toml:"confidence,omitempty"`
	Source     string `json:"source,omitempty" toml:"source,omitempty"`
}

// RegionGroup is a name a user types for a set of countries ("europe",
// "cn"): a region of an offer is in the group when its country is.
type RegionGroup struct {
	Name string `json:"name" toml:"name"`
	// Aliases are the group's other names (na for north-america, and the
	// Chinese names).
	Aliases []string `json:"aliases,omitempty" toml:"aliases,omitempty"`
	// Countries are ISO 3166-1 alpha-2 codes.
	Countries []string `json:"countries" toml:"countries"`
	// Note says what the group is in words ("EEA + UK + CH"), NoteZH in
	// Chinese.
	Note   string `json:"note,omitempty" toml:"note,omitempty"`
	NoteZH string `json:"note_zh,omitempty" toml:"note_zh,omitempty"`
	Source string `json:"source,omitempty" toml:"source,omitempty"`
}

// regionTermKind is what one term of a region answer names.
type regionTermKind uint8

const (
	termPrefix  regionTermKind = iota // the start of a region id or alias
	termGroup                         // a region group
	termCountry                       // a country (code, English name) or a city
)

// regionTerm is one compiled term of a region answer.
type regionTerm struct {
	kind      regionTermKind
	raw       string          // as typed, lower-case
	countries map[string]bool // group or country: its codes
	city      string          // a city term: the city (nameKey)
}

// verdict is a filter's answer for one region name (Match's two results).
type verdict struct{ ok, known bool }

// RegionFilter is a region answer (Answers.Regions) compiled against a
// catalog's region table: an offer's region (or zone) passes when one of
// the terms names it, by group, country, city, id or alias prefix. The
// zero filter (no terms) passes everything. It is safe for concurrent use.
type RegionFilter struct {
	terms []regionTerm
	// places by provider, then region id (lower-case).
	places map[string]map[string]*Place
	// verdicts are Match's answers for the table's region names as they
	// are spelled, by provider, worked out once: an offer's regions are
	// almost always those names, so Match looks them up.
	verdicts map[string]map[string]verdict
	// located is set when some term needs a region's country.
	located bool
}

// Active reports whether the filter restricts anything.
func (f *RegionFilter) Active() bool { return f != nil && len(f.terms) > 0 }

// Terms are the filter's terms as typed (lower-case).
func (f *RegionFilter) Terms() []string {
	if f == nil {
		return nil
	}
	out := make([]string, len(f.terms))
	for i, t := range f.terms {
		out[i] = t.raw
	}
	return out
}

// placeKey folds a region name for lookups.
func placeKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// nameKey folds a country or city name for lookups: case and the
// difference between a space and a dash do not count, so "hong-kong",
// typed in a comma-separated list, names Hong Kong.
func nameKey(s string) string { return strings.ReplaceAll(placeKey(s), " ", "-") }

// NewRegionFilter compiles region terms against a catalog's region table
// and groups. A term is, in this order: a group name or alias ("europe",
// "cn"); a two-letter country code, an English country name or a city of
// the table ("de", "germany", "hong-kong", "tokyo"; a dash stands for a
// space); otherwise the start of a region id or alias, matched
// case-insensitively ("us-east", "ap-shanghai", or a Chinese name's
// start). It never fails: whether a prefix names any region of the
// catalog is for the answer's parser to say (UnknownRegionTerms).
func NewRegionFilter(terms []string, cat *Catalog) *RegionFilter {
	f := &RegionFilter{places: map[string]map[string]*Place{}}
	var places []Place
	var groups []RegionGroup
	if cat != nil {
		places, groups = cat.Places, cat.RegionGroups
	}
	countryNames := map[string]string{} // English country name (nameKey) -> code, from the table
	cities := map[string]bool{}
	codes := map[string]bool{}
	for i := range places {
		p := &places[i]
		m := f.places[p.Provider]
		if m == nil {
			m = map[string]*Place{}
			f.places[p.Provider] = m
		}
		m[placeKey(p.Region)] = p
		if p.Country != "" {
			codes[strings.ToLower(p.Country)] = true
			if p.CountryName != "" {
				countryNames[nameKey(p.CountryName)] = strings.ToUpper(p.Country)
			}
		}
		if p.City != "" {
			cities[nameKey(p.City)] = true
		}
	}
	for _, raw := range terms {
		t := placeKey(raw)
		if t == "" {
			continue
		}
		rt := regionTerm{raw: t}
		if g := findGroup(groups, t); g != nil {
			rt.kind, rt.countries = termGroup, setOf(g.Countries)
		} else if len(t) == 2 && codes[t] {
			rt.kind, rt.countries = termCountry, map[string]bool{strings.ToUpper(t): true}
		} else if code, ok := countryNames[nameKey(t)]; ok {
			rt.kind, rt.countries = termCountry, map[string]bool{code: true}
		} else if cities[nameKey(t)] {
			rt.kind, rt.city = termCountry, nameKey(t)
		}
		if rt.kind != termPrefix {
			f.located = true
		}
		f.terms = append(f.terms, rt)
	}
	if len(f.terms) > 0 {
		f.verdicts = make(map[string]map[string]verdict, len(f.places))
		for i := range places {
			p := &places[i]
			m := f.verdicts[p.Provider]
			if m == nil {
				m = map[string]verdict{}
				f.verdicts[p.Provider] = m
			}
			ok, known := f.matchPlace(p, placeKey(p.Region))
			m[p.Region] = verdict{ok, known}
		}
	}
	return f
}

// findGroup returns the group a term names, or nil.
func findGroup(groups []RegionGroup, t string) *RegionGroup {
	for i := range groups {
		g := &groups[i]
		if strings.EqualFold(g.Name, t) {
			return g
		}
		for _, al := range g.Aliases {
			if strings.EqualFold(al, t) {
				return g
			}
		}
	}
	return nil
}

// setOf is a set of upper-case country codes.
func setOf(codes []string) map[string]bool {
	m := make(map[string]bool, len(codes))
	for _, c := range codes {
		m[strings.ToUpper(strings.TrimSpace(c))] = true
	}
	return m
}

// PlaceOf is the place of a region or zone of a provider: the table's
// row for the name, else for the longest region of the provider of which
// the name is a zone (zoneSuffix: europe-west4-a lies in europe-west4,
// eu-central-1a in eu-central-1). nil when the table has none.
func (f *RegionFilter) PlaceOf(provider, where string) *Place {
	if f == nil {
		return nil
	}
	m := f.places[provider]
	if m == nil {
		m = f.places[strings.ToLower(provider)]
	}
	if m == nil {
		return nil
	}
	k := placeKey(where)
	if p, ok := m[k]; ok {
		return p
	}
	var best *Place
	for id, p := range m {
		if len(id) < len(k) && strings.HasPrefix(k, id) && zoneSuffix(k[len(id):]) &&
			(best == nil || len(id) > len(placeKey(best.Region))) {
			best = p
		}
	}
	return best
}

// zoneSuffix reports whether rest, what follows a region's id in a name,
// makes the name a zone of that region: it starts at a boundary ("-",
// "/" or "_": europe-west4-a, us-east-1/use1-az6), or it is one letter
// (AWS's zone names, eu-central-1a).
func zoneSuffix(rest string) bool {
	return rest != "" && (strings.ContainsRune("-/_", rune(rest[0])) || len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z')
}

// Match reports whether a provider's region (or zone) passes the filter.
// known is false when only the region's country could decide and the
// table does not know it (such a region never passes a group, country or
// city term).
func (f *RegionFilter) Match(provider, where string) (ok, known bool) {
	if !f.Active() {
		return true, true
	}
	if v, hit := f.verdicts[provider][where]; hit {
		return v.ok, v.known
	}
	return f.matchPlace(f.PlaceOf(provider, where), placeKey(where))
}

// matchPlace is Match for a region or zone k (placeKey) whose place is p
// (nil when the table has none).
func (f *RegionFilter) matchPlace(p *Place, k string) (ok, known bool) {
	known = true
	for i := range f.terms {
		t := &f.terms[i]
		switch t.kind {
		case termPrefix:
			if strings.HasPrefix(k, t.raw) {
				return true, true
			}
			if p != nil && slices.ContainsFunc(p.Aliases, func(al string) bool { return strings.HasPrefix(placeKey(al), t.raw) }) {
				return true, true
			}
		case termGroup, termCountry:
			switch {
			case p == nil || p.Country == "" && t.city == "":
				known = false
			case t.city != "":
				if nameKey(p.City) == t.city {
					return true, true
				}
			case t.countries[p.Country]:
				return true, true
			}
		}
	}
	return false, known
}

// Unlocated reports whether a term of the filter needs a region's
// country (a group, a country or a city).
func (f *RegionFilter) Unlocated() bool { return f != nil && f.located }

// UnknownRegionTerms lists the terms of a region answer that name nothing
// the catalog has: not a group, a country code or name, a city of the
// table, nor the start of any of its regions' ids, zones or aliases.
func UnknownRegionTerms(terms []string, cat *Catalog) []string {
	return newRegionVocab(cat).unknown(NewRegionFilter(terms, cat))
}

// regionVocab is what a region term may name in a catalog, for the
// answer's parser (built once per catalog, AnswerEnv): every region id,
// zone and alias of its table and offers, lower-case and sorted, for
// prefix checks; and the names to suggest for an unknown term.
type regionVocab struct {
	prefixes []string
	suggest  []string // group names and aliases, region ids and aliases
}

// newRegionVocab collects a catalog's region names.
func newRegionVocab(cat *Catalog) *regionVocab {
	v := &regionVocab{}
	if cat == nil {
		return v
	}
	all, sug := map[string]bool{}, map[string]bool{}
	add := func(s string, suggest bool) {
		k := placeKey(s)
		if k == "" {
			return
		}
		all[k] = true
		// A name a list of terms cannot hold (a marketplace's
		// "Sichuan, CN, AS") is not suggested.
		if suggest && !strings.ContainsAny(k, " ,;\t") {
			sug[k] = true
		}
	}
	for i := range cat.Places {
		p := &cat.Places[i]
		add(p.Region, true)
		for _, al := range p.Aliases {
			add(al, true)
		}
		for _, name := range []string{p.CountryName, p.City} {
			if name != "" {
				sug[nameKey(name)] = true
			}
		}
	}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		for _, r := range o.Regions {
			add(r, true)
		}
		d := o.Detail()
		for _, z := range d.SpotZones {
			add(z.Zone, false)
		}
		for _, z := range d.OnDemandZones {
			add(z.Zone, false)
		}
	}
	v.prefixes = sortedSet(all)
	for _, g := range cat.RegionGroups {
		sug[placeKey(g.Name)] = true
		for _, al := range g.Aliases {
			sug[placeKey(al)] = true
		}
	}
	v.suggest = sortedSet(sug)
	return v
}

// hasPrefix reports whether a region name of the catalog starts with p.
func (v *regionVocab) hasPrefix(p string) bool {
	i, _ := slices.BinarySearch(v.prefixes, p)
	return i < len(v.prefixes) && strings.HasPrefix(v.prefixes[i], p)
}

// unknown lists the filter's prefix terms no region name starts with.
func (v *regionVocab) unknown(f *RegionFilter) []string {
	var out []string
	for _, t := range f.terms {
		if t.kind == termPrefix && !v.hasPrefix(t.raw) {
			out = append(out, t.raw)
		}
	}
	return out
}

// closest are up to three names of the catalog near an unknown term, for
// its error: region ids, aliases and groups (Closest), without the names
// much shorter than the term that Closest finds inside it ("ro" in
// "europa").
func (v *regionVocab) closest(term string) []string {
	var out []string
	for _, c := range Closest(term, v.suggest, 8) {
		if 2*len([]rune(c)) >= len([]rune(term)) && len(out) < 3 {
			out = append(out, c)
		}
	}
	return out
}

// TermUse says what one term of a region answer stands for: a group or
// a country with the countries of the catalog's region table it covers,
// or the start of region ids.
type TermUse struct {
	Term string
	// Note is a group's note ("EEA + UK + CH"), NoteZH in Chinese; empty
	// for other terms.
	Note, NoteZH string
	// Countries is how many countries of the region table the term
	// covers (0 for a prefix or a city).
	Countries int
	// Prefix is set for a term that matches the start of region ids or
	// aliases.
	Prefix bool
}

// Uses says what each term of the filter stands for, in order.
func (f *RegionFilter) Uses(groups []RegionGroup) []TermUse {
	if f == nil {
		return nil
	}
	present := map[string]bool{}
	for _, m := range f.places {
		for _, p := range m {
			if p.Country != "" {
				present[p.Country] = true
			}
		}
	}
	out := make([]TermUse, 0, len(f.terms))
	for _, t := range f.terms {
		u := TermUse{Term: t.raw, Prefix: t.kind == termPrefix}
		if t.kind == termGroup {
			if g := findGroup(groups, t.raw); g != nil {
				u.Note, u.NoteZH = g.Note, g.NoteZH
			}
		}
		for c := range t.countries {
			if present[c] {
				u.Countries++
			}
		}
		out = append(out, u)
	}
	return out
}
