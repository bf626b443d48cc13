package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model/text"
)

// TestEveryStringHasBothLanguages checks the UI's table with text.Check:
// every msg has an English and a Chinese text taking the same arguments.
func TestEveryStringHasBothLanguages(t *testing.T) {
	for _, p := range text.Check(texts, msgCount) {
		t.Error(p)
	}
}

// TestNoStringOutsideTheTable scans the UI's sources for string literals
// shown to the user that bypass the translation table: a literal passed
// straight to a style's Render must not contain letters.
func TestNoStringOutsideTheTable(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	lit := regexp.MustCompile(`Render\("([^"]*)"\)`)
	letters := regexp.MustCompile(`[A-Za-z]{3,}`)
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "i18n.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(src), -1) {
			if letters.MatchString(m[1]) {
				t.Errorf("%s: untranslated text %q rendered", name, m[1])
			}
		}
	}
}

func TestNewTr(t *testing.T) {
	for _, tc := range []struct {
		lang string
		zh   bool
	}{{"en", false}, {"", false}, {"zh", true}, {"zh_CN.UTF-8", true}, {"ZH", true}, {"de", false}} {
		if got := newTr(tc.lang).zh(); got != tc.zh {
			t.Errorf("newTr(%q).zh() = %v, want %v", tc.lang, got, tc.zh)
		}
	}
}
