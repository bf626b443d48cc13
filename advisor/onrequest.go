package advisor

import (
	"cmp"
	"slices"

	"github.com/gpupick/gpupick/model"
)

// onRequest lists, after the ranking, up to limit offers with no price at
// all that hold the workload on one node of a shape the ranking found fit
// and pass the same provider, hard-requirement, host-RAM and region checks
// as a priced offer. They are never ranked: a price no source publishes is
// unknown, the worse case, never free. Offers with a named GPU first, the
// smallest node first, then catalog order.
func (c *call) onRequest(limit int) []model.OfferOnRequest {
	var idx []int32
	seen := map[int32]bool{}
	for s := range c.feas.shapes {
		sr := &c.feas.shapes[s]
		if !sr.ok || sr.nodes != 1 {
			continue
		}
		// Rows of a shape are in order of their bound, the unpriced last.
		for j := c.ix.start[s+1] - 1; j >= c.ix.start[s]; j-- {
			hr := &c.ix.hot[j]
			if hr.lbUSD > 0 {
				break
			}
			oi := c.ix.rows[j].offer
			if hr.lbSpotUSD > 0 || seen[oi] || !c.onRequestOK(j, sr) {
				continue
			}
			seen[oi] = true
			idx = append(idx, oi)
		}
	}
	offers := c.cat.Offers
	vram := func(i int32) float64 { return offers[i].VRAMGiB * float64(offers[i].GPUCount) }
	unnamed := func(i int32) int { return map[bool]int{false: 0, true: 1}[offers[i].GPU == ""] }
	slices.SortFunc(idx, func(a, b int32) int {
		return cmp.Or(cmp.Compare(unnamed(a), unnamed(b)), cmp.Compare(vram(a), vram(b)), cmp.Compare(a, b))
	})
	out := make([]model.OfferOnRequest, 0, min(len(idx), limit))
	for _, i := range idx[:min(len(idx), limit)] {
		o := &offers[i]
		out = append(out, model.OfferOnRequest{Provider: o.Provider, InstanceType: o.InstanceType, GPU: o.GPU,
			GPUCount: o.GPUCount, VRAMGiB: vram(i), Regions: o.Regions})
	}
	return out
}

// onRequestOK reports whether the unpriced row j passes the checks a
// priced offer of its shape passes before its price is read, and has no
// price of any kind (plan prices included).
func (c *call) onRequestOK(j int32, sr *shapeRes) bool {
	hr := &c.ix.hot[j]
	oi := c.ix.rows[j].offer
	o := &c.cat.Offers[oi]
	d := o.Detail()
	switch {
	case !c.feas.provOK[hr.prov], hr.risk&offerRetired != 0, c.price.fxUSD[hr.cur] == 0:
		return false
	case o.OnDemand > 0 || o.Spot > 0 || d.Monthly > 0 || d.Daily > 0 || d.Weekly > 0 || d.Yearly > 0:
		return false
	case len(c.feas.reqOut) > 0 && c.feas.reqOut[oi] != reqOK:
		return false
	}
	if low, _ := c.feas.ramCheck(j, sr); low {
		return false
	}
	if rf := c.feas.reg.rf; rf.Active() {
		for _, r := range o.Regions {
			if ok, _ := rf.Match(o.Provider, r); ok {
				return true
			}
		}
		return false
	}
	return true
}
