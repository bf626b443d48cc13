package ui

import (
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// fieldID names one question of the wizard.
type fieldID int

// The questions, in the order their answers are applied (workload first,
// because the others depend on it; currency before budget).
const (
	fWorkload fieldID = iota
	fModel
	fVRAM
	fPrecision
	fContext
	fUsers
	fMicroBatch
	fDataset
	fLatency
	fDurMode
	fDuration
	fPerWeek
	fGenTokens
	fInterrupt
	fCurrency
	fBudget
	fGPU
	fGPUs
	fNodes
	fProviders
	fRegions
	fDataGB
	fEgressGB
	fieldCount
)

// fieldKind says how a question is answered.
type fieldKind int

const (
	kindChoice fieldKind = iota // pick one of a few options
	kindText                    // free text read by a parser
	kindPreset                  // free text with a filtered list of model presets
)

// option is one answer of a choice question.
type option struct {
	value       string
	label, hint msg
}

// fieldDef defines one question: how it is asked, when it applies, how its
// raw text is read into the answers and written back from them.
type fieldDef struct {
	kind    fieldKind
	label   msg
	forms   msg // accepted forms of a text answer
	options []option
	// applies reports whether the question is asked for these answers
	// (nil: always).
	applies func(a *model.Answers) bool
	// format writes the raw text of the question from answers.
	format func(a *model.Answers) string
	// apply reads raw text into the answers, or returns why it cannot.
	apply func(raw string, a *model.Answers, e *env) error
}

// stepDef is one page of the questionnaire.
type stepDef struct {
	title, hint msg
	fields      []fieldID
}

// steps is the questionnaire, in order.
var steps = []stepDef{
	{mStepWorkload, mHintWorkload, []fieldID{fWorkload}},
	{mStepModel, mHintModel, []fieldID{fModel, fVRAM}},
	{mStepPrecision, mHintPrecision, []fieldID{fPrecision}},
	{mStepLoad, mHintLoad, []fieldID{fContext, fUsers, fMicroBatch, fDataset}},
	{mStepLatency, mHintLatency, []fieldID{fLatency}},
	{mStepDuration, mHintDuration, []fieldID{fDurMode, fDuration, fPerWeek, fGenTokens}},
	{mStepInterrupt, mHintInterrupt, []fieldID{fInterrupt}},
	{mStepBudget, mHintBudget, []fieldID{fBudget}},
	{mStepScale, mHintScale, []fieldID{fGPU, fGPUs, fNodes, fProviders, fRegions, fCurrency}},
	{mStepData, mHintData, []fieldID{fDataGB, fEgressGB}},
}

// env is what the parsers need to know about the catalog: its presets and
// the providers, regions and GPUs its offers name.
type env struct {
	cat          *model.Catalog
	providers    map[string]bool
	providerList string
	regions      map[string]bool
	gpus         []string
}

// newEnv indexes the catalog once.
func newEnv(cat *model.Catalog) *env {
	e := &env{cat: cat, providers: map[string]bool{}, regions: map[string]bool{}}
	if cat == nil {
		return e
	}
	gpus := map[string]bool{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		e.providers[o.Provider] = true
		for _, r := range o.Regions {
			e.regions[strings.ToLower(r)] = true
		}
		if o.GPU != "" {
			gpus[o.GPU] = true
		}
	}
	for p := range cat.Policies {
		e.providers[p] = true
	}
	names := make([]string, 0, len(e.providers))
	for p := range e.providers {
		names = append(names, p)
	}
	sort.Strings(names)
	e.providerList = strings.Join(names, ", ")
	for g := range gpus {
		e.gpus = append(e.gpus, g)
	}
	sort.Strings(e.gpus)
	return e
}

// presets returns the catalog's model presets.
func (e *env) presets() []model.ModelPreset {
	if e.cat == nil {
		return nil
	}
	return e.cat.Models
}

// matchGPU reports whether a GPU filter matches a GPU name, the way the
// advisor filters.
func matchGPU(query, name string) bool {
	return strings.TrimSpace(query) != "" && advisor.MatchGPU(query, name)
}

// uiError is a validation message already in the UI's language.
type uiError struct{ text string }

func (e *uiError) Error() string { return e.text }

func training(a *model.Answers) bool  { return a.Workload.Training() }
func inference(a *model.Answers) bool { return a.Workload == model.WorkloadInference }
func notVRAM(a *model.Answers) bool   { return a.Workload != model.WorkloadVRAM }
func wallClock(a *model.Answers) bool { return a.DurationMode != model.DurationJob }

// splitList splits "aws, lambda gcp" into its lower-case items.
func splitList(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ',' || r == ' ' || r == ';' || r == '，' })
	if len(f) == 0 {
		return nil
	}
	return f
}

