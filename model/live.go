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
