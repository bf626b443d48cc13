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
		{[]string{"plan", "x.toml", "--hours", "NaN"}, "--hours NaN: out of range"},
		{[]string{"plan", "x.toml", "--hours", "+Inf"}, "out of range"},
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
