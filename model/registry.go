package model

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gpupick/gpupick/model/text"
)

// AnswerID identifies one answer the user gives. The registry (Registry)
// holds, for each, everything every layer needs: the flag, the record key,
// the parser and formatter, what a blank means, when it applies and how a
// stored value is checked. The wizard's fields, the headless flags and
// their help, the decision record and the line prompts are all built from
// it, so an answer exists in every place or in none.
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
	Bool bool
	// Choices are the canonical values of an answer picked from a list.
	Choices []string
	// Applies reports whether the answer is asked for these answers (nil:
	// always).
	Applies func(a *Answers) bool
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

// implication is a second answer that a flag implies.
type implication struct {
	unless AnswerID
	set    func(a *Answers)
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
	next := *a
	if err := s.parse(raw, &next, env); err != nil {
		return s.named(raw, err)
	}
	*a = next
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

// AnswerEnv is what the parsers need to know about the catalog: its model
// presets and the providers, regions and GPUs its offers name. A nil env
// accepts any name.
type AnswerEnv struct {
	Presets  []ModelPreset
	cat      *Catalog
	matchGPU func(query, name string) bool
	// The name sets are built on first use: most answers name no
	// provider, region or GPU, so a headless run need not read every
	// offer's regions (issue 14).
	provOnce, regOnce, gpuOnce sync.Once
	providers                  map[string]bool
	provList                   []string
	regions                    *regionVocab
	gpus                       []string
}

// NewAnswerEnv indexes a catalog for the parsers; matchGPU decides
// whether a GPU filter matches a GPU name, the way the advisor filters.
// The providers, regions and GPUs are each collected the first time a
// parser needs them, once.
func NewAnswerEnv(cat *Catalog, matchGPU func(query, name string) bool) *AnswerEnv {
	e := &AnswerEnv{cat: cat, matchGPU: matchGPU}
	if cat != nil {
		e.Presets = cat.Models
	}
	return e
}

// providerSet returns the catalog's providers (of its offers and its
// policies) as a set and sorted, built once.
func (e *AnswerEnv) providerSet() (map[string]bool, []string) {
	e.provOnce.Do(func() {
		e.providers = map[string]bool{}
		if e.cat != nil {
			for i := range e.cat.Offers {
				e.providers[e.cat.Offers[i].Provider] = true
			}
			for p := range e.cat.Policies {
				e.providers[p] = true
			}
		}
		e.provList = sortedSet(e.providers)
	})
	return e.providers, e.provList
}

// regionVocab returns what a region term may name in the catalog (its
// region ids, zones and aliases, and the names to suggest), built once.
func (e *AnswerEnv) regionVocab() *regionVocab {
	e.regOnce.Do(func() { e.regions = newRegionVocab(e.cat) })
	return e.regions
}

// regionTerms reads a region answer: terms separated by commas; with a
// known catalog each must name a region group, a country, a city of the
// region table or the start of a region id, zone or alias
// (UnknownRegionTerms). The error on one that does not names it and the
// names it may have meant.
func (e *AnswerEnv) regionTerms(raw string) ([]string, error) {
	list := SplitList(raw)
	if !e.known() {
		return list, nil
	}
	v := e.regionVocab()
	if bad := v.unknown(NewRegionFilter(list, e.cat)); len(bad) > 0 {
		err := newErr("", short(bad[0], maxEcho), ReasonUnknown, tx("names no region, group or country of the catalog"),
			tx("use a group such as europe, us, cn, a country code such as de, or the start of a region id such as us-east"))
		err.Candidates = v.closest(bad[0])
		return nil, err
	}
	return list, nil
}

// gpuList returns the catalog's GPU names, sorted, built once.
func (e *AnswerEnv) gpuList() []string {
	e.gpuOnce.Do(func() {
		gpus := map[string]bool{}
		if e.cat != nil {
			for i := range e.cat.Offers {
				if g := e.cat.Offers[i].GPU; g != "" {
					gpus[g] = true
				}
			}
		}
		e.gpus = sortedSet(gpus)
	})
	return e.gpus
}

// providerList reads provider keys separated by commas; with a known
// catalog each must name one of its providers.
func (e *AnswerEnv) providerList(raw string) ([]string, error) {
	list := SplitList(raw)
	if e.known() {
		providers, provList := e.providerSet()
		for _, p := range list {
			if !providers[p] {
				e := newErr("", short(p, maxEcho), ReasonUnknown, tx("unknown provider"), txf("use one of %s", strings.Join(provList, ", ")))
				e.Candidates, e.Allowed = Closest(p, provList, 3), provList
				return nil, e
			}
		}
	}
	return list, nil
}

// Providers lists the catalog's provider keys, sorted.
func (e *AnswerEnv) Providers() []string {
	if e == nil {
		return nil
	}
	_, list := e.providerSet()
	return list
}

// GPUs lists the catalog's GPU names, sorted.
func (e *AnswerEnv) GPUs() []string {
	if e == nil {
		return nil
	}
	return e.gpuList()
}

// Models returns the catalog's model presets (none for a nil env).
func (e *AnswerEnv) Models() []ModelPreset {
	if e == nil {
		return nil
	}
	return e.Presets
}

// known reports whether the env knows the catalog (a nil or empty env
// accepts any name).
func (e *AnswerEnv) known() bool {
	if e == nil || e.cat == nil {
		return false
	}
	// As len(providerSet()) > 0, without building the set.
	return len(e.cat.Offers) > 0 || len(e.cat.Policies) > 0
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

// Sharding strategies for multi-GPU training ("" is the advisor's choice).
var Shardings = []string{"auto", "none", "zero1", "zero2", "zero3", "fsdp"}

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

// countRange checks an optional count (0 = not given) against [0, hi].
func countRange(n, hi int) error {
	if n < 0 || n > hi {
		return newErr("", strconv.Itoa(n), ReasonRange, tx("out of range"), txf("give between 1 and %d, or leave blank for any", hi))
	}
	return nil
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

// optCount reads a count where 1..hi are accepted.
func optCount(name, raw string, hi int) (int, error) {
	n, err := ParseCount(name, raw)
	if err != nil {
		return 0, err
	}
	if n < 1 || n > hi {
		return 0, newErr(name, short(raw, maxEcho), ReasonRange, tx("out of range"), txf("give between 1 and %d, or leave blank for any", hi))
	}
	return n, nil
}

// Applicability predicates.
func notVRAM(a *Answers) bool   { return a.Workload != WorkloadVRAM }
func isVRAM(a *Answers) bool    { return a.Workload == WorkloadVRAM }
func inferOnly(a *Answers) bool { return a.Workload == WorkloadInference }
func trainOnly(a *Answers) bool { return a.Workload.Training() }
func wallClock(a *Answers) bool { return notVRAM(a) && a.DurationMode != DurationJob || isVRAM(a) }

// deadlineApplies reports whether a deadline is asked: for a job of a
// given size (a rented period has its length already).
func deadlineApplies(a *Answers) bool { return JobApplies(a) && a.DurationMode == DurationJob }

// JobApplies reports whether a job size is asked: always for training (the
// dataset), for inference only when the run is a job.
func JobApplies(a *Answers) bool {
	return trainOnly(a) || inferOnly(a) && a.DurationMode == DurationJob
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// registry is every answer, in the order they are applied.
var registry [answerCount]AnswerSpec

func init() {
	registry = [answerCount]AnswerSpec{
		AnsWorkload: {
			Name: "workload", Key: "workload", Usage: "what the GPUs do: " + FormsWorkload, Forms: FormsWorkload,
			Choices: strs(Workloads),
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.Workload, err = ParseWorkload(raw)
				return err
			},
			Format: func(a *Answers) string { return string(a.Workload) },
			check:  func(a *Answers) error { return oneOf(a.Workload, false, Workloads, FormsWorkload) },
		},
		AnsModel: {
			Name: "model", Key: "model", Forms: "a preset name (see gpupick models) or a size such as 70B",
			Usage:   "model preset, e.g. llama-3.1-8b, qwen2.5-72b, a Hugging Face id, or a size such as 70B (see gpupick models)",
			Applies: notVRAM,
			parse: func(raw string, a *Answers, env *AnswerEnv) error {
				if b, err := ParseParams(raw); err == nil {
					a.Model, a.ParamsB = "", b
					return nil
				}
				if env == nil {
					a.Model, a.ParamsB = strings.TrimSpace(raw), 0
					return nil
				}
				p, err := FindPreset(env.Models(), raw)
				if err != nil {
					return err
				}
				a.Model, a.ParamsB = p.Name, 0
				return nil
			},
			Format: func(a *Answers) string {
				if a.Model != "" {
					return a.Model
				}
				if a.ParamsB > 0 {
					return FormatParams(a.ParamsB)
				}
				return ""
			},
			check: func(a *Answers) error {
				if strings.ContainsFunc(a.Model, isControl) || len(a.Model) > 200 {
					return newErr("", short(a.Model, maxEcho), ReasonForm, tx("not a model name"), tx("run 'gpupick models' for the list"))
				}
				return nil
			},
		},
		AnsParams: {
			Name: "params", Key: "params_b", Forms: FormsParams,
			Usage:   "parameter count instead of --model, e.g. 70B, 7.5b, 405 billion",
			Applies: notVRAM,
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				b, err := ParseParams(raw)
				if err == nil {
					a.ParamsB, a.Model = b, ""
				}
				return err
			},
			Format: func(a *Answers) string {
				if a.ParamsB > 0 {
					return FormatParams(a.ParamsB)
				}
				return ""
			},
			check: func(a *Answers) error { return inRange(a.ParamsB, 0.001, 100000, "give between 0.001B and 100000B") },
		},
		AnsVRAM: {
			Name: "vram", Key: "known_vram_gib", Forms: FormsSize,
			Usage:   "GPU memory the job needs when you know it, e.g. 80GB (means --workload vram)",
			Applies: isVRAM,
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				v, err := ParseSize("vram", raw)
				if err != nil {
					return err
				}
				if v <= 0 {
					return newErr("", "", ReasonRange, tx("must be more than 0"), use(FormsSize))
				}
				a.KnownVRAMGiB = v
				return nil
			},
			Format:  func(a *Answers) string { return FormatSize(a.KnownVRAMGiB) },
			check:   func(a *Answers) error { return inRange(a.KnownVRAMGiB, 0.001, 1e7, "give a memory size such as 80GB") },
			implies: []implication{{AnsWorkload, func(a *Answers) { a.Workload = WorkloadVRAM }}},
		},
		AnsPrecision: {
			Name: "precision", Key: "precision", Forms: FormsPrecision, Usage: "number format of the weights: " + FormsPrecision,
			Choices: strs(Precisions), Applies: notVRAM,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.Precision, err = ParsePrecision(raw)
				return err
			},
			Format: func(a *Answers) string { return string(a.Precision) },
			check:  func(a *Answers) error { return oneOf(a.Precision, true, Precisions, FormsPrecision) },
		},
		AnsContext: {
			Name: "context", Key: "context", Forms: FormsContext + ", or blank for the model's default", Blank: BlankDefault,
			Usage:   "context (inference) or sequence length (training) in tokens, e.g. 8k, 128k; blank: 8k for serving (the model's maximum when shorter), 2k for training",
			Applies: notVRAM,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.Context, err = ParseContext(raw)
				return err
			},
			clear: func(a *Answers) { a.Context = 0 },
			Format: func(a *Answers) string {
				if a.Context <= 0 {
					return ""
				}
				return FormatContext(a.Context)
			},
			check: func(a *Answers) error {
				return inRange(float64(a.Context), 1, 100_000_000, "give a token count such as 8k or 128k")
			},
		},
		AnsBatch: {
			Name: "batch", Aliases: []string{"users"}, Key: "batch", Forms: FormsCount,
			Usage:   "concurrent users (inference) or sequences per GPU (training); also --users",
			Applies: notVRAM,
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				n, err := optCount("batch", raw, 1_000_000)
				if err == nil {
					a.Batch = n
				}
				return err
			},
			Format: func(a *Answers) string { return strconv.Itoa(max(a.Batch, 1)) },
			check: func(a *Answers) error {
				if a.Batch < 0 || a.Batch > 1_000_000 {
					return newErr("", strconv.Itoa(a.Batch), ReasonRange, tx("out of range"), tx("give between 1 and 1000000"))
				}
				return nil
			},
		},
		AnsLatency: {
			Name: "latency", Key: "latency", Forms: FormsLatency, Usage: "how fast answers come back: " + FormsLatency,
			Choices: strs(Latencies), Applies: inferOnly,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.Latency, err = ParseLatency(raw)
				return err
			},
			Format: func(a *Answers) string { return string(a.Latency) },
			check:  func(a *Answers) error { return oneOf(a.Latency, true, Latencies, FormsLatency) },
		},
		AnsDurationMode: {
			Name: "duration-mode", Key: "duration_mode", Forms: "wallclock or job",
			Usage:   "wallclock (rent for --duration) or job (a job of --tokens, priced to finish); set by --duration or --tokens",
			Choices: []string{string(DurationWallClock), string(DurationJob)}, Applies: notVRAM,
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				switch m := DurationMode(strings.ToLower(strings.TrimSpace(raw))); m {
				case DurationWallClock, DurationJob:
					a.DurationMode = m
					return nil
				}
				return newErr("", "", ReasonUnknown, tx("unknown duration mode"), use("wallclock or job"))
			},
			Format: func(a *Answers) string { return string(a.DurationMode) },
			check: func(a *Answers) error {
				return oneOf(a.DurationMode, true, []DurationMode{DurationWallClock, DurationJob}, "wallclock or job")
			},
		},
		AnsDuration: {
			Name: "duration", Key: "duration_hours", Forms: FormsDuration,
			Usage:   "wall-clock length of the run, e.g. 8h, 2w, 3mo (means a rented period, not a job)",
			Applies: wallClock,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.DurationHours, err = ParseDuration(raw)
				return err
			},
			Format: func(a *Answers) string {
				if a.DurationHours <= 0 {
					return ""
				}
				return FormatDuration(a.DurationHours)
			},
			check: func(a *Answers) error {
				return inRange(a.DurationHours, 1.0/60, HoursPerMonth*12*10, "give a duration from 1min to 10y")
			},
			implies: []implication{{AnsDurationMode, func(a *Answers) { a.DurationMode = DurationWallClock }}},
		},
		AnsHoursPerWeek: {
			Name: "hours-per-week", Key: "hours_per_week", Forms: FormsPerWeek,
			Usage:   "hours the GPUs run each week, e.g. 40, 8h/d, 24/7",
			Applies: wallClock,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.HoursPerWeek, err = ParseHoursPerWeek(raw)
				return err
			},
			Format: func(a *Answers) string {
				if a.HoursPerWeek <= 0 || a.HoursPerWeek >= HoursPerWeekFull {
					return "24/7"
				}
				return FormatNumber(a.HoursPerWeek)
			},
			check: func(a *Answers) error {
				return inRange(a.HoursPerWeek, 0.001, HoursPerWeekFull, "give more than 0 and at most 168 hours")
			},
		},
		AnsTokens: {
			Name: "tokens", Key: "job_tokens", Forms: FormsTokens, Blank: BlankNone,
			Usage:   "job size in tokens (train on, all epochs / generate), e.g. 2B; ranks by the cost to finish",
			Applies: JobApplies,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.JobTokens, err = ParseTokens(raw)
				return err
			},
			clear: func(a *Answers) { a.JobTokens = 0 },
			Format: func(a *Answers) string {
				if a.JobTokens <= 0 {
					return ""
				}
				return FormatCount(a.JobTokens)
			},
			check:   func(a *Answers) error { return inRange(a.JobTokens, 1, 1e16, "give between 1 and 10P tokens") },
			implies: []implication{{AnsDurationMode, func(a *Answers) { a.DurationMode = DurationJob }}},
		},
		AnsDeadline: {
			Name: "deadline", Key: "deadline_hours", Forms: FormsDeadline, Blank: BlankNone,
			Usage:   "calendar time the job must finish within, set-up included, e.g. 12h, 30d, 2w, 3mo (with --tokens); scales out over nodes with a cluster network when one node is too slow",
			Applies: deadlineApplies,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.DeadlineHours, err = ParseDeadline(raw)
				return err
			},
			clear:  func(a *Answers) { a.DeadlineHours = 0 },
			Format: func(a *Answers) string { return FormatDeadline(a.DeadlineHours) },
			check: func(a *Answers) error {
				return inRange(a.DeadlineHours, MinDeadlineHours, MaxDeadlineHours, "give a deadline from 1h to 5y, e.g. 30d, or leave it blank")
			},
		},
		AnsInterruptible: {
			Name: "interruptible", Key: "interruptible", Forms: "yes or no", Bool: true,
			Usage:   "the job checkpoints and may be interrupted (allows spot)",
			Choices: []string{"yes", "no"},
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.Interruptible, err = ParseYesNo("interruptible", raw)
				return err
			},
			Format: func(a *Answers) string { return FormatYesNo(a.Interruptible) },
		},
		AnsCurrency: {
			Name: "currency", Key: "currency", Forms: FormsCurrency, Usage: "display currency: USD or CNY",
			Choices: []string{string(USD), string(CNY)},
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.Currency, err = ParseCurrency(raw)
				return err
			},
			Format: func(a *Answers) string { return string(a.Currency) },
			check:  func(a *Answers) error { return oneOf(a.Currency, true, []Currency{USD, CNY}, FormsCurrency) },
		},
		AnsBudget: {
			Name: "budget", Key: "budget", Forms: FormsBudget, Blank: BlankNone,
			Usage: "spending cap, e.g. 2.5/h, 3000/mo, 500 (total), ¥20/h",
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.Budget, err = ParseBudget(raw, a.Currency)
				return err
			},
			clear:  func(a *Answers) { a.Budget = Budget{} },
			Format: func(a *Answers) string { return a.Budget.String() },
			check: func(a *Answers) error {
				if err := inRange(a.Budget.Amount, 1e-9, 1e12, "give a positive amount such as 2.5/h, 3000/mo or 500"); err != nil {
					return err
				}
				if a.Budget.Amount < 0 {
					return newErr("", echoNumber(a.Budget.Amount), ReasonRange, tx("negative budget"), tx("give a positive amount such as 2.5/h, 3000/mo or 500"))
				}
				if err := oneOf(a.Budget.Period, true, []BudgetPeriod{BudgetHourly, BudgetMonthly, BudgetTotal}, "hour, month or total"); err != nil {
					return err
				}
				return oneOf(a.Budget.Currency, true, []Currency{USD, CNY}, FormsCurrency)
			},
		},
		AnsGPU: {
			Name: "gpu", Key: "gpu", Forms: FormsGPU, Blank: BlankAny,
			Usage: "only this GPU, e.g. H100, A100-80GB, RTX4090",
			parse: func(raw string, a *Answers, env *AnswerEnv) error {
				q := strings.TrimSpace(raw)
				if env.known() && env.matchGPU != nil {
					ok := false
					for _, g := range env.gpuList() {
						if env.matchGPU(q, g) {
							ok = true
							break
						}
					}
					if !ok {
						e := newErr("", short(q, maxEcho), ReasonUnknown, tx("no offer has a GPU matching it"), tx("use a GPU name such as H100, A100-80GB or RTX4090 (gpupick catalog list shows them)"))
						e.Candidates = Closest(q, env.gpuList(), 3)
						return e
					}
				}
				a.GPU = q
				return nil
			},
			clear:  func(a *Answers) { a.GPU = "" },
			Format: func(a *Answers) string { return a.GPU },
			check: func(a *Answers) error {
				if strings.ContainsFunc(a.GPU, isControl) || len(a.GPU) > 200 {
					return newErr("", short(a.GPU, maxEcho), ReasonForm, tx("not a GPU name"), use(FormsGPU))
				}
				return nil
			},
		},
		AnsGPUs: {
			Name: "gpus", Key: "gpus", Forms: "a whole number from 1 to 1024, or blank for any", Blank: BlankAny,
			Usage: "GPUs per node",
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.GPUs, err = optCount("gpus", raw, 1024)
				return err
			},
			clear:  func(a *Answers) { a.GPUs = 0 },
			Format: func(a *Answers) string { return formatOptCount(a.GPUs) },
			check:  func(a *Answers) error { return countRange(a.GPUs, 1024) },
		},
		AnsNodes: {
			Name: "nodes", Key: "max_nodes", Forms: "a whole number from 1 to 4096, or blank for any", Blank: BlankAny,
			Usage: "most nodes to use",
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.MaxNodes, err = optCount("nodes", raw, 4096)
				return err
			},
			clear:  func(a *Answers) { a.MaxNodes = 0 },
			Format: func(a *Answers) string { return formatOptCount(a.MaxNodes) },
			check:  func(a *Answers) error { return countRange(a.MaxNodes, 4096) },
		},
		AnsProviders: {
			Name: "provider", Key: "providers", Forms: "provider keys separated by commas, e.g. aws, gcp, alibaba", Blank: BlankAny,
			Usage: "only these providers, comma-separated, e.g. aws,gcp,alibaba",
			parse: func(raw string, a *Answers, env *AnswerEnv) (err error) {
				a.Providers, err = env.providerList(raw)
				return err
			},
			clear:  func(a *Answers) { a.Providers = nil },
			Format: func(a *Answers) string { return strings.Join(a.Providers, ", ") },
			check:  func(a *Answers) error { return checkNames(a.Providers) },
		},
		AnsRegions: {
			Name: "region", Key: "regions", Forms: FormsRegion, Blank: BlankAny,
			Usage: "only these regions, comma-separated: a group (europe, us, cn), a country (de) or a region id or its start (us-east)",
			parse: func(raw string, a *Answers, env *AnswerEnv) (err error) {
				a.Regions, err = env.regionTerms(raw)
				return err
			},
			clear:  func(a *Answers) { a.Regions = nil },
			Format: func(a *Answers) string { return strings.Join(a.Regions, ", ") },
			check:  func(a *Answers) error { return checkNames(a.Regions) },
		},
		AnsData: {
			Name: "data", Key: "data_gb", Forms: FormsSize + ", or blank for none", Blank: BlankNone,
			Usage: "data and checkpoints stored during the run, e.g. 500GB",
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.DataGB, err = ParseSize("data", raw)
				return err
			},
			clear:  func(a *Answers) { a.DataGB = 0 },
			Format: func(a *Answers) string { return FormatSize(a.DataGB) },
			check:  func(a *Answers) error { return inRange(a.DataGB, 0, 1e9, "give a size from 0 to 1000PB") },
		},
		AnsEgress: {
			Name: "egress", Key: "egress_gb", Forms: FormsSize + ", or blank for none", Blank: BlankNone,
			Usage: "data sent to the internet over the run, e.g. 2TB",
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.EgressGB, err = ParseSize("egress", raw)
				return err
			},
			clear:  func(a *Answers) { a.EgressGB = 0 },
			Format: func(a *Answers) string { return FormatSize(a.EgressGB) },
			check:  func(a *Answers) error { return inRange(a.EgressGB, 0, 1e9, "give a size from 0 to 1000PB") },
		},
		AnsGradCheckpointing: {
			Name: "grad-checkpointing", Key: "grad_checkpointing", Forms: "yes or no", Bool: true,
			Usage:   "training recomputes activations to save memory (default yes; --grad-checkpointing=false turns it off)",
			Choices: []string{"yes", "no"}, Applies: trainOnly,
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.GradCheckpointing, err = ParseYesNo("grad-checkpointing", raw)
				return err
			},
			Format: func(a *Answers) string { return FormatYesNo(a.GradCheckpointing) },
		},
		AnsSharding: {
			Name: "sharding", Key: "sharding", Forms: "auto, none, zero1, zero2, zero3 or fsdp", Blank: BlankDefault,
			Usage:   "how multi-GPU training shards its state: auto (the advisor picks), none, zero1, zero2, zero3 or fsdp",
			Choices: Shardings, Applies: trainOnly,
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				s := strings.ToLower(strings.TrimSpace(raw))
				for _, v := range Shardings {
					if s == v {
						if s == "auto" {
							s = ""
						}
						a.Sharding = s
						return nil
					}
				}
				return newErr("", "", ReasonUnknown, tx("unknown sharding strategy"), use("auto, none, zero1, zero2, zero3 or fsdp"))
			},
			clear: func(a *Answers) { a.Sharding = "" },
			Format: func(a *Answers) string {
				if a.Sharding == "" {
					return "auto"
				}
				return a.Sharding
			},
			check: func(a *Answers) error {
				if a.Sharding == "auto" {
					return nil
				}
				return oneOf(a.Sharding, true, Shardings[1:], "auto, none, zero1, zero2, zero3 or fsdp")
			},
		},
		AnsHeadroom: {
			Name: "headroom", Key: "headroom_pct", Forms: FormsHeadroom, Blank: BlankDefault,
			Usage: "safety margin of spare GPU memory in percent (default 10%): offers below it are listed only when nothing else fits",
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.HeadroomPct, err = optCount("headroom", strings.TrimSuffix(strings.TrimSpace(raw), "%"), 90)
				return err
			},
			clear: func(a *Answers) { a.HeadroomPct = 0 },
			Format: func(a *Answers) string {
				if a.HeadroomPct <= 0 {
					return ""
				}
				return strconv.Itoa(a.HeadroomPct) + "%"
			},
			check: func(a *Answers) error { return countRange(a.HeadroomPct, 90) },
		},
		AnsCheckpointInterval: {
			Name: "checkpoint-interval", Key: "checkpoint_minutes", Forms: FormsCheckpoint, Blank: BlankDefault,
			Usage:   "how often an interruptible job saves a checkpoint (default 30min): the work lost to a spot interruption",
			Applies: func(a *Answers) bool { return a.Interruptible },
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.CheckpointMinutes, err = ParseCheckpointInterval(raw)
				return err
			},
			clear: func(a *Answers) { a.CheckpointMinutes = 0 },
			Format: func(a *Answers) string {
				if a.CheckpointMinutes <= 0 {
					return ""
				}
				return FormatNumber(a.CheckpointMinutes) + "min"
			},
			check: func(a *Answers) error {
				if a.CheckpointMinutes != 0 && !(a.CheckpointMinutes >= 1 && a.CheckpointMinutes <= MaxCheckpointMinutes) {
					return newErr("", FormatNumber(a.CheckpointMinutes), ReasonRange, tx("out of range"), tx("give between 1min and 24h, or leave blank for 30min"))
				}
				return nil
			},
		},
		AnsInterconnect: {
			Name: "interconnect", Key: "interconnect", Forms: FormsInterconnect, Blank: BlankAny,
			Usage:   "GPU-to-GPU link the instance must have: nvlink (NVSwitch also counts), nvswitch or any",
			Choices: []string{ReqAny, ReqNVLink, ReqNVSwitch},
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				return pickChoice(raw, &a.Interconnect, []string{ReqAny, ReqNVLink, ReqNVSwitch}, FormsInterconnect)
			},
			clear:  func(a *Answers) { a.Interconnect = "" },
			Format: func(a *Answers) string { return formatChoice(a.Interconnect) },
			check: func(a *Answers) error {
				return oneOf(a.Interconnect, true, []string{ReqAny, ReqNVLink, ReqNVSwitch}, FormsInterconnect)
			},
		},
		AnsHosting: {
			Name: "hosting", Key: "hosting", Forms: FormsHosting, Blank: BlankAny,
			Usage:   "datacenter (no marketplace or community hosts) or any",
			Choices: []string{ReqAny, ReqDatacenter},
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				return pickChoice(raw, &a.Hosting, []string{ReqAny, ReqDatacenter}, FormsHosting)
			},
			clear:  func(a *Answers) { a.Hosting = "" },
			Format: func(a *Answers) string { return formatChoice(a.Hosting) },
			check:  func(a *Answers) error { return oneOf(a.Hosting, true, []string{ReqAny, ReqDatacenter}, FormsHosting) },
		},
		AnsVCPU: {
			Name: "vcpu", Key: "vcpu", Forms: FormsVCPU, Blank: BlankAny,
			Usage:   "dedicated (host CPUs not shared with other tenants) or any",
			Choices: []string{ReqAny, ReqDedicated},
			parse: func(raw string, a *Answers, _ *AnswerEnv) error {
				return pickChoice(raw, &a.VCPU, []string{ReqAny, ReqDedicated}, FormsVCPU)
			},
			clear:  func(a *Answers) { a.VCPU = "" },
			Format: func(a *Answers) string { return formatChoice(a.VCPU) },
			check:  func(a *Answers) error { return oneOf(a.VCPU, true, []string{ReqAny, ReqDedicated}, FormsVCPU) },
		},
		AnsMinVCPUsPerGPU: {
			Name: "min-vcpus-per-gpu", Key: "min_vcpus_per_gpu", Forms: "a whole number from 1 to 256, or blank for any", Blank: BlankAny,
			Usage: "fewest host vCPUs per GPU",
			parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
				a.MinVCPUsPerGPU, err = optCount("min-vcpus-per-gpu", raw, 256)
				return err
			},
			clear:  func(a *Answers) { a.MinVCPUsPerGPU = 0 },
			Format: func(a *Answers) string { return formatOptCount(a.MinVCPUsPerGPU) },
			check:  func(a *Answers) error { return countRange(a.MinVCPUsPerGPU, 256) },
		},
		AnsExcludeProviders: {
			Name: "exclude-provider", Key: "exclude_providers", Forms: "provider keys separated by commas, e.g. vast, runpod", Blank: BlankNone,
			Usage: "never these providers, comma-separated, e.g. vast,runpod",
			parse: func(raw string, a *Answers, env *AnswerEnv) (err error) {
				a.ExcludeProviders, err = env.providerList(raw)
				return err
			},
			clear:  func(a *Answers) { a.ExcludeProviders = nil },
			Format: func(a *Answers) string { return strings.Join(a.ExcludeProviders, ", ") },
			check:  func(a *Answers) error { return checkNames(a.ExcludeProviders) },
		},
	}
	for i := range registry {
		registry[i].ID = AnswerID(i)
	}
}

