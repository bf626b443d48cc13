package text

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// Check returns the problems of a table whose keys are 0..count-1: a key
// without a text (missing, or an empty English or Chinese side), and a key
// whose English and Chinese take different arguments (CheckPair). Tests
// call it once per table and fail on each problem.
func Check[K ~int](t Table[K], count K) []string {
	var out []string
	if len(t) != int(count) {
		out = append(out, fmt.Sprintf("table has %d entries for %d keys", len(t), count))
	}
	for k := K(0); k < count; k++ {
		if int(k) >= len(t) {
			out = append(out, fmt.Sprintf("key %d: no text", k))
			continue
		}
		for _, p := range CheckPair(t[k], true) {
			out = append(out, fmt.Sprintf("key %d: %s", k, p))
		}
	}
	return out
}

// CheckPair returns the problems of one pair: an empty side and, when
// format is true, format verbs that differ between the languages (another
// count, or another verb for the same argument). A plain text that is not
// formatted (format false) may contain a literal %.
func CheckPair(p Pair, format bool) []string {
	var out []string
	for l, name := range []string{"English", "Chinese"} {
		if strings.TrimSpace(p[l]) == "" {
			out = append(out, fmt.Sprintf("no %s text (English %q)", name, p[EN]))
		}
	}
	if !format {
		return out
	}
	en, zh := Verbs(p[EN]), Verbs(p[ZH])
	if !slices.Equal(en, zh) {
		out = append(out, fmt.Sprintf("English verbs %v, Chinese verbs %v (%q / %q)", en, zh, p[EN], p[ZH]))
	}
	return out
}

var verbRE = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`%[-+#0]*(?:\[(\d+)\])?(?:\d+|\*)?(?:\.(?:\d+|\*)?)?(?:\[(\d+)\])?([a-zA-Z%])`)
}}

// Verbs lists the arguments a format takes as "N:v" (argument N, 1-based,
// formatted with verb v), sorted by argument, so that two formats taking
// the same arguments in another order compare equal. %% takes none; the
// space flag is not read, so that "10% of" is text, not a %o verb.
func Verbs(format string) []string {
	var out []string
	next := 1
	for _, m := range verbRE.Get().FindAllStringSubmatch(format, -1) {
		if m[3] == "%" {
			continue
		}
		idx := next
		for _, s := range []string{m[1], m[2]} {
			if s != "" {
				idx, _ = strconv.Atoi(s)
			}
		}
		out = append(out, fmt.Sprintf("%d:%s", idx, m[3]))
		next = idx + 1
	}
	slices.SortFunc(out, func(a, b string) int {
		ai, _ := strconv.Atoi(a[:strings.IndexByte(a, ':')])
		bi, _ := strconv.Atoi(b[:strings.IndexByte(b, ':')])
		return ai - bi
	})
	return out
}
