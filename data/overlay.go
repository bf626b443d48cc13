package data

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// The user overlay is a TOML file (--catalog FILE, or catalog.toml in the
// user config dir) that adds private offers and overrides prices and
// discounts:
//
//	[[offer]]                      # a private offer
//	provider = "mylab"
//	instance_type = "8xH100-node"
//	gpu = "H100 SXM5"              # a GPU name or alias ("H100-SXM")
//	gpu_count = 8
//	on_demand_hourly = 16.0        # per hour, whole instance
//	currency = "USD"               # USD (default) or CNY
//	interconnect = "nvswitch"
//
//	[[override]]                   # a negotiated price
//	provider = "aws"
//	instance_type = "p5.*"         # a glob; omit for every offer of the provider
//	discount = 0.30                # 30% off every listed price
//
//	[policy.aws]                   # commitment discounts you were quoted
//	commit_1y = 0.40
//
//	[[place]]                      # where a region of yours lies
//	provider = "mylab"
//	region = "fra-1"
//	country = "DE"                 # ISO 3166-1 alpha-2
//	city = "Frankfurt"             # optional; aliases = ["..."] too
//
// Unknown keys, wrong types and impossible values (a negative price, zero
// GPUs, a discount of 100% or more) are errors that name the file, the line
// and the key.

// overlayFile is the decoded overlay.
type overlayFile struct {
	Offer    []overlayOffer           `toml:"offer"`
	Override []overlayOverride        `toml:"override"`
	Policy   map[string]overlayPolicy `toml:"policy"`
	Place    []overlayPlace           `toml:"place"`
}

// overlayPlace is one [[place]]: where a region of the user's offers
// lies, so that a region group or country finds it.
type overlayPlace struct {
	Provider providerKey `toml:"provider"`
	Region   nonEmpty    `toml:"region"`
	Country  countryCode `toml:"country"`
	City     string      `toml:"city"`
	Aliases  []string    `toml:"aliases"`
}

// countryCode is an ISO 3166-1 alpha-2 code, upper-cased.
type countryCode string

func (c *countryCode) UnmarshalText(b []byte) error {
	s := strings.ToUpper(strings.TrimSpace(string(b)))
	if !countryRe.Get().MatchString(s) {
		return fmt.Errorf("%q is not a country code (ISO 3166-1 alpha-2, e.g. DE)", b)
	}
	*c = countryCode(s)
	return nil
}

// overlayOffer is one [[offer]].
type overlayOffer struct {
	Provider     providerKey  `toml:"provider"`
	InstanceType instanceName `toml:"instance_type"`
	GPU          string       `toml:"gpu"`
	GPUCount     gpuCount     `toml:"gpu_count"`
	VRAMGiB      vramSize     `toml:"vram_gib"`
	VCPUs        vcpuCount    `toml:"vcpus"`
	MemoryGiB    memorySize   `toml:"memory_gib"`
	Currency     currency     `toml:"currency"`
	OnDemand     hourly       `toml:"on_demand_hourly"`
	Spot         hourly       `toml:"spot_hourly"`
	overlayPlans
	Regions      []string   `toml:"regions"`
	Interconnect interconn  `toml:"interconnect"`
	VCPUType     vcpuType   `toml:"vcpu_type"`
	RDMA         model.Tri  `toml:"rdma"`
	Hyperthread  model.Tri  `toml:"vcpu_hyperthread"`
	FormFactor   formFactor `toml:"form_factor"`
	LocalNVMe    string     `toml:"local_nvme"`
	Marketplace  bool       `toml:"marketplace"`
	Sources      []string   `toml:"sources"`
	Notes        string     `toml:"notes"`
}

// detail is the detail of the offer: its plan prices, form factor and
// local disks.
func (in *overlayOffer) detail() model.OfferDetail {
	d := model.OfferDetail{FormFactor: string(in.FormFactor), LocalNVMe: in.LocalNVMe}
	for l, v := range in.prices() {
		*model.ListedPlans[l].Of(&d) = v
	}
	return d
}

