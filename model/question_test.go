package model

import (
	"slices"
	"testing"
)

// TestRegistryHoldsEveryAnswerOnce: the group tables give every answer
// exactly one entry, so init places each at its ID in the registry and leaves
// none empty.
func TestRegistryHoldsEveryAnswerOnce(t *testing.T) {
	seen := map[AnswerID]int{}
	for _, g := range [][]AnswerSpec{workloadAnswers, loadAnswers, runAnswers, costAnswers, filterAnswers} {
		for _, s := range g {
			seen[s.ID]++
		}
	}
	for id := range answerCount {
		if seen[id] != 1 {
			t.Errorf("answer %d has %d entries in the group tables, want 1", id, seen[id])
		}
		if s := Spec(id); s.ID != id || s.Name == "" {
			t.Errorf("registry[%d] holds %q with ID %d", id, s.Name, s.ID)
		}
	}
}

// TestQuestions: the wizard's questions of the registry have unique keys
// and unique places on their page, every page has one, a choice question
// asks an answer with choices and a text question one without, and a
// question's condition narrows where its answer applies (two questions of
// one answer are never asked together).
func TestQuestions(t *testing.T) {
	keys := map[string]bool{}
	type place struct {
		s   Section
		pos int
	}
	places := map[place]string{}
	pages := make([]int, SectionCount)
	for i := range Registry() {
		s := &Registry()[i]
		for _, q := range s.Questions {
			if q.Key == "" || keys[q.Key] {
				t.Errorf("%s: question key %q empty or used twice", s.Name, q.Key)
			}
			keys[q.Key] = true
			if q.Section < 0 || q.Section >= sectionCount {
				t.Errorf("%s: section %d", q.Key, q.Section)
				continue
			}
			pages[q.Section]++
			if other, ok := places[place{q.Section, q.Pos}]; ok {
				t.Errorf("%s and %s share place %d of section %d", q.Key, other, q.Pos, q.Section)
			}
			places[place{q.Section, q.Pos}] = q.Key
			if (q.Kind == AskChoice) != (len(s.Choices) > 0) {
				t.Errorf("%s: kind %d for an answer with %d choices", q.Key, q.Kind, len(s.Choices))
			}
		}
		if len(s.Questions) > 1 {
			for _, a := range []Answers{answersFor(WorkloadInference), answersFor(WorkloadFineTune), answersFor(WorkloadVRAM)} {
				asked := 0
				for j := range s.Questions {
					if s.Questions[j].Asked(s, &a) {
						asked++
					}
				}
				if asked > 1 {
					t.Errorf("%s: %d of its questions asked for %s", s.Name, asked, a.Workload)
				}
			}
		}
	}
	if i := slices.Index(pages, 0); i >= 0 {
		t.Errorf("section %d asks no question", i)
	}
	if len(Spec(AnsParams).Questions) != 0 {
		t.Errorf("params is read by the model question, not asked on its own")
	}
}

// answersFor is the default answers for a workload, with a job size so
// that the job's questions apply.
func answersFor(w Workload) Answers {
	a := DefaultAnswers()
	a.Workload, a.DurationMode, a.JobTokens = w, DurationJob, 1e9
	return a
}
