package advisor

import (
	"sync"

	"github.com/gpupick/gpupick/model"
)

// Engine is the advisor for one catalog: it owns the catalog's index
// (built once, on the first call that needs it, so New is cheap and the
// index can be built off the caller's loop) and answers every ranking of
// that catalog. The catalog must not be modified after New. An Engine is
// safe for concurrent use.
type Engine struct {
	cat   *model.Catalog
	once  sync.Once
	ix    *index
	facts *shapeFacts // what the ranking reads of the index's GPUs and shapes (facts.go)
	ram   ramTable    // the rows' host RAM (hostram.go)
	sizes sizeTable   // the products sold at several GPU counts (rank_sizes.go)
	// free keeps evaluations' buffers (per shape, provider and currency)
	// from one ranking to the next, up to maxFreeCalls of them (rankings
	// can run concurrently). Unlike a sync.Pool it is not emptied by the
	// garbage collector, which would make the next ranking allocate the
	// per-shape buffers again.
	mu   sync.Mutex
	free []*call
}

// maxFreeCalls is how many evaluations' buffers an engine keeps.
const maxFreeCalls = 4

// New returns the advisor engine of a catalog (nil gives an engine that
// says there is no catalog).
func New(cat *model.Catalog) *Engine { return &Engine{cat: cat} }

// Catalog is the catalog the engine ranks.
func (e *Engine) Catalog() *model.Catalog { return e.cat }

// index returns the catalog's index, building it on first use (the
// embedded catalog as built in has it built with the binary: prebuilt.go).
func (e *Engine) index() *index {
	e.once.Do(func() {
		switch p := prebuiltFor(e.cat); {
		case p != nil:
			e.ix, e.facts = p.ix, p.facts
			e.sizes.set(p.sizes)
		case e.cat != nil:
			e.ix, e.facts = buildIndex(e.cat)
			e.sizes.start(e.cat, e.ix)
		}
	})
	return e.ix
}

// getCall prepares an evaluation in a kept call's buffers (a new call
// when none is free); putCall gives it back once nothing it holds is in
// use.
func (e *Engine) getCall(a model.Answers, l lang) *call { return e.getCallFrom(a, l, nil) }

// getCallFrom is getCall with the shapes of evaluation from, when not nil
// and its answers differ from a in the hard requirements alone
// (sameShapes): they are shared rather than worked out again.
func (e *Engine) getCallFrom(a model.Answers, l lang, from *call) *call {
	var c *call
	e.mu.Lock()
	if n := len(e.free); n > 0 {
		c, e.free = e.free[n-1], e.free[:n-1]
	}
	e.mu.Unlock()
	return setupCall(c, e, a, l, nil, from)
}

// putCall keeps a finished evaluation's buffers for the next ranking
// (up to maxFreeCalls).
func (e *Engine) putCall(c *call) {
	e.mu.Lock()
	if len(e.free) < maxFreeCalls {
		e.free = append(e.free, c)
	}
	e.mu.Unlock()
}

// Index builds the catalog's index now (it is otherwise built by the
// first ranking), for a caller that wants the cost paid up front.
func (e *Engine) Index() {
	if ix := e.index(); ix != nil {
		e.ram.get(e.cat, ix)
	}
}

// Recommend is Engine.Recommend on a one-off engine: it indexes the
// catalog on every call, so a caller that ranks the same catalog more than
// once keeps an Engine (New) instead.
func Recommend(cat *model.Catalog, a model.Answers, opt Options) model.Result {
	return New(cat).Recommend(a, opt)
}

// Expand is Engine.Expand on a one-off engine (see Recommend).
func Expand(cat *model.Catalog, a model.Answers, opt Options, offers []int) []model.Recommendation {
	return New(cat).Expand(a, opt, offers)
}

// WhatWouldChange is Engine.WhatWouldChange on a one-off engine (see
// Recommend).
func WhatWouldChange(cat *model.Catalog, a model.Answers, opt Options, res *model.Result) {
	New(cat).WhatWouldChange(a, opt, res)
}

// Suggest is Engine.Suggest on a one-off engine (see Recommend).
func Suggest(cat *model.Catalog, a model.Answers, opt Options, res *model.Result) {
	New(cat).Suggest(a, opt, res)
}
