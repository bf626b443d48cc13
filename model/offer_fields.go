package model

import (
	"bytes"
	"encoding/json"
)

// OfferFields is an Offer flat: every field, hot and detail, in the order
// (and with the JSON and TOML keys) an Offer has always been written in.
// Offer marshals through it, so moving a field between Offer and
// OfferDetail never changes a byte of output; a type that adds keys to an
// offer's JSON embeds OfferFields (embedding Offer would take its
// MarshalJSON and drop the added keys).
type OfferFields struct {
	// Provider is the provider's key, lower-case ("aws", "gcp", "alibaba").
	Provider string `json:"provider" toml:"provider"`
	// InstanceType is the provider's name for the configuration.
	InstanceType string   `json:"instance_type" toml:"instance_type"`
	Regions      []string `json:"regions" toml:"regions"`
	// GPU is the canonical GPU name (a key of Catalog.GPUs), or empty when the
	// source does not name the GPU.
	GPU      string `json:"gpu" toml:"gpu"`
	GPUCount int    `json:"gpu_count" toml:"gpu_count"`
	// GPUFraction is the share of one GPU for a vGPU slice (e.g. 0.25); 0 or 1
	// means whole GPUs.
	GPUFraction float64 `json:"gpu_fraction,omitempty" toml:"gpu_fraction,omitempty"`
	// VRAMGiB is the memory of one GPU (or one slice).
	VRAMGiB   float64  `json:"vram_gib" toml:"vram_gib"`
	VCPUs     float64  `json:"vcpus" toml:"vcpus"`
	MemoryGiB float64  `json:"memory_gib" toml:"memory_gib"`
	Currency  Currency `json:"currency" toml:"currency"`

	// OnDemand is the lowest on-demand price per hour over the regions;
	// OnDemandMax the highest. 0 means unknown.
	OnDemand    float64 `json:"on_demand_hourly" toml:"on_demand_hourly"`
	OnDemandMax float64 `json:"on_demand_hourly_max,omitempty" toml:"on_demand_hourly_max,omitempty"`
	// Spot is the lowest spot / preemptible price per hour; 0 means none.
	Spot    float64 `json:"spot_hourly" toml:"spot_hourly"`
	SpotMax float64 `json:"spot_hourly_max,omitempty" toml:"spot_hourly_max,omitempty"`
	// Listed plan prices for the whole period (daily, weekly, monthly and
	// yearly rent; ListedPlans copies them to and from OfferDetail); 0
	// means the provider lists none for this offer.
	Daily   float64 `json:"daily,omitempty" toml:"daily,omitempty"`
	Weekly  float64 `json:"weekly,omitempty" toml:"weekly,omitempty"`
	Monthly float64 `json:"monthly,omitempty" toml:"monthly,omitempty"`
	Yearly  float64 `json:"yearly,omitempty" toml:"yearly,omitempty"`
	Months3 float64 `json:"months3,omitempty" toml:"months3,omitempty"`
	Months6 float64 `json:"months6,omitempty" toml:"months6,omitempty"`
	// OnDemandRegion is the region (the zone where the source names no
	// region) whose price OnDemand is, and
	// PricedZones the number of zones (or regions, where the source has no
	// zones) with an on-demand price: 1 means the price was found in one
	// place only.
	OnDemandRegion string `json:"on_demand_region,omitempty" toml:"on_demand_region,omitempty"`
	PricedZones    int    `json:"priced_zones,omitempty" toml:"priced_zones,omitempty"`
	// SpotZones are the spot prices zone by zone, where spot is not one
	// price in every zone (OfferDetail.SpotZones); Spot is their lowest.
	SpotZones []ZonePrice `json:"spot_zones,omitempty" toml:"spot_zones,omitempty"`
	// OnDemandZones are the on-demand prices region by region, where they
	// are not one price in every region (OfferDetail.OnDemandZones).
	OnDemandZones []ZonePrice `json:"on_demand_zones,omitempty" toml:"on_demand_zones,omitempty"`
	// PlanRegions are the regions the listed plan prices apply in, where
	// the source limits them (OfferDetail.PlanRegions).
	PlanRegions []string `json:"plan_regions,omitempty" toml:"plan_regions,omitempty"`
	// Interruption is AWS's spot interruption bucket for the instance type
	// region by region (Spot Instance Advisor), dated InterruptionDate.
	Interruption     []RegionBucket `json:"interruption,omitempty" toml:"interruption,omitempty"`
	InterruptionDate string         `json:"interruption_date,omitempty" toml:"interruption_date,omitempty"`
	// Commit1yOff and Commit3yOff are firm committed-use discounts for the
	// offer's family (a fraction off OnDemand, derived from the provider's
	// published committed prices, e.g. GCP resource-based CUDs), with
	// CommitSource citing them; 0 when none is published.
	Commit1yOff  float64 `json:"commit_1y_off,omitempty" toml:"commit_1y_off,omitempty"`
	Commit3yOff  float64 `json:"commit_3y_off,omitempty" toml:"commit_3y_off,omitempty"`
	CommitSource string  `json:"commit_source,omitempty" toml:"commit_source,omitempty"`
	// PriceNote carries the source's caveats on the price (ranges, tickets).
	PriceNote string `json:"price_note,omitempty" toml:"price_note,omitempty"`
	// PriceDate is the date the price was read or published (YYYY-MM-DD).
	PriceDate string `json:"price_date,omitempty" toml:"price_date,omitempty"`
	// PriceOrigins name each price's source and date where they differ
	// (OfferDetail.PriceOrigins).
	PriceOrigins []PriceOrigin `json:"price_origins,omitempty" toml:"price_origins,omitempty"`
	// PriceDateNote says why PriceDate is empty when the source's date is
	// unknown ("old catalog format, date unknown"); such a price counts as
	// stale.
	PriceDateNote string `json:"price_date_note,omitempty" toml:"price_date_note,omitempty"`
	// FetchedAt is a live offer's fetch time (OfferDetail.FetchedAt).
	FetchedAt string `json:"fetched_at,omitempty" toml:"fetched_at,omitempty"`

	FormFactor       string       `json:"form_factor" toml:"form_factor"` // "SXM", "PCIe", "other" or ""
	Interconnect     Interconnect `json:"interconnect" toml:"interconnect"`
	InterconnectNote string       `json:"interconnect_note,omitempty" toml:"interconnect_note,omitempty"`
	InterNodeNetwork string       `json:"inter_node_network,omitempty" toml:"inter_node_network,omitempty"`
	// RDMA is GPUDirect RDMA (InfiniBand, RoCE or EFA with RDMA) between nodes.
	RDMA          Tri      `json:"rdma" toml:"rdma"`
	VCPUType      VCPUType `json:"vcpu_type" toml:"vcpu_type"`
	VCPUNote      string   `json:"vcpu_note,omitempty" toml:"vcpu_note,omitempty"`
	Hyperthreaded Tri      `json:"vcpu_hyperthread" toml:"vcpu_hyperthread"`
	LocalNVMe     string   `json:"local_nvme" toml:"local_nvme"`
	// LocalNVMeWiped is Yes when local disk data is lost on stop.
	LocalNVMeWiped Tri `json:"local_nvme_wiped_on_stop" toml:"local_nvme_wiped_on_stop"`
	// Marketplace is true for offers from third-party hosts (Vast, RunPod
	// community): availability, reliability and prices vary by host.
	Marketplace bool `json:"marketplace,omitempty" toml:"marketplace,omitempty"`
	// Origin says whether the user's catalog overlay set the offer's
	// price ("overlay-price") or added the offer ("overlay-offer");
	// absent for a public offer at its list price.
	Origin OfferOrigin `json:"origin,omitempty" toml:"origin,omitzero"`

	// Sources are the URLs (or catalog file references) the facts came from.
	Sources []string `json:"sources" toml:"sources"`
	Notes   string   `json:"notes,omitempty" toml:"notes,omitempty"`
	// Host is a marketplace host's facts (Offer.Host), typed; the
	// texts above (InterNodeNetwork, LocalNVMe, PriceNote, Notes) also
	// say them in English, before the offer's own.
	Host *MarketHost `json:"host,omitempty" toml:"host,omitempty"`
	// Retired is the date (YYYY-MM-DD) the provider retired (or retires)
	// the instance type, from its published retirement notice; empty
	// when none is known. RetiredSource cites the notice.
	Retired       string `json:"retired,omitempty" toml:"retired,omitempty"`
	RetiredSource string `json:"retired_source,omitempty" toml:"retired_source,omitempty"`
}

