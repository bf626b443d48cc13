package advisor

import (
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/gpupick/gpupick/model"
)

// index is a compact, read-only view of a catalog built once by its
// Engine and reused for every call: prices in a struct of small rows,
// and the distinct hardware shapes (GPU, count, memory, interconnect) so
// fit and speed are worked out once per shape, not once per offer.
type index struct {
	rows   []row
	shapes []shape
	// rows are grouped by shape and, within a shape, ordered by their
	// lower bound without spot; the rows of shape s are
	// rows[start[s]:start[s+1]].
	start []int32
	// hot holds, for each row, what the scan reads before pricing.
	hot []hotRow
	// rowOf maps an offer's index in the catalog to its row.
	rowOf []int32
	// spotOrder lists, shape by shape, the rows in order of their lower
	// bound with spot.
	spotOrder []int32
	provs     []provInfo
	est       []provEstimate // per provider: its class's estimates (price_hidden.go)
	gpus      []gpuInfo
	curs      []model.Currency
	maxVRAM   float64
	// topo1 is, per shape, its network on one node (topoOf), which
	// depends on the shape alone.
	topo1 []topo
	// tails counts the rows a scan stops before reading (rank_tail.go).
	tails *tails
	// onReq lists the rows with no price of any kind (no on-demand, spot
	// or plan price), in the order offers on request are listed in
	// (onRequestKey): a call takes the first that hold the workload
	// (onrequest.go).
	onReq []int32
}

// row is one offer's prices (per node, in the offer's currency) and the
// indexes of the offer, its shape, provider and currency.
type row struct {
	// rates are the offer's own prices (plans.go): the lowest on-demand
	// price over its regions, the median zone's spot price with its
	// interruption bucket.
	rates
	// spotMin is the cheapest zone's spot price (the lower bound); spotZ
	// indexes the median zone in the offer's SpotZones (-1: one price for
	// all).
	spotMin float64
	spotZ   int16
	offer   int32
	shape   int32
	prov    uint16
	cur     uint8
	class   uint8 // provider class, for the set-up time
}

// hotRow is the part of a row a scan reads for every offer: the lowest
// per-node hourly rate, in USD at the catalog's rates, of the offer's own
// price models other than spot (lbUSD: rates.floor, "up to" maxima left
// out) and of those and its lowest spot price (lbSpotUSD), rounded down
// so that rate x hours is a lower bound of the run's cost; 0 when it has
// no such price, its currency has no rate or its instance type is retired
// (the offerRetired bit of risk says so). Under a region filter the scan
// works the bound out inside it (call.inside). The host's cores are here
// too: the scan's bound of one offer reads them (fewCores), and a row of
// a large catalog the bound skips is then never read (issue 26).
type hotRow struct {
	lbUSD     float32
	lbSpotUSD float32
	prov      uint16
	cur       uint8
	risk      uint8 // the offer's own risks as bits (offerRiskBits, risk.go), and offerRetired
	// cores is the host's physical cores as the worse case reads them
	// (hostCores): 0 when the vCPU count is unknown.
	cores uint16
}

// shape is a distinct hardware configuration.
type shape struct {
	gpu    int32 // index into gpus, -1 when the GPU is not named
	count  int
	vram   float64 // usable memory per GPU (or slice), GiB
	frac   float64 // share of a GPU for vGPU slices, 1 for whole GPUs
	nvlink int8    // 1 NVLink (or Infinity Fabric) between the GPUs, -1 PCIe only, 0 unknown
	rdma   model.Tri
	// ic is the documented interconnect and netGbps the node's NIC rate
	// when its network note states one (0 otherwise), for the link model.
	ic      model.Interconnect
	netGbps float64
}

// gpuInfo is a GPU name with its facts when the catalog has them.
type gpuInfo struct {
	name    string
	aliases []string
	g       *model.GPU // nil when unknown
	sxm     int32      // for a PCIe part, the SXM part of the same chip; -1
	// link is what the GPU's facts say of the link between an offer's
	// GPUs where the offer's interconnect does not (gpuLink).
	link int8
	// eff is the GPU's efficiency row in effTable (effRowOf).
	eff uint8
}

