package data

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// reference is what turning rows into offers needs besides the rows: the
// GPU table, the instance families and the researched offer facts. It
// collects the synthetic GPU entries of offers whose GPU variant the source
// does not state.
type reference struct {
	gpus      *gpuIndex
	families  []familyRule
	facts     []factRule
	links     gpuLinks // facts/gpu_links.csv by GPU and board size
	ambiguous map[string]model.GPU
	// tencentZones are Tencent's zones by Chinese name
	// (cn/2026-12-01/tencent_regions.csv), for the CN offers' regions.
	tencentZones map[string]tencentZone
	// placeCountry is the region table's country of each region
	// (placeKey), for prices the source states for one country only.
	placeCountry map[string]string
	// cnFamilies are Alibaba's GPU instance types by name
	// (cn/2026-12-01/alibaba_families.csv), completing the CN price
	// sheet's rows (cnComplete); nil outside the embedded build.
	cnFamilies map[string]cnFamily
	// cnPlans are Alibaba's pay-as-you-go and monthly prices of cn_prices.csv, added
	// to the sheet's rows (cnAddPlanPrices); nil outside the embedded build.
	cnPlans []cnPlanPrice
}

// newReference bundles the reference tables.
func newReference(gpus []model.GPU, families []familyRule, facts []factRule) *reference {
	return &reference{gpus: newGPUIndex(gpus), families: families, facts: facts, ambiguous: map[string]model.GPU{}}
}

// skySource says where one cloud's rows came from.
type skySource struct {
	URL       string // the file's URL or path
	PriceNote string // caveat on the whole file's prices ("" if none)
	Date      string // YYYY-MM-DD the prices were read
	// DateNote says why Date is empty: the file's own date is unknown.
	DateNote string
}

// nameForm reads a form-factor hint from names: "SXM" when one of them
// says SXM, "PCIe" when one says PCI(e), else "".
func nameForm(names ...string) string {
	l := strings.ToLower(strings.Join(names, " "))
	switch {
	case strings.Contains(l, "sxm"):
		return "SXM"
	case strings.Contains(l, "pci"):
		return "PCIe"
	}
	return ""
}

// skyGroup is the items of one offer.
type skyGroup struct {
	items  []skyItem
	match  gpuMatch
	family *familyRule
}

// foldSky folds one cloud's cleaned items into offers: items of the same
// instance type, GPU and GPU count that differ only by zone or region become
// one offer with all its regions and the price range.
func (ref *reference) foldSky(cloud string, items []skyItem, src skySource) []model.Offer {
	groups := map[string]*skyGroup{}
	var keys []string
	for _, it := range items {
		fam := matchFamily(ref.families, cloud, it.InstanceType, it.Accel, it.Count)
		mem := it.MemGiB
		if mem == 0 && fam != nil {
			mem = fam.statedMemGiB()
		}
		form := nameForm(it.Accel, it.GPUInfoName, it.InstanceType)
		if form == "" && fam != nil {
			form = formClass(fam.Form)
		}
		if form == "" {
			form = ref.factForm(cloud, it)
		}
		var m gpuMatch
		if it.Accel != "" {
			m = ref.gpus.identify(it.Accel, mem, form)
		}
		key := fmt.Sprintf("%s\x00%s\x00%d\x00%g", it.InstanceType, m.Name, it.Count, it.Fraction)
		g, ok := groups[key]
		if !ok {
			g = &skyGroup{match: m, family: fam}
			groups[key] = g
			keys = append(keys, key)
		}
		g.items = append(g.items, it)
	}
	sort.Strings(keys)
	offers := make([]model.Offer, 0, len(keys))
	for _, k := range keys {
		offers = append(offers, ref.offerOf(cloud, groups[k], src))
	}
	disambiguate(offers)
	return offers
}

// disambiguate makes instance types unique within a provider: when one
// name covers offers with different GPUs (Vast's A100 40 GB and 80 GB under
// one name) or counts, the GPU (or count) is added in brackets.
func disambiguate(offers []model.Offer) {
	n := map[string]int{}
	for i := range offers {
		n[offers[i].InstanceType]++
	}
	for i := range offers {
		o := &offers[i]
		if n[o.InstanceType] < 2 {
			continue
		}
		tag := o.GPU
		if tag == "" {
			tag = "unknown GPU"
		}
		o.Notes = joinNonEmpty("; ", fmt.Sprintf("the source lists several configurations under %q: this one is told apart by its GPU", o.InstanceType), o.Notes)
		o.InstanceType = fmt.Sprintf("%s [%s x%d]", o.InstanceType, tag, o.GPUCount)
	}
}

