package cli

import (
	"strings"
	"testing"
)

// TestRecommendNeedLine: the "Need:" line of recommend's table names the
// memory parts in brackets when the estimate has parts, and prints no
// empty brackets for a stated memory (--workload vram), in both languages.
func TestRecommendNeedLine(t *testing.T) {
	isolate(t)
	for _, tc := range []struct {
		name  string
		args  []string
		lang  string
		parts string // what the brackets hold, "" for no brackets
	}{
		{"vram en", []string{"--workload", "vram", "--vram", "200"}, "en", ""},
		{"vram zh", []string{"--workload", "vram", "--vram", "200"}, "zh", ""},
		{"params en", []string{"--params", "8B"}, "en", "(weights "},
		{"params zh", []string{"--params", "8B"}, "zh", "（权重 "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(t, append([]string{"recommend", "--top", "1", "--lang", tc.lang}, tc.args...)...)
			if code != exitOK && code != exitNoFit {
				t.Fatalf("exit %d: %s", code, errs)
			}
			need, _, _ := strings.Cut(out, "\n")
			if !strings.Contains(need, "GiB") {
				t.Fatalf("first line %q is not the need line:\n%s", need, out)
			}
			if tc.parts == "" {
				for _, b := range []string{"()", "（）", "(", "（"} {
					if strings.Contains(need, b) {
						t.Errorf("need line %q has brackets %q though the memory has no parts", need, b)
					}
				}
			} else if !strings.Contains(need, tc.parts) {
				t.Errorf("need line %q lacks the parts %q", need, tc.parts)
			}
		})
	}
}