// provInfo is a provider with its policy when the catalog has one.
type provInfo struct {
	key string
	pol *model.Policy // nil when none
}

type shapeKey struct {
	gpu     int32
	count   int
	vram    float64
	frac    float64
	nvlink  int8
	rdma    model.Tri
	ic      model.Interconnect
	netGbps float64
}

// hashShape hashes a shape's key for the interner's table (keyTable):
// some of its fields, == compares them all.
func hashShape(k shapeKey) uint64 {
	h := hashMix(uint64(k.gpu), uint64(k.count))
	h = hashMix(h, floatWord(k.vram))
	h = hashMix(h, floatWord(k.frac))
	h = hashMix(h, uint64(k.nvlink)<<8|uint64(uint8(k.rdma)))
	return hashMix(h, floatWord(k.netGbps)^uint64(len(k.ic)))
}

// buildIndex builds a catalog's index and its shapes' static facts.
func buildIndex(cat *model.Catalog) (*index, *shapeFacts) {
	ix := &index{rows: make([]row, len(cat.Offers))}
	newInterner(cat, ix).keyRows()
	// What depends on the GPUs, shapes and providers alone (the PCIe
	// parts' SXM siblings, each shape's network on one node, the shapes'
	// static facts, the providers' hidden-cost estimates) is worked out
	// beside the rows' part, which reads none of it: the index is built
	// once, and a headless command waits for it.
	var facts *shapeFacts
	side := make(chan struct{})
	go func() {
		defer close(side)
		linkSXMSiblings(cat, ix)
		ix.topo1 = make([]topo, len(ix.shapes))
		for i := range ix.shapes {
			s := &ix.shapes[i]
			ix.topo1[i] = topoOf(ix.shapeGPU(s), s.nvlink, s.ic, s.rdma, s.netGbps, s.count, 1)
		}
		ix.est = hiddenEstimates(cat, ix.provs)
		facts = newShapeFacts(ix)
	}()
	// The rest of a row is the offer's alone: filled in chunks at once.
	inChunks(len(ix.rows), func(lo, hi int) {
		var zoneScratch []zoneRank
		zoneMemo := map[zoneList]int{}
		for i := lo; i < hi; i++ {
			o, r := &cat.Offers[i], &ix.rows[i]
			d := o.Detail()
			r.od, r.spot = pos(o.OnDemand), pos(o.Spot)
			for l := range r.plans {
				r.plans[l] = pos(d.Plan(model.ListedPlan(l)))
			}
			r.class = classOf(o)
			spotSetupWith(o, r, &zoneScratch, zoneMemo)
			r.spotV = spotVerdict(o, ownSpotZone(o, r), r.spot, ix.provs[r.prov].pol)
			r.c1, r.c3 = firmOff(d.Commit1yOff), firmOff(d.Commit3yOff)
		}
	})
	for _, g := range cat.GPUs {
		if u, _ := g.Usable(g.VRAMGiB); u > ix.maxVRAM {
			ix.maxVRAM = u
		}
	}
	// Group the rows by shape so a scan reads each shape's rows
	// contiguously; start[s] is the first row of shape s.
	ix.start = make([]int32, len(ix.shapes)+1)
	for i := range ix.rows {
		ix.start[ix.rows[i].shape+1]++
	}
	for s := 1; s < len(ix.start); s++ {
		ix.start[s] += ix.start[s-1]
	}
	fxUSD := make([]float64, len(ix.curs))
	for i, cur := range ix.curs {
		if v, ok := cat.Convert(1, cur, model.USD); ok {
			fxUSD[i] = pos(v)
		}
	}
	ix.sortRows(hotRows(cat, ix, fxUSD))
	ix.listOnRequest(cat)
	fxOK := make([]bool, len(fxUSD))
	for i, v := range fxUSD {
		fxOK[i] = v > 0
	}
	ix.tails = buildTails(ix, fxOK)
	<-side
	return ix, facts
}

