package model

import (
	"encoding/json"
	"testing"
)

// A change is written as the flag the user types, and a flag written reads
// back into the same answer: a yes/no answer as a bare flag (or =no), a
// blank as an empty quoted value, a list quoted when it holds spaces; a
// change read back from JSON (which does not carry the answer's id) writes
// the same.
func TestAnswerChangeArg(t *testing.T) {
	a := DefaultAnswers()
	a.Providers = []string{"aws", "gcp"}
	cases := []struct {
		id   AnswerID
		set  func(*Answers)
		want string
	}{
		{AnsPrecision, func(a *Answers) { a.Precision = INT8 }, "--precision int8"},
		{AnsInterruptible, func(a *Answers) { a.Interruptible = true }, "--interruptible"},
		{AnsInterruptible, func(a *Answers) { a.Interruptible = false }, "--interruptible=no"},
		{AnsProviders, func(a *Answers) { a.Providers = nil }, "--provider ''"},
		{AnsProviders, func(a *Answers) {}, "--provider 'aws, gcp'"},
		{AnsDuration, func(a *Answers) { a.DurationHours = HoursPerYear }, "--duration 1y"},
		{AnsContext, func(a *Answers) { a.Context = 4096 }, "--context 4k"},
	}
	for _, tc := range cases {
		b := a
		tc.set(&b)
		ch := ChangeOf(tc.id, &b)
		if got := ch.Arg(); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.id, got, tc.want)
		}
		js, err := json.Marshal(ch)
		if err != nil {
			t.Fatal(err)
		}
		var back AnswerChange
		if err := json.Unmarshal(js, &back); err != nil || back.Arg() != tc.want {
			t.Errorf("%s read back: %q (%v)", js, back.Arg(), err)
		}
		// The value reads back into the answer the change made.
		c := a
		if err := Spec(tc.id).Parse(ch.Value, &c, nil); err != nil || Spec(tc.id).Format(&c) != Spec(tc.id).Format(&b) {
			t.Errorf("%s: reads back as %q (%v)", tc.want, Spec(tc.id).Format(&c), err)
		}
	}
	if got := Args([]AnswerChange{ChangeOf(AnsPrecision, &Answers{Precision: INT4}), {Answer: AnsInterruptible, Flag: "interruptible", Value: "yes"}}); got != "--precision int4 --interruptible" {
		t.Errorf("Args: %q", got)
	}
}

// Spend is what each kind of budget compares: the GPUs' rate for an
// hourly budget, a month's share of a longer run (the whole of a shorter
// one) for a monthly budget, the all-in total otherwise; 0 when the hours
// are unknown.
func TestBudgetSpend(t *testing.T) {
	for _, tc := range []struct {
		period             BudgetPeriod
		gpu, all, run, cal float64
		want               float64
	}{
		{BudgetHourly, 100, 120, 50, 50, 2},
		{BudgetHourly, 100, 120, 0, 0, 0},
		{BudgetMonthly, 1200, 1200, 12 * HoursPerMonth, 12 * HoursPerMonth, 100},
		{BudgetMonthly, 300, 320, 336, 336, 320},
		{BudgetTotal, 300, 320, 336, 336, 320},
	} {
		b := Budget{Amount: 1, Period: tc.period, Currency: USD}
		if got := b.Spend(tc.gpu, tc.all, tc.run, tc.cal); got != tc.want {
			t.Errorf("%s %+v: %v, want %v", tc.period, tc, got, tc.want)
		}
	}
}