// offerOf builds one offer from a group of items.
func (ref *reference) offerOf(cloud string, g *skyGroup, src skySource) model.Offer {
	first := g.items[0]
	o := model.Offer{
		Provider:     cloud,
		InstanceType: first.InstanceType,
		GPU:          g.match.Name,
		GPUCount:     first.Count,
		Currency:     model.USD,
		PriceDate:    src.Date,
	}
	// d is the offer's own detail for the steps below, up to applyFamily
	// (which takes its own copy): one copy, not one a field written.
	d := o.EditDetail()
	d.PriceDateNote, d.PriceNote = src.DateNote, src.PriceNote
	if first.Fraction > 0 {
		o.GPUFraction = first.Fraction
	}
	var notes noteList
	if first.Accel != "" {
		listed := "listed as " + first.Accel
		if first.GPUInfoName != "" && first.GPUInfoName != first.Accel {
			listed += " (" + first.GPUInfoName + ")"
		}
		notes.add(listed)
	} else {
		notes.add("the source names no accelerator for this instance type: GPU and GPU count unknown")
	}
	notes.add(g.match.Note)
	if len(g.match.Candidates) > 1 {
		if _, ok := ref.ambiguous[o.GPU]; !ok {
			ref.ambiguous[o.GPU] = ref.gpus.ambiguousGPU(g.match.Candidates)
		}
	}

	// Regions, prices and host specs over the folded rows.
	rows := newRowFold()
	for _, it := range g.items {
		for _, n := range it.Notes {
			if n != "no on-demand price in the source (unknown)" {
				notes.add(n)
			}
		}
		rows.add(&o, d, it)
	}
	rows.finish(&o, d, &notes)

	// Per-GPU memory: the source's, else the GPU table's, else the family's.
	gpu := ref.gpuFacts(o.GPU)
	switch {
	case rows.memGiB > 0:
		o.VRAMGiB = rows.memGiB
	case gpu != nil && gpu.VRAMGiB > 0:
		o.VRAMGiB = gpu.VRAMGiB
		notes.add("per-GPU memory is 0 or missing in the source: taken from the GPU table")
	case g.family != nil && g.family.statedMemGiB() > 0:
		o.VRAMGiB = g.family.statedMemGiB()
		notes.add("per-GPU memory from the provider's instance-family docs")
	}

	o.Sources = []string{src.URL}
	if f := g.family; f != nil {
		ref.applyFamily(&o, f, first)
		o.Sources = append(o.Sources, f.Sources...)
		notes.add(f.Notes)
	}
	applyFacts(&o, ref.facts, first.Accel, notes.add)
	ref.gpuLevelFacts(&o)
	if o.VCPUType == model.VCPUMarketplace {
		o.Marketplace = true
	}
	if first.Arch != "" && first.Arch != "x86_64" {
		notes.add("CPU architecture " + first.Arch)
	}
	o.Sources = uniqKeepOrder(o.Sources)
	o.Notes = strings.Join(notes, "; ")
	return o
}

// noteList is an offer's notes in the order they were added, each once.
type noteList []string

// add adds a note unless it is empty or there already.
func (l *noteList) add(s string) {
	if s == "" || slices.Contains(*l, s) {
		return
	}
	*l = append(*l, s)
}

// rowFold gathers what the rows of one offer say about its regions,
// prices and host, row by row (add), into the offer (finish).
type rowFold struct {
	regions    map[string]bool
	noPrice    []string // regions listed without an on-demand price
	vcpus, mem map[float64]bool
	priced     map[string]bool    // places with an on-demand price
	spotZones  map[string]float64 // the lowest spot price by zone
	// odRegions and zones are where the offer is listed, for on-demand
	// (by region) and spot (by zone) prices; odPrices the lowest
	// on-demand price by region.
	odRegions, zones map[string]bool
	odPrices         map[string]float64
	memGiB           float64 // the least per-GPU memory a row states
}

