package advisor

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// usersFlag is the name the batch answer's flag takes for a service.
const usersFlag = "users"

// maxSuggestions is the most suggestions a result carries: the few ways
// back that give up least, not every lever.
const maxSuggestions = 5

// How much a change gives up, the order of the suggestions (least first):
// a training knob that costs only speed, then a cheaper way to pay or a
// narrower number format, then a change to what is served or trained, and
// last a filter the user set.
const (
	giveKnob      = 1 // gradient checkpointing, sharding: slower steps
	giveSpotJob   = 2 // spot for a job: checkpoints and resumes
	giveFP8       = 2 // FP8 on FP8 tensor cores
	giveINT8      = 3
	giveMonthly   = 3 // a month's plan
	giveYear      = 4 // a 1-year commitment
	giveINT4      = 5
	giveThreeYear = 5 // a 3-year commitment
	giveLoRA      = 5
	giveQLoRA     = 6
	giveSpotServe = 6 // spot for a service: it must survive a reclaim
	giveWorkload  = 7 // a shorter context, fewer users or a smaller batch
	giveFilter    = 10
	giveCombined  = 20
)

// variant is a change to the answers that may bring the job within the
// budget or make it fit: the changed answers, which of them changed, what
// the change is called and what it gives up.
type variant struct {
	a       model.Answers
	set     func(*model.Answers) // makes the change in any answers
	kind    model.SuggestKind
	ids     []model.AnswerID
	change  string
	caveat  string
	give    int
	relaxes []string
	// step is the change's place among its lever's changes, mildest
	// first (int8 before int4); parts are the single-lever variants a
	// combined one pulls together.
	step  int
	parts []variant
}

// commitTerm is a longer rented period that lets a plan or a commitment
// of that term apply.
type commitTerm struct {
	hours float64
	give  int
}

// commitTerms are the terms a wall-clock run may be lengthened to: a
// month (for an hourly budget: a monthly plan's hours then cost less), a
// year and three years.
var commitTerms = []commitTerm{{model.HoursPerMonth, giveMonthly}, {model.HoursPerYear, giveYear}, {3 * model.HoursPerYear, giveThreeYear}}

// suggester is the part of the explain stage that says what change of
// the answers would bring a run within the budget, or make the job fit:
// it ranks the catalog again per change (with the fast scan) from the
// rank cycle it wraps.
type suggester struct{ *call }

