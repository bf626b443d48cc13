package ui

import (
	"strings"

	"github.com/gpupick/gpupick/model"
)

// presetPick is the browsing of the model presets under the model
// question: the preset highlighted in the filtered list, and the text
// that filters the list while browsing it (the question's text when the
// browsing began; the question then shows the highlighted name).
type presetPick struct {
	sel   int    // highlighted preset in the filtered list, -1 for none
	query string // the text that filters the list while browsing it
}

// matches lists the presets whose name, id or family contains every word
// of the model question's text (typed, or the query while browsing); all
// presets when the text is a parameter count, empty, or a preset's whole
// name (the default or a loaded answer), so that the alternatives are in
// view.
func (p *presetPick) matches(ps []model.ModelPreset, typed string) []int {
	q := typed
	if p.sel >= 0 {
		q = p.query
	}
	q = strings.ToLower(strings.TrimSpace(q))
	out := make([]int, 0, len(ps))
	exact := false
	for i := range ps {
		exact = exact || strings.ToLower(ps[i].Name) == q
	}
	if _, err := model.ParseParams(q); q == "" || err == nil || exact {
		for i := range ps {
			out = append(out, i)
		}
		return out
	}
	return model.MatchPresets(ps, q)
}

// move moves the highlight by d, starting from the preset named current
// when browsing begins, and returns the highlighted preset's name; ok is
// false when no preset matches.
func (p *presetPick) move(ps []model.ModelPreset, typed, current string, d int) (name string, ok bool) {
	matches := p.matches(ps, typed)
	if len(matches) == 0 {
		return "", false
	}
	if p.sel < 0 {
		// Start from the preset the text names, if it is in the list.
		p.query = typed
		for i, pi := range matches {
			if strings.EqualFold(ps[pi].Name, current) {
				p.sel = i
			}
		}
		if p.sel < 0 {
			if d > 0 {
				p.sel = 0
			} else {
				p.sel = len(matches) - 1
			}
			d = 0
		}
	}
	p.sel = min(max(p.sel+d, 0), len(matches)-1)
	return ps[matches[p.sel]].Name, true
}
