package testcheck

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestNear(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		name           string
		got, want, tol float64
		near           bool
	}{
		{"equal", 2, 2, 0, true},
		{"inside", 10.9, 10, 0.1, true},
		{"edge", 11, 10, 0.1, true},
		{"outside", 11.01, 10, 0.1, false},
		{"below", 8.9, 10, 0.1, false},
		{"negative want", -10.5, -10, 0.1, true},
		{"zero want, exact", 0, 0, 0.5, true},
		{"zero want, off", 1e-12, 0, 0.5, false},
		{"NaN got", nan, 10, 1e9, false},
		{"NaN want", 10, nan, 1e9, false},
		{"NaN both", nan, nan, 1e9, false},
		{"+Inf got", inf, 10, 1e9, false},
		{"-Inf got", -inf, 10, 1e9, false},
		{"Inf both", inf, inf, 1e9, false},
		{"Inf want", 10, inf, 1e9, false},
		{"NaN tolerance", 10, 10, nan, false},
	} {
		if got := Near(tc.got, tc.want, tc.tol); got != tc.near {
			t.Errorf("%s: Near(%v, %v, %v) = %v, want %v", tc.name, tc.got, tc.want, tc.tol, got, tc.near)
		}
	}
}

func TestNearAbs(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		got, want, eps float64
		near           bool
	}{
		{1, 1, 0, true},
		{1.001, 1, 0.01, true},
		{0, 0.02, 0.01, false},
		{nan, 0, 1e9, false},
		{0, nan, 1e9, false},
		{inf, 0, 1e9, false},
		{-inf, -inf, 1e9, false},
	} {
		if got := NearAbs(tc.got, tc.want, tc.eps); got != tc.near {
			t.Errorf("NearAbs(%v, %v, %v) = %v, want %v", tc.got, tc.want, tc.eps, got, tc.near)
		}
	}
}

// TestWithinFails runs the helper tests below in a child process: each
// must fail (a NaN, an infinity, a figure outside the tolerance) or pass,
// and a failure must name the figure.
func TestWithinFails(t *testing.T) {
	for _, tc := range []struct {
		child string
		fails bool
		says  string
	}{
		{"NaN", true, "decode tok/s = NaN"},
		{"PosInf", true, "decode tok/s = +Inf"},
		{"NegInf", true, "decode tok/s = -Inf"},
		{"Outside", true, "decode tok/s = 12, want 10 within 10%"},
		{"Inside", false, ""},
	} {
		out, failed := runChild(t, "TestWithinChild"+tc.child)
		if failed != tc.fails || !strings.Contains(out, tc.says) {
			t.Errorf("%s: failed %v, want %v, output:\n%s", tc.child, failed, tc.fails, out)
		}
	}
}

// TestAt checks that At returns the element itself, and (in a child
// process) that it stops the test with the message instead of panicking.
func TestAt(t *testing.T) {
	s := []int{1, 2, 3}
	if p := At(t, s, 2, "three"); p != &s[2] {
		t.Errorf("At(s, 2) = %p, want &s[2] %p", p, &s[2])
	}
	for _, child := range []string{"Empty", "Negative"} {
		out, failed := runChild(t, "TestAtChild"+child)
		if !failed || !strings.Contains(out, "no element") || !strings.Contains(out, "notes [nothing fits]") || strings.Contains(out, "panic") || strings.Contains(out, "after At") {
			t.Errorf("%s: failed %v, output:\n%s", child, failed, out)
		}
	}
}

// runChild runs one test of this file in a child process and returns its
// output and whether it failed.
func runChild(t *testing.T, name string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
	cmd.Env = append(os.Environ(), "CHECK_CHILD=1")
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("%s: %v", name, err)
	}
	if !strings.Contains(string(out), name) {
		t.Fatalf("%s did not run:\n%s", name, out)
	}
	return string(out), err != nil
}

// child reports whether a helper test runs as the child of
// TestWithinFails, TestFigureFails or TestAt; otherwise it does nothing.
func child() bool { return os.Getenv("CHECK_CHILD") == "1" }

func TestWithinChildNaN(t *testing.T) {
	if !child() {
		return
	}
	Within(t, "decode tok/s", math.NaN(), 10, 0.1)
}

func TestWithinChildPosInf(t *testing.T) {
	if !child() {
		return
	}
	Within(t, "decode tok/s", math.Inf(1), 10, 0.1)
}

func TestWithinChildNegInf(t *testing.T) {
	if !child() {
		return
	}
	Within(t, "decode tok/s", math.Inf(-1), 10, 0.1)
}

func TestWithinChildOutside(t *testing.T) {
	if !child() {
		return
	}
	Within(t, "decode tok/s", 12, 10, 0.1)
}

func TestWithinChildInside(t *testing.T) {
	if !child() {
		return
	}
	Within(t, "decode tok/s", 10.5, 10, 0.1)
}

func TestAtChildEmpty(t *testing.T) {
	if !child() {
		return
	}
	At(t, []string(nil), 0, "notes %v", []string{"nothing fits"})
	t.Log("after At")
}

func TestAtChildNegative(t *testing.T) {
	if !child() {
		return
	}
	At(t, []string{"a"}, -1, "notes %v", []string{"nothing fits"})
	t.Log("after At")
}

// TestNoBareToleranceCheck scans the module's tests for a tolerance check
// written as "math.Abs(got-want) > tol": it is false for NaN, so the check
// passes whatever broke. Near, NearAbs or Within fail on NaN and ±Inf.
func TestNoBareToleranceCheck(t *testing.T) {
	bare := regexp.MustCompile(`math\.Abs\([^)]*\)\)? >`)
	EachLine(t, filepath.Join("..", ".."), "_test.go", func(path string, n int, line string) {
		if code := strings.TrimSpace(line); bare.MatchString(code) && !strings.HasPrefix(code, "//") && !strings.Contains(code, "regexp.MustCompile") {
			t.Errorf("%s:%d: a tolerance check that passes on NaN (use testcheck.Near or NearAbs): %s", path, n, code)
		}
	})
}

// TestFigureFails: a figure outside its tolerance (or NaN) fails naming
// the figure, its source and the ratio; one inside passes and logs the
// calibration line.
func TestFigureFails(t *testing.T) {
	for _, tc := range []struct {
		child string
		fails bool
		says  string
	}{
		{"Outside", true, "8B decode (gpt-fast): estimate 130, published 100, ratio 1.300 outside ±25%"},
		{"NaN", true, "8B decode (gpt-fast): estimate NaN"},
		{"Inside", false, "FIGURE | 8B decode | gpt-fast | 100 | 110 | 1.100"},
	} {
		out, failed := runChild(t, "TestFigureChild"+tc.child)
		if failed != tc.fails || !strings.Contains(out, tc.says) {
			t.Errorf("%s: failed %v, want %v, output:\n%s", tc.child, failed, tc.fails, out)
		}
	}
}

func TestFigureChildOutside(t *testing.T) {
	if child() {
		Figure(t, "8B decode", "gpt-fast", 130, 100, 0.25)
	}
}

func TestFigureChildNaN(t *testing.T) {
	if child() {
		Figure(t, "8B decode", "gpt-fast", math.NaN(), 100, 0.25)
	}
}

func TestFigureChildInside(t *testing.T) {
	if child() {
		Figure(t, "8B decode", "gpt-fast", 110, 100, 0.25)
	}
}
