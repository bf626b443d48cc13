// Package testcheck holds the assertions the tests of every package share, so
// that each is written once and can fail: a figure held to a published one
// within a tolerance fails when either is NaN or infinite (a comparison
// with NaN is false, so "differs by more than the tolerance" never fires
// on one), and an element of a result that may be empty stops the test
// with a message instead of panicking the package's whole test binary.
// Only tests import it.
package testcheck

import (
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// finite reports whether x is neither NaN nor ±Inf.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Near reports whether got is within tol (a share of |want|) of want.
// It is false when either figure is NaN or ±Inf, whatever tol.
func Near(got, want, tol float64) bool {
	return finite(got) && finite(want) && math.Abs(got-want) <= tol*math.Abs(want)
}

// NearAbs reports whether got is within eps (an absolute difference) of
// want. It is false when either figure is NaN or ±Inf.
func NearAbs(got, want, eps float64) bool {
	return finite(got) && finite(want) && math.Abs(got-want) <= eps
}

// Within fails t when got is not Near want: what names the figure, tol is
// the share of want accepted.
func Within(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	if !Near(got, want, tol) {
		t.Errorf("%s = %.4g, want %.4g within %.0f%%", what, got, want, tol*100)
	}
}

// Figure holds an estimate to a published figure within tol (a share of
// the figure) and logs "FIGURE | what | source | published | estimate |
// ratio" for the calibration report; source names where the figure was
// published.
func Figure(t testing.TB, what, source string, got, want, tol float64) {
	t.Helper()
	t.Logf("FIGURE | %s | %s | %.4g | %.4g | %.3f", what, source, want, got, got/want)
	if !Near(got, want, tol) {
		t.Errorf("%s (%s): estimate %.4g, published %.4g, ratio %.3f outside ±%.0f%%", what, source, got, want, got/want, tol*100)
	}
}

// At returns &s[i], or stops t with what (a format and its args: the
// slice and why it may be short) when s has no element i.
func At[T any](t testing.TB, s []T, i int, what string, args ...any) *T {
	t.Helper()
	if i < 0 || i >= len(s) {
		t.Fatalf("no element %d of %d: "+what, append([]any{i, len(s)}, args...)...)
	}
	return &s[i]
}

// EachLine calls f with every line (numbered from 1) of the files below
// root whose names end in suffix, for tests that scan the source tree for
// a pattern; an unreadable tree fails t.
func EachLine(t testing.TB, root, suffix string, f func(path string, n int, line string)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, suffix) {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			f(path, i+1, line)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
