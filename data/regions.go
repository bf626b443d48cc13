package data

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// The region table: where each provider region lies (facts/regions.csv,
// one row a region name the catalog uses, restated from the reference
// data's regions/region_country.csv, Tencent's zones under their ids from
// cn/2026-12-01/tencent_regions.csv), and the groups of countries users
// type (facts/region_groups.csv). The generator checks the table against
// both reference files (checkPlacesFrom), and a test that every region and
// zone an offer names has a row.

// Reference files of the region table (../shared/data).
const (
	fileRegionCountry = "regions/region_country.csv"
	fileTencentZones  = "cn/2026-12-01/tencent_regions.csv"
)

// Place confidences: how far the country of a row is established
// (regions/README.md of the reference data says what each means). A
// place a user overlay states is "user".
const (
	confHigh    = "high"
	confMedium  = "medium"
	confLow     = "low"
	confUnknown = "unknown"
	confUser    = "user"
)

// countryRe matches an ISO 3166-1 alpha-2 code.
var countryRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[A-Z]{2}$`) }}

// aliasSep separates the aliases, countries and sources of one cell.
const aliasSep = ";"

// parsePlaces reads facts/regions.csv (columns provider, region,
// country_code, country, city, aliases, confidence, source_url, quote):
// one row a provider's region, unique; a located row (confidence high,
// medium or low) names its country by code and name and cites its source
// and quote, an unknown one names no country.
func parsePlaces(r io.Reader, name string) ([]model.Place, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "region", "country_code", "country", "city", "aliases", "confidence", "source_url", "quote"); err != nil {
		return nil, err
	}
	out := make([]model.Place, 0, len(t.rows))
	for i := range t.rows {
		p := model.Place{
			Provider: t.get(i, "provider"), Region: t.get(i, "region"), Country: t.get(i, "country_code"),
			CountryName: t.get(i, "country"), City: t.get(i, "city"), Aliases: model.SplitOn(t.get(i, "aliases"), aliasSep),
			Confidence: t.get(i, "confidence"), Source: t.get(i, "source_url"),
		}
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		if err := checkPlace(&p); err != nil {
			return nil, fmt.Errorf("%s: %w", at, err)
		}
		if p.Confidence == confUser {
			return nil, fmt.Errorf("%s: %s %s: column confidence: user is for an overlay's row, not a cited fact", at, p.Provider, p.Region)
		}
		if p.Country != "" && (p.Source == "" || t.get(i, "quote") == "") {
			return nil, fmt.Errorf("%s: %s %s: a located region cites its source (source_url) and quote", at, p.Provider, p.Region)
		}
		if p.Country == "" && t.get(i, "quote") == "" {
			return nil, fmt.Errorf("%s: %s %s: column quote: say why the location is unknown", at, p.Provider, p.Region)
		}
		out = append(out, p)
	}
	if err := checkPlaceKeys(out); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	sortPlaces(out)
	return out, nil
}

// checkPlace checks one row of the region table, wherever it comes from
// (the facts file, a catalog file, an overlay): the error names the column.
func checkPlace(p *model.Place) error {
	switch {
	case p.Provider == "" || p.Provider != strings.ToLower(p.Provider) || strings.ContainsAny(p.Provider, " /\t"):
		return fmt.Errorf("column provider: %q: want a lower-case key such as aws", p.Provider)
	case p.Region == "":
		return fmt.Errorf("column region: empty (the region name the offers carry)")
	case p.Country != "" && !countryRe.Get().MatchString(p.Country):
		return fmt.Errorf("%s %s: column country_code: %q: want an ISO 3166-1 alpha-2 code such as DE", p.Provider, p.Region, p.Country)
	}
	switch p.Confidence {
	case confHigh, confMedium, confLow, confUser:
		if p.Country == "" {
			return fmt.Errorf("%s %s: column country_code: empty for a %s-confidence row (use confidence unknown when the location is not established)", p.Provider, p.Region, p.Confidence)
		}
	case confUnknown:
		if p.Country != "" || p.City != "" {
			return fmt.Errorf("%s %s: confidence unknown, but the row names a country or city", p.Provider, p.Region)
		}
	default:
		return fmt.Errorf("%s %s: column confidence: %q: want high, medium, low or unknown (user for an overlay's row)", p.Provider, p.Region, p.Confidence)
	}
	for _, al := range p.Aliases {
		if strings.TrimSpace(al) == "" {
			return fmt.Errorf("%s %s: column aliases: an empty alias", p.Provider, p.Region)
		}
	}
	return nil
}

// placeKey is a row's key: its provider and region, case folded.
func placeKey(provider, region string) string {
	return provider + "/" + strings.ToLower(strings.TrimSpace(region))
}

// checkPlaceKeys returns an error naming the first region that appears twice.
func checkPlaceKeys(places []model.Place) error {
	seen := make(map[string]bool, len(places))
	for i := range places {
		k := placeKey(places[i].Provider, places[i].Region)
		if seen[k] {
			return fmt.Errorf("%s %s appears twice in the region table", places[i].Provider, places[i].Region)
		}
		seen[k] = true
	}
	return nil
}

// sortPlaces sorts places by provider and region.
func sortPlaces(places []model.Place) {
	sort.SliceStable(places, func(i, j int) bool {
		if places[i].Provider != places[j].Provider {
			return places[i].Provider < places[j].Provider
		}
		return places[i].Region < places[j].Region
	})
}

// parseRegionGroups reads facts/region_groups.csv (columns name, aliases,
// countries, note, source): each group a set of country codes with the
// names users type for it, none of them another group's.
func parseRegionGroups(r io.Reader, name string) ([]model.RegionGroup, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("name", "aliases", "countries", "note", "note_zh", "source"); err != nil {
		return nil, err
	}
	out := make([]model.RegionGroup, 0, len(t.rows))
	for i := range t.rows {
		g := model.RegionGroup{
			Name: t.get(i, "name"), Aliases: model.SplitOn(t.get(i, "aliases"), aliasSep),
			Countries: model.SplitOn(t.get(i, "countries"), aliasSep), Note: t.get(i, "note"), NoteZH: t.get(i, "note_zh"), Source: t.get(i, "source"),
		}
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		if err := checkRegionGroup(&g); err != nil {
			return nil, fmt.Errorf("%s: %w", at, err)
		}
		if g.Note == "" || g.NoteZH == "" || g.Source == "" {
			return nil, fmt.Errorf("%s: group %s: columns note, note_zh and source: say what the group expands to, in English and Chinese, and cite where it comes from", at, g.Name)
		}
		out = append(out, g)
	}
	if err := checkGroupNames(out); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// checkRegionGroup checks one region group: a lower-case name without
// separators, and ISO country codes.
func checkRegionGroup(g *model.RegionGroup) error {
	for _, n := range append([]string{g.Name}, g.Aliases...) {
		if n == "" || n != strings.ToLower(n) || strings.ContainsAny(n, " ,;\t") {
			return fmt.Errorf("group %q: name or alias %q: want a lower-case word without spaces or commas (it is typed in a list)", g.Name, n)
		}
	}
	if len(g.Countries) == 0 {
		return fmt.Errorf("group %s: column countries: empty", g.Name)
	}
	for _, c := range g.Countries {
		if !countryRe.Get().MatchString(c) {
			return fmt.Errorf("group %s: column countries: %q: want ISO 3166-1 alpha-2 codes such as DE;FR", g.Name, c)
		}
	}
	return nil
}

// checkGroupNames returns an error naming the first name two groups
// share (a name or an alias).
func checkGroupNames(groups []model.RegionGroup) error {
	seen := map[string]string{}
	for _, g := range groups {
		for _, n := range append([]string{g.Name}, g.Aliases...) {
			if other, dup := seen[n]; dup {
				return fmt.Errorf("group %s: name %q is also group %s's", g.Name, n, other)
			}
			seen[n] = g.Name
		}
	}
	return nil
}

// tencentZone is one row of tencent_regions.csv: a zone's id and its
// region's, with their Chinese names.
type tencentZone struct {
	Region, RegionZH, Zone, ZoneZH, Source string
}

// parseTencentZones reads cn/2026-12-01/tencent_regions.csv: Tencent's
// zones by their Chinese name (Shanghai zone 4's -> ap-shanghai-4).
func parseTencentZones(r io.Reader, name string) (map[string]tencentZone, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("region_id", "region_name_zh", "zone_id", "zone_name_zh", "source_url"); err != nil {
		return nil, err
	}
	out := make(map[string]tencentZone, len(t.rows))
	for i := range t.rows {
		z := tencentZone{Region: t.get(i, "region_id"), RegionZH: t.get(i, "region_name_zh"), Zone: t.get(i, "zone_id"),
			ZoneZH: t.get(i, "zone_name_zh"), Source: t.get(i, "source_url")}
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		if z.Zone == "" || z.ZoneZH == "" || !strings.HasPrefix(z.Zone, z.Region+"-") {
			return nil, fmt.Errorf("%s: zone %q of region %q: want a zone id that starts with its region's and a Chinese zone name", at, z.Zone, z.Region)
		}
		if _, dup := out[z.ZoneZH]; dup {
			return nil, fmt.Errorf("%s: column zone_name_zh: %q appears twice", at, z.ZoneZH)
		}
		out[z.ZoneZH] = z
	}
	return out, nil
}

// zoneOrdinal matches a Tencent zone's Chinese name (data/vocab.go): the
// city, then the zone's number and the word for zone.
var zoneOrdinal = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(.*?)([` + tencentZoneNumerals + `]+` + tencentZoneWord + `)$`)
}}

