package advisor

import (
	"slices"

	"github.com/gpupick/gpupick/model"
)

// A region answer is a constraint: under it, every price of an offer is
// the price inside the filter (its cheapest region inside for on-demand,
// its median zone inside for spot, the listed plans where they apply
// inside), or the model is not offered; a commitment's discount applies to
// the on-demand price inside. What a recommendation quotes, its Region
// and what the record and a launch file carry are those places.

// regionFilter is the region answer of one evaluation compiled against
// the catalog's region table (rf, nil when none is given) and what it
// said of each region or zone (memo): which offers it keeps and the rates
// inside it (regionRates), part of the feasibility stage.
type regionFilter struct {
	cat  *model.Catalog
	ix   *index
	rf   *model.RegionFilter
	memo map[regionKey]regionAt
}

// regionKey is a provider's region or zone, for the filter's memo.
type regionKey struct {
	prov  uint16
	where string
}

// regionAt is the memo's entry: bit 1 inside the filter, bit 2 its
// location unknown.
type regionAt uint8

const (
	regionIn      regionAt = 1
	regionUnknown regionAt = 2
)

// set compiles the region answer (rf nil when none is given).
func (rg *regionFilter) set(regions []string) {
	rg.rf, rg.memo = nil, nil
	if len(regions) == 0 {
		return
	}
	rg.rf = model.NewRegionFilter(regions, rg.cat)
	rg.memo = map[regionKey]regionAt{}
}

// inRegion reports whether a provider's region or zone is inside the
// filter, and whether its location is unknown (for the count of offers
// left out for it). The memo is the evaluation's own (a call ranks on
// one goroutine).
func (rg *regionFilter) inRegion(prov uint16, where string) (in, unknown bool) {
	k := regionKey{prov, where}
	v, ok := rg.memo[k]
	if !ok {
		in, known := rg.rf.Match(rg.ix.provs[prov].key, where)
		if in {
			v |= regionIn
		}
		if !known {
			v |= regionUnknown
		}
		rg.memo[k] = v
	}
	return v&regionIn != 0, v&regionUnknown != 0
}

// ratesOf is the rates a run on a row is priced at and where each
// applies: the offer's own without a region filter, else the ones inside
// it (regionRates). ok is false when the filter leaves the offer out.
func (rg *regionFilter) ratesOf(r *row) (p rates, at places, ok bool) {
	if rg.rf == nil {
		return r.rates, rg.ownPlaces(r), true
	}
	p, at, ok, _ = rg.regionRates(r)
	return p, at, ok
}

// ownPlaces is where the offer's own prices apply: the on-demand price's
// region, the median spot zone (the offer's first region when one price
// holds everywhere), the first region the listed plans apply in (when the
// offer lists any).
func (rg *regionFilter) ownPlaces(r *row) places {
	o := &rg.cat.Offers[r.offer]
	d := o.Detail()
	var at places
	at.od = d.OnDemandRegion
	at.spot = ownSpotZone(o, r)
	// A listed plan is one price wherever it applies: its first region
	// has it.
	switch {
	case !r.anyPlan():
	case len(d.PlanRegions) > 0:
		at.plan = d.PlanRegions[0]
	case len(o.Regions) > 0:
		at.plan = o.Regions[0]
	}
	if at.od == "" && len(d.OnDemandZones) == 0 && len(o.Regions) > 0 && (len(o.Regions) == 1 || d.OnDemandMax <= o.OnDemand) {
		// One price in every region: any of them has it.
		at.od = o.Regions[0]
	}
	return at
}

