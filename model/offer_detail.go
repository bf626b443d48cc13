package model

import "slices"

// OfferDetail holds an offer's rarely read facts: the price range and plan
// prices, the zone-by-zone spot prices and interruption buckets, committed
// discounts and the retirement notice (the notes are the offer's own:
// Offer.Notes). Most are empty or shared
// by a family of offers, so an Offer refers to one by a pointer that may be
// shared: read it through Offer.Detail, change it through Offer.EditDetail.
type OfferDetail struct {
	// OnDemandMax is the highest on-demand price per hour over the
	// regions (Offer.OnDemand the lowest); SpotMax the highest spot price.
	OnDemandMax float64
	SpotMax     float64
	// Listed plan prices for the whole period (daily, weekly, monthly and
	// yearly rent; ListedPlans reads and writes them, by ListedPlan); 0
	// means the provider lists none for this offer.
	Daily   float64
	Weekly  float64
	Monthly float64
	Yearly  float64
	Months3 float64 // a 3-month commitment, the whole term
	Months6 float64 // a 6-month commitment, the whole term
	// OnDemandRegion is the region (the zone where the source names no
	// region) whose price Offer.OnDemand is, and
	// PricedZones the number of zones (or regions, where the source has no
	// zones) with an on-demand price: 1 means the price was found in one
	// place only.
	OnDemandRegion string
	PricedZones    int
	// SpotZones are the spot prices zone by zone (the region where the
	// source names no zone), sorted by zone, where spot is not one price
	// in every zone of the offer (prices differ, or some zone has none: a
	// zone missing from the list has no spot price); Offer.Spot is their
	// lowest. Empty when Offer.Spot applies in every zone.
	SpotZones []ZonePrice
	// OnDemandZones are the on-demand prices region by region (the zone
	// where the source names no region), sorted by name, where they are
	// not one price in every region of the offer (they differ, or some
	// region has none); Offer.OnDemand is their lowest. Empty when
	// Offer.OnDemand applies in every region. A region filter prices an
	// offer at its cheapest region inside the filter.
	OnDemandZones []ZonePrice
	// PlanRegions are the regions the listed plan prices (Daily, Weekly,
	// Monthly, Yearly) apply in, where the source limits them to some of
	// the offer's regions (Tencent's list prices are mainland China's);
	// empty when they apply in every region.
	PlanRegions []string
	// Interruption is AWS's spot interruption bucket for the instance type
	// region by region (Spot Instance Advisor), dated InterruptionDate.
	Interruption     []RegionBucket
	InterruptionDate string
	// Commit1yOff and Commit3yOff are firm committed-use discounts for the
	// offer's family (a fraction off OnDemand, derived from the provider's
	// published committed prices, e.g. GCP resource-based CUDs), with
	// CommitSource citing them; 0 when none is published.
	Commit1yOff  float64
	Commit3yOff  float64
	CommitSource string
	// PriceNote carries the source's caveats on the price (ranges, tickets).
	PriceNote string
	// PriceOrigins name each price's source and date where the offer's
	// prices come from more than one source or date (a merge of sources,
	// data.MergeOffers), sorted newest first; empty when every price is
	// the offer's PriceSource's of its PriceDate (Offer.PriceOrigins).
	PriceOrigins []PriceOrigin
	// PriceDateNote says why Offer.PriceDate is empty when the source's
	// date is unknown ("old catalog format, date unknown"); such a price
	// counts as stale.
	PriceDateNote string
	// FetchedAt is a live offer's fetch time (RFC 3339, UTC; "" for a
	// catalog offer): it goes stale LiveStaleHours after it.
	FetchedAt        string
	InterconnectNote string
	VCPUNote         string
	// Retired is the date (YYYY-MM-DD) the provider retired (or retires)
	// the instance type, from its published retirement notice; empty
	// when none is known. RetiredSource cites the notice.
	Retired       string
	RetiredSource string
	// FormFactor is the GPUs' form factor: "SXM", "PCIe", "other" or "".
	FormFactor string
	// LocalNVMe describes the instance's local disks ("" when none is
	// documented).
	LocalNVMe string
}

// zeroDetail is the detail of every offer that has none. Nothing may
// write it: Detail hands it out for reading only.
var zeroDetail OfferDetail

// IsZero reports whether every field of d is zero (or an empty list).
func (d *OfferDetail) IsZero() bool {
	return d.OnDemandMax == 0 && d.SpotMax == 0 && !d.HasPlan() && d.OnDemandRegion == "" && d.PricedZones == 0 &&
		len(d.SpotZones) == 0 && len(d.OnDemandZones) == 0 && len(d.PlanRegions) == 0 && len(d.Interruption) == 0 && d.InterruptionDate == "" &&
		d.Commit1yOff == 0 && d.Commit3yOff == 0 && d.CommitSource == "" &&
		d.PriceNote == "" && len(d.PriceOrigins) == 0 && d.PriceDateNote == "" && d.FetchedAt == "" && d.InterconnectNote == "" &&
		d.VCPUNote == "" && d.Retired == "" && d.RetiredSource == "" &&
		d.FormFactor == "" && d.LocalNVMe == ""
}

// clone returns a copy of d that shares no list with it.
func (d *OfferDetail) clone() *OfferDetail {
	c := *d
	c.SpotZones = slices.Clone(d.SpotZones)
	c.OnDemandZones = slices.Clone(d.OnDemandZones)
	c.PlanRegions = slices.Clone(d.PlanRegions)
	c.Interruption = slices.Clone(d.Interruption)
	c.PriceOrigins = slices.Clone(d.PriceOrigins)
	return &c
}

// Detail returns the offer's rarely read facts for reading; it is never
// nil (an offer without any gets a shared zero detail). The detail may be
// shared with other offers: never write through it, use EditDetail.
func (o *Offer) Detail() *OfferDetail {
	if o.Extra == nil {
		return &zeroDetail
	}
	return o.Extra
}

// EditDetail returns the offer's detail for writing: a fresh copy owned
// by this offer alone (copy on write), so a detail shared with other
// offers (or with a copy of this Offer value) is never changed. Each call
// copies; to set several fields, keep the pointer it returns.
func (o *Offer) EditDetail() *OfferDetail {
	o.Extra = o.Detail().clone()
	return o.Extra
}

// SetDetail makes d the offer's detail (a zero d is kept as none). d may
// then be shared: neither the caller nor the offer writes it again.
func (o *Offer) SetDetail(d *OfferDetail) {
	if d == nil || d.IsZero() {
		o.Extra = nil
		return
	}
	o.Extra = d
}

// WithDetail returns a copy of o whose detail is a copy of d: the way to
// write an offer's detail in a composite literal.
func (o Offer) WithDetail(d OfferDetail) Offer {
	o.SetDetail(d.clone())
	return o
}
