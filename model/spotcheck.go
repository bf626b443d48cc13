package model

import "strings"

// SpotVerdict is how a spot price stands against the on-demand price of
// the same region and against the discount range the provider states for
// its spot prices (Policy.SpotDiscountMin and SpotDiscountMax).
type SpotVerdict uint8

// The verdicts of CheckSpot.
const (
	// SpotPlausible: below on-demand and within the stated range (or no
	// range is stated).
	SpotPlausible SpotVerdict = iota
	// SpotShallow: below on-demand, but less off it than the provider's
	// stated least discount.
	SpotShallow
	// SpotDeep: more off on-demand than the provider's stated greatest
	// discount.
	SpotDeep
	// SpotNotBelow: at or above on-demand: no saving at all.
	SpotNotBelow
	// SpotUnchecked: no on-demand price to compare with.
	SpotUnchecked
)

// spotSlack is the rounding a stated discount allows (half a percentage
// point: a price 59.6% off is "60% off").
const spotSlack = 0.005

// Suspect reports whether the verdict flags the price as outside what the
// provider states.
func (v SpotVerdict) Suspect() bool { return v == SpotShallow || v == SpotDeep || v == SpotNotBelow }

// NoSaving reports whether a spot price with this verdict is no saving
// over on-demand.
func (v SpotVerdict) NoSaving() bool { return v == SpotNotBelow }

// CheckSpot judges a spot price against the on-demand price of the same
// place (both per hour, one currency) and the provider's stated spot
// discount range; pol may be nil (then only on-demand is checked).
func CheckSpot(spot, onDemand float64, pol *Policy) SpotVerdict {
	if !(spot > 0) || !(onDemand > 0) {
		return SpotUnchecked
	}
	if spot >= onDemand {
		return SpotNotBelow
	}
	off := 1 - spot/onDemand
	switch {
	case pol == nil:
	case pol.SpotDiscountMin.Fraction > 0 && off < pol.SpotDiscountMin.Fraction-spotSlack:
		return SpotShallow
	case pol.SpotDiscountMax.Fraction > 0 && off > pol.SpotDiscountMax.Fraction+spotSlack:
		return SpotDeep
	}
	return SpotPlausible
}

// SpotRange reports the provider's stated spot discount range (fractions
// off on-demand) and whether both ends are stated.
func (p *Policy) SpotRange() (lo, hi float64, ok bool) {
	if p == nil {
		return 0, 0, false
	}
	lo, hi = p.SpotDiscountMin.Fraction, p.SpotDiscountMax.Fraction
	return lo, hi, lo > 0 && hi > lo
}

// OnDemandAt is the offer's on-demand price per hour in the region that
// holds place (a zone or a region): the price of the longest region of
// OnDemandZones that place is or is a zone of, else the offer's lowest
// (OnDemand: one price everywhere, or the region has none listed, when
// the lowest is the fair comparison for a saving). 0 when unknown.
func (o *Offer) OnDemandAt(place string) float64 {
	best, price := -1, o.OnDemand
	for _, z := range o.Detail().OnDemandZones {
		rest, ok := strings.CutPrefix(place, z.Zone)
		if ok && (rest == "" || zoneSuffix(rest)) && len(z.Zone) > best && z.Price > 0 {
			best, price = len(z.Zone), z.Price
		}
	}
	return price
}

// SpotCheck is one spot price of an offer judged against on-demand in the
// same region: Zone is where it applies ("" for every region of an offer
// without regions).
type SpotCheck struct {
	Zone     string
	Spot     float64
	OnDemand float64
	Verdict  SpotVerdict
}

// SpotChecks judges each spot price of the offer zone by zone (Offer.Spot
// in each region where no zone list is kept) against on-demand in the
// zone's region and the policy's stated range; none when the offer has no
// spot price.
func (o *Offer) SpotChecks(pol *Policy) []SpotCheck {
	if !(o.Spot > 0) {
		return nil
	}
	var out []SpotCheck
	add := func(zone string, spot float64) {
		od := o.OnDemandAt(zone)
		out = append(out, SpotCheck{Zone: zone, Spot: spot, OnDemand: od, Verdict: CheckSpot(spot, od, pol)})
	}
	if zones := o.Detail().SpotZones; len(zones) > 0 {
		for _, z := range zones {
			add(z.Zone, z.Price)
		}
		return out
	}
	if len(o.Regions) == 0 {
		add("", o.Spot)
	}
	for _, r := range o.Regions {
		add(r, o.Spot)
	}
	return out
}