// overlayOverride is one [[override]].
type overlayOverride struct {
	Provider     providerKey `toml:"provider"`
	InstanceType string      `toml:"instance_type"`
	GPU          string      `toml:"gpu"`
	Discount     fraction    `toml:"discount"`
	OnDemand     hourly      `toml:"on_demand_hourly"`
	Spot         hourly      `toml:"spot_hourly"`
	overlayPlans
	Note string `toml:"note"`
}

// overlayPlans are the listed plans' prices (model.ListedPlans) an
// [[offer]] or [[override]] may set, each under its plan's key and
// bounded for its period.
type overlayPlans struct {
	Monthly monthly `toml:"monthly"`
	Yearly  yearly  `toml:"yearly"`
}

// prices are the plan prices set (0: not set), by plan.
func (p *overlayPlans) prices() (out [model.NumListedPlans]float64) {
	out[model.PlanMonthly], out[model.PlanYearly] = float64(p.Monthly), float64(p.Yearly)
	return out
}

// anySet reports whether a plan price is set.
func (p *overlayPlans) anySet() bool { return p.prices() != [model.NumListedPlans]float64{} }

// overlayPolicy is one [policy.<provider>] table.
type overlayPolicy struct {
	Commit1y        fraction `toml:"commit_1y"`
	Commit3y        fraction `toml:"commit_3y"`
	CommitMax       fraction `toml:"commit_max"`
	CommitMonthly   fraction `toml:"commit_monthly"`
	SpotDiscountMax fraction `toml:"spot_discount_max"`
	Note            string   `toml:"note"`
}

// Value types that check themselves while decoding, so that the decoder
// reports the line and key of a bad value.

// Prices and sizes are finite numbers from 0 up to a bound far above any
// real offer (the dearest instance costs a few hundred dollars, or a few
// thousand yuan, an hour); a value past it is a typo, not a price.
const (
	maxOverlayHourly  = 1e5
	maxOverlayMonthly = 1e8
	maxOverlayYearly  = 1e9
	maxOverlayVRAM    = 4096 // GiB per GPU
	maxOverlayMemory  = 1e6  // GiB per instance
	maxOverlayVCPUs   = 1e5  // per instance
)

// inRange parses a number of an overlay into dst: finite and from 0 to max.
// want says what the key holds, for the error ("an hourly price").
func inRange(dst *float64, b []byte, max float64, want string) error {
	accepted := fmt.Sprintf("want %s from 0 to %s", want, model.FormatNumber(max))
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%q is not a number: %s", b, accepted)
	}
	if v < 0 || v > max {
		return fmt.Errorf("%s is out of range: %s", model.FormatNumber(v), accepted)
	}
	*dst = v
	return nil
}

// hourly is a price per hour for the whole instance.
type hourly float64

func (a *hourly) UnmarshalText(b []byte) error {
	return inRange((*float64)(a), b, maxOverlayHourly, "a price per hour (whole instance)")
}

// monthly is a price per month.
type monthly float64

func (a *monthly) UnmarshalText(b []byte) error {
	return inRange((*float64)(a), b, maxOverlayMonthly, "a price per month")
}

// yearly is a price per year.
type yearly float64

func (a *yearly) UnmarshalText(b []byte) error {
	return inRange((*float64)(a), b, maxOverlayYearly, "a price per year")
}

// vramSize is the memory of one GPU in GiB.
type vramSize float64

func (a *vramSize) UnmarshalText(b []byte) error {
	return inRange((*float64)(a), b, maxOverlayVRAM, "GiB per GPU")
}

// memorySize is an instance's memory in GiB.
type memorySize float64

func (a *memorySize) UnmarshalText(b []byte) error {
	return inRange((*float64)(a), b, maxOverlayMemory, "GiB")
}

// vcpuCount is an instance's vCPUs.
type vcpuCount float64

