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
	for _, want := range []string{path, launch} {
		if !onScreen(m, want) {
			t.Errorf("the screen cuts %q:\n%s", want, screen(m))
		}
	}
}

// onScreen reports whether the screen shows text: on one row, or wrapped
// over the footer's rows (up to maxStatusRows past the first, above the
// help line), which a wrap may break at a hyphen or a space: compared
// without spaces.
func onScreen(m Model, text string) bool {
	sc := screen(m)
	if strings.Contains(sc, text) {
		return true
	}
	lines := strings.Split(sc, "\n")
	var footer strings.Builder
	for _, l := range lines[max(0, len(lines)-maxStatusRows-2):] {
		footer.WriteString(strings.Join(strings.Fields(l), ""))
	}
	return strings.Contains(footer.String(), strings.Join(strings.Fields(text), ""))
}
