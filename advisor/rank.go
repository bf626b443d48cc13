package advisor

import (
	"math"
	"reflect"
	"slices"

	"github.com/gpupick/gpupick/model"
)

// call is one Recommend evaluation, the rank cycle: the answers, the plan
// estimated from them (estimate.go), the stages that work on them, each
// in its own files and with its own part of the evaluation's state
// (feasibility*.go: what can run the job; price*.go and plans.go: the
// price of a run; risk*.go: the penalties), and the scan that ranks the
// offers with them (rank*.go). The explain stage (explain*.go) reads a
// finished cycle. The stages are held by value, so the scan reaches
// their state without a pointer more; bind points them at the call's
// answers and plan.
type call struct {
	eng *Engine
	cat *model.Catalog
	ix  *index
	// facts are the index's static GPU and shape facts (facts.go).
	facts *shapeFacts
	a     model.Answers
	l     lang
	// asked is a as given, before the estimate resolves its precision
	// and context (a shared estimate is one of the same answers asked).
	asked model.Answers
	p     *plan

	feas  feasibility
	price pricer
	risk  risker

	idleBest []float64 // per idle group (shapeFacts.groups): markIdle's lowest rate, 0 when none
	st       stats
	// fast skips the statistics: a scan stops reading a shape at the first
	// offer whose lower bound cannot enter the best list (rows are in
	// order of that bound; quick says so with verdict stop).
	fast bool
	// uncounted is set when an offer the bound keeps within the budget
	// need not be priced to count its budget group: no budget, or fast.
	uncounted bool
	// tailOK is set when why an offer is left out depends on nothing but
	// its provider, currency and bound (no budget, region, hard
	// requirement or deadline): a scan of a one-node shape stops at the
	// first offer that cannot enter the best list and counts the rest
	// from the index (countTail).
	tailOK bool
	// tailEnd is, by shapeRes.tailShape, stop where a shape's scan may end
	// before its last row, else skip (set by scan): the rows are in the
	// order of the bound quick compares (under a region filter, the rates
	// inside are not), and the rows left unread need no count (a fast
	// scan) or countTail counts them (tailOK on a tail shape).
	tailEnd [2]verdict
	// noTail turns the tail counts off (tests compare the two scans);
	// tailed counts the rows countTail counted.
	noTail bool
	tailed int
	// noOwnBound bounds an offer by its shape's penalties alone, not its
	// own too (tests compare the two scans); visited counts the offers
	// quick looked at, priced those it priced (bestQuote), over the
	// call's scans.
	noOwnBound      bool
	visited, priced int
	// sized is the scan's best candidate of each product's class (rank_sizes.go).
	sized sizeBest
}

// stats count why offers were left out, for the notes.
type stats struct {
	matched, filtered, noVRAM, tooBig, noFX, noPrice, spotOnly, retired int
	legacy                                                              int
	// engine counts the offers whose GPU the serving engine does not
	// support (below its minimum compute capability).
	engine int
	// noFP4 counts the offers whose GPU has no FP4 or MXFP4 kernel in the
	// serving engine (fp4Kernel).
	noFP4 int
	// idle counts the offers left out for paying for idle GPUs: a
	// configuration uses fewer GPUs than the instance has, and an instance
	// with just those GPUs costs no more (rank_idle.go).
	idle int
	// noCluster and noRDMA count the multi-node offers left out for want
	// of a cluster network: marketplace listings, and offers whose
	// provider documents none (feasibility_nodes.go).
	noCluster, noRDMA int
	// late and lateUnknown count the offers left out for missing the
	// deadline, or for a length that is not known (feasibility_nodes.go).
	late, lateUnknown int
	// regionUnknown counts the offers left out by the region filter for a
	// location the region table does not know.
	regionUnknown int
	// regionNoPrice counts the offers in a region the filter asks for
	// that have no price there (their prices are other regions').
	regionNoPrice int
	// near is the shape (plus one; 0 none) known to be too slow for the
	// latency class that comes nearest to it among those an offer of the
	// answers reached, nearX how far it misses (explain_nearest.go).
	near  int32
	nearX float64
	// reqFail and reqUnknown count the offers that fail a hard requirement
	// by a known fact, or for want of one (feasibility_require.go).
	reqFail, reqUnknown   int
	tooSlow, unknownSpeed int
	// lowRAM counts the offers left out for host RAM known to be below
	// what the software needs to load and run the job (hostram.go).
	lowRAM int
	// groups counts the offers that fit by budget group (within, over),
	// speed (meets or may meet the latency class, known too slow) and
	// whether a hidden cost is unknown, at over*4 + slow*2 + unk: what trim
	// keeps, counted before the top-N cut.
	groups [8]int
	// folded counts, per budget group, the listed offers that are another
	// size of a product listed at its best size (rank_sizes.go), and of them
	// those with an unknown hidden cost.
	folded [2][2]int
}

