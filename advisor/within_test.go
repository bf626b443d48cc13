package advisor

import (
	"fmt"
	"math"
	"testing"
)

// failRecorder is a testing.TB that records a failure instead of
// reporting it, to test the test helpers themselves.
type failRecorder struct {
	testing.TB
	failed []string
}

func (r *failRecorder) Helper() {}

func (r *failRecorder) Errorf(format string, args ...any) {
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}

// The helpers that hold an estimate to a figure fail when the estimate is
// NaN or infinite: "differs by more than the tolerance" is false for NaN,
// so a check written that way passes whatever broke.
func TestFigureHelpersFailOnNotFinite(t *testing.T) {
	helpers := map[string]func(tb testing.TB, got float64){
		"within":      func(tb testing.TB, got float64) { within(tb, "decode tok/s", got, 10, 0.3) },
		"checkFigure": func(tb testing.TB, got float64) { checkFigure(tb, "decode tok/s", "a source", got, 10, 0.3) },
	}
	for name, h := range helpers {
		for _, tc := range []struct {
			got   float64
			fails bool
		}{{10, false}, {12.9, false}, {13.1, true}, {math.NaN(), true}, {math.Inf(1), true}, {math.Inf(-1), true}} {
			r := &failRecorder{TB: t}
			h(r, tc.got)
			if (len(r.failed) > 0) != tc.fails {
				t.Errorf("%s(%v against 10 ±30%%): failures %q, want failing %v", name, tc.got, r.failed, tc.fails)
			}
		}
	}
}
