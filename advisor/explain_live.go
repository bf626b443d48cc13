package advisor

import "github.com/gpupick/gpupick/model"

// A live marketplace offer (Vast.ai's, RunPod's: model.Offer.Live) is
// priced as listed when it was fetched. Within model.LiveStaleHours of
// the catalog's AsOf it is current and its quotes say when it was
// fetched; past that, or of an age that cannot be told, it is a stale
// price: the stale-price risk (riskStale) in the ranking, the stale-price
// warning naming the fetch time and the refresh, and its quotes say so.
// It is never shown as current.

// liveAge is a live offer's age in hours as of the catalog's AsOf; ok is
// false when it cannot be told.
func (c recoWriter) liveAge(o *model.Offer) (hours float64, ok bool) {
	if c.cat.Info.AsOf.IsZero() {
		return 0, false
	}
	age, ok := o.LiveAge(c.cat.Info.AsOf)
	return age.Hours(), ok
}

// liveStaleWarning adds the stale-price warning of a stale live offer and
// reports whether it did. The refresh is the offer's provider's source
// (the live sources are named as their providers: vast, runpod).
func (c recoWriter) liveStaleWarning(w *warnList, o *model.Offer) bool {
	if !c.cat.LiveStale(o) {
		return false
	}
	at := o.Detail().FetchedAt
	if h, ok := c.liveAge(o); ok {
		w.key(model.WarnStalePrice, kWStaleLive, model.SeverityWarn, firstSource(o), at, h, model.LiveStaleHours, o.Provider)
	} else {
		w.key(model.WarnStalePrice, kWStaleLiveUnknown, model.SeverityWarn, firstSource(o), at, o.Provider)
	}
	return true
}

// liveNote is a live offer's line in its price quotes: when it was
// fetched and for how long it is current, or that it is stale ("" for an
// offer that is not live).
func (c recoWriter) liveNote(o *model.Offer) string {
	if !o.Live() {
		return ""
	}
	at := o.Detail().FetchedAt
	if c.cat.LiveStale(o) {
		return c.l.f(kQLiveStale, at)
	}
	h, _ := c.liveAge(o)
	return c.l.f(kQLive, at, h, model.LiveStaleHours)
}
