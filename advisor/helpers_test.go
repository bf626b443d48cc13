package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// within holds a figure to an expected one within tol (a share of it),
// failing on NaN and ±Inf (testcheck.Within).
func within(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	testcheck.Within(t, what, got, want, tol)
}
