package data

import (
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// The Chinese price sheets as a source: cn/cn_gpu_offers.csv of the
// reference data, in the embedded build only.
var _ = RegisterSource(Source{
	Name:  "cn",
	Title: "the Chinese price sheets",
	Doc:   "list prices of Alibaba Cloud, Tencent Cloud and Featurize in CNY (cn/cn_gpu_offers.csv of the reference data)",
	Embedded: func(b *Build, shared fs.FS) (*Batch, error) {
		offers, err := openParse(shared, "cn/cn_gpu_offers.csv", b.ref.cnOffers)
		if err != nil {
			return nil, err
		}
		return &Batch{Offers: offers, Providers: cnProviderKeys()}, nil
	},
})

// cnProviderKeys are the provider keys of cnProviders, sorted.
func cnProviderKeys() []string {
	var keys []string
	for _, p := range cnProviders.Get() {
		if !slices.Contains(keys, p.key) {
			keys = append(keys, p.key)
		}
	}
	sort.Strings(keys)
	return keys
}

// cnProviders maps cn_gpu_offers.csv's provider names to provider keys and
// an instance-type prefix (Tencent's edge product ECM sells SKUs with the
// same names as CVM, so its SKUs are told apart as "ECM/…"). Made on
// first use, not at start-up (issue 26).
var cnProviders = lazy.Value[map[string]cnProvider]{New: func() map[string]cnProvider {
	return map[string]cnProvider{
		"Alibaba Cloud": {"alibaba", ""},
		"Tencent Cloud": {"tencent", ""},
		cnTencentECM:    {"tencent", "ECM/"},
		"Featurize":     {"featurize", ""},
	}
}}

// cnProvider is a provider key and the prefix of its instance types.
type cnProvider struct{ key, prefix string }

// cnMainlandNote is the words of a Tencent row's billing note saying that
// its list prices are for mainland China (cn/README.md: the price page's
// prices are "mainly for mainland China regions").
const cnMainlandNote = "mainland-China reference prices"

// cnGroup is one SKU of cn_gpu_offers.csv: its offer and the prices of its
// rows by region.
type cnGroup struct {
	o       model.Offer
	regions map[string]bool
	// hourly and spot are the lowest prices by region; plan the regions
	// a listed plan price (daily, weekly, monthly, yearly) applies in.
	hourly, spot map[string]float64
	plan         map[string]bool
	mainland     bool // a row's prices are for mainland China only
}

// cnOffers reads cn/cn_gpu_offers.csv (CNY prices of Alibaba Cloud, Tencent
// Cloud and Featurize) into offers, one per SKU with its regions folded
// and its prices region by region (cnGroup.offer). Tencent's zones, which
// the file names in Chinese (a string of a city's zones is several zones,
// data/vocab.go), become Tencent's zone ids (ref.tencentZones).
func (ref *reference) cnOffers(r io.Reader, name string) ([]model.Offer, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "instance_type", "gpu_model", "gpu_count", "gpu_fraction", "gpu_vram_gib",
		"vcpus", "memory_gib", "cpu_mode", "nvlink", "local_disk", "network_gbps", "region",
		"price_hourly_cny", "price_daily_cny", "price_weekly_cny", "price_monthly_cny", "price_yearly_cny",
		"spot_price_cny", "billing_notes", "source_url", "price_source_url", "price_source_date"); err != nil {
		return nil, err
	}
	ref.cnComplete(t)
	ref.cnAddPlanPrices(t)
	groups := map[string]*cnGroup{}
	var keys []string
	for i := range t.rows {
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		p, ok := cnProviders.Get()[t.get(i, "provider")]
		if !ok {
			return nil, fmt.Errorf("%s: column provider: unknown provider %q", at, t.get(i, "provider"))
		}
		it := p.prefix + t.get(i, "instance_type")
		key := p.key + "/" + it
		g, ok := groups[key]
		if !ok {
			o, err := ref.cnOffer(t, i, p.key, it)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", at, err)
			}
			g = &cnGroup{o: o, regions: map[string]bool{}, hourly: map[string]float64{}, spot: map[string]float64{}, plan: map[string]bool{}}
			groups[key] = g
			keys = append(keys, key)
		}
		regs, err := ref.cnRegions(p.key, t.get(i, "region"))
		if err != nil {
			return nil, fmt.Errorf("%s: column region: %w", at, err)
		}
		if err := ref.cnRow(g, t, i, regs); err != nil {
			return nil, fmt.Errorf("%s: %w", at, err)
		}
	}
	sort.Strings(keys)
	out := make([]model.Offer, 0, len(keys))
	for _, k := range keys {
		out = append(out, groups[k].offer())
	}
	return out, nil
}

// cnRegions reads a row's region cell: regions separated by ";", Tencent's
// zones as their ids. A Tencent cell that names no zone (ECM's "edge nodes
// (not specified)") stays as the source has it; one that names a zone
// the zone table lacks is an error.
func (ref *reference) cnRegions(provider, cell string) ([]string, error) {
	regs := model.SplitOn(cell, ";")
	if provider != "tencent" {
		return regs, nil
	}
	var out []string
	for _, reg := range regs {
		if _, err := tencentZoneNames(reg); err != nil {
			out = append(out, reg)
			continue
		}
		ids, err := tencentZoneIDs(reg, ref.tencentZones)
		if err != nil {
			return nil, err
		}
		out = append(out, ids...)
	}
	return out, nil
}