func (a *vcpuCount) UnmarshalText(b []byte) error {
	return inRange((*float64)(a), b, maxOverlayVCPUs, "a vCPU count")
}

// fraction is a discount: at least 0 and below 1 (0.3 = 30% off).
type fraction float64

func (f *fraction) UnmarshalText(b []byte) error {
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%q is not a number (want a fraction such as 0.3 for 30%% off)", b)
	}
	if v < 0 || v >= 1 {
		return fmt.Errorf("%v is not a discount: want at least 0 and below 1 (0.3 = 30%% off)", v)
	}
	*f = fraction(v)
	return nil
}

// gpuCount is a whole number of GPUs, 1 or more.
type gpuCount int

func (g *gpuCount) UnmarshalText(b []byte) error {
	v, err := strconv.Atoi(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a whole number of GPUs", b)
	}
	if v < 1 || v > maxSkyCount {
		return fmt.Errorf("%d GPUs: want 1 to %d", v, maxSkyCount)
	}
	*g = gpuCount(v)
	return nil
}

// providerKey is a lower-case provider key.
type providerKey string

func (p *providerKey) UnmarshalText(b []byte) error {
	s := string(b)
	if s == "" || s != strings.ToLower(s) || strings.ContainsAny(s, " /\t") || text.Safe(s) != s {
		return fmt.Errorf("%q is not a provider key (lower case, no spaces, e.g. aws)", s)
	}
	*p = providerKey(s)
	return nil
}

// nonEmpty is a required string.
type nonEmpty string

func (n *nonEmpty) UnmarshalText(b []byte) error {
	if strings.TrimSpace(string(b)) == "" {
		return errors.New("must not be empty")
	}
	*n = nonEmpty(b)
	return nil
}

// currency is USD or CNY.
type currency model.Currency

func (c *currency) UnmarshalText(b []byte) error {
	v, err := model.ParseCurrency(string(b))
	if err != nil {
		return fmt.Errorf("%q: want USD or CNY", b)
	}
	*c = currency(v)
	return nil
}

// interconn is an Interconnect value.
type interconn model.Interconnect

func (i *interconn) UnmarshalText(b []byte) error {
	switch v := model.Interconnect(b); v {
	case model.InterconnectNVSwitch, model.InterconnectNVLink, model.InterconnectPCIe, model.InterconnectSingle,
		model.InterconnectInfinityFabric, model.InterconnectUnknown:
		*i = interconn(v)
		return nil
	}
	return fmt.Errorf("%q: want nvswitch, nvlink, infinity-fabric, pcie or single", b)
}

// vcpuType is a VCPUType value.
type vcpuType model.VCPUType

func (t *vcpuType) UnmarshalText(b []byte) error {
	switch v := model.VCPUType(b); v {
	case model.VCPUDedicated, model.VCPUShared, model.VCPUBurstable, model.VCPUContainer, model.VCPUMarketplace, model.VCPUGPUFraction, model.VCPUUnknown:
		*t = vcpuType(v)
		return nil
	}
	return fmt.Errorf("%q: want dedicated, shared, burstable, container, marketplace or gpu-fraction", b)
}

// formFactor is SXM, PCIe or other.
type formFactor string

func (f *formFactor) UnmarshalText(b []byte) error {
	switch s := string(b); s {
	case "SXM", "PCIe", "other", "":
		*f = formFactor(s)
		return nil
	}
	return fmt.Errorf("%q: want SXM, PCIe or other", b)
}

// maxOverlayBytes bounds an overlay file.
const maxOverlayBytes = 1 << 20

