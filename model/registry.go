package model

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model/text"
)

// AnswerID identifies one answer the user gives. The registry (Registry)
// holds, for each, everything every layer needs: the flag, the record key,
// the parser and formatter, what a blank means, when it applies, how a
// stored value is checked, and the wizard's questions that ask it (their
// page, place, kind and condition). The wizard's fields and steps, the
// headless flags and their help, the decision record and the line prompts
// are all built from it, so an answer exists in every place or in none;
// the wizard adds only the words of its questions (its text table). The
// entries are tables by group, in registry_<group>.go.
type AnswerID int

// The answers, in the order they are applied: the workload first because
// the others depend on it, the currency before the budget it prices.
const (
	AnsWorkload AnswerID = iota
	AnsModel
	AnsParams
	AnsVRAM
	AnsPrecision
	AnsContext
	AnsBatch
	AnsLatency
	AnsDurationMode
	AnsDuration
	AnsHoursPerWeek
	AnsTokens
	AnsDeadline
	AnsInterruptible
	AnsCurrency
	AnsBudget
	AnsGPU
	AnsGPUs
	AnsNodes
	AnsProviders
	AnsRegions
	AnsData
	AnsEgress
	AnsGradCheckpointing
	AnsSharding
	AnsHeadroom
	AnsInterconnect
	AnsHosting
	AnsVCPU
	AnsMinVCPUsPerGPU
	AnsExcludeProviders
	AnsCheckpointInterval
	AnsPromptLen
	AnsOutputLen
	AnsSpeculative
	AnsKVCache
	AnsRunCommand
	AnsModelConfig
	answerCount
)

// AnswerCount is the number of answers in the registry.
const AnswerCount = int(answerCount)

// Blank says what an empty answer means.
type Blank int

// What an empty answer means.
const (
	// BlankRequired: an answer must be given.
	BlankRequired Blank = iota
	// BlankNone: nothing (no budget, no data stored).
	BlankNone
	// BlankAny: no restriction (any GPU, any provider).
	BlankAny
	// BlankDefault: the advisor's default (e.g. its sharding strategy).
	BlankDefault
)

// Reason is why an answer was refused, typed so that every layer can word
// it in its own language without parsing text.
type Reason int

// Why an answer was refused.
const (
	// ReasonForm: not one of the accepted forms.
	ReasonForm Reason = iota
	// ReasonRange: a number outside the accepted range.
	ReasonRange
	// ReasonNotFinite: NaN or infinity.
	ReasonNotFinite
	// ReasonUnknown: names nothing known (a preset, GPU, provider, region).
	ReasonUnknown
	// ReasonAmbiguous: names more than one thing; Candidates lists them.
	ReasonAmbiguous
	// ReasonMissing: required, and not given.
	ReasonMissing
	// ReasonConflict: contradicts another answer given with it.
	ReasonConflict
)

// AnswerSpec is one answer of the registry.
type AnswerSpec struct {
	ID AnswerID
	// Name is the flag without its dashes ("hours-per-week"); errors name
	// the answer by it.
	Name string
	// Aliases are other flag names for the same answer ("users").
	Aliases []string
	// Key is the answer's key under [answers] in a decision record.
	Key string
	// Usage is the one-line help of the flag.
	Usage string
	// Forms lists the accepted forms, for errors and help.
	Forms string
	// Blank is what an empty answer means.
	Blank Blank
	// Bool marks a yes/no answer (a flag that takes no value).
	// List is set for an answer that takes several values separated by
	// commas (providers, regions): given twice on a command line, its
	// values are joined; any other answer given twice is refused.
	List bool
	Bool bool
	// Choices are the canonical values of an answer picked from a list.
	Choices []string
	// Applies reports whether the answer is asked for these answers (nil:
	// always).
	Applies func(a *Answers) bool
	// Questions are the wizard's questions that ask the answer: the
	// wizard's fields are built from them (none: the wizard does not ask
	// it).
	Questions []Question
	// parse reads non-blank text into the answers.
	parse func(raw string, a *Answers, env *AnswerEnv) error
	// clear sets what a blank answer means.
	clear func(a *Answers)
	// Format writes the answer as text that Parse reads back ("" for blank).
	Format func(a *Answers) string
	// check validates the stored value (nil: nothing to check).
	check func(a *Answers) error
	// implies is what giving the answer as a flag also says, unless the
	// answer it names is given too (--tokens means a job).
	implies []implication
}

