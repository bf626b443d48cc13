package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// HandleKey handles a key in the questions.
func (m formPane) HandleKey(k tea.KeyPressMsg) action {
	f := m.form
	id := f.current()
	d := &f.q.defs[id]
	fk := &m.keys.Form
	switch {
	case key.Matches(k, fk.Next):
		if err := f.errs[id]; err != nil {
			// Enter refuses an answer that does not parse: the step stays,
			// with what was typed, why, and what would be accepted.
			f.fresh = false
			return actStatus{m.t.f(mEnterRefused, m.t.s(f.label(id)), m.t.errorText(err)), true}
		}
		if !f.next() {
			return actBatch{actStatus{}, actFocus{focusOffers}}
		}
		return actStatus{}
	case key.Matches(k, fk.Prev):
		f.prev()
		return nil
	case key.Matches(k, fk.Back):
		f.back()
		return nil
	}
	switch d.kind() {
	case model.AskChoice:
		was := f.answers.Workload
		switch n := digitIndex(fk.Option, k); {
		case key.Matches(k, fk.OptionPrev):
			f.choose(id, -1)
		case key.Matches(k, fk.OptionNext):
			f.choose(id, 1)
		case n >= 0 && n < len(d.options):
			f.setRaw(id, d.options[n].value, 0)
		default:
			return nil
		}
		// Choosing "I know my VRAM" starts from the current estimate.
		if id == fWorkload && was != model.WorkloadVRAM && m.hasRes {
			f.prefillVRAM(m.res.Requirement.VRAMGiB)
		}
		return actEdited{}
	case model.AskPreset:
		switch {
		case key.Matches(k, fk.PresetUp):
			f.fresh = false
			f.movePreset(-1)
			return actEdited{}
		case key.Matches(k, fk.PresetDown):
			f.fresh = false
			f.movePreset(1)
			return actEdited{}
		}
	}
	if f.fresh {
		// The answer shows its text selected: a printable key replaces
		// it, backspace or delete clears it, other editing keys (arrows,
		// home, ctrl+e) start editing it where it is.
		f.fresh = false
		switch {
		case key.Matches(k, m.keys.Edit.Clear):
			f.setRaw(id, "", 0)
			return actEdited{}
		case k.Text != "" && k.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) == 0:
			s, pos, _ := insertText("", 0, k.Text)
			f.setRaw(id, s, pos)
			return actEdited{}
		}
	}
	s, pos, ok := editText(&m.keys.Edit, f.raw[id], f.pos[id], k)
	if !ok {
		return nil
	}
	if s == f.raw[id] {
		f.pos[id] = pos
		return nil
	}
	f.setRaw(id, s, pos)
	return actEdited{}
}

// paste inserts pasted text into the focused answer.
func (m formPane) paste(s string) action {
	f := m.form
	id := f.current()
	if f.q.defs[id].kind() == model.AskChoice {
		return nil
	}
	raw, at := f.raw[id], f.pos[id]
	if f.fresh {
		raw, at, f.fresh = "", 0, false // a paste replaces the selected answer, as typing does
	}
	s, pos, _ := insertText(raw, at, s)
	f.setRaw(id, s, pos)
	return actEdited{}
}

// HandleKey handles the step list (ctrl+g): move, jump with enter or the
// step's digit, close.
func (m stepList) HandleKey(k tea.KeyPressMsg) action {
	sk := &m.keys.Steps
	jump := func(s int) action {
		m.form.jump(s)
		return actBatch{actOverlay{overlayNone}, actFocus{focusForm}}
	}
	switch n := digitIndex(sk.Digit, k); {
	case key.Matches(k, sk.Close):
		return actOverlay{overlayNone}
	case key.Matches(k, sk.Up):
		for s := m.steps.sel - 1; s >= 0; s-- {
			if m.form.stepApplies(s) {
				m.steps.sel = s
				break
			}
		}
	case key.Matches(k, sk.Down):
		for s := m.steps.sel + 1; s < len(steps); s++ {
			if m.form.stepApplies(s) {
				m.steps.sel = s
				break
			}
		}
	case key.Matches(k, sk.Jump):
		return jump(m.steps.sel)
	case n >= 0:
		return jump(n)
	}
	return nil
}
