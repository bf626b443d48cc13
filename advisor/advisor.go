// Package advisor turns answers and a catalog into a requirement, ranked
// recommendations, price-model comparisons and warnings. It is pure: no I/O,
// deterministic, and fast enough to run after every keystroke.
//
// The chain is: Estimate (memory with its breakdown, parameter counts,
// latency targets, job compute) → for each distinct hardware shape of the
// catalog the smallest configuration that holds the job (tensor-parallel
// degree dividing the heads, ZeRO / FSDP sharding, more nodes when one is
// not enough) and its speed (a bandwidth roofline for decode, peak compute
// times an assumed utilisation for prefill and training) → for each offer
// the eligible price models for the whole run plus storage and egress →
// the cheapest runs, within the budget and the latency class first → for
// the best few, every price model with notes and the warnings.
//
// Each step is a stage with a type of its own, in files named for it: the
// estimate (estimate*.go: the estimator builds the plan, whose methods
// are the memory and speed model), feasibility (feasibility*.go: the
// filters, the hard requirements, the region filter, the fit of each
// shape, its nodes and sharding), the price (price*.go and plans.go: the
// pricer, the one price rule, the hybrids, the hidden costs and the
// budget), the risk (risk*.go: the risker's penalties), the rank
// (rank*.go: call, one evaluation's cycle, holds the stages and scans the
// offers) and the explanation (explain*.go: the explainer's notes, why #1
// and what would change, the recoWriter's recommendations and warnings,
// the suggester's ways back).
//
// A catalog passed to Recommend is indexed once and the index reused while
// the same *model.Catalog is passed again; a catalog must not be modified
// in place after its first use.
package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// Options tune a Recommend call.
type Options struct {
	// Top is the number of recommendations returned (0 = 10).
	Top int
	// Lang is the language of messages, notes, assumptions and suggestions:
	// "zh" for Chinese, anything else for English.
	Lang string
	// All lists every listed offer as a light row in Result.Rows, not
	// only the first Top (the Recommendations); Expand prices any of them
	// fully. It costs a scan without the top-N shortcut and a sort.
	All bool
	// WithinBudget leaves the offers over the budget out of the list
	// (Result.OverBudget still counts them).
	WithinBudget bool
	// Priced, when positive, prices fully only the first Priced of the
	// Top offers listed (Result.Recommendations); the others come as
	// light rows in Result.Rows, which Expand prices when they are shown.
	// A screen that shows a page of offers asks for that page and the
	// next.
	Priced int
	// NoSuggestions leaves out the suggestions of a result that keeps no
	// budget or fits nothing (Result.Suggestions): they rank the catalog
	// again per change, so a caller that ranks on every keystroke asks
	// Suggest for them when it shows them, off its loop.
	NoSuggestions bool
	// Explain adds what WhatWouldChange adds to WhyFirst, from the same
	// evaluation of the answers (a command that shows it asks for it
	// here, rather than rank again).
	Explain bool
	// Sizes, when positive, lists the other sizes of a product
	// (Recommendation.OtherSizes, each a ranking of the product's other
	// GPU counts) for the first Sizes recommendations only; the others
	// have SizesOmitted set when their product has other sizes, and Expand
	// lists theirs. A screen that ranks on every keystroke and shows one
	// offer's detail asks for one.
	Sizes int
	// shapesFrom, when not nil, is an evaluation of answers that differ
	// from the ones ranked in hard requirements alone (whatWouldChange's
	// flips, a tradeoff's dropped requirement): its shapes are shared,
	// not worked out again (sameShapes).
	shapesFrom *call
	// leadOnly, with Top 1, makes the first recommendation alone (its
	// offer and price): no notes, other sizes, offers on request, reasons
	// or rows. whatWouldChange's flips print that and nothing else.
	leadOnly bool
}

// DefaultTop is the number of recommendations when Options.Top is 0.
const DefaultTop = 10

