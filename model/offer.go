package model

// Currency is an ISO 4217 code. gpupick knows USD and CNY.
type Currency string

// The currencies prices are kept and shown in.
const (
	USD Currency = "USD"
	CNY Currency = "CNY"
)

// Symbol returns "$" or "¥" (or the code followed by a space).
func (c Currency) Symbol() string {
	switch c {
	case USD, "":
		return "$"
	case CNY:
		return "¥"
	}
	return string(c) + " "
}

// Interconnect is how the GPUs inside one instance talk to each other.
type Interconnect string

// Interconnect values. The zero value means not documented.
const (
	InterconnectUnknown  Interconnect = ""
	InterconnectNVSwitch Interconnect = "nvswitch" // all-to-all NVLink through NVSwitch
	InterconnectNVLink   Interconnect = "nvlink"   // NVLink without a switch: pairs, bridges or a ring
	InterconnectPCIe     Interconnect = "pcie"     // PCIe only, no NVLink
	InterconnectSingle   Interconnect = "single"   // one GPU (or a slice): no peers
	// InterconnectInfinityFabric is AMD Infinity Fabric (xGMI) links between
	// accelerator modules, e.g. the fully connected MI300X OAMs of one node.
	InterconnectInfinityFabric Interconnect = "infinity-fabric"
)

// HasNVLink reports whether multi-GPU traffic goes over NVLink.
func (i Interconnect) HasNVLink() bool {
	return i == InterconnectNVSwitch || i == InterconnectNVLink
}

// HasFastLink reports whether multi-GPU traffic goes over a dedicated
// GPU-to-GPU link (NVSwitch, NVLink or AMD Infinity Fabric) rather than
// PCIe.
func (i Interconnect) HasFastLink() bool {
	return i.HasNVLink() || i == InterconnectInfinityFabric
}

// VCPUType says what the host CPUs of an offer are.
type VCPUType string

// VCPUType values. The zero value means not documented.
const (
	VCPUUnknown     VCPUType = ""
	VCPUDedicated   VCPUType = "dedicated"    // fixed, not shared with other tenants
	VCPUShared      VCPUType = "shared"       // shared or oversold with other tenants
	VCPUBurstable   VCPUType = "burstable"    // baseline plus credits
	VCPUContainer   VCPUType = "container"    // a container slice of a host
	VCPUMarketplace VCPUType = "marketplace"  // a third-party host in a marketplace
	VCPUGPUFraction VCPUType = "gpu-fraction" // a vGPU slice with a share of the host
)

// Offer is one rentable configuration: an instance type of a provider with
// its GPUs, host, prices and the facts that decide a choice. Offers of the
// same instance type that differ only by zone or region are folded into one
// Offer with all its regions and the price range.
type Offer struct {
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
	// yearly rent); 0 means the provider lists none for this offer.
	Daily   float64 `json:"daily,omitempty" toml:"daily,omitempty"`
	Weekly  float64 `json:"weekly,omitempty" toml:"weekly,omitempty"`
	Monthly float64 `json:"monthly,omitempty" toml:"monthly,omitempty"`
	Yearly  float64 `json:"yearly,omitempty" toml:"yearly,omitempty"`
	// OnDemandRegion is the region (the zone where the source names no
	// region) whose price OnDemand is, and
	// PricedZones the number of zones (or regions, where the source has no
	// zones) with an on-demand price: 1 means the price was found in one
	// place only.
	OnDemandRegion string `json:"on_demand_region,omitempty" toml:"on_demand_region,omitempty"`
	PricedZones    int    `json:"priced_zones,omitempty" toml:"priced_zones,omitempty"`
	// SpotZones are the spot prices zone by zone, sorted by zone, where the
	// source gives more than one; Spot is their lowest.
	SpotZones []ZonePrice `json:"spot_zones,omitempty" toml:"spot_zones,omitempty"`
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
	// PriceDateNote says why PriceDate is empty when the source's date is
	// unknown ("old catalog format, date unknown"); such a price counts as
	// stale.
	PriceDateNote string `json:"price_date_note,omitempty" toml:"price_date_note,omitempty"`

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

	// Sources are the URLs (or catalog file references) the facts came from.
	Sources []string `json:"sources" toml:"sources"`
	Notes   string   `json:"notes,omitempty" toml:"notes,omitempty"`
	// Retired is the date (YYYY-MM-DD) the provider retired (or retires)
	// the instance type, from its published retirement notice; empty
	// when none is known. RetiredSource cites the notice.
	Retired       string `json:"retired,omitempty" toml:"retired,omitempty"`
	RetiredSource string `json:"retired_source,omitempty" toml:"retired_source,omitempty"`
}

// ZonePrice is an hourly price in one zone (or region).
type ZonePrice struct {
	Zone  string  `json:"zone" toml:"zone"`
	Price float64 `json:"price" toml:"price"`
}

// RegionBucket is AWS's spot interruption bucket in one region: Bucket
// indexes InterruptionBuckets.
type RegionBucket struct {
	Region string `json:"region" toml:"region"`
	Bucket int    `json:"bucket" toml:"bucket"`
}

// InterruptionBuckets are AWS's interruption-frequency buckets as it prints
// them: the share of spot instances of a type interrupted in the trailing
// month (Spot Instance Advisor, interruption_index 0-4).
var InterruptionBuckets = []string{"<5%", "5-10%", "10-15%", "15-20%", ">20%"}

// InterruptionMonthly is the monthly interruption share assumed for each
// bucket: its upper end, and 25% for the open ">20%" bucket (a stated
// assumption: AWS gives no upper end).
var InterruptionMonthly = []float64{0.05, 0.10, 0.15, 0.20, 0.25}

// TotalVRAMGiB is the GPU memory of the whole instance.
func (o *Offer) TotalVRAMGiB() float64 { return o.VRAMGiB * float64(o.GPUCount) }

// PriceStale reports whether the offer's price is stale: dated before
// before (YYYY-MM-DD), or undated because its source's date is unknown.
func (o *Offer) PriceStale(before string) bool {
	if o.PriceDate == "" {
		return o.PriceDateNote != ""
	}
	return before != "" && len(o.PriceDate) == 10 && o.PriceDate < before
}

// Key identifies the offer within a catalog: provider and instance type.
func (o *Offer) Key() string { return o.Provider + "/" + o.InstanceType }
