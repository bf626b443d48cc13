package ui

import (
	"slices"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The keymap is the one place a key is named: every component dispatches
// with key.Matches on these bindings, and the help (the help screen, the
// help line and each dialogue's hint) shows them. TestKeymapAndHelp checks
// both ways: every key that dispatches is shown, every key shown
// dispatches.

// globalKeys work wherever the focus is.
type globalKeys struct {
	Quit, Help, Export, Launch, Trial, Refresh, Steps, Focus, NextOffer, PrevOffer key.Binding
}

// formKeys move through the questions. OptionPrev, OptionNext and the
// digits choose an option of a choice question, PresetUp and PresetDown
// move in the model presets; the help shows them as one entry (Choose).
type formKeys struct {
	Next, Prev, Back, OptionPrev, OptionNext, Option, PresetUp, PresetDown, ScrollUp, ScrollDown key.Binding
}

// offerKeys work while the offers have the focus.
type offerKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Sort, Filter, Mark, Compare, Detail, ScrollUp, ScrollDown, Back, Quit key.Binding
}

// stepKeys work in the step list; Digit's keys are derived from the steps
// (digitKeys).
type stepKeys struct {
	Up, Down, Jump, Digit, Close key.Binding
}

// filterKeys edit the offer filter in the footer.
type filterKeys struct {
	Keep, Clear key.Binding
}

// helpKeys scroll and close the help screen.
type helpKeys struct {
	Close, Down, Up, PageDown, PageUp, Top key.Binding
}

// trialKeys scroll and close the trial plan.
type trialKeys struct {
	Close, Down, Up key.Binding
}

// exportKeys answer the export dialogue in the footer: the path, "save
// with an invalid answer?", "overwrite?" and the launcher choice.
type exportKeys struct {
	Save, Cancel       key.Binding
	SaveAnyway, Fix    key.Binding
	Overwrite, Keep    key.Binding
	Toggle, Sky, DStck key.Binding
	ChooseNext         key.Binding
}

// leaveKeys answer the question before leaving unsaved answers.
type leaveKeys struct {
	Leave, Stay, Save key.Binding
}

// editKeys edit a line of text (an answer, the filter, a path), as a
// readline does; printable keys insert themselves.
type editKeys struct {
	// Clear empties a selected answer (the first key after the focus
	// arrives); any other editing key starts editing it.
	Clear                                                                                             key.Binding
	Left, Right, Home, End, Backspace, Delete, KillBefore, KillAfter, DeleteWord, WordLeft, WordRight key.Binding
}

// keyMap holds all bindings, with help texts in the UI's language.
type keyMap struct {
	Global globalKeys
	Form   formKeys
	Offers offerKeys
	Steps  stepKeys
	Filter filterKeys
	Help   helpKeys
	Trial  trialKeys
	Export exportKeys
	Leave  leaveKeys
	Edit   editKeys
	t      tr
}

// digitKeys are the keys that jump to each step: 1…9, then 0 for the
// tenth; a list of more than ten steps has no digit for the rest.
func digitKeys(n int) []string {
	var ks []string
	for i := range min(n, 10) {
		ks = append(ks, strconv.Itoa((i+1)%10))
	}
	return ks
}

// maxOptions is the most options a choice question has: the digits that
// choose an option go that far.
func maxOptions() int {
	n := 0
	for i := range wizard.Get().defs {
		n = max(n, len(wizard.Get().defs[i].options))
	}
	return n
}

// digitIndex is the position of k among a digit binding's keys (-1: none).
func digitIndex(b key.Binding, k tea.KeyPressMsg) int {
	if !key.Matches(k, b) {
		return -1
	}
	return slices.Index(b.Keys(), k.String())
}

