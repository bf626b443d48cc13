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
	raw  [fieldCount]string
	pos  [fieldCount]int // cursor, in runes
	good [fieldCount]string
	errs [fieldCount]error
	// committed is each question's text when the focus last left it valid
	// (or its starting text): what a save keeps for an answer that does
	// not parse, never a value typed on the way to it ("70" of "70X").
	committed [fieldCount]string

	step    int // index into steps
	field   int // index into the applicable fields of the step
	visited int // highest step reached

	presetSel   int    // highlighted preset in the filtered list, -1 for none
	presetQuery string // the text that filters the list while browsing it

	// fresh: the focused text answer still shows the text it had when the
	// focus arrived, selected; the first printable key replaces it, an
	// editing key (arrows, ctrl+e) starts editing it instead.
	fresh bool

	base    model.Answers
	answers model.Answers
	env     *env
}

// newForm starts the questionnaire from answers.
func newForm(base model.Answers, e *env) form {
	base.Normalize()
	f := form{base: cloneAnswers(base), env: e, presetSel: -1}
	for id := range fieldCount {
		f.raw[id] = defs[id].format(&f.base)
		f.good[id] = f.raw[id]
		f.committed[id] = f.raw[id]
		f.pos[id] = len([]rune(f.raw[id]))
	}
	f.recompute()
	return f
}

// cloneAnswers copies answers so that no slice is shared.
func cloneAnswers(a model.Answers) model.Answers {
	a.Providers = slices.Clone(a.Providers)
	a.Regions = slices.Clone(a.Regions)
	return a
}

