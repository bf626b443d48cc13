package ui

import (
	"strings"

	"github.com/gpupick/gpupick/model"
)

// suggestionLines are one of the advisor's suggestions, wrapped to w: the
// change in the wizard's words and in the advisor's sentence, what the
// first offer under it costs and whether it keeps the budget, then what
// it gives up, muted.
func suggestionLines(c *ctx, f *form, s model.Suggestion, w int) []string {
	line := s.Change + c.t.s(mColon) + s.Effect
	if words := changeWords(c.t, f, s.Changes); words != "" {
		line = c.t.f(mSugChange, words, line)
	}
	out := wrapHanging(c.st.Value, "→ ", line, w)
	if s.Caveat != "" {
		out = append(out, wrapStyled(c.st.Muted, "  "+s.Caveat, w)...)
	}
	return out
}

// changeWords are a suggestion's changes as the wizard asks them: each
// answer's question and the answer the change gives it, as the wizard
// shows it ("Precision: int8", "Providers: any"), separated by
// semicolons.
func changeWords(t tr, f *form, cs []model.AnswerChange) string {
	parts := make([]string, 0, len(cs))
	for _, ch := range cs {
		id, ok := questionOf(f, ch.Answer)
		if !ok {
			parts = append(parts, ch.Arg())
			continue
		}
		v := ch.Value
		switch {
		case v == "":
			v = t.s(mSumAny)
		case defs[id].kind == kindChoice:
			v = optionLabel(t, id, v)
		}
		parts = append(parts, t.s(f.label(id))+t.s(mColon)+v)
	}
	return strings.Join(parts, t.s(mSemicolon))
}

// questionOf is the question that asks an answer for the form's answers
// (the users or the micro-batch for the batch); the first that asks it
// when none applies.
func questionOf(f *form, ans model.AnswerID) (fieldID, bool) {
	found, ok := fieldID(0), false
	for id := range fieldCount {
		if defs[id].ans != ans {
			continue
		}
		if defs[id].applies(&f.answers) {
			return id, true
		}
		if !ok {
			found, ok = id, true
		}
	}
	return found, ok
}
