package model

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// FuzzRegistryParse: any text typed for any answer is either refused with
// a *FieldError naming that answer, or accepted as a value that passes the
// answer's own check and that its formatter writes back to the same value
// (so what is saved is what was understood, and loads the same).
func FuzzRegistryParse(f *testing.F) {
	for _, seed := range []struct {
		id  int
		raw string
	}{
		{int(AnsModel), "llama 70"}, {int(AnsModel), "mixtral"}, {int(AnsModel), "70X"}, {int(AnsModel), "7,5b"},
		{int(AnsBudget), "$2,5/h"}, {int(AnsBudget), "3k/mo"}, {int(AnsGPUs), "70b"}, {int(AnsNodes), "999999"},
		{int(AnsGPU), "H10O"}, {int(AnsProviders), "aws, awz"}, {int(AnsRegions), "us-east"}, {int(AnsSharding), "AUTO"},
		{int(AnsInterruptible), "是"}, {int(AnsContext), "128k"}, {int(AnsHoursPerWeek), "8h/d"}, {int(AnsTokens), "1,5T"},
		{int(AnsCheckpointInterval), "30min"}, {int(AnsCheckpointInterval), "2h"}, {int(AnsCheckpointInterval), "30m"},
		{int(AnsDeadline), "30d"}, {int(AnsDeadline), "720.004h"},
		{int(AnsRegions), "上海, cn"}, {int(AnsRegions), "europe，de"}, {int(AnsRegions), "hong-kong"}, {int(AnsRegions), "europa"},
		// A control character inside a name: refused as the check refuses it.
		{int(AnsRegions), "\fC "}, {int(AnsRegions), "us-east\v1"}, {int(AnsProviders), "aws\x1b[2J"}, {int(AnsProviders), "lambda\r"},
	} {
		f.Add(seed.id, seed.raw)
	}
	env := testEnv()
	f.Fuzz(func(t *testing.T, id int, raw string) {
		if id < 0 || id >= AnswerCount {
			return
		}
		s := Spec(AnswerID(id))
		a := DefaultAnswers()
		before := a
		err := s.Parse(raw, &a, env)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != s.Name || fe.Msg == "" {
				t.Fatalf("%s %q: error %v does not name the answer", s.Name, raw, err)
			}
			checkZH(t, s.Name+" "+strconv.Quote(raw), fe)
			if len([]rune(fe.Value)) > 41 {
				t.Fatalf("%s: error echoes %d characters", s.Name, len([]rune(fe.Value)))
			}
			if !reflect.DeepEqual(a, before) {
				t.Fatalf("%s %q refused, yet the answers changed", s.Name, raw)
			}
			return
		}
		if err := s.Check(&a); err != nil {
			t.Fatalf("%s %q accepted a value its check refuses: %v", s.Name, raw, err)
		}
		text := s.Format(&a)
		if strings.ContainsFunc(text, isControl) {
			t.Fatalf("%s %q: formatted %q holds control characters", s.Name, raw, text)
		}
		if text == "" && s.Blank == BlankRequired {
			return // params given alongside a preset name: not shown
		}
		again := a
		if err := s.Parse(text, &again, env); err != nil {
			t.Fatalf("%s %q: its formatted text %q does not parse: %v", s.Name, raw, text, err)
		}
		if s.Format(&again) != text {
			t.Fatalf("%s %q: %q formats back as %q", s.Name, raw, text, s.Format(&again))
		}
	})
}

// FuzzApplyGiven: flags in any combination either apply to answers that
// validate, or are refused with an error naming one of the flags given.
func FuzzApplyGiven(f *testing.F) {
	f.Add("model", "llama-3.1-8b", "params", "70B")
	f.Add("tokens", "2B", "duration", "2w")
	f.Add("workload", "pretrain", "latency", "realtime")
	f.Add("vram", "80GB", "gpus", "8")
	f.Add("currency", "CNY", "budget", "3k/mo")
	env := testEnv()
	f.Fuzz(func(t *testing.T, n1, v1, n2, v2 string) {
		s1, ok1 := SpecByName(n1)
		s2, ok2 := SpecByName(n2)
		if !ok1 || !ok2 {
			return
		}
		a := DefaultAnswers()
		_, err := ApplyGiven(&a, []Given{{s1, n1, v1}, {s2, n2, v2}}, env)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != n1 && fe.Field != n2 {
				t.Fatalf("%s=%q %s=%q: error %v names neither flag", n1, v1, n2, v2, err)
			}
			checkZH(t, n1+" "+n2, fe)
			return
		}
		a.Normalize()
		if err := a.Validate(); err != nil {
			var fe *FieldError
			if errors.As(err, &fe) && fe.Reason == ReasonMissing {
				return // e.g. --duration-mode job without --tokens: said at the edge
			}
			t.Fatalf("%s=%q %s=%q applied to invalid answers: %v", n1, v1, n2, v2, err)
		}
	})
}
