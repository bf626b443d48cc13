package model

import (
	"testing"
	"time"
)

// TestCatalogLiveStale: a live offer is stale LiveStaleHours after its
// fetch as of the catalog's AsOf, and when its age cannot be told (no
// AsOf, an unreadable fetch time); an offer that is not live never is.
func TestCatalogLiveStale(t *testing.T) {
	fetched := time.Date(2027, 6, 1, 12, 0, 0, 0, time.UTC)
	live := Offer{}.WithDetail(OfferDetail{FetchedAt: fetched.Format(time.RFC3339)})
	bad := Offer{}.WithDetail(OfferDetail{FetchedAt: "yesterday"})
	plain := Offer{PriceDate: "2020-01-01"}
	at := func(d time.Duration) *Catalog { return &Catalog{Info: CatalogInfo{AsOf: fetched.Add(d)}} }
	for _, tc := range []struct {
		name string
		cat  *Catalog
		o    *Offer
		want bool
	}{
		{"fresh", at(time.Hour), &live, false},
		{"at the limit", at(LiveStaleHours * time.Hour), &live, false},
		{"past the limit", at(LiveStaleHours*time.Hour + time.Minute), &live, true},
		{"no AsOf", &Catalog{}, &live, true},
		{"nil catalog", nil, &live, true},
		{"unreadable fetch time", at(time.Hour), &bad, true},
		{"not live", at(1000 * time.Hour), &plain, false},
		{"not live, no AsOf", &Catalog{}, &plain, false},
	} {
		if got := tc.cat.LiveStale(tc.o); got != tc.want {
			t.Errorf("%s: LiveStale = %v, want %v", tc.name, got, tc.want)
		}
	}
	if !live.Live() || plain.Live() {
		t.Errorf("Live: live %v, plain %v", live.Live(), plain.Live())
	}
}
