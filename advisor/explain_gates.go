package advisor

import (
	"math"
	"strconv"

	"github.com/gpupick/gpupick/model"
)

// gateRatio is how much dearer a gate must make the top pick than the
// best offer that misses only that gate for a note to name it: half again
// as dear, so that the gate costs a third of the bill or more (1 - 1/1.5).
// Below that the choice is within the spread of one offer's price across
// regions and of the risk penalties the order adds (up to +33% for a
// marketplace host), and naming the gate would not change a decision.
const gateRatio = 1.5

// classGate is a limit of the latency class that a ranking can drop:
// the limit's figure on the plan (0 when the class sets none), how to
// drop it, and whether a speed misses it.
type classGate struct {
	gate   model.Gate
	limit  func(p *plan) float64
	relax  func(p *plan)
	misses func(sp *model.Speed, limit float64) bool
}

// classGates are the latency class's limits, each dropped alone.
var classGates = []classGate{
	{model.GateFirstToken, func(p *plan) float64 { return p.maxTTFT }, func(p *plan) { p.maxTTFT = 0 },
		func(sp *model.Speed, limit float64) bool { return sp.TimeToFirstTokenSec > limit }},
	{model.GateDecode, func(p *plan) float64 { return p.minDecode }, func(p *plan) { p.minDecode = 0 },
		func(sp *model.Speed, limit float64) bool { return sp.DecodeTokensPerSec < limit }},
	{model.GateImageTime, (*plan).imageLimit, func(p *plan) { p.image.maxSec = 0 },
		func(sp *model.Speed, limit float64) bool { return sp.SecondsPerImage > limit }},
}

// reqGate is a hard requirement: the flag that sets it as the answers
// have it (empty when not asked), and how to drop it.
type reqGate struct {
	gate model.Gate
	flag func(a *model.Answers) string
	drop func(a *model.Answers)
}

// reqGates are the hard requirements (feasibility_require.go), each dropped alone.
var reqGates = []reqGate{
	{model.GateInterconnect, func(a *model.Answers) string { return flagOf("--interconnect", a.Interconnect) },
		func(a *model.Answers) { a.Interconnect = "" }},
	{model.GateHosting, func(a *model.Answers) string { return flagOf("--hosting", a.Hosting) },
		func(a *model.Answers) { a.Hosting = "" }},
	{model.GateVCPU, func(a *model.Answers) string { return flagOf("--vcpu", a.VCPU) },
		func(a *model.Answers) { a.VCPU = "" }},
	{model.GateMinVCPUs, func(a *model.Answers) string {
		if a.MinVCPUsPerGPU <= 0 {
			return ""
		}
		return flagOf("--min-vcpus-per-gpu", strconv.Itoa(a.MinVCPUsPerGPU))
	}, func(a *model.Answers) { a.MinVCPUsPerGPU = 0 }},
}

// flagOf is a flag with its value, or "" for no value.
func flagOf(flag, v string) string {
	if v == "" {
		return ""
	}
	return flag + " " + v
}

// newTrade starts working out what each gate of the answers costs when it
// makes the top pick at least gateRatio times as dear as the best offer
// that misses only that gate (a limit of the latency class, a hard
// requirement, the deadline), and the plan a deadline would give a job
// that runs longer than six months without one: the tradeoffs, whose
// texts end res.WhyFirst. Each is a ranking more with the gate dropped,
// so this is for the detail and the CLI (WhatWouldChange), not for every
// keystroke. Nil when there is nothing to work out.
func (e *Engine) newTrade(a model.Answers, opt Options, res *model.Result, base *call) *trade {
	if len(res.Recommendations) == 0 {
		return nil
	}
	a.Normalize()
	if check(&a) != nil {
		return nil
	}
	return &trade{e: e, a: a, opt: opt, l: langOf(opt.Lang), res: res, top: &res.Recommendations[0], base: base}
}

// otherGates works out the tradeoffs of the hard requirements, the
// deadline and a long job: rankings that read base's shapes, never change
// them.
func (t *trade) otherGates() {
	t.reqGates()
	t.deadlineGate()
	t.longJob()
}

