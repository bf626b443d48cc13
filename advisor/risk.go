package advisor

import (
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

// risks adds the penalties of an offer to out (when out is not nil) and
// returns their sum in percent.
func (c *call) risks(o *model.Offer, sh *shape, sr *shapeRes, r *row, pm pmCode, out *[]model.RiskPenalty) int {
	sum := 0
	add := func(code string, pct int) {
		if pct <= 0 {
			return
		}
		sum += pct
		if out != nil {
			*out = append(*out, model.RiskPenalty{Code: code, Percent: pct})
		}
	}
	if o.Marketplace || o.VCPUType == model.VCPUMarketplace {
		add(model.WarnMarketplaceHost, riskMarketplace)
	}
	switch o.VCPUType {
	case model.VCPUShared, model.VCPUBurstable, model.VCPUContainer, model.VCPUGPUFraction, model.VCPUMarketplace:
		add(model.WarnSharedVCPU, riskSharedVCPU)
	}
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
	if days, ok := daysBefore(o.PriceDate, c.cat.Info.SnapshotDate); ok && days > staleDays {
		add(model.WarnStalePrice, riskStale)
	}
	if pm == pmReserved3 || pm == pmMonthly && r.monthly <= 0 || pm == pmReserved1 && r.yearly <= 0 {
		add(riskCodeEstimate, riskEstimate)
	}
	add(riskCodeGPUs, min(riskPerExtraGPU*(sr.used-1), riskExtraGPUMax))
	add(riskCodeNodes, riskPerExtraNode*(sr.nodes-1))
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
