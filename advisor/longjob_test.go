package advisor

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// pretrain7B is Llama 2 7B pre-trained on tokens, with no deadline and at
// most maxNodes nodes (0: none given).
func pretrain7B(tokens float64, maxNodes int) model.Answers {
	a := answers(model.WorkloadPretrain, "llama-2-7b", model.BF16, 2048, 1)
	a.DurationMode, a.JobTokens, a.MaxNodes = model.DurationJob, tokens, maxNodes
	a.Normalize()
	return a
}

// TestLongJobPlans: 8× H100 nodes, with and without a cluster network.
// A job past six months warns with its wall-clock; on an offer with a
// cluster network the warning names the same offer over more nodes
// within the 64 a deadline allows; past two years training scales out
// over the nodes --nodes allows to finish within two years, and a run
// that cannot (no cluster network) falls short.
func TestLongJobPlans(t *testing.T) {
	rdma := mod(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32), func(o *model.Offer) { o.RDMA = model.Yes })
	plain := testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32)
	for _, tc := range []struct {
		name      string
		offer     model.Offer
		a         model.Answers
		warn      string // a word of the long-job message ("" for none)
		long      bool   // the run falls short (beyond two years)
		nodesFrom int    // the fewest nodes the run may use
	}{
		{"100B tokens: weeks", rdma, pretrain7B(100e9, 0), "", false, 1},
		{"2T tokens on a cluster network: months, faster on more nodes", rdma, pretrain7B(2e12, 0), "nodes of 8×", false, 1},
		{"2T tokens, no cluster network: months", plain, pretrain7B(2e12, 0), "lists only the plans", false, 1},
		{"10T tokens, 8 nodes allowed: scaled out within two years", rdma, pretrain7B(10e12, 8), "nodes of 8×", false, 2},
		{"10T tokens, no cluster network: beyond two years", plain, pretrain7B(10e12, 8), "lists only", true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Recommend(catWith(tc.offer), tc.a, Options{Top: 1})
			if len(res.Recommendations) == 0 {
				t.Fatalf("nothing recommended: %v", res.Notes)
			}
			r := &res.Recommendations[0]
			i := slices.IndexFunc(r.Warnings, func(w model.Warning) bool { return w.Code == model.WarnLongJob })
			switch {
			case tc.warn == "" && i >= 0:
				t.Errorf("%.0f days warns long-job: %q", r.CalendarHours/24, r.Warnings[i].Message)
			case tc.warn != "" && i < 0:
				t.Errorf("%.1f months without a long-job warning", r.CalendarHours/model.HoursPerMonth)
			case tc.warn != "" && !strings.Contains(r.Warnings[i].Message, tc.warn):
				t.Errorf("warning %q lacks %q", r.Warnings[i].Message, tc.warn)
			}
			if tc.warn != "" && (r.CalendarHours <= longJobWarnH) {
				t.Errorf("warned at %.1f months", r.CalendarHours/model.HoursPerMonth)
			}
			if got := slices.Contains(r.Shortfalls, model.ShortLongJob); got != tc.long || got != (r.CalendarHours > longJobShortH) {
				t.Errorf("%.1f years on %d nodes: shortfall %v, want %v", r.CalendarHours/(12*model.HoursPerMonth), r.Nodes, got, tc.long)
			}
			if r.Nodes < tc.nodesFrom || tc.a.MaxNodes > 0 && r.Nodes > tc.a.MaxNodes {
				t.Errorf("%d nodes, want %d to %d", r.Nodes, tc.nodesFrom, tc.a.MaxNodes)
			}
			if tc.long && (i < 0 || r.Warnings[i].Severity != model.SeverityCritical) {
				t.Errorf("beyond two years without a critical long-job warning: %+v", r.Warnings)
			}
		})
	}
}

// TestLongJobScaleOutFewest: a run scaled out to finish within two years
// uses the fewest nodes that do, so one node fewer would take longer.
func TestLongJobScaleOutFewest(t *testing.T) {
	rdma := mod(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32), func(o *model.Offer) { o.RDMA = model.Yes })
	cat := catWith(rdma)
	a := pretrain7B(10e12, 8)
	res := Recommend(cat, a, Options{Top: 1})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", res.Notes)
	}
	r := res.Recommendations[0]
	fewer := a
	fewer.MaxNodes = r.Nodes - 1
	b := Recommend(cat, fewer, Options{Top: 1})
	if len(b.Recommendations) == 0 {
		t.Fatalf("nothing on %d nodes: %v", fewer.MaxNodes, b.Notes)
	}
	if s := b.Recommendations[0]; s.CalendarHours <= longJobShortH || !slices.Contains(s.Shortfalls, model.ShortLongJob) {
		t.Errorf("%d nodes take %.2f years, %d nodes %.2f years: not the fewest within two years", r.Nodes, r.CalendarHours/8766, s.Nodes, s.CalendarHours/8766)
	}
}

func TestDeadlineFor(t *testing.T) {
	for _, tc := range []struct {
		cal  float64
		want string
	}{
		{100, "6mo"}, {longJobWarnH, "6mo"}, {longJobWarnH + 1, "7mo"}, {11.5 * model.HoursPerMonth, "1y"},
		{30 * model.HoursPerMonth, "2.5y"}, {100 * model.HoursPerMonth, "5y"},
	} {
		if got := model.FormatDeadline(deadlineFor(tc.cal)); got != tc.want {
			t.Errorf("deadlineFor(%.0f h) = %s, want %s", tc.cal, got, tc.want)
		}
	}
}

func TestWallClock(t *testing.T) {
	for _, tc := range []struct {
		h      float64
		en, zh string
	}{
		{10 * 24, "10 days", "10 天"},
		{2.5 * model.HoursPerMonth, "2.5 months", "2.5 个月"},
		{10.1 * 12 * model.HoursPerMonth, "10.1 years", "10.1 年"},
	} {
		if en, zh := langEN.wallClock(tc.h), langZH.wallClock(tc.h); en != tc.en || zh != tc.zh {
			t.Errorf("wallClock(%.0f h) = %q / %q, want %q / %q", tc.h, en, zh, tc.en, tc.zh)
		}
	}
}