// optionalCount reads a count where blank means 0 (any).
func optionalCount(field, raw string, max int) (int, error) {
	if strings.TrimSpace(raw) == "" {
		return 0, nil
	}
	n, err := model.ParseCount(field, raw)
	if err != nil {
		return 0, err
	}
	if n < 1 || n > max {
		return 0, &model.FieldError{Field: field, Value: raw, Msg: "out of range", Fix: "give between 1 and " + strconv.Itoa(max)}
	}
	return n, nil
}

// optionalSize reads a size where blank means 0.
func optionalSize(field, raw string) (float64, error) {
	if strings.TrimSpace(raw) == "" {
		return 0, nil
	}
	return model.ParseSize(field, raw)
}

func formatSize(gb float64) string {
	if gb <= 0 {
		return ""
	}
	if gb >= 1000 && gb == float64(int64(gb/1000))*1000 {
		return model.FormatNumber(gb/1000) + "TB"
	}
	return model.FormatNumber(gb) + "GB"
}

func formatOptCount(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// defs holds every question.
var defs = [fieldCount]fieldDef{
	fWorkload: {
		kind:  kindChoice,
		label: mFieldWorkload,
		options: []option{
			{string(model.WorkloadInference), mOptInference, mOptInferenceHint},
			{string(model.WorkloadFineTune), mOptFineTune, mOptFineTuneHint},
			{string(model.WorkloadLoRA), mOptLoRA, mOptLoRAHint},
			{string(model.WorkloadQLoRA), mOptQLoRA, mOptQLoRAHint},
			{string(model.WorkloadPretrain), mOptPretrain, mOptPretrainHint},
			{string(model.WorkloadVRAM), mOptVRAM, mOptVRAMHint},
		},
		format: func(a *model.Answers) string { return string(a.Workload) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			w, err := model.ParseWorkload(raw)
			if err != nil {
				return err
			}
			a.Workload = w
			return nil
		},
	},
	fModel: {
		kind:    kindPreset,
		label:   mFieldModel,
		forms:   mFormsParamsPreset,
		applies: notVRAM,
		format: func(a *model.Answers) string {
			if a.Model != "" {
				return a.Model
			}
			if a.ParamsB > 0 {
				return model.FormatParams(a.ParamsB)
			}
			return ""
		},
		apply: func(raw string, a *model.Answers, e *env) error {
			if b, err := model.ParseParams(raw); err == nil {
				a.Model, a.ParamsB = "", b
				return nil
			}
			p, err := model.FindPreset(e.presets(), raw)
			if err != nil {
				return err
			}
			a.Model, a.ParamsB = p.Name, 0
			return nil
		},
	},
	fVRAM: {
		kind:    kindText,
		label:   mFieldVRAM,
		forms:   mFormsSize,
		applies: func(a *model.Answers) bool { return a.Workload == model.WorkloadVRAM },
		format:  func(a *model.Answers) string { return formatSize(a.KnownVRAMGiB) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			v, err := model.ParseSize("vram", raw)
			if err != nil {
				return err
			}
			if v <= 0 {
				return &model.FieldError{Field: "vram", Value: raw, Msg: "must be more than 0", Fix: "use " + model.FormsSize}
			}
			a.KnownVRAMGiB = v
			return nil
		},
	},
	fPrecision: {
		kind:  kindChoice,
		label: mFieldPrecision,
		options: []option{
			{string(model.FP32), 0, mOptFP32Hint},
			{string(model.BF16), 0, mOptBF16Hint},
			{string(model.FP16), 0, mOptFP16Hint},
			{string(model.FP8), 0, mOptFP8Hint},
			{string(model.INT8), 0, mOptINT8Hint},
			{string(model.INT4), 0, mOptINT4Hint},
		},
		applies: notVRAM,
		format:  func(a *model.Answers) string { return string(a.Precision) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			p, err := model.ParsePrecision(raw)
			a.Precision = orDefault(p, a.Precision, err)
			return err
		},
	},
	fContext: {
		kind:    kindText,
		label:   mFieldContext,
		forms:   mFormsContext,
		applies: notVRAM,
		format:  func(a *model.Answers) string { return model.FormatContext(a.Context) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			n, err := model.ParseContext(raw)
			if err == nil {
				a.Context = n
			}
			return err
		},
	},
	fUsers: {
		kind:    kindText,
		label:   mFieldUsers,
		forms:   mFormsCount,
		applies: inference,
		format:  func(a *model.Answers) string { return strconv.Itoa(max(a.Batch, 1)) },
		apply:   applyBatch("users"),
	},
	fMicroBatch: {
		kind:    kindText,
		label:   mFieldMicroBatch,
		forms:   mFormsCount,
		applies: training,
		format:  func(a *model.Answers) string { return strconv.Itoa(max(a.Batch, 1)) },
		apply:   applyBatch("batch"),
	},
	fDataset: {
		kind:    kindText,
		label:   mFieldDataset,
		forms:   mFormsTokens,
		applies: training,
		format:  formatTokens,
		apply:   applyTokens,
	},
	fLatency: {
		kind:  kindChoice,
		label: mFieldLatency,
		options: []option{
			{string(model.LatencyRealtime), mOptRealtime, mOptRealtimeHint},
			{string(model.LatencyInteractive), mOptInteractive, mOptInteractiveHint},
			{string(model.LatencyBatch), mOptBatch, mOptBatchHint},
		},
		applies: inference,
		format:  func(a *model.Answers) string { return string(a.Latency) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			l, err := model.ParseLatency(raw)
			if err == nil {
				a.Latency = l
			}
			return err
		},
	},
	fDurMode: {
		kind:  kindChoice,
		label: mFieldDurMode,
		options: []option{
			{string(model.DurationWallClock), mOptWallClock, mOptWallClockHint},
			{string(model.DurationJob), mOptJob, mOptJobHint},
		},
		applies: notVRAM,
		format:  func(a *model.Answers) string { return string(a.DurationMode) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			switch model.DurationMode(raw) {
			case model.DurationWallClock, model.DurationJob:
				a.DurationMode = model.DurationMode(raw)
				return nil
			}
			return &model.FieldError{Field: "duration_mode", Value: raw, Msg: "unknown duration mode", Fix: "use wallclock or job"}
		},
	},
	fDuration: {
		kind:    kindText,
		label:   mFieldDuration,
		forms:   mFormsDuration,
		applies: wallClock,
		format: func(a *model.Answers) string {
			if a.DurationHours <= 0 {
				return ""
			}
			return model.FormatDuration(a.DurationHours)
		},
		apply: func(raw string, a *model.Answers, _ *env) error {
			h, err := model.ParseDuration(raw)
			if err == nil {
				a.DurationHours = h
			}
			return err
		},
	},
	fPerWeek: {
		kind:    kindText,
		label:   mFieldPerWeek,
		forms:   mFormsPerWeek,
		applies: wallClock,
		format: func(a *model.Answers) string {
			if a.HoursPerWeek <= 0 || a.HoursPerWeek >= model.HoursPerWeekFull {
				return "24/7"
			}
			return model.FormatNumber(a.HoursPerWeek)
		},
		apply: func(raw string, a *model.Answers, _ *env) error {
			h, err := model.ParseHoursPerWeek(raw)
			if err == nil {
				a.HoursPerWeek = h
			}
			return err
		},
	},
	fGenTokens: {
		kind:    kindText,
		label:   mFieldGenTokens,
		forms:   mFormsTokens,
		applies: func(a *model.Answers) bool { return inference(a) && a.DurationMode == model.DurationJob },
		format:  formatTokens,
		apply:   applyTokens,
	},
	fInterrupt: {
		kind:  kindChoice,
		label: mFieldInterrupt,
		options: []option{
			{"yes", mOptYesCheckpoint, mOptYesCheckpointHint},
			{"no", mOptNoCheckpoint, mOptNoCheckpointHint},
		},
		format: func(a *model.Answers) string {
			if a.Interruptible {
				return "yes"
			}
			return "no"
		},
		apply: func(raw string, a *model.Answers, _ *env) error {
			switch strings.ToLower(strings.TrimSpace(raw)) {
			case "yes", "y", "true":
				a.Interruptible = true
			case "no", "n", "false":
				a.Interruptible = false
			default:
				return &model.FieldError{Field: "interruptible", Value: raw, Msg: "not yes or no", Fix: "use yes or no"}
			}
			return nil
		},
	},
	fCurrency: {
		kind:  kindChoice,
		label: mFieldCurrency,
		options: []option{
			{string(model.USD), mOptUSD, 0},
			{string(model.CNY), mOptCNY, 0},
		},
		format: func(a *model.Answers) string { return string(a.Currency) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			c, err := model.ParseCurrency(raw)
			if err == nil {
				a.Currency = c
			}
			return err
		},
	},
	fBudget: {
		kind:   kindText,
		label:  mFieldBudget,
		forms:  mFormsBudget,
		format: func(a *model.Answers) string { return a.Budget.String() },
		apply: func(raw string, a *model.Answers, _ *env) error {
			if strings.TrimSpace(raw) == "" {
				a.Budget = model.Budget{}
				return nil
			}
			b, err := model.ParseBudget(raw, a.Currency)
			if err == nil {
				a.Budget = b
			}
			return err
		},
	},
	fGPU: {
		kind:   kindText,
		label:  mFieldGPU,
		forms:  mFormsGPU,
		format: func(a *model.Answers) string { return a.GPU },
		apply: func(raw string, a *model.Answers, e *env) error {
			q := strings.TrimSpace(raw)
			if q == "" {
				a.GPU = ""
				return nil
			}
			for _, g := range e.gpus {
				if matchGPU(q, g) {
					a.GPU = q
					return nil
				}
			}
			return &gpuError{q}
		},
	},
	fGPUs: {
		kind:   kindText,
		label:  mFieldGPUs,
		forms:  mFormsCountAny,
		format: func(a *model.Answers) string { return formatOptCount(a.GPUs) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			n, err := optionalCount("gpus", raw, 1024)
			if err == nil {
				a.GPUs = n
			}
			return err
		},
	},
	fNodes: {
		kind:   kindText,
		label:  mFieldNodes,
		forms:  mFormsCountAny,
		format: func(a *model.Answers) string { return formatOptCount(a.MaxNodes) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			n, err := optionalCount("nodes", raw, 4096)
			if err == nil {
				a.MaxNodes = n
			}
			return err
		},
	},
	fProviders: {
		kind:   kindText,
		label:  mFieldProviders,
		forms:  mFormsProviders,
		format: func(a *model.Answers) string { return strings.Join(a.Providers, ", ") },
		apply: func(raw string, a *model.Answers, e *env) error {
			list := splitList(raw)
			for _, p := range list {
				if !e.providers[p] {
					return &providerError{p, e.providerList}
				}
			}
			a.Providers = list
			return nil
		},
	},
	fRegions: {
		kind:   kindText,
		label:  mFieldRegions,
		forms:  mFormsRegions,
		format: func(a *model.Answers) string { return strings.Join(a.Regions, ", ") },
		apply: func(raw string, a *model.Answers, e *env) error {
			list := splitList(raw)
			for _, r := range list {
				if !e.regions[r] {
					return &regionError{r}
				}
			}
			a.Regions = list
			return nil
		},
	},
	fDataGB: {
		kind:   kindText,
		label:  mFieldDataGB,
		forms:  mFormsSizeOptional,
		format: func(a *model.Answers) string { return formatSize(a.DataGB) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			v, err := optionalSize("data", raw)
			if err == nil {
				a.DataGB = v
			}
			return err
		},
	},
	fEgressGB: {
		kind:   kindText,
		label:  mFieldEgressGB,
		forms:  mFormsSizeOptional,
		format: func(a *model.Answers) string { return formatSize(a.EgressGB) },
		apply: func(raw string, a *model.Answers, _ *env) error {
			v, err := optionalSize("egress", raw)
			if err == nil {
				a.EgressGB = v
			}
			return err
		},
	},
}

// orDefault keeps the old value when parsing failed.
func orDefault[T comparable](v, old T, err error) T {
	if err != nil {
		return old
	}
	return v
}

func applyBatch(field string) func(string, *model.Answers, *env) error {
	return func(raw string, a *model.Answers, _ *env) error {
		n, err := model.ParseCount(field, raw)
		if err != nil {
			return err
		}
		if n < 1 {
			return errAtLeastOne
		}
		a.Batch = n
		return nil
	}
}

func formatTokens(a *model.Answers) string {
	if a.JobTokens <= 0 {
		return ""
	}
	return model.FormatCount(a.JobTokens)
}

func applyTokens(raw string, a *model.Answers, _ *env) error {
	if strings.TrimSpace(raw) == "" {
		a.JobTokens = 0
		return nil
	}
	t, err := model.ParseTokens(raw)
	if err == nil {
		a.JobTokens = t
	}
	return err
}

// Errors that carry their arguments, so the UI can word them in either
// language.
var (
	errAtLeastOne = errors.New("must be at least 1")
	errNeedJob    = errors.New("a job needs a size")
)

type gpuError struct{ query string }

func (e *gpuError) Error() string { return "no offer has a GPU matching " + strconv.Quote(e.query) }

type providerError struct{ name, known string }

func (e *providerError) Error() string {
	return "unknown provider " + strconv.Quote(e.name) + "; known: " + e.known
}

type regionError struct{ name string }

func (e *regionError) Error() string { return "no offer in region " + strconv.Quote(e.name) }

// errorText words a validation error in the UI's language.
func (t tr) errorText(err error) string {
	var fe *model.FieldError
	var ge *gpuError
	var pe *providerError
	var re *regionError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ge):
		return t.f(mUnknownGPU, ge.query)
	case errors.As(err, &pe):
		return t.f(mUnknownProvider, pe.name, pe.known)
	case errors.As(err, &re):
		return t.f(mUnknownRegion, re.name)
	case errors.Is(err, errAtLeastOne):
		return t.s(mAtLeastOne)
	case errors.Is(err, errNeedJob):
		return t.s(mNeedJobSize)
	case errors.As(err, &fe):
		if fe.Field == "model" {
			if strings.HasPrefix(fe.Msg, "ambiguous") {
				if t.zh {
					return "匹配到多个预设：" + strings.TrimPrefix(fe.Msg, "ambiguous: matches ")
				}
				return fe.Msg
			}
			return t.s(mNoModelMatch)
		}
		if t.zh {
			return t.s(mInvalid)
		}
		return fe.Msg
	}
	if t.zh {
		return t.s(mInvalid)
	}
	return err.Error()
}
