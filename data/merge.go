package data

import (
	"slices"
	"sort"

	"github.com/gpupick/gpupick/model"
)

// MergeOffers is the one rule by which offers of several sources meet
// (an update of one source over what the catalog holds from others): one
// offer per provider and instance type (Offer.Key), its prices per region
// (on demand), per zone (spot) and per plan each taken from the newest
// dated offer that has one, the facts from the newest offer. Where the
// merged prices come from more than one source or date, the offer's
// PriceOrigins name each price's source and date ("a monthly price of
// 2023 beside an hourly one of 2024 shows both dates"); a price of an
// offer merged before keeps the origin named then. older and newer
// are not changed; on equal dates newer wins. The result is sorted by key.
func MergeOffers(older, newer []model.Offer) []model.Offer {
	byKey := make(map[string]int, len(older)+len(newer))
	out := make([]model.Offer, 0, len(older)+len(newer))
	for _, list := range [][]model.Offer{older, newer} {
		for _, o := range list {
			i, ok := byKey[o.Key()]
			if !ok {
				byKey[o.Key()] = len(out)
				out = append(out, o)
				continue
			}
			out[i] = mergeOffer(out[i], o)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
}

// datedPrice is one price of an offer with where and when it was read.
type datedPrice struct {
	price        float64
	date, source string
}

// priceOrigin is an offer's price file and date: its first source and
// its PriceDate.
func priceOrigin(o *model.Offer) datedPrice {
	d := datedPrice{date: o.PriceDate}
	if len(o.Sources) > 0 {
		d.source = o.Sources[0]
	}
	return d
}

// originOf is where and when the offer's price of kind at place was
// read: as its PriceOrigins name it (an offer merged before), else its
// price file and date (priceOrigin).
func originOf(o *model.Offer, kind model.PriceKind, place string, price float64) datedPrice {
	for _, po := range o.Detail().PriceOrigins {
		if po.Kind == kind && po.Place == place {
			return datedPrice{price, po.Date, po.Source}
		}
	}
	d := priceOrigin(o)
	d.price = price
	return d
}

// placePrices are an offer's prices of kind place by place: the listed
// zones, or the offer's price in every region when it is one price
// everywhere.
func placePrices(o *model.Offer, kind model.PriceKind, zones []model.ZonePrice, all float64, places []string) map[string]datedPrice {
	out := map[string]datedPrice{}
	if len(zones) > 0 {
		for _, z := range zones {
			out[z.Zone] = originOf(o, kind, z.Zone, z.Price)
		}
		return out
	}
	if all > 0 {
		for _, p := range places {
			out[p] = originOf(o, kind, p, all)
		}
	}
	return out
}

// newest keeps, place by place, the newest dated price of a and b (b on
// equal dates).
func newest(a, b map[string]datedPrice) map[string]datedPrice {
	out := make(map[string]datedPrice, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		if old, ok := out[k]; !ok || v.date >= old.date {
			out[k] = v
		}
	}
	return out
}

// mergeOffer merges two offers of one key: b is the one read later.
func mergeOffer(a, b model.Offer) model.Offer {
	base, other := b, a
	if a.PriceDate > b.PriceDate {
		base, other = a, b
	}
	od := newest(placePrices(&a, model.PriceKindOnDemand, a.Detail().OnDemandZones, a.OnDemand, a.Regions),
		placePrices(&b, model.PriceKindOnDemand, b.Detail().OnDemandZones, b.OnDemand, b.Regions))
	spot := newest(placePrices(&a, model.PriceKindSpot, a.Detail().SpotZones, a.Spot, a.Regions),
		placePrices(&b, model.PriceKindSpot, b.Detail().SpotZones, b.Spot, b.Regions))
	out := base
	d := out.EditDetail()
	out.Regions = unionSorted(a.Regions, b.Regions)
	out.OnDemand, d.OnDemandMax, d.OnDemandZones, d.OnDemandRegion = spread(od)
	d.PricedZones = len(od)
	out.Spot, d.SpotMax, d.SpotZones, _ = spread(spot)
	plans := map[string]datedPrice{}
	for _, o := range []*model.Offer{&other, &base} {
		for _, p := range model.ListedPlans {
			if v := *p.Of(o.Detail()); v > 0 {
				plans[p.Key] = originOf(o, model.PriceKindPlan, p.Key, v)
				*p.Of(d) = v
			}
		}
	}
	out.Sources = unionKeep(base.Sources, other.Sources)
	d.PriceOrigins = priceOrigins(od, spot, plans)
	out.SetDetail(d)
	return out
}

// spread is the lowest and highest of prices by place, the list of them
// when they differ (sorted by place), and the place of the lowest. Where
// every place has one price the highest is 0, as the readers write it
// (a highest is kept only where it differs from the lowest): a merged
// live offer then shares its detail with the others of its kind, where
// its own price as a highest gave each of them one of its own (issue 24).
func spread(m map[string]datedPrice) (low, high float64, zones []model.ZonePrice, at string) {
	places := make([]string, 0, len(m))
	for k := range m {
		places = append(places, k)
	}
	sort.Strings(places)
	for _, p := range places {
		v := m[p].price
		if low == 0 || v < low {
			low, at = v, p
		}
		high = max(high, v)
		zones = append(zones, model.ZonePrice{Zone: p, Price: v})
	}
	if low == high {
		zones, high = nil, 0
	}
	return low, high, zones, at
}

// priceOrigins name each price's source and date, newest first (then by
// source, kind and place), when the prices come from more than one source
// or date (nil otherwise).
func priceOrigins(od, spot, plans map[string]datedPrice) []model.PriceOrigin {
	var out []model.PriceOrigin
	type origin struct{ date, source string }
	seen := map[origin]bool{}
	for _, k := range []struct {
		kind model.PriceKind
		m    map[string]datedPrice
	}{{model.PriceKindOnDemand, od}, {model.PriceKindSpot, spot}, {model.PriceKindPlan, plans}} {
		for place, p := range k.m {
			seen[origin{p.date, p.source}] = true
			out = append(out, model.PriceOrigin{Kind: k.kind, Place: place, Source: p.source, Date: p.date})
		}
	}
	if len(seen) < 2 {
		return nil
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Date != b.Date {
			return a.Date > b.Date
		}
		if a.Source != b.Source {
			return a.Source < b.Source
		}
		if a.Kind != b.Kind {
			return kindOrder(a.Kind) < kindOrder(b.Kind)
		}
		return a.Place < b.Place
	})
	return out
}

// kindOrder orders price kinds: on demand, spot, plan.
func kindOrder(k model.PriceKind) int {
	switch k {
	case model.PriceKindOnDemand:
		return 0
	case model.PriceKindSpot:
		return 1
	}
	return 2
}

// unionSorted is the sorted union of two lists.
func unionSorted(a, b []string) []string {
	out := unionKeep(a, b)
	sort.Strings(out)
	return out
}

// unionKeep is a followed by what b adds, each once.
func unionKeep(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
