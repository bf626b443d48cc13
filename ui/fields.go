package ui

import (
	"cmp"
	"iter"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// fieldID names one question of the wizard: its place in the form's
// question table.
type fieldID int

// option is one answer of a choice question: a value of the registry's
// choices and its words.
type option struct {
	value       string
	label, hint msg
}

// fieldDef is one question of the wizard, built from the registry: the
// answer it sets (which parses, formats and says where it applies), the
// registry's question (its page, place, kind and condition) and its words
// from the text table (questiontext.go).
type fieldDef struct {
	spec    *model.AnswerSpec
	q       model.Question
	words   fieldWords
	options []option
}

// kind is how the question is answered.
func (d *fieldDef) kind() model.QuestionKind { return d.q.Kind }

// format writes the raw text of the question from answers.
func (d *fieldDef) format(a *model.Answers) string { return d.spec.Format(a) }

// apply reads raw text into the answers, or returns why it cannot.
func (d *fieldDef) apply(raw string, a *model.Answers, e *env) error {
	return d.spec.Parse(raw, a, e)
}

// applies reports whether the question is asked for these answers.
func (d *fieldDef) applies(a *model.Answers) bool { return d.q.Asked(d.spec, a) }

// label is the question's label for these answers.
func (d *fieldDef) label(a *model.Answers) msg {
	if d.words.labelFor != nil {
		return d.words.labelFor(a)
	}
	return d.words.label
}

// blankMeaning is what a blank answer to the question means, as the
// registry says: no budget, no data, no job size ("none"), no filter
// ("any") or the advisor's default; ok is false for a question that needs
// an answer.
func (d *fieldDef) blankMeaning() (m msg, ok bool) {
	switch d.spec.Blank {
	case model.BlankNone:
		return mBlankMeansNone, true
	case model.BlankAny:
		return mBlankMeansAny, true
	case model.BlankDefault:
		return mBlankMeansDefault, true
	}
	return 0, false
}

// optionLabel returns the display label of a choice's value: the option's
// own label, else the name model gives the value (model/names.go), else
// the value.
func (d *fieldDef) optionLabel(t tr, value string) string {
	for _, o := range d.options {
		if strings.EqualFold(o.value, value) {
			switch {
			case o.label != 0:
				return t.s(o.label)
			case d.words.name != nil:
				return d.words.name(o.value).In(t.zh())
			}
			return o.value
		}
	}
	return value
}

// questions is the wizard's question table, built from a registry: every
// question in the order its answer is applied (the registry's, so that an
// answer others depend on is read first), and each page's questions in
// the order they are asked.
type questions struct {
	defs  []fieldDef
	pages [model.SectionCount][]fieldID
	// byOther: the question's answer is implied by another's (implied),
	// worked out once: every keystroke reads it for each question.
	byOther []bool
}

// fieldsOf yields the questions of a step that apply to answers a, in
// order, without making a list: the frame asks it of every step (the step
// list, its summaries and the form) on each keystroke.
func (q *questions) fieldsOf(step int, a *model.Answers) iter.Seq[fieldID] {
	return func(yield func(fieldID) bool) {
		for _, id := range q.pages[step] {
			if q.defs[id].applies(a) && !yield(id) {
				return
			}
		}
	}
}

// newQuestions builds the question table of a registry with the words of
// a text table (keyed by question).
func newQuestions(reg []model.AnswerSpec, words map[string]fieldWords) *questions {
	q := &questions{}
	for i := range reg {
		s := &reg[i]
		for _, mq := range s.Questions {
			d := fieldDef{spec: s, q: mq, words: words[mq.Key]}
			for _, c := range s.Choices {
				ow := d.words.options[c]
				d.options = append(d.options, option{c, ow.label, ow.hint})
			}
			q.defs = append(q.defs, d)
		}
	}
	for id := range q.defs {
		p := q.defs[id].q.Section
		q.pages[p] = append(q.pages[p], fieldID(id))
	}
	for p := range q.pages {
		slices.SortStableFunc(q.pages[p], func(a, b fieldID) int { return cmp.Compare(q.defs[a].q.Pos, q.defs[b].q.Pos) })
	}
	q.byOther = make([]bool, len(q.defs))
	for id := range q.defs {
		ans := q.defs[id].spec.ID
		for i := range q.defs {
			q.byOther[id] = q.byOther[id] || slices.Contains(q.defs[i].spec.Implies(), ans)
		}
	}
	return q
}

// id finds a question by its key.
func (q *questions) id(key string) (fieldID, bool) {
	i := slices.IndexFunc(q.defs, func(d fieldDef) bool { return d.q.Key == key })
	return fieldID(i), i >= 0
}

// stepOf returns the page that asks a question.
func (q *questions) stepOf(id fieldID) int { return int(q.defs[id].q.Section) }

// asking is the question that asks an answer for these answers (the users
// or the micro-batch for the batch); the first that asks it when none
// applies; ok is false when the wizard does not ask it.
func (q *questions) asking(ans model.AnswerID, a *model.Answers) (fieldID, bool) {
	found, ok := fieldID(0), false
	for id := range q.defs {
		if q.defs[id].spec.ID != ans {
			continue
		}
		if q.defs[id].applies(a) {
			return fieldID(id), true
		}
		if !ok {
			found, ok = fieldID(id), true
		}
	}
	return found, ok
}

// implied reports whether another question's answer can set this
// question's answer (the duration mode: a dataset size means a job).
func (q *questions) implied(id fieldID) bool { return q.byOther[id] }

// wizard is the question table of the registry: the wizard's questions,
// built when the wizard first asks for them (a headless command never
// does: issue 26).
var wizard = lazy.Value[*questions]{New: func() *questions { return newQuestions(model.Registry(), fieldTexts.Get()) }}

// mustField is the wizard's question of a key; a key the registry does
// not ask is a mistake in this package, reported when it starts. It
// counts the registry's questions as newQuestions numbers them, without
// building the table (TestMustFieldIsTheTables holds the two together).
func mustField(key string) fieldID {
	id := 0
	for _, s := range model.Registry() {
		for _, q := range s.Questions {
			if q.Key == key {
				return fieldID(id)
			}
			id++
		}
	}
	panic("ui: the registry asks no question " + key)
}

// The questions the wizard's code names: the preset list of the model
// question, the memory size it prefills, the job size it checks and the
// line the duration page adds for a training job.
var (
	fWorkload = mustField("workload")
	fModel    = mustField("model")
	fVRAM     = mustField("vram")
	fDurMode  = mustField("duration-mode")
	fDataset  = mustField("dataset")
)

// env is what the parsers need to know about the catalog.
type env = model.AnswerEnv

// newEnv indexes the catalog once.
func newEnv(cat *model.Catalog) *env { return model.NewAnswerEnv(cat, advisor.MatchGPU) }

// errNeedJob is the form's own check: a job needs its size.
var errNeedJob = &model.FieldError{Field: "tokens", Reason: model.ReasonMissing, Msg: "a job needs a size"}

// matchGPU reports whether a GPU filter matches a GPU name, the way the
// advisor filters.
func matchGPU(query, name string) bool {
	return strings.TrimSpace(query) != "" && advisor.MatchGPU(query, name)
}

// checkTogether runs the registry's checks of the answers as a whole (a
// prompt and an output within the context given), which the command line
// and a record refuse too: a question whose check fails gets the error in
// errs, and its answer is ranked as the wizard began with it (base) until
// it is fixed.
func (q *questions) checkTogether(a *model.Answers, errs []error, base *model.Answers, e *env) {
	for id := range q.defs {
		d := &q.defs[id]
		if errs[id] != nil || !d.applies(a) {
			continue
		}
		if err := d.spec.Check(a); err != nil {
			errs[id] = err
			_ = d.apply(d.format(base), a, e)
		}
	}
}

// checkContradictions marks the question of an answer that contradicts
// another answered one (a dataset size and a calendar period; a provider
// both asked for and excluded) with the model's check, the one the flags
// and records go through; raw holds the questions' texts, and a cleared
// answer is not given.
func (q *questions) checkContradictions(a *model.Answers, raw []string, errs []error, answered func(model.AnswerID) bool) {
	rawOf := func(ans model.AnswerID) string {
		for id := range q.defs {
			if q.defs[id].spec.ID == ans {
				return raw[id]
			}
		}
		return ""
	}
	given := func(ans model.AnswerID) bool { return answered(ans) && strings.TrimSpace(rawOf(ans)) != "" }
	label := func(ans model.AnswerID) string { return model.Spec(ans).Name }
	ans, err := model.CheckContradictions(a, given, rawOf, label)
	if err == nil {
		return
	}
	if id, ok := q.asking(ans, a); ok && errs[id] == nil {
		errs[id] = err
	}
}
