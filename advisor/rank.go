package advisor

import (
	"math"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// call is one Recommend evaluation: the answers, the plan estimated from
// them, the per-call lookup tables and the per-shape results.
type call struct {
	cat *model.Catalog
	ix  *index
	a   model.Answers
	l   lang
	p   *plan

	disp      model.Currency
	fxUSD     []float64 // per currency index: one unit in USD (0 = no rate)
	fxDisp    []float64 // per currency index: one unit in the display currency
	usdDisp   float64   // one USD in the display currency
	polFX     []float64 // per provider: policy currency in USD
	provOK    []bool
	hidWall   []hidden // per provider, for wall-clock runs
	wallH     float64
	wallCal   float64
	budgetUSD float64
	storageGB float64
	gpuOK     []bool // per GPU index: passes the --gpu filter
	shapes    []shapeRes
	st        stats
	// fast skips the statistics: a scan stops reading a shape at the first
	// offer whose lower bound cannot enter the best list (rows are in
	// order of that bound). stop reports that case from quick.
	fast bool
	stop bool
}

// stats count why offers were left out, for the notes.
type stats struct {
	matched, filtered, noVRAM, tooBig, noFX, noPrice, spotOnly int
	legacy                                                     int
	tooSlow, unknownSpeed                                      int
}

// shapeRes is the fit and speed of the workload on one shape.
type shapeRes struct {
	ok               bool
	why              uint8
	nodes, tp, reps  int
	used             int
	sharding         string
	perGPU, headroom float64
	speed            model.Speed
	jobH             float64
	comm             commCost   // what moving data costs (for Speed.Reason)
	setup            setupParts // image pull, download and load
	tier             uint8      // 0 meets the latency class, 1 speed unknown, 2 too slow
}

// Reasons a shape is left out.
const (
	whyOK uint8 = iota
	whyFiltered
	whyNoVRAM
	whyTooBig
	whyLegacy
)

// newCall prepares an evaluation. a must be normalised and valid.
func newCall(cat *model.Catalog, a model.Answers, l lang) *call {
	return reuseCall(nil, cat, a, l)
}

// reuseCall prepares an evaluation in c's buffers (a fresh call when c is
// nil), for the suggestions that re-rank the same catalog many times.
func reuseCall(c *call, cat *model.Catalog, a model.Answers, l lang) *call {
	if c == nil {
		c = &call{}
	}
	*c = call{cat: cat, ix: indexFor(cat), a: a, l: l,
		fxUSD: c.fxUSD[:0], fxDisp: c.fxDisp[:0], polFX: c.polFX[:0], provOK: c.provOK[:0],
		hidWall: c.hidWall[:0], gpuOK: c.gpuOK[:0], shapes: c.shapes[:0]}
	c.p = newPlan(cat, &c.a, l)
	c.p.req.MinGPUs = c.p.minGPUs(c.ix.maxVRAM)
	ix := c.ix

	c.disp = a.Currency
	if v, ok := cat.Convert(1, model.USD, c.disp); ok && pos(v) > 0 {
		c.usdDisp = v
	} else {
		c.disp, c.usdDisp = model.USD, 1
	}
	c.fxUSD = grow(c.fxUSD, len(ix.curs))
	c.fxDisp = grow(c.fxDisp, len(ix.curs))
	for i, cur := range ix.curs {
		if v, ok := cat.Convert(1, cur, model.USD); ok && pos(v) > 0 {
			c.fxUSD[i] = v
			c.fxDisp[i] = v * c.usdDisp
			if w, ok := cat.Convert(1, cur, c.disp); ok && pos(w) > 0 {
				c.fxDisp[i] = w
			}
		}
	}

	if a.Budget.IsSet() {
		if v, ok := cat.Convert(a.Budget.Amount, a.Budget.Currency, model.USD); ok {
			c.budgetUSD = pos(v)
		}
	}

	c.storageGB = a.DataGB
	if c.storageGB == 0 && c.p.training && c.p.sized {
		// One checkpoint kept on disk: weights and optimizer states (or the
		// adapters alone).
		ck := c.p.weights + c.p.optim
		if c.p.lora {
			ck = c.p.req.AdapterParamsB * 1e9 * 16
		}
		c.storageGB = ck / 1e9
		c.p.req.Assumptions = append(c.p.req.Assumptions, l.f(kAsmCheckpointDisk, c.storageGB))
	}
	if c.p.sized && !c.p.stated {
		// The link model and the set-up (speed.go, setup.go).
		c.p.req.Assumptions = append(c.p.req.Assumptions, l.f(kAsmLinks),
			l.f(kAsmSetup, provisionVMSec/60, provisionContainerSec/60, imageBytes/1e9, c.p.checkpointBytes()/1e9, downloadBps/1e6))
	}

	c.provOK = grow(c.provOK, len(ix.provs))
	c.polFX = grow(c.polFX, len(ix.provs))
	for i, pv := range ix.provs {
		c.provOK[i] = providerWanted(a.Providers, pv)
		c.polFX[i] = fxPolicy(cat, pv.pol)
	}
	c.gpuOK = grow(c.gpuOK, len(ix.gpus))
	for i := range ix.gpus {
		c.gpuOK[i] = gpuWanted(a.GPU, &ix.gpus[i])
	}

	if !c.p.jobMode {
		c.wallH = a.GPUHours()
		c.wallCal = a.DurationHours
		c.hidWall = grow(c.hidWall, len(ix.provs))
		for i := range ix.provs {
			c.hidWall[i] = c.hiddenCosts(uint16(i), c.wallCal)
		}
	}
	c.shapes = grow(c.shapes, len(ix.shapes))
	for i := range ix.shapes {
		c.shapes[i] = c.evalShape(&ix.shapes[i])
	}
	return c
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

// providerWanted applies the --provider filter (key or display name,
// case-insensitive).
func providerWanted(want []string, pv provInfo) bool {
	if len(want) == 0 {
		return true
	}
	for _, w := range want {
		w = strings.TrimSpace(w)
		if strings.EqualFold(w, pv.key) || pv.pol != nil && (strings.EqualFold(w, pv.pol.Name) || strings.EqualFold(w, pv.pol.Provider)) {
			return true
		}
	}
	return false
}

// gpuWanted applies the --gpu filter to a GPU's name and aliases.
func gpuWanted(q string, g *gpuInfo) bool {
	if strings.TrimSpace(q) == "" {
		return true
	}
	if MatchGPU(q, g.name) {
		return true
	}
	for _, al := range g.aliases {
		if MatchGPU(q, al) {
			return true
		}
	}
	return false
}

// evalShape works out the smallest configuration of a shape that holds
// the job, and its speed.
func (c *call) evalShape(s *shape) shapeRes {
	p := c.p
	var sr shapeRes
	if c.a.GPU != "" && (s.gpu < 0 || !c.gpuOK[s.gpu]) || c.a.GPUs > 0 && s.count != c.a.GPUs {
		sr.why = whyFiltered
		return sr
	}
	if s.count <= 0 || s.vram <= 0 || math.IsInf(s.vram, 0) || math.IsNaN(s.vram) {
		sr.why = whyNoVRAM
		return sr
	}
	if c.a.GPU == "" && s.gpu >= 0 && c.ix.gpus[s.gpu].g != nil && c.ix.gpus[s.gpu].g.Architecture == "Kepler" {
		// CUDA 12 dropped Kepler: nothing current runs there. Shown only
		// when the user asks for the GPU by name.
		sr.why = whyLegacy
		return sr
	}
	v := s.vram * gib
	n := s.count
	switch {
	case p.training:
		best := 0
		for _, z := range p.shardings {
			split, whole := p.shardSplit(z)
			free := v - whole - p.actPerGPU(n) - p.ctx
			if free <= 0 {
				continue
			}
			nodes := 1
			if split > 0 {
				need := math.Ceil(split / free) // GPUs
				nodes = int(math.Min(math.Max(1, math.Ceil(need/float64(n))), float64(p.maxNodes+1)))
			}
			for nodes <= p.maxNodes && p.perGPUTraining(z, n*nodes, n) > v {
				nodes++
			}
			if nodes > p.maxNodes {
				continue
			}
			if best == 0 || nodes < best {
				best, sr.sharding = nodes, z
			}
		}
		if best == 0 {
			sr.why = whyTooBig
			return sr
		}
		sr.nodes, sr.tp, sr.reps, sr.used = best, 1, 1, n*best
		sr.perGPU = p.perGPUTraining(sr.sharding, n*best, n)
	default:
		t, r := p.tensorParallel(n)
		x1 := p.shareInference(t, r, 1)
		capX := v
		if !p.stated {
			capX = math.Min(p.reserve*v-p.act, v-p.act-p.ctx)
		}
		if capX <= 0 {
			sr.why = whyTooBig
			return sr
		}
		nodes := int(math.Min(math.Max(1, math.Ceil(x1/capX)), float64(p.maxNodes+1)))
		for nodes <= p.maxNodes && p.perGPUInference(t, r, nodes) > v {
			nodes++
		}
		if nodes > p.maxNodes {
			sr.why = whyTooBig
			return sr
		}
		sr.nodes, sr.tp, sr.reps, sr.used = nodes, t, r, t*r*nodes
		sr.perGPU = p.perGPUInference(t, r, nodes)
	}
	sr.ok = true
	sr.headroom = (v - sr.perGPU) / v
	var g *model.GPU
	if s.gpu >= 0 {
		g = c.ix.gpus[s.gpu].g
	}
	in := speedIn{g: g, frac: s.frac, n: n, t: sr.tp, r: sr.reps, nodes: sr.nodes, sharding: sr.sharding,
		net: topoOf(g, s.nvlink, s.ic, s.rdma, s.netGbps, n, sr.nodes)}
	sr.speed, sr.jobH, sr.comm = p.speedOf(in)
	loaders := sr.tp * sr.nodes
	if p.training {
		loaders = n * sr.nodes
	}
	sr.setup = p.setupOf(g, s.netGbps, loaders)
	matters := p.jobMode || p.minDecode > 0 || p.maxTTFT > 0
	switch {
	case !sr.speed.Unknown && !sr.speed.MeetsLatency:
		sr.tier = 2
	case sr.speed.Unknown && matters:
		sr.tier = 1
	}
	return sr
}

// runHours is the billed-use hours and the calendar hours of the run on a
// shape: a job-size run is its job time plus the set-up (setupH hours);
// for a job of unknown speed both are 0.
func (c *call) runHours(sr *shapeRes, setupH float64) (h, cal float64) {
	if !c.p.jobMode {
		return c.wallH, c.wallCal
	}
	if sr.jobH <= 0 {
		return 0, 0
	}
	h = sr.jobH + setupH
	return h, h * model.HoursPerWeekFull / c.a.HoursPerWeek
}

// cand is an offer's ranking key: within budget first, then latency tier,
// then the all-in cost of the run, the hourly rate and catalog order.
type cand struct {
	over, tier uint8
	cost       float64
	hourly     float64
	idx        int32 // offer index in the catalog
	row        int32 // row index in the index
}

func (a cand) less(b cand) bool {
	if a.over != b.over {
		return a.over < b.over
	}
	if a.tier != b.tier {
		return a.tier < b.tier
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
// first. worst is the last candidate of the full best list (nil while the
// list is not full): an offer whose lowest rate times the run's hours
// already ranks it after worst is counted but not priced.
func (c *call) quick(ri int32, sr *shapeRes, worst *cand) (cand, bool) {
	hr := &c.ix.hot[ri]
	if !c.provOK[hr.prov] {
		c.st.filtered++
		return cand{}, false
	}
	fx := c.fxUSD[hr.cur]
	if fx == 0 {
		c.st.noFX++
		return cand{}, false
	}
	r := &c.ix.rows[ri]
	if len(c.a.Regions) > 0 && !regionWanted(c.a.Regions, c.cat.Offers[r.offer].Regions) {
		c.st.filtered++
		return cand{}, false
	}
	lbRate := hr.lbUSD
	if c.a.Interruptible {
		lbRate = hr.lbSpotUSD
	}
	if lbRate <= 0 {
		if hr.lbSpotUSD > 0 {
			c.st.spotOnly++
		} else {
			c.st.noPrice++
		}
		return cand{}, false
	}
	c.st.matched++
	switch sr.tier {
	case 1:
		c.st.unknownSpeed++
	case 2:
		c.st.tooSlow++
	}
	h, cal := c.runHours(sr, sr.setup.hours(r.class))
	unknown := c.p.jobMode && h <= 0
	if unknown {
		h, cal = 1, 1
	}
	if worst != nil && !unknown {
		// The best this offer can do: its lowest rate for every hour, no
		// hidden cost; over the budget if even that is.
		lb := float64(lbRate) * float64(sr.nodes) * h * (1 - 1e-9)
		var over uint8
		if c.budgetUSD > 0 && !c.within(lb, lb, h, cal) {
			over = 1
		}
		if over > worst.over || over == worst.over && (sr.tier > worst.tier || sr.tier == worst.tier && lb > worst.cost) {
			c.stop = true
			return cand{}, false
		}
	}
	pol := c.ix.provs[r.prov].pol
	var hid float64
	if c.p.jobMode {
		hc := c.hiddenCosts(r.prov, cal)
		hid = hc.storage + hc.egress
	} else {
		hid = c.hidWall[r.prov].storage + c.hidWall[r.prov].egress
	}
	total, rate, within, ok := c.bestQuote(r, pol, sr.nodes, h, cal, fx, hid)
	if !ok {
		return cand{}, false // unreachable: minRate > 0 means a model is eligible
	}
	cd := cand{tier: sr.tier, cost: total + hid, hourly: rate, idx: r.offer, row: ri}
	if unknown {
		cd.cost = math.Inf(1)
		within = c.budgetUSD <= 0
	}
	if !within {
		cd.over = 1
	}
	return cd, true
}

// regionWanted applies the --region filter: an offer passes when one of
// its regions starts with a wanted one (case-insensitive).
func regionWanted(want, have []string) bool {
	_, ok := matchRegion(have, want)
	return ok
}

// matchRegion returns the first region of have that starts with one of
// want (case-insensitive).
func matchRegion(have, want []string) (string, bool) {
	for _, w := range want {
		w = strings.ToLower(strings.TrimSpace(w))
		for _, h := range have {
			if strings.HasPrefix(strings.ToLower(h), w) {
				return h, true
			}
		}
	}
	return "", false
}

// scan ranks every offer and keeps the best k with a bounded heap (the
// worst kept candidate at the root), then sorts them.
func (c *call) scan(k int) []cand {
	if k <= 0 {
		k = 1
	}
	h := make([]cand, 0, min(k, len(c.ix.rows)))
	for si := range c.shapes {
		sr := &c.shapes[si]
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
			default:
				c.st.tooBig += n
			}
			continue
		}
		for j := lo; j < hi; j++ {
			ri := j
			if c.a.Interruptible {
				ri = c.ix.spotOrder[j]
			}
			var worst *cand
			if len(h) == k {
				worst = &h[0]
			}
			c.stop = false
			cd, ok := c.quick(ri, sr, worst)
			if !ok {
				if c.stop && c.fast {
					break
				}
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
	}
	sort.Slice(h, func(i, j int) bool { return h[i].less(h[j]) })
	return h
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

// trim applies the presentation rules to the sorted best candidates:
// offers over the budget are shown only when none keeps it, and offers
// known to be too slow for the latency class only when no other is left.
func trim(cs []cand) []cand {
	if len(cs) == 0 {
		return cs
	}
	if cs[0].over == 0 {
		n := 0
		for n < len(cs) && cs[n].over == 0 {
			n++
		}
		cs = cs[:n]
	}
	if cs[0].tier < 2 {
		out := cs[:0]
		for _, cd := range cs {
			if cd.tier < 2 {
				out = append(out, cd)
			}
		}
		cs = out
	}
	return cs
}