// tencentZoneNames splits one of the source's zone strings into Chinese
// zone names: Guangzhou's "zone 3/zone 4" is two zones, the later ones
// named after the first's city (data/vocab.go).
func tencentZoneNames(s string) ([]string, error) {
	parts := strings.Split(strings.TrimSpace(s), "/")
	m := zoneOrdinal.Get().FindStringSubmatch(strings.TrimSpace(parts[0]))
	if m == nil || m[1] == "" {
		return nil, fmt.Errorf("%q is not a Tencent zone name such as %s", s, tencentZoneExample)
	}
	out := []string{m[0]}
	for _, p := range parts[1:] {
		p = strings.TrimSpace(p)
		if !zoneOrdinal.Get().MatchString(p) || strings.ContainsAny(p, " ") {
			return nil, fmt.Errorf("%q: %q is not a zone number such as %s", s, p, tencentZoneNumberExample)
		}
		if zoneOrdinal.Get().FindStringSubmatch(p)[1] == "" {
			p = m[1] + p
		}
		out = append(out, p)
	}
	return out, nil
}

// tencentZoneIDs maps one of the source's zone strings to Tencent's zone
// ids (Guangzhou's zones 3 and 4 -> ap-guangzhou-3, ap-guangzhou-4).
func tencentZoneIDs(s string, zones map[string]tencentZone) ([]string, error) {
	names, err := tencentZoneNames(s)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(names))
	for i, n := range names {
		z, ok := zones[n]
		if !ok {
			return nil, fmt.Errorf("zone %s (of %q) is not in %s", n, s, fileTencentZones)
		}
		out[i] = z.Zone
	}
	return out, nil
}