// ApplyOverlay applies an overlay (the TOML text b, read from path) to a
// catalog: it adds its offers, overrides prices and policy discounts, marks
// Info (Origin "+overlay", Overlay path) and checks the result. Errors name
// the file, the line and the key.
func ApplyOverlay(cat *model.Catalog, path string, b []byte) error {
	ov, err := decodeOverlay(path, b)
	if err != nil {
		return err
	}
	lines := tomlLines(b)
	src := "user overlay " + path
	gpus := newGPUIndex(gpuList(cat))
	keys := make(map[string]string, len(cat.Offers))
	for i := range cat.Offers {
		keys[offerName(&cat.Offers[i])] = cat.Offers[i].Key()
	}
	for i, in := range ov.Offer {
		at := func(key string) string {
			return fmt.Sprintf("%s:%d: [[offer]] #%d", path, lines.line("offer", i, key), i+1)
		}
		switch {
		case in.Provider == "":
			return fmt.Errorf("%s: key \"provider\" is missing (a provider key such as mylab)", at(""))
		case in.InstanceType == "":
			return fmt.Errorf("%s: key \"instance_type\" is missing", at(""))
		case in.GPUCount == 0:
			return fmt.Errorf("%s: key \"gpu_count\" is missing (the number of GPUs, 1 or more)", at(""))
		case in.OnDemand == 0 && !in.anySet():
			return fmt.Errorf("%s: no price: set on_demand_hourly (per hour, whole instance), monthly or yearly", at(""))
		case in.Spot > 0 && in.OnDemand > 0 && in.Spot > in.OnDemand:
			return fmt.Errorf("%s: key \"spot_hourly\": %v is above on_demand_hourly %v", at("spot_hourly"), in.Spot, in.OnDemand)
		}
		o := model.Offer{
			Provider: string(in.Provider), InstanceType: string(in.InstanceType), GPUCount: int(in.GPUCount),
			VRAMGiB: float64(in.VRAMGiB), VCPUs: float64(in.VCPUs), MemoryGiB: float64(in.MemoryGiB),
			Currency: model.Currency(in.Currency), OnDemand: float64(in.OnDemand), Spot: float64(in.Spot),
			Regions:      in.Regions,
			Interconnect: model.Interconnect(in.Interconnect), VCPUType: model.VCPUType(in.VCPUType),
			RDMA: in.RDMA, Hyperthreaded: in.Hyperthread, Marketplace: in.Marketplace,
			Origin:  model.OriginOverlayOffer,
			Sources: append(append([]string(nil), in.Sources...), src),
			Notes:   in.Notes,
		}.WithDetail(in.detail())
		if o.Currency == "" {
			o.Currency = model.USD
		}
		if o.Regions == nil {
			o.Regions = []string{}
		}
		if in.GPU != "" {
			m := gpus.identify(in.GPU, o.VRAMGiB, nameForm(in.GPU))
			switch {
			case m.Name == "":
				return fmt.Errorf("%s: key \"gpu\": %q is not a GPU gpupick knows (use a name from 'gpupick catalog list', or leave gpu out and give vram_gib)", at("gpu"), in.GPU)
			case len(m.Candidates) > 1:
				return fmt.Errorf("%s: key \"gpu\": %q is ambiguous (%s): name the variant or give vram_gib", at("gpu"), in.GPU, strings.Join(m.Candidates, ", "))
			}
			o.GPU = m.Name
			if o.VRAMGiB == 0 {
				o.VRAMGiB = cat.GPUs[m.Name].VRAMGiB
			}
		} else if o.VRAMGiB == 0 {
			return fmt.Errorf("%s: give gpu (a GPU name) or vram_gib (memory per GPU)", at(""))
		}
		if o.GPUCount == 1 && o.Interconnect == model.InterconnectUnknown {
			o.Interconnect = model.InterconnectSingle
		}
		if g, ok := cat.GPUs[o.GPU]; ok && g.NVLink == model.No && o.Interconnect.HasNVLink() {
			return fmt.Errorf("%s: key \"interconnect\": %s, but the %s has no NVLink", at("interconnect"), o.Interconnect, o.GPU)
		}
		if had, dup := keys[offerName(&o)]; dup {
			if had != o.Key() {
				return fmt.Errorf("%s: %s is already in the catalog as %s (names compare without case; change its price with [[override]])", at("instance_type"), o.Key(), had)
			}
			return fmt.Errorf("%s: %s is already in the catalog (change its price with [[override]])", at("instance_type"), o.Key())
		}
		keys[offerName(&o)] = o.Key()
		cat.Offers = append(cat.Offers, o)
		if _, ok := cat.Policies[o.Provider]; !ok {
			if cat.Policies == nil {
				cat.Policies = map[string]model.Policy{}
			}
			cat.Policies[o.Provider] = model.Policy{Provider: o.Provider, Name: o.Provider, Currency: o.Currency, Sources: []string{src}}
		}
	}
	providers := providerNames(cat)
	if err := applyOverlayOverrides(cat, ov.Override, providers, path, lines, src); err != nil {
		return err
	}
	for prov, p := range ov.Policy {
		var pk providerKey
		if err := pk.UnmarshalText([]byte(prov)); err != nil {
			return fmt.Errorf("%s:%d: [policy.%s]: %v", path, lines.table("policy."+prov), prov, err)
		}
		if !slices.Contains(providers, prov) {
			return fmt.Errorf("%s:%d: [policy.%s]: %w", path, lines.table("policy."+prov), prov, unknownProvider(cat, prov))
		}
		pol, ok := cat.Policies[prov]
		if !ok {
			pol = model.Policy{Provider: prov, Name: prov, Sources: []string{}}
		}
		set := func(dst *model.Discount, f fraction) {
			if f > 0 {
				*dst = model.Discount{Fraction: float64(f), Note: joinNonEmpty(" ", "from the user overlay.", p.Note), Source: src}
			}
		}
		set(&pol.Commit1y, p.Commit1y)
		set(&pol.Commit3y, p.Commit3y)
		set(&pol.CommitMax, p.CommitMax)
		set(&pol.CommitMonthly, p.CommitMonthly)
		set(&pol.SpotDiscountMax, p.SpotDiscountMax)
		pol.Sources = append(pol.Sources, src)
		if cat.Policies == nil {
			cat.Policies = map[string]model.Policy{}
		}
		cat.Policies[prov] = pol
	}
	if err := applyOverlayPlaces(cat, ov.Place, path, lines); err != nil {
		return err
	}
	sortOffers(cat.Offers)
	if cat.Info.Origin == "" {
		cat.Info.Origin = originEmbedded
	}
	if !strings.HasSuffix(cat.Info.Origin, "+overlay") {
		cat.Info.Origin += "+overlay"
	}
	cat.Info.Overlay = path
	if err := Validate(cat); err != nil {
		return fmt.Errorf("%s: the catalog with this overlay is not valid: %w", path, err)
	}
	return nil
}