func newRowFold() *rowFold {
	return &rowFold{regions: map[string]bool{}, vcpus: map[float64]bool{}, mem: map[float64]bool{},
		priced: map[string]bool{}, spotZones: map[string]float64{},
		odRegions: map[string]bool{}, zones: map[string]bool{}, odPrices: map[string]float64{}}
}

// pricePlaces are where a row's prices apply: where, the zone, named
// after its region when the zone's name does not start with it (AWS zone
// IDs such as use1-az6 become us-east-1/use1-az6, so --region prefixes
// match); and reg, the region on-demand prices are set per (the zone only
// where the source gives no region).
func pricePlaces(it skyItem) (where, reg string) {
	where = it.Zone
	switch {
	case where == "":
		where = it.Region
	case it.Region != "" && !strings.HasPrefix(where, it.Region):
		where = it.Region + "/" + where
	}
	reg = it.Region
	if reg == "" {
		reg = where
	}
	return where, reg
}

// add folds one row into the offer's lowest and highest prices and the
// fold's tables.
func (f *rowFold) add(o *model.Offer, d *model.OfferDetail, it skyItem) {
	if it.Region != "" {
		f.regions[it.Region] = true
	}
	where, reg := pricePlaces(it)
	if reg != "" {
		f.odRegions[reg] = true
	}
	if where != "" {
		f.zones[where] = true
	}
	if it.Price > 0 {
		if reg != "" {
			f.odPrices[reg] = minPos(f.odPrices[reg], it.Price)
		}
		if o.OnDemand == 0 || it.Price < o.OnDemand || it.Price == o.OnDemand && reg < d.OnDemandRegion {
			d.OnDemandRegion = reg
		}
		if where != "" && !f.priced[where] {
			f.priced[where] = true
			d.PricedZones++
		}
		o.OnDemand = minPos(o.OnDemand, it.Price)
		d.OnDemandMax = max(d.OnDemandMax, it.Price)
	} else if it.Region != "" {
		f.noPrice = append(f.noPrice, it.Region)
	}
	if it.Spot > 0 {
		if where != "" {
			f.spotZones[where] = minPos(f.spotZones[where], it.Spot)
		}
		o.Spot = minPos(o.Spot, it.Spot)
		d.SpotMax = max(d.SpotMax, it.Spot)
	}
	if it.VCPUs > 0 {
		f.vcpus[it.VCPUs] = true
	}
	if it.MemoryGiB > 0 {
		f.mem[it.MemoryGiB] = true
	}
	if it.MemGiB > 0 && (f.memGiB == 0 || it.MemGiB < f.memGiB) {
		f.memGiB = it.MemGiB
	}
}

// finish sets the offer's regions, its prices place by place, its price
// notes and its host size from the folded rows.
func (f *rowFold) finish(o *model.Offer, d *model.OfferDetail, notes *noteList) {
	for r := range f.regions {
		o.Regions = append(o.Regions, r)
	}
	sort.Strings(o.Regions)
	if o.Regions == nil {
		o.Regions = []string{}
		notes.add("the source gives no region")
	}
	if d.OnDemandMax == o.OnDemand {
		d.OnDemandMax = 0
	}
	if d.SpotMax == o.Spot {
		d.SpotMax = 0
	}
	// The prices place by place where they are not one price in every
	// region (zone) the offer is listed in: a place with none must not
	// take another's.
	if !onePriceEverywhere(slices.Sorted(maps.Keys(f.odRegions)), f.odPrices) {
		d.OnDemandZones = zonePrices(f.odPrices)
	}
	if !onePriceEverywhere(slices.Sorted(maps.Keys(f.zones)), f.spotZones) {
		d.SpotZones = zonePrices(f.spotZones)
	}
	if o.OnDemand == 0 {
		notes.add("no on-demand price in the source (unknown)")
	} else if len(f.noPrice) > 0 {
		sort.Strings(f.noPrice)
		d.PriceNote = joinNonEmpty("; ", d.PriceNote, "no price in "+strings.Join(uniqStrings(f.noPrice), ", "))
	}
	o.VCPUs = minKey(f.vcpus)
	o.MemoryGiB = minKey(f.mem)
	if len(f.vcpus) > 1 || len(f.mem) > 1 {
		notes.add(fmt.Sprintf("vCPUs / RAM differ by region in the source (vCPUs %s, RAM %s GiB): the smallest is shown", keysText(f.vcpus), keysText(f.mem)))
	}
}

