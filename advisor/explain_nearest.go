package advisor

import "github.com/gpupick/gpupick/model"

// When no listed offer is known to meet the latency class (every known
// speed is too slow, and the list leads with offers of unknown speed, or
// with the too slow ones), the notes name the known configuration that
// comes nearest: an offer of unknown speed is no answer to a class that
// the fastest known GPUs miss, and the known speeds say how far off the
// class is.

// missBy is how far a shape's known speed misses the latency class of
// plan p: the largest ratio of a limit to what the shape reaches (its
// first-token time over the limit, the decode limit over its decode
// speed, its time per image over the limit), with the limit it is; 0 when
// it meets them. The scan notes the nearest shape by it (call.noteNearest)
// and the explainer names that shape's limit (nearestNote).
func (sr *shapeRes) missBy(p *plan) (x float64, gate model.Gate) {
	sp := &sr.speed
	for _, g := range classGates {
		limit := g.limit(p)
		if limit <= 0 || !g.misses(sp, limit) {
			continue
		}
		var r float64
		switch g.gate {
		case model.GateFirstToken:
			r = sp.TimeToFirstTokenSec / limit
		case model.GateDecode:
			if sp.DecodeTokensPerSec <= 0 {
				continue
			}
			r = limit / sp.DecodeTokensPerSec
		case model.GateImageTime:
			r = sp.SecondsPerImage / limit
		}
		if r > x {
			x, gate = r, g.gate
		}
	}
	return x, gate
}

// nearestNote says that no listed offer is known to meet the class and
// names the nearest known configuration with the limit it misses; "" when
// a listed offer meets the class or no known speed was reached.
func (c explainer) nearestNote(cs []cand) string {
	if len(cs) == 0 || cs[0].tier() == 0 || c.st.near == 0 {
		return ""
	}
	si := int(c.st.near - 1)
	sr := &c.feas.shapes[si]
	s := &c.ix.shapes[si]
	sp := &sr.speed
	l := c.l
	name := ""
	if s.gpu >= 0 {
		name = c.ix.gpus[s.gpu].name
	}
	name = displayGPU(name, l)
	_, gate := sr.missBy(c.p)
	lat := l.latency(c.a.Latency)
	switch gate {
	case model.GateFirstToken:
		return l.f(kNoteNearestTTFT, lat, s.count, name, l.nodes(sr.nodes), sp.TimeToFirstTokenSec, c.p.maxTTFT)
	case model.GateDecode:
		return l.f(kNoteNearestDecode, lat, s.count, name, l.nodes(sr.nodes), sp.DecodeTokensPerSec, c.p.minDecode)
	case model.GateImageTime:
		return l.f(kNoteNearestImage, lat, s.count, name, l.nodes(sr.nodes), sp.SecondsPerImage, c.p.imageLimit())
	}
	return ""
}
