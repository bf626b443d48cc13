package ui

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// keyPress is the key press a binding's key name stands for.
func keyPress(t *testing.T, name string) tea.KeyPressMsg {
	t.Helper()
	named := map[string]rune{"enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight, "backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "space": tea.KeySpace,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd}
	var k tea.KeyPressMsg
	base := name
	for _, mod := range []struct {
		p string
		m tea.KeyMod
	}{{"ctrl+", tea.ModCtrl}, {"alt+", tea.ModAlt}, {"shift+", tea.ModShift}} {
		if rest, ok := strings.CutPrefix(base, mod.p); ok {
			k.Mod |= mod.m
			base = rest
		}
	}
	if c, ok := named[base]; ok {
		k.Code = c
		if base == "space" {
			k.Text = " "
		}
	} else {
		r := []rune(base)
		k.Code = r[0]
		if k.Mod == 0 {
			k.Text = base
		}
	}
	if k.String() != name {
		t.Fatalf("key %q reads as %q", name, k.String())
	}
	return k
}

// bindings lists every binding of the keymap by group and name.
func bindings(km *keyMap) map[string]map[string]key.Binding {
	out := map[string]map[string]key.Binding{}
	v := reflect.ValueOf(km).Elem()
	for i := range v.NumField() {
		g := v.Field(i)
		if g.Kind() != reflect.Struct || !v.Type().Field(i).IsExported() {
			continue
		}
		name := v.Type().Field(i).Name
		out[name] = map[string]key.Binding{}
		for j := range g.NumField() {
			if b, ok := g.Field(j).Interface().(key.Binding); ok {
				out[name][g.Type().Field(j).Name] = b
			}
		}
	}
	return out
}

func keysOf(bs ...key.Binding) []string {
	var ks []string
	for _, b := range bs {
		ks = append(ks, b.Keys()...)
	}
	return ks
}

// TestKeymapAndHelp checks the keymap both ways: every key a component
// dispatches is shown by the help of its part (the help screen, the step
// list's help line, a dialogue's hint), and every key the help shows,
// sent where it applies, changes the frame (or quits).
func TestKeymapAndHelp(t *testing.T) {
	km := &newTestModel(t, 140, 40).keys
	screenKeys, dialogKeys := helpedKeys(t, km)
	t.Run("the help shows every key", func(t *testing.T) { checkHelpShowsKeys(t, km, screenKeys, dialogKeys) })
	t.Run("every key shown dispatches", func(t *testing.T) {
		tested := checkKeysDispatch(t, keyCases(km))
		// Every key the help shows is among the keys sent.
		for _, b := range append(append(screenKeys, km.stepsHelp()...), dialogKeys...) {
			for _, k := range b.Keys() {
				if !tested[k] {
					t.Errorf("help key %q (%q) is never sent", k, b.Help().Key)
				}
			}
		}
	})
}

// helpedKeys are the keys the help screen shows and those the dialogues'
// hints show; each hint must show its keys.
func helpedKeys(t *testing.T, km *keyMap) (screenKeys, dialogKeys []key.Binding) {
	for _, g := range (contextHelp{k: km}).FullHelp() {
		screenKeys = append(screenKeys, g...)
	}
	for _, h := range km.dialogHints() {
		dialogKeys = append(dialogKeys, h.keys...)
		text := texts[h.hint][0]
		for _, b := range h.keys {
			if hk := b.Help().Key; !strings.Contains(text, hk) {
				t.Errorf("hint %q does not show key %q", text, hk)
			}
		}
	}
	return screenKeys, dialogKeys
}

