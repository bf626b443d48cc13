package model

import "time"

// LiveStaleHours is how long a live marketplace offer (one with a fetch
// time, OfferDetail.FetchedAt: Vast.ai's and RunPod's live searches) stays
// current: hosts reprice and rent out their machines within hours, so an
// offer fetched more than 6 hours ago is stale, said so and refreshed by
// `gpupick catalog update --source vast|runpod` or the wizard's refresh key.
const LiveStaleHours = 6

// LiveAge is how long ago a live offer was fetched, as of now; ok is false
// for an offer that is not live (no fetch time) or whose fetch time does
// not read as RFC 3339.
func (o *Offer) LiveAge(now time.Time) (age time.Duration, ok bool) {
	at := o.Detail().FetchedAt
	if at == "" {
		return 0, false
	}
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return 0, false
	}
	return now.Sub(t), true
}

// LiveStale reports whether a live offer was fetched more than
// LiveStaleHours ago (false for an offer that is not live).
func (o *Offer) LiveStale(now time.Time) bool {
	age, ok := o.LiveAge(now)
	return ok && age > LiveStaleHours*time.Hour
}

// Live reports whether the offer is a live marketplace offer (it has a
// fetch time).
func (o *Offer) Live() bool { return o.Detail().FetchedAt != "" }

// LiveStale reports whether a live offer of the catalog is stale as of the
// catalog's CatalogInfo.AsOf: fetched more than LiveStaleHours before it,
// or of an age that cannot be told (no AsOf, or a fetch time that does not
// read), the worse case. An offer that is not live is never stale here
// (its price date is judged on its own).
func (c *Catalog) LiveStale(o *Offer) bool {
	if !o.Live() {
		return false
	}
	if c == nil || c.Info.AsOf.IsZero() {
		return true
	}
	age, ok := o.LiveAge(c.Info.AsOf)
	return !ok || age > LiveStaleHours*time.Hour
}
