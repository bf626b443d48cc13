package advisor

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// constValues parses a Go file and returns the string values of the
// constants whose names start with prefix.
func constValues(t *testing.T, file, prefix string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !strings.HasPrefix(n.Name, prefix) || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, _ := strconv.Unquote(lit.Value)
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// checkPair fails on a pair's problems (text.CheckPair) and on a Chinese
// text without Chinese.
func checkPair(t *testing.T, what string, pair text.Pair, format bool) {
	t.Helper()
	for _, p := range text.CheckPair(pair, format) {
		t.Errorf("%s: %s", what, p)
	}
	if !hasHan(pair[langZH]) {
		t.Errorf("%s: Chinese text has no Chinese: %q", what, pair[langZH])
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef {
			return true
		}
	}
	return false
}

// TestTextsBothLanguages checks the advisor's table with text.Check:
// every key has an English and a Chinese text taking the same arguments,
// and the Chinese has Chinese in it.
func TestTextsBothLanguages(t *testing.T) {
	if kCount < 50 {
		t.Fatalf("only %d text keys", kCount)
	}
	for _, p := range text.Check(texts, kCount) {
		t.Error(p)
	}
	for k := textKey(0); k < kCount && int(k) < len(texts); k++ {
		if !hasHan(texts[k][langZH]) {
			t.Errorf("key %d (%q): Chinese text has no Chinese: %q", k, texts[k][langEN], texts[k][langZH])
		}
	}
}

// TestWarningTextsBothLanguages checks every warning code's message and
// explanation exist in both languages with the same arguments.
func TestWarningTextsBothLanguages(t *testing.T) {
	for _, code := range WarningCodes() {
		d, ok := warnDefs.Get()[code]
		if !ok {
			t.Errorf("%s: no texts", code)
			continue
		}
		checkPair(t, code+" message", d.msg, true)
		checkPair(t, code+" detail", d.detail, false)
		if det, _, ok := ExplainWarning(code, "zh-CN"); !ok || det != d.detail[langZH] {
			t.Errorf("%s: ExplainWarning(zh) = %q", code, det)
		}
	}
}

// TestChineseResult checks that Lang "zh" turns every generated line of a
// result into Chinese (provider names and figures aside).
func TestChineseResult(t *testing.T) {
	cat := testCatalog()
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	a.Budget = model.Budget{Amount: 1, Period: model.BudgetHourly, Currency: model.USD}
	a.EgressGB, a.DataGB = 100, 50
	res := Recommend(cat, a, Options{Lang: "zh"})
	var lines []string
	lines = append(lines, res.Requirement.Assumptions...)
	lines = append(lines, res.Notes...)
	for _, s := range res.Suggestions {
		lines = append(lines, s.Change, s.Effect)
	}
	for _, r := range res.Recommendations {
		for _, w := range r.Warnings {
			lines = append(lines, w.Message, w.Detail)
		}
		for _, q := range r.PriceModels {
			if q.Note != "" {
				lines = append(lines, q.Note)
			}
		}
		lines = append(lines, r.HiddenCosts.Notes...)
	}
	if len(lines) < 10 || len(res.Suggestions) == 0 {
		t.Fatalf("too little text to check: %d lines, %d suggestions", len(lines), len(res.Suggestions))
	}
	for _, l := range lines {
		if !hasHan(l) {
			t.Errorf("not Chinese: %q", l)
		}
	}
	en := Recommend(cat, a, Options{})
	for _, l := range en.Requirement.Assumptions {
		if hasHan(l) {
			t.Errorf("English result has Chinese: %q", l)
		}
	}
}