// trade is one tradeoffs evaluation.
type trade struct {
	e   *Engine
	a   model.Answers
	opt Options
	l   lang
	res *model.Result
	top *model.Recommendation
	// exhaustive drops every limit of the class without the bound
	// (gateBound): tests compare the two.
	exhaustive bool
	// base is the evaluation of the answers when the caller has one
	// (Options.Explain); nil to make one.
	base *call
}

// add records a tradeoff with its text.
func (t *trade) add(g model.Gate, limit float64, flag string, r *model.Recommendation, text string) {
	t.res.Tradeoffs = append(t.res.Tradeoffs, model.Tradeoff{
		Gate: g, Limit: limit, Flag: flag, Provider: r.Provider, InstanceType: r.InstanceType, GPU: r.GPU,
		GPUCount: r.GPUCount, Nodes: r.Nodes, TotalUSD: r.TotalUSD, Total: r.Total, CalendarHours: r.CalendarHours,
		Speed: r.Speed, Text: text,
	})
	t.res.WhyFirst = append(t.res.WhyFirst, text)
}

// dearer reports whether the top pick costs at least gateRatio times r.
func (t *trade) dearer(r *model.Recommendation) bool {
	return t.top.TotalUSD > 0 && r.TotalUSD > 0 && t.top.TotalUSD >= gateRatio*r.TotalUSD
}

// note adds the tradeoff of a gate that r misses: gate names the gate,
// give what r offers in its place.
func (t *trade) note(g model.Gate, limit float64, flag string, r *model.Recommendation, gate, give string) {
	l, cur := t.l, t.res.Currency
	t.add(g, limit, flag, r, l.f(kTradeGate, gate, l.money(cur, t.top.Total), r.GPUCount, displayGPU(r.GPU, l), l.nodes(r.Nodes),
		r.Provider, r.InstanceType, l.money(cur, r.Total), give))
}

// classGates names each limit of the latency class that the best offer
// without it misses, at a gateRatio saving. A limit is dropped (a ranking
// more) only when some shape whose known speed misses it, and no other
// limit, has an offer whose lowest rate could come to that saving.
func (t *trade) classGates() {
	l := t.l
	class := l.latency(t.a.Latency)
	c := t.base
	if c == nil {
		c = t.e.getCall(t.a, l)
		defer t.e.putCall(c)
	}
	if !c.p.sized {
		return
	}
	var drop []int
	for i, g := range classGates {
		if limit := g.limit(c.p); limit > 0 && (t.exhaustive || (explainer{c}).gateBound(i)*gateRatio <= t.top.TotalUSD) {
			drop = append(drop, i)
		}
	}
	var undo []tierState
	for _, i := range drop {
		g := classGates[i]
		limit := g.limit(c.p)
		rc := explainer{c}.relaxedCopy(g.relax, &undo)
		r, ok := explainer{rc}.relaxedTop(t.opt, g.relax)
		explainer{c}.restore(undo)
		if !ok || !g.misses(&r.Speed, limit) || r.Speed.Unknown || !t.dearer(&r) {
			continue
		}
		var gate, give string
		switch g.gate {
		case model.GateFirstToken:
			gate, give = l.f(kGateFirstToken, class, limit), l.f(kGiveFirstToken, r.Speed.TimeToFirstTokenSec)
		case model.GateDecode:
			gate, give = l.f(kGateDecode, class, limit), l.f(kGiveDecode, r.Speed.DecodeTokensPerSec)
		default:
			gate, give = l.f(kGateImage, class, limit), l.f(kGiveImage, r.Speed.SecondsPerImage)
		}
		t.note(g.gate, limit, "", &r, gate, give)
	}
}

// gateBound is a lower bound (USD, GPUs alone) of the run on any offer
// whose shape holds the job with a known speed that misses classGates[i]
// and meets the class's other limits: the shape's lowest hourly rate over
// its nodes and hours (+Inf when there is none). Dropping the limit cannot
// put a cheaper offer first.
func (c explainer) gateBound(i int) float64 {
	best := math.Inf(1)
	for si := range c.feas.shapes {
		sr := &c.feas.shapes[si]
		if !sr.ok || sr.speed.Unknown || !c.missesOnly(i, &sr.speed) {
			continue
		}
		if r := c.cheapestRow(si); r > 0 {
			best = math.Min(best, r*sr.lbScale)
		}
	}
	return best
}

