package ui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// The questions the tests name, by their registry keys.
var (
	fPrecision  = mustField("precision")
	fContext    = mustField("context")
	fUsers      = mustField("users")
	fMicroBatch = mustField("micro-batch")
	fLatency    = mustField("latency")
	fDuration   = mustField("duration")
	fPerWeek    = mustField("hours-per-week")
	fGenTokens  = mustField("gen-tokens")
	fCurrency   = mustField("currency")
	fBudget     = mustField("budget")
	fGPU        = mustField("gpu")
	fGPUs       = mustField("gpus")
	fProviders  = mustField("provider")
	fRegions    = mustField("region")
	fDataGB     = mustField("data")
	fEgressGB   = mustField("egress")
)

// presetMatches lists the presets under a form's model question.
func presetMatches(f *form) []int { return f.preset.matches(f.env.Models(), f.raw[fModel]) }

// goTo focuses a question the way a user does: the step list (ctrl+g),
// the digit of the question's step, then tab to it among the questions of
// the step that are asked. It fails when the question is not asked for
// the answers.
func goTo(t testing.TB, m Model, id fieldID) Model {
	t.Helper()
	step := m.form.q.stepOf(id)
	m = press(t, m, "ctrl+g", strconv.Itoa((step+1)%10))
	i := slices.Index(m.form.stepFields(step), id)
	if m.form.step != step || i < 0 {
		t.Fatalf("question %s is not asked (at step %d)", m.form.q.defs[id].q.Key, m.form.step)
	}
	m = press(t, m, slices.Repeat([]string{"tab"}, i)...)
	if m.form.current() != id {
		t.Fatalf("at question %s, not %s", m.form.q.defs[m.form.current()].q.Key, m.form.q.defs[id].q.Key)
	}
	return m
}

// play runs a script: key names (as press reads them) and questions to
// go to (goTo).
func play(t testing.TB, m Model, script ...any) Model {
	t.Helper()
	for _, s := range script {
		switch s := s.(type) {
		case string:
			m = press(t, m, s)
		case fieldID:
			m = goTo(t, m, s)
		default:
			t.Fatalf("script step %v: not a key or a question", s)
		}
	}
	return m
}

// prompts is the input of the line prompts that answers the questions
// asked for the answers a, in the order they are asked: the lines given
// for a question (more than one when the first are refused), or a blank
// line that keeps its answer.
func prompts(a model.Answers, given map[fieldID][]string) string {
	var b strings.Builder
	for s := range wizard.Get().pages {
		for _, id := range wizard.Get().pages[s] {
			if !wizard.Get().defs[id].applies(&a) {
				continue
			}
			lines := given[id]
			if len(lines) == 0 {
				lines = []string{""}
			}
			for _, l := range lines {
				b.WriteString(l + "\n")
			}
		}
	}
	return b.String()
}