// cnRow adds one row's regions and prices to its SKU. A row whose billing
// note says its prices are mainland China's (cnMainlandNote) has them
// apply in its mainland regions only (the region table's CN rows); it
// must name one.
func (ref *reference) cnRow(g *cnGroup, t *table, i int, regs []string) error {
	for _, reg := range regs {
		g.regions[reg] = true
	}
	priced := regs
	if strings.Contains(t.get(i, "billing_notes"), cnMainlandNote) {
		g.mainland = true
		priced = nil
		for _, reg := range regs {
			if ref.placeCountry[placeKey(g.o.Provider, reg)] == "CN" {
				priced = append(priced, reg)
			}
		}
		if len(priced) == 0 && len(regs) > 0 {
			return fmt.Errorf("column billing_notes: the prices are mainland China's, but no region of %s is in mainland China (facts/regions.csv)", strings.Join(regs, ", "))
		}
	}
	d := g.o.EditDetail() // one copy for this row's plan prices
	plans := map[string]*float64{"price_daily_cny": &d.Daily, "price_weekly_cny": &d.Weekly,
		"price_monthly_cny": &d.Monthly, "price_yearly_cny": &d.Yearly}
	hasPlan := false
	for col, dst := range plans {
		v, has, err := t.num(i, col)
		if err != nil {
			return err
		}
		if has && v > 0 {
			*dst = minPos(*dst, v)
			hasPlan = true
		}
	}
	if hasPlan {
		for _, reg := range priced {
			g.plan[reg] = true
		}
	}
	if n := t.get(i, "plan_note"); n != "" {
		d.PriceNote = joinNonEmpty("; ", d.PriceNote, n)
	}
	for _, c := range []struct {
		col      string
		dst      *float64
		byRegion map[string]float64
	}{{"price_hourly_cny", &g.o.OnDemand, g.hourly}, {"spot_price_cny", &g.o.Spot, g.spot}} {
		v, has, err := t.num(i, c.col)
		if err != nil {
			return err
		}
		if !has || v <= 0 {
			continue
		}
		*c.dst = minPos(*c.dst, v)
		for _, reg := range priced {
			c.byRegion[reg] = minPos(c.byRegion[reg], v)
		}
	}
	if v, _, _ := t.num(i, "price_hourly_cny"); v > 0 {
		d.OnDemandMax = max(d.OnDemandMax, v)
	}
	return nil
}

// offer is the SKU's offer: its regions, its lowest prices, and the
// prices region by region where they are not one price in every region
// (OnDemandZones, SpotZones; PlanRegions where the plan prices apply in
// some regions only).
func (g *cnGroup) offer() model.Offer {
	o := g.o
	for reg := range g.regions {
		o.Regions = append(o.Regions, reg)
	}
	sort.Strings(o.Regions)
	if o.Regions == nil {
		o.Regions = []string{}
	}
	d := o.EditDetail()
	if d.OnDemandMax == o.OnDemand {
		d.OnDemandMax = 0
	}
	if reg, ok := cheapestRegion(g.hourly); ok {
		d.OnDemandRegion = reg
	}
	if !onePriceEverywhere(o.Regions, g.hourly) {
		d.OnDemandZones = zonePrices(g.hourly)
	}
	if !onePriceEverywhere(o.Regions, g.spot) {
		d.SpotZones = zonePrices(g.spot)
		d.SpotMax = maxPrice(g.spot)
	}
	hasPlan := d.Daily > 0 || d.Weekly > 0 || d.Monthly > 0 || d.Yearly > 0
	if hasPlan && len(g.plan) < len(o.Regions) {
		d.PlanRegions = slices.Sorted(maps.Keys(g.plan))
	}
	var unpriced []string
	for _, reg := range o.Regions {
		if _, ok := g.hourly[reg]; !ok && !g.plan[reg] {
			unpriced = append(unpriced, reg)
		}
	}
	switch {
	case len(unpriced) == 0 || o.OnDemand == 0 && !hasPlan:
	case g.mainland:
		d.PriceNote = joinNonEmpty("; ", d.PriceNote, "the list prices are mainland China's (the price page: 'mainly for mainland China regions'): no price is known in "+strings.Join(unpriced, ", "))
	default:
		d.PriceNote = joinNonEmpty("; ", d.PriceNote, "no price in "+strings.Join(unpriced, ", "))
	}
	if o.OnDemand == 0 && d.Monthly == 0 && d.Daily == 0 {
		o.Notes = joinNonEmpty("; ", o.Notes, "no price in the sources (spec only): "+cnOnRequest)
	}
	return o
}