// regionRates works out a row's rates inside the region filter: the
// on-demand price of its cheapest region inside, the spot price of its
// median zone inside (the lower of the middle two) with that zone's
// interruption bucket, the listed plans where they apply inside, and the
// offer's firm discounts (which apply to the on-demand price inside). in
// is false when no region or zone of the offer is inside; unknown is then
// set when some of them have no known location.
func (rg *regionFilter) regionRates(r *row) (p rates, at places, in, unknown bool) {
	o := &rg.cat.Offers[r.offer]
	d := o.Detail()
	p.c1, p.c3, p.bkt = r.c1, r.c3, -1
	first := ""
	for _, reg := range o.Regions {
		ok, unk := rg.inRegion(r.prov, reg)
		unknown = unknown || unk
		if ok && first == "" {
			first = reg
		}
	}
	if len(o.Regions) == 0 {
		unknown = true
	}
	// On demand: the cheapest region inside.
	if zs := d.OnDemandZones; len(zs) > 0 {
		for _, z := range zs {
			if ok, _ := rg.inRegion(r.prov, z.Zone); ok && z.Price > 0 && (p.od == 0 || z.Price < p.od) {
				p.od, at.od = z.Price, z.Zone
			}
		}
	} else if first != "" && r.od > 0 {
		p.od, at.od = r.od, first
		if ok, _ := rg.inRegion(r.prov, d.OnDemandRegion); ok && d.OnDemandRegion != "" {
			at.od = d.OnDemandRegion
		}
	}
	// Spot: the median zone inside.
	if zs := d.SpotZones; len(zs) > 0 {
		var inside []model.ZonePrice
		for _, z := range zs {
			if ok, unk := rg.inRegion(r.prov, z.Zone); ok && z.Price > 0 {
				inside = append(inside, z)
			} else {
				unknown = unknown || unk
			}
		}
		if len(inside) > 0 {
			slices.SortStableFunc(inside, func(a, b model.ZonePrice) int {
				switch {
				case a.Price < b.Price:
					return -1
				case a.Price > b.Price:
					return 1
				}
				return 0
			})
			z := inside[(len(inside)-1)/2]
			p.spot, at.spot, p.bkt = z.Price, z.Zone, bucketAt(o, z.Zone)
		}
	} else if first != "" && r.spotMin > 0 {
		p.spot, at.spot, p.bkt = r.spotMin, first, bucketAt(o, first)
	}
	p.spotV = spotVerdict(o, at.spot, p.spot, rg.ix.provs[r.prov].pol)
	// The listed plans where they apply inside.
	planAt := first
	if len(d.PlanRegions) > 0 {
		planAt = ""
		for _, reg := range d.PlanRegions {
			if ok, _ := rg.inRegion(r.prov, reg); ok {
				planAt = reg
				break
			}
		}
	}
	if planAt != "" {
		p.plans, at.plan = r.plans, planAt
	}
	in = first != "" || at.spot != "" || at.od != ""
	if in {
		unknown = false
	}
	return p, at, in, unknown
}

// spread is the range of an offer's on-demand (or, with spot, spot)
// prices per node in its currency over its regions or zones inside the
// region filter (all of them without one), and how many places have one.
func (rg *regionFilter) spread(o *model.Offer, r *row, spot bool) (lo, hi float64, n int) {
	d := o.Detail()
	zones, own := d.OnDemandZones, o.OnDemand
	if spot {
		zones, own = d.SpotZones, o.Spot
	}
	take := func(v float64) {
		if v <= 0 {
			return
		}
		n++
		if lo == 0 || v < lo {
			lo = v
		}
		hi = max(hi, v)
	}
	if rg.rf == nil {
		switch {
		case len(zones) > 0:
			for _, z := range zones {
				take(z.Price)
			}
		case !spot:
			lo, hi, n = own, max(own, d.OnDemandMax), d.PricedZones
		default:
			lo, hi, n = own, max(own, d.SpotMax), len(o.Regions)
		}
		return lo, hi, n
	}
	if len(zones) > 0 {
		for _, z := range zones {
			if in, _ := rg.inRegion(r.prov, z.Zone); in {
				take(z.Price)
			}
		}
		return lo, hi, n
	}
	for _, reg := range o.Regions {
		if in, _ := rg.inRegion(r.prov, reg); in {
			take(own)
		}
	}
	return lo, hi, n
}
