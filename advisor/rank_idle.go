package advisor

// markIdle sets feasibility.smaller for every configuration that leaves GPUs
// of its instance idle: the lowest hourly rate of an offer (wanted by the
// filters, of the same GPU) whose instance has just the GPUs it uses. An
// instance is listed using fewer GPUs than it has only when it is cheaper
// than such an offer.
func (c *call) markIdle() {
	f := c.facts
	c.feas.smaller = grow(c.feas.smaller, len(c.feas.shapes))
	c.idleBest = grow(c.idleBest, len(f.groups))
	best, found := c.idleBest, false
	for si := range c.feas.shapes {
		sr, sh := &c.feas.shapes[si], &c.ix.shapes[si]
		g := f.idleGroup[si]
		if !sr.ok || g < 0 || sr.used != sh.count*sr.nodes {
			continue
		}
		if r := c.cheapestRow(si); r > 0 {
			// A rate is positive: 0 marks a group with none yet.
			if v := best[g]; v == 0 || r*float64(sr.nodes) < v {
				best[g] = r * float64(sr.nodes)
				found = true
			}
		}
	}
	if !found {
		return
	}
	for si := range c.feas.shapes {
		sr, sh := &c.feas.shapes[si], &c.ix.shapes[si]
		if !sr.ok || f.idleGroup[si] < 0 || sr.used >= sh.count*sr.nodes || sr.used%sr.nodes != 0 {
			continue
		}
		if g, ok := f.idleGroupOf(idleKey{sh.gpu, sr.used / sr.nodes}); ok {
			c.feas.smaller[si] = best[g]
		}
	}
}

// cheapestRow is the lowest hourly rate (USD, one node) of the offers of a
// shape that the provider, region and hard-requirement filters keep and
// whose host is known to have the RAM the job needs, 0 when none has one:
// the first such row in the order of the lower bound, or under a region
// filter the lowest bound inside it.
func (c *call) cheapestRow(si int) float64 {
	sr := &c.feas.shapes[si]
	if sr.ramLeast != 0 {
		return 0 // no offer of the shape has a known host RAM
	}
	lo, hi := c.ix.start[si], c.ix.start[si+1]
	best := float32(0)
	for j := lo; j < hi; j++ {
		ri := j
		if c.a.Interruptible {
			ri = c.ix.spotOrder[j]
		}
		hr := &c.ix.hot[ri]
		r := &c.ix.rows[ri]
		if !c.feas.provOK[hr.prov] || c.price.fxUSD[hr.cur] == 0 || len(c.feas.reqOut) > 0 && c.feas.reqOut[r.offer] != reqOK {
			continue
		}
		rate := hr.lbUSD
		if c.a.Interruptible {
			rate = hr.lbSpotUSD
		}
		if rate <= 0 {
			continue
		}
		if low, unk := c.feas.ramCheck(ri, sr); low || unk != 0 {
			// It cannot stand in for an instance with more GPUs: it is left
			// out, or may be (an unknown RAM is the worse case).
			continue
		}
		if c.feas.reg.rf == nil {
			return float64(rate)
		}
		p, _, in, _ := c.feas.reg.regionRates(r)
		if !in {
			continue
		}
		if f := c.price.floorUSD(&p, r, c.price.fxUSD[hr.cur]); f > 0 && (best == 0 || f < best) {
			best = f
		}
	}
	return float64(best)
}
