package advisor

// markIdle sets shapeRes.smaller for every configuration that leaves GPUs
// of its instance idle: the lowest hourly rate of an offer (wanted by the
// filters, of the same GPU) whose instance has just the GPUs it uses. An
// instance is listed using fewer GPUs than it has only when it is cheaper
// than such an offer.
func (c *call) markIdle() {
	type key struct {
		gpu   int32
		count int
	}
	best := map[key]float64{}
	for si := range c.shapes {
		sr, sh := &c.shapes[si], &c.ix.shapes[si]
		if !sr.ok || sh.gpu < 0 || sh.frac != 1 || sr.used != sh.count*sr.nodes {
			continue
		}
		if r := c.cheapestRow(si); r > 0 {
			k := key{sh.gpu, sh.count}
			if v, ok := best[k]; !ok || r*float64(sr.nodes) < v {
				best[k] = r * float64(sr.nodes)
			}
		}
	}
	if len(best) == 0 {
		return
	}
	for si := range c.shapes {
		sr, sh := &c.shapes[si], &c.ix.shapes[si]
		if !sr.ok || sh.gpu < 0 || sh.frac != 1 || sr.used >= sh.count*sr.nodes || sr.used%sr.nodes != 0 {
			continue
		}
		sr.smaller = best[key{sh.gpu, sr.used / sr.nodes}]
	}
}

// cheapestRow is the lowest hourly rate (USD, one node) of the offers of a
// shape that the provider, region and hard-requirement filters keep, 0
// when none has one: the first such row in the order of the lower bound.
func (c *call) cheapestRow(si int) float64 {
	lo, hi := c.ix.start[si], c.ix.start[si+1]
	for j := lo; j < hi; j++ {
		ri := j
		if c.a.Interruptible {
			ri = c.ix.spotOrder[j]
		}
		hr := &c.ix.hot[ri]
		if !c.provOK[hr.prov] || c.fxUSD[hr.cur] == 0 || len(c.reqOut) > 0 && c.reqOut[c.ix.rows[ri].offer] != reqOK {
			continue
		}
		rate := hr.lbUSD
		if c.a.Interruptible {
			rate = hr.lbSpotUSD
		}
		if rate <= 0 {
			continue
		}
		if len(c.a.Regions) > 0 && !regionWanted(c.a.Regions, c.cat.Offers[c.ix.rows[ri].offer].Regions) {
			continue
		}
		return float64(rate)
	}
	return 0
}