// recompute reads every applicable question into the answers. A question
// whose text does not parse keeps its last valid text's value and an error.
func (f *form) recompute() {
	a := cloneAnswers(f.base)
	for id := range fieldCount {
		d := &defs[id]
		if !d.applies(&a) {
			f.errs[id] = nil
			continue
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
	}
	if a.Workload != model.WorkloadVRAM && a.DurationMode == model.DurationJob && a.JobTokens <= 0 {
		id := fGenTokens
		if a.Workload.Training() {
			id = fDataset
		}
		if f.errs[id] == nil {
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
func (f *form) applies(id fieldID) bool { return defs[id].applies(&f.answers) }

// stepFields returns the questions of a step that apply.
func (f *form) stepFields(step int) []fieldID {
	var out []fieldID
	for _, id := range steps[step].fields {
		if f.applies(id) {
			out = append(out, id)
		}
	}
	return out
}

// stepApplies reports whether a step has a question to ask.
func (f *form) stepApplies(step int) bool { return len(f.stepFields(step)) > 0 }

// current returns the focused question.
func (f *form) current() fieldID {
	fs := f.stepFields(f.step)
	if len(fs) == 0 {
		return steps[f.step].fields[0]
	}
	return fs[min(f.field, len(fs)-1)]
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
		f.presetSel, f.fresh = -1, true
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
		f.presetSel, f.fresh = -1, true
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
	f.presetSel, f.fresh = -1, true
}

// setRaw replaces the text of a question and re-reads the answers.
func (f *form) setRaw(id fieldID, s string, pos int) {
	f.raw[id] = s
	f.pos[id] = pos
	if id == fModel {
		f.presetSel = -1
	}
	f.recompute()
	f.clampField()
}

// choose moves a choice question's answer by d options.
func (f *form) choose(id fieldID, d int) {
	opts := defs[id].options
	i := f.optionIndex(id)
	i = (i + d + len(opts)) % len(opts)
	f.setRaw(id, opts[i].value, 0)
}

// optionIndex returns the chosen option of a choice question.
func (f *form) optionIndex(id fieldID) int {
	for i, o := range defs[id].options {
		if strings.EqualFold(o.value, f.raw[id]) || strings.EqualFold(o.value, defs[id].format(&f.answers)) {
			return i
		}
	}
	return 0
}

// presetMatches lists the presets whose name, id or family contains every
// word of the model question's text; all presets when the text is a
// parameter count, empty, or a preset's whole name (the default or a
// loaded answer), so that the alternatives are in view.
func (f *form) presetMatches() []int {
	ps := f.env.Models()
	q := f.raw[fModel]
	if f.presetSel >= 0 {
		q = f.presetQuery
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

// movePreset moves the highlight in the preset list and puts the
// highlighted name into the question.
func (f *form) movePreset(d int) {
	matches := f.presetMatches()
	if len(matches) == 0 {
		return
	}
	if f.presetSel < 0 {
		// Start from the preset the text names, if it is in the list.
		f.presetQuery = f.raw[fModel]
		for i, pi := range matches {
			if strings.EqualFold(f.env.Models()[pi].Name, f.answers.Model) {
				f.presetSel = i
			}
		}
		if f.presetSel < 0 {
			if d > 0 {
				f.presetSel = 0
			} else {
				f.presetSel = len(matches) - 1
			}
			d = 0
		}
	}
	f.presetSel = min(max(f.presetSel+d, 0), len(matches)-1)
	name := f.env.Models()[matches[f.presetSel]].Name
	f.raw[fModel] = name
	f.pos[fModel] = len([]rune(name))
	f.recompute()
}

// summary is the one-line answer of a step for the step list.
func (f *form) summary(t tr, step int) string {
	if !f.stepApplies(step) {
		return t.s(mSumNA)
	}
	for _, id := range f.stepFields(step) {
		if f.errs[id] != nil {
			return f.raw[id] // what was typed, not the value it replaced
		}
	}
	return steps[step].summary(f, t)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// choiceNames are the choices whose options are model values named in
// model (model/names.go): an option without a label of its own is labelled
// with that name.
var choiceNames = map[fieldID]func(value string) model.Name{
	fWorkload: func(v string) model.Name { return model.Workload(v).Name() },
	fLatency:  func(v string) model.Name { return model.Latency(v).Name() },
}

// optionLabel returns the display label of a choice's value.
func optionLabel(t tr, id fieldID, value string) string {
	for _, o := range defs[id].options {
		if strings.EqualFold(o.value, value) {
			name, named := choiceNames[id]
			switch {
			case o.label != 0:
				return t.s(o.label)
			case named:
				return name(o.value).In(t.zh())
			}
			return o.value
		}
	}
	return value
}

// firstInvalid returns the first applicable question whose text does not
// parse, in the order they are asked.
func (f *form) firstInvalid() (fieldID, bool) {
	for s := range steps {
		for _, id := range f.stepFields(s) {
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
	for id := range fieldCount {
		if f.errs[id] != nil && f.applies(id) {
			n++
		}
	}
	return n
}

// stepInvalid reports whether a question of the step does not parse.
func (f *form) stepInvalid(step int) bool {
	for _, id := range f.stepFields(step) {
		if f.errs[id] != nil {
			return true
		}
	}
	return false
}

// label is a question's label; the context question reads "sequence
// length" for training.
func (f *form) label(id fieldID) msg {
	if id == fContext && f.answers.Workload.Training() {
		return mFieldSeqLen
	}
	return defs[id].label
}

// hint is a step's hint, worded for training or a known memory size where
// that differs.
func (f *form) hint(step int) msg {
	switch {
	case steps[step].hintFor != nil:
		return steps[step].hintFor(&f.answers)
	}
	return steps[step].hint
}

// title is a step's title: the model step asks for the memory size when
// the user knows it.
func (f *form) title(step int) msg {
	if d := &steps[step]; d.titleFor != nil {
		return d.titleFor(&f.answers)
	}
	return steps[step].title
}

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
	c := *f
	for id := range fieldCount {
		if c.errs[id] != nil {
			c.raw[id] = c.committed[id]
		}
	}
	c.recompute()
	return c.effective()
}

// stepOf returns the step that asks a question.
func stepOf(id fieldID) int {
	for s := range steps {
		if slices.Contains(steps[s].fields, id) {
			return s
		}
	}
	return 0
}

// setFieldOf focuses a question of the current step.
func (f *form) setFieldOf(id fieldID) {
	if i := slices.Index(f.stepFields(f.step), id); i >= 0 {
		f.field = i
	}
}
