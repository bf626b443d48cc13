package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gpupick/gpupick/internal/testenv"
)

// badInput is one class of bad input: the command line (FILE in it is
// replaced by a file holding file), the exit code, and the words the
// one-line message must contain (the field's name first).
type badInput struct {
	name string
	args []string
	file string
	code int
	want []string
}

// runBad runs one bad-input case in-process and checks the exit code,
// that stderr is one short line naming the field, and stdout is empty.
func runBad(t *testing.T, tt badInput) {
	t.Helper()
	dir := t.TempDir()
	args := append([]string(nil), tt.args...)
	for i, a := range args {
		switch {
		case strings.Contains(a, "FILE"):
			p := filepath.Join(dir, "in.toml")
			if err := os.WriteFile(p, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			args[i] = strings.ReplaceAll(a, "FILE", p)
		case a == "FIFO":
			p := filepath.Join(dir, "pipe.toml")
			testenv.Mkfifo(t, p)
			args[i] = p
		case a == "DIR":
			args[i] = dir
		}
	}
	var out, errb strings.Builder
	// A read that blocks (a named pipe) must not hang the command: the
	// deadline only detects a hang, it never decides a pass.
	done := make(chan int, 1)
	go func() { done <- Main(args, strings.NewReader(""), &out, &errb) }()
	var code int
	select {
	case code = <-done:
	case <-time.After(60 * time.Second):
		t.Fatalf("%v hangs", args)
	}
	msg := errb.String()
	t.Logf("exit %d: %s", code, strings.TrimSpace(msg))
	if code != tt.code {
		t.Errorf("exit %d, want %d; stderr %q", code, tt.code, msg)
	}
	if out.Len() != 0 && tt.code == exitUsage {
		t.Errorf("bad input printed a result:\n%s", out.String())
	}
	if n := strings.Count(strings.TrimRight(msg, "\n"), "\n"); n != 0 {
		t.Errorf("message is %d lines, want one: %q", n+1, msg)
	}
	for _, w := range tt.want {
		if !strings.Contains(msg, w) {
			t.Errorf("message %q lacks %q", msg, w)
		}
	}
	if utf8.RuneCountInString(msg) > 420 {
		t.Errorf("message of %d characters: %q", utf8.RuneCountInString(msg), msg)
	}
}

// TestBadInputClasses: every class of bad input, from flags, answers
// files, special files and overlays, is refused with exit 2 and a
// one-line message that names the field (the flag, or the record key and
// line) and the fix; none is replaced by another value. The classes of
// catalog import and update are in TestCatalogBadInputExitCodes.
func TestBadInputClasses(t *testing.T) {
	long := strings.Repeat("9", 500) + "B"
	rec := func(body string) string { return "[answers]\nworkload = \"inference\"\n" + body }
	cases := []badInput{
		// Flags: values that are not of the accepted forms.
		{"params unit", []string{"recommend", "--params", "70X"}, "", 2, []string{`--params "70X"`, "unknown unit", "70B"}},
		{"params ambiguous comma", []string{"recommend", "--params", "1,5,0B"}, "", 2, []string{"--params", "ambiguous comma", "2.5"}},
		{"params NaN", []string{"recommend", "--params", "nan"}, "", 2, []string{"--params", "finite"}},
		{"params exponent", []string{"recommend", "--params", "1e300"}, "", 2, []string{"--params", "exponent"}},
		{"params negative", []string{"recommend", "--params", "-7B"}, "", 2, []string{"--params", "negative"}},
		{"params too long, echoed short", []string{"recommend", "--params", long}, "", 2, []string{"--params"}},
		{"budget ambiguous comma", []string{"recommend", "--budget", "2,50,0/h"}, "", 2, []string{"--budget", "2.5"}},
		{"budget zero", []string{"recommend", "--budget", "0"}, "", 2, []string{"--budget", "range"}},
		{"budget period", []string{"recommend", "--budget", "5/fortnight"}, "", 2, []string{"--budget", "period"}},
		{"budget two currencies", []string{"recommend", "--budget", "$20 CNY"}, "", 2, []string{"--budget", "currenc"}},
		{"context range", []string{"recommend", "--context", "1000M"}, "", 2, []string{"--context", "range"}},
		{"context NaN", []string{"recommend", "--context", "nan"}, "", 2, []string{"--context"}},
		{"users zero", []string{"recommend", "--users", "0"}, "", 2, []string{"--users", "range"}},
		{"users fraction", []string{"recommend", "--users", "1.5"}, "", 2, []string{"--users", "whole"}},
		{"gpus with a unit", []string{"recommend", "--gpus", "70b"}, "", 2, []string{"--gpus", "whole"}},
		{"nodes range names nodes", []string{"recommend", "--nodes", "999999"}, "", 2, []string{"--nodes", "4096"}},
		{"duration ambiguous m", []string{"recommend", "--duration", "3m"}, "", 2, []string{"--duration", "min", "mo"}},
		{"duration zero", []string{"recommend", "--duration", "0h"}, "", 2, []string{"--duration"}},
		{"hours per week", []string{"recommend", "--hours-per-week", "200"}, "", 2, []string{"--hours-per-week", "168"}},
		{"tokens infinite", []string{"recommend", "--tokens", "inf"}, "", 2, []string{"--tokens", "finite"}},
		{"precision", []string{"recommend", "--precision", "fp7"}, "", 2, []string{"--precision", "bf16"}},
		{"workload", []string{"recommend", "--workload", "training2"}, "", 2, []string{"--workload", "qlora"}},
		{"latency", []string{"recommend", "--latency", "fastest"}, "", 2, []string{"--latency", "realtime"}},
		{"model ambiguous lists presets", []string{"recommend", "--model", "mixtral"}, "", 2, []string{"--model", "mixtral-8x7b", "mixtral-8x22b"}},
		{"model unknown", []string{"recommend", "--model", "gpt-5"}, "", 2, []string{"--model", "gpupick models"}},
		{"gpu unknown names the closest", []string{"recommend", "--gpu", "H10O"}, "", 2, []string{"--gpu", "did you mean", "H100"}},
		{"provider unknown", []string{"recommend", "--provider", "aws,awz"}, "", 2, []string{"--provider", `"awz"`, "aws"}},
		{"region unknown", []string{"recommend", "--region", "mars-9"}, "", 2, []string{"--region", "mars-9"}},
		{"currency", []string{"recommend", "--currency", "EUR"}, "", 2, []string{"--currency", "CNY"}},
		{"data negative", []string{"recommend", "--data", "-5GB"}, "", 2, []string{"--data"}},
		{"egress unit", []string{"recommend", "--egress", "5XB"}, "", 2, []string{"--egress", "unit"}},
		{"vram zero", []string{"recommend", "--vram", "0"}, "", 2, []string{"--vram"}},
		{"sharding", []string{"recommend", "--workload", "lora", "--sharding", "zero9"}, "", 2, []string{"--sharding", "zero3"}},
		{"yes or no", []string{"recommend", "--interruptible=maybe"}, "", 2, []string{"--interruptible", "yes or no"}},
		// Flags that contradict each other, or do not apply.
		{"model with params", []string{"recommend", "--model", "llama-3.1-8b", "--params", "70B"}, "", 2, []string{"--params", "--model"}},
		{"tokens with duration", []string{"recommend", "--tokens", "2B", "--duration", "2w"}, "", 2, []string{"--duration", "--tokens"}},
		{"batch with users", []string{"recommend", "--batch", "2", "--users", "3"}, "", 2, []string{"--users", "--batch"}},
		{"latency for training", []string{"recommend", "--workload", "pretrain", "--latency", "realtime"}, "", 2, []string{"--latency", "pretrain"}},
		{"hours a week for a job", []string{"recommend", "--tokens", "1B", "--hours-per-week", "40"}, "", 2, []string{"--hours-per-week", "job"}},
		// Output and command flags.
		{"format", []string{"recommend", "--format", "yaml"}, "", 2, []string{"--format", "json"}},
		{"top", []string{"recommend", "--top", "0"}, "", 2, []string{"--top", "10000"}},
		{"lang", []string{"recommend", "--lang", "fr"}, "", 2, []string{"--lang", "zh"}},
		{"unknown flag", []string{"recommend", "--bogus"}, "", 2, []string{"--bogus", "--help"}},
		{"stray argument", []string{"recommend", "extra"}, "", 2, []string{`"extra"`}},
		{"unknown command", []string{"recomend"}, "", 2, []string{`"recomend"`}},
		{"wizard flag", []string{"--params", "70X"}, "", 2, []string{"--params"}},
		// Answers files: the record key and line are named.
		{"answers NaN", []string{"recommend", "--answers", "FILE"}, rec("params_b = nan\n"), 2, []string{"in.toml:3:", "params_b", "finite"}},
		{"answers huge", []string{"recommend", "--answers", "FILE"}, rec("params_b = 8.0\nduration_hours = 1e300\n"), 2, []string{"duration_hours", "range"}},
		{"answers hours a week", []string{"recommend", "--answers", "FILE"}, rec("params_b = 8.0\nhours_per_week = 500.0\n"), 2, []string{"hours_per_week"}},
		{"answers budget NaN", []string{"recommend", "--answers", "FILE"}, rec("params_b = 8.0\n[answers.budget]\namount = nan\nperiod = \"hour\"\n"), 2, []string{"budget", "finite"}},
		{"answers unknown key", []string{"recommend", "--answers", "FILE"}, rec("params = 8\n"), 2, []string{"in.toml:3:", `"answers.params"`}},
		{"answers wrong type", []string{"recommend", "--answers", "FILE"}, rec("context = \"8k\"\n"), 2, []string{"context"}},
		{"answers ambiguous model", []string{"recommend", "--answers", "FILE"}, rec("model = \"mixtral\"\n"), 2, []string{"[answers] model", "mixtral-8x7b"}},
		{"answers unknown gpu", []string{"recommend", "--answers", "FILE"}, rec("model = \"llama-3.1-8b\"\ngpu = \"TPUv9\"\n"), 2, []string{"[answers] gpu", "TPUv9"}},
		{"answers missing file", []string{"recommend", "--answers", "/nonexistent/x.toml"}, "", 2, []string{"--answers", "/nonexistent/x.toml"}},
		{"load NaN", []string{"--load", "FILE"}, rec("params_b = nan\n"), 2, []string{"--load", "params_b"}},
		// Files that are not regular files are refused at once.
		{"answers named pipe", []string{"recommend", "--answers", "FIFO"}, "", 2, []string{"--answers", "named pipe"}},
		{"answers device", []string{"recommend", "--answers", "/dev/zero"}, "", 2, []string{"--answers", "/dev/zero", "device"}},
		{"answers directory", []string{"recommend", "--answers", "DIR"}, "", 2, []string{"--answers", "directory"}},
		{"load named pipe", []string{"--load", "FIFO"}, "", 2, []string{"--load", "named pipe"}},
		{"catalog named pipe", []string{"recommend", "--catalog", "FIFO"}, "", 2, []string{"overlay", "named pipe"}},
		{"catalog device", []string{"recommend", "--catalog", "/dev/zero"}, "", 2, []string{"overlay", "device"}},
		// Overlays: the key and line are named, the range given.
		{"overlay NaN price", []string{"recommend", "--catalog", "FILE"}, "[[override]]\nprovider = \"aws\"\ninstance_type = \"p5.*\"\non_demand_hourly = nan\n", 2, []string{"in.toml:4", "on_demand_hourly", "0 to 100000"}},
		{"overlay negative price", []string{"recommend", "--catalog", "FILE"}, "[[override]]\nprovider = \"aws\"\ninstance_type = \"p5.*\"\non_demand_hourly = -2.5\n", 2, []string{"on_demand_hourly", "out of range"}},
		{"overlay unknown key", []string{"recommend", "--catalog", "FILE"}, "[[override]]\nprovider = \"aws\"\nprise = 3\n", 2, []string{"prise"}},
	}
	if len(cases) < 40 {
		t.Fatalf("only %d classes", len(cases))
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) { runBad(t, tt) })
	}
}

