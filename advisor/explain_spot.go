package advisor

import (
	"strings"

	"github.com/gpupick/gpupick/model"
)

// spotDoubt is what a spot quote says when its price is outside what the
// provider states (model.CheckSpot): the price's share of on-demand in
// the same region, and the stated range with its source.
type spotDoubt struct {
	v     model.SpotVerdict
	ratio float64 // spot / on-demand in the zone's region
}

// spotDoubtOf judges spot quote q of offer o (r its row, nodes the run's):
// its verdict and its share of on-demand in the same region; ok is false
// when the price is not flagged.
func (c recoWriter) spotDoubtOf(q *quote, o *model.Offer, r *row, nodes int) (spotDoubt, bool) {
	if q == nil || q.pm != model.PriceSpot || !q.spotV.Suspect() {
		return spotDoubt{}, false
	}
	perNode := c.price.fxUSD[r.cur] * float64(nodes)
	od := o.OnDemandAt(q.zone)
	if !(perNode > 0) || !(od > 0) {
		return spotDoubt{}, false
	}
	return spotDoubt{v: q.spotV, ratio: q.rate / perNode / od}, true
}

// spotStated is the provider's stated spot discount in words, with its source.
func spotStated(pol *model.Policy, l lang) string {
	if pol == nil {
		return l.f(kSpotNoneStated)
	}
	if lo, hi, ok := pol.SpotRange(); ok {
		return l.f(kSpotStatedRange, pct(lo), pct(hi), firstField(pol.SpotDiscountMin.Source))
	}
	if hi := pol.SpotDiscountMax.Fraction; hi > 0 {
		return l.f(kSpotStatedMax, pct(hi), firstField(pol.SpotDiscountMax.Source))
	}
	return l.f(kSpotNoneStated)
}

// firstField is a source's first address (sources are joined by " ; ").
func firstField(s string) string {
	s, _, _ = strings.Cut(s, " ; ")
	s, _, _ = strings.Cut(s, " (")
	return s
}

// line is the quote's note on the doubt, in l.
func (d spotDoubt) line(prov string, pol *model.Policy, l lang) string {
	if d.v.NoSaving() {
		return l.f(kQSpotNotBelow, pct(d.ratio), prov, spotStated(pol, l))
	}
	return l.f(kQSpotOutside, pct(1-d.ratio), prov, spotStated(pol, l))
}