// variants lists the changes worth trying, each a single lever, mildest
// first within its lever: a narrower precision (serving), adapters
// instead of full training, a longer term for a commitment, spot, a
// shorter context, fewer users, the training knobs, and dropping each
// filter the user set. Every variant changes an answer to a value other
// than the user's.
func (c suggester) variants() []variant {
	a, l := c.a, c.l
	var vs []variant
	// add makes v's answers: the user's with the change.
	steps := map[model.SuggestKind]int{}
	add := func(v variant) {
		v.a = a
		v.set(&v.a)
		v.step = steps[v.kind]
		steps[v.kind]++
		vs = append(vs, v)
	}
	serving := a.Workload == model.WorkloadInference
	switch a.Workload {
	case model.WorkloadInference:
		below := false
		for _, pr := range model.Precisions {
			if below && (pr == model.FP8 || pr == model.INT8 || pr == model.INT4) {
				give := giveINT8
				switch pr {
				case model.FP8:
					give = giveFP8
				case model.INT4:
					give = giveINT4
				}
				add(variant{set: func(v *model.Answers) { v.Precision = pr }, kind: model.SuggestPrecision, ids: []model.AnswerID{model.AnsPrecision}, give: give,
					change: l.f(kSugPrecision, string(pr)), caveat: l.f(kSugCaveatQuant, string(pr), string(a.Precision))})
			}
			below = below || pr == a.Precision
		}
	case model.WorkloadLoRA:
		add(variant{set: func(v *model.Answers) { v.Workload = model.WorkloadQLoRA }, kind: model.SuggestWorkload, ids: []model.AnswerID{model.AnsWorkload}, give: giveQLoRA,
			change: l.f(kSugWorkload, string(model.WorkloadQLoRA)), caveat: l.f(kSugCaveatQLoRA)})
	case model.WorkloadFineTune:
		for _, w := range []model.Workload{model.WorkloadLoRA, model.WorkloadQLoRA} {
			give, caveat := giveLoRA, l.f(kSugCaveatLoRA)
			if w == model.WorkloadQLoRA {
				give, caveat = giveQLoRA, l.f(kSugCaveatQLoRA)
			}
			add(variant{set: func(v *model.Answers) { v.Workload = w }, kind: model.SuggestWorkload, ids: []model.AnswerID{model.AnsWorkload}, give: give,
				change: l.f(kSugWorkload, string(w)), caveat: caveat})
		}
	}
	if a.DurationMode == model.DurationWallClock && a.Budget.IsSet() && a.Budget.Period != model.BudgetTotal {
		// A longer rented period, so that a plan or commitment of that term
		// applies: only against a budget per hour or per month, which a
		// longer run does not spend faster. (The change's text names the
		// price model the re-ranking chooses: suggest fills it in.)
		for _, t := range commitTerms {
			if a.DurationHours >= t.hours*0.999 || t.hours == model.HoursPerMonth && a.Budget.Period != model.BudgetHourly {
				continue
			}
			add(variant{set: func(v *model.Answers) { v.DurationHours = t.hours }, kind: model.SuggestCommitment, ids: []model.AnswerID{model.AnsDuration}, give: t.give})
		}
	}
	if !a.Interruptible {
		sv := variant{set: func(v *model.Answers) { v.Interruptible = true }, kind: model.SuggestSpot, ids: []model.AnswerID{model.AnsInterruptible}, give: giveSpotJob,
			change: l.f(kSugSpot), caveat: l.f(kSugCaveatSpotJob, model.FormatDurationIn(checkpointMinutes(&a)/60, l == langZH))}
		if serving && a.DurationMode != model.DurationJob {
			sv.give, sv.change, sv.caveat = giveSpotServe, l.f(kSugSpotServe), l.f(kSugCaveatSpotServe)
		}
		add(sv)
	}
	if a.Workload != model.WorkloadVRAM && a.Context > 2048 {
		ctx := a.Context / 2
		add(variant{set: func(v *model.Answers) { v.Context = ctx }, kind: model.SuggestContext, ids: []model.AnswerID{model.AnsContext}, give: giveWorkload,
			change: l.f(kSugContext, model.FormatContext(ctx)), caveat: l.f(kSugCaveatContext, model.FormatContext(ctx))})
	}
	if a.Workload != model.WorkloadVRAM && a.Batch > 1 {
		n := a.Batch / 2
		bv := variant{set: func(v *model.Answers) { v.Batch = n }, kind: model.SuggestBatch, ids: []model.AnswerID{model.AnsBatch}, give: giveWorkload,
			change: l.f(kSugMicroBatch, n, a.Batch), caveat: l.f(kSugCaveatMicroBatch)}
		if !a.Workload.Training() {
			bv.change, bv.caveat = l.f(kSugUsers, n, a.Batch), l.f(kSugCaveatUsers, n)
		}
		add(bv)
	}
	if a.Workload.Training() {
		if a.Sharding != "" && a.Sharding != "zero3" && a.Sharding != "fsdp" {
			add(variant{set: func(v *model.Answers) { v.Sharding = "zero3" }, kind: model.SuggestSharding, ids: []model.AnswerID{model.AnsSharding}, give: giveKnob,
				change: l.f(kSugSharding), caveat: l.f(kSugCaveatSharding)})
		}
		if !a.GradCheckpointing {
			add(variant{set: func(v *model.Answers) { v.GradCheckpointing = true }, kind: model.SuggestRecompute, ids: []model.AnswerID{model.AnsGradCheckpointing}, give: giveKnob,
				change: l.f(kSugRecompute), caveat: l.f(kSugCaveatRecompute)})
		}
	}
	// The filters the user set, each dropped alone: a hard constraint the
	// suggestion says it relaxes.
	relax := func(id model.AnswerID, kind model.SuggestKind, clear func(*model.Answers), key textKey, args ...any) {
		flag := "--" + model.Spec(id).Name
		add(variant{set: clear, kind: kind, ids: []model.AnswerID{id}, give: giveFilter, relaxes: []string{flag},
			change: l.f(key, args...)})
	}
	if a.GPUs > 0 {
		relax(model.AnsGPUs, model.SuggestGPUs, func(v *model.Answers) { v.GPUs = 0 }, kSugAnyCount)
	}
	if a.GPU != "" {
		relax(model.AnsGPU, model.SuggestGPU, func(v *model.Answers) { v.GPU = "" }, kSugAnyGPU, a.GPU)
	}
	if len(a.Providers) > 0 {
		relax(model.AnsProviders, model.SuggestProviders, func(v *model.Answers) { v.Providers = nil }, kSugAnyProviders, strings.Join(a.Providers, ","))
	}
	if len(a.ExcludeProviders) > 0 {
		relax(model.AnsExcludeProviders, model.SuggestExclude, func(v *model.Answers) { v.ExcludeProviders = nil }, kSugNoExclude, strings.Join(a.ExcludeProviders, ","))
	}
	if len(a.Regions) > 0 {
		relax(model.AnsRegions, model.SuggestRegions, func(v *model.Answers) { v.Regions = nil }, kSugAnyRegion, strings.Join(a.Regions, ","))
	}
	return vs
}

