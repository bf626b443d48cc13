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
	m := newTestModel(t, 140, 40)
	km := &m.keys
	full := contextHelp{k: km}.FullHelp()
	var screenKeys []key.Binding
	for _, g := range full {
		screenKeys = append(screenKeys, g...)
	}
	hinted := map[msg][]key.Binding{}
	var dialogKeys []key.Binding
	for _, h := range km.dialogHints() {
		hinted[h.hint] = h.keys
		dialogKeys = append(dialogKeys, h.keys...)
		text := texts[h.hint][0]
		for _, b := range h.keys {
			if hk := b.Help().Key; !strings.Contains(text, hk) {
				t.Errorf("hint %q does not show key %q", text, hk)
			}
		}
	}
	shown := map[string][]string{
		"Global": keysOf(screenKeys...), "Form": keysOf(screenKeys...), "Offers": keysOf(screenKeys...),
		"Steps": keysOf(km.stepsHelp()...), "Filter": keysOf(dialogKeys...), "Help": keysOf(dialogKeys...),
		"Trial": keysOf(dialogKeys...), "Export": keysOf(dialogKeys...),
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

	// Every key shown dispatches: from a state where it applies, it changes
	// the frame or quits.
	type where struct {
		setup []string
		w, h  int
	}
	form := where{nil, 140, 40}
	inDetail := where{[]string{"ctrl+o", "enter"}, 100, 30}
	cases := []struct {
		b    key.Binding
		from where
		// before is pressed before the key itself (so that moving back
		// or to the top has somewhere to go).
		before []string
	}{
		{km.Form.Next, form, nil},
		{km.Form.Prev, form, []string{"enter"}},
		{km.Form.Back, form, []string{"enter"}},
		{joined(km.Form.OptionPrev, km.Form.OptionNext), form, nil},
		{key.NewBinding(key.WithKeys("1")), form, []string{"down"}},
		{key.NewBinding(key.WithKeys(km.Form.Option.Keys()[1:]...)), form, nil},
		{joined(km.Form.PresetUp, km.Form.PresetDown), where{[]string{"enter"}, 140, 40}, nil},
		{km.Global.Steps, form, nil},
		{km.Global.Focus, form, nil},
		{joined(km.Global.NextOffer), form, nil},
		{joined(km.Global.PrevOffer), form, []string{"ctrl+n", "ctrl+n"}},
		{km.Global.Export, form, nil},
		{km.Global.Launch, form, nil},
		{km.Global.Trial, form, nil},
		{km.Global.Help, form, nil},
		{km.Global.Quit, form, nil},
		{km.Offers.Down, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.Up, where{[]string{"ctrl+o"}, 140, 40}, []string{"down", "down"}},
		{km.Offers.PageDown, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.PageUp, where{[]string{"ctrl+o"}, 140, 40}, []string{"pgdown"}},
		{km.Offers.Top, where{[]string{"ctrl+o"}, 140, 40}, []string{"down", "down"}},
		{km.Offers.Bottom, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.Sort, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.Filter, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.Mark, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.Compare, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.Detail, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.ScrollDown, inDetail, nil},
		{km.Offers.ScrollUp, inDetail, []string{"shift+down", "shift+down"}},
		{km.Offers.Back, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{km.Offers.Quit, where{[]string{"ctrl+o"}, 140, 40}, nil},
		{joined(km.Steps.Up), where{[]string{"ctrl+g"}, 140, 40}, []string{"down", "down"}},
		{joined(km.Steps.Down), where{[]string{"ctrl+g"}, 140, 40}, nil},
		{km.Steps.Jump, where{[]string{"ctrl+g", "down"}, 140, 40}, nil},
		{km.Steps.Digit, where{[]string{"ctrl+g"}, 140, 40}, nil},
		{km.Steps.Close, where{[]string{"ctrl+g"}, 140, 40}, nil},
		{km.Filter.Keep, where{[]string{"ctrl+o", "/", "h100"}, 140, 40}, nil},
		{km.Filter.Clear, where{[]string{"ctrl+o", "/", "h100"}, 140, 40}, nil},
		{km.Help.Close, where{[]string{"?"}, 80, 16}, nil},
		{km.Help.Down, where{[]string{"?"}, 80, 16}, nil},
		{km.Help.PageDown, where{[]string{"?"}, 80, 16}, nil},
		{km.Help.Up, where{[]string{"?"}, 80, 16}, []string{"down", "down"}},
		{km.Help.PageUp, where{[]string{"?"}, 80, 16}, []string{"down", "down"}},
		{km.Help.Top, where{[]string{"?"}, 80, 16}, []string{"down", "down"}},
		{km.Trial.Close, where{[]string{"ctrl+t"}, 140, 40}, nil},
		{km.Trial.Down, where{[]string{"ctrl+t"}, 80, 24}, nil},
		{km.Trial.Up, where{[]string{"ctrl+t"}, 80, 24}, []string{"shift+down", "shift+down"}},
		{km.Export.Save, where{[]string{"ctrl+s"}, 140, 40}, nil},
		{km.Export.Cancel, where{[]string{"ctrl+s"}, 140, 40}, nil},
		{km.Export.Toggle, where{[]string{"ctrl+x"}, 140, 40}, nil},
		{km.Export.Sky, where{[]string{"ctrl+x"}, 140, 40}, []string{"right"}},
		{km.Export.DStck, where{[]string{"ctrl+x"}, 140, 40}, nil},
		{km.Export.ChooseNext, where{[]string{"ctrl+x"}, 140, 40}, nil},
		{km.Export.SaveAnyway, where{[]string{"enter", "70 gazillion", "ctrl+s"}, 140, 40}, nil},
		{km.Export.Fix, where{[]string{"enter", "70 gazillion", "ctrl+s"}, 140, 40}, nil},
	}
	tested := map[string]bool{}
	for _, c := range cases {
		for _, name := range c.b.Keys() {
			tested[name] = true
			base := newTestModel(t, c.from.w, c.from.h)
			base = pressNamed(t, base, c.from.setup...)
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
	// Every key the help shows is among the keys sent above.
	for _, b := range append(append(screenKeys, km.stepsHelp()...), dialogKeys...) {
		for _, k := range b.Keys() {
			if !tested[k] {
				t.Errorf("help key %q (%q) is never sent", k, b.Help().Key)
			}
		}
	}
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
