package ui

import (
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// The steps' summaries: each step's answers in one line of the step list.

// stepSummary is the one-line answer of a step for the step list: "not
// asked", what was typed into a question that does not parse (not the
// value it replaced), or the step's summary.
func stepSummary(f *form, t tr, step int) string {
	if !f.stepApplies(step) {
		return t.s(mSumNA)
	}
	for id := range f.q.fieldsOf(step, &f.answers) {
		if f.errs[id] != nil {
			return f.raw[id]
		}
	}
	return steps[step].summary(f, t)
}

// orDash is s, or a dash for nothing.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// sumWorkload sums up the workload chosen.
func sumWorkload(f *form, t tr) string {
	a := &f.answers
	id, _ := f.q.asking(model.AnsWorkload, a)
	return f.q.defs[id].optionLabel(t, string(a.Workload))
}

// sumModel sums up the model or the memory size.
func sumModel(f *form, t tr) string {
	a := &f.answers
	if a.Workload == model.WorkloadVRAM {
		return f.raw[fVRAM]
	}
	if a.Model != "" {
		return a.Model
	}
	return model.FormatParams(a.ParamsB)
}

// sumPrecision sums up the precision ("auto" in the wizard's language:
// the checkpoint's format, which the requirement's assumptions name).
func sumPrecision(f *form, t tr) string {
	a := &f.answers
	id, _ := f.q.asking(model.AnsPrecision, a)
	return f.q.defs[id].optionLabel(t, string(a.Precision))
}

// sumLoad sums up the context and the users or batch (and the dataset for training).
func sumLoad(f *form, t tr) string {
	a := &f.answers
	ctx := model.FormatContext(a.Context)
	if a.Context <= 0 {
		ctx = t.s(mContextDefault)
	}
	if a.Workload.Training() {
		s := t.f(mSumBatch, ctx, a.Batch)
		if a.JobTokens > 0 {
			s += " · " + t.f(mSumTokens, model.FormatCount(a.JobTokens))
		}
		return s
	}
	return t.f(mSumUsers, ctx, a.Batch)
}

// sumLatency sums up the latency.
func sumLatency(f *form, t tr) string {
	a := &f.answers
	id, _ := f.q.asking(model.AnsLatency, a)
	return f.q.defs[id].optionLabel(t, string(a.Latency))
}

// sumDuration sums up the run: a job of N tokens or a period and its hours a week.
func sumDuration(f *form, t tr) string {
	a := &f.answers
	if a.DurationMode == model.DurationJob {
		return t.f(mSumJob, model.FormatCount(a.JobTokens))
	}
	return t.f(mSumPerWeek, model.FormatDurationIn(a.DurationHours, t.zh()), model.FormatNumber(a.HoursPerWeek))
}

// sumInterrupt sums up whether the job may be interrupted.
func sumInterrupt(f *form, t tr) string {
	a := &f.answers
	if a.Interruptible {
		return t.s(mSumYes)
	}
	return t.s(mSumNo)
}

// sumBudget sums up the budget or none.
func sumBudget(f *form, t tr) string {
	a := &f.answers
	if !a.Budget.IsSet() {
		return t.s(mSumNone)
	}
	return a.Budget.Text(t.zh())
}

// sumScale sums up every filter and requirement of the scale page that is
// set (a blank one is "any" and left out) and the currency.
func sumScale(f *form, t tr) string {
	a := &f.answers
	var parts []string
	if a.GPU != "" {
		parts = append(parts, a.GPU)
	}
	if a.GPUs > 0 {
		parts = append(parts, "×"+strconv.Itoa(a.GPUs))
	}
	if len(a.Providers) > 0 {
		parts = append(parts, strings.Join(a.Providers, ","))
	}
	if len(a.ExcludeProviders) > 0 {
		parts = append(parts, t.f(mSumExclude, strings.Join(a.ExcludeProviders, ",")))
	}
	if len(a.Regions) > 0 {
		parts = append(parts, strings.Join(a.Regions, ","))
	}
	if a.MaxNodes > 0 {
		parts = append(parts, t.f(mSumNodes, a.MaxNodes))
	}
	if a.HeadroomPct > 0 {
		parts = append(parts, t.f(mSumHeadroom, a.HeadroomPct))
	}
	if a.Interconnect != "" && a.Interconnect != model.ReqAny {
		id, _ := f.q.asking(model.AnsInterconnect, a)
		parts = append(parts, f.q.defs[id].optionLabel(t, a.Interconnect))
	}
	if a.Hosting == model.ReqDatacenter {
		parts = append(parts, t.s(mSumDatacenter))
	}
	if a.VCPU == model.ReqDedicated {
		parts = append(parts, t.s(mSumDedicated))
	}
	if a.MinVCPUsPerGPU > 0 {
		parts = append(parts, t.f(mSumMinVCPUs, a.MinVCPUsPerGPU))
	}
	if len(parts) == 0 {
		parts = append(parts, t.s(mSumAny))
	}
	return strings.Join(append(parts, string(a.Currency)), " · ")
}

// sumData sums up the data and egress sizes.
func sumData(f *form, t tr) string {
	a := &f.answers
	d, e := model.FormatSize(a.DataGB), model.FormatSize(a.EgressGB)
	if d == "" && e == "" {
		return t.s(mSumNone)
	}
	return orDash(d) + " / " + orDash(e)
}