// checkHelpShowsKeys: every key a keymap group dispatches is shown by the
// help of its part, and the steps' digits are the steps'.
func checkHelpShowsKeys(t *testing.T, km *keyMap, screenKeys, dialogKeys []key.Binding) {
	shown := map[string][]string{
		"Global": keysOf(screenKeys...), "Form": keysOf(screenKeys...), "Offers": keysOf(screenKeys...),
		"Steps": keysOf(km.stepsHelp()...), "Filter": keysOf(dialogKeys...), "Help": keysOf(dialogKeys...),
		"Trial": keysOf(dialogKeys...), "Export": keysOf(dialogKeys...), "Leave": keysOf(dialogKeys...),
	}
	for group, bs := range bindings(km) {
		if group == "Edit" {
			// Line editing keys, as a readline's; the help screen lists the
			// wizard's own keys.
			continue
		}
		want, ok := shown[group]
		if !ok {
			t.Errorf("keymap group %s has no help", group)
			continue
		}
		for name, b := range bs {
			if len(b.Keys()) == 0 {
				t.Errorf("%s.%s has no key", group, name)
			}
			for _, k := range b.Keys() {
				if !slices.Contains(want, k) {
					t.Errorf("%s.%s: key %q dispatches but the help does not show it", group, name, k)
				}
			}
		}
	}
	for i := range steps {
		if steps[i].title == 0 || steps[i].summary == nil {
			t.Errorf("step %d: title %d, summary set %v", i, steps[i].title, steps[i].summary != nil)
		}
	}
	if got, want := km.Steps.Digit.Keys(), digitKeys(len(steps)); !slices.Equal(got, want) {
		t.Errorf("step digits %v, want %v (from the steps)", got, want)
	}
}

// where is a state a key applies in: the keys (keymap names) and
// questions (goTo) that lead there, at a size.
type where struct {
	setup []any
	w, h  int
}

// keyCase is a key binding and where it applies; before is pressed before
// the key itself (so that moving back or to the top has somewhere to go).
type keyCase struct {
	b      key.Binding
	from   where
	before []string
}

// keyCases are the keys the help shows, each where it applies.
func keyCases(km *keyMap) []keyCase {
	form := where{nil, 140, 40}
	offers := where{[]any{"ctrl+o"}, 140, 40}
	stepList := where{[]any{"ctrl+g"}, 140, 40}
	inDetail := where{[]any{"ctrl+o", "enter"}, 100, 30}
	helpScreen := where{[]any{"?"}, 80, 16}
	filter := where{[]any{"ctrl+o", "/", "h100"}, 140, 40}
	invalid := where{[]any{fModel, "70 gazillion", "ctrl+s"}, 140, 40}
	leaving := where{[]any{fModel, "x", "ctrl+c"}, 140, 40} // an unsaved answer, then ctrl+c
	return []keyCase{
		{km.Form.Next, form, nil},
		{km.Form.Prev, form, []string{"enter"}},
		{km.Form.Back, form, []string{"enter"}},
		{joined(km.Form.OptionPrev, km.Form.OptionNext), form, nil},
		{key.NewBinding(key.WithKeys("1")), form, []string{"down"}},
		// The precision question has the most options (the digits go as far);
		// "1" first moves it off its default, so every other digit changes it.
		{key.NewBinding(key.WithKeys(km.Form.Option.Keys()[1:]...)), where{[]any{fPrecision}, 140, 40}, []string{"1"}},
		{joined(km.Form.PresetUp, km.Form.PresetDown), where{[]any{fModel}, 140, 40}, nil},
		{km.Global.Steps, form, nil},
		{km.Global.Focus, form, nil},
		{joined(km.Global.NextOffer), form, nil},
		{joined(km.Global.PrevOffer), form, []string{"ctrl+n", "ctrl+n"}},
		{km.Global.Export, form, nil},
		{km.Global.Launch, form, nil},
		{km.Global.Trial, form, nil},
		{km.Global.Refresh, form, nil},
		{km.Global.Help, form, nil},
		{km.Global.Quit, form, nil},
		{km.Offers.Down, offers, nil},
		{km.Offers.Up, offers, []string{"down", "down"}},
		{km.Offers.PageDown, offers, nil},
		{km.Offers.PageUp, offers, []string{"pgdown"}},
		{km.Offers.Top, offers, []string{"down", "down"}},
		{km.Offers.Bottom, offers, nil},
		{km.Offers.Sort, offers, nil},
		{km.Offers.Filter, offers, nil},
		{km.Offers.Mark, offers, nil},
		{km.Offers.Compare, offers, nil},
		{km.Offers.Detail, offers, nil},
		{km.Offers.ScrollDown, inDetail, nil},
		{km.Offers.ScrollUp, inDetail, []string{"shift+down", "shift+down"}},
		{km.Offers.Back, offers, nil},
		{km.Offers.Quit, offers, nil},
		{joined(km.Steps.Up), stepList, []string{"down", "down"}},
		{joined(km.Steps.Down), stepList, nil},
		{km.Steps.Jump, where{[]any{"ctrl+g", "down"}, 140, 40}, nil},
		{km.Steps.Digit, stepList, nil},
		{km.Steps.Close, stepList, nil},
		{km.Filter.Keep, filter, nil},
		{km.Filter.Clear, filter, nil},
		{km.Help.Close, helpScreen, nil},
		{km.Help.Down, helpScreen, nil},
		{km.Help.PageDown, helpScreen, nil},
		{km.Help.Up, helpScreen, []string{"down", "down"}},
		{km.Help.PageUp, helpScreen, []string{"down", "down"}},
		{km.Help.Top, helpScreen, []string{"down", "down"}},
		{km.Trial.Close, where{[]any{"ctrl+t"}, 140, 40}, nil},
		{km.Trial.Down, where{[]any{"ctrl+t"}, 80, 24}, nil},
		{km.Trial.Up, where{[]any{"ctrl+t"}, 80, 24}, []string{"shift+down", "shift+down"}},
		{km.Export.Save, where{[]any{"ctrl+s"}, 140, 40}, nil},
		{km.Export.Cancel, where{[]any{"ctrl+s"}, 140, 40}, nil},
		{km.Export.Toggle, where{[]any{"ctrl+x"}, 140, 40}, nil},
		{km.Export.Sky, where{[]any{"ctrl+x"}, 140, 40}, []string{"right"}},
		{km.Export.DStck, where{[]any{"ctrl+x"}, 140, 40}, nil},
		{km.Export.ChooseNext, where{[]any{"ctrl+x"}, 140, 40}, nil},
		{km.Export.SaveAnyway, invalid, nil},
		{km.Export.Fix, invalid, nil},
		{km.Leave.Leave, leaving, nil},
		{km.Leave.Stay, leaving, nil},
		{km.Leave.Save, leaving, nil},
	}
}

