package advisor

import (
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
	case a.TotalUSD > 0 && b.TotalUSD > 0 && a.TotalUSD <= b.TotalUSD:
		out = append(out, l.f(kWhyCheaper, pct(1-a.TotalUSD/b.TotalUSD), b.GPUCount, name))
	case a.TotalUSD > 0 && b.TotalUSD > 0:
		out = append(out, l.f(kWhyRisk, pct(a.TotalUSD/b.TotalUSD-1), b.GPUCount, name, a.RiskPercent, b.RiskPercent, riskCodes(b)))
	}
	if sa, sb := a.Speed.DecodeTokensPerSec, b.Speed.DecodeTokensPerSec; sa > 0 && sb > 0 && !a.Speed.Unknown && !b.Speed.Unknown {
		out = append(out, l.f(kWhySpeed, sa, sb, a.RiskPercent, b.RiskPercent))
	} else if len(out) > 0 && !strings.Contains(out[0], "%") {
		out = append(out, l.f(kWhyRiskOnly, a.RiskPercent, b.RiskPercent))
	}
	return out
}

// riskCodes lists a recommendation's risk codes ("none" when it has none).
func riskCodes(r *model.Recommendation) string {
	if len(r.Risk) == 0 {
		return "-"
	}
	codes := make([]string, len(r.Risk))
	for i, k := range r.Risk {
		codes[i] = k.Code
	}
	return strings.Join(codes, ", ")
}
