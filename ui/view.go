package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// View renders the frame. Every return path sets the alternate screen.
func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.WindowTitle = "gpupick"
	return v
}

// Render returns the frame's text: exactly height lines of width cells.
func (m Model) Render() string {
	l := m.layout()
	c := newChrome(&m)
	if l.tooSmall {
		return c.viewTooSmall()
	}
	form, panel := newFormPane(&m), newPanelView(&m)
	form.stacked, panel.sizes = l.stacked, l
	lines := make([]string, 0, m.height)
	lines = append(lines, c.viewHeader(l.width))
	switch {
	case m.overlay == overlayHelp:
		lines = append(lines, c.help.Render(l.width, l.bodyH)...)
	case l.stacked:
		lines = append(lines, form.Render(l.formW, l.formH)...)
		lines = append(lines, m.st.Separator.Render(strings.Repeat("─", l.width)))
		lines = append(lines, panel.Render(l.panelW, l.panelH)...)
	default:
		form, panel := form.Render(l.formW, l.formH), panel.Render(l.panelW, l.panelH)
		sep := m.st.Separator.Render(" │ ")
		for i := range l.bodyH {
			lines = append(lines, form[i]+sep+panel[i])
		}
	}
	lines = append(lines, c.viewFooter(l.width, l.bodyH)...)
	return strings.Join(lines, "\n")
}

// viewHeader is the top line: the name, the step and where the focus is.
func (m chrome) viewHeader(w int) string {
	left := m.st.AppName.Render(m.t.s(mAppName)) + m.st.Header.Render("  "+m.t.s(mTagline))
	focus := m.t.s(mFocusForm)
	if m.focus == focusOffers {
		focus = m.t.s(mFocusOffers)
	}
	right := m.t.f(mStepOf, m.form.step+1, len(steps)) + " · " + focus
	if p := m.cfg.LoadedFrom; p != "" {
		loaded := m.t.f(mLoadedFrom, p) + " · " + right
		if cellWidth(left)+cellWidth(loaded)+2 > w {
			loaded = m.t.f(mLoadedFrom, filepath.Base(p)) + " · " + right
		}
		right = loaded
	}
	right = m.st.Header.Render(right)
	gap := w - cellWidth(left) - cellWidth(right)
	if gap < 2 {
		return fit(left, w)
	}
	return left + blanks(gap) + right
}

// viewFooter is two lines: a prompt or status with the catalog's origin and
// date, and the help line.
func (m chrome) viewFooter(w, bodyH int) []string {
	cat := m.catalogLine()
	var left string
	switch {
	case m.leaving != leaveNone:
		left = m.st.Warn.Render(m.t.s(mLeaveAsk))
	case m.export.export.active():
		left = m.export.Render(w, 1)[0]
	case m.filter.on:
		f := []rune(m.offers.filter)
		pos := min(m.filter.pos, len(f))
		cur := " "
		rest := ""
		if pos < len(f) {
			cur, rest = string(f[pos]), string(f[pos+1:])
		}
		left = m.st.LabelOn.Render(m.t.s(mFilterPrompt)) + m.st.Input.Render(string(f[:pos])) + m.st.Cursor.Render(cur) + m.st.Input.Render(rest) +
			m.st.Muted.Render("  "+m.t.s(mFilterHint))
	case m.status != "":
		if m.statusErr {
			left = m.st.Error.Render(m.status)
		} else {
			left = m.st.Status.Render(m.status)
		}
	case m.refresh != "":
		left = m.st.Status.Render(m.refresh)
	}
	if extra := m.statusRows(); extra > 0 {
		// A long message is wrapped, not cut, above the help line.
		text, st, _ := m.longFooter()
		lines := wrap(text, w)[:extra+1]
		for i := range lines {
			lines[i] = st.Render(fit(lines[i], w))
		}
		return append(lines, fit(m.helpLine(w, bodyH), w))
	}
	var first string
	lw, cw := cellWidth(left), cellWidth(cat)
	switch {
	case left == "":
		first = m.st.Footer.Render(fit(cat, w))
	case lw+2+cw <= w:
		first = left + blanks(w-lw-cw) + m.st.Footer.Render(cat)
	default:
		first = fit(left, w)
	}
	return []string{first, fit(m.helpLine(w, bodyH), w)}
}

