package advisor

import (
	"time"

	"github.com/gpupick/gpupick/model"
)

// Risk penalties: the default order prices in what an infrastructure
// engineer would pay to avoid, as a share added to the offer's all-in cost
// for ranking only (the totals shown are never changed). They are gpupick's
// stated policy, not facts of the catalog; each one a recommendation
// carries is listed in its Risk with the share.
const (
	// riskMarketplace: a third-party host of a marketplace; availability,
	// reliability and the host itself vary from listing to listing.
	riskMarketplace = 15
	// riskSharedVCPU: host CPUs shared with other tenants (or burstable, a
	// container's share, a vGPU slice's share).
	riskSharedVCPU = 5
	// riskTPLinkPerGPU: per GPU beyond the first of a tensor-parallel group
	// (or of a training node) whose link is PCIe or not documented: every
	// layer all-reduces over it, and the speed estimate's allowance for
	// that is a rough one.
	riskTPLinkPerGPU = 10
	riskTPLinkMax    = 40
	// riskLegacy: an architecture the current stack is dropping (Maxwell,
	// Pascal, Volta; see the legacy-gpu warning).
	riskLegacy = 20
	// riskStale: a price read more than staleDays before the snapshot.
	riskStale = 5
	// riskEstimate: the cost is an estimate from a published discount,
	// not a listed price.
	riskEstimate = 5
	// riskPerExtraGPU and riskPerExtraNode make fewer GPUs and fewer nodes
	// win at near-equal cost: 1% per GPU beyond one (at most 5%), 5% per
	// node beyond one.
	riskPerExtraGPU  = 1
	riskExtraGPUMax  = 5
	riskPerExtraNode = 5
)

// Risk codes (the legacy, marketplace, shared-vCPU and stale-price ones
// are the codes of the matching warnings).
const (
	riskCodeTPLink   = "tp-over-pcie"
	riskCodeEstimate = "estimated-price"
	riskCodeGPUs     = "more-gpus"
	riskCodeNodes    = "more-nodes"
)

// risks adds the penalties of an offer to out and returns their sum in
// percent (the same sum quickRisk finds from the index).
func (c *call) risks(o *model.Offer, sh *shape, sr *shapeRes, r *row, pm pmCode, out *[]model.RiskPenalty) int {
	sum := 0
	add := func(code string, pct int) {
		if pct <= 0 {
			return
		}
		sum += pct
		*out = append(*out, model.RiskPenalty{Code: code, Percent: pct})
	}
	offerRisks(o, c.staleBefore, add)
	c.shapeRisks(sh, sr, add)
	add(riskCodeEstimate, estimateRisk(r, pm))
	return sum
}

// quickRisk is the sum of an offer's penalties for the scan: the offer's
// own (kept in the index), the configuration's and the price model's.
func quickRisk(hr *hotRow, sr *shapeRes, r *row, pm pmCode) int {
	return int(hr.risk) + sr.riskPct + estimateRisk(r, pm)
}

// offerRisks adds the penalties of the offer alone: a marketplace host,
// shared vCPUs, a stale price (dated before staleBefore).
func offerRisks(o *model.Offer, staleBefore string, add func(code string, pct int)) {
	if marketplace(o) {
		add(model.WarnMarketplaceHost, riskMarketplace)
	}
	switch o.VCPUType {
	case model.VCPUShared, model.VCPUBurstable, model.VCPUContainer, model.VCPUGPUFraction, model.VCPUMarketplace:
		add(model.WarnSharedVCPU, riskSharedVCPU)
	}
	if o.PriceDate == "" && o.PriceStale(staleBefore) || staleBefore != "" && isoDate(o.PriceDate) && o.PriceDate < staleBefore {
		add(model.WarnStalePrice, riskStale)
	}
}

// offerRiskSum is offerRisks' sum, for the index.
func offerRiskSum(o *model.Offer, staleBefore string) uint8 {
	sum := 0
	offerRisks(o, staleBefore, func(_ string, pct int) { sum += max(pct, 0) })
	return uint8(sum)
}

// estimateRisk is the penalty of a price estimated from a published
// discount rather than listed.
func estimateRisk(r *row, pm pmCode) int {
	if pm == pmReserved3 || pm == pmMonthly && r.monthly <= 0 || pm == pmReserved1 && r.yearly <= 0 {
		return riskEstimate
	}
	return 0
}

// shapeRisks adds the penalties that depend on the configuration alone:
// the link a split runs over, a legacy GPU, more GPUs and nodes.
func (c *call) shapeRisks(sh *shape, sr *shapeRes, add func(code string, pct int)) {
	group := sr.tp
	if c.p.training {
		group = sr.used / max(sr.nodes, 1)
	}
	if group > 1 && sh.nvlink <= 0 {
		add(riskCodeTPLink, min(riskTPLinkPerGPU*(group-1), riskTPLinkMax))
	}
	if sh.gpu >= 0 {
		if g := c.ix.gpus[sh.gpu].g; g != nil {
			switch g.Architecture {
			case "Maxwell", "Pascal", "Volta":
				add(model.WarnLegacyGPU, riskLegacy)
			}
		}
	}
	add(riskCodeGPUs, min(riskPerExtraGPU*(sr.used-1), riskExtraGPUMax))
	add(riskCodeNodes, riskPerExtraNode*(sr.nodes-1))
}

// shapeRiskSum is the sum of the configuration's own penalties.
func (c *call) shapeRiskSum(sh *shape, sr *shapeRes) int {
	sum := 0
	c.shapeRisks(sh, sr, func(_ string, pct int) { sum += max(pct, 0) })
	return sum
}

// riskTexts names each penalty in a line.
var riskTexts = map[string]string{
	model.WarnMarketplaceHost: kRiskMarketplace,
	model.WarnSharedVCPU:      kRiskSharedVCPU,
	riskCodeTPLink:            kRiskTPLink,
	model.WarnLegacyGPU:       kRiskLegacy,
	model.WarnStalePrice:      kRiskStale,
	riskCodeEstimate:          kRiskEstimate,
	riskCodeGPUs:              kRiskGPUs,
	riskCodeNodes:             kRiskNodes,
}

// staleCutoff is the price date before which a price is stale (more than
// staleDays before the snapshot), as YYYY-MM-DD so that offers compare by
// string; empty when the snapshot date is unknown.
func staleCutoff(snapshot string) string {
	t, err := time.Parse("2006-01-02", snapshot)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, -staleDays).Format("2006-01-02")
}

// isoDate reports whether s has the YYYY-MM-DD shape.
func isoDate(s string) bool {
	return len(s) == 10 && s[4] == '-' && s[7] == '-'
}
