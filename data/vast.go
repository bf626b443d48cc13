package data

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// DefaultVastURL is Vast.ai's public API, whose bundles search
// (POST <base>/bundles/) answers with no API key (gpuhunt's
// providers/vastai.py, Vast's CLI vast.py search__offers).
const DefaultVastURL = "https://console.vast.ai/api/v0"

// VastURLEnv names the environment variable that overrides Vast's base URL.
const VastURLEnv = "GPUPICK_VAST_URL"

// vastBundles is the search's path under the base URL.
const vastBundles = "bundles/"

// Vast.ai's live marketplace as a source: `catalog update --source vast`
// replaces the Vast offers with the hosts' current asks, one offer per
// offer id (a host's machine and GPU count).
var _ = RegisterSource(Source{
	Name:       "vast",
	Title:      "Vast.ai's live offers",
	Doc:        "Vast.ai's marketplace now: each host's price, min bid, reliability, verification, datacenter, internet speeds, CPU, RAM, disk, place and max rental duration (bundles search, no API key)",
	Update:     vastUpdate,
	DefaultURL: DefaultVastURL,
	URLEnv:     VastURLEnv,
})

// vastQuery is the search the update sends: every rentable, unrented
// offer, verified or not, cheapest first, priced on demand. The operator
// form ({"field": {"eq": v}}), "order", "type" and "limit" are those of
// Vast's CLI (search__offers) and gpuhunt's make_filters; 3000 is
// gpuhunt's limit for "every offer".
var vastQuery = []byte(`{"rentable":{"eq":true},"rented":{"eq":false},"order":[["dph_total","asc"]],"type":"on-demand","limit":3000}`)

// VastOffer is one offer of Vast's bundles search, the fields gpupick
// reads, as the API names them (the units are Vast's: RAM in MB as the CLI
// shows it /1000, disk in GB, speeds in Mb/s, duration in seconds, prices
// in $/h, storage in $/GB/month). A pointer is nil when the field is
// absent or null.
type VastOffer struct {
	ID                *int64   `json:"id"`
	HostID            *int64   `json:"host_id"`
	MachineID         *int64   `json:"machine_id"`
	GPUName           *string  `json:"gpu_name"`
	NumGPUs           *float64 `json:"num_gpus"`
	GPURAM            *float64 `json:"gpu_ram"`
	CPUCores          *float64 `json:"cpu_cores"`
	CPUCoresEffective *float64 `json:"cpu_cores_effective"`
	CPURAM            *float64 `json:"cpu_ram"`
	DiskSpace         *float64 `json:"disk_space"`
	DPHBase           *float64 `json:"dph_base"`
	MinBid            *float64 `json:"min_bid"`
	StorageCost       *float64 `json:"storage_cost"`
	Reliability       *float64 `json:"reliability2"`
	Verification      *string  `json:"verification"`
	HostingType       *float64 `json:"hosting_type"`
	InetUp            *float64 `json:"inet_up"`
	InetDown          *float64 `json:"inet_down"`
	Geolocation       *string  `json:"geolocation"`
	Duration          *float64 `json:"duration"`
}

// vastAnswer is the bundles search's answer.
type vastAnswer struct {
	Offers *[]VastOffer `json:"offers"`
}

// vastWant says what the bundles search answers, for errors.
const vastWant = `Vast's bundles search answer, {"offers": [{"id": …, "gpu_name": …, "num_gpus": …, "dph_base": …}, …]}`

// ParseVastBundles reads the bundles search's answer strictly: the offers
// list must be there, and every offer must have its id, GPU, prices,
// CPU, RAM, disk, reliability, verification, hosting type, speeds, place
// and duration in Vast's types and plausible ranges; the error names the
// offer and the field. min_bid, geolocation and cpu_cores may be null (a
// host that sets no bid floor, no known place, no CPU count: the offer is
// then dropped by the reader, as gpuhunt does).
func ParseVastBundles(body []byte) ([]VastOffer, error) {
	const what = "Vast bundles search"
	var a vastAnswer
	if err := decodeLive(body, what, vastWant, &a); err != nil {
		return nil, err
	}
	if a.Offers == nil {
		return nil, fmt.Errorf("%s: no \"offers\" list (want %s)", what, vastWant)
	}
	if len(*a.Offers) > maxLiveOffers {
		return nil, fmt.Errorf("%s: %d offers, more than %d", what, len(*a.Offers), maxLiveOffers)
	}
	for i, o := range *a.Offers {
		if err := o.check(fmt.Sprintf("%s: offer %d", what, i+1)); err != nil {
			return nil, err
		}
	}
	return *a.Offers, nil
}

