package advisor

import (
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// explainer is the stage that explains a finished ranking to the person
// who asked: the notes of the result (what was left out and why, what the
// figures rest on), why the first pick leads (explain_why.go), the
// nearest configuration when none meets the latency class
// (explain_nearest.go) and what would change with a limit dropped
// (explain_gates.go). It reads the rank cycle it wraps; recoWriter
// (explain_reco.go) writes each recommendation and suggester
// (explain_suggest.go) the suggestions.
type explainer struct{ *call }

// notes explain what was left out and why, and what the figures rest on.
func (c explainer) notes(cs []cand) []string {
	l, st := c.l, &c.st
	var out []string
	add := func(key textKey, args ...any) { out = append(out, l.f(key, args...)) }
	// count adds a note that counts offers left out, when there are any.
	count := func(key textKey, n int) {
		if n > 0 {
			add(key, n)
		}
	}
	if c.cat.Info.SnapshotDate != "" {
		add(kNoteSnapshot, c.cat.Info.SnapshotDate)
	}
	if c.p.ctxOverMax > 0 {
		add(kNoteContextOverMax, model.FormatContext(c.a.Context), model.FormatContext(c.p.ctxOverMax))
	}
	empty := c.providersWithoutOffers()
	if len(empty) > 0 {
		add(kNoteProviderNoOffers, strings.Join(empty, ", "))
	}
	if len(cs) == 0 {
		switch {
		case len(empty) > 0 && len(empty) == len(c.a.Providers):
			// Every provider asked has no offer: the note above says why.
		case st.matched == 0 && st.tooBig > 0 && st.late+st.lateUnknown == 0:
			add(kNoteNoneFits, c.p.req.VRAMGiB, c.p.maxNodes)
		case st.matched == 0:
			add(kNoteNoneMatch)
		}
	}
	if len(cs) > 0 && cs[0].over() != 0 {
		add(kNoteOverBudget, l.budget(c.a.Budget))
	}
	if c.a.Budget.IsSet() && c.price.budgetUSD <= 0 {
		add(kNoteBudgetNoFX, string(c.a.Budget.Currency))
	}
	if c.price.disp != c.a.Currency {
		add(kNoteNoDisplayFX, string(c.a.Currency))
	}
	if st.tooSlow > 0 {
		add(kNoteTooSlow, st.tooSlow, l.latency(c.a.Latency))
	}
	if s := c.nearestNote(cs); s != "" {
		out = append(out, s)
	}
	count(kNoteUnknownSpeed, st.unknownSpeed)
	if st.tooBig > 0 && len(cs) > 0 {
		add(kNoteTooSmall, st.tooBig)
	}
	count(kNoteNoVRAM, st.noVRAM)
	count(kNoteNoPrice, st.noPrice)
	count(kNoteRetired, st.retired)
	count(kNoteSpotOnly, st.spotOnly)
	count(kNoteNoFX, st.noFX)
	count(kNoteLegacy, st.legacy)
	count(kNoteReqFail, st.reqFail)
	count(kNoteReqUnknown, st.reqUnknown)
	if st.lowRAM > 0 {
		add(kNoteLowRAM, st.lowRAM, c.p.req.HostRAMSource)
	}
	count(kNoteIdle, st.idle)
	count(kNoteNoCluster, st.noCluster)
	count(kNoteNoRDMA, st.noRDMA)
	if st.late > 0 {
		add(kNoteLate, st.late, model.FormatDeadline(c.p.deadline))
	}
	if st.lateUnknown > 0 {
		add(kNoteLateUnknown, st.lateUnknown, model.FormatDeadline(c.p.deadline))
	}
	if st.engine > 0 {
		add(kNoteEngineCC, st.engine, engineMinCC)
	}
	if st.noFP4 > 0 {
		add(kNoteNoFP4Kernel, st.noFP4, string(c.a.Precision))
	}
	if len(cs) > 0 {
		sr := &c.feas.shapes[c.ix.rows[cs[0].row].shape]
		if sr.tight {
			add(kNoteAllTight, pct(c.feas.margin()))
		}
		if sr.fp8WO {
			add(kNoteAllFP8WeightOnly)
		}
		if sr.fp4WO {
			add(kNoteAllFP4WeightOnly, string(c.a.Precision))
		}
		if sr.bf16H {
			add(kNoteAllBF16AsFP16)
		}
		switch {
		case sr.long && c.p.maxNodes <= 1:
			add(kNoteAllLongOne)
		case sr.long:
			add(kNoteAllLong, c.p.maxNodes)
		}
	}
	count(kNoteFiltered, st.filtered)
	count(kNoteRegionUnknown, st.regionUnknown)
	count(kNoteRegionNoPrice, st.regionNoPrice)
	if c.feas.reg.rf != nil {
		add(kNoteRegionPrice, c.regionUses())
	}
	return out
}

// providersWithoutOffers are the providers the answers name that have no
// offer in the catalog (a known provider, such as one whose offers no
// source lists yet), in the answers' order.
func (c explainer) providersWithoutOffers() []string {
	var out []string
	for _, want := range c.a.Providers {
		found := false
		for _, pv := range c.ix.provs {
			if strings.EqualFold(pv.key, want) {
				found = true
				break
			}
		}
		if !found {
			out = append(out, want)
		}
	}
	return out
}

// regionUses says in words what the region answer's terms stand for
// ("europe = EEA + UK + CH, 19 countries of the region table").
func (c explainer) regionUses() string {
	l := c.l
	var parts []string
	for _, u := range c.feas.reg.rf.Uses(c.cat.RegionGroups) {
		switch {
		case u.Prefix:
			parts = append(parts, l.f(kRegionUsePrefix, u.Term))
		case u.Note != "":
			note := u.Note
			if l == langZH && u.NoteZH != "" {
				note = u.NoteZH
			}
			parts = append(parts, l.f(kRegionUseGroup, u.Term, note, u.Countries))
		default:
			parts = append(parts, l.f(kRegionUseCountry, u.Term))
		}
	}
	return strings.Join(parts, l.f(kListSep))
}

// planNote spells out a multi-node top pick: the nodes and the network
// between them, the hourly price of one node times the nodes times the
// hours (the GPUs' total), and with a deadline when the run is done.
func (c explainer) planNote(r *model.Recommendation) string {
	if r.Nodes <= 1 || r.RunHours <= 0 || r.GPUTotal <= 0 {
		return ""
	}
	net := strings.ToUpper(r.Speed.NodeLink)
	if r.Speed.NodeGbps > 0 {
		net = c.l.f(kPlanNet, net, r.Speed.NodeGbps)
	}
	cur := c.price.disp
	s := c.l.f(kNotePlan, r.Nodes, r.GPUCount, r.GPU, net, c.l.money(cur, r.Hourly/float64(r.Nodes)), r.Nodes,
		model.FormatNumber(math.Round(r.RunHours)), c.l.money(cur, r.GPUTotal))
	if c.p.deadline > 0 {
		s += c.l.f(kPlanDone, r.CalendarHours/24, model.FormatDeadline(c.p.deadline))
	}
	return s
}