// count adds an offer to its group (tier 2, known too slow, is slow).
func (st *stats) count(over, tier, unk uint8) {
	st.groups[int(over)<<2|int(tier>>1)<<1|int(unk)]++
}

// listedIn is the number of offers trim keeps in a budget group (0
// within, 1 over), and how many of them have an unknown hidden cost: the
// too slow ones only when none in the group is fast enough.
func (st *stats) listedIn(over int) (n, partial int) {
	g := st.groups[over<<2 : over<<2+4]
	f := st.folded[over]
	if g[0]+g[1] > 0 {
		return g[0] + g[1] - f[0], g[1] - f[1]
	}
	return g[2] + g[3] - f[0], g[3] - f[1]
}

// shapeRes is the fit and speed of the workload on one shape.
type shapeRes struct {
	// at is the shape's index in the evaluation's shapes (feasibility's
	// per-shape tables, smaller): quick reads a row's idle-GPU bound by it
	// before it touches the row (issue 26: reading the row's own shape
	// first was a cache miss per row on a large catalog).
	at               int32
	ok               bool
	why              uint8
	nodes, tp, reps  int
	used             int
	sharding         string
	lay              trainLayout // training: the layout (layout.go)
	perGPU, headroom float64
	speed            model.Speed
	jobH             float64
	comm             commCost   // what moving data costs (for Speed.Reason)
	setup            setupParts // image pull, download and load: set for a job only (shapeSetup)
	tier             uint8      // 0 meets the latency class, 1 speed unknown, 2 too slow
	// short counts how the shape falls short of the job as asked: headroom
	// below the safety margin, FP8 run weight-only at 16-bit compute, BF16
	// run as FP16, a job beyond two years of wall-clock. Such
	// a shape ranks after every shape with fewer shortfalls (within its
	// budget group and latency tier), so it leads only when nothing else
	// fits.
	short uint8
	tight bool // headroom below the margin
	fp8WO bool // FP8 weight-only
	fp4WO bool // FP4 or MXFP4 weight-only (no FP4 tensor cores)
	bf16H bool // BF16 run as FP16
	long  bool // a job beyond two years of wall-clock (feasibility_longjob.go)
	slim  bool // meets the latency class within the speed estimate's tolerance
	// cores is the physical host cores the serving engine needs for this
	// configuration (coresNeeded; 0 when the rule does not apply).
	cores int
	// ram is the host RAM (GiB) a node of this configuration needs to
	// load and run the job (hostram.go; 0 when no rule applies), and
	// ramCut is set when some of the shape's offers are known to have
	// less (the scan then reads them all rather than count a tail);
	// ramRows is set when some offer must be looked at (ramCut, or one of
	// unknown RAM).
	// ramLeast is 1 when the rule applies and none of the shape's offers
	// has a known host RAM: every one of them falls short (host-ram-unknown).
	ram             float64
	ramCut, ramRows bool
	ramLeast        uint8
	// The run on this shape, for the scan: billed-use and calendar hours
	// (1 and 1 when a job's length is unknown, noLen), and what turns an
	// offer's lowest hourly rate into a lower bound of the run's cost. A
	// job's hours include the set-up but the provisioning, which depends
	// on the provider (rowHours adds it).
	runH, runCal, lbScale float64
	noLen                 bool
	// riskX is the compounded factor of the penalties of the
	// configuration alone (risk.go): every offer of the shape ranks at
	// least at its cost times riskX, so the scan's bound uses it.
	riskX float64
}

