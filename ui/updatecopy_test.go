package ui

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A model stays as it was after Update: a ranking's result shares the
// form with the model it was applied to, and input typed afterwards
// (directly or queued behind it) changes neither of them.
func TestUpdateLeavesTheModelAsItWas(t *testing.T) {
	m0 := goTo(t, newTestModel(t, 140, 40), fUsers)
	m0 = press(t, m0, "end")
	raw0, ans0 := slices.Clone(m0.form.raw), m0.form.answers.Batch
	// A key whose ranking is due: its result lands on m1.
	nm, cmd := m0.Update(tea.KeyPressMsg{Code: '6', Text: "6"})
	m1 := nm.(Model)
	if cmd == nil {
		t.Fatal("the key did not re-rank")
	}
	raw1 := slices.Clone(m1.form.raw)
	nm, _ = m1.Update(rankResult(t, cmd))
	m2 := nm.(Model)
	// Input after the result, on the model the result was applied to.
	nm, _ = m2.Update(tea.KeyPressMsg{Code: '7', Text: "7"})
	m3 := nm.(Model)
	if slices.Equal(m3.form.raw, raw1) {
		t.Fatal("the key changed no answer")
	}
	if !slices.Equal(m0.form.raw, raw0) || m0.form.answers.Batch != ans0 {
		t.Errorf("the first model's answers changed: %q", m0.form.raw)
	}
	if !slices.Equal(m1.form.raw, raw1) || !slices.Equal(m2.form.raw, raw1) {
		t.Errorf("the models before the last key changed: %q, %q, want %q", m1.form.raw, m2.form.raw, raw1)
	}
}

// rankResult runs a command (or a batch) until it gives the ranking.
func rankResult(t *testing.T, cmd tea.Cmd) resultMsg {
	t.Helper()
	switch msg := cmd().(type) {
	case resultMsg:
		return msg
	case tea.BatchMsg:
		for _, c := range msg {
			if c == nil {
				continue
			}
			if r, ok := c().(resultMsg); ok {
				return r
			}
		}
	}
	t.Fatal("the command gave no ranking")
	return resultMsg{}
}
