package ui

import (
	"slices"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestRequestLengthsAsked: the wizard asks a serving run's prompt and
// output lengths on the load page, from the registry alone; what is typed
// reaches the answers and the ranking, and a pair longer than the context
// given is refused in the field with its reason. Training does not ask
// them.
func TestRequestLengthsAsked(t *testing.T) {
	fPrompt, fOutput := mustField("prompt-len"), mustField("output-len")
	m := newTestModel(t, 140, 40)
	m = press(t, goTo(t, m, fPrompt), "1k")
	m = press(t, goTo(t, m, fOutput), "2k")
	if m.form.answers.PromptTokens != 1024 || m.form.answers.OutputTokens != 2048 {
		t.Fatalf("answers %d/%d, want 1024/2048", m.form.answers.PromptTokens, m.form.answers.OutputTokens)
	}
	if m.asked.PromptTokens != 1024 || m.asked.OutputTokens != 2048 {
		t.Errorf("ranked for %d/%d, want 1024/2048", m.asked.PromptTokens, m.asked.OutputTokens)
	}
	m = press(t, goTo(t, m, fContext), "2k")
	if m.form.errs[fContext] == nil && m.form.errs[fPrompt] == nil && m.form.errs[fOutput] == nil {
		t.Errorf("1k + 2k in a 2k context accepted: answers %+v", m.form.answers)
	}

	a := model.DefaultAnswers()
	a.Workload = model.WorkloadFineTune
	m.form.answers = a
	for step := 0; step < model.SectionCount; step++ {
		if f := m.form.stepFields(step); slices.Contains(f, fPrompt) || slices.Contains(f, fOutput) {
			t.Errorf("fine-tuning asks the request lengths at step %d", step)
		}
	}
}