// tailShape is 1 for a shape whose scan can count the rows it leaves
// unread from the index (countTail: one node, no host known to be short
// of RAM), else 0: call.tailEnd's index.
func (sr *shapeRes) tailShape() int {
	return b2i(sr.nodes == 1 && !sr.ramCut)
}

// newCall prepares an evaluation. a must be normalised and valid.
func newCall(e *Engine, a model.Answers, l lang) *call {
	return reuseCall(nil, e, a, l)
}

// relaxedCall prepares an evaluation whose plan relax changes before its
// shapes are evaluated: the evaluation from scratch that a relaxed copy
// of an evaluation (explain_gates.go relaxedCopy) must rank as.
func relaxedCall(e *Engine, a model.Answers, l lang, relax func(p *plan)) *call {
	return setupCall(nil, e, a, l, relax, nil)
}

// reuseCall prepares an evaluation in c's buffers (a fresh call when c is
// nil), for the suggestions that re-rank the same catalog many times.
func reuseCall(c *call, e *Engine, a model.Answers, l lang) *call {
	return setupCall(c, e, a, l, nil, nil)
}

// setupCall is reuseCall with relax (when not nil) applied to the plan
// before the shapes are evaluated; with from (not nil, and no relax) an
// evaluation whose shapes are shared when they are the same (sameShapes).
func setupCall(c *call, e *Engine, a model.Answers, l lang, relax func(p *plan), from *call) *call {
	cat := e.cat
	if c == nil {
		c = &call{}
	}
	*c = call{eng: e, cat: cat, a: a, asked: a, l: l,
		feas: c.feas.reuse(), price: c.price.reuse(), idleBest: c.idleBest[:0], sized: c.sized}
	if relax == nil && from != nil && from.p.image == nil && from.cat == cat && from.l == l &&
		from.ix == e.index() && sameShapes(&from.asked, &c.a) {
		// The same estimate (sameShapes: the estimate reads none of the
		// answers that differ), with the answers it resolves (precision,
		// context) and its assumptions and disk: a copy, so that nothing
		// the ranking adds reaches from's. (An image plan is left out: a
		// tradeoff drops its time limit in place, relaxedCopy.)
		resolved := from.a
		resolved.Interconnect, resolved.Hosting, resolved.VCPU = a.Interconnect, a.Hosting, a.VCPU
		c.a = resolved
		p := *from.p
		p.req.Assumptions = slices.Clip(p.req.Assumptions)
		c.p = &p
		c.ix = e.index()
		c.facts = e.facts
		c.bind()
		c.price.setRates(cat)
		c.price.storageGB = from.price.storageGB
	} else {
		c.setupPlan(e)
	}
	c.feas.setFilters(e.ram.get(cat, c.ix))
	c.price.setHidden(cat, c.feas.wallCal)
	c.risk.staleBefore, c.risk.cat = staleCutoff(cat.Info.SnapshotDate), cat
	if relax != nil {
		relax(c.p)
	}
	if relax == nil && from != nil && from.ix == c.ix && sameShapes(&from.a, &c.a) {
		c.shareShapes(from)
	} else {
		c.evalShapes()
	}
	return c
}

// setupPlan makes the call's estimate and binds its stages to it: the
// plan, the smallest GPU count, the rates, the disk kept and the
// assumptions of the link and set-up models.
func (c *call) setupPlan(e *Engine) {
	cat, l := c.cat, c.l
	// The estimate reads no index: it is made first, while the index may
	// still be being built (a command starts it beside its answers' checks).
	c.p = newPlan(cat, &c.a, l)
	c.ix = e.index()
	c.facts = e.facts
	c.p.req.MinGPUs = c.p.minGPUs(c.ix.maxVRAM)
	c.bind()
	c.price.setRates(cat)
	c.price.storageGB = c.storedGB()
	if c.p.sized && !c.p.stated {
		// The link model and the set-up (estimate_speed.go, estimate_setup.go).
		c.p.req.Assumptions = append(c.p.req.Assumptions, l.f(kAsmLinks),
			l.f(kAsmSetup, provisionVMSec/60, provisionContainerSec/60, imageBytes/1e9, c.p.checkpointBytes()/1e9, downloadBps/1e6))
		if !c.p.training && c.p.image == nil && c.p.ar.experts > 0 && c.p.ar.used > 0 {
			c.p.req.Assumptions = append(c.p.req.Assumptions, l.f(kAsmMoELatency, moeLayerUS))
			if c.p.ar.mla {
				c.p.req.Assumptions = append(c.p.req.Assumptions, l.f(kAsmMLALatency, mlaLayerUS))
			}
		}
	}
}

