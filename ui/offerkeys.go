package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// HandleKey handles a key while the offers have the focus.
func (m offerTable) HandleKey(k tea.KeyPressMsg) action {
	ok := &m.keys.Offers
	l := m.offers
	switch {
	case key.Matches(k, ok.Quit):
		return actLeave{}
	case key.Matches(k, ok.Up):
		l.move(-1)
		m.pane.scroll = 0
	case key.Matches(k, ok.Down):
		l.move(1)
		m.pane.scroll = 0
	case key.Matches(k, ok.PageUp):
		l.move(-max(m.pageRows-1, 1))
		m.pane.scroll = 0
	case key.Matches(k, ok.PageDown):
		l.move(max(m.pageRows-1, 1))
		m.pane.scroll = 0
	case key.Matches(k, ok.Top):
		l.home()
	case key.Matches(k, ok.Bottom):
		l.end()
	case key.Matches(k, ok.Sort):
		l.cycleSort()
	case key.Matches(k, ok.Filter):
		m.filter.on = true
		m.filter.pos = len([]rune(l.filter))
	case key.Matches(k, ok.Mark):
		if !l.toggleMark() {
			return actStatus{m.t.s(mMarkLimit), true}
		}
		return actStatus{}
	case key.Matches(k, ok.Compare):
		m.pane.compare = !m.pane.compare
		m.pane.scroll = 0
	case key.Matches(k, ok.Detail):
		m.pane.detail = !m.pane.detail
		m.pane.scroll = 0
	case key.Matches(k, ok.ScrollUp):
		m.pane.scroll = max(m.pane.scroll-3, 0)
	case key.Matches(k, ok.ScrollDown):
		m.pane.scroll += 3
	case key.Matches(k, ok.Back):
		switch {
		case m.pane.compare:
			m.pane.compare = false
		case m.pane.detail:
			m.pane.detail = false
		case l.filter != "" && key.Matches(k, m.keys.Filter.Clear):
			l.setFilter("")
		default:
			return actFocus{focusForm}
		}
	}
	return nil
}

// filterKey edits the offer filter.
func (m offerTable) filterKey(k tea.KeyPressMsg) action {
	switch {
	case key.Matches(k, m.keys.Filter.Keep):
		m.filter.on = false
		return nil
	case key.Matches(k, m.keys.Filter.Clear):
		m.filter.on = false
		m.offers.setFilter("")
		return nil
	}
	s, pos, ok := editText(&m.keys.Edit, m.offers.filter, m.filter.pos, k)
	if ok {
		m.filter.pos = pos
		if s != m.offers.filter {
			m.offers.setFilter(s)
		}
	}
	return nil
}

// HandleKey handles keys while the trial plan is shown.
func (m trialView) HandleKey(k tea.KeyPressMsg) action {
	tk := &m.keys.Trial
	switch {
	case key.Matches(k, tk.Close):
		m.pane.scroll = 0
		return actOverlay{overlayNone}
	case key.Matches(k, tk.Down):
		m.pane.scroll += 3
	case key.Matches(k, tk.Up):
		m.pane.scroll = max(m.pane.scroll-3, 0)
	}
	return nil
}

// HandleKey scrolls and closes the help screen.
func (m helpView) HandleKey(k tea.KeyPressMsg) action {
	hk := &m.keys.Help
	page := max(m.bodyH-1, 1)
	var a action
	switch {
	case key.Matches(k, hk.Close):
		a = actOverlay{overlayNone}
	case key.Matches(k, hk.Down):
		m.help.scroll++
	case key.Matches(k, hk.Up):
		m.help.scroll = max(m.help.scroll-1, 0)
	case key.Matches(k, hk.PageDown):
		m.help.scroll += page
	case key.Matches(k, hk.PageUp):
		m.help.scroll = max(m.help.scroll-page, 0)
	case key.Matches(k, hk.Top):
		m.help.scroll = 0
	}
	m.help.scroll = min(m.help.scroll, max(len(m.lines(m.width, m.bodyH))-m.bodyH+1, 0))
	return a
}
