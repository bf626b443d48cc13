package ui

import (
	"image/color"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// PlayScript builds the wizard of cfg in a w×h terminal, plays a script of
// key presses through the same Update and View the terminal program runs,
// and returns the final frame, styled and as plain text. bg, when not nil,
// is the terminal's background as a terminal would report it (for a light
// background). The script is comma-separated: key names such as enter,
// tab, shift+tab, esc, up, down, space, backspace and ctrl+o, or text to
// type. cmd/screenshot draws the README's picture from it.
func PlayScript(cfg Config, w, h int, bg color.Color, script string) (styled, plain string) {
	m := tea.Model(New(cfg))
	m = drain(m, nil, tea.WindowSizeMsg{Width: w, Height: h})
	m = drain(m, m.Init(), nil)
	if bg != nil {
		m = drain(m, nil, tea.BackgroundColorMsg{Color: bg})
	}
	for _, k := range scriptKeys(script) {
		m = drain(m, nil, k)
	}
	frame := m.View().Content
	return frame, ansi.Strip(frame)
}

// drain delivers msg (if any), then runs the returned commands to the
// end, feeding their messages back, as the program's loop would.
func drain(m tea.Model, cmd tea.Cmd, msg tea.Msg) tea.Model {
	if msg != nil {
		m, cmd = m.Update(msg)
	}
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0 && steps < 1000; steps++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch r := c().(type) {
		case nil, tea.QuitMsg:
		case tea.BatchMsg:
			queue = append(queue, r...)
		default:
			var next tea.Cmd
			m, next = m.Update(r)
			queue = append(queue, next)
		}
	}
	return m
}

// scriptKeys turns a PlayScript script into key presses.
func scriptKeys(script string) []tea.KeyPressMsg {
	named := map[string]tea.KeyPressMsg{
		"enter": {Code: tea.KeyEnter}, "tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"esc": {Code: tea.KeyEscape}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
		"space": {Code: tea.KeySpace, Text: " "}, "backspace": {Code: tea.KeyBackspace},
	}
	var out []tea.KeyPressMsg
	for _, tok := range strings.Split(script, ",") {
		if k, ok := named[tok]; ok {
			out = append(out, k)
			continue
		}
		if rest, ok := strings.CutPrefix(tok, "ctrl+"); ok && len(rest) == 1 {
			out = append(out, tea.KeyPressMsg{Code: rune(rest[0]), Mod: tea.ModCtrl})
			continue
		}
		for _, r := range tok {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return out
}
