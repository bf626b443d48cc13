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
	return o.Live() && o.FetchedBefore(c.LiveCutoff())
}

// LiveCutoff is the fetch time before which a live offer of the catalog
// is stale (LiveStaleHours before its AsOf), RFC 3339 in UTC with the
// fraction of a second it has; "" when AsOf is not known. A ranking of
// many offers works it out once (FetchedBefore).
func (c *Catalog) LiveCutoff() string {
	if c == nil || c.Info.AsOf.IsZero() {
		return ""
	}
	return c.Info.AsOf.Add(-LiveStaleHours * time.Hour).UTC().Format(time.RFC3339Nano)
}

// FetchedBefore reports whether a live offer was fetched before cutoff
// (LiveCutoff), or cannot be told not to have been: cutoff "" or a fetch
// time that does not read. A fetch time of the stamped shape
// (2006-01-02T15:04:05Z) compares as text, whose order is the time's, so
// that ranking many live offers reads no time; another is read.
func (o *Offer) FetchedBefore(cutoff string) bool {
	at := o.Detail().FetchedAt
	if cutoff == "" {
		return true
	}
	if stampShaped(at) && len(cutoff) >= len(at) && cutoff[len(cutoff)-1] == 'Z' {
		// Whole seconds against the cutoff's: before it, or the same
		// second when the cutoff has a fraction past it.
		a, c := at[:len(at)-1], cutoff[:len(at)-1]
		return a < c || a == c && len(cutoff) > len(at)
	}
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return true
	}
	c, err := time.Parse(time.RFC3339, cutoff)
	return err != nil || t.Before(c)
}

// stampShaped reports whether s has the shape 2006-01-02T15:04:05Z.
func stampShaped(s string) bool {
	const shape = "0000-00-00T00:00:00Z"
	if len(s) != len(shape) {
		return false
	}
	for i := range len(shape) {
		if shape[i] == '0' {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		} else if s[i] != shape[i] {
			return false
		}
	}
	return true
}
