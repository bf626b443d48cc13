package systemtest

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// Wall-clock thresholds of issue 20, item 4: a job longer than six months
// warns, one beyond two years falls short.
const (
	sixMonthsH = 6 * model.HoursPerMonth
	twoYearsH  = 24 * model.HoursPerMonth
)

// pretrainJob is pre-training a preset on a number of tokens, with no
// deadline.
func pretrainJob(preset string, tokens float64, fn func(a *model.Answers)) model.Answers {
	a := withModel(model.WorkloadPretrain, preset, model.BF16)
	a.DurationMode, a.JobTokens = model.DurationJob, tokens
	if fn != nil {
		fn(&a)
	}
	a.Normalize()
	return a
}

// tradeoff is the result's tradeoff of a gate, if any.
func tradeoff(res *model.Result, g model.Gate) (model.Tradeoff, bool) {
	i := slices.IndexFunc(res.Tradeoffs, func(t model.Tradeoff) bool { return t.Gate == g })
	if i < 0 {
		return model.Tradeoff{}, false
	}
	return res.Tradeoffs[i], true
}

// longShortfallFollows checks that every listed run beyond two years
// carries the shortfall, none within it does, and no run beyond two years
// ranks before one within it.
func longShortfallFollows(t *testing.T, res *model.Result) {
	t.Helper()
	seenLong := false
	for i, r := range res.Recommendations {
		long := slices.Contains(r.Shortfalls, model.ShortLongJob)
		if long != (r.CalendarHours > twoYearsH) {
			t.Errorf("#%d %d× %s x%d nodes: %.1f years, shortfalls %v", i+1, r.GPUCount, r.GPU, r.Nodes, r.CalendarHours/(12*model.HoursPerMonth), r.Shortfalls)
		}
		if !long && seenLong {
			t.Errorf("#%d runs within two years but ranks after a run beyond them", i+1)
		}
		seenLong = seenLong || long
		if long {
			if w, ok := warning(&r, model.WarnLongJob); !ok || w.Severity != model.SeverityCritical {
				t.Errorf("#%d beyond two years: long-job warning %+v", i+1, w)
			}
		}
	}
}

// TestLongJobThirteenB is the case: Llama 2 13B pre-trained on 2T
// tokens on A100-80GB with no deadline took 10 years on one node. With no
// --nodes the run scales out over the nodes a deadline allows (64) on
// offers with a cluster network, so the top pick finishes within two
// years (the one-node plans of ten follow it, short of that); it still
// warns long-job with its wall-clock, and the detail names a plan within
// those nodes that finishes sooner, with its cost.
func TestLongJobThirteenB(t *testing.T) {
	cat := advisorEmbedded(t)
	eng := advisor.New(cat)
	for _, lang := range []string{"en", "zh"} {
		a := pretrainJob("llama-2-13b", 2e12, func(a *model.Answers) { a.GPU = "A100-80GB" })
		opt := advisor.Options{Top: 5, Lang: lang}
		res := eng.Recommend(a, opt)
		if len(res.Recommendations) == 0 {
			t.Fatalf("nothing recommended: %v", res.Notes)
		}
		top := &res.Recommendations[0]
		if top.CalendarHours <= sixMonthsH {
			t.Fatalf("the case no longer runs long: %.0f h", top.CalendarHours)
		}
		if top.CalendarHours > twoYearsH || top.Nodes < 2 {
			t.Errorf("%s: top pick %d× %s x%d nodes takes %.1f years: a plan over nodes with a cluster network finishes within two", lang, top.GPUCount, top.GPU, top.Nodes, top.CalendarHours/8766)
		}
		w, ok := warning(top, model.WarnLongJob)
		if !ok {
			t.Fatalf("%s: %.1f years with no long-job warning: %+v", lang, top.CalendarHours/8766, top.Warnings)
		}
		if lang == "zh" && !strings.Contains(w.Message, "年") || lang == "en" && !strings.Contains(w.Message, "years") {
			t.Errorf("%s: the warning does not give the wall-clock: %q", lang, w.Message)
		}
		longShortfallFollows(t, &res)
		eng.WhatWouldChange(a, opt, &res)
		f, ok := tradeoff(&res, model.GateLongJob)
		if !ok {
			t.Fatalf("%s: no faster plan named; why %v", lang, res.WhyFirst)
		}
		if f.Nodes < 1 || f.Nodes > 64 || f.CalendarHours <= 0 || f.CalendarHours >= top.CalendarHours || f.CalendarHours > f.Limit {
			t.Errorf("%s: faster plan %d nodes, %.0f h against %.0f h, deadline %.0f h", lang, f.Nodes, f.CalendarHours, top.CalendarHours, f.Limit)
		}
		if f.TotalUSD <= 0 || !strings.HasPrefix(f.Flag, "--deadline ") || !slices.Contains(res.WhyFirst, f.Text) {
			t.Errorf("%s: faster plan cost %.0f, flag %q, text %q not in why %v", lang, f.TotalUSD, f.Flag, f.Text, res.WhyFirst)
		}
		if !advisor.MatchGPU("A100-80GB", f.GPU) {
			t.Errorf("%s: the faster plan leaves the --gpu filter: %s", lang, f.GPU)
		}
	}
}

