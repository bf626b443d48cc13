package ui

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"

	"charm.land/lipgloss/v2"
)

// styles holds every style of the UI under a semantic name. It is built
// once per background (dark or light) and colour setting; NO_COLOR builds
// it without any colour, relying on bold, faint and reverse video alone.
type styles struct {
	color bool

	AppName  paint // the name in the header
	Header   paint // the rest of the header line
	Title    paint // a section or step title
	Hint     paint // explanatory text under a title
	Muted    paint // secondary text
	Label    paint // a question label
	LabelOn  paint // the label of the focused question
	Value    paint // an answer shown in summaries
	Input    paint // the text being typed
	Cursor   paint // the text cursor cell
	Option   paint // a choice option
	OptionOn paint // the chosen option
	Valid    paint // a parsed echo of a valid answer
	Invalid  paint // a validation error
	Forms    paint // the accepted forms
	StepDone paint // a visited step in the step list
	StepOn   paint // the current step
	StepTodo paint // a step not visited yet
	StepNA   paint // a step that does not apply

	Separator   paint // the rule between panes
	PaneTitle   paint // a pane heading
	PaneTitleOn paint // the heading of the focused pane
	ColHeader   paint // table column headers
	Row         paint // an offer row
	RowSel      paint // the selected offer row
	RowSelDim   paint // the selected row while the offers are not focused
	Mark        paint // the mark of an offer chosen for comparison
	Money       paint // a price
	Best        paint // the cheapest figure in a comparison
	Unknown     paint // a figure no source gave
	Good        paint // a positive fact
	Info        paint // an info warning badge
	Warn        paint // a warning badge
	Critical    paint // a critical warning badge
	BarEmpty    paint // the unfilled part of a bar
	Bar         []paint

	Footer   paint // the catalog line
	Status   paint // a status message (saved …)
	Error    paint // an error message
	HelpKey  paint
	HelpDesc paint
	HelpSep  paint
	Overlay  lipgloss.Style // an overlay box
	Help     help.Styles    // the help line (bubbles/help)
	TooSmall paint
}

// barGlyphs are the fills of the parts of a bar, distinct without colour.
var barGlyphs = []string{"█", "▓", "▒", "░", "▞", "▚"}

// palette is the colours of one background.
type palette struct {
	accent, accentDim, text, muted, faint, good, warn, bad, info, selBg color.Color
	bars                                                                []color.Color
}

func newPalette(dark bool) palette {
	ld := lipgloss.LightDark(dark)
	c := lipgloss.Color
	return palette{
		accent:    ld(c("#5A3FC0"), c("#9D8CFF")),
		accentDim: ld(c("#8A7CC8"), c("#6B5FB5")),
		text:      ld(c("#1F1F1F"), c("#E6E6E6")),
		muted:     ld(c("#6B6B6B"), c("#9A9A9A")),
		faint:     ld(c("#A8A8A8"), c("#5C5C5C")),
		good:      ld(c("#0A7F4F"), c("#3FD18F")),
		warn:      ld(c("#9A6700"), c("#F2C14E")),
		bad:       ld(c("#C4163B"), c("#FF6B8B")),
		info:      ld(c("#1F6FB2"), c("#6CB6FF")),
		selBg:     ld(c("#E4DEFF"), c("#3A3170")),
		bars: []color.Color{
			ld(c("#5A3FC0"), c("#9D8CFF")),
			ld(c("#0E7C86"), c("#4FD1C5")),
			ld(c("#B35C00"), c("#F6AD55")),
			ld(c("#B0307A"), c("#F687B3")),
			ld(c("#7A7A00"), c("#D6D65A")),
			ld(c("#707070"), c("#8A8A8A")),
		},
	}
}

