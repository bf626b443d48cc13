package ui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// TestTypingReplacesTheDefault: a step shows its default selected; the
// first printable key replaces it, an arrow starts editing it instead, and
// backspace clears it.
func TestTypingReplacesTheDefault(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "enter", "llama 70")
	if got := m.form.raw[fModel]; got != "llama 70" {
		t.Fatalf("typing into the default gave %q, want %q", got, "llama 70")
	}
	if m.form.answers.Model != "llama-3.1-70b" {
		t.Errorf("llama 70 names one preset here, got %q", m.form.answers.Model)
	}
	// Users: 20 is 20, not 120.
	m = press(t, goTo(t, m, fUsers), "20")
	if m.form.current() != fUsers || m.form.answers.Batch != 20 {
		t.Fatalf("users = %d (field %v), want 20", m.form.answers.Batch, m.form.current())
	}
	if m.asked.Batch != 20 {
		t.Errorf("ranked for %d users, want 20", m.asked.Batch)
	}
	// An arrow edits the default where it is.
	m = press(t, m, "tab", "shift+tab", "left", "5")
	if got := m.form.raw[fUsers]; got != "250" {
		t.Errorf("left then 5 gave %q, want 250", got)
	}
	// Backspace on the selected default clears it.
	m = press(t, m, "tab", "shift+tab", "backspace")
	if got := m.form.raw[fUsers]; got != "" {
		t.Errorf("backspace on the selected default left %q", got)
	}
	// A paste replaces a selected default too.
	m = update(t, m, tea.PasteMsg{Content: "64"})
	m = press(t, m, "tab", "shift+tab")
	m = update(t, m, tea.PasteMsg{Content: "32"})
	if got := m.form.raw[fUsers]; got != "32" {
		t.Errorf("paste gave %q, want 32", got)
	}
	if !strings.Contains(screen(m), "Concurrent users") {
		t.Fatalf("not on the users question:\n%s", screen(m))
	}
}

// TestEnterRefusesInvalid: enter on an ambiguous or invalid answer stays on
// the step, keeps the text, says why and what would be accepted.
func TestEnterRefusesInvalid(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "enter", "llama", "enter")
	if m.form.step != 1 || m.form.raw[fModel] != "llama" {
		t.Fatalf("enter on an ambiguous model moved on: step %d, text %q", m.form.step, m.form.raw[fModel])
	}
	s := screen(m)
	for _, want := range []string{"matches 3 presets", "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "fix it to go on"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	// 70X is never read as 70B: the panel waits, nothing is ranked for it.
	m = newTestModel(t, 140, 40)
	m = press(t, m, "enter", "70")
	if m.asked.ParamsB != 70 {
		t.Fatalf("70 ranked as %v", m.asked.ParamsB)
	}
	seq := m.seq
	m = press(t, m, "X", "enter")
	if m.form.step != 1 || m.seq != seq {
		t.Errorf("70X: step %d, ranked again %v", m.form.step, m.seq != seq)
	}
	if s := screen(m); !strings.Contains(s, "waiting for a valid Model or parameter count") {
		t.Errorf("the panel does not say it waits:\n%s", s)
	}
	if a := m.Answers(); a.ParamsB == 70 && m.form.raw[fModel] == "70X" && m.form.invalidCount() == 0 {
		t.Errorf("70X accepted as 70B")
	}
	// Fixing the answer ranks again.
	m = press(t, m, "backspace", "backspace", "5B")
	if m.seq == seq || m.asked.ParamsB != 75 || m.form.invalidCount() != 0 || strings.Contains(screen(m), "waiting for") {
		t.Errorf("a fixed answer is not ranked: asked %v", m.asked.ParamsB)
	}
	// Saving 70X keeps the committed answer (the default), never 70B.
	m = press(t, m, "backspace", "backspace", "backspace", "70X")
	if c := m.form.committedAnswers(); c.ParamsB == 70 || c.Model != "llama-3.1-8b" {
		t.Errorf("a save would keep %q / %vB for 70X", c.Model, c.ParamsB)
	}
}