// regionCountryRow is one row of regions/region_country.csv.
type regionCountryRow struct {
	Line                                  int
	Provider, Region, Country, Confidence string
}

// parseRegionCountry reads the reference data's regions/region_country.csv.
func parseRegionCountry(r io.Reader, name string) ([]regionCountryRow, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "region", "country_code", "confidence"); err != nil {
		return nil, err
	}
	out := make([]regionCountryRow, len(t.rows))
	for i := range t.rows {
		out[i] = regionCountryRow{Line: t.lines[i], Provider: t.get(i, "provider"), Region: t.get(i, "region"),
			Country: t.get(i, "country_code"), Confidence: t.get(i, "confidence")}
	}
	return out, nil
}

// checkPlacesFrom checks the region table against the reference data it
// restates: every row of region_country.csv has its place (a Tencent zone
// string each of its zones, under the zone's id, with its Chinese name an
// alias) with the same country and confidence, and every place comes from
// a row.
func checkPlacesFrom(places []model.Place, rows []regionCountryRow, zones map[string]tencentZone) error {
	byKey := make(map[string]*model.Place, len(places))
	for i := range places {
		byKey[placeKey(places[i].Provider, places[i].Region)] = &places[i]
	}
	reached := map[*model.Place]bool{}
	check := func(r regionCountryRow, region, alias string) error {
		at := fmt.Sprintf("%s: line %d: %s %s", fileRegionCountry, r.Line, r.Provider, r.Region)
		p := byKey[placeKey(r.Provider, region)]
		switch {
		case p == nil:
			return fmt.Errorf("%s: no row %s %s in facts/regions.csv", at, r.Provider, region)
		case p.Country != r.Country || p.Confidence != r.Confidence:
			return fmt.Errorf("%s: facts/regions.csv has %s %s in %q (confidence %s), the reference data %q (%s)",
				at, p.Provider, p.Region, p.Country, p.Confidence, r.Country, r.Confidence)
		case alias != "" && !containsFold(p.Aliases, alias):
			return fmt.Errorf("%s: facts/regions.csv's %s %s does not carry its Chinese name %s as an alias", at, p.Provider, p.Region, alias)
		}
		reached[p] = true
		return nil
	}
	for _, r := range rows {
		if r.Provider != "tencent" || r.Country == "" {
			if err := check(r, r.Region, ""); err != nil {
				return err
			}
			continue
		}
		names, err := tencentZoneNames(r.Region)
		if err != nil {
			return fmt.Errorf("%s: line %d: %w", fileRegionCountry, r.Line, err)
		}
		for _, n := range names {
			z, ok := zones[n]
			if !ok {
				return fmt.Errorf("%s: line %d: zone %s is not in %s", fileRegionCountry, r.Line, n, fileTencentZones)
			}
			if err := check(r, z.Zone, n); err != nil {
				return err
			}
		}
	}
	for i := range places {
		if !reached[&places[i]] {
			return fmt.Errorf("facts/regions.csv: %s %s restates no row of %s", places[i].Provider, places[i].Region, fileRegionCountry)
		}
	}
	return nil
}

// checkPlaces checks a catalog's region table and groups for Validate.
func checkPlaces(cat *model.Catalog, bad func(string, ...any)) {
	for i := range cat.Places {
		if err := checkPlace(&cat.Places[i]); err != nil {
			bad("region table: %v", err)
		}
	}
	if err := checkPlaceKeys(cat.Places); err != nil {
		bad("region table: %v", err)
	}
	for i := range cat.RegionGroups {
		if err := checkRegionGroup(&cat.RegionGroups[i]); err != nil {
			bad("region groups: %v", err)
		}
	}
	if err := checkGroupNames(cat.RegionGroups); err != nil {
		bad("region groups: %v", err)
	}
}
