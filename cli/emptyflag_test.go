package cli

import (
	"strings"
	"testing"
)

// A text flag given empty is refused, naming the flag, in the language of
// the command line: `--answers ""` and `--catalog ""` read as not given
// and were ignored without a word (issue 26).
func TestEmptyTextFlagRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"recommend", "--answers", ""}, "--answers is given empty"},
		{[]string{"recommend", "--catalog", " "}, "--catalog is given empty"},
		{[]string{"recommend", "--catalog", "", "--lang", "zh"}, "--catalog 的值为空"},
		{[]string{"models", "--lang", "zh", "--catalog="}, "--catalog 的值为空"},
		{[]string{"plan", "x.toml", "--catalog", ""}, "--catalog is given empty"},
	} {
		code, out, errs := runCLI(t, tc.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, errs, exitUsage, tc.want)
		}
	}
	if code, _, errs := runCLI(t, "recommend", "--model", "llama-3.1-8b", "--top", "1"); code != exitOK {
		t.Errorf("a command without empty flags: exit %d, %s", code, errs)
	}
}

// `plan --hours NaN` and `version extra` were accepted: NaN passed the
// range check (it fails every comparison) and printed "NaN h", and version
// ignored what followed it (issue 26).
func TestNaNHoursAndVersionArgRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"plan", "x.toml", "--hours", "NaN"}, `--hours "NaN": not a plain number`},
		{[]string{"plan", "x.toml", "--hours", "+Inf"}, "not a plain number"},
		{[]string{"version", "extra"}, `unexpected argument "extra"`},
		{[]string{"version", "--lang", "zh", "x"}, "多余的参数"},
	} {
		code, out, errs := runCLI(t, tc.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, errs, exitUsage, tc.want)
		}
	}
	if code, out, _ := runCLI(t, "version"); code != exitOK || !strings.HasPrefix(out, "gpupick ") {
		t.Errorf("version: exit %d, %q", code, out)
	}
}

// A single-valued answer given twice is refused (the last one won without
// a word: --gpu H100 --gpu A100 ranked A100s); a list answer given twice
// joins its values (issue 26).
func TestRepeatedAnswerFlags(t *testing.T) {
	for _, args := range [][]string{
		{"recommend", "--gpu", "H100", "--gpu", "A100"},
		{"recommend", "--model", "llama-3.1-8b", "--model", "qwen2.5-72b"},
		{"recommend", "--budget", "5/h", "--budget", "3000/mo"},
		{"recommend", "--users", "4", "--batch", "8"},
	} {
		code, out, errs := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, "given twice") {
			t.Errorf("%q: exit %d, stderr %q; want exit %d, given twice", args, code, errs, exitUsage)
		}
	}
	code, out, errs := runCLI(t, "recommend", "--provider", "aws", "--provider", "gcp", "--top", "20", "--format", "json")
	if code != exitOK {
		t.Fatalf("--provider twice: exit %d, %s", code, errs)
	}
	for _, p := range []string{`"provider": "aws"`, `"provider": "gcp"`} {
		if !strings.Contains(out, p) {
			t.Errorf("--provider aws --provider gcp: no %s among the picks", p)
		}
	}
}

// --within-budget without a budget hid nothing and said nothing; it is
// refused with the fix, in both languages (issue 26).
func TestWithinBudgetNeedsABudget(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"recommend", "--within-budget"}, "no budget is given: add --budget"},
		{[]string{"recommend", "--within-budget", "--lang", "zh"}, "没有给出预算"},
	} {
		code, out, errs := runCLI(t, tc.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, errs, exitUsage, tc.want)
		}
	}
	if code, _, errs := runCLI(t, "recommend", "--within-budget", "--budget", "10000 total", "--top", "1"); code != exitOK {
		t.Errorf("with a budget: exit %d, %s", code, errs)
	}
}