// catalogLine names the catalog's origin, its price date and its size.
func (m chrome) catalogLine() string {
	if m.cfg.Catalog == nil {
		return ""
	}
	info := m.cfg.Catalog.Info
	origin := m.originText(info.Origin)
	date := info.SnapshotDate
	if date == "" {
		date = m.t.s(mUnknown)
	}
	return m.t.f(mCatalogFooter, origin, date, len(m.cfg.Catalog.Offers))
}

// originText words where the catalog comes from: "embedded", "imported"
// or "updated", with "+overlay" when private offers were laid over it.
func (m chrome) originText(origin string) string {
	base, overlay := strings.CutSuffix(origin, "+overlay")
	if base == "" {
		base = "-"
	}
	base = model.OriginName(base).In(m.t.zh())
	if overlay {
		base += " + " + model.OriginName("overlay").In(m.t.zh())
	}
	return base
}

// helpLine is the short help of the current focus, rendered by
// bubbles/help and kept in the render cache while nothing it shows changes.
func (m chrome) helpLine(w, bodyH int) string {
	var bindings []key.Binding
	switch {
	case m.export.export.state == exportInvalid:
		return m.st.HelpDesc.Render(m.t.s(mExportInvalidHint))
	case m.export.export.state == exportChoose:
		return m.st.HelpDesc.Render(m.t.s(mLaunchChooseHint))
	case m.export.export.active():
		return m.st.HelpDesc.Render(m.t.s(mExportHint))
	case m.overlay == overlayHelp:
		if len(m.help.lines(w, bodyH)) > bodyH {
			return m.st.HelpDesc.Render(m.t.s(mHelpClose) + " · " + m.t.s(mHelpScroll))
		}
		return m.st.HelpDesc.Render(m.t.s(mHelpClose))
	case m.overlay == overlayTrial:
		return m.st.HelpDesc.Render(m.t.s(mTrialHint))
	case m.overlay == overlaySteps:
		bindings = m.keys.stepsHelp()
	default:
		bindings = contextHelp{k: &m.keys, offers: m.focus == focusOffers}.ShortHelp()
	}
	ck := fmt.Sprintf("%d/%v/%v/%v/%v", w, m.overlay, m.focus, m.dark, m.st.color)
	if m.cache != nil && m.cache.helpKey == ck {
		return m.cache.help
	}
	h := help.New()
	h.Styles = m.st.Help
	// Drop the least useful bindings until the line fits, keeping the
	// last one ("? all keys") so that every key stays one press away.
	s := h.ShortHelpView(bindings)
	for len(bindings) > 1 && cellWidth(s) > w {
		bindings = append(bindings[:len(bindings)-2], bindings[len(bindings)-1])
		s = h.ShortHelpView(bindings)
	}
	if cellWidth(s) > w {
		s = fit(s, w)
	}
	if m.cache != nil {
		m.cache.helpKey, m.cache.help = ck, s
	}
	return s
}

// Render is the help screen in h lines of w cells, scrolled when it is
// taller, with a last line that says there is more.
func (m helpView) Render(w, h int) []string {
	lines := m.lines(w, h)
	if len(lines) <= h {
		return pad(lines, w, h)
	}
	top := min(m.help.scroll, len(lines)-h+1)
	page := lines[top:min(top+h-1, len(lines))]
	more := m.st.Muted.Render("↓ " + m.t.s(mHelpMore))
	if top+h-1 >= len(lines) {
		more = ""
	}
	return pad(append(page, more), w, h)
}

// lines lists every key in titled groups, then what the sort orders and
// the less obvious columns mean: the whole help, before scrolling. On a
// short screen the blank lines go first, so that everything fits.
func (m helpView) lines(w, h int) []string {
	groups := contextHelp{k: &m.keys}.FullHelp()
	titles := []msg{mGroupForm, mGroupOffers, mGroupGlobal}
	cols := make([][]string, len(groups))
	for gi, g := range groups {
		keyW := 0
		for _, b := range g {
			keyW = max(keyW, cellWidth(b.Help().Key))
		}
		col := []string{m.st.Title.Render(m.t.s(titles[gi])), ""}
		for _, b := range g {
			col = append(col, m.st.HelpKey.Render(fitPlain(b.Help().Key, keyW))+"  "+m.st.Value.Render(b.Help().Desc))
		}
		cols[gi] = col
	}
	var blocks []string
	for i, c := range cols {
		pad := 3
		if i == len(cols)-1 {
			pad = 0
		}
		blocks = append(blocks, lipgloss.NewStyle().PaddingRight(pad).Render(strings.Join(c, "\n")))
	}
	body := lipgloss.JoinHorizontal(lipgloss.Top, blocks...)
	if lipgloss.Width(body) > w {
		body = lipgloss.JoinVertical(lipgloss.Left, blocks...)
	}
	keys := strings.Split(body, "\n")
	for len(keys) > 0 && strings.TrimSpace(ansi.Strip(keys[len(keys)-1])) == "" {
		keys = keys[:len(keys)-1]
	}
	legend := m.helpLegend(w, true)
	if 3+len(keys)+len(legend) > h {
		legend = m.helpLegend(w, false)
	}
	out := []string{m.st.Title.Render(m.t.s(mHelpTitle)), ""}
	out = append(out, keys...)
	out = append(out, "")
	out = append(out, legend...)
	if len(out) > h {
		// Drop the blank lines under the titles.
		out = append([]string{out[0]}, keys[0])
		out = append(out, keys[2:]...)
		if len(out)+1+len(legend) <= h {
			out = append(out, "")
		}
		out = append(out, legend...)
	}
	return out
}

