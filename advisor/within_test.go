package advisor

import (
	"fmt"
	"github.com/gpupick/gpupick/internal/testcheck"
	"math"
	"testing"

	"github.com/gpupick/gpupick/model"
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
		"checkFigure": func(tb testing.TB, got float64) { testcheck.Figure(tb, "decode tok/s", "a source", got, 10, 0.3) },
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

// A cost that is not a finite number never keeps a budget, whatever the
// period: NaN compares false with everything, so a check written as "over
// the budget" would let it through.
func TestBudgetWithinNotFinite(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	type figures struct {
		name                 string
		total, allIn, h, cal float64
	}
	for _, period := range []model.BudgetPeriod{model.BudgetHourly, model.BudgetMonthly, model.BudgetTotal} {
		c := &pricer{budgetUSD: 100, a: &model.Answers{Budget: model.Budget{Amount: 100, Period: period, Currency: model.USD}}}
		// The finite case keeps the budget, so the ones below fail for
		// their figure alone.
		if !c.within(50, 50, 1, 1) {
			t.Fatalf("%s: $50 over 1 h does not keep a budget of $100", period)
		}
		cases := []figures{
			{"NaN total", nan, nan, 1, 1},
			{"NaN all-in", 50, nan, 1, 1},
			{"NaN GPU cost", nan, 50, 1, 1},
			{"+Inf total", inf, inf, 1, 1},
			{"-Inf total", -inf, -inf, 1, 1},
		}
		if period == model.BudgetHourly {
			// An hourly budget divides by the hours of use.
			cases = append(cases, figures{"NaN hours", 50, 50, nan, 1})
		}
		for _, tc := range cases {
			if c.within(tc.total, tc.allIn, tc.h, tc.cal) {
				t.Errorf("%s budget: %s (total %v, all-in %v, %v h, %v calendar h) counts as within", period, tc.name, tc.total, tc.allIn, tc.h, tc.cal)
			}
		}
	}
}