// sameShapes reports whether two (normalised) answers evaluate every
// shape the same: they differ at most in the hard requirements on an
// offer's interconnect, hosting and vCPUs, which the plan and the shapes
// never read (feasibility_require.go applies them offer by offer).
func sameShapes(a, b *model.Answers) bool {
	x, y := *a, *b
	x.Interconnect, x.Hosting, x.VCPU = "", "", ""
	y.Interconnect, y.Hosting, y.VCPU = "", "", ""
	return reflect.DeepEqual(x, y)
}

// shareShapes is evalShapes for answers whose shapes evaluation from
// already worked out (sameShapes): its shapes, shared (read only: the
// call gives them back, not its own, when it is reused), then which
// configurations leave GPUs idle, which depends on the offers the
// requirements keep (markIdle).
func (c *call) shareShapes(from *call) {
	c.feas.shapes, c.feas.shared = from.feas.shapes, true
	c.markIdle()
}

// bind points the stages at the call's answers, plan, catalog and index
// (after the call is set up or copied: they hold pointers to its parts).
func (c *call) bind() {
	f := &c.feas
	f.a, f.p, f.cat, f.ix, f.facts = &c.a, c.p, c.cat, c.ix, c.facts
	f.reg.cat, f.reg.ix = c.cat, c.ix
	c.price.a, c.price.p, c.price.ix = &c.a, c.p, c.ix
	c.risk.p, c.risk.ix, c.risk.facts, c.risk.reg = c.p, c.ix, c.facts, &f.reg
}

// storedGB is what the run keeps on disk (GB): the user's data (the
// answer), and for training of a known size one checkpoint besides
// (weights and optimizer states, or the adapters alone), which the
// assumptions then state. The checkpoint the run downloads first is not
// kept (model.SetupTime.CheckpointGB; the launch export's disk adds it).
func (c *call) storedGB() float64 {
	if !c.p.training || !c.p.sized {
		return c.a.DataGB
	}
	ck := c.p.weights + c.p.optim
	if c.p.lora {
		ck = c.p.req.AdapterParamsB * 1e9 * 16
	}
	gb := ck / 1e9
	c.p.req.Assumptions = append(c.p.req.Assumptions, c.l.f(kAsmCheckpointDisk, gb))
	return c.a.DataGB + gb
}

// evalShapes works out every shape's fit, speed and run, then which
// configurations leave GPUs idle.
func (c *call) evalShapes() {
	f := &c.feas
	f.begin()
	for i := range f.shapes {
		// Cleared here, through the slice, for evalShape to fill: a store
		// is the first touch of the buffer's page. (Cleared through the
		// pointer evalShape takes, a nil check read it first: a read
		// fault, then a copy-on-write fault, on each fresh page of a new
		// process.)
		f.shapes[i] = shapeRes{at: int32(i)}
		sr := &f.shapes[i]
		f.evalShape(i, sr)
		if sr.ok {
			sr.runH, sr.runCal = f.runHours(sr, sr.setup.baseHours())
			if sr.noLen = c.p.jobMode && sr.runH <= 0; sr.noLen {
				sr.runH, sr.runCal = 1, 1
			}
			sr.lbScale = float64(sr.nodes) * sr.runH * (1 - 1e-9)
			sr.riskX = c.risk.shapeRiskX(&c.ix.shapes[i], sr)
		}
	}
	c.markIdle()
}

// grow returns a zeroed slice of length n, reusing s when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// cand is an offer's ranking key (less): within the budget first, then the
// latency tier, then how it falls short of the job as asked
// (shapeRes.short, plus one for an unknown host RAM), then a known all-in
// cost before one with an unknown storage or egress price (the unknown
// part counts as the worse case), all four packed in key; then the
// all-in cost of the run (its known parts) times the compounded risk
// penalties (rank), the all-in cost alone, the hourly rate and catalog
// order. It also carries the chosen price model, for the offer's row. It
// holds no pointer and stays small: the scan moves many.
type cand struct {
	key    uint32 // the first keys packed: over<<16 | tier<<8 | short<<4 | unk (packKey)
	pm     pmCode
	idx    int32 // offer index in the catalog
	row    int32 // row index in the index
	cost   float64
	rank   float64 // cost with the risk penalties: the order (risk.go)
	hourly float64
}

