package cli

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var figures = regexp.MustCompile(`\d+(\.\d+)?`)

// plan and verify speak Chinese with --lang zh: the headings are Chinese,
// and every figure is the same, in the same order, as in English.
func TestPlanVerifyChinese(t *testing.T) {
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	fixture := filepath.Join("..", "model", "probe", "testdata", "a6000-pcie-4")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		en, zh []string
	}{
		{"plan", []string{"plan", rec, "--hours", "2"}, exitOK,
			[]string{"Trial plan:", "PROVIDER", "Trial total:", "Decision rule:", "Benchmark script"},
			[]string{"试用计划", "服务商", "试用总费用", "决策规则", "基准测试脚本"}},
		{"verify", []string{"verify", rec, "--from", fixture}, exitFail,
			[]string{"Checking the machine", "EXPECTED", "GPU model", "FAIL"},
			[]string{"检查本机", "期望", "GPU 型号", "不符"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := map[string]string{}
			for _, lang := range []string{"en", "zh"} {
				var o, e bytes.Buffer
				if code := Main(append(slices.Clone(tc.args), "--lang", lang), nil, &o, &e); code != tc.code {
					t.Fatalf("--lang %s: exit %d, want %d: %s", lang, code, tc.code, e.String())
				}
				out[lang] = o.String()
			}
			for _, s := range tc.en {
				if !strings.Contains(out["en"], s) {
					t.Errorf("English output lacks %q:\n%s", s, out["en"])
				}
			}
			for _, s := range tc.zh {
				if !strings.Contains(out["zh"], s) {
					t.Errorf("Chinese output lacks %q:\n%s", s, out["zh"])
				}
			}
			if en, zh := figures.FindAllString(out["en"], -1), figures.FindAllString(out["zh"], -1); !slices.Equal(en, zh) || len(en) < 5 {
				t.Errorf("figures differ:\nen %v\nzh %v", en, zh)
			}
		})
	}
}
