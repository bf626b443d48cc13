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

// LiveCutoff and FetchedBefore agree with LiveAge to the second, for
// stamped fetch times (compared as text) and others (read): a load time
// with a fraction of a second, a fetch time with an offset.
func TestLiveCutoffAgreesWithAge(t *testing.T) {
	asOf := time.Date(2027, 6, 1, 12, 0, 0, 500_000_000, time.UTC)
	cat := &Catalog{Info: CatalogInfo{AsOf: asOf}}
	if got := cat.LiveCutoff(); got != "2027-06-01T06:00:00.5Z" {
		t.Errorf("LiveCutoff = %s, want 2027-06-01T06:00:00.5Z", got)
	}
	for _, at := range []string{"2027-06-01T06:00:00Z", "2027-06-01T06:00:01Z", "2027-06-01T05:59:59Z",
		"2027-06-01T08:00:00+02:00", "2027-06-01T08:00:01+02:00", "2027-06-01T06:00:00.4Z", "2027-06-01T06:00:00.6Z"} {
		o := Offer{}.WithDetail(OfferDetail{FetchedAt: at})
		age, _ := o.LiveAge(asOf)
		if want := age > LiveStaleHours*time.Hour; cat.LiveStale(&o) != want {
			t.Errorf("fetched %s (age %v): LiveStale = %v, want %v", at, age, !want, want)
		}
	}
	for _, bad := range []string{"2027-06-01 06:00:00", "2027-06-01T0x:00:00Z", ""} {
		if o := (Offer{}.WithDetail(OfferDetail{FetchedAt: bad})); !o.FetchedBefore(cat.LiveCutoff()) {
			t.Errorf("fetch time %q is taken as fresh", bad)
		}
	}
}

// BenchmarkFetchedBefore is the per-offer cost of the live-staleness
// check when an index is built over many live offers (the cutoff worked
// out once), against reading the fetch time (LiveAge).
func BenchmarkFetchedBefore(b *testing.B) {
	cat := &Catalog{Info: CatalogInfo{AsOf: time.Date(2027, 6, 1, 12, 0, 0, 0, time.UTC)}}
	o := Offer{}.WithDetail(OfferDetail{FetchedAt: "2027-06-01T11:00:00Z"})
	b.Run("cutoff", func(b *testing.B) {
		cut := cat.LiveCutoff()
		for b.Loop() {
			o.FetchedBefore(cut)
		}
	})
	b.Run("age", func(b *testing.B) {
		for b.Loop() {
			o.LiveAge(cat.Info.AsOf)
		}
	})
}
