package systemtest

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// TestExplainMatchesWhatWouldChange: Options.Explain adds to a ranking
// what WhatWouldChange adds after it (why #1 would change, what each gate
// costs), from Recommend's own evaluation: the same lines and tradeoffs.
func TestExplainMatchesWhatWouldChange(t *testing.T) {
	e := advisor.New(advisorEmbedded(t))
	notes, both := 0, false
	for _, set := range []func(a *model.Answers){
		func(a *model.Answers) { a.Model, a.Context, a.Batch = "qwen2.5-14b", 131072, 4 },
		func(a *model.Answers) { a.Model = "llama-3.1-70b" },
		func(a *model.Answers) { a.Model, a.Latency = "flux.1-dev", model.LatencyRealtime },
		func(a *model.Answers) { a.Model, a.Hosting = "llama-3.1-8b", model.ReqDatacenter },
		// A flip (--vcpu dedicated) ranked on another goroutine beside the
		// tradeoffs, after a class gate relaxed the evaluation's shapes and
		// put them back (whatWouldChange); `go test -race` (.ci/run) checks.
		func(a *model.Answers) { a.Model, a.Latency, a.Batch = "llama-3.1-70b", model.LatencyRealtime, 32 },
	} {
		a := model.DefaultAnswers()
		set(&a)
		a.Normalize()
		opt := advisor.Options{Top: 5, Lang: "en"}
		want := e.Recommend(a, opt)
		e.WhatWouldChange(a, opt, &want)
		opt.Explain = true
		got := e.Recommend(a, opt)
		if !reflect.DeepEqual(got.WhyFirst, want.WhyFirst) || !reflect.DeepEqual(got.Tradeoffs, want.Tradeoffs) {
			t.Errorf("%s: with Explain %q %+v\nafter WhatWouldChange %q %+v", a.Model, got.WhyFirst, got.Tradeoffs, want.WhyFirst, want.Tradeoffs)
		}
		notes += len(got.Tradeoffs)
		flipped := slices.ContainsFunc(got.WhyFirst, func(s string) bool { return strings.HasPrefix(s, "with --") })
		both = both || flipped && len(got.Tradeoffs) > 0
	}
	if notes == 0 {
		t.Error("no scenario names a gate: the comparison shows little")
	}
	if !both {
		t.Error("no scenario has both a flip and a gate: the concurrent flips are not checked beside the tradeoffs")
	}
}
