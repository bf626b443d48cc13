package model

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// Every refusal of a whole-number answer states that answer's real range
// and what its blank means, in both languages, whether the value comes as
// typed (a flag, the wizard, the line prompt: AnswerSpec.Parse) or stored
// (a decision record: AnswerSpec.Check), and the answer's forms agree with
// it (issue 26: --headroom -5 said "accepted: 0 to 1000000").
func TestCountAnswersStateTheirRange(t *testing.T) {
	for _, tc := range []struct {
		id     AnswerID
		lo, hi int
		en, zh string // the range as every message states it
	}{
		{AnsBatch, 1, 1_000_000, "accepted: 1 to 1000000)", "可接受：1 到 1000000）"},
		{AnsGPUs, 1, 1024, "accepted: 1 to 1024, or blank for any)", "可接受：1 到 1024，或留空表示不限）"},
		{AnsNodes, 1, 4096, "accepted: 1 to 4096, or blank for any)", "可接受：1 到 4096，或留空表示不限）"},
		{AnsMinVCPUsPerGPU, 1, 256, "accepted: 1 to 256, or blank for any)", "可接受：1 到 256，或留空表示不限）"},
		{AnsHeadroom, 1, 90, "accepted: 1% to 90%, or blank for 10%)", "可接受：1% 到 90%，或留空表示 10%）"},
	} {
		s := Spec(tc.id)
		t.Run(s.Name, func(t *testing.T) {
			if want := fmt.Sprintf("from %d to %d", tc.lo, tc.hi); !strings.Contains(s.Forms, want) && s.Forms != FormsCount {
				t.Errorf("forms %q do not say %q", s.Forms, want)
			}
			for _, in := range []string{"0", "-5", "NaN", "Inf", "-Inf", strconv.Itoa(tc.hi + 1), "5000000"} {
				a := DefaultAnswers()
				err := s.Parse(in, &a, nil)
				var fe *FieldError
				if !errors.As(err, &fe) {
					t.Fatalf("%q: %v, want a *FieldError", in, err)
				}
				if fe.Field != s.Name || !strings.Contains(fe.Text(false), tc.en) || !strings.Contains(fe.Text(true), tc.zh) {
					t.Errorf("%q:\n %s\n %s\nwant the field and %q / %q", in, fe.Text(false), fe.Text(true), tc.en, tc.zh)
				}
				checkZH(t, s.Name+" "+in, fe)
			}
			for _, in := range []string{strconv.Itoa(tc.lo), strconv.Itoa(tc.hi)} {
				a := DefaultAnswers()
				if err := s.Parse(in, &a, nil); err != nil {
					t.Errorf("%q: %v, want accepted", in, err)
				}
			}
			for _, n := range []int{-1, tc.hi + 1} {
				err := ruleOf(t, tc.id).check(n)
				var fe *FieldError
				if !errors.As(err, &fe) || !strings.Contains(fe.Text(false), tc.en) || !strings.Contains(fe.Text(true), tc.zh) {
					t.Errorf("stored %d: %v, want %q", n, err, tc.en)
				}
			}
			if err := ruleOf(t, tc.id).check(0); err != nil {
				t.Errorf("stored 0 (not given): %v", err)
			}
		})
	}
}

// ruleOf is the countRule of a count answer.
func ruleOf(t *testing.T, id AnswerID) countRule {
	t.Helper()
	switch id {
	case AnsBatch:
		return ruleBatch
	case AnsGPUs:
		return ruleGPUs
	case AnsNodes:
		return ruleNodes
	case AnsMinVCPUsPerGPU:
		return ruleVCPUs
	case AnsHeadroom:
		return ruleHeadroom
	}
	t.Fatalf("%v has no count rule", id)
	return countRule{}
}