// TestEveryQuestionHasWords: every question the registry asks is a field
// of the wizard with a label in both languages, the accepted forms of a
// text answer, and a label or hint for each of a choice's options; and
// the text table words no question the registry does not ask.
func TestEveryQuestionHasWords(t *testing.T) {
	asked := map[string]bool{}
	for i := range model.Registry() {
		s := &model.Registry()[i]
		for _, q := range s.Questions {
			asked[q.Key] = true
			id, ok := wizard.Get().id(q.Key)
			if !ok {
				t.Errorf("%s: no field", q.Key)
				continue
			}
			d := &wizard.Get().defs[id]
			if d.spec != s {
				t.Errorf("%s: the field edits %s, not %s", q.Key, d.spec.Name, s.Name)
			}
			for _, lang := range []string{"en", "zh"} {
				tr := newTr(lang)
				if tr.s(d.words.label) == "" || d.words.label == 0 {
					t.Errorf("%s: no label in %s", q.Key, lang)
				}
				if q.Kind != model.AskChoice && (d.words.forms == 0 || tr.s(d.words.forms) == "") {
					t.Errorf("%s: no accepted forms in %s", q.Key, lang)
				}
				for _, o := range d.options {
					if o.label == 0 && o.hint == 0 && d.words.name == nil {
						t.Errorf("%s: option %s has no words", q.Key, o.value)
					}
				}
			}
			if len(d.options) != len(s.Choices) || len(d.words.options) != len(s.Choices) {
				t.Errorf("%s: %d options and %d worded, for %d choices", q.Key, len(d.options), len(d.words.options), len(s.Choices))
			}
		}
	}
	for key := range fieldTexts.Get() {
		if !asked[key] {
			t.Errorf("words for %q, which the registry does not ask", key)
		}
	}
	n := 0
	for p := range wizard.Get().pages {
		n += len(wizard.Get().pages[p])
	}
	if n != len(wizard.Get().defs) || len(wizard.Get().defs) != len(asked) {
		t.Errorf("%d questions on the pages, %d fields, %d asked by the registry", n, len(wizard.Get().defs), len(asked))
	}
}

// TestAnExtraRegistryEntryIsAField: a question added to a registry (here
// a copy of the nodes answer asked as "racks" between the nodes and the
// providers) is a field of the form built from it, on its page and in its
// place, worded from the text table, edited and read like any other,
// with no other code of the wizard.
func TestAnExtraRegistryEntryIsAField(t *testing.T) {
	extra := *model.Spec(model.AnsNodes)
	extra.ID, extra.Name, extra.Key = model.AnswerID(model.AnswerCount), "racks", "racks"
	extra.Questions = []model.Question{{Key: "racks", Section: model.SectionScale, Pos: 35, Kind: model.AskText}}
	reg := append(slices.Clone(model.Registry()), extra)
	words := map[string]fieldWords{"racks": {label: mFieldDataGB, forms: mFormsCountAny}}
	for k, v := range fieldTexts.Get() {
		words[k] = v
	}
	q := newQuestions(reg, words)
	racks, ok := q.id("racks")
	if !ok {
		t.Fatal("no field for the extra entry")
	}
	page := q.pages[model.SectionScale]
	if i := slices.Index(page, racks); i < 1 || page[i-1] != mustField("nodes") || page[i+1] != fProviders {
		t.Fatalf("racks is not between the nodes and the providers: %v", page)
	}

	m := newTestModel(t, 140, 40)
	m.form = newFormOf(q, m.form.base, m.env)
	m = goTo(t, m, racks)
	m = press(t, m, "12")
	if m.form.errs[racks] != nil || m.form.answers.MaxNodes != 12 {
		t.Fatalf("racks 12: error %v, nodes %d", m.form.errs[racks], m.form.answers.MaxNodes)
	}
	s := screen(m)
	at := func(label msg) int { return strings.Index(s, m.t.s(label)) }
	if at(mFieldNodes) < 0 || !(at(mFieldNodes) < at(mFieldDataGB) && at(mFieldDataGB) < at(mFieldProviders)) {
		t.Fatalf("the extra question is not shown with its label between the nodes and the providers:\n%s", s)
	}
	m = press(t, m, "x")
	if m.form.errs[racks] == nil || !strings.Contains(screen(m), "✗") {
		t.Fatalf("12x is not refused on the extra question:\n%s", screen(m))
	}
}

// TestMustFieldIsTheTables: mustField, which numbers the registry's
// questions without building the question table, names each question's
// place in the table (wizard), and every key the table has.
func TestMustFieldIsTheTables(t *testing.T) {
	q := wizard.Get()
	if len(q.defs) == 0 {
		t.Fatal("the wizard asks no question")
	}
	for id := range q.defs {
		key := q.defs[id].q.Key
		if got := mustField(key); got != fieldID(id) {
			t.Errorf("mustField(%q) = %d, the table has it at %d", key, got, id)
		}
	}
}