// Fields returns the offer flat.
func (o *Offer) Fields() OfferFields {
	d := o.Detail()
	host := o.Host.Texts(o.Spot, false)
	f := OfferFields{
		Provider:         o.Provider,
		InstanceType:     o.InstanceType,
		Regions:          o.Regions,
		GPU:              o.GPU,
		GPUCount:         o.GPUCount,
		GPUFraction:      o.GPUFraction,
		VRAMGiB:          o.VRAMGiB,
		VCPUs:            o.VCPUs,
		MemoryGiB:        o.MemoryGiB,
		Currency:         o.Currency,
		OnDemand:         o.OnDemand,
		Spot:             o.Spot,
		PriceDate:        o.PriceDate,
		FormFactor:       d.FormFactor,
		Interconnect:     o.Interconnect,
		InterNodeNetwork: hostJoin(host.Network, o.InterNodeNetwork),
		RDMA:             o.RDMA,
		VCPUType:         o.VCPUType,
		Hyperthreaded:    o.Hyperthreaded,
		LocalNVMe:        hostJoin(host.Disk, d.LocalNVMe),
		LocalNVMeWiped:   o.LocalNVMeWiped,
		Marketplace:      o.Marketplace,
		Origin:           o.Origin,
		Sources:          o.Sources,
		OnDemandMax:      d.OnDemandMax,
		SpotMax:          d.SpotMax,
		OnDemandRegion:   d.OnDemandRegion,
		PricedZones:      d.PricedZones,
		SpotZones:        d.SpotZones,
		OnDemandZones:    d.OnDemandZones,
		PlanRegions:      d.PlanRegions,
		Interruption:     d.Interruption,
		InterruptionDate: d.InterruptionDate,
		Commit1yOff:      d.Commit1yOff,
		Commit3yOff:      d.Commit3yOff,
		CommitSource:     d.CommitSource,
		PriceNote:        hostJoin(host.Storage, d.PriceNote),
		PriceDateNote:    d.PriceDateNote,
		FetchedAt:        d.FetchedAt,
		PriceOrigins:     d.PriceOrigins,
		InterconnectNote: d.InterconnectNote,
		VCPUNote:         d.VCPUNote,
		Notes:            hostJoin(host.Notes, o.Notes),
		Host:             o.Host,
		Retired:          d.Retired,
		RetiredSource:    d.RetiredSource,
	}
	for l := range ListedPlans {
		*ListedPlans[l].Flat(&f) = d.Plan(ListedPlan(l))
	}
	return f
}