// listOnRequest lists the rows whose offer has no price of any kind
// (ix.onReq), in the order offers on request are listed in
// (onRequestKey): what a call looks among for offers on request reads
// these alone, not every row unpriced on demand, and stops once it has
// as many as it lists.
func (ix *index) listOnRequest(cat *model.Catalog) {
	for j := range ix.rows {
		if !hasAnyPrice(&cat.Offers[ix.rows[j].offer]) {
			ix.onReq = append(ix.onReq, int32(j))
		}
	}
	slices.SortFunc(ix.onReq, func(a, b int32) int {
		return onRequestKeyOf(cat, ix.rows[a].offer).compare(onRequestKeyOf(cat, ix.rows[b].offer))
	})
}

// interner numbers the GPUs, providers, currencies and shapes of a
// catalog's offers as the index meets them (each row keeps small
// numbers; ix holds what they stand for).
type interner struct {
	cat      *model.Catalog
	ix       *index
	gpuIdx   map[string]int32
	provIdx  map[string]uint16
	curIdx   map[model.Currency]uint8
	shapeIdx *keyTable[shapeKey]
	// gpuFacts holds the copies of the catalog's GPUs the index points
	// at, in one allocation (a new one when an offer names more).
	gpuFacts []model.GPU
}

// newInterner is an interner that fills ix from cat.
func newInterner(cat *model.Catalog, ix *index) *interner {
	// Sized for the common case (a catalog has a few hundred shapes), so
	// the map is not rebuilt as it grows; capped for big catalogs, whose
	// shapes repeat.
	ix.shapes = make([]shape, 0, min(len(cat.Offers), 1024))
	// The GPUs and providers, likewise, are at most about as many as the
	// catalog's GPU table and policies (an offer may name others).
	ix.gpus = make([]gpuInfo, 0, len(cat.GPUs)+8)
	ix.provs = make([]provInfo, 0, len(cat.Policies)+8)
	return &interner{cat: cat, ix: ix, gpuIdx: make(map[string]int32, len(cat.GPUs)+8),
		provIdx: make(map[string]uint16, len(cat.Policies)+8), curIdx: map[model.Currency]uint8{},
		shapeIdx: newKeyTable(min(len(cat.Offers), 1024), func(i int32) shapeKey { return shapeKey(ix.shapes[i]) }, hashShape),
		gpuFacts: make([]model.GPU, 0, len(cat.GPUs))}
}

// gpu is a GPU name's index (-1 for no name), with its facts when the
// catalog has them.
func (in *interner) gpu(name string) int32 {
	if name == "" {
		return -1
	}
	ix := in.ix
	if i, ok := in.gpuIdx[name]; ok {
		return i
	}
	gi := gpuInfo{name: name, sxm: -1}
	if g, ok := in.cat.GPUs[name]; ok {
		if len(in.gpuFacts) == cap(in.gpuFacts) {
			in.gpuFacts = make([]model.GPU, 0, max(8, cap(in.gpuFacts)))
		}
		in.gpuFacts = append(in.gpuFacts, g)
		gp := &in.gpuFacts[len(in.gpuFacts)-1]
		gi.g = gp
		gi.aliases = gp.Aliases
		gi.link = gpuLink(gp)
	}
	gi.eff = effRowOf(gi.g)
	ix.gpus = append(ix.gpus, gi)
	in.gpuIdx[name] = int32(len(ix.gpus) - 1)
	return int32(len(ix.gpus) - 1)
}

// prov is a provider's index (0 past the first 65535 providers), with its
// policy made safe (cleanPolicy).
func (in *interner) prov(name string) uint16 {
	ix := in.ix
	pk := strings.ToLower(name)
	if pi, ok := in.provIdx[pk]; ok || len(ix.provs) >= 1<<16-1 {
		return pi
	}
	pv := provInfo{key: name}
	if pol, ok := in.cat.Policies[name]; ok {
		pv.pol = cleanPolicy(pol)
	} else if pol, ok := in.cat.Policies[pk]; ok {
		pv.pol = cleanPolicy(pol)
	}
	ix.provs = append(ix.provs, pv)
	in.provIdx[pk] = uint16(len(ix.provs) - 1)
	return in.provIdx[pk]
}

