package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestProseFitsTheWidth is TestTablesFitTheWidth for the commands whose
// values are prose and URLs (catalog stats, catalog show of an AWS offer
// with long policy text, of Chinese offers under --lang zh, of a Vast and
// a RunPod offer; verify on probe fixtures, in both languages): at
// COLUMNS=80 every line of stdout is at most 80 display columns but a
// lone URL's (loneURL: a URL is never cut or broken, so one wider than
// the line stands alone on it); no word of the unfitted output (at
// COLUMNS=100000) is lost; at COLUMNS=200 the lines use the room (one is
// wider than 80) and fit it the same way.
func TestProseFitsTheWidth(t *testing.T) {
	isolate(t)
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	fixture := func(dir string) string { return filepath.Join("..", "model", "probe", "testdata", dir) }
	for _, c := range []struct {
		args []string
		// dropped are the words the fitted output may leave out: the
		// heading of a column empty in every row, dropped to give room.
		dropped []string
	}{
		{[]string{"catalog", "stats"}, []string{"live", "(stale)"}},
		{[]string{"catalog", "stats", "--lang", "zh"}, []string{"实", "时", "（", "过", "时", "）"}},
		{[]string{"catalog", "show", "p5.48xlarge"}, nil},
		{[]string{"catalog", "show", "a2-highgpu-8g"}, nil},
		{[]string{"catalog", "show", "PNV4.7XLARGE116", "--lang", "zh"}, nil},
		{[]string{"catalog", "show", "ecs.gn7i-c8g1.2xlarge", "--lang", "zh", "--currency", "USD"}, nil},
		{[]string{"catalog", "show", "2x-A100_PCIE-32-65536"}, nil},
		{[]string{"catalog", "show", "1x_A100-80GB_SECURE"}, nil},
		{[]string{"verify", rec, "--from", fixture("container-limited")}, nil},
		{[]string{"verify", rec, "--from", fixture("a6000-pcie-4"), "--lang", "zh"}, nil},
		{[]string{"verify", rec, "--from", fixture("a100-mig")}, nil},
		{[]string{"verify", rec, "--from", fixture("mi300x-oam-1"), "--lang", "zh"}, nil},
		{[]string{"--help"}, nil},
		{[]string{"recommend", "--help"}, nil},
		{[]string{"recommend", "--help", "--lang", "zh"}, nil},
		{[]string{"catalog", "update", "--help"}, nil},
	} {
		name := strings.Join(c.args, " ")
		run := func(columns string) string {
			t.Setenv("COLUMNS", columns)
			code, out, errs := runCLI(t, c.args...)
			if code != exitOK && (c.args[0] != "verify" || code != exitFail) {
				t.Fatalf("%s at COLUMNS=%s: exit %d: %s", name, columns, code, errs)
			}
			return out
		}
		whole := run("100000")
		for _, width := range []int{80, 200} {
			out := run(strconv.Itoa(width))
			widest := 0
			for _, line := range strings.Split(out, "\n") {
				w := cells(line)
				widest = max(widest, w)
				if w > width && !loneURL(line) {
					t.Errorf("%s: a line of %d columns at COLUMNS=%d:\n%s", name, w, width, line)
				}
			}
			if width == 200 && widest <= 80 {
				t.Errorf("%s: at COLUMNS=200 no line is wider than 80: the layout does not use the room", name)
			}
			have := wordCounts(out)
			for _, w := range c.dropped {
				have[w]++
			}
			for w, n := range wordCounts(whole) {
				if have[w] < n {
					t.Errorf("%s at COLUMNS=%d: %q %d times, %d in the unfitted output", name, width, w, have[w], n)
				}
			}
		}
	}
}

// wordCounts counts the words of out, whitespace-insensitive: the runs of
// narrow characters between spaces, and each wide character on its own (a
// Chinese line wraps between any two of them).
func wordCounts(out string) map[string]int {
	n := map[string]int{}
	for _, f := range strings.Fields(out) {
		run := ""
		for _, r := range f {
			if cellWidth.Rune(r) == 2 {
				if run != "" {
					n[run]++
					run = ""
				}
				n[string(r)]++
				continue
			}
			run += string(r)
		}
		if run != "" {
			n[run]++
		}
	}
	return n
}
