package ui

import (
	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// The words of the wizard's questions and pages. Which questions there are,
// on which page, in which order, of which kind and when they are asked is
// the registry's (model/registry_<group>.go); the wizard adds their words
// here (both languages in i18n.go) and the pages' one-line summaries
// (summary.go).

// fieldWords are a question's words: its label, the accepted forms of a
// text answer and the words of each option of a choice (by the option's
// value).
type fieldWords struct {
	label msg
	// labelFor words the label for the answers (nil: label as it is).
	labelFor func(a *model.Answers) msg
	forms    msg
	options  map[string]optionWords
	// name labels an option without a label of its own with the name
	// model gives its value (model/names.go).
	name func(value string) model.Name
}

// optionWords are an option's label (0: its name or value) and hint.
type optionWords struct{ label, hint msg }

// fieldTexts are the words of every question the registry asks, by its
// key; TestEveryQuestionHasWords checks that none is missing. Made when
// the wizard first asks for its questions, not at start-up (a headless
// command never does: issue 26).
var fieldTexts = lazy.Value[map[string]fieldWords]{New: func() map[string]fieldWords {
	return map[string]fieldWords{
		"workload": {label: mFieldWorkload, name: func(v string) model.Name { return model.Workload(v).Name() },
			options: map[string]optionWords{
				string(model.WorkloadInference): {0, mOptInferenceHint},
				string(model.WorkloadEmbed):     {0, mOptEmbedHint},
				string(model.WorkloadFineTune):  {0, mOptFineTuneHint},
				string(model.WorkloadLoRA):      {0, mOptLoRAHint},
				string(model.WorkloadQLoRA):     {0, mOptQLoRAHint},
				string(model.WorkloadPretrain):  {0, mOptPretrainHint},
				string(model.WorkloadVRAM):      {mOptVRAM, mOptVRAMHint},
			}},
		"model": {label: mFieldModel, forms: mFormsParamsPreset},
		"vram":  {label: mFieldVRAM, forms: mFormsSize},
		"precision": {label: mFieldPrecision, options: map[string]optionWords{
			string(model.PrecisionAuto): {mOptAuto, mOptPrecAutoHint},
			string(model.FP32):          {0, mOptFP32Hint},
			string(model.BF16):          {0, mOptBF16Hint},
			string(model.FP16):          {0, mOptFP16Hint},
			string(model.FP8):           {0, mOptFP8Hint},
			string(model.INT8):          {0, mOptINT8Hint},
			string(model.INT4):          {0, mOptINT4Hint},
			string(model.FP4):           {0, mOptFP4Hint},
			string(model.MXFP4):         {0, mOptMXFP4Hint},
		}},
		"context": {label: mFieldContext, forms: mFormsContext,
			labelFor: func(a *model.Answers) msg { return pick(a.Workload.Training(), mFieldSeqLen, mFieldContext) }},
		"users":       {label: mFieldUsers, forms: mFormsCount},
		"micro-batch": {label: mFieldMicroBatch, forms: mFormsCount},
		"prompt-len":  {label: mFieldPromptLen, forms: mFormsTokenLength},
		"output-len":  {label: mFieldOutputLen, forms: mFormsTokenLength},
		"kv-cache": {label: mFieldKVCache, options: map[string]optionWords{
			"auto": {mOptAuto, mOptKVAutoHint},
			"fp8":  {0, mOptKVFP8Hint},
			"bf16": {0, mOptKVBF16Hint},
		}},
		"speculative": {label: mFieldSpeculative, options: map[string]optionWords{
			"none": {mOptSpecNone, mOptSpecNoneHint},
			"mtp":  {0, mOptSpecMTPHint},
		}},
		"dataset": {label: mFieldDataset, forms: mFormsTokens},
		"grad-checkpointing": {label: mFieldGradCkpt, options: map[string]optionWords{
			"yes": {mOptYes, mOptGradCkptYesHint},
			"no":  {mOptNo, mOptGradCkptNoHint},
		}},
		"sharding": {label: mFieldSharding, options: map[string]optionWords{
			"auto":  {mOptShardAuto, mOptShardAutoHint},
			"none":  {mOptShardNone, mOptShardNoneHint},
			"zero1": {0, mOptShardZero1Hint},
			"zero2": {0, mOptShardZero2Hint},
			"zero3": {0, mOptShardZero3Hint},
			"fsdp":  {0, mOptShardFSDPHint},
		}},
		"latency": {label: mFieldLatency, name: func(v string) model.Name { return model.Latency(v).Name() },
			options: map[string]optionWords{
				string(model.LatencyRealtime):    {0, mOptRealtimeHint},
				string(model.LatencyInteractive): {0, mOptInteractiveHint},
				string(model.LatencyBatch):       {0, mOptBatchHint},
			}},
		"duration-mode": {label: mFieldDurMode, options: map[string]optionWords{
			string(model.DurationWallClock): {mOptWallClock, mOptWallClockHint},
			string(model.DurationJob):       {mOptJob, mOptJobHint},
		}},
		"duration":       {label: mFieldDuration, forms: mFormsDuration},
		"hours-per-week": {label: mFieldPerWeek, forms: mFormsPerWeek},
		"gen-tokens":     {label: mFieldGenTokens, forms: mFormsTokens},
		"embed-tokens":   {label: mFieldEmbedTokens, forms: mFormsTokens},
		"deadline":       {label: mFieldDeadline, forms: mFormsDeadline},
		"interruptible": {label: mFieldInterrupt, options: map[string]optionWords{
			"yes": {mOptYesCheckpoint, mOptYesCheckpointHint},
			"no":  {mOptNoCheckpoint, mOptNoCheckpointHint},
		}},
		"checkpoint-interval": {label: mFieldCheckpoint, forms: mFormsCheckpoint},
		"currency": {label: mFieldCurrency, options: map[string]optionWords{
			string(model.USD): {mOptUSD, 0},
			string(model.CNY): {mOptCNY, 0},
		}},
		"budget":   {label: mFieldBudget, forms: mFormsBudget},
		"gpu":      {label: mFieldGPU, forms: mFormsGPU},
		"gpus":     {label: mFieldGPUs, forms: mFormsCountAny},
		"nodes":    {label: mFieldNodes, forms: mFormsCountAny},
		"provider": {label: mFieldProviders, forms: mFormsProviders},
		"region":   {label: mFieldRegions, forms: mFormsRegions},
		"headroom": {label: mFieldHeadroom, forms: mFormsHeadroom},
		"interconnect": {label: mFieldInterconnect, options: map[string]optionWords{
			model.ReqAny:      {mOptAny, 0},
			model.ReqNVLink:   {mOptNVLink, mOptNVLinkHint},
			model.ReqNVSwitch: {mOptNVSwitch, mOptNVSwitchHint},
		}},
		"hosting": {label: mFieldHosting, options: map[string]optionWords{
			model.ReqAny:        {mOptAny, 0},
			model.ReqDatacenter: {mOptDatacenter, mOptDatacenterHint},
		}},
		"vcpu": {label: mFieldVCPU, options: map[string]optionWords{
			model.ReqAny:       {mOptAny, 0},
			model.ReqDedicated: {mOptDedicated, mOptDedicatedHint},
		}},
		"min-vcpus-per-gpu": {label: mFieldMinVCPUs, forms: mFormsCountAny},
		"exclude-provider":  {label: mFieldExclude, forms: mFormsExclude},
		"data":              {label: mFieldDataGB, forms: mFormsSizeOptional},
		"egress":            {label: mFieldEgressGB, forms: mFormsSizeOptional},
		"run-command":       {label: mFieldRunCommand, forms: mFormsRunCommand},
	}
}}

// stepDef is the words of one page of the questionnaire: its title and
// hint (worded for the answers where that differs) and the one line that
// sums its answers up in the step list. Its questions are the registry's
// (questions.pages).
type stepDef struct {
	title, hint msg
	// titleFor and hintFor word the step for the answers (nil: title and
	// hint as they are).
	titleFor, hintFor func(a *model.Answers) msg
	// summary is the step's answers in one line (the form has checked
	// that they parse).
	summary func(f *form, t tr) string
}

// steps are the words of the registry's pages (model.Section), in order.
var steps = [model.SectionCount]stepDef{
	model.SectionWorkload: {title: mStepWorkload, hint: mHintWorkload, summary: sumWorkload},
	model.SectionModel: {title: mStepModel, hint: mHintModel, summary: sumModel,
		titleFor: func(a *model.Answers) msg { return pick(a.Workload == model.WorkloadVRAM, mStepVRAM, mStepModel) },
		hintFor:  func(a *model.Answers) msg { return pick(a.Workload == model.WorkloadVRAM, mHintVRAM, mHintModel) }},
	model.SectionPrecision: {title: mStepPrecision, hint: mHintPrecision, summary: sumPrecision},
	model.SectionLoad: {title: mStepLoad, hint: mHintLoad, summary: sumLoad,
		hintFor: func(a *model.Answers) msg { return pick(a.Workload.Training(), mHintLoadTraining, mHintLoad) }},
	model.SectionLatency:      {title: mStepLatency, hint: mHintLatency, summary: sumLatency},
	model.SectionDuration:     {title: mStepDuration, hint: mHintDuration, summary: sumDuration},
	model.SectionInterruption: {title: mStepInterrupt, hint: mHintInterrupt, summary: sumInterrupt},
	model.SectionBudget:       {title: mStepBudget, hint: mHintBudget, summary: sumBudget},
	model.SectionScale:        {title: mStepScale, hint: mHintScale, summary: sumScale},
	model.SectionData:         {title: mStepData, hint: mHintData, summary: sumData},
}

// stepTitle is a step's title for the answers: the model step asks for
// the memory size when the user knows it.
func stepTitle(step int, a *model.Answers) msg {
	if d := &steps[step]; d.titleFor != nil {
		return d.titleFor(a)
	}
	return steps[step].title
}

// stepHint is a step's hint for the answers, worded for training or a
// known memory size where that differs.
func stepHint(step int, a *model.Answers) msg {
	if d := &steps[step]; d.hintFor != nil {
		return d.hintFor(a)
	}
	return steps[step].hint
}

// pick is a when true, else b.
func pick(cond bool, a, b msg) msg {
	if cond {
		return a
	}
	return b
}