// implication is a second answer that a flag implies: set sets unless,
// the answer it implies, which giving unless too overrides.
type implication struct {
	unless AnswerID
	set    func(a *Answers)
}

// Imply sets what giving this answer also says (--tokens: a job; --duration:
// a rented period), except an implied answer that given reports was given
// too. The command line applies it to the flags given; the wizard to the
// questions the user answered, so both read the same answers alike.
func (s *AnswerSpec) Imply(a *Answers, given func(AnswerID) bool) {
	for _, im := range s.implies {
		if !given(im.unless) {
			im.set(a)
		}
	}
}

// Implies lists the answers that giving this one can set (the duration
// mode for --tokens and --duration).
func (s *AnswerSpec) Implies() []AnswerID {
	out := make([]AnswerID, len(s.implies))
	for i, im := range s.implies {
		out[i] = im.unless
	}
	return out
}

// AppliesTo reports whether the answer is asked for these answers.
func (s *AnswerSpec) AppliesTo(a *Answers) bool { return s.Applies == nil || s.Applies(a) }

// Default is the text of the answer in DefaultAnswers.
func (s *AnswerSpec) Default() string {
	d := DefaultAnswers()
	return s.Format(&d)
}

// Parse reads text typed for the answer into a: a blank means what Blank
// says, anything else must be of the accepted forms. An error is a
// *FieldError that names the answer; a is unchanged then.
func (s *AnswerSpec) Parse(raw string, a *Answers, env *AnswerEnv) error {
	if strings.TrimSpace(raw) == "" {
		if s.Blank == BlankRequired || s.clear == nil {
			return newErr(s.Name, "", ReasonMissing, tx("an answer is needed"), use(s.Forms))
		}
		s.clear(a)
		return nil
	}
	// a is left as it was on an error: parse writes a in place (a copy
	// handed to it would be made on the heap, on every keystroke).
	was := *a
	if err := s.parse(raw, a, env); err != nil {
		*a = was
		return s.named(raw, err)
	}
	return nil
}

// Check validates the answer's stored value.
func (s *AnswerSpec) Check(a *Answers) error {
	if s.check == nil {
		return nil
	}
	if err := s.check(a); err != nil {
		return s.named("", err)
	}
	return nil
}

// named makes err a *FieldError for this answer.
func (s *AnswerSpec) named(raw string, err error) error {
	fe, ok := err.(*FieldError)
	if !ok {
		return newErr(s.Name, short(raw, maxEcho), ReasonForm, text.Pair{err.Error(), ""}, use(s.Forms)) // not model's error: no Chinese message
	}
	c := *fe
	c.Field = s.Name
	if c.Value == "" && raw != "" {
		c.Value = short(strings.TrimSpace(raw), maxEcho)
	}
	return &c
}

// maxEcho is the most of the input an error repeats.
const maxEcho = 40

// Spec returns the registry's entry for an answer.
func Spec(id AnswerID) *AnswerSpec { return &registry[id] }

// Registry returns every answer in the order they are applied.
func Registry() []AnswerSpec { return registry[:] }

// SpecByName finds an answer by its flag name or an alias.
func SpecByName(name string) (*AnswerSpec, bool) {
	for i := range registry {
		s := &registry[i]
		if s.Name == name {
			return s, true
		}
		for _, al := range s.Aliases {
			if al == name {
				return s, true
			}
		}
	}
	return nil, false
}

