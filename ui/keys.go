package ui

import "charm.land/bubbles/v2/key"

// globalKeys work wherever the focus is.
type globalKeys struct {
	Quit, Help, Export, Launch, Trial, Steps, Focus, NextOffer, PrevOffer key.Binding
}

// formKeys move through the questions.
type formKeys struct {
	Next, Prev, Back, Choose key.Binding
}

// offerKeys work while the offers have the focus.
type offerKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Sort, Filter, Mark, Compare, Detail, ScrollUp, ScrollDown, Back, Quit key.Binding
}

// stepKeys work in the step list.
type stepKeys struct {
	Move, Jump, Close key.Binding
}

// keyMap holds all bindings, with help texts in the UI's language.
type keyMap struct {
	Global globalKeys
	Form   formKeys
	Offers offerKeys
	Steps  stepKeys
	t      tr
}

func newKeyMap(t tr) keyMap {
	b := func(keys []string, help string, desc msg) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, t.s(desc)))
	}
	return keyMap{
		t: t,
		Global: globalKeys{
			Quit:   b([]string{"ctrl+c"}, "ctrl+c", mKeyQuit),
			Help:   b([]string{"?"}, "?", mKeyHelp),
			Export: b([]string{"ctrl+s"}, "ctrl+s", mKeyExport),
			// ctrl+e moves to the end of an answer, so the launch config
			// takes ctrl+x; neither is bound by tmux without its prefix.
			Launch:    b([]string{"ctrl+x"}, "ctrl+x", mKeyLaunch),
			Trial:     b([]string{"ctrl+t"}, "ctrl+t", mKeyTrial),
			Steps:     b([]string{"ctrl+g"}, "ctrl+g", mKeySteps),
			Focus:     b([]string{"ctrl+o"}, "ctrl+o", mKeyOffers),
			NextOffer: b([]string{"ctrl+n", "pgdown"}, "ctrl+n/p", mKeyNextOffer),
			PrevOffer: b([]string{"ctrl+p", "pgup"}, "ctrl+p", mKeyNextOffer),
		},
		Form: formKeys{
			Next:   b([]string{"enter", "tab"}, "enter/tab", mKeyNext),
			Prev:   b([]string{"shift+tab"}, "shift+tab", mKeyPrev),
			Back:   b([]string{"esc"}, "esc", mKeyBack),
			Choose: b([]string{"up", "down"}, "↑/↓", mKeyChoose),
		},
		Offers: offerKeys{
			Up:         b([]string{"up", "k"}, "↑↓/jk", mKeyMove),
			Down:       b([]string{"down", "j"}, "↓/j", mKeyMove),
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
			Move:  b([]string{"up", "down"}, "↑/↓", mKeyMove),
			Jump:  b([]string{"enter"}, "enter/1-9", mKeyJump),
			Close: b([]string{"esc", "ctrl+g"}, "esc", mKeyClose),
		},
	}
}

// contextHelp is the help.KeyMap of the current focus: the short line
// shows what matters now, the full view shows every key.
type contextHelp struct {
	k      *keyMap
	offers bool
}

// ShortHelp returns the bindings of the help line, most useful first; the
// last, "? all keys", is kept when the line is too narrow for all (see
// Model.helpLine).
func (h contextHelp) ShortHelp() []key.Binding {
	k := h.k
	if h.offers {
		return []key.Binding{k.Offers.Up, k.Offers.Detail, k.Offers.Sort, k.Offers.Filter, k.Offers.Mark, k.Offers.Compare, k.Offers.Back, k.Global.Export, k.Global.Launch, k.Global.Trial, k.Global.Help}
	}
	return []key.Binding{k.Form.Next, k.Form.Prev, k.Form.Back, k.Global.Focus, k.Global.Steps, k.Global.Export, k.Global.Launch, k.Global.Trial, k.Global.Quit, k.Global.Help}
}

// FullHelp returns every binding, grouped.
func (h contextHelp) FullHelp() [][]key.Binding {
	k := h.k
	return [][]key.Binding{
		{k.Form.Next, k.Form.Prev, k.Form.Back, k.Form.Choose, k.Global.Steps, k.Global.Focus},
		{k.Offers.Up, k.Offers.PageDown, k.Offers.Top, k.Offers.Sort, k.Offers.Filter, k.Offers.Mark, k.Offers.Compare, k.Offers.Detail, k.Offers.ScrollUp, k.Offers.Back, k.Offers.Quit},
		{k.Global.NextOffer, k.Global.Export, k.Global.Launch, k.Global.Trial, k.Global.Help, k.Global.Quit},
	}
}
