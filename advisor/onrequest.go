package advisor

import (
	"cmp"

	"github.com/gpupick/gpupick/model"
)

// onRequest lists, after the ranking, up to limit offers with no price at
// all that hold the workload on one node of a shape the ranking found fit
// and pass the same provider, hard-requirement, host-RAM and region checks
// as a priced offer. They are never ranked: a price no source publishes is
// unknown, the worse case, never free. Offers with a named GPU first, the
// smallest node first, then catalog order.
func (c *call) onRequest(limit int) []model.OfferOnRequest {
	if limit <= 0 {
		return []model.OfferOnRequest{}
	}
	offers := c.cat.Offers
	// The rows with no price of any kind (an offer has one), in key order
	// (index.onReq): the first limit that pass are the ones listed.
	out := make([]model.OfferOnRequest, 0, min(limit, len(c.ix.onReq)))
	for _, j := range c.ix.onReq {
		if len(out) == limit {
			break
		}
		r := &c.ix.rows[j]
		sr := &c.feas.shapes[r.shape]
		if !sr.ok || sr.nodes != 1 || !c.onRequestOK(j, sr) {
			continue
		}
		o := &offers[r.offer]
		out = append(out, model.OfferOnRequest{Provider: o.Provider, InstanceType: o.InstanceType, GPU: o.GPU,
			GPUCount: o.GPUCount, VRAMGiB: onRequestKeyOf(c.cat, r.offer).vram, Regions: o.Regions})
	}
	return out
}

// onRequestKey orders offers on request: a named GPU first, the smallest
// node (GPU memory in all) first, then catalog order.
type onRequestKey struct {
	unnamed bool
	vram    float64
	offer   int32
}

// onRequestKeyOf is the key of the catalog's offer oi.
func onRequestKeyOf(cat *model.Catalog, oi int32) onRequestKey {
	o := &cat.Offers[oi]
	return onRequestKey{o.GPU == "", o.VRAMGiB * float64(o.GPUCount), oi}
}

// compare orders two keys (cmp.Compare's sign).
func (a onRequestKey) compare(b onRequestKey) int {
	if a.unnamed != b.unnamed {
		if a.unnamed {
			return 1
		}
		return -1
	}
	return cmp.Or(cmp.Compare(a.vram, b.vram), cmp.Compare(a.offer, b.offer))
}

// onRequestOK reports whether the unpriced row j passes the checks a
// priced offer of its shape passes before its price is read, and has no
// price of any kind (plan prices included).
func (c *call) onRequestOK(j int32, sr *shapeRes) bool {
	hr := &c.ix.hot[j]
	oi := c.ix.rows[j].offer
	o := &c.cat.Offers[oi]
	switch {
	case !c.feas.provOK[hr.prov], hr.risk&offerRetired != 0, c.price.fxUSD[hr.cur] == 0:
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

// hasAnyPrice reports whether an offer has a price of any kind: on
// demand, spot or a plan's (monthly, daily, weekly, yearly).
func hasAnyPrice(o *model.Offer) bool {
	d := o.Detail()
	return o.OnDemand > 0 || o.Spot > 0 || d.Monthly > 0 || d.Daily > 0 || d.Weekly > 0 || d.Yearly > 0
}