// Offer returns the offer the fields describe (with no detail when its
// fields are all zero). With a Host, the host's words Fields put before
// each text are taken off it: the offer keeps its own text.
func (f *OfferFields) Offer() Offer {
	host := f.Host.Texts(f.Spot, false)
	o := Offer{
		Provider:         f.Provider,
		InstanceType:     f.InstanceType,
		Regions:          f.Regions,
		GPU:              f.GPU,
		GPUCount:         f.GPUCount,
		GPUFraction:      f.GPUFraction,
		VRAMGiB:          f.VRAMGiB,
		VCPUs:            f.VCPUs,
		MemoryGiB:        f.MemoryGiB,
		Currency:         f.Currency,
		OnDemand:         f.OnDemand,
		Spot:             f.Spot,
		PriceDate:        f.PriceDate,
		Interconnect:     f.Interconnect,
		InterNodeNetwork: hostTrim(f.InterNodeNetwork, host.Network),
		RDMA:             f.RDMA,
		VCPUType:         f.VCPUType,
		Hyperthreaded:    f.Hyperthreaded,
		LocalNVMeWiped:   f.LocalNVMeWiped,
		Marketplace:      f.Marketplace,
		Origin:           f.Origin,
		Sources:          f.Sources,
		Notes:            hostTrim(f.Notes, host.Notes),
		Host:             f.Host,
	}
	d := OfferDetail{
		OnDemandMax:      f.OnDemandMax,
		SpotMax:          f.SpotMax,
		OnDemandRegion:   f.OnDemandRegion,
		PricedZones:      f.PricedZones,
		SpotZones:        f.SpotZones,
		OnDemandZones:    f.OnDemandZones,
		PlanRegions:      f.PlanRegions,
		Interruption:     f.Interruption,
		InterruptionDate: f.InterruptionDate,
		Commit1yOff:      f.Commit1yOff,
		Commit3yOff:      f.Commit3yOff,
		CommitSource:     f.CommitSource,
		PriceNote:        hostTrim(f.PriceNote, host.Storage),
		PriceDateNote:    f.PriceDateNote,
		FetchedAt:        f.FetchedAt,
		PriceOrigins:     f.PriceOrigins,
		InterconnectNote: f.InterconnectNote,
		VCPUNote:         f.VCPUNote,
		Retired:          f.Retired,
		RetiredSource:    f.RetiredSource,
		LocalNVMe:        hostTrim(f.LocalNVMe, host.Disk),
		FormFactor:       f.FormFactor,
	}
	for l := range ListedPlans {
		*ListedPlans[l].Of(&d) = *ListedPlans[l].Flat(f)
	}
	o.SetDetail(&d)
	return o
}

// MarshalJSON writes the offer as its OfferFields. HTML characters are
// left as they are: the encoder that called it escapes them when it is
// set to, so the bytes are those of the flat struct encoded directly.
func (o Offer) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(o.Fields()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads an offer written by MarshalJSON.
func (o *Offer) UnmarshalJSON(b []byte) error {
	var f OfferFields
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*o = f.Offer()
	return nil
}
