package advisor

// late reports whether a run of cal calendar hours misses the deadline,
// and counts it: a run of unknown length cannot be shown to finish, the
// worse case, and is counted apart.
func (c *call) late(cal float64, unknown bool) bool {
	if c.p.deadline <= 0 {
		return false
	}
	switch {
	case unknown:
		c.st.lateUnknown++
		return true
	case cal > c.p.deadline:
		c.st.late++
		return true
	}
	return false
}

// shortFirst applies "at equal cost the shorter run wins" to a ranked list
// when a deadline is given: a run of the same ranking group (budget,
// latency tier, shortfalls, known costs) whose cost with its risk
// penalties is within 5% of the first of a run of such candidates is
// ordered by its calendar hours, the shorter first (stable otherwise).
func (c *call) shortFirst(cs []cand) {
	if c.p.deadline <= 0 || len(cs) < 2 {
		return
	}
	cal := func(cd cand) float64 {
		r := &c.ix.rows[cd.row]
		_, h, _ := c.feas.rowHours(&c.feas.shapes[r.shape], r)
		return h
	}
	for i := 0; i < len(cs); {
		j := i + 1
		for j < len(cs) && cs[j].key == cs[i].key && cs[j].rank <= cs[i].rank*(1+equalCostShare) {
			j++
		}
		if j-i > 1 {
			g := cs[i:j]
			hs := make([]float64, len(g))
			for k := range g {
				hs[k] = cal(g[k])
			}
			// Insertion sort: the groups are small and it is stable.
			for a := 1; a < len(g); a++ {
				for b := a; b > 0 && hs[b] < hs[b-1]; b-- {
					g[b], g[b-1] = g[b-1], g[b]
					hs[b], hs[b-1] = hs[b-1], hs[b]
				}
			}
		}
		i = j
	}
}

// runCut reports whether, with a deadline, the run of near-equal costs
// that shortFirst reorders and that holds the top-th candidate of the
// ranked list cs goes on to the list's end: candidates past it may
// belong to it.
func (c *call) runCut(cs []cand, top int) bool {
	if c.p.deadline <= 0 || len(cs) < top || top <= 0 {
		return false
	}
	for i := 0; i < len(cs); {
		j := i + 1
		for j < len(cs) && cs[j].key == cs[i].key && cs[j].rank <= cs[i].rank*(1+equalCostShare) {
			j++
		}
		if top-1 < j {
			return j == len(cs)
		}
		i = j
	}
	return false
}
