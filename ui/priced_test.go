package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// TestEditPricesRowsInView: the ranking after an edit prices fully the
// rows the table shows (not a page ahead: it runs on every keystroke),
// the first frame after it has no row waiting, the page after the view
// is priced by the command that follows the ranking (before any scroll),
// and moving down past the page prices the rows it brings into view.
func TestEditPricesRowsInView(t *testing.T) {
	for _, size := range [][2]int{{140, 40}, {100, 30}, {200, 60}} {
		m := realModel(t, model.DefaultAnswers())
		m = update(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m = press(t, goTo(t, m, fUsers), "end", "6") // concurrent users 16
		if m.asked.Batch != 16 {
			t.Fatalf("%v: batch %d", size, m.asked.Batch)
		}
		shown := m.layout().offerRows
		if n := len(m.res.Recommendations); n < min(shown, len(m.res.Rows)) || n > max(shown, 2) {
			t.Errorf("%v: the edit priced %d offers, the table shows %d", size, n, shown)
		}
		checkPriced(t, m)
		l := &m.offers
		top, end, _ := l.window(l.shown)
		for _, vi := range l.view[end:min(len(l.view), end+(end-top))] {
			if l.full[vi] == nil {
				t.Errorf("%v: row %d, in the page after the view, is not priced after the edit", size, vi)
			}
		}
		m = press(t, m, "ctrl+o")
		for range shown + 3 {
			m = press(t, m, "j")
		}
		if m.offers.top == 0 {
			t.Fatalf("%v: moving down a page did not scroll", size)
		}
		checkPriced(t, m)
	}
}