// Recommend estimates what the answers need and ranks the catalog's offers
// by the all-in cost of the whole run (GPUs under the cheapest eligible
// price model, plus storage and egress; an unknown storage or egress price
// ranks an offer after those whose cost is known). Offers within the
// budget come first, then those over it (WithinBudget false), unless
// opt.WithinBudget leaves them out; within each, offers meeting the
// latency class first. When none keeps the budget, suggestions say what
// would.
func (e *Engine) Recommend(a model.Answers, opt Options) model.Result {
	cat := e.cat
	a.Normalize()
	l := langOf(opt.Lang)
	top := opt.Top
	if top <= 0 {
		top = DefaultTop
	}
	res := model.Result{Currency: a.Currency}
	if err := check(&a); err != nil {
		res.Notes = append(res.Notes, l.f(kNoteInvalid, err.Error()))
		res.Requirement.Assumptions = []string{}
		return res
	}
	if cat == nil {
		res.Notes = append(res.Notes, l.f(kNoteNoCatalog))
		res.Requirement = EstimateWith(nil, a, opt)
		return res
	}
	res.Catalog = cat.Info
	c := e.getCallFrom(a, l, opt.shapesFrom)
	defer e.putCall(c)
	res.Requirement = c.p.req
	res.Currency = c.price.disp
	res.Considered = len(cat.Offers)
	if !c.p.sized {
		res.Notes = append(res.Notes, l.f(kNoteNoSize))
		return res
	}
	asked := c
	c, cs := e.listed(c, nil, a, top, opt.All)
	res.Requirement = c.p.req
	res.Currency = c.price.disp
	res.Matched = c.st.matched
	in, inPartial := c.st.listedIn(0)
	over, overPartial := c.st.listedIn(1)
	res.Listed, res.OverBudget = in+over, over
	partial := inPartial + overPartial
	if opt.leadOnly {
		if opt.WithinBudget {
			cs = cs[:firstOver(cs)]
		}
		if len(cs) > 0 {
			res.Recommendations = []model.Recommendation{recoWriter{c}.full(cs[0])}
		}
		return res
	}
	res.Notes = explainer{c}.notes(cs)
	if opt.WithinBudget && over > 0 {
		res.Listed, res.OverBudgetHidden, partial = in, true, inPartial
		cs = cs[:firstOver(cs)]
		res.Notes = append(res.Notes, l.f(kNoteOverHidden, over, l.budget(a.Budget)))
	} else if over > 0 && in > 0 {
		res.Notes = append(res.Notes, l.f(kNoteOverFollow, over, l.budget(a.Budget)))
	}
	if partial > 0 {
		res.Notes = append(res.Notes, l.f(kNotePartialTotal, partial))
	}
	n := min(len(cs), top)
	priced := n
	if opt.Priced > 0 {
		priced = min(n, opt.Priced)
	}
	res.Recommendations = make([]model.Recommendation, 0, priced)
	for _, cd := range cs[:priced] {
		rec := recoWriter{c}.full(cd)
		if opt.Sizes <= 0 || len(res.Recommendations) < opt.Sizes {
			rec.OtherSizes = recoWriter{c}.otherSizes(cd)
		} else {
			rec.SizesOmitted = c.sizes().group[cd.row] >= 0
		}
		res.Recommendations = append(res.Recommendations, rec)
	}
	res.OnRequest = c.onRequest(top)
	res.WhyFirst = explainer{c}.whyFirst(res.Recommendations, cs)
	if len(res.Recommendations) > 0 {
		if s := (explainer{c}).planNote(&res.Recommendations[0]); s != "" {
			res.Notes = append(res.Notes, s)
		}
	}
	rows := cs[:n]
	if opt.All {
		rows = cs
	}
	res.Rows = make([]model.OfferRow, len(rows))
	for i, cd := range rows {
		if i < priced {
			res.Rows[i] = res.Recommendations[i].Row(int(cd.idx))
		} else {
			res.Rows[i] = recoWriter{c}.offerRow(cd)
		}
	}
	if !opt.NoSuggestions && needsSuggestions(&res) {
		res.Suggestions = suggester{asked}.suggest(top, overFirst(&res))
	}
	if opt.Explain {
		e.whatWouldChange(a, opt, &res, asked)
	}
	return res
}

// needsSuggestions reports whether a result wants ways back: nothing is
// listed (nothing fits, or nothing keeps the budget and the offers over it
// are hidden), or the first offer is over the budget (so is every other).
func needsSuggestions(res *model.Result) bool {
	if len(res.Recommendations) == 0 {
		return res.Listed == 0
	}
	return !res.Recommendations[0].WithinBudget
}

// overFirst is a result's first recommendation when it is over the budget
// (nil when there is none): what the suggestions must get nearer than.
func overFirst(res *model.Result) *model.Recommendation {
	if len(res.Recommendations) > 0 && !res.Recommendations[0].WithinBudget {
		return &res.Recommendations[0]
	}
	return nil
}

// Suggest fills in the suggestions of res, Recommend's result for the same
// answers and options with NoSuggestions set, as Recommend would: when the
// result keeps no budget or fits nothing and has none yet. It ranks the
// catalog again per change (a few milliseconds on the embedded catalog),
// so a wizard asks for it off its update loop.
func (e *Engine) Suggest(a model.Answers, opt Options, res *model.Result) {
	if e.cat == nil || len(res.Suggestions) > 0 || !needsSuggestions(res) {
		return
	}
	a.Normalize()
	if check(&a) != nil {
		return
	}
	l := langOf(opt.Lang)
	top := opt.Top
	if top <= 0 {
		top = DefaultTop
	}
	c := e.getCall(a, l)
	defer e.putCall(c)
	if c.p.sized {
		res.Suggestions = suggester{c}.suggest(top, overFirst(res))
	}
}