// applyOverlayPlaces adds the overlay's [[place]] rows to the region
// table, stated by the user (confidence "user", the overlay its source):
// a region the table lacks, or one whose location the table leaves
// unknown; never one the table locates.
func applyOverlayPlaces(cat *model.Catalog, places []overlayPlace, path string, lines tomlIndex) error {
	if len(places) == 0 {
		return nil
	}
	at := make(map[string]int, len(cat.Places))
	names := map[string]string{} // country code -> the table's name of it
	for i := range cat.Places {
		p := &cat.Places[i]
		at[placeKey(p.Provider, p.Region)] = i
		if p.Country != "" && p.CountryName != "" {
			names[p.Country] = p.CountryName
		}
	}
	src := "user overlay " + path
	for i, in := range places {
		where := func(key string) string {
			return fmt.Sprintf("%s:%d: [[place]] #%d", path, lines.line("place", i, key), i+1)
		}
		switch {
		case in.Provider == "":
			return fmt.Errorf("%s: key \"provider\" is missing (the provider key of the offers in this region)", where(""))
		case in.Region == "":
			return fmt.Errorf("%s: key \"region\" is missing (the region name the offers carry)", where(""))
		case in.Country == "":
			return fmt.Errorf("%s: key \"country\" is missing (an ISO country code such as DE)", where(""))
		}
		p := model.Place{Provider: string(in.Provider), Region: strings.TrimSpace(string(in.Region)), Country: string(in.Country),
			CountryName: names[string(in.Country)], City: in.City, Aliases: in.Aliases, Confidence: confUser, Source: src}
		if err := checkPlace(&p); err != nil {
			return fmt.Errorf("%s: %v", where(""), err)
		}
		k := placeKey(p.Provider, p.Region)
		if j, ok := at[k]; ok {
			if old := &cat.Places[j]; old.Country != "" {
				return fmt.Errorf("%s: %s %s is already in the region table, in %s (%s); an overlay locates only a region the table lacks or leaves unknown",
					where("region"), p.Provider, p.Region, old.Country, old.Source)
			}
			cat.Places[j] = p
			continue
		}
		at[k] = len(cat.Places)
		cat.Places = append(cat.Places, p)
	}
	sortPlaces(cat.Places)
	return nil
}