// cur is a currency's index ("" is USD; 0 past the first 255).
func (in *interner) cur(cur model.Currency) uint8 {
	ix := in.ix
	if cur == "" {
		cur = model.USD
	}
	if ci, ok := in.curIdx[cur]; ok || len(ix.curs) >= 255 {
		return ci
	}
	ix.curs = append(ix.curs, cur)
	in.curIdx[cur] = uint8(len(ix.curs) - 1)
	return in.curIdx[cur]
}

// keyRows sets each row's offer, shape, provider and currency (in
// catalog order) and the largest usable GPU memory of the offers.
func (in *interner) keyRows() {
	cat, ix := in.cat, in.ix
	// Many offers share a network note: its rate is read once (nodeGbps
	// runs a regular expression).
	gbpsOf := map[string]float64{}
	// Offers come in runs of one provider, currency, GPU and shape: the
	// offer before's are tried before a map is.
	var (
		lastProv, lastGPU, lastNet string
		lastCur                    model.Currency
		lastPI                     uint16
		lastCI                     uint8
		lastG                      = int32(-1)
		lastGbps                   float64
		lastKey                    shapeKey
		lastSI                     = int32(-1)
	)
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if i == 0 || o.Provider != lastProv {
			lastProv, lastPI = o.Provider, in.prov(o.Provider)
		}
		pi := lastPI
		if i == 0 || o.Currency != lastCur {
			lastCur, lastCI = o.Currency, in.cur(o.Currency)
		}
		ci := lastCI
		if i == 0 || o.GPU != lastGPU {
			lastGPU, lastG = o.GPU, in.gpu(o.GPU)
		}
		g := lastG
		frac := o.GPUFraction
		if !(frac > 0 && frac <= 1) {
			frac = 1
		}
		// Fits use usable memory: the driver's figure where measured, the
		// worse case otherwise (model.GPU.Usable); a slice lists its own.
		var gp *model.GPU
		if g >= 0 {
			gp = ix.gpus[g].g
		}
		usable, _ := gp.Usable(o.VRAMGiB)
		if i == 0 || o.InterNodeNetwork != lastNet {
			gbps, ok := gbpsOf[o.InterNodeNetwork]
			if !ok {
				gbps = nodeGbps(o)
				gbpsOf[o.InterNodeNetwork] = gbps
			}
			lastNet, lastGbps = o.InterNodeNetwork, gbps
		}
		k := shapeKey{gpu: g, count: o.GPUCount, vram: usable, frac: frac, nvlink: nvlinkOf(o, ix, g), rdma: o.RDMA, ic: o.Interconnect, netGbps: lastGbps}
		if lastSI < 0 || k != lastKey {
			si := in.shapeIdx.find(k)
			if si < 0 {
				ix.shapes = append(ix.shapes, shape(k))
				si = int32(len(ix.shapes) - 1)
				in.shapeIdx.add(si)
			}
			lastKey, lastSI = k, si
		}
		si := lastSI
		ix.rows[i] = row{offer: int32(i), shape: si, prov: pi, cur: ci}
		if usable > ix.maxVRAM {
			ix.maxVRAM = usable
		}
	}
}

