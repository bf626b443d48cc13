package model

import (
	"errors"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/gpupick/gpupick/model/text"
)

// figureRe finds the figures of a text: 70, 7.5, 1,000, 24/7's 24 and 7.
var figureRe = regexp.MustCompile(`\d+(?:[.,]\d+)*`)

// figures are the figures of s, sorted.
func figures(s string) []string {
	f := figureRe.FindAllString(s, -1)
	slices.Sort(f)
	return f
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// checkZH asserts that a parser's error has a Chinese message and fix
// with the same figures as the English, that Text(true) holds them and
// Text(false) is Error().
func checkZH(t *testing.T, what string, fe *FieldError) {
	t.Helper()
	if fe == nil {
		return
	}
	if !hasHan(fe.MsgZH) || !hasHan(fe.FixZH) {
		t.Errorf("%s: %q has no Chinese message or fix: %q, %q", what, fe.Error(), fe.MsgZH, fe.FixZH)
		return
	}
	for _, p := range [][2]string{{fe.Msg, fe.MsgZH}, {fe.Fix, fe.FixZH}} {
		if en, zh := figures(p[0]), figures(p[1]); !slices.Equal(en, zh) {
			t.Errorf("%s: figures %v in %q, but %v in %q", what, en, p[0], zh, p[1])
		}
	}
	if zh := fe.Text(true); !strings.Contains(zh, fe.MsgZH) || !strings.Contains(zh, fe.FixZH) || !strings.HasPrefix(zh, fe.Field) {
		t.Errorf("%s: Text(true) = %q lacks the field, message or fix", what, zh)
	}
	if fe.Text(false) != fe.Error() {
		t.Errorf("%s: Text(false) = %q, Error() = %q", what, fe.Text(false), fe.Error())
	}
}

// TestErrTextTable: every Chinese text of the answer errors is Chinese,
// with the English's figures and formatting verbs.
func TestErrTextTable(t *testing.T) {
	for en, zh := range zhText.Get() {
		if !hasHan(zh) {
			t.Errorf("%q: Chinese %q", en, zh)
		}
		if !slices.Equal(figures(en), figures(zh)) {
			t.Errorf("%q: figures %v, Chinese %q has %v", en, figures(en), zh, figures(zh))
		}
		for _, problem := range text.CheckPair(text.Pair{en, zh}, true) {
			t.Error(problem)
		}
	}
	// Every answer's forms have Chinese: its blank and unparsable
	// errors' fix lists them.
	for _, s := range Registry() {
		if zhText.Get()[s.Forms] == "" {
			t.Errorf("%s: forms %q have no Chinese", s.Name, s.Forms)
		}
	}
}

// TestFieldErrorText: Text(false) is Error(); Text(true) words the same
// error in Chinese, keeping the field, the value and the names.
func TestFieldErrorText(t *testing.T) {
	_, err := FindPreset([]ModelPreset{{Name: "llama-3.1-8b"}, {Name: "qwen2.5-7b"}}, "llama-3.2-8b")
	fe := err.(*FieldError)
	checkZH(t, "unknown preset", fe)
	if got, want := fe.Text(true), `model "llama-3.2-8b"：没有这个名字的预设；是否想填 "llama-3.1-8b"`; !strings.HasPrefix(got, want) {
		t.Errorf("Text(true) = %q, want it to start %q", got, want)
	}
	_, err = ParseParams("7Q")
	fe = err.(*FieldError)
	checkZH(t, "7Q", fe)
	if got := fe.Text(true); strings.Contains(got, "unknown") || strings.Contains(got, "use ") || !strings.Contains(got, `"q"`) {
		t.Errorf("Text(true) = %q: English left, or the unit lost", got)
	}
	// An error built outside model without Chinese reads in English.
	plain := &FieldError{Field: "size", Msg: "out of range", Fix: "give a realistic size"}
	if got := plain.Text(true); got != "size：out of range（give a realistic size）" {
		t.Errorf("Text(true) without Chinese = %q", got)
	}
}

// TestCheckErrorsChinese: every registry check of a stored answer (a
// record's) refuses a bad value with a Chinese message and fix.
func TestCheckErrorsChinese(t *testing.T) {
	for _, tt := range []struct {
		id   AnswerID
		edit func(a *Answers)
	}{
		{AnsWorkload, func(a *Answers) { a.Workload = "x" }},
		{AnsModel, func(a *Answers) { a.Model = "m\x1b" }},
		{AnsParams, func(a *Answers) { a.ParamsB = 1e9 }},
		{AnsParams, func(a *Answers) { a.ParamsB = math.NaN() }},
		{AnsVRAM, func(a *Answers) { a.KnownVRAMGiB = 1e9 }},
		{AnsPrecision, func(a *Answers) { a.Precision = "x" }},
		{AnsContext, func(a *Answers) { a.Context = -5 }},
		{AnsBatch, func(a *Answers) { a.Batch = -1 }},
		{AnsLatency, func(a *Answers) { a.Latency = "x" }},
		{AnsDurationMode, func(a *Answers) { a.DurationMode = "x" }},
		{AnsDuration, func(a *Answers) { a.DurationHours = 1e9 }},
		{AnsHoursPerWeek, func(a *Answers) { a.HoursPerWeek = 1000 }},
		{AnsTokens, func(a *Answers) { a.JobTokens = 1e20 }},
		{AnsDeadline, func(a *Answers) { a.DeadlineHours = 1e9 }},
		{AnsCurrency, func(a *Answers) { a.Currency = "x" }},
		{AnsBudget, func(a *Answers) { a.Budget = Budget{Amount: -1} }},
		{AnsBudget, func(a *Answers) { a.Budget = Budget{Amount: 1, Period: "x"} }},
		{AnsBudget, func(a *Answers) { a.Budget = Budget{Amount: 1, Currency: "x"} }},
		{AnsGPU, func(a *Answers) { a.GPU = "H100\x1b" }},
		{AnsGPUs, func(a *Answers) { a.GPUs = 5000 }},
		{AnsNodes, func(a *Answers) { a.MaxNodes = 5000 }},
		{AnsProviders, func(a *Answers) { a.Providers = []string{""} }},
		{AnsRegions, func(a *Answers) { a.Regions = []string{"\x1b"} }},
		{AnsData, func(a *Answers) { a.DataGB = 1e12 }},
		{AnsEgress, func(a *Answers) { a.EgressGB = 1e12 }},
		{AnsSharding, func(a *Answers) { a.Sharding = "x" }},
		{AnsHeadroom, func(a *Answers) { a.HeadroomPct = 95 }},
		{AnsCheckpointInterval, func(a *Answers) { a.CheckpointMinutes = 5000 }},
		{AnsInterconnect, func(a *Answers) { a.Interconnect = "x" }},
		{AnsHosting, func(a *Answers) { a.Hosting = "x" }},
		{AnsVCPU, func(a *Answers) { a.VCPU = "x" }},
		{AnsMinVCPUsPerGPU, func(a *Answers) { a.MinVCPUsPerGPU = 300 }},
		{AnsExcludeProviders, func(a *Answers) { a.ExcludeProviders = []string{""} }},
	} {
		s := Spec(tt.id)
		a := DefaultAnswers()
		tt.edit(&a)
		var fe *FieldError
		if err := s.Check(&a); !errors.As(err, &fe) || fe.Field != s.Name {
			t.Errorf("%s: %v, want an error naming it", s.Name, err)
			continue
		}
		checkZH(t, s.Name+" stored", fe)
	}
	// The answers as a whole, and a blank preset name.
	for _, a := range []Answers{
		{Workload: WorkloadVRAM},
		{Workload: WorkloadInference},
		{Workload: WorkloadInference, ParamsB: 8, DurationMode: DurationJob},
	} {
		var fe *FieldError
		if err := a.Validate(); !errors.As(err, &fe) || fe.Reason != ReasonMissing {
			t.Errorf("%+v: %v, want a missing answer", a, err)
		}
		checkZH(t, "missing", fe)
	}
	_, err := FindPreset(nil, " ")
	fe, _ := err.(*FieldError)
	checkZH(t, "blank preset", fe)
}
