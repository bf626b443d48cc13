package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Leaving: q (in the offers) and ctrl+c ask before leaving answers that
// are not saved (actLeave); with nothing unsaved they leave at once.

// leaveAsk is the question before leaving, and the key that asked it.
type leaveAsk int

const (
	leaveNone  leaveAsk = iota
	leaveQ              // q: leaving exits 0
	leaveCtrlC          // ctrl+c: leaving exits 130 unless a record was saved
)

// unsaved reports whether a question's text differs from saved, its text
// when the answers were last saved, loaded or started from.
func unsaved(f *form, saved []string) bool { return !slices.Equal(f.raw, saved) }

// leaveDialog is the question before leaving unsaved answers, in the
// footer.
type leaveDialog struct {
	*ctx
	leaving leaveAsk
	export  exportDialog
}

// HandleKey answers the question: y (or ctrl+c again) leaves, n or esc
// stays, s opens the record's save (ctrl+s); other keys do nothing while
// it is asked.
func (d leaveDialog) HandleKey(k tea.KeyPressMsg) action {
	lk := &d.keys.Leave
	switch {
	case key.Matches(k, lk.Leave):
		return actBatch{actLeaving{leaveNone}, actQuit{interrupted: d.leaving == leaveCtrlC || key.Matches(k, d.keys.Global.Quit)}}
	case key.Matches(k, lk.Stay):
		return actLeaving{leaveNone}
	case key.Matches(k, lk.Save):
		if d.export.export.active() {
			return actLeaving{leaveNone}
		}
		return actBatch{actLeaving{leaveNone}, d.export.start(false)}
	}
	return nil
}
