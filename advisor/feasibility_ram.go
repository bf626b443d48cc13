package advisor

import "math"

// ramNeed sets a shape's host RAM need per node (0 when no rule applies),
// whether some of its rows are known to fall below it, and whether any row
// needs a look (one below it or of unknown RAM: the rest pass unread).
func (fe *feasibility) ramNeed(si int, sr *shapeRes) {
	sr.ram = fe.p.req.HostRAMNeedGiB(sr.used / max(sr.nodes, 1))
	sr.ramCut = sr.ram > 0 && float64(fe.ram.min[si]) < sr.ram
	sr.ramRows = sr.ramCut || sr.ram > 0 && fe.ram.unk[si]
	sr.ramLeast = 0
	if sr.ram > 0 && fe.ram.unk[si] && math.IsInf(float64(fe.ram.min[si]), 1) {
		sr.ramLeast = 1
	}
}

// ramCheck is how a row meets its shape's host RAM need: ok, left out
// (its known RAM is below it) or unknown (1: a shortfall).
func (fe *feasibility) ramCheck(ri int32, sr *shapeRes) (out bool, unknown uint8) {
	if !sr.ramRows {
		return false, 0
	}
	m := fe.ram.row[ri]
	if m <= 0 {
		return false, 1
	}
	return float64(m) < sr.ram, 0
}