// GPUNameMatches reports whether the GPU named gpu (a key of cat.GPUs, or
// a synthetic "A or B" name) is the one a user asked for: the query equals
// the GPU's name or one of its aliases, or a run of words of the name, with
// case and punctuation ignored. "H100" matches "H100 SXM5", "4090" matches
// "GeForce RTX 4090", "A6000" matches "RTX A6000"; "A10" does not match
// "A100-80GB PCIe".
func GPUNameMatches(cat *model.Catalog, gpu, query string) bool {
	q := aliasKey(query)
	if gpu == "" || q == "" {
		return false
	}
	for _, n := range strings.Split(gpu, " or ") {
		if g, ok := cat.GPUs[n]; ok {
			for _, a := range g.Aliases {
				if aliasKey(a) == q {
					return true
				}
			}
		}
		words := strings.FieldsFunc(n, func(r rune) bool { return r == ' ' || r == '-' || r == '(' || r == ')' || r == ',' })
		for i := range words {
			for j := i + 1; j <= len(words); j++ {
				if aliasKey(strings.Join(words[i:j], "")) == q {
					return true
				}
			}
		}
	}
	return false
}

// applyOverride sets or discounts an offer's prices, and marks a public
// offer's price as the overlay's (an offer the overlay added stays one).
func applyOverride(o *model.Offer, ovr overlayOverride, src string) {
	if o.Origin == model.OriginPublic {
		o.Origin = model.OriginOverlayPrice
	}
	var what []string
	det := o.EditDetail() // the one copy every price below is written in
	if d := float64(ovr.Discount); d > 0 {
		for _, p := range []*float64{&o.OnDemand, &det.OnDemandMax, &o.Spot, &det.SpotMax} {
			*p = roundPrice(*p * (1 - d))
		}
		for l := range model.ListedPlans {
			p := model.ListedPlans[l].Of(det)
			*p = roundPrice(*p * (1 - d))
		}
		what = append(what, fmt.Sprintf("%s%% off every listed price", model.FormatNumber(d*100)))
	}
	set := func(dst, max *float64, v float64, name string) {
		if v > 0 {
			*dst = float64(v)
			if max != nil {
				*max = 0
			}
			what = append(what, name+" set to "+model.FormatNumber(float64(v)))
		}
	}
	set(&o.OnDemand, &det.OnDemandMax, float64(ovr.OnDemand), "on-demand")
	set(&o.Spot, &det.SpotMax, float64(ovr.Spot), "spot")
	for l, v := range ovr.prices() {
		set(model.ListedPlans[l].Of(det), nil, v, model.ListedPlans[l].Key)
	}
	note := "user overlay: " + strings.Join(what, ", ")
	if ovr.Note != "" {
		note += " (" + ovr.Note + ")"
	}
	det.PriceNote = joinNonEmpty("; ", note, det.PriceNote)
	o.Sources = append(o.Sources, src)
}