// Expand prices fully the catalog's offers at the given indices (positions
// in cat.Offers, as in OfferRow.Index) the way Recommend ranks them for the
// same answers, in the order given. An index out of range or of an offer
// that does not fit gives no recommendation.
func (e *Engine) Expand(a model.Answers, opt Options, offers []int) []model.Recommendation {
	cat := e.cat
	a.Normalize()
	l := langOf(opt.Lang)
	c, _ := prepare(e, a, l)
	if c == nil {
		return nil
	}
	var wide *call
	out := make([]model.Recommendation, 0, len(offers))
	for _, i := range offers {
		if i < 0 || i >= len(cat.Offers) {
			continue
		}
		ri := c.ix.rowOf[i]
		cc := c
		if sr := &c.feas.shapes[c.ix.rows[ri].shape]; !sr.ok && sr.why == whyTooBig && c.p.autoNodes {
			// Only a ranking widened to several nodes lists this offer; an
			// offer that fits one node is priced the same either way.
			if wide == nil {
				wide = widen(nil, e, a, l)
			}
			cc = wide
		}
		sr := &cc.feas.shapes[cc.ix.rows[ri].shape]
		if !sr.ok {
			continue
		}
		if cd, v := cc.quick(ri, sr, nil); v == take {
			rec := recoWriter{cc}.full(cd)
			rec.OtherSizes = recoWriter{cc}.otherSizes(cd)
			out = append(out, rec)
		}
	}
	return out
}

// prepare checks the answers and sets up an evaluation; without one it
// returns the note that says why.
func prepare(e *Engine, a model.Answers, l lang) (*call, string) {
	if err := check(&a); err != nil {
		return nil, l.f(kNoteInvalid, err.Error())
	}
	if e.cat == nil {
		return nil, l.f(kNoteNoCatalog)
	}
	c := newCall(e, a, l)
	if !c.p.sized {
		return nil, l.f(kNoteNoSize)
	}
	return c, ""
}

// widen is the evaluation across several nodes, for a job no single node
// holds, in buf's buffers (a new call when buf is nil).
func widen(buf *call, e *Engine, a model.Answers, l lang) *call {
	wide, key := a, kAsmMultiNode
	wide.MaxNodes = defaultNodesInference
	if a.Workload.Training() {
		wide.MaxNodes, key = defaultNodesTraining, kAsmMultiNodeTrain
	}
	c := reuseCall(buf, e, wide, l)
	c.p.req.Assumptions = append(c.p.req.Assumptions, l.f(key, wide.MaxNodes))
	return c
}

// listed is Recommend's ranking of the answers a that c evaluates: the
// listed offers best first (the first top, or every one with all), and
// the evaluation that ranked them: c, or, when no single node holds the
// job, the evaluation widened to several nodes, made in wide's buffers
// (a new call when wide is nil). c.fast carries over to the widened
// evaluation. ranked orders near-equal costs of a deadline (shortFirst).
func (e *Engine) listed(c, wide *call, a model.Answers, top int, all bool) (*call, []cand) {
	cs := c.ranked(top, all)
	if len(cs) == 0 && c.p.autoNodes && c.st.tooBig > 0 {
		// No single node holds the job: widen to several nodes.
		fast := c.fast
		c = widen(wide, e, a, c.l)
		c.fast = fast
		cs = c.ranked(top, all)
	}
	return c, cs
}

// firstOver is the index of the first candidate over the budget in a
// ranked list (its length when none is).
func firstOver(cs []cand) int {
	for i, cd := range cs {
		if cd.over() != 0 {
			return i
		}
	}
	return len(cs)
}

// check rejects answers the advisor cannot use: invalid ones (as
// Answers.Validate says) and numbers that are not finite.
// answerErr is an answer's error with its message and fix in English and
// Chinese from the text table.
func answerErr(field string, msg, fix textKey) *model.FieldError {
	return &model.FieldError{Field: field, Msg: texts[msg][text.EN], MsgZH: texts[msg][text.ZH], Fix: texts[fix][text.EN], FixZH: texts[fix][text.ZH]}
}

func check(a *model.Answers) error {
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"params", a.ParamsB}, {"vram", a.KnownVRAMGiB}, {"duration", a.DurationHours},
		{"hours_per_week", a.HoursPerWeek}, {"tokens", a.JobTokens}, {"budget", a.Budget.Amount},
		{"data", a.DataGB}, {"egress", a.EgressGB},
	} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return answerErr(f.name, kErrNotFinite, kErrNotFiniteFix)
		}
	}
	if a.DurationHours > 1e6 || a.JobTokens > 1e18 || a.KnownVRAMGiB > 1e7 || a.DataGB > 1e9 || a.EgressGB > 1e9 || a.Budget.Amount > 1e12 {
		return answerErr("size", kErrSizeRange, kErrSizeRangeFix)
	}
	return a.Validate()
}

// money formats an amount in a currency for messages (model.MoneyText), in
// ten thousands in Chinese.
func (l lang) money(cur model.Currency, v float64) string {
	return model.FormatMoneyIn(v, cur, model.MoneyText, l == langZH)
}