// hotRows is the part of each row a scan reads for every offer (hotRow),
// at the currencies' rates to USD fxUSD (0: none).
func hotRows(cat *model.Catalog, ix *index, fxUSD []float64) []hotRow {
	hot := make([]hotRow, len(ix.rows))
	stale, live := staleCutoff(cat.Info.SnapshotDate), cat.LiveCutoff() // model.Catalog.LiveStale, worked out once
	inChunks(len(ix.rows), func(from, to int) {
		for i := from; i < to; i++ {
			r := &ix.rows[i]
			lo := r.floor(ix.provs[r.prov].pol)
			ls := lo
			if r.spotMin > 0 && (ls == 0 || r.spotMin < ls) {
				ls = r.spotMin
			}
			fx := fxUSD[r.cur]
			hot[i] = hotRow{lbUSD: lowerF32(lo * fx), lbSpotUSD: lowerF32(ls * fx), prov: r.prov, cur: r.cur, cores: hostCores(&cat.Offers[r.offer]),
				risk: offerRiskBits(&cat.Offers[r.offer], stale, cat.Offers[r.offer].Live() && cat.Offers[r.offer].FetchedBefore(live))}
			if retiredBy(&cat.Offers[r.offer], cat.Info.SnapshotDate) {
				// No price can be paid for a size the provider retired:
				// the row has none, and its bit says why.
				hot[i].lbUSD, hot[i].lbSpotUSD = 0, 0
				hot[i].risk |= offerRetired
			}
		}
	})
	return hot
}

// sortRows puts the rows, in catalog order, and their hot parts in the
// order a scan reads them, and keeps where each offer's row is (rowOf)
// and the order with spot (spotOrder).
func (ix *index) sortRows(hot []hotRow) {
	// Within a shape, order rows by their lower bound (no price last, then
	// catalog order) so a scan that keeps no statistics can stop at the
	// first row that cannot enter the best list.
	// Both orders are sorted at once from the rows in catalog order
	// (rows[i].offer == i); the spot order then names the rows by where
	// the first order puts them.
	var spotOrder []int32
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		spotOrder = sortedByBound(ix.rows, hot, ix.start, func(h *hotRow) float32 { return h.lbSpotUSD })
	}()
	order := sortedByBound(ix.rows, hot, ix.start, func(h *hotRow) float32 { return h.lbUSD })
	wg.Wait()
	permute(ix.rows, hot, order)
	ix.hot = hot
	ix.rowOf = order // permute only read it; every slot is written below
	for i := range ix.rows {
		ix.rowOf[ix.rows[i].offer] = int32(i)
	}
	for k, offer := range spotOrder {
		spotOrder[k] = ix.rowOf[offer]
	}
	ix.spotOrder = spotOrder
}

// indexChunkRows is the fewest rows a chunk of inChunks holds: below
// it, starting a goroutine costs more than it saves.
const indexChunkRows = 32 << 10

// inChunks calls f on consecutive chunks [lo, hi) of n rows, at once
// (one a CPU) when there are enough rows, and returns when all are done.
// f must write only what belongs to its own rows.
func inChunks(n int, f func(lo, hi int)) {
	k := max(1, min(runtime.GOMAXPROCS(0), n/indexChunkRows))
	if k == 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	for c := 0; c < k; c++ {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			f(lo, hi)
		}(n*c/k, n*(c+1)/k)
	}
	wg.Wait()
}

// maxUsableVRAM is the largest usable memory per GPU the catalog knows,
// from its offers and its GPU table: the index's maxVRAM, without building
// the index.
func maxUsableVRAM(cat *model.Catalog) float64 {
	m := 0.0
	for i := range cat.Offers {
		o := &cat.Offers[i]
		var gp *model.GPU
		if o.GPU != "" {
			if g, ok := cat.GPUs[o.GPU]; ok {
				gp = &g
			}
		}
		if u, _ := gp.Usable(o.VRAMGiB); u > m {
			m = u
		}
	}
	for _, g := range cat.GPUs {
		if u, _ := g.Usable(g.VRAMGiB); u > m {
			m = u
		}
	}
	return m
}

