package model

import (
	"fmt"
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
	{AnsModel, AnsParams, "a preset already sets its size; give --model or --params, not both"},
	{AnsTokens, AnsDuration, "a job of --tokens lasts as long as the hardware needs; give --tokens (a job) or --duration (a rented period), not both"},
	{AnsVRAM, AnsModel, "with a known memory size the model is not used; give --vram or --model, not both"},
	{AnsVRAM, AnsParams, "with a known memory size the model is not used; give --vram or --params, not both"},
}

// ApplyGiven applies answers given together onto a, in the registry's
// order, and returns notes on what they imply. It refuses an answer given
// twice (also under an alias: --batch and --users), two answers that say
// the same thing two ways (--model with --params, --tokens with
// --duration), and answers that do not apply to the workload given
// (--latency for training is reported, not dropped silently: it is an
// error too, since nothing would use it). a is unchanged on error.
func ApplyGiven(a *Answers, given []Given, env *AnswerEnv) ([]string, error) {
	by := map[AnswerID]Given{}
	for _, g := range given {
		if prev, ok := by[g.Spec.ID]; ok {
			return nil, newErr(g.As, "", ReasonConflict, txf("given twice (also as --%s)", prev.As), tx("give it once"))
		}
		by[g.Spec.ID] = g
	}
	for _, c := range conflicts {
		ga, okA := by[c.a]
		gb, okB := by[c.b]
		if okA && okB {
			return nil, newErr(gb.As, short(gb.Raw, maxEcho), ReasonConflict, txf("given with --%s", ga.As), tx(c.why))
		}
	}
	next := cloneSlices(*a)
	var notes []string
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
		for _, im := range s.implies {
			if _, also := by[im.unless]; !also {
				im.set(&next)
			}
		}
	}
	for i := range registry {
		s := &registry[i]
		g, ok := by[s.ID]
		if ok && !s.AppliesTo(&next) {
			d := describeFor(s, &next)
			return nil, newErr(g.As, short(g.Raw, maxEcho), ReasonConflict,
				text.Pair{"does not apply to " + d[text.EN], fmt.Sprintf(zhText["does not apply to %s"], zhArg(d[text.ZH]))}, tx("leave it out, or change the answer it depends on"))
		}
	}
	if _, ok := by[AnsCurrency]; ok && next.Budget.IsSet() {
		if _, b := by[AnsBudget]; !b && next.Budget.Currency != next.Currency {
			notes = append(notes, fmt.Sprintf("the budget %s stays in %s; prices are shown in %s", next.Budget.String(), next.Budget.Currency, next.Currency))
		}
	}
	*a = next
	return notes, nil
}

// describeFor words what makes an answer not apply ("pretrain", "a job").
func describeFor(s *AnswerSpec, a *Answers) text.Pair {
	switch s.ID {
	case AnsDuration, AnsHoursPerWeek:
		return tx("a job of --tokens (it lasts as long as the hardware needs)")
	case AnsTokens:
		return tx("a rented period (--duration); use --duration-mode job for a job")
	case AnsDeadline:
		return tx("a rented period (--duration), whose length is given; a deadline applies to a job of --tokens")
	}
	return txf("workload %s", a.Workload)
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
