package advisor

import (
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// Spot figures.
const (
	// spotOverheadUnknown is the re-run and restart time assumed for a job
	// on spot where no interruption rate is published (every cloud but
	// AWS): the conservative flat 10% gpupick assumed before rates were
	// known, far above what any published AWS bucket implies.
	spotOverheadUnknown = 0.10
	// restartHours is the time lost when a job restarts: a new VM and the
	// job reloading its last checkpoint (10 minutes, a stated assumption).
	restartHours = 1.0 / 6
)

// spotSetup finds, when the index is built, the spot price a row is
// priced at without a region filter: the median zone's (the lower of the
// two middle zones for an even count, so that a real zone has it), with
// the zone's interruption bucket. Spot keeps the cheapest zone's price as
// the offer's lower bound.
func spotSetup(o *model.Offer, r *row, scratch *[]zoneRank) { spotSetupWith(o, r, scratch, nil) }

// zoneList names a list of spot zones by its storage: offers decoded
// from a catalog folder share one list where their zones are the same.
type zoneList struct {
	first *model.ZonePrice
	n     int
}

// spotSetupWith is spotSetup; memo, when not nil, keeps the median zone
// of each list of zones already sorted (the catalog does not change while
// its index is built).
func spotSetupWith(o *model.Offer, r *row, scratch *[]zoneRank, memo map[zoneList]int) {
	r.spotMin, r.spotZ, r.bkt = pos(o.Spot), -1, -1
	if r.spotMin <= 0 {
		r.spot = 0
		return
	}
	r.spot = r.spotMin
	zone := ""
	if zones := o.Detail().SpotZones; len(zones) > 1 {
		key := zoneList{&zones[0], len(zones)}
		m, ok := memo[key]
		if !ok {
			m = medianZone(zones, scratch)
			if memo != nil {
				memo[key] = m
			}
		}
		if p := pos(zones[m].Price); p > 0 {
			r.spot, r.spotZ = p, int16(m)
			zone = zones[m].Zone
		}
	}
	r.bkt = bucketAt(o, zone)
}

// ownSpotZone is where an offer's own spot price (r.spot) applies: the
// median zone, the one zone listed, or the offer's first region when one
// price holds everywhere; "" when no single place has it.
func ownSpotZone(o *model.Offer, r *row) string {
	d := o.Detail()
	switch {
	case r.spotZ >= 0 && int(r.spotZ) < len(d.SpotZones):
		return d.SpotZones[r.spotZ].Zone
	case r.spot > 0 && len(d.SpotZones) == 1:
		return d.SpotZones[0].Zone
	case r.spot > 0 && len(o.Regions) > 0 && len(d.SpotZones) == 0 && (len(o.Regions) == 1 || d.SpotMax <= o.Spot):
		return o.Regions[0]
	}
	return ""
}

// spotVerdict judges the spot price an offer is priced at in zone
// against on-demand in the zone's region (the offer's lowest where zone is
// "" or its region lists none) and the provider's stated range.
func spotVerdict(o *model.Offer, zone string, spot float64, pol *model.Policy) model.SpotVerdict {
	return model.CheckSpot(spot, o.OnDemandAt(zone), pol)
}

// medianZone is the index of the median-priced zone of zones (more than
// one; the lower middle one for an even count, the first listed among
// equal prices). scratch is a buffer kept between calls.
func medianZone(zones []model.ZonePrice, scratch *[]zoneRank) int {
	idx := (*scratch)[:0]
	for i := range zones {
		idx = append(idx, zoneRank{zones[i].Price, int32(i)})
	}
	*scratch = idx
	return int(selectRank(idx, (len(zones)-1)/2).i)
}

// zoneRank is a zone's price and its place in the offer's list: ordered
// by price, then place (before), the order a stable sort by price gives.
type zoneRank struct {
	price float64
	i     int32
}

// before reports whether a comes before b: a lower price, or the same
// price listed earlier.
func (a zoneRank) before(b zoneRank) bool {
	return a.price < b.price || !(b.price < a.price) && a.i < b.i
}

// selectRank is the k-th of rs in the order of before (k from 0), found
// by partitioning rather than sorting (rs is reordered): the median zone
// is most of the index's spot set-up, and an offer lists up to some sixty
// zones.
func selectRank(rs []zoneRank, k int) zoneRank {
	lo, hi := 0, len(rs)-1
	for lo < hi {
		// The median of the first, middle and last as the pivot, moved to hi.
		mid := lo + (hi-lo)/2
		if rs[mid].before(rs[lo]) {
			rs[mid], rs[lo] = rs[lo], rs[mid]
		}
		if rs[hi].before(rs[lo]) {
			rs[hi], rs[lo] = rs[lo], rs[hi]
		}
		if rs[mid].before(rs[hi]) {
			rs[mid], rs[hi] = rs[hi], rs[mid]
		}
		pivot, p := rs[hi], lo
		for j := lo; j < hi; j++ {
			if rs[j].before(pivot) {
				rs[j], rs[p] = rs[p], rs[j]
				p++
			}
		}
		rs[p], rs[hi] = rs[hi], rs[p]
		switch {
		case k < p:
			hi = p - 1
		case k > p:
			lo = p + 1
		default:
			return rs[p]
		}
	}
	return rs[k]
}

// bucketAt is the interruption bucket of the region holding zone (the
// longest region name that starts it); for zone "" the worst bucket over
// the offer's regions, as all share the price. -1 when none is known.
func bucketAt(o *model.Offer, zone string) int8 {
	b, best := int8(-1), -1
	for _, rb := range o.Detail().Interruption {
		if rb.Bucket < 0 || rb.Bucket >= len(model.InterruptionBuckets) {
			continue
		}
		switch {
		case zone == "":
			if int8(rb.Bucket) > b {
				b = int8(rb.Bucket)
			}
		case strings.HasPrefix(zone, rb.Region) && len(rb.Region) > best:
			b, best = int8(rb.Bucket), len(rb.Region)
		}
	}
	return b
}

// ckptHours is the run's checkpoint interval in hours.
func (pc *pricer) ckptHours() float64 {
	if m := pc.a.CheckpointMinutes; m > 0 {
		return m / 60
	}
	return model.DefaultCheckpointMinutes / 60
}

// spotExtra is the expected re-run and restart time of a job of h hours
// on spot in a zone with interruption bucket bkt: interruptions arrive at
// the bucket's monthly share (a Poisson rate, -ln(1-p) per 730 h), and each
// loses half a checkpoint interval of work (at most half the run) plus a
// restart. An unknown bucket (-1) takes the stated conservative 10%. A
// wall-clock run is billed as used, so it adds nothing.
func (pc *pricer) spotExtra(h float64, bkt int8) float64 {
	if !pc.p.jobMode || h <= 0 {
		return 0
	}
	if bkt < 0 || int(bkt) >= len(model.InterruptionMonthly) {
		return h * spotOverheadUnknown
	}
	return h * interruptRate(bkt) * (math.Min(pc.ckptHours(), h)/2 + restartHours)
}

// interruptRate is the interruptions per hour of bucket b.
func interruptRate(b int8) float64 {
	return -math.Log1p(-model.InterruptionMonthly[b]) / model.HoursPerMonth
}

// spotHours is the hours billed on spot for a job of h hours with extra
// re-run time: a restart each time a preemptible VM reaches its maximum run
// time is added. A wall-clock run is billed as used.
func spotHours(h, extra float64, pol *model.Policy, job bool) float64 {
	if !job {
		return h
	}
	b := h + extra
	if pol != nil && pol.PreemptibleMaxHours > 0 && h > pol.PreemptibleMaxHours {
		b += math.Ceil(h/pol.PreemptibleMaxHours-1) * restartHours
	}
	return b
}

// bucketName is a bucket as AWS prints it, "unknown" for -1.
func bucketName(b int8) string {
	if b < 0 || int(b) >= len(model.InterruptionBuckets) {
		return "unknown"
	}
	return model.InterruptionBuckets[b]
}