// checkpointMinutes is how often an interruptible job saves a checkpoint.
func checkpointMinutes(a *model.Answers) float64 {
	if a.CheckpointMinutes > 0 {
		return a.CheckpointMinutes
	}
	return model.DefaultCheckpointMinutes
}

// reached is what a variant's ranking puts first: the offer's row (its
// figures are those of its full recommendation), the run's hours and
// calendar hours, the memory the job needs under the change, and the
// evaluation and candidate behind them.
type reached struct {
	row        model.OfferRow
	runH, calH float64
	need       float64
	fp8        bool // the GPU has FP8 tensor cores
	cd         cand
}

// tried is a variant ranked: its suggestion, and the offer and cost it
// reaches (to leave out a stronger change that reaches the same).
type tried struct {
	s     model.Suggestion
	v     variant
	spend float64 // what the budget compares, display currency (model.Budget.Spend)
	miss  bool    // #1 under the change is too slow for the latency class, or of unknown speed
	offer int32
}

// suggest ranks the catalog again under each variant of the answers with
// the same engine, and reports those that help, each priced at the first
// recommendation Recommend gives for the changed answers (top is the
// Recommend call's): when first (the first recommendation now, over the
// budget) is given, the changes that keep the budget and, failing that,
// those that bring what the budget compares below first's; when nothing
// fits (first nil), the changes that make the job fit. The changes that
// keep the budget come first, then those that keep every filter the user
// set, then those that meet the latency class, then by how little they
// give up; at most maxSuggestions (the one that gets nearest kept when
// none keeps the budget). When no single change keeps the budget, the
// levers are tried together (combine).
func (c suggester) suggest(top int, first *model.Recommendation) []model.Suggestion {
	e := c.eng
	baseline := math.Inf(1)
	if first != nil {
		if s := c.a.Budget.Spend(first.GPUTotal, first.Total, first.RunHours, first.CalendarHours); s > 0 {
			baseline = s
		}
	}
	var buf, wide *call
	defer func() {
		for _, b := range []*call{buf, wide} {
			if b != nil {
				e.putCall(b)
			}
		}
	}()
	// rank is what Recommend puts first for v's answers (false when
	// nothing fits).
	rank := func(v *variant) (reached, bool) {
		if check(&v.a) != nil {
			return reached{}, false
		}
		if buf == nil {
			buf = e.getCall(v.a, langSilent)
		} else {
			buf = reuseCall(buf, e, v.a, langSilent)
		}
		if !buf.p.sized {
			return reached{}, false
		}
		// Without a deadline the first of the list does not depend on its
		// length: a fast scan for one offer finds it. With one, the list
		// Recommend orders by calendar time is the same length as its.
		k := 1
		buf.fast = buf.p.deadline <= 0
		if !buf.fast {
			k = top
		}
		if wide == nil {
			wide = &call{}
		}
		rc, cs := e.listed(buf, wide, v.a, k, false)
		if len(cs) == 0 {
			return reached{}, false
		}
		cd := cs[0]
		r := &rc.ix.rows[cd.row]
		sr := &rc.feas.shapes[r.shape]
		h, cal, unknown := rc.feas.rowHours(sr, r)
		if unknown {
			h, cal = 0, 0
		}
		g := rc.ix.shapeGPU(&rc.ix.shapes[r.shape])
		return reached{row: recoWriter{rc}.offerRow(cd), runH: h, calH: cal, need: rc.p.req.VRAMGiB, fp8: g != nil && g.FP8 == model.Yes, cd: cd}, true
	}
	var out []tried
	type outcome struct {
		kind  model.SuggestKind
		offer int64
		cents int64
	}
	// eval ranks v and words it: false when nothing fits, when it gets
	// no nearer the budget than now, or when a lever does not do what it
	// says (words).
	eval := func(v variant) (tried, bool) {
		re, ok := rank(&v)
		if !ok {
			return tried{}, false
		}
		row := &re.row
		within := row.WithinBudget && c.price.budgetUSD > 0
		spend := c.a.Budget.Spend(row.GPUTotal, row.Total, re.runH, re.calH)
		if first != nil && !within && !(spend > 0 && spend < baseline*0.999) {
			return tried{}, false
		}
		if !c.words(&v, &re) {
			return tried{}, false
		}
		return tried{s: c.suggestion(&v, &re, within, spend), v: v, spend: spend, miss: re.cd.tier() != 0, offer: re.cd.idx}, true
	}
	seen := map[outcome]bool{}
	// keep adds t unless a milder change of its lever reaches the same
	// offer at the same cost.
	keep := func(t tried) {
		key := outcome{t.v.kind, int64(t.offer)<<8 | int64(t.s.Nodes), int64(math.Round(t.s.Total * 100))}
		if !seen[key] {
			seen[key] = true
			out = append(out, t)
		}
	}
	vs := c.variants()
	for _, v := range vs {
		if t, ok := eval(v); ok {
			keep(t)
		}
	}
	if first != nil && !slices.ContainsFunc(out, func(t tried) bool { return t.s.WithinBudget && len(t.v.relaxes) == 0 }) {
		if t, ok := c.combine(vs, eval); ok && (t.s.WithinBudget || !slices.ContainsFunc(out, func(u tried) bool { return u.spend <= t.spend*1.001 })) {
			keep(t)
		}
	}
	slices.SortStableFunc(out, func(x, y tried) int {
		switch {
		case x.s.WithinBudget != y.s.WithinBudget:
			return boolFirst(x.s.WithinBudget)
		case (len(x.v.relaxes) == 0) != (len(y.v.relaxes) == 0):
			return boolFirst(len(x.v.relaxes) == 0)
		case x.miss != y.miss:
			return boolFirst(!x.miss)
		case x.v.give != y.v.give:
			return x.v.give - y.v.give
		}
		return cmpFloat(x.spend, y.spend)
	})
	if len(out) > maxSuggestions && !out[0].s.WithinBudget {
		// Nothing keeps the budget: the change that gets nearest stays in
		// the list, last.
		near := 0
		for i := range out {
			if cmpFloat(out[i].spend, out[near].spend) < 0 {
				near = i
			}
		}
		if near >= maxSuggestions {
			out[maxSuggestions-1] = out[near]
		}
	}
	res := make([]model.Suggestion, 0, min(len(out), maxSuggestions))
	for _, t := range out[:min(len(out), maxSuggestions)] {
		res = append(res, t.s)
	}
	return res
}

