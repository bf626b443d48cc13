package advisor

import (
	"reflect"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// answersWith is the default answers as f changes them, for a test's
// table of answer sets.
func answersWith(f func(a *model.Answers)) model.Answers {
	a := model.DefaultAnswers()
	f(&a)
	return a
}

// sameRanks ranks answers a on eng twice, top offers, by two calls set
// up alike (fast: without the statistics, call.fast) but for ref, which
// changes the second (the reference) only, and fails unless both rank the
// same candidates in the same order and count every reason alike. It
// returns both calls.
func sameRanks(t *testing.T, eng *Engine, a model.Answers, top int, fast bool, ref func(c *call)) (got, want *call) {
	t.Helper()
	a.Normalize()
	if err := check(&a); err != nil {
		t.Fatal(err)
	}
	got, want = newCall(eng, a, langEN), newCall(eng, a, langEN)
	got.fast, want.fast = fast, fast
	ref(want)
	gotR, wantR := got.ranked(top, false), want.ranked(top, false)
	if !reflect.DeepEqual(gotR, wantR) {
		t.Errorf("ranked differ:\n got %v\nwant %v", gotR, wantR)
	}
	if got.st != want.st {
		t.Errorf("counts differ:\n got %+v\nwant %+v", got.st, want.st)
	}
	return got, want
}

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