// packKey packs the first ranking keys of a candidate: over 1 when over
// the budget, the latency tier, the shortfalls of the shape
// (shapeRes.short), unk 1 when a hidden cost is unknown.
func packKey(over, tier, short, unk uint8) uint32 {
	return uint32(over)<<16 | uint32(tier)<<8 | uint32(short)<<4 | uint32(unk)
}

// over is 1 for a candidate over the budget; tier its latency tier; unk
// 1 when a storage or egress price is unknown.
func (a cand) over() uint8 { return uint8(a.key >> 16) }
func (a cand) tier() uint8 { return uint8(a.key >> 8) }
func (a cand) unk() uint8  { return uint8(a.key) & 0xf }

// compare orders two candidates as less does, for slices.SortFunc
// (without sort.Slice's reflection). A scan holds one candidate per
// offer, so candidates of one catalog index are the same.
func (a cand) compare(b cand) int {
	switch {
	case a.less(b):
		return -1
	case a.idx == b.idx:
		return 0
	}
	return 1
}

func (a cand) less(b cand) bool {
	if a.key != b.key {
		return a.key < b.key
	}
	if a.rank != b.rank {
		return a.rank < b.rank
	}
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	if a.hourly != b.hourly {
		return a.hourly < b.hourly
	}
	return a.idx < b.idx
}

