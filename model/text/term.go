package text

import (
	"fmt"
	"regexp"
	"strings"
)

// Term returns the texts of pairs that name a term in language from but
// not with its word in the other language: each pair whose from-side holds
// word (for English a whole word, any case) and whose other side lacks
// other. Tests call it to keep one concept spelt one way across a table:
// Term(pairs, EN, "spot", spotZH) finds a Chinese text that names spot
// otherwise, Term(pairs, ZH, zhWord, "preemptible") a Chinese word used
// where the English does not name what it means.
func Term(pairs []Pair, from Lang, word, other string) []string {
	has := func(s string) bool { return strings.Contains(s, word) }
	if from == EN {
		re := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(word) + `\b`)
		has = re.MatchString
	}
	var out []string
	for _, p := range pairs {
		if has(p[from]) && !strings.Contains(strings.ToLower(p[1-from]), strings.ToLower(other)) {
			out = append(out, fmt.Sprintf("%q names %q without %q: %q", p[from], word, other, p[1-from]))
		}
	}
	return out
}
