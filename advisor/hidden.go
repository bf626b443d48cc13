package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// hidden is the cost of a run besides the GPUs, in USD.
type hidden struct {
	storage, egress            float64
	storageUnknown, egressUnkn bool
}

// hiddenCosts prices storage over the calendar length of the run and
// egress with the provider's tiers and monthly free allowance.
func (c *call) hiddenCosts(prov uint16, cal float64) hidden {
	var hc hidden
	pol, fx := c.ix.provs[prov].pol, c.polFX[prov]
	gb := c.storageGB
	months := cal / model.HoursPerMonth
	if gb > 0 {
		if pol == nil || pol.BlockStorageGBMonth <= 0 {
			hc.storageUnknown = true
		} else if fx > 0 {
			hc.storage = gb * pol.BlockStorageGBMonth * fx * months
		} else {
			hc.storageUnknown = true
		}
	}
	if c.a.EgressGB > 0 {
		if pol == nil || !pol.EgressKnown {
			hc.egressUnkn = true
		} else if fx > 0 {
			m := math.Max(1, months)
			hc.egress = m * egressMonth(c.a.EgressGB/m, pol) * fx
		} else {
			hc.egressUnkn = true
		}
	}
	return hc
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

// hiddenNotes explains the hidden costs.
func (c *call) hiddenNotes(hc hidden, pol *model.Policy, cal float64) []string {
	l := c.l
	var out []string
	if c.storageGB > 0 {
		switch {
		case hc.storageUnknown:
			out = append(out, l.f(kHStorageUnknown, c.storageGB))
		default:
			out = append(out, l.f(kHStorage, c.storageGB, pol.BlockStorageGBMonth, string(pol.Currency), cal/model.HoursPerMonth))
		}
		if pol != nil && pol.StorageBilledWhileStopped == model.Yes && c.a.HoursPerWeek < model.HoursPerWeekFull {
			out = append(out, l.f(kHStoppedBilled))
		}
	}
	if c.a.EgressGB > 0 {
		switch {
		case hc.egressUnkn:
			out = append(out, l.f(kHEgressUnknown, c.a.EgressGB))
		default:
			out = append(out, l.f(kHEgress, c.a.EgressGB, pol.EgressFreeGBMonth))
		}
	}
	return out
}