// TestNumbersAsPeopleTypeThem: a decimal comma is a decimal, grouping in
// threes is thousands, 3k is 3000, and the record says so.
func TestNumbersAsPeopleTypeThem(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--budget", "$2,5/h"}, "amount = 2.5"},
		{[]string{"--params", "70,5B"}, "params_b = 70.5"},
		{[]string{"--budget", "3k/mo"}, "amount = 3000.0"},
		{[]string{"--budget", "1,000"}, "amount = 1000.0"},
		{[]string{"--users", "20"}, "batch = 20"},
	} {
		var out, errb strings.Builder
		code := Main(append([]string{"recommend", "--format", "toml"}, tt.args...), nil, &out, &errb)
		if code != exitOK || !strings.Contains(out.String(), tt.want) {
			t.Errorf("%v: exit %d, stderr %q; record lacks %q", tt.args, code, errb.String(), tt.want)
		}
	}
}

// TestNothingFitsExit3: no offer fits is its own exit code, after the
// table says so.
func TestNothingFitsExit3(t *testing.T) {
	var out, errb strings.Builder
	code := Main([]string{"recommend", "--vram", "100000GB", "--nodes", "1"}, nil, &out, &errb)
	if code != exitNoFit || !strings.Contains(out.String(), "No offer fits") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// TestVersionFlag: --version and version print the build.
func TestVersionFlag(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		var out strings.Builder
		if code := Main([]string{arg}, nil, &out, &out); code != exitOK || !strings.HasPrefix(out.String(), "gpupick ") {
			t.Errorf("%s: exit %d, %q", arg, code, out.String())
		}
	}
}

// TestRecommendLangZh: --lang zh behaves in recommend as in the wizard:
// prices in yuan unless --currency says otherwise, notes in Chinese.
func TestRecommendLangZh(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--lang", "zh"}, `"currency": "CNY"`},
		{[]string{"--lang", "zh", "--currency", "USD"}, `"currency": "USD"`},
		{[]string{"--lang", "en"}, `"currency": "USD"`},
	} {
		var out, errb strings.Builder
		code := Main(append([]string{"recommend", "--format", "json", "--top", "1"}, tt.args...), nil, &out, &errb)
		if code != exitOK || !strings.Contains(out.String(), tt.want) {
			t.Errorf("%v: exit %d, stderr %q, output lacks %s", tt.args, code, errb.String(), tt.want)
		}
	}
	var out strings.Builder
	Main([]string{"recommend", "--lang", "zh", "--format", "json", "--top", "1"}, nil, &out, &out)
	if !strings.ContainsFunc(out.String(), func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) {
		t.Error("recommend --lang zh has no Chinese text")
	}
}
