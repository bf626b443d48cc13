package ui

import (
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// maxFieldLen bounds what can be typed into one field.
const maxFieldLen = 200

// editText applies an editing key to text with the cursor at pos (in
// runes). It reports whether the key was an editing key. The field keeps
// every character typed, valid or not.
func editText(ek *editKeys, s string, pos int, k tea.KeyPressMsg) (string, int, bool) {
	r := []rune(s)
	pos = min(max(pos, 0), len(r))
	switch {
	case key.Matches(k, ek.Left):
		return s, max(pos-1, 0), true
	case key.Matches(k, ek.Right):
		return s, min(pos+1, len(r)), true
	case key.Matches(k, ek.Home):
		return s, 0, true
	case key.Matches(k, ek.End):
		return s, len(r), true
	case key.Matches(k, ek.Backspace):
		if pos == 0 {
			return s, pos, true
		}
		return string(r[:pos-1]) + string(r[pos:]), pos - 1, true
	case key.Matches(k, ek.Delete):
		if pos >= len(r) {
			return s, pos, true
		}
		return string(r[:pos]) + string(r[pos+1:]), pos, true
	case key.Matches(k, ek.KillBefore):
		return string(r[pos:]), 0, true
	case key.Matches(k, ek.KillAfter):
		return string(r[:pos]), pos, true
	case key.Matches(k, ek.DeleteWord):
		i := pos
		for i > 0 && unicode.IsSpace(r[i-1]) {
			i--
		}
		for i > 0 && !unicode.IsSpace(r[i-1]) && r[i-1] != ',' {
			i--
		}
		return string(r[:i]) + string(r[pos:]), i, true
	case key.Matches(k, ek.WordLeft):
		i := pos
		for i > 0 && unicode.IsSpace(r[i-1]) {
			i--
		}
		for i > 0 && !unicode.IsSpace(r[i-1]) {
			i--
		}
		return s, i, true
	case key.Matches(k, ek.WordRight):
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