// TestLongJobUsesAllowedNodes is the 405B case: with 64 nodes
// allowed, the top pick finishes within two years or, when no plan does,
// runs on the nodes allowed and is marked as falling short; runs beyond
// two years rank after runs within them.
func TestLongJobUsesAllowedNodes(t *testing.T) {
	cat := advisorEmbedded(t)
	a := pretrainJob("llama-3.1-405b", 15.6e12, func(a *model.Answers) { a.Context, a.MaxNodes = 8192, 64 })
	res := advisor.Recommend(cat, a, advisor.Options{Top: 10})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	top := &res.Recommendations[0]
	if top.Nodes > 64 {
		t.Errorf("top pick on %d nodes, over the 64 allowed", top.Nodes)
	}
	if top.CalendarHours > twoYearsH {
		if !slices.Contains(top.Shortfalls, model.ShortLongJob) || top.Nodes != 64 {
			t.Errorf("top pick runs %.1f years on %d of 64 nodes, shortfalls %v", top.CalendarHours/8766, top.Nodes, top.Shortfalls)
		}
		if !noteWith(res, "2 years") {
			t.Errorf("no note says that no plan finishes within two years: %v", res.Notes)
		}
	}
	longShortfallFollows(t, &res)
}

// TestLongJobWithinTwoYearsFirst: Llama 2 13B on 2T tokens with 16 nodes
// allowed and any GPU: plans that finish within two years exist (a
// cluster of fast GPUs), and every one of them ranks before the cheaper
// runs of more than two years.
func TestLongJobWithinTwoYearsFirst(t *testing.T) {
	cat := advisorEmbedded(t)
	a := pretrainJob("llama-2-13b", 2e12, func(a *model.Answers) { a.MaxNodes = 16 })
	res := advisor.Recommend(cat, a, advisor.Options{Top: 30})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	if top := res.Recommendations[0]; top.CalendarHours > twoYearsH {
		t.Errorf("top pick runs %.1f years with 16 nodes allowed", top.CalendarHours/8766)
	}
	longShortfallFollows(t, &res)
}