// boolFirst is the comparison result that puts x first when it is true
// (called where two values differ).
func boolFirst(x bool) int {
	if x {
		return -1
	}
	return 1
}

// cmpFloat compares two figures, an unknown (0) last.
func cmpFloat(x, y float64) int {
	switch {
	case x == y:
		return 0
	case x <= 0:
		return 1
	case y <= 0:
		return -1
	case x < y:
		return -1
	}
	return 1
}

// combine pulls levers together when no single change keeps the budget
// without relaxing a filter: some levers help only with others (spot
// reaches a cheaper GPU once a narrower precision and a shorter context
// fit the job there). It ranks every such lever's strongest change at
// once, then drops each lever the others do without (the one that gives
// up most first) and makes each kept lever as mild as it can be, ranking
// again at each step: the result keeps the budget if it did, or costs
// no more. It is false when it needs fewer than two levers.
func (c suggester) combine(vs []variant, eval func(variant) (tried, bool)) (tried, bool) {
	byKind := map[model.SuggestKind][]variant{}
	var kinds []model.SuggestKind
	for _, v := range vs {
		if len(v.relaxes) > 0 {
			continue
		}
		if _, ok := byKind[v.kind]; !ok {
			kinds = append(kinds, v.kind)
		}
		byKind[v.kind] = append(byKind[v.kind], v) // mildest first
	}
	parts := make([]variant, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, byKind[k][len(byKind[k])-1])
	}
	best, ok := eval(c.merge(parts))
	if !ok {
		// A longer term that no plan reaches with the other levers: without it.
		parts = slices.DeleteFunc(parts, func(v variant) bool { return v.kind == model.SuggestCommitment })
		best, ok = eval(c.merge(parts))
	}
	if !ok || len(parts) < 2 {
		return tried{}, false
	}
	// asGood reports whether t keeps what best reached: the budget, or a
	// cost no higher.
	asGood := func(t tried) bool {
		if best.s.WithinBudget {
			return t.s.WithinBudget
		}
		return t.spend <= best.spend*1.001
	}
	slices.SortStableFunc(parts, func(x, y variant) int { return x.give - y.give })
	for i := len(parts) - 1; i >= 0 && len(parts) > 1; i-- {
		rest := slices.Delete(slices.Clone(parts), i, i+1)
		if t, ok := eval(c.merge(rest)); ok && asGood(t) {
			parts, best = rest, t
		}
	}
	for i := range parts {
		for _, m := range byKind[parts[i].kind][:parts[i].step] {
			try := slices.Clone(parts)
			try[i] = m
			if t, ok := eval(c.merge(try)); ok && asGood(t) {
				parts, best = try, t
				break
			}
		}
	}
	return best, len(parts) > 1
}

