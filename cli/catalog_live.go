package cli

import (
	"fmt"
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// liveState is a live marketplace offer's fetch time and staleness as the
// catalog commands show it, as of the catalog's load (CatalogInfo.AsOf).
type liveState struct {
	FetchedAt string `json:"fetched_at"`
	// AgeHours is how long before the load it was fetched (nil when that
	// cannot be told).
	AgeHours *float64 `json:"age_hours,omitempty"`
	// Stale: fetched more than StaleAfterHours before the load, or of an
	// age that cannot be told (model.Catalog.LiveStale).
	Stale           bool `json:"stale"`
	StaleAfterHours int  `json:"stale_after_hours"`
}

// liveOf is o's live state; ok is false for an offer that is not live.
func liveOf(cat *model.Catalog, o *model.Offer) (s liveState, ok bool) {
	if !o.Live() {
		return s, false
	}
	s = liveState{FetchedAt: o.Detail().FetchedAt, Stale: cat.LiveStale(o), StaleAfterHours: model.LiveStaleHours}
	if !cat.Info.AsOf.IsZero() {
		if age, ok := o.LiveAge(cat.Info.AsOf); ok {
			h := math.Round(age.Hours()*10) / 10
			s.AgeHours = &h
		}
	}
	return s, true
}

// text is the live state in lang: the fetch time, its age and whether it
// is current, with the refresh (the live sources are named as their
// providers: vast, runpod) when it is stale.
func (s liveState) text(provider, lang string) string {
	switch {
	case s.AgeHours == nil:
		return fmt.Sprintf(tCatFetchedUnknown.in(lang), s.FetchedAt, provider)
	case s.Stale:
		return fmt.Sprintf(tCatFetchedStale.in(lang), s.FetchedAt, *s.AgeHours, s.StaleAfterHours, provider)
	}
	return fmt.Sprintf(tCatFetchedFresh.in(lang), s.FetchedAt, *s.AgeHours, s.StaleAfterHours)
}

// priceOriginsText lists an offer's price origins a source and date per
// line part: "on demand cn-beijing, spot cn-beijing: api (2024-01-10);
// plan monthly: sheet (2023-06-01)", the kinds and plans named in lang.
func priceOriginsText(origins []model.PriceOrigin, lang string) string {
	groups := model.GroupPriceOrigins(origins)
	parts := make([]string, 0, len(groups))
	for _, g := range groups {
		what := make([]string, 0, len(g.Prices))
		for _, p := range g.Prices {
			what = append(what, priceKindName(p.Kind, lang)+" "+planOrPlace(p, lang))
		}
		date := g.Date
		if date == "" {
			date = tStatsUndated.in(lang)
		}
		parts = append(parts, fmt.Sprintf(tCatPriceOrigin.in(lang), strings.Join(what, tListSep.in(lang)), g.Source, date))
	}
	return strings.Join(parts, tCatOriginSep.in(lang))
}

// priceKindName is a price kind in lang.
func priceKindName(k model.PriceKind, lang string) string {
	switch k {
	case model.PriceKindOnDemand:
		return tCatKindOnDemand.in(lang)
	case model.PriceKindSpot:
		return tCatKindSpot.in(lang)
	}
	return tCatKindPlan.in(lang)
}

// planOrPlace is a price origin's place, a plan by its name in lang.
func planOrPlace(p model.PriceOrigin, lang string) string {
	if p.Kind == model.PriceKindPlan {
		for l := range model.ListedPlans {
			if model.ListedPlans[l].Key == p.Place {
				return model.ListedPlan(l).Name().In(isZH(lang))
			}
		}
	}
	return p.Place
}
