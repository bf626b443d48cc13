package ui

import (
	"errors"
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
	fGradCkpt
	fSharding
	fLatency
	fDurMode
	fDuration
	fPerWeek
	fGenTokens
	fDeadline
	fInterrupt
	fCheckpoint
	fCurrency
	fBudget
	fGPU
	fGPUs
	fNodes
	fProviders
	fRegions
	fDataGB
	fEgressGB
	fHeadroom
	fInterconnect
	fHosting
	fVCPU
	fMinVCPUs
	fExclude
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

// fieldDef defines one question: the answer of the registry it sets (which
// parses, formats and says where it applies), how it is asked, and where
// the wizard narrows it further (the users and the micro-batch are one
// answer, asked with two labels).
type fieldDef struct {
	ans     model.AnswerID
	kind    fieldKind
	label   msg
	forms   msg // accepted forms of a text answer
	options []option
	// when narrows where the question is asked (nil: wherever the answer
	// applies).
	when func(a *model.Answers) bool
}

// spec is the question's answer in the registry.
func (d *fieldDef) spec() *model.AnswerSpec { return model.Spec(d.ans) }

// format writes the raw text of the question from answers.
func (d *fieldDef) format(a *model.Answers) string { return d.spec().Format(a) }

// apply reads raw text into the answers, or returns why it cannot.
func (d *fieldDef) apply(raw string, a *model.Answers, e *env) error {
	return d.spec().Parse(raw, a, e)
}

// applies reports whether the question is asked for these answers.
func (d *fieldDef) applies(a *model.Answers) bool {
	return d.spec().AppliesTo(a) && (d.when == nil || d.when(a))
}

// stepID names one page of the questionnaire.
type stepID int

// The steps, in the order they are asked.
const (
	stepWorkload stepID = iota
	stepModel
	stepPrecision
	stepLoad
	stepLatency
	stepDuration
	stepInterrupt
	stepBudget
	stepScale
	stepData
)

// stepDef is one page of the questionnaire: its questions, its title and
// hint (worded for the answers where that differs) and the one line that
// sums its answers up in the step list.
type stepDef struct {
	id          stepID
	title, hint msg
	fields      []fieldID
	// titleFor and hintFor word the step for the answers (nil: title and
	// hint as they are).
	titleFor, hintFor func(a *model.Answers) msg
	// summary is the step's answers in one line (the form has checked
	// that they parse).
	summary func(f *form, t tr) string
}

// steps is the questionnaire, in order; steps[i].id == stepID(i).
var steps = []stepDef{
	{id: stepWorkload, title: mStepWorkload, hint: mHintWorkload, fields: []fieldID{fWorkload}, summary: sumWorkload},
	{id: stepModel, title: mStepModel, hint: mHintModel, fields: []fieldID{fModel, fVRAM}, summary: sumModel,
		titleFor: func(a *model.Answers) msg { return pick(a.Workload == model.WorkloadVRAM, mStepVRAM, mStepModel) },
		hintFor:  func(a *model.Answers) msg { return pick(a.Workload == model.WorkloadVRAM, mHintVRAM, mHintModel) }},
	{id: stepPrecision, title: mStepPrecision, hint: mHintPrecision, fields: []fieldID{fPrecision}, summary: sumPrecision},
	{id: stepLoad, title: mStepLoad, hint: mHintLoad, fields: []fieldID{fContext, fUsers, fMicroBatch, fDataset, fGradCkpt, fSharding}, summary: sumLoad,
		hintFor: func(a *model.Answers) msg { return pick(a.Workload.Training(), mHintLoadTraining, mHintLoad) }},
	{id: stepLatency, title: mStepLatency, hint: mHintLatency, fields: []fieldID{fLatency}, summary: sumLatency},
	{id: stepDuration, title: mStepDuration, hint: mHintDuration, fields: []fieldID{fDurMode, fDuration, fPerWeek, fGenTokens, fDeadline}, summary: sumDuration},
	{id: stepInterrupt, title: mStepInterrupt, hint: mHintInterrupt, fields: []fieldID{fInterrupt, fCheckpoint}, summary: sumInterrupt},
	{id: stepBudget, title: mStepBudget, hint: mHintBudget, fields: []fieldID{fBudget}, summary: sumBudget},
	{id: stepScale, title: mStepScale, hint: mHintScale, fields: []fieldID{fGPU, fGPUs, fNodes, fProviders, fRegions, fCurrency, fHeadroom, fInterconnect, fHosting, fVCPU, fMinVCPUs, fExclude}, summary: sumScale},
	{id: stepData, title: mStepData, hint: mHintData, fields: []fieldID{fDataGB, fEgressGB}, summary: sumData},
}

// pick is a when true, else b.
func pick(cond bool, a, b msg) msg {
	if cond {
		return a
	}
	return b
}

// env is what the parsers need to know about the catalog.
type env = model.AnswerEnv

// newEnv indexes the catalog once.
func newEnv(cat *model.Catalog) *env { return model.NewAnswerEnv(cat, advisor.MatchGPU) }

func training(a *model.Answers) bool  { return a.Workload.Training() }
func inference(a *model.Answers) bool { return a.Workload == model.WorkloadInference }

// defs holds every question.
var defs = [fieldCount]fieldDef{
	fWorkload: {
		ans: model.AnsWorkload, kind: kindChoice, label: mFieldWorkload,
		options: []option{
			{string(model.WorkloadInference), 0, mOptInferenceHint},
			{string(model.WorkloadFineTune), 0, mOptFineTuneHint},
			{string(model.WorkloadLoRA), 0, mOptLoRAHint},
			{string(model.WorkloadQLoRA), 0, mOptQLoRAHint},
			{string(model.WorkloadPretrain), 0, mOptPretrainHint},
			{string(model.WorkloadVRAM), mOptVRAM, mOptVRAMHint},
		},
	},
	fModel: {ans: model.AnsModel, kind: kindPreset, label: mFieldModel, forms: mFormsParamsPreset},
	fVRAM:  {ans: model.AnsVRAM, kind: kindText, label: mFieldVRAM, forms: mFormsSize},
	fPrecision: {
		ans: model.AnsPrecision, kind: kindChoice, label: mFieldPrecision,
		options: []option{
			{string(model.FP32), 0, mOptFP32Hint},
			{string(model.BF16), 0, mOptBF16Hint},
			{string(model.FP16), 0, mOptFP16Hint},
			{string(model.FP8), 0, mOptFP8Hint},
			{string(model.INT8), 0, mOptINT8Hint},
			{string(model.INT4), 0, mOptINT4Hint},
		},
	},
	fContext:    {ans: model.AnsContext, kind: kindText, label: mFieldContext, forms: mFormsContext},
	fUsers:      {ans: model.AnsBatch, kind: kindText, label: mFieldUsers, forms: mFormsCount, when: inference},
	fMicroBatch: {ans: model.AnsBatch, kind: kindText, label: mFieldMicroBatch, forms: mFormsCount, when: training},
	fDataset:    {ans: model.AnsTokens, kind: kindText, label: mFieldDataset, forms: mFormsTokens, when: training},
	fGradCkpt: {
		ans: model.AnsGradCheckpointing, kind: kindChoice, label: mFieldGradCkpt,
		options: []option{{"yes", mOptYes, mOptGradCkptYesHint}, {"no", mOptNo, mOptGradCkptNoHint}},
	},
	fSharding: {
		ans: model.AnsSharding, kind: kindChoice, label: mFieldSharding,
		options: []option{
			{"auto", mOptShardAuto, mOptShardAutoHint},
			{"none", mOptShardNone, mOptShardNoneHint},
			{"zero1", 0, mOptShardZero1Hint},
			{"zero2", 0, mOptShardZero2Hint},
			{"zero3", 0, mOptShardZero3Hint},
			{"fsdp", 0, mOptShardFSDPHint},
		},
	},
	fLatency: {
		ans: model.AnsLatency, kind: kindChoice, label: mFieldLatency,
		options: []option{
			{string(model.LatencyRealtime), 0, mOptRealtimeHint},
			{string(model.LatencyInteractive), 0, mOptInteractiveHint},
			{string(model.LatencyBatch), 0, mOptBatchHint},
		},
	},
	fDurMode: {
		ans: model.AnsDurationMode, kind: kindChoice, label: mFieldDurMode,
		options: []option{
			{string(model.DurationWallClock), mOptWallClock, mOptWallClockHint},
			{string(model.DurationJob), mOptJob, mOptJobHint},
		},
	},
	fDuration:  {ans: model.AnsDuration, kind: kindText, label: mFieldDuration, forms: mFormsDuration},
	fPerWeek:   {ans: model.AnsHoursPerWeek, kind: kindText, label: mFieldPerWeek, forms: mFormsPerWeek},
	fGenTokens: {ans: model.AnsTokens, kind: kindText, label: mFieldGenTokens, forms: mFormsTokens, when: inference},
	fDeadline:  {ans: model.AnsDeadline, kind: kindText, label: mFieldDeadline, forms: mFormsDeadline},
	fInterrupt: {
		ans: model.AnsInterruptible, kind: kindChoice, label: mFieldInterrupt,
		options: []option{
			{"yes", mOptYesCheckpoint, mOptYesCheckpointHint},
			{"no", mOptNoCheckpoint, mOptNoCheckpointHint},
		},
	},
	fCurrency: {
		ans: model.AnsCurrency, kind: kindChoice, label: mFieldCurrency,
		options: []option{{string(model.USD), mOptUSD, 0}, {string(model.CNY), mOptCNY, 0}},
	},
	fBudget:     {ans: model.AnsBudget, kind: kindText, label: mFieldBudget, forms: mFormsBudget},
	fGPU:        {ans: model.AnsGPU, kind: kindText, label: mFieldGPU, forms: mFormsGPU},
	fGPUs:       {ans: model.AnsGPUs, kind: kindText, label: mFieldGPUs, forms: mFormsCountAny},
	fNodes:      {ans: model.AnsNodes, kind: kindText, label: mFieldNodes, forms: mFormsCountAny},
	fProviders:  {ans: model.AnsProviders, kind: kindText, label: mFieldProviders, forms: mFormsProviders},
	fRegions:    {ans: model.AnsRegions, kind: kindText, label: mFieldRegions, forms: mFormsRegions},
	fDataGB:     {ans: model.AnsData, kind: kindText, label: mFieldDataGB, forms: mFormsSizeOptional},
	fEgressGB:   {ans: model.AnsEgress, kind: kindText, label: mFieldEgressGB, forms: mFormsSizeOptional},
	fHeadroom:   {ans: model.AnsHeadroom, kind: kindText, label: mFieldHeadroom, forms: mFormsHeadroom},
	fCheckpoint: {ans: model.AnsCheckpointInterval, kind: kindText, label: mFieldCheckpoint, forms: mFormsCheckpoint},
	fInterconnect: {
		ans: model.AnsInterconnect, kind: kindChoice, label: mFieldInterconnect,
		options: []option{
			{model.ReqAny, mOptAny, 0},
			{model.ReqNVLink, mOptNVLink, mOptNVLinkHint},
			{model.ReqNVSwitch, mOptNVSwitch, mOptNVSwitchHint},
		},
	},
	fHosting: {
		ans: model.AnsHosting, kind: kindChoice, label: mFieldHosting,
		options: []option{{model.ReqAny, mOptAny, 0}, {model.ReqDatacenter, mOptDatacenter, mOptDatacenterHint}},
	},
	fVCPU: {
		ans: model.AnsVCPU, kind: kindChoice, label: mFieldVCPU,
		options: []option{{model.ReqAny, mOptAny, 0}, {model.ReqDedicated, mOptDedicated, mOptDedicatedHint}},
	},
	fMinVCPUs: {ans: model.AnsMinVCPUsPerGPU, kind: kindText, label: mFieldMinVCPUs, forms: mFormsCountAny},
	fExclude:  {ans: model.AnsExcludeProviders, kind: kindText, label: mFieldExclude, forms: mFormsExclude},
}

// errNeedJob is the form's own check: a job needs its size.
var errNeedJob = &model.FieldError{Field: "tokens", Reason: model.ReasonMissing, Msg: "a job needs a size"}

// errorText words a validation error in the UI's language from its typed
// reason; the candidates are listed as they are (names are not translated).
// In Chinese an error without a wording of the wizard's own is model's
// Chinese message and fix (zhDetail).
func (t tr) errorText(err error) string {
	var fe *model.FieldError
	if err == nil {
		return ""
	}
	if !errors.As(err, &fe) {
		return t.s(mInvalid)
	}
	val := fe.Value
	list := strings.Join(fe.Candidates, ", ")
	quoted := make([]string, len(fe.Candidates))
	for i, c := range fe.Candidates {
		quoted[i] = strconv.Quote(c)
	}
	switch fe.Reason {
	case model.ReasonAmbiguous:
		return t.f(mAmbiguous, len(fe.Candidates), list)
	case model.ReasonUnknown:
		var s string
		switch fe.Field {
		case "model":
			s = t.s(mNoModelMatch)
		case "gpu":
			s = t.f(mUnknownGPU, val)
		case "provider", "exclude-provider":
			s = t.f(mUnknownProvider, val, strings.Join(fe.Allowed, ", "))
		case "region":
			s = t.f(mUnknownRegion, val)
		default:
			s = t.zhDetail(fe, mInvalid)
		}
		if list != "" && fe.Field != "provider" && fe.Field != "exclude-provider" {
			s += t.s(mSemicolon) + t.f(mDidYouMean, strings.Join(quoted, ", "))
		}
		return s
	case model.ReasonMissing:
		if fe.Field == "tokens" {
			return t.s(mNeedJobSize)
		}
		return t.zhDetail(fe, mNeedAnswer)
	case model.ReasonRange:
		if t.zh() {
			return t.zhDetail(fe, mOutOfRange)
		}
		return fe.Msg + " (" + fe.Fix + ")"
	case model.ReasonNotFinite:
		return t.zhDetail(fe, mNotFinite)
	}
	if t.zh() {
		return t.zhDetail(fe, mInvalid)
	}
	return fe.Msg
}

// zhDetail is, in Chinese, model's Chinese message and fix of fe
// (its range error and the range to give, say); in English, or when
// model gave fe no Chinese (an error built outside model), the text of
// generic.
func (t tr) zhDetail(fe *model.FieldError, generic msg) string {
	if !t.zh() || fe.MsgZH == "" {
		return t.s(generic)
	}
	return fe.Detail(true)
}

// matchGPU reports whether a GPU filter matches a GPU name, the way the
// advisor filters.
func matchGPU(query, name string) bool {
	return strings.TrimSpace(query) != "" && advisor.MatchGPU(query, name)
}
