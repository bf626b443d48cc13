package advisor

import "strings"

// MatchGPU reports whether a GPU filter as a user types it matches a
// catalog GPU name. Case, spaces, dashes, underscores and brackets do not
// matter: "h100" matches every H100 variant, "h100-sxm" and "h100 sxm" only
// the SXM part, "a100-80" the 80 GB A100s. Each word of the query must
// begin a word of the name, in order (words may be skipped); a word ending
// in a digit does not match a longer number, so "a10" is not "a100" and
// "l4" is not "l40s". A query written without separators ("rtx4090",
// "a100-80gb", "h100sxm") matches when it spells consecutive words of the
// name from the start of one. An empty query matches everything.
func MatchGPU(query, gpuName string) bool {
	q := tokens(query)
	if len(q) == 0 {
		return true
	}
	n := tokens(gpuName)
	if len(n) == 0 {
		return false
	}
	j, matched := 0, 0
	for _, w := range q {
		for j < len(n) && !wordPrefix(w, n[j]) {
			j++
		}
		if j == len(n) {
			break
		}
		j++
		matched++
	}
	if matched == len(q) {
		return true
	}
	// Separator-free spelling: the query glued together must begin the
	// name glued together from one of its words.
	qc := strings.Join(q, "")
	for i := range n {
		if wordPrefix(qc, strings.Join(n[i:], "")) {
			return true
		}
	}
	return false
}

// wordPrefix reports whether q begins w without splitting a number.
func wordPrefix(q, w string) bool {
	if !strings.HasPrefix(w, q) {
		return false
	}
	if len(w) == len(q) {
		return true
	}
	return !(isDigit(q[len(q)-1]) && isDigit(w[len(q)]))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// tokens splits a name into lower-case alphanumeric words.
func tokens(s string) []string {
	s = strings.ToLower(s)
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	})
}

// containsFold reports whether s contains sub, ignoring ASCII case,
// without building lower- or upper-case copies (the GPU name tests run
// for every shape of every ranking).
func containsFold(s, sub string) bool {
	if len(sub) == 0 {
		return true
	}
	lo, up := sub[0]|0x20, sub[0]&^0x20 // the first byte in both cases (ASCII letters)
	for i := 0; i+len(sub) <= len(s); i++ {
		if b := s[i]; (b == lo || b == up || b == sub[0]) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