// helpLegend explains the sort orders and the offer columns whose heading
// is a single word or sign; full gives every sort order a line and each
// part a title, else the names stand for themselves.
func (m helpView) helpLegend(w int, full bool) []string {
	var out []string
	item := func(name, desc string, nameW int) {
		lines := wrap(desc, max(w-nameW-2, 20))
		for i, l := range lines {
			key := blanks(nameW)
			if i == 0 {
				key = fitPlain(name, nameW)
			}
			out = append(out, fit(m.st.HelpKey.Render(key)+"  "+m.st.Value.Render(l), w))
		}
	}
	nameW := 0
	for k := range sortCount {
		nameW = max(nameW, cellWidth(k.label(m.t)))
	}
	for _, c := range []msg{mColFit, mColTotal, mColRisk, mColModel, mColWarn} {
		nameW = max(nameW, cellWidth(m.t.s(c)))
	}
	if full {
		out = append(out, m.st.Title.Render(m.t.s(mHelpSortTitle)))
		for k := range sortCount {
			item(k.label(m.t), k.desc(m.t), nameW)
		}
	} else {
		// The advisor's rank needs explaining; the others are named.
		item(sortBest.label(m.t), sortBest.desc(m.t), nameW)
		var names []string
		for k := range sortCount {
			names = append(names, k.label(m.t))
		}
		item("s", strings.Join(names, " → "), nameW)
	}
	if full {
		out = append(out, m.st.Title.Render(m.t.s(mHelpColumnsTitle)))
	}
	item(m.t.s(mColFit), m.t.s(mHelpColFit), nameW)
	item(m.t.s(mColTotal), m.t.s(mHelpColTotal), nameW)
	item(m.t.s(mColRisk), m.t.s(mHelpColRisk), nameW)
	item(m.t.s(mColModel), m.t.s(mHelpColPay), nameW)
	item(m.t.s(mColWarn), m.t.s(mHelpColWarn), nameW)
	return out
}

// viewTooSmall explains that the terminal is too small, centred.
func (m chrome) viewTooSmall() string {
	w, h := max(m.width, 1), max(m.height, 1)
	msg := m.st.TooSmall.Render(m.t.f(mTooSmall, m.width, m.height, minWidth, minHeight))
	hint := m.st.Muted.Render(m.t.s(mTooSmallHint))
	body := lipgloss.NewStyle().Width(w).Align(lipgloss.Center).Render(msg + "\n" + hint)
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, body)
}

// maxStatusRows bounds the rows a long error takes from the body.
const maxStatusRows = 3

// longFooter is the footer message that is read whole, wrapped when long:
// a status (a failed save names the path and the system's reason; a saved
// launch config its path and the commands that launch it, which a long
// path would otherwise cut), or the question before saving an invalid
// answer.
func (m chrome) longFooter() (string, paint, bool) {
	switch {
	case m.export.export.state == exportInvalid:
		return m.export.invalidPrompt(), m.st.Warn, true
	case m.statusErr && m.status != "" && !m.export.export.active() && !m.filter.on:
		return m.status, m.st.Error, true
	case m.status != "" && !m.export.export.active() && !m.filter.on:
		return m.status, m.st.Status, true
	}
	return "", paint{}, false
}

// statusRows is how many rows past the first the footer's message needs.
func (m chrome) statusRows() int {
	text, _, ok := m.longFooter()
	if !ok || m.width < minWidth {
		return 0
	}
	return min(len(wrap(text, m.width))-1, maxStatusRows)
}
