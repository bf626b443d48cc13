package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
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
