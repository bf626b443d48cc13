package advisor

import (
	"math"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// hidden is the cost of a run besides the GPUs, in USD. A price the
// provider does not publish is priced at its class's estimate (storageEst,
// egressEst); only when there is none is it unknown and left out.
type hidden struct {
	storage, egress            float64
	storageUnknown, egressUnkn bool
	storageEst, egressEst      bool
}

// estimated reports whether a hidden cost is a class estimate.
func (hc hidden) estimated() bool { return hc.storageEst || hc.egressEst }

// hiddenCosts prices storage over the calendar length of the run and
// egress with the provider's tiers and monthly free allowance. A price the
// provider does not publish is priced at the estimate of its class
// (hiddenEstimates): flat, with no free allowance.
func (pc *pricer) hiddenCosts(prov uint16, cal float64) hidden {
	var hc hidden
	pol, fx := pc.ix.provs[prov].pol, pc.polFX[prov]
	est := &pc.ix.est[prov]
	gb := pc.storageGB
	months := cal / model.HoursPerMonth
	if gb > 0 {
		switch {
		case pol != nil && pol.BlockStorageGBMonth > 0 && fx > 0:
			hc.storage = gb * pol.BlockStorageGBMonth * fx * months
		case (pol == nil || pol.BlockStorageGBMonth <= 0) && est.storage.ok():
			hc.storage, hc.storageEst = gb*est.storage.usd*months, true
		default:
			hc.storageUnknown = true
		}
	}
	if pc.a.EgressGB > 0 {
		switch {
		case pol != nil && pol.EgressKnown && fx > 0:
			m := math.Max(1, months)
			hc.egress = m * egressMonth(pc.a.EgressGB/m, pol) * fx
		case (pol == nil || !pol.EgressKnown) && est.egress.ok():
			hc.egress, hc.egressEst = pc.a.EgressGB*est.egress.usd, true
		default:
			hc.egressUnkn = true
		}
	}
	return hc
}

// hiddenRisk is the penalty of a run whose storage or egress is a class
// estimate: the estimated-price penalty (risk.go), once, so none when the
// price model is itself an estimate (estimated) and carries it already.
func hiddenRisk(hc hidden, estimated bool) int {
	if hc.estimated() && !estimated {
		return riskEstimate
	}
	return 0
}

// Provider classes, for the estimate of a price a provider does not
// publish. A provider is in the Chinese class when its policy is in CNY,
// in the marketplace class when all its offers are marketplace hosts, a
// hyperscaler when estimate_setup.go's hyperscalers lists it, a neocloud otherwise.
const (
	pcHyperscaler uint8 = iota
	pcNeocloud
	pcMarketplace
	pcChina
	// pcAll marks an estimate taken over every provider of the currency,
	// when the class publishes no price above 0: an estimate of 0 would
	// count the unknown as nothing.
	pcAll
)

// classEstimate is the stand-in for a price a provider does not publish:
// the highest price published by a provider of its class, in the source's
// currency (per GB of egress, or per GB-month of storage), and in USD.
type classEstimate struct {
	price float64
	cur   model.Currency
	usd   float64
	from  string // the provider that publishes it
	scope uint8  // the class it is the highest of, or pcAll
}

// ok reports whether there is an estimate to price with.
func (e *classEstimate) ok() bool { return e.usd > 0 }

// provEstimate is a provider's class and the estimates of its class.
type provEstimate struct {
	class           uint8
	storage, egress classEstimate
}

// hiddenEstimates finds, for every provider of the index, its class and
// the estimates of its storage and egress price: the highest published
// block-storage price per GB-month and the highest published internet
// egress band per GB among the catalog's providers of the same class (the
// free allowance ignored), or among all providers of the class's currency
// when the class publishes none above 0. Every figure is a published one
// of the catalog, with its source in that provider's policy.
func hiddenEstimates(cat *model.Catalog, provs []provInfo) []provEstimate {
	// A provider is a marketplace when every offer it lists is one.
	all, mk := map[string]int{}, map[string]int{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		k := strings.ToLower(o.Provider)
		all[k]++
		if o.Marketplace || o.VCPUType == model.VCPUMarketplace {
			mk[k]++
		}
	}
	classOfPolicy := func(key string, pol *model.Policy) uint8 {
		k := strings.ToLower(key)
		switch {
		case pol != nil && pol.Currency == model.CNY:
			return pcChina
		case all[k] > 0 && mk[k] == all[k]:
			return pcMarketplace
		case hyperscaler(k):
			return pcHyperscaler
		}
		return pcNeocloud
	}
	type best struct{ storage, egress classEstimate }
	byClass := map[uint8]*best{}
	byCur := map[model.Currency]*best{}
	take := func(e *classEstimate, price float64, cur model.Currency, from string, scope uint8) {
		v, ok := cat.Convert(price, cur, model.USD)
		if !ok || pos(v) <= 0 || v <= e.usd {
			return
		}
		*e = classEstimate{price: price, cur: cur, usd: v, from: from, scope: scope}
	}
	keys := make([]string, 0, len(cat.Policies))
	for k := range cat.Policies {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same source on a tie, whatever the map order
	for _, k := range keys {
		pol := cleanPolicy(cat.Policies[k])
		cl := classOfPolicy(pol.Provider, pol)
		cur := pol.Currency
		if cur == "" {
			cur = model.USD
		}
		if byClass[cl] == nil {
			byClass[cl] = &best{}
		}
		if byCur[cur] == nil {
			byCur[cur] = &best{}
		}
		if pol.BlockStorageGBMonth > 0 {
			take(&byClass[cl].storage, pol.BlockStorageGBMonth, cur, pol.Provider, cl)
			take(&byCur[cur].storage, pol.BlockStorageGBMonth, cur, pol.Provider, pcAll)
		}
		if pol.EgressKnown {
			for _, t := range pol.EgressTiers {
				if t.PerGB > 0 {
					take(&byClass[cl].egress, t.PerGB, cur, pol.Provider, cl)
					take(&byCur[cur].egress, t.PerGB, cur, pol.Provider, pcAll)
				}
			}
		}
	}
	out := make([]provEstimate, len(provs))
	for i, pv := range provs {
		cl := classOfPolicy(pv.key, pv.pol)
		cur := model.USD
		if cl == pcChina {
			cur = model.CNY
		}
		pe := provEstimate{class: cl}
		if b := byClass[cl]; b != nil {
			pe.storage, pe.egress = b.storage, b.egress
		}
		if b := byCur[cur]; b != nil {
			if !pe.storage.ok() {
				pe.storage = b.storage
			}
			if !pe.egress.ok() {
				pe.egress = b.egress
			}
		}
		out[i] = pe
	}
	return out
}

// egressMonth prices one month of egress in the policy currency: the free
// allowance first, then the tiers (each UpToGB is the top of its band in
// GB per month, 0 for the last, open band).
func egressMonth(gb float64, pol *model.Policy) float64 {
	cost, lo := 0.0, pol.EgressFreeGBMonth
	if gb <= lo {
		return 0
	}
	prev := 0.0
	for _, t := range pol.EgressTiers {
		hi := t.UpToGB
		if hi <= 0 {
			hi = math.Inf(1)
		}
		a, b := math.Max(prev, lo), math.Min(hi, gb)
		if b > a && t.PerGB > 0 {
			cost += (b - a) * t.PerGB
		}
		prev = hi
		if hi >= gb {
			break
		}
	}
	return cost
}

// fxPolicy converts a policy's currency to USD (0 when no rate is known).
func fxPolicy(cat *model.Catalog, pol *model.Policy) float64 {
	if pol == nil {
		return 0
	}
	cur := pol.Currency
	if cur == "" {
		cur = model.USD
	}
	v, ok := cat.Convert(1, cur, model.USD)
	if !ok {
		return 0
	}
	return pos(v)
}

// classScopeKey is the text key that names the providers an estimate is
// the highest price of.
func classScopeKey(scope uint8) textKey {
	switch scope {
	case pcHyperscaler:
		return kPCHyperscaler
	case pcNeocloud:
		return kPCNeocloud
	case pcMarketplace:
		return kPCMarketplace
	case pcChina:
		return kPCChina
	}
	return kPCAll
}

// hidWallOr is the hidden costs of a run on a provider: computed once per
// provider for a wall-clock run, per offer for a job (its length varies).
func (pc *pricer) hidWallOr(prov uint16, cal float64) hidden {
	if pc.p.jobMode {
		return pc.hiddenCosts(prov, cal)
	}
	return pc.hidWall[prov]
}