// factForm is the form factor an offer fact states (or infers) for an
// item whose name and instance family say none: it tells GPU variants
// apart the way a name that says SXM does ("" when no fact applies).
func (ref *reference) factForm(cloud string, it skyItem) string {
	probe := model.Offer{Provider: cloud, InstanceType: it.InstanceType, GPUCount: it.Count}
	for i := range ref.facts {
		f := &ref.facts[i]
		if f.Field == "form_factor" && f.matches(&probe, it.Accel) {
			return f.Value
		}
	}
	return ""
}

// gpuFacts returns the facts of a GPU name, synthetic ones included.
func (ref *reference) gpuFacts(name string) *model.GPU {
	if name == "" {
		return nil
	}
	if g, ok := ref.gpus.gpus[name]; ok {
		return &g
	}
	if g, ok := ref.ambiguous[name]; ok {
		return &g
	}
	return nil
}

// applyFamily copies an instance family's facts onto an offer.
func (ref *reference) applyFamily(o *model.Offer, f *familyRule, first skyItem) {
	if c := familyForm(f.Form); c != "" {
		o.EditDetail().FormFactor = c
	}
	if o.GPUCount > 1 {
		o.Interconnect = classifyInterconnect(f.Intra)
	}
	o.EditDetail().InterconnectNote = f.Intra
	o.InterNodeNetwork = f.InterNode
	o.RDMA, _ = parseTri(f.RDMA)
	o.VCPUType = classifyVCPU(f.VCPUType)
	o.EditDetail().VCPUNote = f.VCPUType
	o.Hyperthreaded, _ = parseTri(f.Hyperthread)
	o.EditDetail().LocalNVMe = f.LocalNVMe
	if first.LocalDisk != "" {
		o.EditDetail().LocalNVMe = joinNonEmpty("; ", first.LocalDisk+" (this size, per SkyPilot)", f.LocalNVMe)
	}
	o.LocalNVMeWiped = classifyWiped(f.LocalNVMe)
}

// familyForm classifies an instance family's form-factor cell. A cell that
// defers to the offer ("per offer: instance name encodes SXM4/PCIE/SXM/NVL
// where known", Vast's marketplace row) states no form factor for the
// family, though it names SXM: the offer's own name or GPU decides.
func familyForm(s string) string {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(s)), "per offer") {
		return ""
	}
	return formClass(s)
}

// gpuLevelFacts fills what follows from the GPU itself: a single GPU (or a
// slice of one) has no GPU peers; several NVIDIA GPUs of a model that has
// no NVLink at all (per the GPU table's cited source) can only talk over
// PCIe; several GPUs of a model that only exists on a linking baseboard
// use that board's link, and a machine with a whole board the topology
// its vendor documents (NVSwitch on an 8-GPU HGX board), whether the
// provider's label said NVLink or nothing (facts/gpu_links.csv, marked as
// inferred); several PCIe cards with no documented bridge talk over PCIe
// (marked as inferred from the form factor); the form factor of a known
// GPU variant.
func (ref *reference) gpuLevelFacts(o *model.Offer) {
	if o.GPUCount == 1 {
		if o.Interconnect != model.InterconnectSingle {
			o.Interconnect = model.InterconnectSingle
			o.EditDetail().InterconnectNote = joinNonEmpty("; ", "one GPU: no GPU-to-GPU link needed", o.Detail().InterconnectNote)
		}
	}
	gpu := ref.gpuFacts(o.GPU)
	if gpu == nil {
		return
	}
	if o.Detail().FormFactor == "" {
		o.EditDetail().FormFactor = formClass(gpu.FormFactor)
	}
	if o.GPUCount > 1 && o.Interconnect == model.InterconnectUnknown && gpu.NVLink == model.No && gpu.Vendor == "NVIDIA" {
		o.Interconnect = model.InterconnectPCIe
		o.EditDetail().InterconnectNote = joinNonEmpty("; ", "the "+o.GPU+" has no NVLink ("+gpu.NVLinkNote+"), so its GPUs talk over PCIe", o.Detail().InterconnectNote)
	}
	applyGPULink(o, ref.links)
	applyPCIeCard(o, gpu)
}