// quick ranks one offer of a shape that holds the job, with cheap checks
// first, and counts it in its group. worst is the last candidate of the
// full best list (nil while the list is not full): an offer whose lowest
// rate times the run's hours, at the penalties it is known to carry
// whatever its price model, already ranks it after worst is counted but
// not priced (priced only to learn its budget group when the bound keeps
// the budget and the statistics are wanted).
func (c *call) quick(ri int32, sr *shapeRes, worst *cand) (cand, verdict) {
	c.visited++
	hr := &c.ix.hot[ri]
	if !c.feas.provOK[hr.prov] {
		c.st.filtered++
		return cand{}, skip
	}
	fx := c.price.fxUSD[hr.cur]
	if fx == 0 {
		c.st.noFX++
		return cand{}, skip
	}
	r := &c.ix.rows[ri]
	if len(c.feas.reqOut) > 0 && c.feas.reqOut[r.offer] != reqOK {
		if c.feas.reqOut[r.offer] == reqUnknown {
			c.st.reqUnknown++
		} else {
			c.st.reqFail++
		}
		return cand{}, skip
	}
	// The prices the run can be had at: the offer's own, or the ones
	// inside the region filter (whose floor then bounds the run).
	rp := &r.rates
	lbRate := hr.lbUSD
	if c.a.Interruptible {
		lbRate = hr.lbSpotUSD
	}
	if c.feas.reg.rf != nil && (hr.lbUSD > 0 || hr.lbSpotUSD > 0) {
		// (An offer with no price at all is counted as such below.)
		inside, lb, in := c.inside(r, fx, lbRate)
		if !in {
			return cand{}, skip
		}
		rp, lbRate = &inside, lb
	}
	lowRAM, ramUnk := c.feas.ramCheck(ri, sr)
	if lowRAM {
		c.st.lowRAM++
		return cand{}, skip
	}
	if lbRate <= 0 {
		c.st.unpriced(hr, c.feas.reg.rf != nil, rp.spot > 0)
		return cand{}, skip
	}
	if sr.nodes > 1 && !c.feas.clusterOK(r.offer) {
		c.st.noClusterCount(&c.cat.Offers[r.offer])
		return cand{}, skip
	}
	if sm := c.feas.smaller[sr.at]; sm > 0 && float64(lbRate)*float64(sr.nodes) >= sm {
		c.st.idle++ // so are the shape's later rows, of a bound as high or none:
		return cand{}, c.tailEnd[sr.tailShape()]
	}
	h, cal, unknown := c.feas.rowHours(sr, r)
	if c.late(cal, unknown) {
		return cand{}, skip
	}
	c.st.matched++ // and, by the scan, unknownSpeed or tooSlow by the shape's tier
	var unk uint8
	if c.price.anyUnk { // the same for every offer of a call
		unk = c.price.hidUnk[hr.prov]
	}
	if worst != nil && !unknown {
		// The best this offer can do: its lowest rate for every hour, no
		// hidden cost; over the budget if even that is.
		lb := float64(lbRate) * sr.lbScale
		var over uint8
		if c.price.budgetUSD > 0 && !c.price.within(lb, lb, h, cal) {
			over = 1
		}
		// Compare (budget group, tier, unk, cost) with worst, with few
		// branches: unk varies from offer to offer. Later rows of the shape
		// have a higher bound and the same tier but any unk, so the scan may
		// stop (final) only when unk does not decide. An offer the bound
		// keeps within the budget is still priced when the statistics are
		// wanted, to count it in its budget group; the best list does not
		// take it.
		// k is this offer's key (an unknown host RAM adds a shortfall),
		// least the least key of the shape's later rows (the shape's
		// shortfalls, plus one when none of its offers has a known host
		// RAM): this offer is skipped on k, the shape's scan stops on least.
		wk := worst.key
		k := packKey(over, sr.tier, sr.short+ramUnk, unk)
		least := packKey(over, sr.tier, sr.short+sr.ramLeast, unk)
		var gt, eq, leastGT, leastEQ, dear, dearOwn uint8 // set without branches (conditional moves)
		if k > wk {
			gt = 1
		}
		if k == wk {
			eq = 1
		}
		if least > wk {
			leastGT = 1
		}
		if least == wk {
			leastEQ = 1
		}
		// dear: this offer's bound at the shape's penalties alone, which
		// bounds every later row of the shape too (the scan stops on it);
		// dearOwn: at this offer's own penalties as well (a marketplace
		// host, shared vCPUs, a stale price, few cores: quickRisk's
		// factors the offer is known to carry), which bounds this offer
		// alone (it is skipped on it). Every penalty is a factor of at
		// least 1, so rank is at least either.
		shapeLB := lb * sr.riskX
		if shapeLB > worst.rank {
			dear = 1
		}
		if own := ownRiskX(hr, sr, !c.p.jobMode); shapeLB*own > worst.rank && !c.noOwnBound {
			dearOwn = 1
		}
		dearOwn |= dear
		if gt|eq&dearOwn != 0 && (over != 0 || c.uncounted) {
			c.st.count(over, sr.tier, unk)
			// Rows are in order of the offer's own bound, not of the bound
			// inside a region filter: under one, no later row is known to
			// be dearer, so the scan goes on.
			if leastGT|leastEQ&dear != 0 && c.tailEnd[sr.tailShape()] == stop && (least>>4 > wk>>4 || dear == 1 && worst.unk() == 0) {
				return cand{}, stop
			}
			return cand{}, skip
		}
	}
	pol := c.ix.provs[r.prov].pol
	var hc hidden
	if c.p.jobMode {
		hc = c.price.hiddenCosts(r.prov, cal)
	} else {
		hc = c.price.hidWall[r.prov]
	}
	c.priced++
	total, rate, pm, est, within, ok := c.price.bestQuote(rp, pol, sr.nodes, h, cal, fx, hc)
	if !ok {
		return cand{}, skip // unreachable: a floor above 0 means a model is eligible
	}
	if unknown {
		total, hc.storage, hc.egress = math.Inf(1), 0, 0
		within = c.price.budgetUSD <= 0
	}
	var over uint8
	if !within {
		over = 1
	}
	c.st.count(over, sr.tier, unk)
	cost := model.AllIn(total, hc.storage, hc.egress)
	risk := quickRisk(hr, sr, est, !c.p.jobMode) * factor(hiddenRisk(hc, est)) * factor(c.risk.spotOnlyRisk(hr, rp, pol, pm, cal))
	return cand{key: packKey(over, sr.tier, sr.short+ramUnk, unk), pm: pm, cost: cost, rank: cost * risk, hourly: rate, idx: r.offer, row: ri}, take
}