// formatOptCount formats a count where 0 means any.
func formatOptCount(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// ParseYesNo reads a yes/no answer ("yes", "y", "true", "on", "1", a
// Chinese yes in zhYes, and their opposites).
func ParseYesNo(field, s string) (bool, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	switch {
	case slices.Contains(zhYes, w):
		return true, nil
	case slices.Contains(zhNo, w):
		return false, nil
	}
	switch w {
	case "yes", "y", "true", "t", "on", "1":
		return true, nil
	case "no", "n", "false", "f", "off", "0":
		return false, nil
	}
	return false, fieldErr(field, s, tx("not yes or no"), "yes or no")
}

// FormatYesNo writes a yes/no answer.
func FormatYesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// finite refuses NaN and infinities.
func finite(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return newErr("", echoNumber(v), ReasonNotFinite, tx("not a finite number"), tx("give a plain number"))
	}
	return nil
}

// inRange checks an optional number (0 = not given) against [lo, hi].
func inRange(v, lo, hi float64, fix string) error {
	if err := finite(v); err != nil {
		return err
	}
	if v == 0 {
		return nil
	}
	if v < lo || v > hi {
		return newErr("", echoNumber(v), ReasonRange, tx("out of range"), tx(fix))
	}
	return nil
}

// echoNumber writes a stored number for an error, short however large
// (1e+300, not three hundred digits).
func echoNumber(v float64) string {
	if a := math.Abs(v); a >= 1e15 || a > 0 && a < 1e-6 {
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	return short(FormatNumber(v), maxEcho)
}

// oneOf checks that v is one of the allowed values ("" allowed when
// blank is).
func oneOf[T ~string](v T, blank bool, allowed []T, forms string) error {
	if v == "" && blank {
		return nil
	}
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return newErr("", short(string(v), maxEcho), ReasonUnknown, tx("not a known value"), use(forms))
}

// Applicability predicates.
func notVRAM(a *Answers) bool   { return a.Workload != WorkloadVRAM }
func isVRAM(a *Answers) bool    { return a.Workload == WorkloadVRAM }
func inferOnly(a *Answers) bool { return a.Workload == WorkloadInference }

// embedOnly reports whether the workload embeds or reranks.
func embedOnly(a *Answers) bool { return a.Workload == WorkloadEmbed }

// serveOrEmbed reports whether the workload serves requests without
// training: generation or embedding (its users, latency and job size).
func serveOrEmbed(a *Answers) bool { return inferOnly(a) || a.Workload == WorkloadEmbed }
func trainOnly(a *Answers) bool    { return a.Workload.Training() }
func wallClock(a *Answers) bool    { return notVRAM(a) && a.DurationMode != DurationJob || isVRAM(a) }

// deadlineApplies reports whether a deadline is asked: for a job of a
// given size (a rented period has its length already).
func deadlineApplies(a *Answers) bool { return JobApplies(a) && a.DurationMode == DurationJob }

// JobApplies reports whether a job size is asked: always for training (the
// dataset), for inference only when the run is a job.
func JobApplies(a *Answers) bool {
	return trainOnly(a) || serveOrEmbed(a) && a.DurationMode == DurationJob
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// registry is every answer, in the order they are applied: the entries
// of the group tables (registry_<group>.go) placed by their ID (init).
var registry [answerCount]AnswerSpec

// init places each entry of the group tables at its ID in registry. It
// fills the variable in place: a registry returned by a function was made
// on the stack and copied, 8.5 KB twice on every start (issue 26). An ID
// given twice or not at all is a mistake in the tables that
// TestRegistryHoldsEveryAnswerOnce reports.
func init() {
	for _, g := range [...][]AnswerSpec{workloadAnswers, loadAnswers, runAnswers, costAnswers, filterAnswers} {
		for i := range g {
			registry[g[i].ID] = g[i]
		}
	}
}

// isControl reports control and escape characters.
func isControl(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }

// sortedSet returns a set's keys, sorted.
func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// String names the reason in English, for logs and tests.
func (r Reason) String() string {
	switch r {
	case ReasonForm:
		return "form"
	case ReasonRange:
		return "range"
	case ReasonNotFinite:
		return "not-finite"
	case ReasonUnknown:
		return "unknown"
	case ReasonAmbiguous:
		return "ambiguous"
	case ReasonMissing:
		return "missing"
	case ReasonConflict:
		return "conflict"
	}
	return fmt.Sprintf("reason(%d)", int(r))
}
