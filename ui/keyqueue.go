package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The rankings run in tea.Cmds and land when they are done. A key whose
// effect depends on the ranked list (moving in the offers, the filter,
// saving the selected offer, the trial plan…) must act on the ranking of
// the answers it follows, not on whichever ranking landed first: while
// that ranking is due, such a key waits in the root model's queue, and the
// input behind it waits too, so that everything is handled in the order it
// was typed once the ranking lands. Typing in the questions never waits
// unless something queued is ahead of it. A save in progress holds the
// input the same way (its dialogue would otherwise swallow it).

// keyTarget is the part of the wizard a key press goes to.
type keyTarget int

const (
	toLeave  keyTarget = iota // the question before leaving unsaved answers
	toQuit                    // ctrl+c
	toExport                  // the export dialogue
	toFilter                  // the offer filter's prompt
	toHelp                    // the help screen
	toSteps                   // the step list
	toTrial                   // the trial plan
	toGlobal                  // a global key (export, launch, trial, refresh, help, steps, focus)
	toOffers                  // the offer list, when it has the focus
	toForm                    // the questions (and their offer keys: ctrl+n/p, shift+↑/↓)
)

// keyRouter is the root's state that decides where input goes and
// whether it waits for a ranking.
type keyRouter struct {
	keys     *keyMap
	leaving  bool
	dialogue bool // the export dialogue is open
	filter   bool // the offer filter's prompt is open
	overlay  overlay
	focus    focusArea
	// workload: the question being answered is the workload.
	workload bool
	// due: the ranking of the current answers, or the whole list asked
	// for them, is not in yet, or a save runs.
	due bool
}

func newKeyRouter(m *Model) keyRouter {
	return keyRouter{keys: &m.keys, leaving: m.leaving != leaveNone, dialogue: m.export.active(), filter: m.filter.on,
		overlay: m.overlay, focus: m.focus, workload: m.form.current() == fWorkload,
		due: m.resSeq != m.seq || m.allDue != 0 && m.allDue == m.seq || m.export.state == exportSaving}
}

// target is where key k goes; Model.key dispatches on it.
func (r keyRouter) target(k tea.KeyPressMsg) keyTarget {
	g := &r.keys.Global
	switch {
	case r.leaving:
		return toLeave
	case key.Matches(k, g.Quit):
		return toQuit
	case r.dialogue:
		return toExport
	case r.filter:
		return toFilter
	case r.overlay == overlayHelp:
		return toHelp
	case r.overlay == overlaySteps:
		return toSteps
	case r.overlay == overlayTrial:
		return toTrial
	case key.Matches(k, g.Export, g.Launch, g.Trial, g.Refresh, g.Help, g.Steps, g.Focus):
		return toGlobal
	case r.focus == focusOffers:
		return toOffers
	}
	return toForm
}

// waits reports whether input msg (a key press or a paste) must wait for
// the ranking now due: it acts on the ranked list, or its effect depends
// on it. Help, the step list, the focus key, ctrl+c and typing in the
// questions do not; on the workload question they do, as choosing "I know
// my VRAM" starts from the current ranking's estimate.
func (r keyRouter) waits(msg tea.Msg) bool {
	if !r.due {
		return false
	}
	k, isKey := msg.(tea.KeyPressMsg)
	if !isKey {
		// A paste goes to the open prompt (the path, the filter) or to the
		// question being answered.
		return r.leaving || r.dialogue || r.filter || r.focus != focusForm || r.overlay != overlayNone
	}
	g := &r.keys.Global
	switch r.target(k) {
	case toQuit, toHelp, toSteps:
		return false
	case toGlobal:
		return !key.Matches(k, g.Help, g.Steps, g.Focus)
	case toForm:
		return key.Matches(k, g.NextOffer, g.PrevOffer) || r.workload
	}
	return true
}

// drain handles the queued input in order, as long as the head need not
// wait. Each is followed by what Update does after any message (settle),
// so that a key asking for the whole list holds the next ones.
func (m *Model) drain() tea.Cmd {
	var cmds []tea.Cmd
	if m.quitting {
		m.queue = nil
		return nil
	}
	for len(m.queue) > 0 && !m.quitting && !newKeyRouter(m).waits(m.queue[0]) {
		var cmd tea.Cmd
		switch msg := m.queue[0].(type) {
		case tea.PasteMsg:
			cmd = m.paste(msg.Content)
		case tea.KeyPressMsg:
			cmd = m.key(msg)
		}
		m.queue = m.queue[1:]
		cmds = append(cmds, cmd, m.settle())
	}
	if len(m.queue) == 0 || m.quitting {
		m.queue = nil
	}
	return tea.Batch(cmds...)
}