// inside is a row's rates inside the region filter and, when its own
// bound lb is positive, the bound there (pricer.floorUSD); fx converts
// its currency to USD. in is false when the filter leaves the offer out
// (counted by why).
func (c *call) inside(r *row, fx float64, lb float32) (p rates, bound float32, in bool) {
	p, _, in, unk := c.feas.reg.regionRates(r)
	switch {
	case !in && unk:
		c.st.regionUnknown++
	case !in:
		c.st.filtered++
	case lb > 0:
		lb = c.price.floorUSD(&p, r, fx)
	}
	return p, lb, in
}

// unpriced counts an offer left out for want of a price the run can use
// (hr its hot row) by why: its instance type retired, a spot price alone
// (spotInside: it has one inside the region filter when regional), prices
// only outside the regions asked, or none.
func (st *stats) unpriced(hr *hotRow, regional, spotInside bool) {
	switch {
	case hr.risk&offerRetired != 0:
		st.retired++
	case hr.lbSpotUSD > 0 && (!regional || spotInside):
		st.spotOnly++
	case regional && (hr.lbUSD > 0 || hr.lbSpotUSD > 0):
		st.regionNoPrice++ // priced, but not in the regions asked
	default:
		st.noPrice++
	}
}

// verdict is what a scan does with an offer quick looked at.
type verdict uint8

const (
	skip verdict = iota // left out, or cannot enter the best list
	take                // a candidate
	stop                // cannot enter, nor can the shape's later offers (fast scans)
)

// scan ranks every offer and keeps the best k with a bounded heap (the
// worst kept candidate at the root), then sorts them. With all it keeps
// every offer that fits.
func (c *call) scan(k int, all bool) []cand {
	if k <= 0 {
		k = 1
	}
	if all {
		k = len(c.ix.rows)
	}
	h := make([]cand, 0, min(k, len(c.ix.rows)))
	sized := c.newSizeBest(all) // one candidate per product and class, beside the heap
	c.uncounted = c.price.budgetUSD <= 0 || c.fast
	c.tailOK = !c.noTail && c.price.budgetUSD <= 0 && len(c.feas.reqOut) == 0 && c.feas.reg.rf == nil && c.p.deadline <= 0
	ordered := c.feas.reg.rf == nil
	c.tailEnd = [2]verdict{skip, skip}
	if ordered && c.fast {
		c.tailEnd[0] = stop
	}
	if ordered && (c.fast || c.tailOK) {
		c.tailEnd[1] = stop
	}
	for si := range c.feas.shapes {
		sr := &c.feas.shapes[si]
		lo, hi := c.ix.start[si], c.ix.start[si+1]
		if !sr.ok {
			n := int(hi - lo)
			switch sr.why {
			case whyFiltered:
				c.st.filtered += n
			case whyNoVRAM:
				c.st.noVRAM += n
			case whyLegacy:
				c.st.legacy += n
			case whyEngine:
				c.st.engine += n
			case whyNoFP4:
				c.st.noFP4 += n
			default:
				c.st.tooBig += n
			}
			continue
		}
		matched := c.st.matched
		// Rows are in the order of the bound the idle check reads, the
		// unpriced last, but under a region filter (its rates inside are
		// not in that order). Where the scan keeps no statistics, or can
		// count the rest from the index (countTail, as at the bound's
		// stop), it reads no row past the first idle one (the later ones
		// are idle too, or left out before) nor any unpriced one (a fast
		// scan under a filter neither: inside, they have no price either).
		zero := hi
		if c.tailEnd[sr.tailShape()] == stop || c.fast {
			zero = c.ix.tails.zeroAt(si, c.a.Interruptible)
		}
		for j := lo; j < hi; j++ {
			if j == zero {
				// The rest have no price the run can use: counted, not read.
				if !c.fast {
					c.countTail(si, j, sr)
				}
				break
			}
			ri := j
			if c.a.Interruptible {
				ri = c.ix.spotOrder[j]
			}
			var worst *cand
			if len(h) == k && !all {
				worst = &h[0]
			}
			counted := c.st.matched
			cd, v := c.quick(ri, sr, worst)
			sized.saw(c, ri, sr, &cd, v, c.st.matched != counted)
			if v != take {
				if v == stop {
					if !c.fast {
						c.countTail(si, j+1, sr)
					}
					break
				}
				continue
			}
			if all {
				h = append(h, cd)
				continue
			}
			if sized.keep(cd) == sizeKept {
				continue
			}
			if len(h) < k {
				h = append(h, cd)
				siftUp(h, len(h)-1)
				continue
			}
			if cd.less(h[0]) {
				h[0] = cd
				siftDown(h, 0)
			}
		}
		switch sr.tier {
		case 1:
			c.st.unknownSpeed += c.st.matched - matched
		case 2:
			c.st.tooSlow += c.st.matched - matched
			if c.st.matched > matched {
				c.noteNearest(si, sr)
			}
		}
	}
	h = sized.into(h, k)
	if all {
		slices.SortFunc(h, cand.compare)
	} else {
		heapSort(h) // h is a heap: sorted in place by the comparison the scan used
	}
	return h
}