// pcieCardPrefix starts the interconnect note of a multi-GPU offer whose
// "pcie" comes from its GPU's form factor rather than from its provider.
const pcieCardPrefix = "inferred from the form factor, not stated by the provider: "

// applyPCIeCard fills the interconnect of a multi-GPU offer of a PCIe card
// that nothing else documents: "pcie", meaning that no NVLink (or other
// GPU-to-GPU bridge) between its GPUs is documented. It rests on the GPU
// table's form factor (a PCIe card, not an SXM or OAM module) and is marked
// as an inference. A card the GPU table describes as sold with an NVLink
// bridge (the H100 NVL pair) stays unknown: there the bridge is part of
// the product, so "no bridge documented" would mislead. An offer whose own
// form factor is not PCIe is left alone. It reports whether it changed the
// offer.
func applyPCIeCard(o *model.Offer, gpu *model.GPU) bool {
	if o.GPUCount < 2 || o.Interconnect != model.InterconnectUnknown || (o.Detail().FormFactor != "" && o.Detail().FormFactor != "PCIe") {
		return false
	}
	form := strings.ToLower(gpu.FormFactor)
	if formClass(gpu.FormFactor) != "PCIe" || strings.Contains(form, "nvlink") {
		return false
	}
	bridge := "no NVLink bridge between the cards is documented"
	if gpu.NVLink == model.Yes {
		bridge = "the card takes an optional NVLink bridge (" + gpu.NVLinkNote + "), but the provider does not document one"
	}
	o.Interconnect = model.InterconnectPCIe
	o.EditDetail().InterconnectNote = joinNonEmpty("; ", pcieCardPrefix+"the "+gpu.Name+" is a PCIe card ("+gpu.FormFactor+", per the GPU table); "+bridge+", so its GPUs are taken to talk over PCIe", strings.TrimSpace(o.Detail().InterconnectNote))
	return true
}

// minPos returns the smaller of a (0 = unset) and b.
func minPos(a, b float64) float64 {
	if a == 0 || b < a {
		return b
	}
	return a
}

// minKey returns the smallest key of a set, 0 when empty.
func minKey(m map[float64]bool) float64 {
	v := 0.0
	for k := range m {
		if v == 0 || k < v {
			v = k
		}
	}
	return v
}

// keysText lists a set's keys in order.
func keysText(m map[float64]bool) string {
	var ks []float64
	for k := range m {
		ks = append(ks, k)
	}
	sort.Float64s(ks)
	var s []string
	for _, k := range ks {
		s = append(s, model.FormatNumber(k))
	}
	return strings.Join(s, "/")
}

// uniqKeepOrder drops repeated strings, keeping the first.
func uniqKeepOrder(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, v := range s {
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
	}
	return out
}

// zonePrices lists a zone -> price map sorted by zone.
func zonePrices(m map[string]float64) []model.ZonePrice {
	out := make([]model.ZonePrice, 0, len(m))
	for z, p := range m {
		out = append(out, model.ZonePrice{Zone: z, Price: p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Zone < out[j].Zone })
	return out
}

// onePriceEverywhere reports whether prices (by region or zone) are one
// price in every one of places: then the offer's lowest price stands for
// all of them and no list is kept. No price at all, or no places, is one
// price everywhere too (there is nothing to tell apart).
func onePriceEverywhere(places []string, prices map[string]float64) bool {
	if len(prices) == 0 || len(places) == 0 {
		return true
	}
	first := -1.0
	for _, p := range places {
		v, ok := prices[p]
		if !ok || first >= 0 && v != first {
			return false
		}
		first = v
	}
	return len(prices) == len(places)
}

// cheapestRegion is the region (or zone) of the lowest price, the first
// by name on a tie; false when there is none.
func cheapestRegion(prices map[string]float64) (string, bool) {
	best, found := "", false
	for reg, v := range prices {
		if !found || v < prices[best] || v == prices[best] && reg < best {
			best, found = reg, true
		}
	}
	return best, found
}

// maxPrice is the highest of prices, 0 when there is none.
func maxPrice(prices map[string]float64) float64 {
	m := 0.0
	for _, v := range prices {
		m = max(m, v)
	}
	return m
}