// checkKeysDispatch sends each case's keys where they apply: each changes
// the frame or quits. It returns the keys sent.
func checkKeysDispatch(t *testing.T, cases []keyCase) map[string]bool {
	tested := map[string]bool{}
	for _, c := range cases {
		for _, name := range c.b.Keys() {
			tested[name] = true
			base := newTestModel(t, c.from.w, c.from.h)
			for _, s := range c.from.setup {
				if id, ok := s.(fieldID); ok {
					base = goTo(t, base, id)
					continue
				}
				base = pressNamed(t, base, s.(string))
			}
			base = pressNamed(t, base, c.before...)
			before := base.Render()
			nm, cmd := base.Update(keyPress(t, name))
			after := nm.(Model)
			if quits(cmd) {
				continue
			}
			after = settle(t, after, cmd)
			if after.Render() == before {
				t.Errorf("%q (help %q) changed nothing after %v %v", name, c.b.Help().Key, c.from.setup, c.before)
			}
		}
	}
	return tested
}

// quits reports whether a command (or a batch of them) ends the program.
func quits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		for _, c := range msg {
			if quits(c) {
				return true
			}
		}
	}
	return false
}

// pressNamed presses keys by their keymap names ("ctrl+t", "G", "}"), and
// types any other text.
func pressNamed(t *testing.T, m Model, names ...string) Model {
	t.Helper()
	for _, n := range names {
		if len([]rune(n)) == 1 || strings.Contains(n, "+") || slices.Contains([]string{"enter", "tab", "esc", "up", "down", "left", "right", "pgup", "pgdown", "home", "end", "space", "backspace", "delete"}, n) {
			m = update(t, m, keyPress(t, n))
			continue
		}
		m = press(t, m, n)
	}
	return m
}
