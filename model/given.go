package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model/text"
)

// Given is one answer given as text together with others (a command
// line's flags): the answer, the name it was given under (a flag or an
// alias) and the text.
type Given struct {
	Spec *AnswerSpec
	As   string
	Raw  string
}

// conflicts are answers that cannot be given together: each pair says the
// same thing two ways, so neither may silently win.
var conflicts = []struct {
	a, b AnswerID
	why  string
}{
	{AnsModel, AnsParams, "a preset already sets its size; give %s or %s, not both"},
	{AnsTokens, AnsDuration, "a job of %s lasts as long as the hardware needs; give %s (a job) or %s (a rented period), not both"},
	{AnsVRAM, AnsModel, "with a known memory size the model is not used; give %s or %s, not both"},
	{AnsVRAM, AnsParams, "with a known memory size the model is not used; give %s or %s, not both"},
	{AnsModel, AnsModelConfig, "a config.json already gives the architecture; give %s or %s, not both"},
	{AnsParams, AnsModelConfig, "a config.json already gives the architecture; give %s or %s, not both"},
	{AnsVRAM, AnsModelConfig, "with a known memory size the model is not used; give %s or %s, not both"},
}

// conflictWhy is a conflict's reason with the answers named as their
// source names them (label: "--model" for a flag, "params_b" for a
// record key): the first answer, the second, and for the job a third time.
func conflictWhy(why string, a, b AnswerID, label func(AnswerID) string) text.Pair {
	args := []any{label(a), label(b)}
	if strings.Count(why, "%s") == 3 {
		args = []any{label(a), label(a), label(b)}
	}
	return txf(why, args...)
}

// contradictions are answers that may be given together but not with
// these values: each returns, for the applied answers, whether they
// contradict each other and why (labels name the answers as their source
// does). The second answer is the one refused.
var contradictions = []struct {
	a, b AnswerID
	why  func(a *Answers, label func(AnswerID) string) (text.Pair, bool)
}{
	// A job of a size is priced to finish; a wall-clock run rents for a
	// period and never reads the size, so the job would be dropped.
	{AnsTokens, AnsDurationMode, func(a *Answers, label func(AnswerID) string) (text.Pair, bool) {
		return txf("%s wallclock rents for a period and would drop the job of %s; give %s job, or leave %s out",
			label(AnsDurationMode), label(AnsTokens), label(AnsDurationMode), label(AnsTokens)), a.DurationMode == DurationWallClock
	}},
	// A provider both asked for and excluded leaves nothing of it.
	{AnsProviders, AnsExcludeProviders, func(a *Answers, label func(AnswerID) string) (text.Pair, bool) {
		var both []string
		for _, p := range a.ExcludeProviders {
			if slices.Contains(a.Providers, p) {
				both = append(both, p)
			}
		}
		return txf("%s is both asked for with %s and excluded with %s; leave it out of one of them",
			strings.Join(both, ", "), label(AnsProviders), label(AnsExcludeProviders)), len(both) > 0
	}},
}

// checkConflicts refuses two answers of conflicts given together, as the
// flags and a record refuse them alike. label names an answer as its
// source does ("--model", "params_b"); raw is its text as given. It
// returns the answer refused with the error (whose Field is its Name).
func checkConflicts(given func(AnswerID) bool, raw, label func(AnswerID) string) (AnswerID, *FieldError) {
	for _, c := range conflicts {
		if given(c.a) && given(c.b) {
			return c.b, newErr(registry[c.b].Name, short(raw(c.b), maxEcho), ReasonConflict, txf("given with %s", label(c.a)), conflictWhy(c.why, c.a, c.b, label))
		}
	}
	return 0, nil
}

// checkContradictions refuses two answers of contradictions given
// together with values that contradict each other (next holds them
// applied), as checkConflicts does.
func checkContradictions(next *Answers, given func(AnswerID) bool, raw, label func(AnswerID) string) (AnswerID, *FieldError) {
	for _, c := range contradictions {
		if !given(c.a) || !given(c.b) {
			continue
		}
		if why, bad := c.why(next, label); bad {
			return c.b, newErr(registry[c.b].Name, short(raw(c.b), maxEcho), ReasonConflict, txf("given with %s", label(c.a)), why)
		}
	}
	return 0, nil
}

// CheckContradictions refuses, as the flags and a record do, two answers
// given together with values that contradict each other (a holds them
// applied): the wizard's check of what its questions were answered with.
// given reports whether an answer was given, raw its text, label how the
// source names it. It returns the answer refused with the error.
func CheckContradictions(a *Answers, given func(AnswerID) bool, raw, label func(AnswerID) string) (AnswerID, *FieldError) {
	return checkContradictions(a, given, raw, label)
}

// checkApplies refuses an answer given that does not apply to the others
// (next holds them applied), as checkConflicts does.
func checkApplies(next *Answers, given func(AnswerID) bool, raw, label func(AnswerID) string) (AnswerID, *FieldError) {
	for i := range registry {
		s := &registry[i]
		if given(s.ID) && !s.AppliesTo(next) {
			d, fix := notApplying(s, next, label)
			return s.ID, newErr(s.Name, short(raw(s.ID), maxEcho), ReasonConflict,
				text.Pair{"does not apply to " + d[text.EN], fmt.Sprintf(zhText.Get()["does not apply to %s"], zhArg(d[text.ZH]))}, fix)
		}
	}
	return 0, nil
}

// flagLabel names an answer as a flag ("--model").
func flagLabel(id AnswerID) string { return "--" + registry[id].Name }