// merge is the variant that makes every change of parts.
func (c suggester) merge(parts []variant) variant {
	v := variant{a: c.a, kind: model.SuggestCombined, give: giveCombined, parts: parts}
	for _, p := range parts {
		p.set(&v.a)
		v.ids = append(v.ids, p.ids...)
	}
	v.set = func(a *model.Answers) {
		for _, p := range parts {
			p.set(a)
		}
	}
	return v
}

// words fills in the change and caveat of the levers whose text depends
// on what the ranking put first (a longer term names the price model it
// reaches; a combined change joins its parts'), and reports whether each
// lever does what it says: FP8 runs on FP8 tensor cores, and a longer
// term reaches a plan or commitment of that term.
func (c suggester) words(v *variant, re *reached) bool {
	if v.kind != model.SuggestCombined {
		return c.wordLever(v, re)
	}
	var changes, caveats []string
	for i := range v.parts {
		p := &v.parts[i]
		if !c.wordLever(p, re) {
			return false
		}
		changes = append(changes, p.change)
		if p.caveat != "" {
			caveats = append(caveats, p.caveat)
		}
	}
	v.change, v.caveat = strings.Join(changes, c.l.f(kSugAnd)), strings.Join(caveats, c.l.f(kSugSep))
	return true
}

// wordLever is words for a single lever.
func (c suggester) wordLever(v *variant, re *reached) bool {
	switch v.kind {
	case model.SuggestPrecision:
		return v.a.Precision != model.FP8 || re.fp8
	case model.SuggestCommitment:
		term := termHours(re.row.PriceModel)
		if term < model.HoursPerMonth {
			return false
		}
		zh := c.l == langZH
		pm := re.row.PriceModel.Name().In(zh)
		v.change = c.l.f(kSugCommit, model.FormatDurationIn(v.a.DurationHours, zh), pm)
		v.caveat = c.l.f(kSugCaveatLockIn, pm, model.FormatDurationIn(term, zh))
	}
	return true
}

