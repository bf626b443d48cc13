package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// realRankModel is a 140x40 model on the test catalog with the real
// advisor, so that the detail has warnings, why-first lines and the
// assumptions.
func realRankModel(t *testing.T) Model {
	t.Helper()
	t.Setenv("NO_COLOR", "")
	m := New(Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en", Version: "test"})
	m.now = func() time.Time { return fixedNow }
	m = update(t, m, tea.WindowSizeMsg{Width: 140, Height: 40})
	m = settle(t, m, m.Init())
	if m.offers.selected() == nil || len(m.res.Requirement.Assumptions) == 0 {
		t.Fatal("the ranking has no selected offer or no assumptions")
	}
	return m
}

// The detail stops once it has the lines the panel can show: what it
// returns is the full detail's beginning, at least upTo lines long.
func TestDetailUpToIsAPrefix(t *testing.T) {
	m := realRankModel(t)
	full := newDetailView(&m).Render(140, 0)
	cut := false
	for upTo := 1; upTo <= len(full)+2; upTo++ {
		d := newDetailView(&m)
		d.upTo = upTo
		got := d.Render(140, 0)
		if len(got) < min(upTo, len(full)) || !slices.Equal(got, full[:len(got)]) {
			t.Fatalf("upTo %d: %d lines, not the first %d or more of the %d", upTo, len(got), upTo, len(full))
		}
		cut = cut || len(got) < len(full)
	}
	if !cut {
		t.Errorf("no limit left out a line of the %d", len(full))
	}
}

// Scrolled to the end, the panel still shows the detail's last line (the
// last assumption's end); unscrolled, its title and not that line.
func TestDetailScrolledShowsTheEnd(t *testing.T) {
	m := realRankModel(t)
	full := newDetailView(&m).Render(140, 0)
	// The panel is narrower than 140 cells: its lines wrap elsewhere, so
	// the last assumption's last word stands for the last line.
	as := m.res.Requirement.Assumptions
	words := strings.Fields(as[len(as)-1])
	last := words[len(words)-1]
	first := m.offers.selected().InstanceType
	if top := ansi.Strip(m.Render()); !strings.Contains(top, first) || strings.Contains(top, last) {
		t.Fatalf("unscrolled, the frame should show %q and not %q:\n%s", first, last, top)
	}
	m.pane.scroll = len(full) + 100
	if end := ansi.Strip(m.Render()); !strings.Contains(end, last) {
		t.Errorf("scrolled to the end, the frame lacks the last line %q:\n%s", last, end)
	}
}