// missesOnly reports whether a speed misses classGates[i] and meets every
// other limit of the class.
func (c explainer) missesOnly(i int, sp *model.Speed) bool {
	for j, g := range classGates {
		if limit := g.limit(c.p); limit > 0 && g.misses(sp, limit) != (i == j) {
			return false
		}
	}
	return true
}

// tierState is what relaxing a limit of the latency class may change
// of a shape (relaxedCopy), kept to put it back (restore).
type tierState struct {
	i                    int32
	meets, unknown, slim bool
	tier, short          uint8
}

// relaxedCopy is a copy of evaluation c (its shapes evaluated) with relax
// applied to its plan. Relax drops a limit of the latency class, which
// changes which shapes meet the class and nothing else of them (their
// fits and speeds stand): only that is worked out again (meetsText,
// meetsImage, setTier), in c's shapes, which the copy shares; undo gets
// what changed, for restore to put back once the copy is done with.
func (c explainer) relaxedCopy(relax func(p *plan), undo *[]tierState) *call {
	rc := *c.call
	p := *c.p
	if p.image != nil {
		img := *p.image // relax may drop the image limit: the copy's own
		p.image = &img
	}
	rc.p = &p
	rc.bind()
	relax(rc.p)
	rc.sized = sizeBest{} // the scan's buffers: its own
	*undo = (*undo)[:0]
	if p.training || p.stated || !p.sized {
		return &rc
	}
	for i := range c.feas.shapes {
		sr := &c.feas.shapes[i]
		if !sr.ok {
			continue
		}
		old := tierState{i: int32(i), meets: sr.speed.MeetsLatency, unknown: sr.speed.Unknown, slim: sr.slim, tier: sr.tier, short: sr.short}
		if p.image != nil {
			sr.speed.MeetsLatency = p.meetsImage(&sr.speed)
		} else {
			// A speed is unknown to a class with a first-token limit when
			// it has no first-token time (speedInto): without the limit,
			// a known decode speed makes it known.
			sr.speed.Unknown = !(sr.speed.DecodeTokensPerSec > 0) || p.ttftUnknown(&sr.speed)
			sr.speed.MeetsLatency = p.meetsText(&sr.speed)
		}
		if sr.slim {
			sr.slim, sr.short = false, sr.short-1
		}
		sr.tier = 0
		rc.feas.setTier(sr)
		if sr.speed.MeetsLatency != old.meets || sr.speed.Unknown != old.unknown || sr.slim != old.slim || sr.tier != old.tier || sr.short != old.short {
			*undo = append(*undo, old)
		}
	}
	return &rc
}

// restore puts back the shapes a relaxed copy changed.
func (c explainer) restore(undo []tierState) {
	for _, u := range undo {
		sr := &c.feas.shapes[u.i]
		sr.speed.MeetsLatency, sr.speed.Unknown, sr.slim, sr.tier, sr.short = u.meets, u.unknown, u.slim, u.tier, u.short
	}
}

// relaxedTop is the top pick of c's answers with relax applied to the
// plan (c made by relaxedCall): ranked across several nodes when no single
// node holds the job, as Recommend does. False when nothing is listed
// (or, with opt.WithinBudget, nothing within the budget).
func (c explainer) relaxedTop(opt Options, relax func(p *plan)) (model.Recommendation, bool) {
	cs := c.ranked(1, false)
	if len(cs) == 0 && c.p.autoNodes && c.st.tooBig > 0 {
		c = explainer{widen(nil, c.eng, c.a, c.l)}
		relax(c.p)
		c.evalShapes()
		cs = c.ranked(1, false)
	}
	if len(cs) == 0 || opt.WithinBudget && cs[0].over() != 0 {
		return model.Recommendation{}, false
	}
	return recoWriter(c).full(cs[0]), true
}

// top1 is the top pick of answers b, or false when nothing is listed.
func (t *trade) top1(b model.Answers) (model.Recommendation, bool) {
	res := t.e.Recommend(b, Options{Top: 1, Lang: t.opt.Lang, WithinBudget: t.opt.WithinBudget, shapesFrom: t.base})
	if len(res.Recommendations) == 0 {
		return model.Recommendation{}, false
	}
	return res.Recommendations[0], true
}

