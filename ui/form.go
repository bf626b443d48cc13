package ui

import (
	"math"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// form is the questionnaire's state: the raw text of every question (kept
// even when it does not parse, so nothing typed is lost), the last text
// that parsed, the current step and question, and the answers they give.
type form struct {
	// q is the questions: the wizard's (the registry's), or in a test
	// those of another registry.
	q *questions

	raw  []string
	pos  []int // cursor, in runes
	good []string
	errs []error
	// committed is each question's text when the focus last left it valid
	// (or its starting text): what a save keeps for an answer that does
	// not parse, never a value typed on the way to it ("70" of "70X").
	committed []string
	// answered marks the questions the user answered in this session: as
	// the flags given on a command line, they imply others (a dataset size
	// means a job) unless those were answered too (model.AnswerSpec.Imply).
	answered []bool

	step    int // index into steps
	field   int // index into the applicable fields of the step
	visited int // highest step reached

	preset presetPick // browsing the presets under the model question

	// fresh: the focused text answer still shows the text it had when the
	// focus arrived, selected; the first printable key replaces it, an
	// editing key (arrows, ctrl+e) starts editing it instead.
	fresh bool

	base    model.Answers
	answers model.Answers
	env     *env
}

// newForm starts the wizard's questionnaire from answers.
func newForm(base model.Answers, e *env) form { return newFormOf(wizard.Get(), base, e) }

// newFormOf starts the questionnaire of a question table from answers.
func newFormOf(q *questions, base model.Answers, e *env) form {
	base.Normalize()
	n := len(q.defs)
	f := form{q: q, base: cloneAnswers(base), env: e, preset: presetPick{sel: -1},
		raw: make([]string, n), pos: make([]int, n), good: make([]string, n), errs: make([]error, n), committed: make([]string, n),
		answered: make([]bool, n)}
	for id := range q.defs {
		f.raw[id] = q.defs[id].format(&f.base)
		f.good[id] = f.raw[id]
		f.committed[id] = f.raw[id]
		f.pos[id] = len([]rune(f.raw[id]))
	}
	f.recompute()
	return f
}

// clone copies the form so that no slice is shared: the model is a value
// (Bubble Tea keeps the one Update returns), and the model Update was
// called on keeps its questions as they were.
func (f *form) clone() form {
	c := *f
	c.raw, c.pos, c.good = slices.Clone(f.raw), slices.Clone(f.pos), slices.Clone(f.good)
	c.errs, c.committed, c.answered = slices.Clone(f.errs), slices.Clone(f.committed), slices.Clone(f.answered)
	c.base, c.answers = cloneAnswers(f.base), cloneAnswers(f.answers)
	return c
}

// cloneAnswers copies answers so that no slice is shared.
func cloneAnswers(a model.Answers) model.Answers {
	a.Providers = slices.Clone(a.Providers)
	a.Regions = slices.Clone(a.Regions)
	return a
}

// recompute reads every applicable question into the answers. A question
// whose text does not parse keeps its last valid text's value and an error.
// A question the user answered implies what its flag implies (a dataset
// size: a job) unless the implied question was answered too; an implied
// question not answered reads the starting answers and shows what it was
// given.
func (f *form) recompute() {
	a := cloneAnswers(f.base)
	answered := func(ans model.AnswerID) bool {
		for id := range f.q.defs {
			if f.q.defs[id].spec.ID == ans && f.answered[id] {
				return true
			}
		}
		return false
	}
	for id := range f.q.defs {
		d := &f.q.defs[id]
		if !d.applies(&a) {
			f.errs[id] = nil
			continue
		}
		if f.q.implied(fieldID(id)) && !f.answered[id] {
			f.raw[id] = d.format(&f.base)
		}
		if err := d.apply(f.raw[id], &a, f.env); err != nil {
			f.errs[id] = err
			if f.good[id] != f.raw[id] {
				_ = d.apply(f.good[id], &a, f.env)
			}
			continue
		}
		f.errs[id] = nil
		f.good[id] = f.raw[id]
		if f.answered[id] && strings.TrimSpace(f.raw[id]) != "" {
			d.spec.Imply(&a, answered)
		}
	}
	for id := range f.q.defs {
		if d := &f.q.defs[id]; f.q.implied(fieldID(id)) && !f.answered[id] && f.errs[id] == nil {
			s := d.format(&a)
			f.raw[id], f.good[id], f.committed[id], f.pos[id] = s, s, s, len([]rune(s))
		}
	}
	f.q.checkTogether(&a, f.errs, &f.base, f.env)
	f.q.checkContradictions(&a, f.raw, f.errs, answered)
	if a.Workload != model.WorkloadVRAM && a.DurationMode == model.DurationJob && a.JobTokens <= 0 {
		// The question that asks the job's size: the dataset for
		// training, the tokens to generate for inference.
		if id, ok := f.q.asking(model.AnsTokens, &a); ok && f.errs[id] == nil {
			f.errs[id] = errNeedJob
		}
	}
	f.answers = a
}

// effective returns the answers to rank: as asked, except that a job
// without a size is ranked as a wall-clock run until the size is given.
func (f *form) effective() model.Answers {
	a := cloneAnswers(f.answers)
	if a.DurationMode == model.DurationJob && a.JobTokens <= 0 {
		a.DurationMode = model.DurationWallClock
		if a.DurationHours <= 0 {
			a.DurationHours = model.HoursPerMonth
		}
	}
	return a
}

// applies reports whether a question is asked with the current answers.
func (f *form) applies(id fieldID) bool { return f.q.defs[id].applies(&f.answers) }

// stepFields returns the questions of a step that apply.
func (f *form) stepFields(step int) []fieldID {
	out := make([]fieldID, 0, len(f.q.pages[step]))
	for id := range f.q.fieldsOf(step, &f.answers) {
		out = append(out, id)
	}
	return out
}

// stepApplies reports whether a step has a question to ask.
func (f *form) stepApplies(step int) bool {
	for range f.q.fieldsOf(step, &f.answers) {
		return true
	}
	return false
}

// current returns the focused question: the field-th that applies, or
// the step's last that applies, or its first when none does.
func (f *form) current() fieldID {
	cur, n := f.q.pages[f.step][0], 0
	for id := range f.q.fieldsOf(f.step, &f.answers) {
		cur = id
		if n == f.field {
			break
		}
		n++
	}
	return cur
}

// clampField keeps the focused question inside the step after the
// applicable questions changed.
func (f *form) clampField() {
	if !f.stepApplies(f.step) {
		f.jump(f.step) // moves to the next step that applies
		return
	}
	n := len(f.stepFields(f.step))
	f.field = min(max(f.field, 0), n-1)
}

// next moves to the next question; it reports false at the end.
func (f *form) next() bool {
	f.commit()
	if f.field+1 < len(f.stepFields(f.step)) {
		f.field++
		f.preset.sel, f.fresh = -1, true
		return true
	}
	for s := f.step + 1; s < len(steps); s++ {
		if f.stepApplies(s) {
			f.setStep(s, 0)
			return true
		}
	}
	f.visited = len(steps) - 1
	return false
}

// prev moves to the previous question.
func (f *form) prev() {
	f.commit()
	if f.field > 0 {
		f.field--
		f.preset.sel, f.fresh = -1, true
		return
	}
	for s := f.step - 1; s >= 0; s-- {
		if fs := f.stepFields(s); len(fs) > 0 {
			f.setStep(s, len(fs)-1)
			return
		}
	}
}

// back moves to the first question of the previous step.
func (f *form) back() {
	for s := f.step - 1; s >= 0; s-- {
		if f.stepApplies(s) {
			f.setStep(s, 0)
			return
		}
	}
	f.field = 0
}

// jump goes to a step (or the next one that applies).
func (f *form) jump(step int) {
	for s := step; s < len(steps); s++ {
		if f.stepApplies(s) {
			f.setStep(s, 0)
			return
		}
	}
	for s := step; s >= 0; s-- {
		if f.stepApplies(s) {
			f.setStep(s, 0)
			return
		}
	}
}

func (f *form) setStep(s, field int) {
	f.commit()
	f.step, f.field = s, field
	f.visited = max(f.visited, s)
	f.preset.sel, f.fresh = -1, true
}

// setRaw replaces the text of a question and re-reads the answers.
func (f *form) setRaw(id fieldID, s string, pos int) {
	f.raw[id] = s
	f.answered[id] = true
	f.pos[id] = pos
	if id == fModel {
		f.preset.sel = -1
	}
	f.recompute()
	f.clampField()
}

// choose moves a choice question's answer by d options.
func (f *form) choose(id fieldID, d int) {
	opts := f.q.defs[id].options
	i := f.optionIndex(id)
	i = (i + d + len(opts)) % len(opts)
	f.setRaw(id, opts[i].value, 0)
}

// optionIndex returns the chosen option of a choice question.
func (f *form) optionIndex(id fieldID) int {
	d := &f.q.defs[id]
	for i, o := range d.options {
		if strings.EqualFold(o.value, f.raw[id]) || strings.EqualFold(o.value, d.format(&f.answers)) {
			return i
		}
	}
	return 0
}

// movePreset moves the highlight in the preset list and puts the
// highlighted name into the model question.
func (f *form) movePreset(d int) {
	name, ok := f.preset.move(f.env.Models(), f.raw[fModel], f.answers.Model, d)
	if !ok {
		return
	}
	f.raw[fModel] = name
	f.pos[fModel] = len([]rune(name))
	f.answered[fModel] = true
	f.recompute()
}

// firstInvalid returns the first applicable question whose text does not
// parse, in the order they are asked.
func (f *form) firstInvalid() (fieldID, bool) {
	for s := range steps {
		for id := range f.q.fieldsOf(s, &f.answers) {
			if f.errs[id] != nil {
				return id, true
			}
		}
	}
	return 0, false
}

// invalidCount is the number of applicable questions whose text does not parse.
func (f *form) invalidCount() int {
	n := 0
	for id := range f.q.defs {
		if f.errs[id] != nil && f.applies(fieldID(id)) {
			n++
		}
	}
	return n
}

// stepInvalid reports whether a question of the step does not parse.
func (f *form) stepInvalid(step int) bool {
	for id := range f.q.fieldsOf(step, &f.answers) {
		if f.errs[id] != nil {
			return true
		}
	}
	return false
}

// label is a question's label for the current answers.
func (f *form) label(id fieldID) msg { return f.q.defs[id].label(&f.answers) }

// prefillVRAM starts an empty memory-size answer from an estimate (the
// requirement of the answers before "I know my VRAM" was chosen), so that
// the step has a default like every other.
func (f *form) prefillVRAM(gib float64) {
	if strings.TrimSpace(f.raw[fVRAM]) != "" || gib <= 0 {
		return
	}
	s := model.FormatSize(math.Ceil(gib*10) / 10)
	f.setRaw(fVRAM, s, len([]rune(s)))
}

// commit records the focused question's text as its committed answer
// when it parses.
func (f *form) commit() {
	if id := f.current(); f.errs[id] == nil {
		f.committed[id] = f.raw[id]
	}
}

// committedAnswers are the answers with every question that does not parse
// read from its committed text instead, as a save asked for keeps them.
func (f *form) committedAnswers() model.Answers {
	c := f.clone()
	for id := range c.q.defs {
		if c.errs[id] != nil {
			c.raw[id] = c.committed[id]
		}
	}
	c.recompute()
	return c.effective()
}

// setFieldOf focuses a question of the current step.
func (f *form) setFieldOf(id fieldID) {
	if i := slices.Index(f.stepFields(f.step), id); i >= 0 {
		f.field = i
	}
}
