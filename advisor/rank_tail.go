package advisor

import (
	"slices"
	"sort"
	"sync"
)

// tails lets a scan stop early and still count, exactly, why the offers
// it did not read were left out. Within a shape the rows are in order of
// their lower bound (tail orders: 0 without spot, rows in index order; 1
// with spot, index.spotOrder), the rows without a price (bound 0) last. A
// scan that stops at position j of a shape (always a priced row: a scan
// stops only where it compares a bound) leaves the positions j.. unread:
// the priced ones are matched or idle (a threshold on the bound, so a
// split by binary search) and the unpriced ones are counted per provider
// once per catalog. The positions of each provider's rows are kept
// ascending so that a count from j is a binary search.
type tails struct {
	orders [2]tailOrder
}

// tailOrder is the tail counts of one order of the rows.
type tailOrder struct {
	// groups lists, shape by shape, the providers with rows in the shape;
	// shape s's are groups[gstart[s]:gstart[s+1]].
	groups []tailGroup
	gstart []int32
	// pos holds the positions of a group's rows (indexes into the order),
	// ascending: group g's are pos[g.lo:g.hi].
	pos []int32
	// zero is, per shape, the first position without a price (its end
	// when every row has one).
	zero []int32
}

// tailGroup is one provider's rows in a shape, with its unpriced rows
// counted by why quick leaves them out.
type tailGroup struct {
	lo, hi                           int32
	prov                             uint16
	noFX, spotOnly, noPrice, retired int32
}

// buildTails indexes the tails of both orders; fxOK tells, per currency
// index, whether the currency has a rate to USD.
func buildTails(ix *index, fxOK []bool) *tails {
	t := &tails{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the two orders at once
		defer wg.Done()
		t.orders[1] = buildTailOrder(ix, fxOK, true)
	}()
	t.orders[0] = buildTailOrder(ix, fxOK, false)
	wg.Wait()
	return t
}

func buildTailOrder(ix *index, fxOK []bool, spot bool) tailOrder {
	n := len(ix.rows)
	ns := len(ix.shapes)
	to := tailOrder{pos: make([]int32, n), zero: make([]int32, ns), gstart: make([]int32, ns+1),
		groups: make([]tailGroup, 0, min(n, 2*ns))} // most shapes have a provider or two
	rowAt := func(j int32) int32 {
		if spot {
			return ix.spotOrder[j]
		}
		return j
	}
	bound := func(hr *hotRow) float32 {
		if spot {
			return hr.lbSpotUSD
		}
		return hr.lbUSD
	}
	// Per shape, count rows by provider, then place the positions.
	slot := map[uint16]int{}
	for s := 0; s < ns; s++ {
		lo, hi := ix.start[s], ix.start[s+1]
		clear(slot)
		first := len(to.groups)
		to.zero[s] = hi
		for j := lo; j < hi; j++ {
			hr := &ix.hot[rowAt(j)]
			g, ok := slot[hr.prov]
			if !ok {
				g = len(to.groups)
				slot[hr.prov] = g
				to.groups = append(to.groups, tailGroup{prov: hr.prov})
			}
			to.groups[g].hi++ // a count for now
			if bound(hr) > 0 {
				continue
			}
			if to.zero[s] == hi {
				to.zero[s] = j
			}
			switch {
			case !fxOK[hr.cur]:
				to.groups[g].noFX++
			case hr.risk&offerRetired != 0:
				to.groups[g].retired++
			case hr.lbSpotUSD > 0:
				to.groups[g].spotOnly++
			default:
				to.groups[g].noPrice++
			}
		}
		at := lo
		for g := first; g < len(to.groups); g++ {
			c := to.groups[g].hi
			to.groups[g].lo, to.groups[g].hi = at, at // filled below
			at += c
		}
		for j := lo; j < hi; j++ {
			g := &to.groups[slot[ix.hot[rowAt(j)].prov]]
			to.pos[g.hi] = j
			g.hi++
		}
		to.gstart[s+1] = int32(len(to.groups))
	}
	return to
}

// countTail counts the rows of shape si from position j on as quick
// would, without reading them one by one. It holds only for a call
// whose left-out reasons do not depend on the offer beyond its provider,
// currency and bound (tailOK) on a one-node shape.
func (c *call) countTail(si int, j int32, sr *shapeRes) {
	spot := c.a.Interruptible
	to := &c.ix.tails.orders[0]
	if spot {
		to = &c.ix.tails.orders[1]
	}
	zs := to.zero[si]
	c.tailed += int(c.ix.start[si+1] - j)
	c.sized.tail(si)
	// idle: the priced rows from position t on (their bound reaches the
	// rate of an instance with just the GPUs used).
	t := zs
	if sm := c.feas.smaller[si]; sm > 0 && j < zs {
		t = j + int32(sort.Search(int(zs-j), func(k int) bool {
			hr := &c.ix.hot[c.rowAt(j+int32(k))]
			b := hr.lbUSD
			if spot {
				b = hr.lbSpotUSD
			}
			return float64(b)*float64(sr.nodes) >= sm
		}))
	}
	for gi := to.gstart[si]; gi < to.gstart[si+1]; gi++ {
		g := &to.groups[gi]
		ps := to.pos[g.lo:g.hi]
		// (The first position at or after j, t and zs: ps ascends.)
		from, _ := slices.BinarySearch(ps, j)
		if !c.feas.provOK[g.prov] {
			c.st.filtered += len(ps) - from
			continue
		}
		atT, atZ := from, from
		if j < zs { // else no priced row is left: none matched nor idle
			atT, _ = slices.BinarySearch(ps, t)
			atZ, _ = slices.BinarySearch(ps, zs)
		}
		m := atT - from
		c.st.matched += m
		var unk uint8
		if c.price.anyUnk {
			unk = c.price.hidUnk[g.prov]
		}
		c.st.groups[int(sr.tier>>1)<<1|int(unk)] += m
		c.st.idle += atZ - atT
		c.st.noFX += int(g.noFX)
		c.st.spotOnly += int(g.spotOnly)
		c.st.noPrice += int(g.noPrice)
		c.st.retired += int(g.retired)
	}
}

// zeroAt is the first position of shape si without a price in the order
// of the bound (spot: index.spotOrder's), the shape's end when every row
// has one.
func (t *tails) zeroAt(si int, spot bool) int32 {
	if spot {
		return t.orders[1].zero[si]
	}
	return t.orders[0].zero[si]
}

// rowAt is the row at position j of the call's order.
func (c *call) rowAt(j int32) int32 {
	if c.a.Interruptible {
		return c.ix.spotOrder[j]
	}
	return j
}
