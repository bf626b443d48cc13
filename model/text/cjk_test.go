package text

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// cjkAllowed are the non-test Go files that may hold Chinese, relative to
// the module root: the text tables, and the input vocabulary (words users
// type, and words in the Chinese clouds' published data that the
// importers read).
var cjkAllowed = map[string]string{
	"ui/i18n.go":           "the wizard's text table",
	"advisor/text.go":      "the advisor's text table",
	"model/verify/text.go": "the text table of gpupick verify",
	"cli/text.go":          "the CLI's text table",
	"data/launch/text.go":  "the launch exporters' text table",
	"model/vocab.go":       "Chinese words users may type in answers",
	"model/names.go":       "the names of the domain's values in English and Chinese",
	"model/errtext.go":     "the Chinese of the answer errors",
	"model/usagetext.go":   "the Chinese of the answer flags' help",
	"data/vocab.go":        "Chinese words in the published data the importers read",
}

// isCJK reports a Han ideograph, CJK punctuation or a full-width form.
func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
}

// TestNoCJKOutsideTables walks the module's Go files and fails on a CJK
// character (in code or comments) outside the text tables, the input
// vocabulary, test files and testdata.
func TestNoCJKOutsideTables(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || cjkAllowed[rel] != "" {
			return nil
		}
		files++
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.IndexFunc(line, isCJK) >= 0 {
				t.Errorf("%s:%d: Chinese outside the text tables: %s", rel, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("scanned only %d files: wrong root %s?", files, root)
	}
}

// TestAllowedFilesExist keeps the allow list honest: every allowed file
// exists.
func TestAllowedFilesExist(t *testing.T) {
	for rel := range cjkAllowed {
		if _, err := os.Stat(filepath.Join("../..", rel)); err != nil {
			t.Errorf("allowed file %s: %v", rel, err)
		}
	}
}