// newStyles builds the styles for a background; with useColor false no
// style carries a colour.
func newStyles(dark, useColor bool) styles {
	p := newPalette(dark)
	n := lipgloss.NewStyle
	fg := func(s lipgloss.Style, c color.Color) lipgloss.Style {
		if !useColor {
			return s
		}
		return s.Foreground(c)
	}
	s := styles{color: useColor}
	pt := newPaint
	s.AppName = pt(fg(n().Bold(true), p.accent))
	s.Header = pt(fg(n(), p.muted))
	s.Title = pt(fg(n().Bold(true), p.accent))
	s.Hint = pt(fg(n(), p.muted))
	s.Muted = pt(fg(n(), p.muted))
	s.Label = pt(fg(n(), p.muted))
	s.LabelOn = pt(fg(n().Bold(true), p.text))
	s.Value = pt(fg(n(), p.text))
	s.Input = pt(fg(n(), p.text))
	s.Cursor = pt(n().Reverse(true))
	s.Option = pt(fg(n(), p.muted))
	s.OptionOn = pt(fg(n().Bold(true), p.accent))
	s.Valid = pt(fg(n(), p.good))
	s.Invalid = pt(fg(n().Bold(true), p.bad))
	s.Forms = pt(fg(n(), p.muted))
	if !useColor {
		s.Forms = pt(n().Faint(true))
	}
	s.StepDone = pt(fg(n(), p.text))
	s.StepOn = pt(fg(n().Bold(true), p.accent))
	s.StepTodo = pt(fg(n(), p.muted))
	s.StepNA = pt(fg(n(), p.faint))
	if !useColor {
		s.StepNA = pt(n().Faint(true))
	}
	s.Separator = pt(fg(n(), p.faint))
	s.PaneTitle = pt(fg(n().Bold(true), p.muted))
	s.PaneTitleOn = pt(fg(n().Bold(true), p.accent))
	s.ColHeader = pt(fg(n().Bold(true), p.muted))
	s.Row = pt(fg(n(), p.text))
	if useColor {
		s.RowSel = pt(n().Bold(true).Foreground(p.text).Background(p.selBg))
		s.RowSelDim = pt(n().Foreground(p.text).Background(p.selBg))
	} else {
		s.RowSel = pt(n().Reverse(true))
		s.RowSelDim = pt(n().Bold(true))
	}
	s.Mark = pt(fg(n().Bold(true), p.accent))
	s.Money = pt(fg(n(), p.text))
	s.Best = pt(fg(n().Bold(true), p.good))
	s.Unknown = pt(fg(n().Italic(true), p.muted))
	s.Good = pt(fg(n(), p.good))
	s.Info = pt(fg(n(), p.info))
	s.Warn = pt(fg(n().Bold(true), p.warn))
	s.Critical = pt(fg(n().Bold(true), p.bad))
	s.BarEmpty = pt(fg(n(), p.faint))
	for _, c := range p.bars {
		s.Bar = append(s.Bar, pt(fg(n(), c)))
	}
	s.Footer = pt(fg(n(), p.muted))
	s.Status = pt(fg(n().Bold(true), p.good))
	s.Error = pt(fg(n().Bold(true), p.bad))
	s.HelpKey = pt(fg(n(), p.muted))
	s.HelpDesc = pt(fg(n(), p.faint))
	if !useColor {
		s.HelpKey = pt(n().Bold(true))
		s.HelpDesc = pt(n())
	}
	s.HelpSep = pt(fg(n(), p.faint))
	s.Help = help.Styles{
		ShortKey: fg(n(), p.muted), ShortDesc: fg(n(), p.faint), ShortSeparator: fg(n(), p.faint), Ellipsis: fg(n(), p.faint),
		FullKey: fg(n(), p.muted), FullDesc: fg(n(), p.faint), FullSeparator: fg(n(), p.faint),
	}
	if !useColor {
		s.Help.ShortKey, s.Help.FullKey = n().Bold(true), n().Bold(true)
	}
	s.Overlay = n().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	if useColor {
		s.Overlay = s.Overlay.BorderForeground(p.accentDim)
	}
	s.TooSmall = pt(fg(n().Bold(true), p.warn))
	return s
}

// severity returns the badge style of a warning severity.
func (s *styles) severity(rank int) paint {
	switch rank {
	case 3:
		return s.Critical
	case 2:
		return s.Warn
	}
	return s.Info
}

// paint renders text in one style fast: the style's escape sequences are
// worked out once by lipgloss, then each Render is two concatenations.
// Frames are built from many short styled pieces, and lipgloss's general
// Render (borders, margins, alignment, width) costs more than the text.
type paint struct{ pre, post string }

// newPaint derives a painter from a simple inline style (colours and
// attributes, no border, padding or width).
func newPaint(st lipgloss.Style) paint {
	const marker = "\x00"
	r := st.Render(marker)
	i := strings.Index(r, marker)
	if i < 0 {
		return paint{}
	}
	return paint{pre: r[:i], post: r[i+len(marker):]}
}

// Render styles the strings joined by spaces, line by line.
func (p paint) Render(strs ...string) string {
	s := strings.Join(strs, " ")
	if p.pre == "" && p.post == "" || s == "" {
		return s
	}
	if strings.IndexByte(s, '\n') >= 0 {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = p.pre + l + p.post
		}
		return strings.Join(lines, "\n")
	}
	return p.pre + s + p.post
}
