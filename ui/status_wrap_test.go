package ui

import (
	"strings"
	"testing"
)

// TestLongSavedStatusWraps: a saved launch config's message (its path and
// the commands that launch it) is wrapped, not cut, when the path is long,
// so the commands stay on screen whatever folder the file went to.
func TestLongSavedStatusWraps(t *testing.T) {
	m := newTestModel(t, 100, 30)
	path := "/tmp/" + strings.Repeat("a-rather-deep-folder/", 4) + ".dstack.yml"
	launch := "dstack apply -f volume.dstack.yml && HF_TOKEN=... dstack apply -f ./.dstack.yml"
	m.status, m.statusErr = m.t.f(mLaunchSaved, path, launch), false
	// The footer's rows, read as one text (a wrap may break at a hyphen
	// or a space: compared without spaces).
	lines := strings.Split(screen(m), "\n")
	var joined strings.Builder
	for _, l := range lines[len(lines)-5:] {
		joined.WriteString(strings.Join(strings.Fields(l), ""))
	}
	for _, want := range []string{path, launch} {
		if !strings.Contains(joined.String(), strings.Join(strings.Fields(want), "")) {
			t.Errorf("the screen cuts %q:\n%s", want, screen(m))
		}
	}
}