// gpuList returns a catalog's GPUs, synthetic ones left out.
func gpuList(cat *model.Catalog) []model.GPU {
	out := make([]model.GPU, 0, len(cat.GPUs))
	for _, g := range cat.GPUs {
		if !isSynthetic(g) {
			out = append(out, g)
		}
	}
	return out
}

// decodeOverlay decodes and checks the TOML syntax, types and keys.
func decodeOverlay(path string, b []byte) (*overlayFile, error) {
	if len(b) > maxOverlayBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxOverlayBytes)
	}
	if err := checkTOMLShape(path, b, overlayLimits); err != nil {
		return nil, err
	}
	var ov overlayFile
	md, err := toml.NewDecoder(bytes.NewReader(b)).Decode(&ov)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			if kind := tableLike(b); kind != "" {
				return nil, fmt.Errorf("%s:%d: %s: an overlay is TOML ([[offer]] tables of key = value lines, as the README shows); to add a provider's price list, use gpupick catalog import", path, pe.Position.Line, kind)
			}
			msg := pe.Message
			if pe.LastKey != "" {
				msg = fmt.Sprintf("key %q: %s", lastKeyName(pe.LastKey), msg)
			}
			return nil, fmt.Errorf("%s:%d: %s", path, pe.Position.Line, msg)
		}
		if m := typeErrRe.Get().FindStringSubmatch(err.Error()); m != nil {
			return nil, fmt.Errorf("%s:%s: key %q: %s", path, m[1], lastKeyName(m[2]), typeHint(m[2], strings.TrimPrefix(m[3], "incompatible types: ")))
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return nil, fmt.Errorf("%s:%d: unknown key %q (known: [[offer]], [[override]], [[place]] and [policy.<provider>] with the keys the README lists)", path, keyLine(b, k), k.String())
	}
	cleanStrings(&ov) // names and notes reach the terminal
	return &ov, nil
}

// lastKeyName is the key path as the user wrote it ("offer.gpu_count").
func lastKeyName(k string) string { return k }

// tomlIndex maps the tables and keys of a simple TOML file to their lines:
// "offer#2.gpu_count" is the key gpu_count of the third [[offer]].
type tomlIndex map[string]int

// tomlLines indexes table headers, array-of-table entries and keys.
func tomlLines(b []byte) tomlIndex {
	idx := tomlIndex{}
	counts := map[string]int{}
	table := ""
	for i, raw := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(raw)
		if j := strings.IndexByte(t, '#'); j == 0 {
			continue
		}
		switch {
		case strings.HasPrefix(t, "[["):
			name := strings.TrimSpace(strings.Trim(strings.SplitN(t, "]]", 2)[0], "[ "))
			table = fmt.Sprintf("%s#%d", name, counts[name])
			counts[name]++
			idx[table] = i + 1
		case strings.HasPrefix(t, "["):
			table = strings.TrimSpace(strings.Trim(strings.SplitN(t, "]", 2)[0], "[ "))
			idx[table] = i + 1
		default:
			if eq := strings.IndexByte(t, '='); eq > 0 {
				key := strings.Trim(strings.TrimSpace(t[:eq]), `"'`)
				if _, seen := idx[table+"."+key]; !seen {
					idx[table+"."+key] = i + 1
				}
			}
		}
	}
	return idx
}

// line returns the line of key in the n-th [[name]] (the entry's header
// line when the key is not there, 1 when nothing is known).
func (x tomlIndex) line(name string, n int, key string) int {
	t := fmt.Sprintf("%s#%d", name, n)
	if l, ok := x[t+"."+key]; ok && key != "" {
		return l
	}
	if l, ok := x[t]; ok {
		return l
	}
	return 1
}

// table returns the line of a [table] header (1 when unknown).
func (x tomlIndex) table(name string) int {
	if l, ok := x[name]; ok {
		return l
	}
	return 1
}