// sortedByBound returns the row indexes of rows in catalog order
// (rows[i].offer == i) in order of shape, then the lower bound key picks
// (no price, 0, last), then catalog order, so a scan that keeps no
// statistics can stop at the first row of a shape that cannot enter the
// best list. start holds the shapes' first rows (the rows of shape s are
// start[s+1]-start[s]).
//
// It is a stable radix sort: the rows in catalog order, sorted by the
// bound's float32 bits (a non-negative float32's bits order as the number
// does; no price becomes the largest) a byte at a time, then placed by
// shape; a byte every row has alike is skipped.
func sortedByBound(rows []row, hot []hotRow, start []int32, key func(h *hotRow) float32) []int32 {
	n := len(rows)
	type item struct {
		b     uint32
		shape int32
		i     int32 // the row
	}
	a, tmp := make([]item, n), make([]item, n)
	for i := range a {
		b := math.Float32bits(key(&hot[i]))
		if b == 0 {
			b = math.MaxUint32
		}
		a[i] = item{b: b, shape: rows[i].shape, i: int32(i)}
	}
	for shift := 0; shift < 32 && n > 0; shift += 8 {
		var at [256]int
		for k := range a {
			at[a[k].b>>shift&0xff]++
		}
		if at[a[0].b>>shift&0xff] == n {
			continue
		}
		sum := 0
		for d := range at {
			at[d], sum = sum, sum+at[d]
		}
		for k := range a {
			d := a[k].b >> shift & 0xff
			tmp[at[d]] = a[k]
			at[d]++
		}
		a, tmp = tmp, a
	}
	next := slices.Clone(start[:len(start)-1])
	order := make([]int32, n)
	for k := range a {
		s := a[k].shape
		order[next[s]] = a[k].i
		next[s]++
	}
	return order
}

// permute puts rows and hot in order: row k becomes the row at order[k].
// It follows the permutation's cycles in place (no second copy of the
// rows), rows and hot at once on two goroutines (each a cache miss a
// row); order is only read.
func permute(rows []row, hot []hotRow, order []int32) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		permuteCycles(hot, order)
	}()
	permuteCycles(rows, order)
	wg.Wait()
}

// permuteCycles puts s in order (element k becomes the one at order[k])
// by following the permutation's cycles in place, with a bit a slot to
// mark those done, so that order is only read.
func permuteCycles[E any](s []E, order []int32) {
	done := make([]uint64, (len(order)+63)/64)
	for i := range order {
		if done[i/64]&(1<<(i%64)) != 0 || int(order[i]) == i {
			continue
		}
		v := s[i]
		j := i
		for {
			done[j/64] |= 1 << (j % 64)
			k := int(order[j])
			if k == i {
				s[j] = v
				break
			}
			s[j] = s[k]
			j = k
		}
	}
}

// firmOff is a firm committed discount as the index keeps it: a fraction
// in (0, 1), else 0 (none).
func firmOff(f float64) float32 {
	if f > 0 && f < 1 {
		return float32(f)
	}
	return 0
}

// lowerF32 rounds a positive rate down to a float32 (so it stays a lower
// bound).
func lowerF32(v float64) float32 {
	f := float32(v)
	if float64(f) > v {
		f = math.Nextafter32(f, 0)
	}
	return f
}

// cleanPolicy copies a policy with every figure the advisor computes with
// made safe: prices and limits that are not positive and finite become 0
// (unknown), discounts outside (0, 1) are dropped.
func cleanPolicy(p model.Policy) *model.Policy {
	disc := func(d *model.Discount) {
		if !(d.Fraction > 0 && d.Fraction < 1) {
			d.Fraction = 0
		}
	}
	disc(&p.Commit1y)
	disc(&p.Commit3y)
	disc(&p.CommitMax)
	disc(&p.CommitMonthly)
	disc(&p.SpotDiscountMax)
	disc(&p.SpotDiscountMin)
	p.SpotNoticeSeconds = pos(p.SpotNoticeSeconds)
	p.PreemptibleMaxHours = pos(p.PreemptibleMaxHours)
	p.BillingMinimumSeconds = pos(p.BillingMinimumSeconds)
	p.EgressFreeGBMonth = pos(p.EgressFreeGBMonth)
	p.BlockStorageGBMonth = pos(p.BlockStorageGBMonth)
	tiers := make([]model.EgressTier, 0, len(p.EgressTiers))
	for _, t := range p.EgressTiers {
		tiers = append(tiers, model.EgressTier{UpToGB: pos(t.UpToGB), PerGB: pos(t.PerGB)})
	}
	p.EgressTiers = tiers
	return &p
}

