package model

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseDeadline(t *testing.T) {
	runCases(t, "ParseDeadline", "deadline", ParseDeadline, []parseCase{
		ok("12h", 12), ok("30d", 720), ok("2w", 336), ok("3mo", 3*HoursPerMonth), ok("1y", 12*HoursPerMonth),
		ok("1,5w", 1.5*HoursPerWeekFull), ok("1h", 1), ok("5y", 60*HoursPerMonth), ok("３０ｄ", 720), ok("30 days", 720),
		bad("0d", "out of range (accepted: 1h to 5y)", ""), bad("-30d", "negative", ""), bad("30min", "out of range", ""),
		bad("6y", "out of range", ""), bad("30", "no unit", "30d"), bad("3m", "ambiguous", "mo for months"),
		bad("next month", "not a duration", "30d"), bad("1e3h", "exponent", ""),
	})
}

func FuzzParseDeadline(f *testing.F) {
	numTarget{field: "deadline", parse: ParseDeadline, lo: MinDeadlineHours, hi: MaxDeadlineHours, back: FormatDeadline,
		tol: func(h float64) float64 { return 0.005 + 1e-9*h }}.
		fuzz(f, seedsWith("d", "12h", "30d", "2w", "3mo", "5y", "0d", "-1d", "720.004h", "43829.996h", "1.005h"))
}

// TestDeadlineAnswer: the deadline is a registry answer of a job: given
// with --tokens it is kept; in a rented period (the default, or
// --duration) it is refused naming the flag and saying what it applies to;
// a stored value out of range is refused by Validate.
func TestDeadlineAnswer(t *testing.T) {
	env := testEnv()
	g := func(name, raw string) Given {
		s, _ := SpecByName(name)
		return Given{Spec: s, As: name, Raw: raw}
	}
	for _, tt := range []struct {
		name  string
		given []Given
		want  float64 // 0: refused
		field string
	}{
		{"job of tokens", []Given{g("workload", "pretrain"), g("tokens", "1T"), g("deadline", "30d")}, 720, ""},
		{"inference job", []Given{g("tokens", "2B"), g("deadline", "12h")}, 12, ""},
		{"rented period by default", []Given{g("deadline", "30d")}, 0, "deadline"},
		{"with a duration", []Given{g("duration", "2w"), g("deadline", "30d")}, 0, "deadline"},
		{"vram workload", []Given{g("vram", "80GB"), g("deadline", "30d")}, 0, "deadline"},
		{"zero", []Given{g("tokens", "2B"), g("deadline", "0h")}, 0, "deadline"},
	} {
		a := DefaultAnswers()
		before := a
		_, err := ApplyGiven(&a, tt.given, env)
		if tt.want > 0 {
			if err != nil || a.DeadlineHours != tt.want {
				t.Errorf("%s: %v, deadline %v; want %v", tt.name, err, a.DeadlineHours, tt.want)
			}
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Fix == "" {
			t.Errorf("%s: %v, want an error naming %s with a fix", tt.name, err, tt.field)
		}
		checkZH(t, tt.name, fe)
		if fe != nil && fe.Reason == ReasonConflict && !strings.Contains(fe.Msg, "--tokens") {
			t.Errorf("%s: %q does not say a deadline applies to a job of --tokens", tt.name, fe.Msg)
		}
		if !reflect.DeepEqual(a, before) {
			t.Errorf("%s: refused, yet the answers changed", tt.name)
		}
	}
	a := DefaultAnswers()
	a.DurationMode, a.JobTokens, a.DeadlineHours = DurationJob, 1e12, 0.5
	var fe *FieldError
	if err := a.Validate(); !errors.As(err, &fe) || fe.Field != "deadline" || !strings.Contains(fe.Fix, "30d") {
		t.Errorf("a stored deadline of 30 min: %v, want an error naming deadline with a fix", err)
	}
	if s := Spec(AnsDeadline); s.Key != "deadline_hours" || s.Name != "deadline" || s.Default() != "" {
		t.Errorf("deadline spec: name %q key %q default %q", s.Name, s.Key, s.Default())
	}
}
