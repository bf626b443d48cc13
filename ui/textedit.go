package ui

import (
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
)

// maxFieldLen bounds what can be typed into one field.
const maxFieldLen = 200

// editText applies an editing key to text with the cursor at pos (in
// runes). It reports whether the key was an editing key. The field keeps
// every character typed, valid or not.
func editText(s string, pos int, k tea.KeyPressMsg) (string, int, bool) {
	r := []rune(s)
	pos = min(max(pos, 0), len(r))
	switch k.String() {
	case "left", "ctrl+b":
		return s, max(pos-1, 0), true
	case "right", "ctrl+f":
		return s, min(pos+1, len(r)), true
	case "home", "ctrl+a":
		return s, 0, true
	case "end", "ctrl+e":
		return s, len(r), true
	case "backspace", "ctrl+h":
		if pos == 0 {
			return s, pos, true
		}
		return string(r[:pos-1]) + string(r[pos:]), pos - 1, true
	case "delete", "ctrl+d":
		if pos >= len(r) {
			return s, pos, true
		}
		return string(r[:pos]) + string(r[pos+1:]), pos, true
	case "ctrl+u":
		return string(r[pos:]), 0, true
	case "ctrl+k":
		return string(r[:pos]), pos, true
	case "ctrl+w", "alt+backspace":
		i := pos
		for i > 0 && unicode.IsSpace(r[i-1]) {
			i--
		}
		for i > 0 && !unicode.IsSpace(r[i-1]) && r[i-1] != ',' {
			i--
		}
		return string(r[:i]) + string(r[pos:]), i, true
	case "alt+left", "ctrl+left":
		i := pos
		for i > 0 && unicode.IsSpace(r[i-1]) {
			i--
		}
		for i > 0 && !unicode.IsSpace(r[i-1]) {
			i--
		}
		return s, i, true
	case "alt+right", "ctrl+right":
		i := pos
		for i < len(r) && unicode.IsSpace(r[i]) {
			i++
		}
		for i < len(r) && !unicode.IsSpace(r[i]) {
			i++
		}
		return s, i, true
	}
	if k.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) != 0 || k.Text == "" {
		return s, pos, false
	}
	return insertText(s, pos, k.Text)
}

// insertText inserts typed or pasted text at pos, dropping control
// characters and newlines.
func insertText(s string, pos int, ins string) (string, int, bool) {
	r := []rune(s)
	pos = min(max(pos, 0), len(r))
	clean := []rune(strings.Map(func(c rune) rune {
		if c == '\n' || c == '\r' || c == '\t' {
			return ' '
		}
		if unicode.IsControl(c) {
			return -1
		}
		return c
	}, ins))
	if room := maxFieldLen - len(r); len(clean) > room {
		clean = clean[:max(room, 0)]
	}
	out := make([]rune, 0, len(r)+len(clean))
	out = append(out, r[:pos]...)
	out = append(out, clean...)
	out = append(out, r[pos:]...)
	return string(out), pos + len(clean), true
}
