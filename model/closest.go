package model

import (
	"slices"
	"strings"
	"unicode"
)

// Closest returns up to n of names nearest to q, for "did you mean"
// hints: names that contain q or that q contains come first, then those
// within a small edit distance; case, spaces, dashes and underscores do
// not count.
func Closest(q string, names []string, n int) []string {
	key := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '-' || r == '_' || r == ' ' || r == '.' {
				return -1
			}
			return unicode.ToLower(r)
		}, s)
	}
	k := key(q)
	if k == "" || n <= 0 {
		return nil
	}
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, name := range names {
		nk := key(name)
		d := editDistance(k, nk)
		if r := []rune(nk); len(r) > len([]rune(k)) {
			// A typo in the start of a long name ("h10o" for H100-SXM5-80GB).
			d = min(d, editDistance(k, string(r[:len([]rune(k))])))
		}
		if strings.Contains(nk, k) || strings.Contains(k, nk) && nk != "" {
			d = 0
		}
		if d <= max(1, len([]rune(k))/3) {
			cs = append(cs, cand{name, d})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return a.d - b.d })
	out := make([]string, 0, min(n, len(cs)))
	for _, c := range cs[:min(n, len(cs))] {
		out = append(out, c.name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b in runes,
// bounded in work by the input sizes the parsers accept.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 1 << 20
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
