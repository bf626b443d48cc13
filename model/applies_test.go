package model

import (
	"strings"
	"testing"
)

// An answer given where it does not apply is refused naming the answer
// its applicability depends on, and changing that answer alone makes it
// apply: --checkpoint-interval without --interruptible blamed "workload
// lora" (issue 26). Every answer with an applicability is in the table or
// depends on the workload alone, which the test checks.
func TestNotApplyingNamesWhatItDependsOn(t *testing.T) {
	job := func(a *Answers) { a.Workload, a.DurationMode, a.JobTokens = WorkloadInference, DurationJob, 2e9 }
	period := func(a *Answers) { a.Workload, a.DurationMode, a.JobTokens = WorkloadInference, DurationWallClock, 0 }
	others := []struct {
		id       AnswerID
		off      func(a *Answers) // answers it does not apply to
		en, zh   []string         // what the message and its fix name
		dependOn func(a *Answers) // a change of the answer named alone
	}{
		{AnsDuration, job, []string{"a job of --tokens", "change the answer it depends on"}, []string{"--tokens 给定的任务"}, period},
		{AnsHoursPerWeek, job, []string{"a job of --tokens"}, []string{"--tokens 给定的任务"}, period},
		{AnsTokens, period, []string{"a rented period (--duration)", "use --duration-mode job"}, []string{"--duration"}, job},
		{AnsDeadline, period, []string{"a rented period (--duration)", "a job of --tokens"}, []string{"--duration"}, job},
		{AnsCheckpointInterval, func(a *Answers) { a.Workload, a.Interruptible = WorkloadLoRA, false },
			[]string{"does not apply to a run that is not interruptible", "interruptible (spot) runs", "add --interruptible, or leave it out"},
			[]string{"不可中断的运行", "加上 --interruptible"}, func(a *Answers) { a.Interruptible = true }},
	}
	refusal := func(id AnswerID, a *Answers) *FieldError {
		t.Helper()
		_, fe := checkApplies(a, func(g AnswerID) bool { return g == id }, func(g AnswerID) string { return registry[g].Format(a) }, flagLabel)
		if fe == nil {
			t.Fatalf("%s: no refusal for answers it does not apply to", registry[id].Name)
		}
		return fe
	}
	listed := map[AnswerID]bool{}
	for _, tc := range others {
		listed[tc.id] = true
		s := Spec(tc.id)
		a := DefaultAnswers()
		tc.off(&a)
		if s.AppliesTo(&a) {
			t.Fatalf("%s: applies to the row's answers", s.Name)
		}
		fe := refusal(tc.id, &a)
		for _, w := range tc.en {
			if !strings.Contains(fe.Text(false), w) {
				t.Errorf("%s: %q lacks %q", s.Name, fe.Text(false), w)
			}
		}
		for _, w := range tc.zh {
			if !strings.Contains(fe.Text(true), w) {
				t.Errorf("%s: %q lacks %q", s.Name, fe.Text(true), w)
			}
		}
		checkZH(t, s.Name, fe)
		if tc.dependOn(&a); !s.AppliesTo(&a) {
			t.Errorf("%s: changing the answer the message names does not make it apply", s.Name)
		}
	}
	// The others depend on the workload alone: the run's other answers do
	// not change whether they apply, the message names --workload, and a
	// workload they apply to makes them apply.
	for i := range registry {
		s := &registry[i]
		if s.Applies == nil || listed[s.ID] {
			continue
		}
		var on, off []Workload
		for _, w := range Workloads {
			plain, other := DefaultAnswers(), DefaultAnswers()
			plain.Workload, other.Workload = w, w
			other.Interruptible, other.DurationMode, other.JobTokens = true, DurationJob, 2e9
			if s.AppliesTo(&plain) != s.AppliesTo(&other) {
				t.Errorf("%s depends on more than the workload (%s): give it a row naming what", s.Name, w)
			}
			if s.AppliesTo(&plain) {
				on = append(on, w)
			} else {
				off = append(off, w)
			}
		}
		if len(on) == 0 || len(off) == 0 {
			t.Errorf("%s: applies to workloads %v, not to %v", s.Name, on, off)
			continue
		}
		a := DefaultAnswers()
		a.Workload = off[0]
		fe := refusal(s.ID, &a)
		if !strings.Contains(fe.Text(false), "does not apply to workload "+string(off[0])) ||
			!strings.Contains(fe.Text(false), "change --workload") || !strings.Contains(fe.Text(true), "修改 --workload") {
			t.Errorf("%s: %q / %q, want the workload named and --workload as the fix", s.Name, fe.Text(false), fe.Text(true))
		}
	}
}
