package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestLeavingAsksWhenUnsaved: q (in the offers) and ctrl+c leave at once
// when nothing is unsaved, and otherwise ask: y (or ctrl+c again) leaves,
// n and esc stay, s opens the save; a saved record leaves nothing
// unsaved. ctrl+c leaving marks the wizard interrupted (exit 130), q does
// not (exit 0).
func TestLeavingAsksWhenUnsaved(t *testing.T) {
	edit := []any{fModel, "x"} // an answer typed, not saved
	cases := []struct {
		name        string
		lang        string
		script      []any
		quits       bool
		interrupted bool
		shows       string // on the screen after the keys ("" when quitting)
	}{
		{"ctrl+c, nothing typed", "en", []any{"ctrl+c"}, true, true, ""},
		{"q, nothing typed", "en", []any{"ctrl+o", "q"}, true, false, ""},
		{"ctrl+c asks", "en", append(edit, "ctrl+c"), false, false, "The answers are not saved. Leave? y leave · n/esc stay · s save"},
		{"q asks", "en", append(edit, "ctrl+o", "q"), false, false, "The answers are not saved. Leave?"},
		{"asked in Chinese", "zh", append(edit, "ctrl+c"), false, false, "答案尚未保存，要离开吗？y 离开 · n/esc 留下 · s 保存"},
		{"ctrl+c, y leaves interrupted", "en", append(edit, "ctrl+c", "y"), true, true, ""},
		{"ctrl+c twice leaves interrupted", "en", append(edit, "ctrl+c", "ctrl+c"), true, true, ""},
		{"q, y leaves", "en", append(edit, "ctrl+o", "q", "y"), true, false, ""},
		{"n stays", "en", append(edit, "ctrl+c", "n"), false, false, "x"},
		{"esc stays", "en", append(edit, "ctrl+o", "q", "esc"), false, false, "x"},
		{"s opens the save", "en", append(edit, "ctrl+c", "s"), false, false, "Save decision record to"},
		{"other keys wait for the answer", "en", append(edit, "ctrl+c", "j"), false, false, "Leave? y leave"},
		{"saved, then q leaves", "en", append(edit, "ctrl+s", "enter", "ctrl+o", "q"), true, false, ""},
		{"typed after the save asks", "en", append(edit, "ctrl+s", "enter", fModel, "z", "ctrl+c"), false, false, "Leave? y leave"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := &fakeStore{}
			m := newTestModel(t, 140, 40, func(cfg *Config) { cfg.Lang = c.lang; cfg.Save = store.save })
			var cmd tea.Cmd
			for i, s := range c.script {
				if i == len(c.script)-1 {
					break
				}
				m = play(t, m, s)
			}
			last := c.script[len(c.script)-1]
			nm, cmd := m.Update(keyMsgs(last.(string))[0])
			m = nm.(Model)
			if got := quits(cmd); got != c.quits {
				t.Fatalf("quits %v, want %v:\n%s", got, c.quits, screen(m))
			}
			if c.quits {
				if m.interrupted != c.interrupted {
					t.Errorf("interrupted %v, want %v", m.interrupted, c.interrupted)
				}
				return
			}
			m = settle(t, m, cmd)
			s := screen(m)
			if !strings.Contains(s, c.shows) {
				t.Errorf("screen lacks %q:\n%s", c.shows, s)
			}
			if c.shows == "x" && strings.Contains(s, "Leave?") {
				t.Errorf("the question stays after staying:\n%s", s)
			}
		})
	}
}
