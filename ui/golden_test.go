package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"
)

// asciiFrame downsamples a frame to the ASCII colour profile: no colours,
// but bold, faint and reverse video stay, as a NO_COLOR terminal shows it.
func asciiFrame(t testing.TB, m Model) string {
	t.Helper()
	var b strings.Builder
	w := &colorprofile.Writer{Forward: &b, Profile: colorprofile.ASCII}
	if _, err := w.WriteString(m.View().Content); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGolden compares whole frames at 80x24 and 140x40 with golden files
// (refresh with go test ./ui -run TestGolden -update). The fake ranker and
// the fixed catalog keep them stable when the advisor changes.
func TestGolden(t *testing.T) {
	states := []struct {
		name string
		lang string
		// script: keys, and questions to go to (play)
		script []any
	}{
		{"start", "en", nil},
		{"model_typing", "en", []any{fModel, "ctrl+u", "llama"}},
		{"model_invalid", "en", []any{fModel, "ctrl+u", "70 gazillion"}},
		{"training_load", "en", []any{"down", "down", fDataset, "2B"}},
		{"scale", "en", []any{fGPU, "h100"}},
		{"offers", "en", []any{"ctrl+o", "down"}},
		{"detail_warnings", "en", []any{"ctrl+o", "/", "runpod 2x", "enter", "enter"}},
		{"compare", "en", []any{"ctrl+o", "space", "down", "space", "down", "space", "c"}},
		{"help", "en", []any{"?"}},
		{"steps", "en", []any{"enter", "enter", "ctrl+g"}},
		{"export", "en", []any{"ctrl+s"}},
		{"over_budget", "en", []any{fBudget, "$1/h", "ctrl+o", "down", "down", "down", "down", "down", "down", "down"}},
		{"zh_start", "zh", nil},
		{"zh_offers", "zh", []any{"ctrl+o"}},
	}
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		for _, st := range states {
			t.Run(fmt.Sprintf("%dx%d_%s", sz[0], sz[1], st.name), func(t *testing.T) {
				m := newTestModel(t, sz[0], sz[1], func(c *Config) { c.Lang = st.lang })
				m = play(t, m, st.script...)
				golden.RequireEqual(t, asciiFrame(t, m))
			})
		}
	}
	t.Run("50x12_too_small", func(t *testing.T) {
		golden.RequireEqual(t, asciiFrame(t, newTestModel(t, 50, 12)))
	})
}