// pos keeps a positive finite price and turns anything else into 0
// (unknown).
func pos(v float64) float64 {
	if v > 0 && v < 1e12 {
		return v
	}
	return 0
}

// nvlinkOf classifies how the GPUs of an offer talk to each other.
func nvlinkOf(o *model.Offer, ix *index, g int32) int8 {
	switch {
	case o.Interconnect.HasFastLink(): // NVSwitch, NVLink or AMD Infinity Fabric
		return 1
	case o.Interconnect == model.InterconnectPCIe:
		return -1
	}
	if g >= 0 {
		return ix.gpus[g].link
	}
	return 0
}

// gpuLink classifies the link between a GPU's parts in one node from its
// facts alone, worked out once per GPU of the index: -1 no NVLink, 1 an
// SXM part with NVLink, 0 unknown.
func gpuLink(g *model.GPU) int8 {
	switch {
	case g.NVLink == model.No:
		return -1
	case g.NVLink == model.Yes && isSXM(g):
		return 1
	}
	return 0
}

// isSXM reports whether a GPU is an SXM (NVLink baseboard) part. A GPU
// whose provider does not say which variant it is ("A100-80GB PCIe or
// A100-80GB SXM4") is not: the worse case is the PCIe card, whose NVLink
// bridges join pairs only.
func isSXM(g *model.GPU) bool {
	return (containsFold(g.FormFactor, "SXM") || containsFold(g.Name, "SXM")) && !isPCIe(g)
}

// isPCIe reports whether a GPU is a PCIe card.
func isPCIe(g *model.GPU) bool {
	return containsFold(g.FormFactor, "PCIE") || containsFold(g.Name, "PCIE")
}

// linkSXMSiblings finds, for each PCIe GPU, an SXM part of the same chip
// (same first word of the name), preferring the same memory size.
func linkSXMSiblings(cat *model.Catalog, ix *index) {
	// The SXM parts of the catalog with their chip (first word), worked
	// out once: the name tests upper-case strings.
	type sxmPart struct {
		name, fam string
		g         model.GPU
	}
	var parts []sxmPart
	for name, s := range cat.GPUs {
		// A name that is both ("X PCIe or X SXM4": the provider does not
		// say which) is no SXM part to compare with (isSXM).
		if isSXM(&s) {
			parts = append(parts, sxmPart{name: name, fam: firstToken(name), g: s})
		}
	}
	for i := range ix.gpus {
		g := ix.gpus[i].g
		if g == nil || !isPCIe(g) {
			continue
		}
		fam := firstToken(g.Name)
		best, bestName := int32(-1), ""
		for pi := range parts {
			name, s := parts[pi].name, parts[pi].g
			if parts[pi].fam != fam {
				continue
			}
			// Deterministic choice: same memory first, then name order.
			same := s.VRAMGiB == g.VRAMGiB
			if best >= 0 {
				cur := ix.gpus[best].g
				if (cur.VRAMGiB == g.VRAMGiB) && !same {
					continue
				}
				if (cur.VRAMGiB == g.VRAMGiB) == same && name > bestName {
					continue
				}
			}
			// Register the sibling as a GPU of the index (it may have no offer).
			j, ok := int32(-1), false
			for k := range ix.gpus {
				if ix.gpus[k].name == name {
					j, ok = int32(k), true
					break
				}
			}
			if !ok {
				s := s
				ix.gpus = append(ix.gpus, gpuInfo{name: name, g: &s, aliases: s.Aliases, sxm: -1, link: gpuLink(&s), eff: effRowOf(&s)})
				j = int32(len(ix.gpus) - 1)
			}
			best, bestName = j, name
		}
		ix.gpus[i].sxm = best
	}
}

// firstToken is the first lower-case alphanumeric word of a name.
func firstToken(s string) string {
	t := tokens(s)
	if len(t) == 0 {
		return ""
	}
	return t[0]
}
