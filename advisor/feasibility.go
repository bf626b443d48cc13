package advisor

import (
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// feasibility is the stage that says what can run the job: which offers
// the filters keep (the --gpu and --provider filters, the hard
// requirements, the region filter, the host RAM a node needs) and, for
// every hardware shape of the catalog, the smallest configuration that
// holds the job (nodes, tensor-parallel degree and replicas, sharding),
// its speed on it and the run's hours (evalShape). One evaluation holds
// one (call.feas); it reads the answers and the plan it is pointed at.
type feasibility struct {
	a     *model.Answers
	p     *plan
	cat   *model.Catalog
	ix    *index
	facts *shapeFacts
	// ram is the rows' host RAM (hostram.go).
	ram    *ramIndex
	gpuOK  []bool  // per GPU index: passes the --gpu filter
	provOK []bool  // per provider: passes the --provider and --exclude-provider filters
	reqOut []uint8 // per offer: how it meets the hard requirements (empty: none asked)
	reg    regionFilter
	// wallH and wallCal are a rented period's hours of use and calendar
	// hours (0 for a job-size run, whose hours are each shape's).
	wallH, wallCal float64
	// shapes are the per-shape results (evalShape). fits and speeds
	// share a fit and a one-node speed between the shapes of a class
	// within one evaluation of the shapes (fitOf, speedOnOneNode): gen
	// numbers the evaluation, so entries of an earlier one are stale.
	shapes []shapeRes
	// shared is set when shapes are another evaluation's (shareShapes):
	// read only, and not kept for the next evaluation.
	shared bool
	// smaller is, per shape that leaves GPUs idle, the lowest hourly rate
	// (USD, all nodes) of a configuration of the same GPU with just the
	// GPUs it uses, among the offers the filters keep (markIdle); 0 when
	// none is known.
	smaller []float64
	fits    []classMemo // per fit class (shapeFacts.fitClass)
	speeds  []classMemo // per speed class (shapeFacts.speedClass)
	gen     uint32
	// noShare turns that sharing off (tests compare the two). Set it
	// before evalShapes.
	noShare bool
}

// reuse is an empty stage that keeps f's buffers, for the next
// evaluation in the same call.
func (fe *feasibility) reuse() feasibility {
	shapes := fe.shapes[:0]
	if fe.shared {
		shapes = nil // another evaluation's
	}
	return feasibility{gpuOK: fe.gpuOK[:0], provOK: fe.provOK[:0], reqOut: fe.reqOut[:0],
		shapes: shapes, smaller: fe.smaller[:0], fits: fe.fits, speeds: fe.speeds, gen: fe.gen}
}

// setFilters works out, once per evaluation, which GPUs, providers and
// offers the filters and hard requirements keep, compiles the region
// filter and sets a rented period's hours; ram is the rows' host RAM.
func (fe *feasibility) setFilters(ram *ramIndex) {
	a, ix := fe.a, fe.ix
	fe.ram = ram
	fe.provOK = grow(fe.provOK, len(ix.provs))
	for i, pv := range ix.provs {
		fe.provOK[i] = providerWanted(a.Providers, pv) && (len(a.ExcludeProviders) == 0 || !providerWanted(a.ExcludeProviders, pv))
	}
	fe.gpuOK = grow(fe.gpuOK, len(ix.gpus))
	for i := range ix.gpus {
		fe.gpuOK[i] = gpuWanted(a.GPU, &ix.gpus[i])
	}
	if !fe.p.jobMode {
		fe.wallH, fe.wallCal = a.GPUHours(), a.DurationHours
	}
	fe.markRequirements()
	fe.reg.set(a.Regions)
}

// begin readies the per-shape buffers for an evaluation of the shapes.
func (fe *feasibility) begin() {
	fe.gen++ // the classes' entries of an earlier evaluation are stale
	if len(fe.speeds) != fe.facts.speedClasses || len(fe.fits) != fe.facts.fitClasses || fe.gen == 0 {
		// New buffers, or the generation counter wrapped round.
		fe.speeds, fe.fits, fe.gen = make([]classMemo, fe.facts.speedClasses), make([]classMemo, fe.facts.fitClasses), 1
	}
	// Each shape's result is cleared and written whole by evalShapes:
	// the buffer is not cleared here.
	if n := len(fe.ix.shapes); cap(fe.shapes) < n {
		fe.shapes = make([]shapeRes, n)
	} else {
		fe.shapes = fe.shapes[:n]
	}
}

// evalShape works out the smallest configuration of a shape that holds
// the job, and its speed, into sr, which the caller cleared (evalShapes).
func (fe *feasibility) evalShape(si int, sr *shapeRes) {
	s := &fe.ix.shapes[si]
	p := fe.p
	if fe.a.GPU != "" && (s.gpu < 0 || !fe.gpuOK[s.gpu]) || fe.a.GPUs > 0 && s.count != fe.a.GPUs {
		sr.why = whyFiltered
		return
	}
	if s.count <= 0 || s.vram <= 0 || math.IsInf(s.vram, 0) || math.IsNaN(s.vram) {
		sr.why = whyNoVRAM
		return
	}
	gf := fe.facts.gpuOf(s.gpu)
	if fe.a.GPU == "" && gf.kepler {
		// CUDA 12 dropped Kepler: nothing current runs there. Shown only
		// when the user asks for the GPU by name.
		sr.why = whyLegacy
		return
	}
	if fe.a.GPU == "" && !p.training && !p.stated && p.image == nil && gf.below {
		sr.why = whyEngine
		return
	}
	if p.image == nil && fe.a.Precision.FP4() && !fp4Kernel(fe.a.Precision, fe.ix.shapeGPU(s)) {
		sr.why = whyNoFP4
		return
	}
	v := s.vram * gib
	f, ok := fe.fitOf(si, s, v)
	if !ok {
		sr.why = whyTooBig
		return
	}
	sr.ok = true
	g := fe.ix.shapeGPU(s)
	fe.configure(si, g, v, f, sr)
	// A job beyond two years scales out over the nodes allowed, or falls
	// short (feasibility_longjob.go).
	fe.longJob(si, g, v, sr)
	if sr.tight {
		sr.short++
	}
	if p.image == nil && fp8Fallback(fe.a, g) {
		sr.fp8WO = true
		sr.short++
	}
	if p.image == nil && fp4Fallback(fe.a, g) {
		sr.fp4WO = true
		sr.short++
	}
	if p.image == nil && !p.stated && bf16Fallback(fe.a, g) {
		sr.bf16H = true
		sr.short++
	}
	if sr.long {
		sr.short++
	}
	fe.setTier(sr)
}

// setTier sets a shape's latency tier (0 meets the class, 1 speed
// unknown, 2 known too slow) and whether it meets the class by less than
// the speed estimate's tolerance (slim, a shortfall), from its speed.
func (fe *feasibility) setTier(sr *shapeRes) {
	switch {
	case !sr.speed.Unknown && !sr.speed.MeetsLatency:
		sr.tier = 2
	case sr.speed.Unknown && fe.p.speedMatters():
		sr.tier = 1
	case slimMargin(&sr.speed, fe.p.minDecode):
		sr.slim = true
		sr.short++
	}
}

// configure sets shape si's configuration f into sr: its nodes, GPUs and
// sharding, the memory headroom (tight below the margin), the speed, the
// host cores and RAM it needs and, for a job, the set-up.
func (fe *feasibility) configure(si int, g *model.GPU, v float64, f fitRes, sr *shapeRes) {
	s := &fe.ix.shapes[si]
	p := fe.p
	n := s.count
	sr.nodes, sr.tp, sr.reps, sr.used, sr.sharding, sr.lay, sr.perGPU = f.nodes, f.tp, f.reps, f.used, f.sharding, f.lay, f.perGPU
	sr.headroom = (v - sr.perGPU) / v
	sr.tight = sr.headroom < fe.margin()
	if sr.nodes == 1 {
		fe.speedOnOneNode(si, g, sr)
	} else {
		in := speedIn{g: g, eff: fe.ix.shapeEff(s), frac: s.frac, vram: s.vram * gib, n: n, t: sr.tp, r: sr.reps, nodes: sr.nodes, sharding: sr.sharding, lay: sr.lay,
			net: topoOf(g, s.nvlink, s.ic, s.rdma, s.netGbps, n, sr.nodes)}
		sr.speed, sr.jobH, sr.comm = p.speedOf(in)
	}
	sr.cores = p.coresNeeded(sr.used/max(sr.nodes, 1), sr.reps)
	fe.ramNeed(si, sr)
	if p.jobMode {
		// A job's hours include the set-up; a rented period's do not, and
		// only the priced offers show it (full).
		sr.setup = fe.shapeSetup(int32(si), sr)
	}
}

// shapeSetup is the set-up of a run on shape si in sr's configuration:
// image pull, checkpoint download and load, by the GPUs that load it.
func (fe *feasibility) shapeSetup(si int32, sr *shapeRes) setupParts {
	s := &fe.ix.shapes[si]
	loaders := sr.tp * sr.nodes
	if fe.p.training {
		loaders = s.count * sr.nodes
	}
	return fe.p.setupOf(fe.ix.shapeGPU(s), s.netGbps, loaders)
}

// runHours is the billed-use hours and the calendar hours of the run on a
// shape: a job-size run is its job time plus the set-up (setupH hours);
// for a job of unknown speed both are 0.
func (fe *feasibility) runHours(sr *shapeRes, setupH float64) (h, cal float64) {
	if !fe.p.jobMode {
		return fe.wallH, fe.wallCal
	}
	if sr.jobH <= 0 {
		return 0, 0
	}
	h = sr.jobH + setupH
	return h, h * model.HoursPerWeekFull / fe.a.HoursPerWeek
}

// rowHours is the run on one offer of a shape: the shape's hours plus, for
// a job-size run of known length, the provisioning time of the offer's
// provider class (estimate_setup.go). unknown is true when the job's length is not
// known; h and cal are then 1.
func (fe *feasibility) rowHours(sr *shapeRes, r *row) (h, cal float64, unknown bool) {
	h, cal, unknown = sr.runH, sr.runCal, sr.noLen
	if fe.p.jobMode && !unknown {
		h += provisionSec(r.class) / 3600
		cal = h * model.HoursPerWeekFull / fe.a.HoursPerWeek
	}
	return h, cal, unknown
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

// speedTolerance is the accuracy the decode estimate is tested to against
// published figures (TestPublishedDecodeOverLinks accepts 30%, and the
// engines of its rows reach less than the model's 70% of peak bandwidth).
// An estimate that meets the latency class by less than that may miss it
// in practice: the shape falls short (ShortLatencyMargin) and ranks after
// the shapes that meet the class with room, as a tight headroom does.
const speedTolerance = 0.30

// slimMargin reports whether a known decode speed meets the class's
// per-stream minimum (tokens/s; 0 for none) by less than speedTolerance.
func slimMargin(sp *model.Speed, minDecode float64) bool {
	return minDecode > 0 && !sp.Unknown && sp.MeetsLatency && sp.DecodeTokensPerSec < minDecode*(1+speedTolerance)
}

// Reasons a shape is left out.
const (
	whyOK uint8 = iota
	whyFiltered
	whyNoVRAM
	whyTooBig
	whyLegacy
	whyEngine
	// whyNoFP4: FP4 or MXFP4 asked on a GPU vLLM has no kernel for.
	whyNoFP4
)
