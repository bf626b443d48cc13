package model

import (
	"strings"
	"testing"
	"unicode"

	"github.com/gpupick/gpupick/model/text"
)

// TestEveryUsageInChinese: every answer's flag help has a Chinese text
// (a new answer without one fails), which names the same flags and aliases
// as its English: a user types them as they are.
func TestEveryUsageInChinese(t *testing.T) {
	for _, s := range Registry() {
		zh := s.FlagUsageIn(text.ZH)
		if strings.IndexFunc(zh, func(r rune) bool { return unicode.Is(unicode.Han, r) }) < 0 {
			t.Errorf("--%s: no Chinese help (%q)", s.Name, zh)
			continue
		}
		for _, w := range strings.FieldsFunc(s.FlagUsageIn(text.EN), func(r rune) bool {
			return r == ' ' || r == ',' || r == ';' || r == '(' || r == ')' || r == ':'
		}) {
			if strings.HasPrefix(w, "--") && !strings.Contains(zh, w) {
				t.Errorf("--%s: the Chinese help lacks %s: %q", s.Name, w, zh)
			}
		}
		if s.FlagUsageIn(text.EN) != s.FlagUsage() {
			t.Errorf("--%s: the English help is not FlagUsage", s.Name)
		}
	}
}
