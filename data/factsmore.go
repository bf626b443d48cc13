package data

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// fileFactsMore is the reference data's file of instance facts found after
// the first snapshot: one fact a row, with its scope, confidence and
// source, in prose. The usable ones are restated in facts/offer_facts.csv,
// each row naming the row it came from (column from).
const fileFactsMore = "instance_facts_more.csv"

// factsMoreRow is one row of instance_facts_more.csv.
type factsMoreRow struct {
	Line                                                 int
	Provider, Scope, FactType, Value, Confidence, Source string
}

// Key names the row as offer_facts.csv's from column does:
// provider/fact_type.
func (r factsMoreRow) Key() string { return r.Provider + "/" + r.FactType }

// parseFactsMore reads instance_facts_more.csv. A row names its provider
// and fact type, and either cites a source or says that nothing was found.
func parseFactsMore(r io.Reader, name string) ([]factsMoreRow, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "scope", "fact_type", "value", "confidence", "source"); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []factsMoreRow
	for i := range t.rows {
		row := factsMoreRow{
			Line: t.lines[i], Provider: strings.ToLower(t.get(i, "provider")), Scope: t.get(i, "scope"),
			FactType: t.get(i, "fact_type"), Value: t.get(i, "value"), Confidence: t.get(i, "confidence"),
			Source: t.get(i, "source"),
		}
		at := fmt.Sprintf("%s: line %d", name, row.Line)
		if row.Provider == "" || row.FactType == "" {
			return nil, fmt.Errorf("%s: provider and fact_type must not be empty", at)
		}
		if seen[row.Key()] {
			return nil, fmt.Errorf("%s: %s appears twice (offer facts name a row by provider/fact_type)", at, row.Key())
		}
		seen[row.Key()] = true
		if row.Source == "" && !row.nothingFound() {
			return nil, fmt.Errorf("%s: %s states a fact without a source", at, row.Key())
		}
		out = append(out, row)
	}
	return out, nil
}

// nothingFound reports whether the row records that no fact was found.
func (r factsMoreRow) nothingFound() bool {
	return strings.HasPrefix(strings.ToLower(r.Value), "nothing found")
}

// checkFactsFrom reports an offer fact whose from column names a row that
// instance_facts_more.csv does not hold, or a row that records nothing
// found. It returns the rows no fact was taken from, by key, sorted.
func checkFactsFrom(facts []factRule, rows []factsMoreRow) (unused []string, err error) {
	byKey := make(map[string]factsMoreRow, len(rows))
	for _, r := range rows {
		byKey[r.Key()] = r
	}
	used := map[string]bool{}
	for _, f := range facts {
		for _, k := range model.SplitOn(f.From, ";") {
			r, ok := byKey[k]
			if !ok {
				return nil, fmt.Errorf("facts/offer_facts.csv: line %d: column from: %s has no row %q", f.Line, fileFactsMore, k)
			}
			if r.nothingFound() {
				return nil, fmt.Errorf("facts/offer_facts.csv: line %d: column from: %s line %d records nothing found", f.Line, fileFactsMore, r.Line)
			}
			used[k] = true
		}
	}
	for k := range byKey {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	sort.Strings(unused)
	return unused, nil
}
