package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// The wizard's first ranked frame at a known window size is drawn
// off-screen exactly once, with that frame's content and the window's
// size; the frame handed to Bubble Tea is the wizard's own.
func TestStarterWarmsFirstFrameOnce(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	type call struct {
		content string
		w, h    int
	}
	calls := make(chan call, 4)
	s := &starter{
		load: func() (Config, error) {
			return Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en", Version: "test"}, nil
		},
		warm: func(content string, w, h int) { calls <- call{content, w, h} },
	}
	if v := s.View(); v.Content != "" {
		t.Fatalf("before the catalog: frame %q", v.Content)
	}
	_, cmd := s.Update(s.Init()())
	s.View() // the wizard is built but neither ranked nor sized yet: nothing to warm
	s.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	s.View() // sized, not ranked yet: nothing to warm
	if len(calls) != 0 {
		t.Fatal("a frame was warmed before the ranking was shown")
	}
	s.inner = settle(t, s.inner.(Model), cmd) // the first ranking arrives
	first := s.View()
	var got call
	select {
	case got = <-calls:
	case <-time.After(10 * time.Second): // a missing call fails; it is not a measure
		t.Fatal("the first frame at a known size was not drawn off-screen")
	}
	if got.content != first.Content || got.w != 140 || got.h != 40 {
		t.Errorf("warmed %dx%d with %d bytes; want 140x40 with the frame's %d bytes", got.w, got.h, len(got.content), len(first.Content))
	}
	if again := s.View(); again.Content != first.Content {
		t.Error("the warm-up changed the frame")
	}
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	s.View()
	if len(calls) != 0 {
		t.Errorf("%d more warm-ups after the first; want one per run", len(calls))
	}
}

// drawOffscreen reads the styled frame into cells: the text lands where
// the terminal would show it, styles and all.
func TestDrawOffscreen(t *testing.T) {
	tests := []struct {
		name, content string
		w, h, y       int
		want          string
	}{
		{"plain", "gpupick\nsecond line", 20, 3, 1, "second line"},
		{"styled", "\x1b[1;38;2;157;140;255mSteps\x1b[m  \x1b[38;2;92;92;92m │ \x1b[m", 20, 2, 0, "Steps   │"},
		{"clipped", strings.Repeat("x", 30), 10, 1, 0, strings.Repeat("x", 10)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			buf := drawOffscreen(tc.content, tc.w, tc.h)
			var row strings.Builder
			for x := 0; x < tc.w; x++ {
				if c := buf.CellAt(x, tc.y); c != nil {
					row.WriteString(c.Content)
				}
			}
			if got := strings.TrimRight(row.String(), " "); got != tc.want {
				t.Errorf("row %d = %q, want %q", tc.y, got, tc.want)
			}
		})
	}
	buf := drawOffscreen("\x1b[1mB\x1b[m", 4, 1)
	if c := buf.CellAt(0, 0); c == nil || c.Style.Attrs == 0 {
		t.Error("the bold cell lost its style")
	}
}
