package data

import (
	"strings"
	"unsafe"

	"github.com/gpupick/gpupick/model"
)

// A streamed table (decodeTSVStream) is decoded from blocks of text that
// are read again into once their lines are decoded, so nothing a record
// keeps may point into them: a column's decoder takes every string it
// keeps through its tsvCtx (str, or a list cache), which copies it out of
// the block. The copies go through one intern table per decoding
// goroutine, so that the values a column repeats (a provider, a GPU, a
// date, a region, a list of sources) share one copy, and identical lists
// share one backing array; a column whose values hardly repeat (an
// instance type) stops looking them up after a sample and copies each
// into an arena, a few large allocations instead of one per value.

// internSample is how many values of a column are looked up before the
// table decides whether the column repeats enough to keep interning it.
const internSample = 2048

// internMaxEntries bounds an intern table's values per kind, so a column
// that repeats in its sample but not after cannot grow it without end.
const internMaxEntries = 1 << 16

// arenaBlock is the size of one arena allocation for copied strings.
const arenaBlock = 64 << 10

// internStat counts a column's lookups and hits, and keeps its last
// value: the rows of a table sorted by provider repeat the value of the
// row before more often than not.
type internStat struct {
	n, hits int32
	off     bool // the column's values do not repeat: copy, do not look up
	last    string
}

// see records a lookup, hit or not, and turns the column's interning off
// (off) when too few of its first internSample lookups hit.
func (st *internStat) see(hit bool) {
	st.n++
	if hit {
		st.hits++
	}
	if st.n == internSample && st.hits < internSample/2 {
		st.off = true
	}
}

// detailPause is how many samples' worth of rows a decoding goroutine
// keeps its rows' own details after a sample of them found too few equal
// ones, before it samples again (detailStat).
const detailPause = 8

// detailStat decides, sample by sample, whether a decoding goroutine's
// rows look their detail up in the decode's detailInterner. Unlike a
// column's, the decision is taken again and again: a catalog's providers
// differ, and where offers of a family share their detail, rows that each
// carry one of their own (prices zone by zone of their own) gain nothing
// from the lookup and entry in the shared table, which cost more than
// decoding the row. (A marketplace's offers were such rows while their
// notes, which name each offer's ids, were in the detail; they are on the
// offer now, and the offers of a marketplace share their details.)
type detailStat struct {
	n, hits int32
	paused  int32 // rows left that keep their own detail
}

// skip reports whether this row keeps its own detail unlooked-up (and
// counts the pause down).
func (st *detailStat) skip() bool {
	if st.paused == 0 {
		return false
	}
	st.paused--
	return true
}

// see records a lookup; at the end of a sample in which fewer than half
// the rows found an equal detail, the next detailPause samples' rows skip.
func (st *detailStat) see(hit bool) {
	st.n++
	if hit {
		st.hits++
	}
	if st.n == internSample {
		if st.hits < internSample/2 {
			st.paused = internSample * detailPause
		}
		st.n, st.hits = 0, 0
	}
}

// interner is the intern table of one decoding goroutine.
type interner struct {
	strs  map[string]string
	lists []map[string]any // per column: raw list field -> its decoded, shared list
	sstat []internStat     // per column, for strings
	lstat []internStat     // per column, for lists
	arena []byte
	// The detail the goroutine's last row was given by the decode's
	// detailInterner and its key: rows sorted by provider and instance
	// type repeat it more often than not, and comparing two keys costs
	// less than hashing one (detailInterner.intern).
	lastDetail *model.OfferDetail
	lastKey    detailKey
	dstat      detailStat
}

func newInterner(cols int) *interner {
	return &interner{strs: map[string]string{}, lists: make([]map[string]any, cols),
		sstat: make([]internStat, cols), lstat: make([]internStat, cols)}
}

// copy copies s into the arena. The arena's bytes are written once, here,
// before the string over them is made, and never again, so the string
// is immutable as Go requires.
func (in *interner) copy(s string) string {
	if len(s) > arenaBlock/16 {
		return strings.Clone(s)
	}
	if len(in.arena)+len(s) > cap(in.arena) {
		in.arena = make([]byte, 0, arenaBlock)
	}
	at := len(in.arena)
	in.arena = append(in.arena, s...)
	return unsafe.String(&in.arena[at], len(s))
}

// str returns s, or the copy of it already made, as a string that stays
// valid after the block holding s is reused.
func (in *interner) str(col int, s string) string {
	if s == "" {
		return ""
	}
	st := &in.sstat[col]
	if st.off {
		return in.copy(s)
	}
	if s == st.last {
		st.see(true)
		return st.last
	}
	v, ok := in.strs[s]
	st.see(ok)
	if !ok {
		v = in.copy(s)
		if len(in.strs) < internMaxEntries {
			in.strs[v] = v
		}
	}
	st.last = v
	return v
}

// str returns a string a decoder keeps from a field (see interner.str):
// s itself when the table is not streamed (its text outlives the
// records).
func (c *tsvCtx) str(s string) string {
	if c == nil || c.in == nil {
		return s
	}
	return c.in.str(c.col, s)
}

// cachedList decodes a list field with parse, sharing one decoded list
// between identical fields of a column of a streamed table. parse gets
// the field text and the context to keep each item's string with
// (tsvCtx.str; nil when the items are cut from a copy already kept); a
// list from the cache is shared, so its capacity is its length (an append
// copies it) and no one may write its items.
func cachedList[E any](c *tsvCtx, s string, parse func(s string, c *tsvCtx) ([]E, error)) ([]E, error) {
	if c == nil || c.in == nil {
		return parse(s, nil)
	}
	in := c.in
	st := &in.lstat[c.col]
	if st.off {
		return parse(s, c)
	}
	m := in.lists[c.col]
	if m == nil {
		m = map[string]any{}
		in.lists[c.col] = m
	}
	if v, ok := m[s]; ok {
		if l, ok := v.([]E); ok {
			st.see(true)
			return l, nil
		}
	}
	st.see(false)
	// The items are cut from one copy of the whole field, which the cache
	// keys by.
	key := in.copy(s)
	l, err := parse(key, nil)
	if err != nil {
		return nil, err
	}
	l = l[:len(l):len(l)]
	if len(m) < internMaxEntries {
		m[key] = l
	}
	return l, nil
}