// TestSaveWithInvalidAsks: saving while an answer does not parse says which
// and asks; no leads back to it, yes saves its last valid value.
func TestSaveWithInvalidAsks(t *testing.T) {
	store := &fakeStore{}
	m := newTestModel(t, 140, 40, func(c *Config) { c.Save = store.save })
	m = press(t, goTo(t, m, fGPUs), "70b")
	if m.form.current() != fGPUs || m.form.errs[fGPUs] == nil {
		t.Fatalf("70b in GPUs per node accepted: field %v, raw %q", m.form.current(), m.form.raw[fGPUs])
	}
	m = press(t, m, "ctrl+o", "ctrl+s")
	if s := screen(m); !strings.Contains(s, `GPUs per node "70b" is not valid`) {
		t.Fatalf("save does not say which answer is invalid:\n%s", s)
	}
	m = press(t, m, "n")
	if m.export.active() || len(store.files) != 0 || m.focus != focusForm || m.form.current() != fGPUs {
		t.Fatalf("no: export %v, saved %d, focus %v on %v", m.export.active(), len(store.files), m.focus, m.form.current())
	}
	m = press(t, m, "ctrl+s", "y", "enter")
	rec, ok := store.files["./gpupick.toml"]
	if !ok || rec.Answers.GPUs != 0 {
		t.Fatalf("yes: saved %v with %d GPUs per node, want the committed answer (any)", ok, rec.Answers.GPUs)
	}
	if !m.saved {
		t.Error("a save is not remembered")
	}
}

// TestNoticesAndLoadedChoice: the catalog's notices are in the footer, and
// a loaded record's choice is the selected offer.
func TestNoticesAndLoadedChoice(t *testing.T) {
	base := newTestModel(t, 140, 40)
	if len(base.offers.view) < 3 {
		t.Fatalf("%d offers", len(base.offers.view))
	}
	base.offers.sel = 2
	want := *base.offers.selected()
	m := newTestModel(t, 140, 40, func(c *Config) {
		c.Choice = &want
		c.Notices = []string{"cached catalog /tmp/x is damaged (bad TSV); using the embedded catalog"}
	})
	if r := m.offers.selected(); r == nil || recKey(r) != recKey(&want) {
		t.Errorf("selected %v, want the loaded choice %s", r, recKey(&want))
	}
	if s := screen(m); !strings.Contains(s, "is damaged") {
		t.Errorf("footer lacks the notice:\n%s", s)
	}
}

// TestCtrlCBeforeSaving: ctrl+c marks the wizard as left unsaved (Run
// returns ErrQuitUnsaved, the command exits 130).
func TestCtrlCBeforeSaving(t *testing.T) {
	m := newTestModel(t, 80, 24)
	nm, cmd := m.Update(keyMsgs("ctrl+c")[0])
	if !nm.(Model).interrupted || nm.(Model).saved || cmd == nil {
		t.Fatalf("ctrl+c: interrupted %v, saved %v", nm.(Model).interrupted, nm.(Model).saved)
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("ctrl+c does not quit")
	}
}

// TestFailedSaveIsReadWhole: a failed save names the path and the system's
// reason in full, wrapped over the footer's rows, not cut.
func TestFailedSaveIsReadWhole(t *testing.T) {
	reason := "cannot save /very/long/path/to/a/folder/that/goes/on/and/on/gpupick.toml: write: no space left on device"
	m := newTestModel(t, 80, 24, func(c *Config) {
		c.Save = func(string, model.Record, bool) error { return errors.New(reason) }
	})
	m = press(t, m, "ctrl+s", "enter")
	s := screen(m)
	if joined := strings.Join(strings.Fields(s), " "); !strings.Contains(joined, "no space left on device") || !strings.Contains(joined, "/very/long/path/to/a/folder/that/goes/on/and/on/gpupick.toml") {
		t.Fatalf("the reason is cut:\n%s", s)
	}
	if n := len(strings.Split(s, "\n")); n != 24 {
		t.Errorf("%d lines on a 24-line screen", n)
	}
}