// check refuses an offer that lacks a field gpupick needs or holds an
// implausible value.
func (o *VastOffer) check(at string) error {
	if o.ID != nil {
		at += " (id " + strconv.FormatInt(*o.ID, 10) + ")"
	}
	for _, f := range []struct {
		name    string
		missing bool
	}{
		{"id", o.ID == nil}, {"host_id", o.HostID == nil}, {"machine_id", o.MachineID == nil},
		{"gpu_name", o.GPUName == nil}, {"num_gpus", o.NumGPUs == nil}, {"gpu_ram", o.GPURAM == nil},
		{"cpu_cores_effective", o.CPUCoresEffective == nil}, {"cpu_ram", o.CPURAM == nil},
		{"disk_space", o.DiskSpace == nil}, {"dph_base", o.DPHBase == nil}, {"storage_cost", o.StorageCost == nil},
		{"reliability2", o.Reliability == nil}, {"verification", o.Verification == nil},
		{"hosting_type", o.HostingType == nil}, {"inet_up", o.InetUp == nil}, {"inet_down", o.InetDown == nil},
		{"duration", o.Duration == nil},
	} {
		if f.missing {
			return fmt.Errorf("%s: field %s is missing or null (want %s)", at, f.name, vastWant)
		}
	}
	for _, f := range []struct {
		name   string
		v      *float64
		lo, hi float64
	}{
		{"num_gpus", o.NumGPUs, 0, maxSkyCount}, {"gpu_ram", o.GPURAM, 0, maxGPUMiB},
		{"cpu_cores", o.CPUCores, 0, 1e5}, {"cpu_cores_effective", o.CPUCoresEffective, 0, 1e5},
		{"cpu_ram", o.CPURAM, 0, 1e9}, {"disk_space", o.DiskSpace, 0, 1e9},
		{"dph_base", o.DPHBase, 0, maxHourly}, {"min_bid", o.MinBid, 0, maxHourly},
		{"storage_cost", o.StorageCost, 0, 1e4}, {"reliability2", o.Reliability, 0, 1},
		{"hosting_type", o.HostingType, 0, 10}, {"inet_up", o.InetUp, 0, 1e7}, {"inet_down", o.InetDown, 0, 1e7},
		{"duration", o.Duration, 0, 1e11},
	} {
		if f.v == nil {
			continue
		}
		if err := checkLiveNum(at, f.name, *f.v, f.lo, f.hi); err != nil {
			return err
		}
	}
	if _, err := model.ParseHostVerification(*o.Verification); err != nil {
		return fmt.Errorf("%s: field %w (Vast's words)", at, err)
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"id", *o.ID}, {"host_id", *o.HostID}, {"machine_id", *o.MachineID}} {
		if f.v < 1 || f.v > model.MaxHostID {
			return fmt.Errorf("%s: field %s: %d is not an id gpupick keeps (want 1 to %d)", at, f.name, f.v, int64(model.MaxHostID))
		}
	}
	if n := *o.NumGPUs; n != math.Trunc(n) {
		return fmt.Errorf("%s: field num_gpus: %v is not a whole number", at, n)
	}
	if *o.CPUCoresEffective > 0 && o.CPUCores != nil && *o.CPUCores > 0 && *o.CPUCoresEffective > *o.CPUCores {
		return fmt.Errorf("%s: field cpu_cores_effective: %v is more than cpu_cores %v (want the share of the host's cores the offer gets)", at, *o.CPUCoresEffective, *o.CPUCores)
	}
	return nil
}

// vastUpdate posts the search and turns its offers into a batch of the
// provider vast; an offer with no GPU, no CPU count or no price is
// dropped and reported.
func vastUpdate(ctx context.Context, b *Build, in Remote) (*Batch, error) {
	if len(in.Only) > 0 && (len(in.Only) != 1 || in.Only[0] != "vast") {
		return nil, fmt.Errorf("the Vast.ai source has the provider vast only (got %s)", strings.Join(in.Only, ", "))
	}
	body, found, err := in.Post(ctx, vastBundles, vastQuery)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%s: no bundles search here (HTTP 404)", in.URL(vastBundles))
	}
	offers, err := ParseVastBundles(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.URL(vastBundles), err)
	}
	batch := &Batch{Providers: []string{"vast"}}
	dropped := map[string]int{}
	for _, v := range offers {
		o, why := b.ref.vastOffer(v, in)
		if why != "" {
			dropped[why]++
			continue
		}
		batch.Offers = append(batch.Offers, o)
	}
	for _, why := range slices.Sorted(maps.Keys(dropped)) {
		batch.Report = append(batch.Report, fmt.Sprintf("vast: %d offer(s) dropped: %s", dropped[why], why))
	}
	return batch, nil
}

