package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
)

func TestInCI(t *testing.T) {
	for v, want := range map[string]bool{"true": true, "1": true, "TRUE": true, "false": false, "0": false, "": false, "yes": false} {
		t.Setenv("CI", v)
		if got := InCI(); got != want {
			t.Errorf("CI=%q: InCI() = %v, want %v", v, got, want)
		}
	}
}

// TestMissing runs the helper test below in a child process, once with
// CI=true and once without, and checks that it fails and skips.
func TestMissing(t *testing.T) {
	for _, c := range []struct {
		ci, want string
		fails    bool
	}{
		{"true", "--- FAIL: TestMissingChild", true},
		{"false", "--- SKIP: TestMissingChild", false},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissingChild$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTENV_CHILD=1", "CI="+c.ci)
		out, err := cmd.CombinedOutput()
		if (err != nil) != c.fails || !strings.Contains(string(out), c.want) || !strings.Contains(string(out), "no frobnicator") {
			t.Errorf("CI=%s: err %v, output:\n%s", c.ci, err, out)
		}
		if strings.Contains(string(out), "after Missing") {
			t.Errorf("CI=%s: the test went on after Missing:\n%s", c.ci, out)
		}
	}
}

// TestMissingChild is the test that TestMissing runs in a child process.
func TestMissingChild(t *testing.T) {
	if os.Getenv("TESTENV_CHILD") != "1" {
		return
	}
	Missing(t, "no frobnicator at %s", "/nowhere")
	t.Log("after Missing")
}

// platformSkips are the test files allowed to skip on their own, with the
// reason: none is a prerequisite a machine may lack, which must go through
// Missing so that CI fails instead of skipping.
var platformSkips = map[string]string{
	"internal/systemtest/data_scale_test.go": "TestScaleHelper is the benchmark's child process and does nothing run alone",
	"data/readfile_test.go":                  "/proc/self/status exists on Linux only",
	"e2e_launchcheck_test.go":                "the launchers' checkouts (GPUPICK_LAUNCHCHECK) cannot be fetched in CI, which has no network (issue 23: the one allowed skip)",
}

// TestNoSkipBypassesMissing scans the module's tests for a skip that does
// not go through Missing: reference data, a tool or a device a test needs
// and does not find must fail under CI, not pass unnoticed.
func TestNoSkipBypassesMissing(t *testing.T) {
	skip := regexp.MustCompile(`\.Skip(f|Now)?\(`)
	root := filepath.Join("..", "..")
	seen := map[string]bool{}
	testcheck.EachLine(t, root, "_test.go", func(path string, n int, line string) {
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if !skip.MatchString(line) || strings.HasPrefix(rel, "internal/testenv/") {
			return
		}
		if _, ok := platformSkips[rel]; ok {
			seen[rel] = true
			return
		}
		t.Errorf("%s:%d: skips without testenv.Missing (skips locally, fails under CI=true): %s", rel, n, strings.TrimSpace(line))
	})
	for f, why := range platformSkips {
		if !seen[f] {
			t.Errorf("%s no longer skips (%s): drop it from platformSkips", f, why)
		}
	}
}
