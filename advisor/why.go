package advisor

import (
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// whyFirst says in one or two lines why the top offer ranks before the
// runner-up: what the runner-up falls short of, the cost, the risk
// penalties and, when both are estimated, the decode speed. Empty with
// fewer than two offers.
func (c *call) whyFirst(recs []model.Recommendation) []string {
	if len(recs) < 2 {
		return nil
	}
	a, b := &recs[0], &recs[1]
	l := c.l
	var out []string
	name := displayGPU(b.GPU, l)
	switch {
	case a.WithinBudget && !b.WithinBudget:
		out = append(out, l.f(kWhyBudget, b.GPUCount, name))
	case len(b.Shortfalls) > len(a.Shortfalls):
		out = append(out, l.f(kWhyShort, b.GPUCount, name, strings.Join(b.Shortfalls, ", ")))
	case a.TotalUSD > 0 && b.TotalUSD > 0 && pct(1-a.TotalUSD/b.TotalUSD) == 0 && a.RiskPercent == b.RiskPercent:
		out = append(out, l.f(kWhyTie, b.GPUCount, name))
	case a.TotalUSD > 0 && b.TotalUSD > 0 && a.TotalUSD <= b.TotalUSD:
		out = append(out, l.f(kWhyCheaper, pct(1-a.TotalUSD/b.TotalUSD), b.GPUCount, name))
	case a.TotalUSD > 0 && b.TotalUSD > 0:
		out = append(out, l.f(kWhyRisk, pct(a.TotalUSD/b.TotalUSD-1), b.GPUCount, name, a.RiskPercent, b.RiskPercent, riskCodes(b, l)))
	}
	if sa, sb := a.Speed.DecodeTokensPerSec, b.Speed.DecodeTokensPerSec; sa > 0 && sb > 0 && !a.Speed.Unknown && !b.Speed.Unknown {
		out = append(out, l.f(kWhySpeed, sa, sb, a.RiskPercent, b.RiskPercent))
	} else if len(out) > 0 && !strings.Contains(out[0], "%") {
		out = append(out, l.f(kWhyRiskOnly, a.RiskPercent, b.RiskPercent))
	}
	return out
}

// riskCodes lists a recommendation's risks ("-" when it has none): their
// codes in English, their short names in Chinese.
func riskCodes(r *model.Recommendation, l lang) string {
	if len(r.Risk) == 0 {
		return "-"
	}
	codes := make([]string, len(r.Risk))
	for i, k := range r.Risk {
		codes[i] = l.riskName(k.Code)
	}
	return strings.Join(codes, l.f(kListSep))
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
// give (res.Tradeoffs, gates.go). It ranks the catalog once more per such
// risk and gate (top 1 only), so it is for the detail and the CLI, not
// for every keystroke. res must be Recommend's result for cat, a and opt.
func (e *Engine) WhatWouldChange(a model.Answers, opt Options, res *model.Result) {
	if e.cat == nil || len(res.Recommendations) == 0 {
		return
	}
	l := langOf(opt.Lang)
	top := &res.Recommendations[0]
	done := map[string]bool{}
	for _, f := range flips {
		if done[f.flag] || !slices.ContainsFunc(top.Risk, func(k model.RiskPenalty) bool { return k.Code == f.code }) {
			continue
		}
		done[f.flag] = true
		b := a
		f.set(&b)
		alt := e.Recommend(b, Options{Top: 1, Lang: opt.Lang, WithinBudget: opt.WithinBudget, NoSuggestions: true})
		if len(alt.Recommendations) == 0 {
			res.WhyFirst = append(res.WhyFirst, l.f(kWhyChangeNone, f.flag))
			continue
		}
		r := &alt.Recommendations[0]
		res.WhyFirst = append(res.WhyFirst, l.f(kWhyChange, f.flag, r.GPUCount, displayGPU(r.GPU, l),
			money(alt.Currency, r.Hourly), money(alt.Currency, r.Total)))
	}
	e.tradeoffs(a, opt, res)
}
