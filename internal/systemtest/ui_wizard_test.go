package systemtest

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
)

// The wizard driven through its exported API (ui.New, Update, View) on
// the embedded catalog.

var embedded struct {
	once sync.Once
	cat  *model.Catalog
	err  error
}

// embeddedCatalog returns the catalog the binary embeds (loaded once).
func embeddedCatalog(tb testing.TB) *model.Catalog {
	tb.Helper()
	embedded.once.Do(func() { embedded.cat, embedded.err = data.Embedded() })
	if embedded.err != nil {
		tb.Fatalf("embedded catalog: %v", embedded.err)
	}
	return embedded.cat
}

// grow repeats a catalog's offers with varied prices up to n offers.
func grow(src *model.Catalog, n int) *model.Catalog {
	c := *src
	c.Offers = make([]model.Offer, 0, n)
	for i := 0; len(c.Offers) < n; i++ {
		o := src.Offers[i%len(src.Offers)]
		o.InstanceType = fmt.Sprintf("%s-%d", o.InstanceType, i)
		f := 0.8 + float64(i%97)/200
		o.OnDemand *= f
		o.Spot *= f
		c.Offers = append(c.Offers, o)
	}
	return &c
}

// wizardUpdate sends one message to the wizard.
func wizardUpdate(m ui.Model, msg tea.Msg) (ui.Model, tea.Cmd) {
	nm, cmd := m.Update(msg)
	return nm.(ui.Model), cmd
}

// settle runs a command (and batches) synchronously, feeding every
// message back as the program would.
func settle(m ui.Model, cmd tea.Cmd) ui.Model {
	for depth := 0; cmd != nil && depth < 20; depth++ {
		switch msg := cmd().(type) {
		case nil:
			return m
		case tea.BatchMsg:
			for _, c := range msg {
				m = settle(m, c)
			}
			return m
		default:
			m, cmd = wizardUpdate(m, msg)
		}
	}
	return m
}

// press sends keys, running the commands they return.
func press(m ui.Model, keys ...tea.KeyPressMsg) ui.Model {
	for _, k := range keys {
		var cmd tea.Cmd
		m, cmd = wizardUpdate(m, k)
		m = settle(m, cmd)
	}
	return m
}

// text is the keys that type s.
func text(s string) []tea.KeyPressMsg {
	var ks []tea.KeyPressMsg
	for _, r := range s {
		ks = append(ks, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return ks
}

// wizard is the wizard at w×h on the embedded catalog with the real
// advisor, in a language, its first ranking applied.
func wizard(t testing.TB, a model.Answers, lang string, w, h int) ui.Model {
	t.Helper()
	m := ui.New(ui.Config{Catalog: embeddedCatalog(t), Answers: a, Lang: lang, Version: "test"})
	m, cmd := wizardUpdate(m, tea.WindowSizeMsg{Width: w, Height: h})
	m = settle(m, cmd)
	return settle(m, m.Init())
}

// named are the keys the tests name; any other name is text typed rune by
// rune.
var named = map[string]tea.KeyPressMsg{
	"enter": {Code: tea.KeyEnter}, "down": {Code: tea.KeyDown}, "esc": {Code: tea.KeyEscape},
	"ctrl+o": {Code: 'o', Mod: tea.ModCtrl}, "ctrl+u": {Code: 'u', Mod: tea.ModCtrl},
}

// keys presses keys by name (named) or types text.
func keys(m ui.Model, names ...string) ui.Model {
	for _, n := range names {
		if k, ok := named[n]; ok {
			m = press(m, k)
			continue
		}
		m = press(m, text(n)...)
	}
	return m
}

// screen is the frame as plain text, its lines' trailing blanks cut.
func screen(m ui.Model) string {
	lines := strings.Split(ansi.Strip(m.View().Content), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// detailW and detailH are a screen tall enough for the whole detail of
// an offer below the list.
const detailW, detailH = 200, 300

// detail opens the detail of the offer the list selects after the keys
// (names, as keys reads them) and returns the panel beside the questions:
// the list and the detail.
func detail(m ui.Model, names ...string) string {
	return panel(screen(keys(m, append(append([]string{"ctrl+o"}, names...), "enter")...)))
}

// panel is the right-hand column of a wide screen: what each line holds
// after the line that divides the questions from the panel.
func panel(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if _, right, ok := strings.Cut(l, "│"); ok {
			out = append(out, strings.TrimPrefix(right, " "))
		}
	}
	return strings.Join(out, "\n")
}