// reqGates names each hard requirement the best offer without it fails,
// at a gateRatio saving.
func (t *trade) reqGates() {
	l := t.l
	for _, g := range reqGates {
		flag := g.flag(&t.a)
		if flag == "" {
			continue
		}
		b := t.a
		g.drop(&b)
		r, ok := t.top1(b)
		if !ok || r.Offer == nil || !t.dearer(&r) {
			continue
		}
		// The requirement alone, to check that r misses it.
		if only := onlyRequirement(t.a, g); meetsRequirements(&only, r.Offer) == reqOK {
			continue
		}
		t.note(g.gate, 0, flag, &r, l.f(kGateFlag, flag), t.missing(g.gate, &r))
	}
}

// onlyRequirement is answers with a's requirement g and no other.
func onlyRequirement(a model.Answers, g reqGate) model.Answers {
	var only model.Answers
	switch g.gate {
	case model.GateInterconnect:
		only.Interconnect = a.Interconnect
	case model.GateHosting:
		only.Hosting = a.Hosting
	case model.GateVCPU:
		only.VCPU = a.VCPU
	case model.GateMinVCPUs:
		only.MinVCPUsPerGPU = a.MinVCPUsPerGPU
	}
	return only
}

// missing says what an offer that fails hard requirement g has instead.
func (t *trade) missing(g model.Gate, r *model.Recommendation) string {
	l := t.l
	switch g {
	case model.GateInterconnect:
		if r.Offer.Interconnect == model.InterconnectUnknown {
			return l.f(kGiveLinkUnknown)
		}
		return l.f(kGiveLink, r.Interconnect)
	case model.GateHosting:
		return l.f(kGiveMarketplace)
	case model.GateVCPU:
		if r.Offer.VCPUType == model.VCPUUnknown {
			return l.f(kGiveVCPUUnknown)
		}
		return l.f(kGiveVCPU, r.VCPUType)
	}
	if r.Offer.VCPUs <= 0 || r.Offer.GPUCount <= 0 {
		return l.f(kGiveVCPUUnknown)
	}
	return l.f(kGiveVCPUs, r.Offer.VCPUs/float64(r.Offer.GPUCount))
}

// deadlineGate names the deadline when the best plan without it finishes
// later at a gateRatio saving.
func (t *trade) deadlineGate() {
	if t.a.DeadlineHours <= 0 || t.a.DurationMode != model.DurationJob {
		return
	}
	b := t.a
	b.DeadlineHours = 0
	r, ok := t.top1(b)
	if !ok || r.CalendarHours <= t.a.DeadlineHours || !t.dearer(&r) {
		return
	}
	l := t.l
	h := t.a.DeadlineHours
	t.note(model.GateDeadline, h, "--deadline "+model.FormatDeadline(h), &r, l.f(kGateDeadline, model.FormatDurationIn(h, l == langZH)),
		l.f(kGiveDeadline, l.wallClock(r.CalendarHours)))
}

// longJobDeadlines are the deadlines tried for a job with no deadline
// that runs longer than six months, shortest first: the first that lists
// a plan gives it.
var longJobDeadlines = []float64{longJobWarnH, 12 * model.HoursPerMonth, longJobShortH}

// longJob gives, for a job with no deadline whose top pick runs longer
// than six months, the plan the shortest of longJobDeadlines that lists
// one would give (within --nodes, or the deadline's cap of nodes), with
// its wall-clock and cost against the top pick's.
func (t *trade) longJob() {
	top := t.top
	if t.a.DeadlineHours > 0 || t.a.DurationMode != model.DurationJob || top.CalendarHours <= longJobWarnH {
		return
	}
	l, cur := t.l, t.res.Currency
	for _, d := range longJobDeadlines {
		if d >= top.CalendarHours {
			return
		}
		b := t.a
		b.DeadlineHours = d
		r, ok := t.top1(b)
		if !ok {
			continue
		}
		ds := model.FormatDeadline(d)
		t.add(model.GateLongJob, d, "--deadline "+ds, &r, l.f(kTradeLong, ds, r.GPUCount, displayGPU(r.GPU, l), l.nodes(r.Nodes),
			r.Provider, r.InstanceType, l.wallClock(r.CalendarHours), l.money(cur, r.Total), l.wallClock(top.CalendarHours), l.money(cur, top.Total)))
		return
	}
}