// heapSort sorts the max-heap h (by cand.less) into ascending order,
// taking the largest off the root to the end until none is left: the
// order slices.SortFunc gives (less is a strict total order), with direct
// calls to less rather than a comparison through a function value.
func heapSort(h []cand) {
	for end := len(h) - 1; end > 0; end-- {
		h[0], h[end] = h[end], h[0]
		siftDown(h[:end], 0)
	}
}

// ranked is the listed offers, best first: the first top of them, or with
// all every one, each product once (fold), with a deadline the shorter of
// near-equal costs first (shortFirst). When trim or the fold drops offers
// the heap held while more are listed, or a run shortFirst reorders
// reaches past the offers held, the scan runs again with room for more:
// the first top are those of the full list.
func (c *call) ranked(top int, all bool) []cand {
	k := top
	var folded [2][2]int
	counted := false
	for {
		c.st = stats{}
		cs := c.scan(k, all)
		n := len(cs)
		cs = c.fold(trim(cs), all)
		if all {
			c.shortFirst(cs)
			return cs
		}
		if !c.fast {
			if !counted {
				folded, counted = c.countFolded(), true
			}
			c.st.folded = folded
		}
		in, _ := c.st.listedIn(0)
		over, _ := c.st.listedIn(1)
		if len(cs) >= top || len(cs) >= in+over || n < k {
			if n == k && len(cs) < in+over && c.runCut(cs, top) {
				// The run of near-equal costs shortFirst reorders goes on
				// past the candidates held: hold more.
				k *= 2
				continue
			}
			c.shortFirst(cs)
			return cs[:min(len(cs), top)]
		}
		k += n - len(cs)
	}
}

// siftUp and siftDown keep h a max-heap by cand.less.
func siftUp(h []cand, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h[p].less(h[i]) {
			return
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func siftDown(h []cand, i int) {
	for {
		l, m := 2*i+1, i
		if l < len(h) && h[m].less(h[l]) {
			m = l
		}
		if r := l + 1; r < len(h) && h[m].less(h[r]) {
			m = r
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// trim applies the presentation rule to the sorted best candidates:
// offers known to be too slow for the latency class are shown only when
// no other offer of their budget group (within, over) is left. Offers
// over the budget follow those within it.
func trim(cs []cand) []cand {
	var fast [2]bool
	for _, cd := range cs {
		if cd.tier() < 2 {
			fast[cd.over()] = true
		}
	}
	if !fast[0] && !fast[1] {
		return cs
	}
	out := cs[:0]
	for _, cd := range cs {
		if cd.tier() < 2 || !fast[cd.over()] {
			out = append(out, cd)
		}
	}
	return out
}

// noteNearest records a shape whose offers are known to be too slow and
// that some offer of the answers' filters reached (the scan matched one):
// the nearest of them so far is kept in the statistics (of two as near,
// the one on fewer GPUs).
func (c *call) noteNearest(si int, sr *shapeRes) {
	x, _ := sr.missBy(c.p)
	if x <= 0 {
		return
	}
	used := func(i int) int { return c.ix.shapes[i].count * c.feas.shapes[i].nodes }
	if c.st.near == 0 || x < c.st.nearX || x == c.st.nearX && used(si) < used(int(c.st.near-1)) {
		c.st.near, c.st.nearX = int32(si)+1, x
	}
}