// termHours is the term a price model commits to (a hybrid's base's): 0
// for one billed by use.
func termHours(pm model.PriceModel) float64 {
	info, ok := model.PriceModelOf(pm)
	if !ok {
		return 0
	}
	if info.Hybrid() {
		if base, ok := model.PriceModelOf(info.Base); ok {
			return base.PeriodHours
		}
	}
	return info.PeriodHours
}

// suggestion words a ranked variant for the user: the change as typed and
// in a sentence, what the first offer under it needs and costs, whether
// it keeps the budget (spend is what the budget compares) and the latency
// class, and what it gives up.
func (c suggester) suggestion(v *variant, re *reached, within bool, spend float64) model.Suggestion {
	l, row, cd := c.l, &re.row, re.cd
	s := model.Suggestion{
		Kind: v.kind, Change: v.change, Caveat: v.caveat, Relaxes: v.relaxes,
		TotalUSD: cd.cost, Total: row.Total, WithinBudget: within,
		Provider: row.Provider, InstanceType: row.InstanceType, GPU: row.GPU, GPUCount: row.GPUCount, Nodes: row.Nodes,
		PriceModel: row.PriceModel, MeetsLatency: cd.tier() == 0,
	}
	for _, id := range v.ids {
		ch := model.ChangeOf(id, &v.a)
		if id == model.AnsBatch && v.a.Workload == model.WorkloadInference {
			ch.Flag = usersFlag // the batch of a service is its users
		}
		s.Changes = append(s.Changes, ch)
	}
	gpu, nodes := displayGPU(row.GPU, l)+" x"+strconv.Itoa(row.GPUCount), l.nodes(row.Nodes)
	if row.Total <= 0 || math.IsInf(cd.cost, 0) {
		s.TotalUSD, s.Total = 0, 0
		s.Effect = l.f(kSugEffectNoTotal, re.need, row.Provider, row.InstanceType, gpu, nodes)
	} else {
		pm := row.PriceModel.Name().In(l == langZH)
		s.Effect = l.f(kSugEffect, re.need, row.Provider, row.InstanceType, gpu, nodes, pm, l.money(c.price.disp, s.Total))
		if c.price.budgetUSD > 0 {
			s.Spend = spend
			switch {
			case c.a.Budget.Period == model.BudgetMonthly && re.calH > model.HoursPerMonth*1.001:
				s.Effect += l.f(kSugPerMonth, l.money(c.price.disp, spend))
			case c.a.Budget.Period == model.BudgetHourly:
				s.Effect += l.f(kSugPerHour, l.money(c.price.disp, spend))
			}
		}
	}
	if c.price.budgetUSD > 0 {
		if within {
			s.Effect += l.f(kSugKeeps, l.budget(c.a.Budget))
		} else {
			s.Effect += l.f(kSugStillOver, l.budget(c.a.Budget))
		}
	}
	if v.a.Workload == model.WorkloadInference {
		switch cd.tier() {
		case 1:
			s.Effect += l.f(kSugSpeedUnknown, l.latency(v.a.Latency))
		case 2:
			s.Effect += l.f(kSugTooSlow, l.latency(v.a.Latency))
		}
	}
	if len(v.relaxes) > 0 {
		s.Effect += l.f(kSugRelaxes, strings.Join(v.relaxes, ", "))
	}
	return s
}