// TestGateFirstTokenPrice is the case: Qwen2.5-14B at 128k
// context for 4 users. The interactive class's 2 s first-token limit
// forces an expensive pick; the detail names the limit, and the offer
// that would lead without it costs at most #1 / 1.5 and misses only that
// limit (its first token comes later, its decode speed meets the class).
func TestGateFirstTokenPrice(t *testing.T) {
	cat := advisorEmbedded(t)
	eng := advisor.New(cat)
	for _, lang := range []string{"en", "zh"} {
		a := withModel(model.WorkloadInference, "qwen2.5-14b", model.BF16)
		a.Context, a.Batch = 128*1024, 4
		a.Normalize()
		opt := advisor.Options{Top: 3, Lang: lang}
		res := eng.Recommend(a, opt)
		if len(res.Recommendations) == 0 {
			t.Fatalf("nothing recommended: %v", res.Notes)
		}
		top := &res.Recommendations[0]
		limit := res.Requirement.MaxTimeToFirstTokenSec
		if limit <= 0 || top.Speed.TimeToFirstTokenSec > limit || !top.Speed.MeetsLatency {
			t.Fatalf("top pick: first token %.1f s against %.0f s", top.Speed.TimeToFirstTokenSec, limit)
		}
		eng.WhatWouldChange(a, opt, &res)
		g, ok := tradeoff(&res, model.GateFirstToken)
		if !ok {
			t.Fatalf("%s: no note prices the first-token limit; why %v", lang, res.WhyFirst)
		}
		if g.TotalUSD <= 0 || g.TotalUSD > top.TotalUSD/1.5 {
			t.Errorf("%s: the offer without the limit costs $%.0f against #1's $%.0f", lang, g.TotalUSD, top.TotalUSD)
		}
		if g.Speed.TimeToFirstTokenSec <= limit || g.Speed.DecodeTokensPerSec < res.Requirement.MinDecodeTokensPerSec || g.Limit != limit {
			t.Errorf("%s: the offer without the limit: first token %.1f s, %.1f tok/s (class %.0f s, %.0f tok/s)", lang,
				g.Speed.TimeToFirstTokenSec, g.Speed.DecodeTokensPerSec, limit, res.Requirement.MinDecodeTokensPerSec)
		}
		if !slices.Contains(res.WhyFirst, g.Text) || !strings.Contains(g.Text, model.FormatNumber(2)) {
			t.Errorf("%s: note %q not in why %v, or without the limit", lang, g.Text, res.WhyFirst)
		}
		if zh := strings.Contains(g.Text, "首 token"); zh != (lang == "zh") {
			t.Errorf("%s: note in the wrong language: %q", lang, g.Text)
		}
	}
}

// TestImageLatencyClasses: FLUX.1-dev under the realtime and interactive
// classes. A pick that meets the class makes an image within its limit;
// one that does not is not said to meet it and carries a warning that
// says so (too slow, or a speed that could not be checked).
func TestImageLatencyClasses(t *testing.T) {
	cat := advisorEmbedded(t)
	for _, tc := range []struct {
		lat   model.Latency
		limit float64
	}{{model.LatencyRealtime, 1}, {model.LatencyInteractive, 20}} {
		a := withModel(model.WorkloadInference, "flux.1-dev", model.BF16)
		a.Latency = tc.lat
		res := advisor.Recommend(cat, a, advisor.Options{Top: 10})
		if len(res.Recommendations) == 0 {
			t.Fatalf("%s: nothing recommended: %v", tc.lat, res.Notes)
		}
		if res.Requirement.MaxSecondsPerImage != tc.limit {
			t.Errorf("%s: class limit %.0f s per image, want %.0f", tc.lat, res.Requirement.MaxSecondsPerImage, tc.limit)
		}
		for i, r := range res.Recommendations {
			sp := r.Speed
			switch {
			case sp.MeetsLatency && (sp.Unknown || sp.SecondsPerImage <= 0 || sp.SecondsPerImage > tc.limit):
				t.Errorf("%s #%d %s: meets the class at %.1f s per image (unknown %v)", tc.lat, i+1, r.GPU, sp.SecondsPerImage, sp.Unknown)
			case !sp.MeetsLatency && sp.Unknown:
				if _, ok := warning(&r, model.WarnSpeedUnknown); !ok {
					t.Errorf("%s #%d %s: speed unknown without a warning", tc.lat, i+1, r.GPU)
				}
			case !sp.MeetsLatency:
				if _, ok := warning(&r, model.WarnSlowImage); !ok || sp.SecondsPerImage <= tc.limit {
					t.Errorf("%s #%d %s: misses the class at %.1f s per image, warnings %+v", tc.lat, i+1, r.GPU, sp.SecondsPerImage, r.Warnings)
				}
			}
		}
		if tc.lat == model.LatencyInteractive {
			// H100-class GPUs make a FLUX.1-dev image in 12 s (the preset's
			// reference): the top pick meets the class.
			if top := res.Recommendations[0].Speed; !top.MeetsLatency || top.SecondsPerImage > tc.limit {
				t.Errorf("interactive: top pick at %.1f s per image, meets %v", top.SecondsPerImage, top.MeetsLatency)
			}
		}
	}
}
