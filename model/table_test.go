package model

import (
	"fmt"
	"testing"
)

// keysTwice returns the keys a lookup table holds more than once.
func keysTwice[K comparable, V any](table []entry[K, V]) []string {
	seen := map[K]bool{}
	var out []string
	for _, e := range table {
		if seen[e.key] {
			out = append(out, fmt.Sprint(e.key))
		}
		seen[e.key] = true
	}
	return out
}

// TestLookupTablesHoldEachKeyOnce: no lookup table gives a key twice. A
// map literal's duplicate key was a compile error; a table would quietly
// answer with the first entry.
func TestLookupTablesHoldEachKeyOnce(t *testing.T) {
	for _, c := range []struct {
		name  string
		twice []string
	}{
		{"workloadNames", keysTwice(workloadNames)},
		{"latencyNames", keysTwice(latencyNames)},
		{"priceModelNames", keysTwice(priceModelNames)},
		{"hybridPartNames", keysTwice(hybridPartNames)},
		{"partNames", keysTwice(partNames)},
		{"originNames", keysTwice(originNames)},
		{"unitNames", keysTwice(unitNames)},
		{"budgetPeriodNames", keysTwice(budgetPeriodNames)},
		{"warningNames", keysTwice(warningNames)},
		{"hostVerificationNames", keysTwice(hostVerificationNames)},
		{"zhPrecisions", keysTwice(zhPrecisions)},
		{"zhTimeUnits", keysTwice(zhTimeUnits)},
	} {
		if len(c.twice) > 0 {
			t.Errorf("%s gives %q twice", c.name, c.twice)
		}
	}
}

// TestLookup: lookup answers a key's entry, and ok=false with the zero
// value for a key the table does not hold.
func TestLookup(t *testing.T) {
	table := []entry[string, int]{{"a", 1}, {"b", 2}}
	for _, c := range []struct {
		key  string
		want int
		ok   bool
	}{{"a", 1, true}, {"b", 2, true}, {"c", 0, false}, {"", 0, false}} {
		if got, ok := lookup(table, c.key); got != c.want || ok != c.ok {
			t.Errorf("lookup(%q) = %d, %v: want %d, %v", c.key, got, ok, c.want, c.ok)
		}
	}
}
