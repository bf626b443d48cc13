package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// within holds a figure to an expected one within tol (a share of it),
// failing on NaN and ±Inf (testcheck.Within).
func within(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	testcheck.Within(t, what, got, want, tol)
}

// top is the result's first recommendation; a result with none stops the
// test with its notes (why nothing was recommended) instead of panicking.
func top(t testing.TB, res model.Result) *model.Recommendation {
	t.Helper()
	return nth(t, res, 0)
}

// nth is the result's recommendation #i+1; a result with fewer stops the
// test with the ones it has and its notes.
func nth(t testing.TB, res model.Result, i int) *model.Recommendation {
	t.Helper()
	return testcheck.At(t, res.Recommendations, i, "recommendations %v; notes %v", names(res), res.Notes)
}