// vastOffer turns one search offer into an offer, or says why it is
// dropped.
func (ref *reference) vastOffer(v VastOffer, in Remote) (model.Offer, string) {
	n := int(*v.NumGPUs)
	switch {
	case n == 0:
		return model.Offer{}, "no GPU (num_gpus 0)"
	case v.CPUCores == nil || *v.CPUCores == 0:
		return model.Offer{}, "no CPU cores (cpu_cores null or 0: the RAM the offer gets is unknown; gpuhunt drops them too)"
	case *v.DPHBase == 0:
		return model.Offer{}, "no price (dph_base 0)"
	}
	name := text.Safe(*v.GPUName)
	o := model.Offer{
		Provider:     "vast",
		InstanceType: fmt.Sprintf("%dx-%s-m%d-o%d", n, strings.ReplaceAll(name, " ", "_"), *v.MachineID, *v.ID),
		GPUCount:     n,
		Currency:     model.USD,
		OnDemand:     *v.DPHBase,
		VCPUs:        *v.CPUCoresEffective,
		// cpu_ram is the host's (MB, the CLI's /1000 GB; the values are
		// MiB-sized, 63745 on a 64 GB host): the offer's share is
		// cores_effective/cores of it (gpuhunt).
		MemoryGiB: math.Floor(*v.CPURAM * *v.CPUCoresEffective / *v.CPUCores / 1024),
	}
	if v.MinBid != nil && *v.MinBid > 0 {
		o.Spot = *v.MinBid
	}
	if v.Geolocation != nil && *v.Geolocation != "" {
		o.Regions = []string{vastRegion(text.Safe(*v.Geolocation))}
	} else {
		o.Regions = []string{}
	}
	liveStamp(&o, in, in.URL(vastBundles))
	perGPU := *v.GPURAM / 1024
	m := ref.gpus.identify(vastGPUName(name), perGPU, nameForm(name))
	o.GPU = m.Name
	o.VRAMGiB = perGPU
	if len(m.Candidates) > 1 {
		if _, ok := ref.ambiguous[o.GPU]; !ok {
			ref.ambiguous[o.GPU] = ref.gpus.ambiguousGPU(m.Candidates)
		}
	}
	if g := ref.gpuFacts(o.GPU); g != nil && g.VRAMGiB > 0 {
		o.VRAMGiB = g.VRAMGiB
	}
	// The host's facts stay numbers (issue 24): MarketHost.Texts words
	// them where they are shown.
	dc := model.No
	if *v.HostingType >= 1 {
		dc = model.Yes // hosting_type >= 1 (SkyPilot's vast_catalog.py, Vast's CLI)
	}
	verification, _ := model.ParseHostVerification(*v.Verification) // check read it
	o.Host = &model.MarketHost{
		// check bounds the ids by model.MaxHostID.
		OfferID: uint32(*v.ID), HostID: uint32(*v.HostID), MachineID: uint32(*v.MachineID),
		ListedAs:             name,
		Verification:         verification,
		Reliability:          float32(*v.Reliability),
		MaxRentalDays:        float32(*v.Duration / 86400),
		InetDownMbps:         float32(*v.InetDown),
		InetUpMbps:           float32(*v.InetUp),
		DiskGB:               float32(*v.DiskSpace),
		StorageUSDPerGBMonth: float32(*v.StorageCost),
		Datacenter:           dc,
	}
	o.Notes = m.Note
	ref.gpuLevelFacts(&o)
	return o, ""
}

// vastGPUName turns Vast's GPU name into the GPU table's form, as
// gpuhunt's get_dstack_gpu_name does: "RTX A6000" -> "A6000", "Tesla V100"
// -> "V100", "A100 SXM4" -> "A100"; others as they are.
func vastGPUName(name string) string {
	name = strings.ReplaceAll(name, "RTX A", "A")
	name = strings.ReplaceAll(name, "Tesla ", "")
	if strings.HasPrefix(name, "A100 ") {
		return "A100"
	}
	if strings.HasPrefix(name, "H100 ") && !strings.Contains(name, "NVL") {
		return "H100"
	}
	return name
}

// vastContinents is the continent code Vast gives each country in its
// "<state or country>, <CC>, <continent>" places (the form SkyPilot's Vast
// catalog writes, fetch_vast.py's georegion search), read from the region
// table's Vast rows.
var vastContinents = lazy.Value[map[string]string]{New: func() map[string]string {
	out := map[string]string{}
	for _, p := range embeddedPlaces {
		parts := strings.Split(p.Region, ", ")
		if p.Provider == "vast" && len(parts) >= 2 && p.Country != "" {
			out[p.Country] = parts[len(parts)-1]
		}
	}
	return out
}}

// vastRegion is a live offer's place in the catalog's (SkyPilot's) form:
// the search answers "<state or city>, <CC>" (gpuhunt's get_location reads
// it so); the continent is added where the region table knows the
// country's. A place of another shape stays as it is.
func vastRegion(geo string) string {
	parts := strings.Split(geo, ", ")
	if len(parts) != 2 || len(parts[1]) != 2 {
		return geo
	}
	if c, ok := vastContinents.Get()[parts[1]]; ok {
		return geo + ", " + c
	}
	return geo
}
