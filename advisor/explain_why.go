package advisor

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/gpupick/gpupick/model"
)

// whyFirst says in a line why the top offer ranks before the runner-up,
// naming what decided the order as the ranking compares them (cand.less):
// the budget group, the latency tier (a speed unknown), the
// shortfalls, a storage or egress price unknown, then the cost with the
// risk penalties (with the penalties the two do not share), and for a
// true tie the cost before the penalties, the hourly rate or the
// catalog's order; with a deadline, a run that finishes sooner at a
// near-equal cost (shortFirst). A second line compares the decode
// speeds when both are estimated. recs are the ranked offers priced in
// full and cs their candidates, in the same order; empty with fewer than
// two.
func (c explainer) whyFirst(recs []model.Recommendation, cs []cand) []string {
	if len(recs) < 2 || len(cs) < 2 {
		return nil
	}
	a, b := &recs[0], &recs[1]
	out := []string{c.whyDecided(a, b, cs[0], cs[1])}
	if a.Speed.Concurrency > 0 && b.Speed.Concurrency > 0 && !a.Speed.Unknown && !b.Speed.Unknown {
		// A batch job: what counts is the whole configuration's rate.
		return append(out, c.l.f(kWhyBatchSpeed, a.Speed.ThroughputTokensSec, a.Speed.Concurrency, b.Speed.ThroughputTokensSec, b.Speed.Concurrency))
	}
	if sa, sb := a.Speed.DecodeTokensPerSec, b.Speed.DecodeTokensPerSec; sa > 0 && sb > 0 && !a.Speed.Unknown && !b.Speed.Unknown {
		out = append(out, c.l.f(kWhySpeed, sa, sb))
	}
	return out
}

// whyDecided is the line that names the first difference of the ranking
// keys of ca (recommendation a, ranked first) and cb (b, second).
func (c explainer) whyDecided(a, b *model.Recommendation, ca, cb cand) string {
	l := c.l
	n, name := b.GPUCount, displayGPU(b.GPU, l)
	shortOf := func(cd cand) uint8 { return uint8(cd.key>>4) & 0xf }
	switch {
	case ca.over() < cb.over():
		return l.f(kWhyBudget, n, name)
	case ca.tier() < cb.tier():
		// A runner-up known to be too slow is listed only when no offer of
		// its budget group is fast enough (trim): under the same budget,
		// it is one of unknown speed.
		return l.f(kWhySpeedUnknown, n, name)
	case shortOf(ca) < shortOf(cb):
		var more []string
		for _, s := range b.Shortfalls {
			if !slices.Contains(a.Shortfalls, s) {
				more = append(more, s)
			}
		}
		if len(more) == 0 {
			more = b.Shortfalls
		}
		return l.f(kWhyShort, n, name, strings.Join(more, ", "))
	case ca.unk() < cb.unk():
		return l.f(kWhyHiddenUnknown, n, name)
	case c.p.deadline > 0 && ca.rank > cb.rank:
		// shortFirst put the sooner run first among near-equal costs.
		return l.f(kWhySooner, n, name, l.shortDuration(a.CalendarHours), l.shortDuration(b.CalendarHours), pct(equalCostShare))
	}
	m := func(usd float64) string { return c.l.money(c.price.disp, usd*c.price.usdDisp) }
	if ca.rank == cb.rank || math.IsInf(ca.rank, 1) && math.IsInf(cb.rank, 1) {
		switch {
		case ca.cost < cb.cost:
			return l.f(kWhyTieCost, n, name, m(ca.cost), m(cb.cost))
		case ca.hourly < cb.hourly:
			return l.f(kWhyTieHourly, n, name, m(ca.hourly), m(cb.hourly))
		}
		return l.f(kWhyTie, n, name)
	}
	more, less := riskDiff(a.Risk, b.Risk, l), riskDiff(b.Risk, a.Risk, l)
	if ca.cost > cb.cost {
		return l.f(kWhyRisk, pct(ca.cost/cb.cost-1), n, name, pct(1-ca.rank/cb.rank), c.riskParts(more, less))
	}
	var lead string
	switch {
	case ca.cost == cb.cost:
		lead = l.f(kWhySameCost, n, name)
	case pct(1-ca.cost/cb.cost) == 0:
		lead = l.f(kWhyCheaperBy, n, name, m(cb.cost-ca.cost))
	default:
		lead = l.f(kWhyCheaper, pct(1-ca.cost/cb.cost), n, name)
	}
	if len(more)+len(less) == 0 {
		return lead
	}
	// The penalties compound into rank/cost: compare the totals.
	ra, rb := ca.rank/ca.cost, cb.rank/cb.cost
	clause := kWhySameRisk
	switch {
	case ra < rb*(1-1e-9):
		clause = kWhySafer
	case ra > rb*(1+1e-9):
		clause = kWhyRiskier
	}
	return lead + l.f(clause, c.riskParts(more, less))
}