func newKeyMap(t tr) keyMap {
	b := func(keys []string, help string, desc msg) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, t.s(desc)))
	}
	// k is a binding that dispatches but is shown through another entry
	// (a pair's second half, a dialogue's hint).
	k := func(keys ...string) key.Binding { return key.NewBinding(key.WithKeys(keys...)) }
	return keyMap{
		t: t,
		Global: globalKeys{
			Quit:   b([]string{"ctrl+c"}, "ctrl+c", mKeyQuit),
			Help:   b([]string{"?"}, "?", mKeyHelp),
			Export: b([]string{"ctrl+s"}, "ctrl+s", mKeyExport),
			// ctrl+e moves to the end of an answer, so the launch config
			// takes ctrl+x; neither is bound by tmux without its prefix.
			Launch: b([]string{"ctrl+x"}, "ctrl+x", mKeyLaunch),
			Trial:  b([]string{"ctrl+t"}, "ctrl+t", mKeyTrial),
			// ctrl+r: no line-editing key and not bound by tmux without
			// its prefix.
			Refresh:   b([]string{"ctrl+r"}, "ctrl+r", mKeyRefresh),
			Steps:     b([]string{"ctrl+g"}, "ctrl+g", mKeySteps),
			Focus:     b([]string{"ctrl+o"}, "ctrl+o", mKeyOffers),
			NextOffer: b([]string{"ctrl+n", "pgdown"}, "ctrl+n/p", mKeyNextOffer),
			PrevOffer: k("ctrl+p", "pgup"),
		},
		Form: formKeys{
			Next:       b([]string{"enter", "tab"}, "enter/tab", mKeyNext),
			Prev:       b([]string{"shift+tab"}, "shift+tab", mKeyPrev),
			Back:       b([]string{"esc"}, "esc", mKeyBack),
			OptionPrev: k("up", "left", "k", "h"),
			OptionNext: k("down", "right", "j", "l", "space"),
			Option:     k(digitKeys(maxOptions())...),
			PresetUp:   k("up"),
			PresetDown: k("down"),
			ScrollUp:   k("shift+up"),
			ScrollDown: k("shift+down"),
		},
		Offers: offerKeys{
			Up:         b([]string{"up", "k", "ctrl+p"}, "↑↓/jk", mKeyMove),
			Down:       b([]string{"down", "j", "ctrl+n"}, "↓/j", mKeyMove),
			PageUp:     b([]string{"pgup"}, "pgup", mKeyPage),
			PageDown:   b([]string{"pgdown"}, "pgup/dn", mKeyPage),
			Top:        b([]string{"home", "g"}, "g/G", mKeyTopBottom),
			Bottom:     b([]string{"end", "G"}, "G", mKeyTopBottom),
			Sort:       b([]string{"s"}, "s", mKeySort),
			Filter:     b([]string{"/"}, "/", mKeyFilter),
			Mark:       b([]string{"space", "m"}, "space", mKeyMark),
			Compare:    b([]string{"c"}, "c", mKeyCompare),
			Detail:     b([]string{"enter"}, "enter", mKeyDetail),
			ScrollUp:   b([]string{"shift+up", "{"}, "{/}", mKeyScrollDetail),
			ScrollDown: b([]string{"shift+down", "}"}, "}", mKeyScrollDetail),
			Back:       b([]string{"esc", "shift+tab"}, "esc", mKeyForm),
			Quit:       b([]string{"q"}, "q", mKeyQuit),
		},
		Steps: stepKeys{
			Up:    b([]string{"up", "k"}, "↑/↓", mKeyMove),
			Down:  k("down", "j"),
			Jump:  b([]string{"enter"}, "enter/1-9", mKeyJump),
			Digit: k(digitKeys(len(steps))...),
			Close: b([]string{"esc", "ctrl+g"}, "esc", mKeyClose),
		},
		Filter: filterKeys{
			Keep:  b([]string{"enter", "tab"}, "enter", mKeyFilter),
			Clear: b([]string{"esc"}, "esc", mKeyFilter),
		},
		Help: helpKeys{
			Close:    b([]string{"?", "esc", "q"}, "esc", mKeyClose),
			Down:     b([]string{"down", "j"}, "↓", mKeyMove),
			Up:       b([]string{"up", "k"}, "↑", mKeyMove),
			PageDown: k("pgdown", "space"),
			PageUp:   k("pgup"),
			Top:      k("home", "g"),
		},
		Trial: trialKeys{
			Close: b([]string{"esc", "q", "ctrl+t"}, "esc", mKeyClose),
			Down:  b([]string{"down", "j", "shift+down", "}", "pgdown"}, "shift+↑/↓", mKeyScrollDetail),
			Up:    k("up", "k", "shift+up", "{", "pgup"),
		},
		Export: exportKeys{
			Save:       b([]string{"enter"}, "enter", mKeyExport),
			Cancel:     b([]string{"esc"}, "esc", mKeyClose),
			SaveAnyway: b([]string{"y", "Y"}, "y", mKeyExport),
			Fix:        b([]string{"n", "N", "esc", "enter"}, "n", mKeyBack),
			Overwrite:  b([]string{"y", "Y", "enter"}, "y", mKeyExport),
			Keep:       b([]string{"n", "N", "esc"}, "n", mKeyBack),
			Toggle:     b([]string{"left", "right", "up", "down", "tab", "shift+tab", "h", "l", "H", "L", "space"}, "←/→", mKeyChoose),
			Sky:        b([]string{"1", "s", "S"}, "1", mKeyChoose),
			DStck:      b([]string{"2", "d", "D"}, "2", mKeyChoose),
			ChooseNext: b([]string{"enter"}, "enter", mKeyNext),
		},
		Leave: leaveKeys{
			Leave: b([]string{"y", "Y", "ctrl+c"}, "y", mKeyQuit),
			Stay:  b([]string{"n", "N", "esc"}, "n/esc", mKeyBack),
			Save:  b([]string{"s", "S"}, "s", mKeyExport),
		},
		Edit: editKeys{
			Clear:      k("backspace", "delete", "ctrl+h", "ctrl+d"),
			Left:       k("left", "ctrl+b"),
			Right:      k("right", "ctrl+f"),
			Home:       k("home", "ctrl+a"),
			End:        k("end", "ctrl+e"),
			Backspace:  k("backspace", "ctrl+h"),
			Delete:     k("delete", "ctrl+d"),
			KillBefore: k("ctrl+u"),
			KillAfter:  k("ctrl+k"),
			DeleteWord: k("ctrl+w", "alt+backspace"),
			WordLeft:   k("alt+left", "ctrl+left"),
			WordRight:  k("alt+right", "ctrl+right"),
		},
	}
}