// cnOffer builds an offer from the first row of a SKU.
func (ref *reference) cnOffer(t *table, i int, provider, instanceType string) (model.Offer, error) {
	o := model.Offer{
		Provider:     provider,
		InstanceType: instanceType,
		Currency:     model.CNY,
		PriceDate:    t.get(i, "price_source_date"),
	}.WithDetail(model.OfferDetail{PriceNote: t.get(i, "billing_notes"), LocalNVMe: t.get(i, "local_disk")})
	var notes []string
	num := func(col string) (float64, error) {
		v, _, err := t.num(i, col)
		return v, err
	}
	count, err := num("gpu_count")
	if err != nil {
		return o, err
	}
	if count != float64(int(count)) {
		return o, fmt.Errorf("column gpu_count: %v is not a whole number", count)
	}
	o.GPUCount = int(count)
	if o.VRAMGiB, err = num("gpu_vram_gib"); err != nil {
		return o, err
	}
	if o.VCPUs, err = num("vcpus"); err != nil {
		return o, err
	}
	if o.MemoryGiB, err = num("memory_gib"); err != nil {
		return o, err
	}
	frac := t.get(i, "gpu_fraction")
	switch {
	case frac == "" || frac == "1":
	case frac == "slice":
		notes = append(notes, "a vGPU slice whose share of the GPU the source does not state (VRAM is the slice's)")
	default:
		f, err := parseFraction(frac)
		if err != nil {
			return o, fmt.Errorf("column gpu_fraction: %w", err)
		}
		o.GPUFraction = f
		notes = append(notes, "vGPU slice of "+frac+" GPU (VRAM is the slice's)")
	}
	// Identify the GPU: the memory tells variants apart for whole GPUs.
	nvSwitch := classifyInterconnect(t.get(i, "nvlink")) == model.InterconnectNVSwitch
	if model := t.get(i, "gpu_model"); model != "" {
		mem := o.VRAMGiB
		if o.GPUFraction > 0 || frac == "slice" {
			mem = 0
		}
		form := nameForm(model, t.get(i, "gpu_note"))
		if form == "" && (nvSwitch || t.get(i, "gpu_form") == "SXM") {
			form = "SXM" // an NVSwitch board holds SXM modules
		}
		m := ref.gpus.identify(model, mem, form)
		o.GPU = m.Name
		if len(m.Candidates) > 1 {
			if _, ok := ref.ambiguous[o.GPU]; !ok {
				ref.ambiguous[o.GPU] = ref.gpus.ambiguousGPU(m.Candidates)
			}
		}
		notes = append(notes, "listed as "+model)
		if n := t.get(i, "gpu_note"); n != "" {
			notes = append(notes, n)
		}
		if m.Note != "" {
			notes = append(notes, m.Note)
		}
	} else {
		notes = append(notes, joinNonEmpty("; ", "the source does not name the GPU model", t.get(i, "gpu_note")))
	}
	if o.VRAMGiB == 0 {
		if g := ref.gpuFacts(o.GPU); g != nil && g.VRAMGiB > 0 && o.GPUFraction == 0 && frac != "slice" {
			o.VRAMGiB = g.VRAMGiB
			notes = append(notes, "per-GPU memory not in the source: taken from the GPU table")
		}
	}
	// CPU mode and NVLink as the source states them.
	cpu := t.get(i, "cpu_mode")
	o.VCPUType = classifyVCPU(cpu)
	o.EditDetail().VCPUNote = cpu
	nv := t.get(i, "nvlink")
	o.EditDetail().InterconnectNote = nv
	if o.GPUCount > 1 {
		o.Interconnect = classifyInterconnect(nv)
	}
	if gbps := t.get(i, "network_gbps"); gbps != "" {
		o.InterNodeNetwork = gbps + " Gbps internal network"
	}
	// The price's own source first: an offer's first source is the one its
	// price (and PriceDate) is attributed to (model.Offer.PriceSource).
	o.Sources = uniqKeepOrder(append(model.SplitOn(t.get(i, "price_source_url"), " ; "), model.SplitOn(t.get(i, "source_url"), " ; ")...))
	applyFacts(&o, ref.facts, t.get(i, "gpu_model"), func(n string) {
		if n != "" {
			notes = append(notes, n)
		}
	})
	ref.gpuLevelFacts(&o)
	if o.GPUFraction > 0 || frac == "slice" {
		o.Interconnect = model.InterconnectSingle
	}
	o.Sources = uniqKeepOrder(o.Sources)
	o.Notes = strings.Join(notes, "; ")
	return o, nil
}

// parseFraction reads "1/4" (or "0.25") as a share of one GPU in (0, 1).
func parseFraction(s string) (float64, error) {
	var v float64
	if a, b, ok := strings.Cut(s, "/"); ok {
		n, err1 := strconv.Atoi(strings.TrimSpace(a))
		d, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil || d == 0 {
			return 0, fmt.Errorf("%q is not a fraction such as 1/4", s)
		}
		v = float64(n) / float64(d)
	} else {
		var err error
		if v, err = parseNum(s); err != nil {
			return 0, err
		}
	}
	if v <= 0 || v > 1 {
		return 0, fmt.Errorf("%q is not a share of one GPU (between 0 and 1)", s)
	}
	return v, nil
}