// riskDiff lists the penalties of b that a does not carry, or carries at
// a smaller share, by their short names ("shared-vcpu +5%", "more-gpus
// +16% against +5%").
func riskDiff(a, b []model.RiskPenalty, l lang) []string {
	var out []string
	for _, kb := range b {
		i := slices.IndexFunc(a, func(k model.RiskPenalty) bool { return k.Code == kb.Code })
		switch {
		case i < 0:
			out = append(out, l.f(kWhyRiskItem, l.riskName(kb.Code), kb.Percent))
		case a[i].Percent < kb.Percent:
			out = append(out, l.f(kWhyRiskAgainst, l.riskName(kb.Code), kb.Percent, a[i].Percent))
		}
	}
	return out
}

// riskParts says which penalties the runner-up carries more of (more)
// and which the top offer does (less): "#2 has shared-vcpu +5%; #1 has
// stale-price +5%".
func (c explainer) riskParts(more, less []string) string {
	l := c.l
	var parts []string
	if len(more) > 0 {
		parts = append(parts, l.f(kWhyHas2, strings.Join(more, l.f(kListSep))))
	}
	if len(less) > 0 {
		parts = append(parts, l.f(kWhyHas1, strings.Join(less, l.f(kListSep))))
	}
	return strings.Join(parts, l.f(kWhyPartSep))
}

// flips are the hard requirements that leave out an offer for a risk it
// carries: the risk code, the flag as the user would type it, and the
// answer it sets.
var flips = []struct {
	code, flag string
	set        func(a *model.Answers)
}{
	{model.WarnMarketplaceHost, "--hosting datacenter", func(a *model.Answers) { a.Hosting = model.ReqDatacenter }},
	{model.WarnSharedVCPU, "--vcpu dedicated", func(a *model.Answers) { a.VCPU = model.ReqDedicated }},
	{riskCodeTPHost, "--interconnect nvlink", func(a *model.Answers) { a.Interconnect = model.ReqNVLink }},
	{riskCodeTPLink, "--interconnect nvlink", func(a *model.Answers) { a.Interconnect = model.ReqNVLink }},
}

// WhatWouldChange adds to res.WhyFirst what would change the order: for
// each risk of the top offer that a hard requirement rules out (a
// marketplace host, shared vCPUs, a split over PCIe), the offer that would
// lead with that requirement ("with --hosting datacenter: 1× L40S at
// $0.86/h"); then what each gate of the answers costs and, for a job that
// runs longer than six months with no deadline, the plan a deadline would
// give (res.Tradeoffs, explain_gates.go). It ranks the catalog once more per such
// risk and gate (top 1 only), so it is for the detail and the CLI, not
// for every keystroke. res must be Recommend's result for cat, a and opt.
func (e *Engine) WhatWouldChange(a model.Answers, opt Options, res *model.Result) {
	e.whatWouldChange(a, opt, res, nil)
}

// whatWouldChange is WhatWouldChange; base, when not nil, is the
// evaluation of the answers Recommend made (Options.Explain), which the
// limits of the latency class start from.
func (e *Engine) whatWouldChange(a model.Answers, opt Options, res *model.Result, base *call) {
	if e.cat == nil || len(res.Recommendations) == 0 {
		return
	}
	// The re-rankings are independent of one another: each flip ranks on
	// its own goroutine while the tradeoffs rank on this one, and their
	// texts join in the order the flips are listed, then the tradeoffs'.
	// The flips read base's shapes, which the limits of the latency class
	// relax in place and put back: those are worked out first.
	n := len(res.WhyFirst)
	t := e.newTrade(a, opt, res, base)
	if t != nil {
		t.classGates()
	}
	lines := e.flipLines(a, opt, &res.Recommendations[0], base)
	if t != nil {
		t.otherGates()
	}
	res.WhyFirst = slices.Concat(res.WhyFirst[:n], lines(), res.WhyFirst[n:])
}

// flipLines starts ranking, for each flip whose risk the top offer
// carries (each flag once), the offer that would lead with the flip's
// requirement; the function returned waits for them and gives their
// lines in the order of flips.
func (e *Engine) flipLines(a model.Answers, opt Options, top *model.Recommendation, base *call) func() []string {
	l := langOf(opt.Lang)
	var wg sync.WaitGroup
	lines := make([]string, 0, len(flips)) // never grown: each goroutine writes its own element
	done := map[string]bool{}
	for _, f := range flips {
		if done[f.flag] || !slices.ContainsFunc(top.Risk, func(k model.RiskPenalty) bool { return k.Code == f.code }) {
			continue
		}
		done[f.flag] = true
		b := a
		f.set(&b)
		lines = append(lines, "")
		line := &lines[len(lines)-1]
		wg.Go(func() {
			alt := e.Recommend(b, Options{Top: 1, Lang: opt.Lang, WithinBudget: opt.WithinBudget, NoSuggestions: true, shapesFrom: base, leadOnly: true})
			if len(alt.Recommendations) == 0 {
				*line = l.f(kWhyChangeNone, f.flag)
				return
			}
			r := &alt.Recommendations[0]
			*line = l.f(kWhyChange, f.flag, r.GPUCount, displayGPU(r.GPU, l),
				l.money(alt.Currency, r.Hourly), l.money(alt.Currency, r.Total))
		})
	}
	return func() []string {
		wg.Wait()
		return lines
	}
}
