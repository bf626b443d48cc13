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
		id, ok := f.q.asking(ch.Answer, &f.answers)
		if !ok {
			parts = append(parts, ch.Arg())
			continue
		}
		v := ch.Value
		switch {
		case v == "":
			v = t.s(mSumAny)
		case f.q.defs[id].kind() == model.AskChoice:
			v = f.q.defs[id].optionLabel(t, v)
		}
		parts = append(parts, t.s(f.label(id))+t.s(mColon)+v)
	}
	return strings.Join(parts, t.s(mSemicolon))
}
