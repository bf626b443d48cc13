package ui

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// styles holds every style of the UI under a semantic name. It is built
// once per background (dark or light) and colour setting; NO_COLOR builds
// it without any colour, relying on bold, faint and reverse video alone.
type styles struct {
	color bool

	AppName  lipgloss.Style // the name in the header
	Header   lipgloss.Style // the rest of the header line
	Title    lipgloss.Style // a section or step title
	Hint     lipgloss.Style // explanatory text under a title
	Muted    lipgloss.Style // secondary text
	Label    lipgloss.Style // a question label
	LabelOn  lipgloss.Style // the label of the focused question
	Value    lipgloss.Style // an answer shown in summaries
	Input    lipgloss.Style // the text being typed
	Cursor   lipgloss.Style // the text cursor cell
	Option   lipgloss.Style // a choice option
	OptionOn lipgloss.Style // the chosen option
	Valid    lipgloss.Style // a parsed echo of a valid answer
	Invalid  lipgloss.Style // a validation error
	Forms    lipgloss.Style // the accepted forms
	StepDone lipgloss.Style // a visited step in the step list
	StepOn   lipgloss.Style // the current step
	StepTodo lipgloss.Style // a step not visited yet
	StepNA   lipgloss.Style // a step that does not apply

	Separator   lipgloss.Style // the rule between panes
	PaneTitle   lipgloss.Style // a pane heading
	PaneTitleOn lipgloss.Style // the heading of the focused pane
	ColHeader   lipgloss.Style // table column headers
	Row         lipgloss.Style // an offer row
	RowSel      lipgloss.Style // the selected offer row
	RowSelDim   lipgloss.Style // the selected row while the offers are not focused
	Mark        lipgloss.Style // the mark of an offer chosen for comparison
	Money       lipgloss.Style // a price
	Best        lipgloss.Style // the cheapest figure in a comparison
	Unknown     lipgloss.Style // a figure no source gave
	Good        lipgloss.Style // a positive fact
	Info        lipgloss.Style // an info warning badge
	Warn        lipgloss.Style // a warning badge
	Critical    lipgloss.Style // a critical warning badge
	BarEmpty    lipgloss.Style // the unfilled part of a bar
	Bar         []lipgloss.Style

	Footer   lipgloss.Style // the catalog line
	Status   lipgloss.Style // a status message (saved …)
	Error    lipgloss.Style // an error message
	HelpKey  lipgloss.Style
	HelpDesc lipgloss.Style
	HelpSep  lipgloss.Style
	Overlay  lipgloss.Style // an overlay box
	TooSmall lipgloss.Style
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
	s.AppName = fg(n().Bold(true), p.accent)
	s.Header = fg(n(), p.muted)
	s.Title = fg(n().Bold(true), p.accent)
	s.Hint = fg(n(), p.muted)
	s.Muted = fg(n(), p.muted)
	s.Label = fg(n(), p.muted)
	s.LabelOn = fg(n().Bold(true), p.text)
	s.Value = fg(n(), p.text)
	s.Input = fg(n(), p.text)
	s.Cursor = n().Reverse(true)
	s.Option = fg(n(), p.muted)
	s.OptionOn = fg(n().Bold(true), p.accent)
	s.Valid = fg(n(), p.good)
	s.Invalid = fg(n().Bold(true), p.bad)
	s.Forms = fg(n(), p.muted)
	if !useColor {
		s.Forms = n().Faint(true)
	}
	s.StepDone = fg(n(), p.text)
	s.StepOn = fg(n().Bold(true), p.accent)
	s.StepTodo = fg(n(), p.muted)
	s.StepNA = fg(n(), p.faint)
	if !useColor {
		s.StepNA = n().Faint(true)
	}
	s.Separator = fg(n(), p.faint)
	s.PaneTitle = fg(n().Bold(true), p.muted)
	s.PaneTitleOn = fg(n().Bold(true), p.accent)
	s.ColHeader = fg(n().Bold(true), p.muted)
	s.Row = fg(n(), p.text)
	if useColor {
		s.RowSel = n().Bold(true).Foreground(p.text).Background(p.selBg)
		s.RowSelDim = n().Foreground(p.text).Background(p.selBg)
	} else {
		s.RowSel = n().Reverse(true)
		s.RowSelDim = n().Bold(true)
	}
	s.Mark = fg(n().Bold(true), p.accent)
	s.Money = fg(n(), p.text)
	s.Best = fg(n().Bold(true), p.good)
	s.Unknown = fg(n().Italic(true), p.muted)
	s.Good = fg(n(), p.good)
	s.Info = fg(n(), p.info)
	s.Warn = fg(n().Bold(true), p.warn)
	s.Critical = fg(n().Bold(true), p.bad)
	s.BarEmpty = fg(n(), p.faint)
	for _, c := range p.bars {
		s.Bar = append(s.Bar, fg(n(), c))
	}
	s.Footer = fg(n(), p.muted)
	s.Status = fg(n().Bold(true), p.good)
	s.Error = fg(n().Bold(true), p.bad)
	s.HelpKey = fg(n(), p.muted)
	s.HelpDesc = fg(n(), p.faint)
	if !useColor {
		s.HelpKey = n().Bold(true)
		s.HelpDesc = n()
	}
	s.HelpSep = fg(n(), p.faint)
	s.Overlay = n().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	if useColor {
		s.Overlay = s.Overlay.BorderForeground(p.accentDim)
	}
	s.TooSmall = fg(n().Bold(true), p.warn)
	return s
}

// severity returns the badge style of a warning severity.
func (s *styles) severity(rank int) lipgloss.Style {
	switch rank {
	case 3:
		return s.Critical
	case 2:
		return s.Warn
	}
	return s.Info
}
