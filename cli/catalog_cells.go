package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// displayPrice converts an amount to the display currency (cur "" keeps the
// offer's own). converted says whether a rate was applied; ok is false when
// no rate is known.
func displayPrice(cat *model.Catalog, v float64, from, cur model.Currency) (amount float64, converted, ok bool) {
	if cur == "" || from == cur || v <= 0 {
		return v, false, true
	}
	a, ok := cat.Convert(v, from, cur)
	return a, ok, ok
}

// priceCell formats an hourly price for the table: unknown for 0, "≈"
// before a converted price, "no rate" (in lang) when no rate converts it.
func priceCell(cat *model.Catalog, v float64, from, cur model.Currency, unknown, lang string) string {
	if v <= 0 {
		return unknown
	}
	a, conv, ok := displayPrice(cat, v, from, cur)
	if !ok {
		return tCatNoRate.in(lang)
	}
	if cur == "" {
		cur = from
	}
	s := model.FormatMoney(a, cur, model.MoneyPrice)
	if s == "" {
		return unknown
	}
	if conv {
		s = "≈" + s
	}
	return s
}

// writeJSON prints v as indented JSON (UTF-8 and < > & left as they are).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// snapshotLine says which catalog the listing comes from and how old it
// is, in lang.
func snapshotLine(cat *model.Catalog, lang string) string {
	s := fmt.Sprintf(tCatSnapshot.in(lang), originIn(cat.Info.Origin, lang), cat.Info.SnapshotDate)
	if cat.Info.Path != "" {
		s += fmt.Sprintf(tCatPath.in(lang), cat.Info.Path)
	}
	return s
}

// firstWord returns the first space-separated word (a source's URL).
func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i > 0 {
		return s[:i]
	}
	return s
}

// dash shows an unknown (blank) figure as "-".
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// orUnknown shows an empty fact as "unknown" in lang.
func orUnknown(s, lang string) string {
	if s == "" {
		return tUnknown.in(lang)
	}
	return s
}

// regionsCell shows the first region and how many more.
func regionsCell(rs []string) string {
	switch len(rs) {
	case 0:
		return "-"
	case 1:
		return rs[0]
	}
	return fmt.Sprintf("%s +%d", rs[0], len(rs)-1)
}

// knownProviders is the set of providers with offers or a policy.
func knownProviders(cat *model.Catalog) map[string]bool {
	known := map[string]bool{}
	for i := range cat.Offers {
		known[cat.Offers[i].Provider] = true
	}
	return known
}

// sortedKeys returns a set's keys in order.
func sortedKeys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }

// gbCell formats a size in GB to a tenth, "-" when unknown.
func gbCell(v float64) string { return dash(model.FormatGB(v)) }

// numCell formats a count, "-" when unknown.
func numCell(v float64) string { return dash(model.FormatPlain(v)) }