// checkNames refuses list items that hold control characters or are too
// long to be names.
func checkNames(list []string) error {
	for _, s := range list {
		if s == "" || len(s) > 100 || strings.ContainsFunc(s, isControl) {
			return newErr("", short(s, maxEcho), ReasonForm, tx("not a name"), tx("use plain names separated by commas"))
		}
	}
	return nil
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

// Hard requirements: the values of the interconnect, hosting and vCPU
// answers ("" is any).
const (
	ReqAny        = "any"
	ReqNVLink     = "nvlink"
	ReqNVSwitch   = "nvswitch"
	ReqDatacenter = "datacenter"
	ReqDedicated  = "dedicated"
)

// Accepted forms of the hard requirements.
const (
	FormsCheckpoint   = "a time from 1min to 24h, e.g. 30min, 2h or 45 (minutes), or blank for 30min"
	FormsHeadroom     = "a whole percentage from 1 to 90, e.g. 10%, or blank for 10%"
	FormsInterconnect = "nvlink, nvswitch or any"
	FormsHosting      = "datacenter or any"
	FormsVCPU         = "dedicated or any"
)

// pickChoice reads one of the allowed values (case-insensitive) into v;
// "any" stores "".
func pickChoice(raw string, v *string, allowed []string, forms string) error {
	s := strings.ToLower(strings.TrimSpace(raw))
	for _, c := range allowed {
		if s == c {
			if s == ReqAny {
				s = ""
			}
			*v = s
			return nil
		}
	}
	return newErr("", "", ReasonUnknown, tx("not a known value"), use(forms))
}

// formatChoice writes a hard requirement ("any" for none).
func formatChoice(v string) string {
	if v == "" {
		return ReqAny
	}
	return v
}

// FormsRegion are the accepted forms of a region answer.
const FormsRegion = "region groups, country codes or region ids (or their start) separated by commas, e.g. europe, de, us-east"

// FormsGPU are the accepted forms of a GPU filter.
const FormsGPU = "a GPU name such as H100, A100-80GB or RTX4090, or blank for any"

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
