package data

import (
	"strings"
	"sync"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// An offer's rarely read facts are in a model.OfferDetail that offers of a
// family may share (issue 14: a 1M-offer catalog). Decoding offers.tsv, a
// row's detail columns are written into a detail of that row's own; once
// the header's last detail column is read, the detail is complete and
// replaced by the one equal detail of the decode (detailInterner), so the
// offers of a family share one, and the row's copy is used again by a later
// row. Strings and lists a shared detail keeps are copied out of the file's
// text, so that they do not keep it alive.

// detailNames returns the names of the offer columns that hold detail
// fields (detailCol's), worked out once from offerCols.
var detailNames = lazy.Value[map[string]bool]{New: func() map[string]bool {
	names := map[string]bool{}
	for _, c := range offerCols.Get() {
		if c.detail {
			names[c.name] = true
		}
	}
	return names
}}

// detailCol is an offer column of a detail field. Decoding writes the
// row's own detail (made on its first non-empty detail field) and, at the
// header's last detail column, hands the detail to the decode's interner.
func detailCol(c column[model.OfferDetail]) column[model.Offer] {
	return column[model.Offer]{name: c.name, detail: true,
		enc: func(o *model.Offer, ctx *tsvCtx) string { return c.enc(o.Detail(), ctx) },
		dec: func(o *model.Offer, s string, ctx *tsvCtx) error {
			if s != "" {
				if o.Extra == nil {
					d := ctx.details.scratch()
					if err := c.dec(d, s, ctx); err != nil {
						return err
					}
					o.SetDetail(d)
				} else if err := c.dec(o.Extra, s, ctx); err != nil {
					// The row's own detail: no other offer has it until
					// the interner runs, after the row's last detail column.
					return err
				}
			}
			if ctx.details != nil && c.name == ctx.details.last {
				ctx.details.intern(o, ctx.in)
			}
			return nil
		}}
}

// detailInterner makes the offers of one decode whose details are equal
// share one. It is safe for the parallel chunks of a decode.
type detailInterner struct {
	last  string    // the header's last detail column
	spare sync.Pool // *model.OfferDetail: rows' own details, reused once interned
	// The tables are typed maps under one lock, not sync.Maps: a
	// sync.Map's key is an interface, and boxing a detailKey allocated
	// on every row.
	mu      sync.RWMutex
	details map[detailKey]*model.OfferDetail
	zones   map[string][]model.ZonePrice    // by spot_zones and on_demand_zones field
	buckets map[string][]model.RegionBucket // by interruption field
	regions map[string][]string             // by plan_regions field
}

// newDetailInterner returns the interner of a decode of offers.tsv text
// (its header line names the columns), or nil when the header has no
// detail column.
func newDetailInterner(text string) *detailInterner {
	line, _, _ := strings.Cut(text, "\n")
	last := ""
	details := detailNames.Get()
	for _, h := range strings.Split(line, "\t") {
		if details[h] {
			last = h
		}
	}
	if last == "" {
		return nil
	}
	return &detailInterner{last: last, details: map[detailKey]*model.OfferDetail{},
		zones: map[string][]model.ZonePrice{}, buckets: map[string][]model.RegionBucket{}, regions: map[string][]string{}}
}

// intern replaces the offer's own, complete detail by the decode's equal
// one, keeping it (its text copied out of the file's) when it is the first.
// in, when not nil, is the decoding goroutine's intern table, which keeps
// the detail its last row was given: a row whose detail equals it gets it
// without a lookup in the shared table.
func (t *detailInterner) intern(o *model.Offer, in *interner) {
	if o.Extra == nil {
		return
	}
	if in != nil && in.dstat.skip() {
		// A run of rows with details of their own: the row keeps its
		// own, whose text its columns copied already (tsvCtx.str).
		return
	}
	d := o.Detail()
	k := keyOf(d)
	if in != nil && in.lastDetail != nil && k == in.lastKey {
		in.dstat.see(true)
		t.reuse(o, d, in.lastDetail)
		return
	}
	t.mu.RLock()
	v, ok := t.details[k]
	t.mu.RUnlock()
	if in != nil {
		in.dstat.see(ok)
	}
	if ok {
		t.reuse(o, d, v)
		// The key of the decode's own detail: the row's may hold text
		// of a block that is read into again.
		k = keyOf(v)
	} else {
		// The first of its kind: copy its text so that it does not keep
		// the whole file's text alive. A streamed decode's (in set) is
		// copied already: its columns keep their strings through the
		// goroutine's intern table (tsvCtx.str).
		if in == nil {
			cloneDetailTexts(d)
			k = keyOf(d)
		}
		t.mu.Lock()
		if v, ok = t.details[k]; !ok {
			v = d
			t.details[k] = d
		}
		t.mu.Unlock()
		o.SetDetail(v)
	}
	if in != nil {
		in.lastDetail, in.lastKey = v, k
	}
}

// reuse gives the offer the decode's detail v, equal to the row's own
// detail d, and puts d back for a later row to write: nothing refers to
// it now (a 1M-offer decode makes no garbage detail a row).
func (t *detailInterner) reuse(o *model.Offer, d, v *model.OfferDetail) {
	o.SetDetail(v)
	*d = model.OfferDetail{}
	t.spare.Put(d)
}

// scratch returns a zero detail for a row to write its detail fields in:
// one interned before and put back, or a new one.
func (t *detailInterner) scratch() *model.OfferDetail {
	if t != nil {
		if d, ok := t.spare.Get().(*model.OfferDetail); ok {
			return d
		}
	}
	return new(model.OfferDetail)
}

// sharedList returns the list a list field s decoded to earlier in the
// decode, from t's table for that column (zoneTable, bucketTable,
// regionTable).
func sharedList[E any](t *detailInterner, table func(*detailInterner) map[string][]E, s string) ([]E, bool) {
	if t == nil {
		return nil, false
	}
	t.mu.RLock()
	v, ok := table(t)[s]
	t.mu.RUnlock()
	return v, ok
}

// keepList records the list a list field s decoded to (own, when not nil,
// copies each item's text out of the file's) and returns the decode's one
// list of that field.
func keepList[E any](t *detailInterner, table func(*detailInterner) map[string][]E, s string, list []E, own func(*E)) []E {
	if t == nil {
		return list
	}
	if own != nil {
		for i := range list {
			own(&list[i])
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if v, ok := table(t)[s]; ok {
		return v
	}
	table(t)[strings.Clone(s)] = list
	return list
}

func zoneTable(t *detailInterner) map[string][]model.ZonePrice      { return t.zones }
func bucketTable(t *detailInterner) map[string][]model.RegionBucket { return t.buckets }
func regionTable(t *detailInterner) map[string][]string             { return t.regions }