// joined is one help entry for several bindings: their keys, the first's
// help text (the help screen shows "↑↓/jk move" once for up and down).
func joined(bs ...key.Binding) key.Binding {
	var keys []string
	for _, b := range bs {
		keys = append(keys, b.Keys()...)
	}
	h := bs[0].Help()
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(h.Key, h.Desc))
}

// contextHelp is the help.KeyMap of the current focus: the short line
// shows what matters now, the full view shows every key.
type contextHelp struct {
	k      *keyMap
	offers bool
}

// ShortHelp returns the bindings of the help line, most useful first; the
// last, "? all keys", is kept when the line is too narrow for all (see
// helpLine).
func (h contextHelp) ShortHelp() []key.Binding {
	k := h.k
	if h.offers {
		return []key.Binding{joined(k.Offers.Up, k.Offers.Down), k.Offers.Detail, k.Offers.Sort, k.Offers.Filter, k.Offers.Mark, k.Offers.Compare, k.Offers.Back, k.Global.Export, k.Global.Launch, k.Global.Trial, k.Global.Help}
	}
	return []key.Binding{k.Form.Next, k.Form.Prev, k.Form.Back, k.Global.Focus, k.Global.Steps, k.Global.Export, k.Global.Launch, k.Global.Trial, k.Global.Quit, k.Global.Help}
}

// stepsHelp is the help line of the step list.
func (k *keyMap) stepsHelp() []key.Binding {
	return []key.Binding{joined(k.Steps.Up, k.Steps.Down), joined(k.Steps.Jump, k.Steps.Digit), k.Steps.Close}
}

// FullHelp returns every binding, grouped.
func (h contextHelp) FullHelp() [][]key.Binding {
	k := h.k
	choose := key.NewBinding(key.WithKeys(joined(k.Form.OptionPrev, k.Form.OptionNext, k.Form.Option, k.Form.PresetUp, k.Form.PresetDown).Keys()...),
		key.WithHelp("↑/↓", k.t.s(mKeyChoose)))
	return [][]key.Binding{
		{k.Form.Next, k.Form.Prev, k.Form.Back, choose, k.Global.Steps, k.Global.Focus},
		{joined(k.Offers.Up, k.Offers.Down), joined(k.Offers.PageDown, k.Offers.PageUp), joined(k.Offers.Top, k.Offers.Bottom), k.Offers.Sort, k.Offers.Filter, k.Offers.Mark, k.Offers.Compare, k.Offers.Detail, joined(k.Offers.ScrollUp, k.Offers.ScrollDown), k.Offers.Back, k.Offers.Quit},
		{joined(k.Global.NextOffer, k.Global.PrevOffer, k.Form.ScrollUp, k.Form.ScrollDown), k.Global.Export, k.Global.Launch, k.Global.Trial, k.Global.Refresh, k.Global.Help, k.Global.Quit},
	}
}

// dialogHints pairs each footer dialogue's bindings with the hint that
// shows them (the hint is one translated line, not a list of bindings).
func (k *keyMap) dialogHints() []struct {
	hint msg
	keys []key.Binding
} {
	return []struct {
		hint msg
		keys []key.Binding
	}{
		{mExportHint, []key.Binding{k.Export.Save, k.Export.Cancel}},
		{mExportInvalidHint, []key.Binding{k.Export.SaveAnyway, k.Export.Fix}},
		{mExportExists, []key.Binding{k.Export.Overwrite, k.Export.Keep}},
		{mLaunchChooseHint, []key.Binding{k.Export.Toggle, k.Export.Sky, k.Export.DStck, k.Export.ChooseNext, k.Export.Cancel}},
		{mFilterHint, []key.Binding{k.Filter.Keep, k.Filter.Clear}},
		{mHelpClose, []key.Binding{joined(k.Help.Close)}},
		{mHelpScroll, []key.Binding{joined(k.Help.Down, k.Help.Up, k.Help.PageDown, k.Help.PageUp, k.Help.Top)}},
		{mTrialHint, []key.Binding{k.Trial.Close, joined(k.Trial.Down, k.Trial.Up)}},
		{mLeaveAsk, []key.Binding{k.Leave.Leave, k.Leave.Stay, k.Leave.Save}},
	}
}
