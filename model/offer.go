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
	InterconnectNVSwitch Interconnect = "nvswitch" // all-to-all NVLink through NVSwitch (a whole HGX/DGX board)
	InterconnectNVLink   Interconnect = "nvlink"   // NVLink, no switch documented: pairs, bridges, a mesh, or a share of a switched board
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
//
// The fields the advisor's index reads for every offer are kept here,
// ordered so the struct has no padding holes (a 1M-offer catalog holds a
// million of them, issue 14); the rarely read facts, mostly empty or shared
// by a family of offers (or not read by the index: the form factor and
// local disks), are in an OfferDetail that Detail reads and
// EditDetail writes. An Offer marshals to JSON as its flat OfferFields, in
// the field order it always had.
type Offer struct {
	// Provider is the provider's key, lower-case ("aws", "gcp", "alibaba").
	Provider string
	// InstanceType is the provider's name for the configuration.
	InstanceType string
	Regions      []string
	// GPU is the canonical GPU name (a key of Catalog.GPUs), or empty when the
	// source does not name the GPU.
	GPU      string
	GPUCount int
	// GPUFraction is the share of one GPU for a vGPU slice (e.g. 0.25); 0 or 1
	// means whole GPUs.
	GPUFraction float64
	// VRAMGiB is the memory of one GPU (or one slice).
	VRAMGiB   float64
	VCPUs     float64
	MemoryGiB float64
	Currency  Currency

	// OnDemand is the lowest on-demand price per hour over the regions
	// (OfferDetail.OnDemandMax the highest); 0 means unknown.
	OnDemand float64
	// Spot is the lowest spot / preemptible price per hour; 0 means none.
	Spot float64
	// PriceDate is the date the price was read or published (YYYY-MM-DD).
	PriceDate string

	Interconnect     Interconnect
	InterNodeNetwork string
	VCPUType         VCPUType

	// Sources are the URLs (or catalog file references) the facts came from.
	Sources []string
	// Notes are the offer's free-text notes (a family's caveats, a
	// marketplace host's ids and record). They are on the offer, not in
	// its shared detail: a marketplace offer's notes are its own (its
	// offer and host ids), and in the detail they would give each of
	// 100k live offers a detail of its own (issue 24).
	Notes string
	// Host is a marketplace host's own facts about the offer (ids,
	// record, internet, disk, storage price), nil for any other offer.
	// It may be shared by copies of this Offer: never written in place.
	// The texts that show them (NetworkText, LocalDiskText,
	// PriceNoteText, NotesText) put them before the offer's own.
	Host *MarketHost `json:"-" toml:"-"`

	// Extra holds the rarely read facts; nil means all zero. It may be
	// shared by many offers (and by copies of this Offer value), so it is
	// never written in place: read it with Detail, change it with
	// EditDetail. Set it only to build an offer (generated data, a
	// literal); the JSON has its fields flat (OfferFields).
	Extra *OfferDetail `json:"-" toml:"-"`

	// RDMA is GPUDirect RDMA (InfiniBand, RoCE or EFA with RDMA) between nodes.
	RDMA          Tri
	Hyperthreaded Tri
	// LocalNVMeWiped is Yes when local disk data is lost on stop.
	LocalNVMeWiped Tri
	// Marketplace is true for offers from third-party hosts (Vast, RunPod
	// community): availability, reliability and prices vary by host.
	Marketplace bool
	// Origin says whether the user's catalog overlay set the offer's
	// price or added the offer (OriginPublic: neither).
	Origin OfferOrigin
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
		return o.Detail().PriceDateNote != ""
	}
	return before != "" && len(o.PriceDate) == 10 && o.PriceDate < before
}

// Key identifies the offer within a catalog: provider and instance type.
func (o *Offer) Key() string { return o.Provider + "/" + o.InstanceType }