// ApplyGiven applies answers given together onto a, in the registry's
// order, and returns notes on what they imply. It refuses an answer given
// twice (also under an alias: --batch and --users), two answers that say
// the same thing two ways (--model with --params, --tokens with
// --duration), and answers that do not apply to the workload given
// (--latency for training is reported, not dropped silently: it is an
// error too, since nothing would use it). a is unchanged on error.
func ApplyGiven(a *Answers, given []Given, env *AnswerEnv) ([]text.Pair, error) {
	by := map[AnswerID]Given{}
	for _, g := range given {
		if prev, ok := by[g.Spec.ID]; ok {
			return nil, newErr(g.As, "", ReasonConflict, txf("given twice (also as --%s)", prev.As), tx("give it once"))
		}
		by[g.Spec.ID] = g
	}
	isGiven := func(id AnswerID) bool { _, ok := by[id]; return ok }
	raw := func(id AnswerID) string { return by[id].Raw }
	label := func(id AnswerID) string { return "--" + by[id].As } // as typed: --users
	if id, err := checkConflicts(isGiven, raw, label); err != nil {
		err.Field = by[id].As
		return nil, err
	}
	next := cloneSlices(*a)
	var notes []text.Pair
	for i := range registry {
		s := &registry[i]
		g, ok := by[s.ID]
		if !ok {
			continue
		}
		if err := s.Parse(g.Raw, &next, env); err != nil {
			if fe, ok := err.(*FieldError); ok {
				fe.Field = g.As
			}
			return nil, err
		}
		s.Imply(&next, isGiven)
	}
	if g, ok := by[AnsModel]; ok && env != nil {
		note, err := modelPrecision(&next, g, by, env)
		if err != nil {
			return nil, err
		}
		if note != (text.Pair{}) {
			notes = append(notes, note)
		}
	}
	if id, err := checkApplies(&next, isGiven, raw, flagLabel); err != nil {
		err.Field = by[id].As
		return nil, err
	}
	if id, err := checkContradictions(&next, isGiven, raw, label); err != nil {
		err.Field = by[id].As
		return nil, err
	}
	if _, ok := by[AnsCurrency]; ok && next.Budget.IsSet() {
		if _, b := by[AnsBudget]; !b && next.Budget.Currency != next.Currency {
			notes = append(notes, txf("the budget %s stays in %s; prices are shown in %s", next.Budget.String(), next.Budget.Currency, next.Currency))
		}
	}
	*a = next
	return notes, nil
}

// modelPrecision checks a model given as a quantised release (-AWQ,
// -FP8) against a precision given with it: the same precision, or auto (the
// checkpoint's, which is the release's), is fine and the release's
// precision stays; another is refused naming both. It returns the note
// saying which preset the name was read as, if any.
func modelPrecision(next *Answers, g Given, by map[AnswerID]Given, env *AnswerEnv) (text.Pair, error) {
	ref, err := ResolveModel(env.Models(), g.Raw)
	if err != nil || ref.Precision == "" {
		return ref.Note, nil
	}
	if p, ok := by[AnsPrecision]; ok && next.Precision != ref.Precision {
		if next.Precision != PrecisionAuto {
			return text.Pair{}, newErr(p.As, short(p.Raw, maxEcho), ReasonConflict,
				txf("given with --%s %s, whose %s suffix says %s", g.As, short(g.Raw, maxEcho), ref.Suffix, ref.Precision),
				txf("give --%s %s, or leave --%s out, or name the model without its %s suffix", p.As, ref.Precision, p.As, ref.Suffix))
		}
		next.Precision = ref.Precision
	}
	return ref.Note, nil
}

// notApplying says what the answers are that s does not apply to, naming
// the answer its applicability depends on as label names it (the flag,
// or the record key), and the fix: leave it out, or change that answer.
func notApplying(s *AnswerSpec, a *Answers, label func(AnswerID) string) (what, fix text.Pair) {
	fix = tx("leave it out, or change the answer it depends on")
	switch s.ID {
	case AnsDuration, AnsHoursPerWeek:
		return txf("a job of %s (it lasts as long as the hardware needs)", label(AnsTokens)), fix
	case AnsTokens:
		return txf("a rented period (%s); use %s job for a job", label(AnsDuration), label(AnsDurationMode)), fix
	case AnsDeadline:
		return txf("a rented period (%s), whose length is given; a deadline applies to a job of %s", label(AnsDuration), label(AnsTokens)), fix
	case AnsCheckpointInterval:
		return tx("a run that is not interruptible: it applies only to interruptible (spot) runs"), txf("add %s, or leave it out", label(AnsInterruptible))
	}
	return txf("workload %s", a.Workload), txf("leave it out, or change %s", label(AnsWorkload))
}

// cloneSlices copies the answers' slices so that a failed apply leaves the
// original untouched.
func cloneSlices(a Answers) Answers {
	a.Providers = append([]string(nil), a.Providers...)
	a.Regions = append([]string(nil), a.Regions...)
	if len(a.Providers) == 0 {
		a.Providers = nil
	}
	if len(a.Regions) == 0 {
		a.Regions = nil
	}
	return a
}

// FlagUsage is the help line of an answer's flag: its usage, the accepted
// forms when the usage does not list them, what a blank means, and the
// aliases.
func (s *AnswerSpec) FlagUsage() string {
	u := s.Usage
	if len(s.Aliases) > 0 && !strings.Contains(u, "--"+s.Aliases[0]) {
		u += "; also --" + strings.Join(s.Aliases, ", --")
	}
	return u
}
