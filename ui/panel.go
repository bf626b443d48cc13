package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// Render renders the live panel: the requirement, the ranked offers and
// the selected offer's detail (or the comparison), exactly h lines of w
// cells, sized by m.sizes.
func (m panelView) Render(w, h int) []string {
	l := m.sizes
	out := m.viewRequirement(w, l.reqH)
	t := m.table
	t.cols = l.cols
	out = append(out, t.Render(w, l.offerRows+2)...)
	if l.detailH > 0 {
		out = append(out, "")
		var lines []string
		switch {
		case m.overlay == overlayTrial:
			lines = m.trial.Render(w, l.detailH)
		case m.pane.compare:
			lines = m.cmp.Render(w, l.detailH)
		default:
			info := m.info
			info.upTo = m.pane.scroll + l.detailH + 1
			lines = info.Render(w, l.detailH)
		}
		scroll := min(m.pane.scroll, max(len(lines)-l.detailH, 0))
		more := len(lines)-scroll > l.detailH
		lines = lines[scroll:min(scroll+l.detailH, len(lines))]
		if more && len(lines) > 0 {
			// Say that the detail goes on, and which key scrolls it.
			more := mMoreBelow
			if m.focus == focusForm {
				more = mMoreBelowForm
			}
			lines[len(lines)-1] = fit(m.st.Muted.Render("↓ "+m.t.s(more)), w)
		}
		out = append(out, lines...)
	}
	if id, bad := m.form.firstInvalid(); bad {
		return m.waiting(id, out, w, h)
	}
	return pad(out, w, h)
}

// waiting dims the last ranking under a line that names the answer the
// panel waits for: it never shows prices for a value not on screen.
func (m panelView) waiting(id fieldID, out []string, w, h int) []string {
	head := wrapStyled(m.st.Warn, "⏸ "+m.t.f(mWaitingFor, m.t.s(m.form.label(id))), w)
	dim := make([]string, 0, len(out)+len(head))
	dim = append(dim, head...)
	for _, line := range out {
		dim = append(dim, m.st.Muted.Render(ansi.Strip(line)))
	}
	return pad(dim[:min(len(dim), max(h, len(head)))], w, h)
}

// viewRequirement renders what the workload needs (VRAM with a bar of its
// breakdown, the GPUs) and, apart from it, the selected offer's estimated
// speed (and job length).
func (m panelView) viewRequirement(w, rows int) []string {
	if !m.hasRes {
		return pad([]string{m.st.Muted.Render(m.t.s(mComputing))}, w, rows)
	}
	req := &m.res.Requirement
	parts := []string{m.st.Title.Render(m.t.s(mNeeds)) + " " + m.st.Value.Render(m.t.f(mVRAMNeeded, gib(req.VRAMGiB)))}
	if req.MinGPUs > 0 {
		parts = append(parts, m.t.f(mGPUsMin, req.MinGPUs))
	}
	need := strings.Join(parts, m.st.Muted.Render(" · "))
	var sel string
	if r := m.offers.selected(); r != nil {
		// The selected offer's estimate, apart from the need: a speed is
		// what an offer gives, never what the workload needs.
		if s := m.info.speedText(r); s != "" {
			sel = m.st.Muted.Render("  │  ") + m.st.Title.Render(m.t.s(mSelectedEst)) + s
		}
	}
	if rows <= 1 {
		// One line: the bar takes the room the need and the estimate
		// leave, and is left out when too little is left.
		room := w - ansi.StringWidth(need) - ansi.StringWidth(sel) - 2
		if room < 8 {
			return []string{fit(need+sel, w)}
		}
		return []string{fit(need+"  "+m.breakdownBar(req.Breakdown, min(room, w/3, 30)).bar+sel, w)}
	}
	bar := m.breakdownBar(req.Breakdown, min(max(w/3, 12), 30))
	out := []string{fit(need+sel, w), fit(bar.bar+" "+bar.legend, w)}
	return pad(out, w, rows)
}

// speedText is the estimated speed of an offer for this workload.
func (m detailView) speedText(r *model.Recommendation) string {
	sp := &r.Speed
	var parts []string
	if m.form.answers.Workload.Training() {
		if sp.ThroughputTokensSec > 0 {
			parts = append(parts, m.t.f(mSpeedTraining, num(sp.ThroughputTokensSec)))
		}
	} else if sp.SecondsPerImage > 0 {
		parts = append(parts, m.t.f(mSpeedPerImage, num(sp.SecondsPerImage)))
		if r.PerImage > 0 {
			parts = append(parts, m.t.f(mPerImageCost, m.t.money(r.PerImage, m.res.Currency)))
		}
	} else if sp.DecodeTokensPerSec > 0 {
		parts = append(parts, m.t.f(mSpeedPerUser, num(sp.DecodeTokensPerSec)))
	}
	if sp.JobHours > 0 {
		parts = append(parts, m.t.f(mJobHoursFmt, approxDuration(m.t, sp.JobHours)))
		if r.Setup.Hours > 0 {
			// A job-size run is billed for its set-up too.
			parts = append(parts, m.t.f(mSetupFmt, approxDuration(m.t, r.Setup.Hours)))
		}
	}
	return strings.Join(parts, " · ")
}

// bar is a rendered breakdown bar and its legend.
type bar struct{ bar, legend string }

// breakdownBar draws the parts of the memory need as one bar of w cells,
// each part with its own glyph and colour.
func (m panelView) breakdownBar(b model.Breakdown, w int) bar {
	parts := b.Parts()
	total := b.Total()
	if total <= 0 || len(parts) == 0 {
		var legend string
		if m.hasRes && m.res.Requirement.VRAMGiB > 0 {
			// A memory size the user gave has no parts to show.
			legend = m.st.Muted.Render(m.t.s(mNoBreakdown))
		}
		return bar{bar: m.st.BarEmpty.Render(strings.Repeat("·", w)), legend: legend}
	}
	var sb, lg strings.Builder
	used := 0
	for i, p := range parts {
		n := int(math.Round(p.GiB / total * float64(w)))
		if i == len(parts)-1 {
			n = w - used
		}
		n = min(max(n, 0), w-used)
		used += n
		g := barGlyphs[i%len(barGlyphs)]
		st := m.st.Bar[i%len(m.st.Bar)]
		sb.WriteString(st.Render(strings.Repeat(g, n)))
		if i > 0 {
			lg.WriteString("  ")
		}
		lg.WriteString(st.Render(g) + " " + m.st.Muted.Render(m.partName(p.Name)+" "+gib(p.GiB)))
	}
	return bar{bar: sb.String(), legend: lg.String()}
}

// partName is a breakdown part's name (model.PartName).
func (m panelView) partName(n string) string { return model.PartName(n).In(m.t.zh()) }

// Render renders the column header, the visible rows and a count line:
// h lines (h-2 offer rows) of w cells in the columns m.cols.
func (m offerTable) Render(w, h int) []string {
	rows := h - 2
	var out []string
	if !m.hasRes {
		return pad(nil, w, h)
	}
	if len(m.offers.view) == 0 {
		msgs := []string{m.st.Warn.Render(m.t.s(mNoOffers))}
		if m.offers.filter != "" {
			msgs = append(msgs, m.st.Muted.Render(m.t.f(mFilterActive, m.offers.filter)))
		}
		for _, n := range m.res.Notes {
			msgs = append(msgs, wrapStyled(m.st.Muted, n, w)...)
		}
		if len(m.res.Suggestions) > 0 {
			msgs = append(msgs, m.st.Warn.Render(m.t.s(mSuggestionsFit)))
		}
		for _, s := range m.res.Suggestions {
			msgs = append(msgs, suggestionLines(m.ctx, m.form, s, w)...)
		}
		return pad(msgs, w, h)
	}
	out = append(out, m.columnHeader(m.cols, w))
	sel := m.offers.sel
	top, end, sep := m.offers.window(rows)
	cur := m.res.Currency
	// Cut the visible names together, so that different names still read
	// differently once cut.
	instW, gpuW := 0, 0
	for _, c := range m.cols {
		switch c.id {
		case colInstance:
			instW = c.w
		case colGPU:
			gpuW = c.w
		}
	}
	visible := make([]*model.OfferRow, 0, end-top)
	gpus := make([]string, 0, end-top)
	for i := top; i < end; i++ {
		r := &m.offers.rows[m.offers.view[i]]
		visible = append(visible, r)
		gpus = append(gpus, rowGPUCell(r))
	}
	insts := cutNames(instanceLabels(visible), instW, cutMiddle)
	gpus = cutNames(gpus, gpuW, cutEnd)
	for i := top; i < end; i++ {
		if i == sep {
			out = append(out, m.overBudgetLine(w))
		}
		vi := m.offers.view[i]
		out = append(out, m.offerRow(m.cols, &m.offers.rows[vi], m.offers.full[vi], insts[i-top], gpus[i-top], i == sel, cur, w))
	}
	if sep == end && sep >= 0 {
		out = append(out, m.overBudgetLine(w))
	}
	for len(out) < rows+1 {
		out = append(out, "")
	}
	out = append(out, m.countLine(top, end, w))
	return out
}

// instanceLabels are the instance cells of the visible rows: the instance
// name, and for distinct offers that share a provider, an instance name
// and GPUs (a marketplace's hosts) the part that tells them apart, their
// region when it differs, else their place among them in the list ("#2");
// cut, the tail where they differ stays (cutNames).
func instanceLabels(rows []*model.OfferRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.InstanceType
	}
	for i, r := range rows {
		same := []int{i}
		for j := range rows {
			if j != i && rows[j].Provider == r.Provider && rows[j].InstanceType == r.InstanceType &&
				rowGPUCell(rows[j]) == rowGPUCell(r) && (rows[j].Offer != r.Offer || rows[j].Index != r.Index) {
				same = append(same, j)
			}
		}
		if len(same) == 1 {
			continue
		}
		regions := map[string]bool{}
		for _, j := range same {
			regions[rows[j].Region] = true
		}
		if len(regions) == len(same) && !regions[""] {
			out[i] = r.InstanceType + " " + r.Region
			continue
		}
		n := 1
		for _, j := range same {
			if j < i {
				n++
			}
		}
		out[i] = r.InstanceType + " #" + strconv.Itoa(n)
	}
	return out
}

// overBudgetLine separates the offers over the budget from those within
// it, with their number.
func (m offerTable) overBudgetLine(w int) string {
	label := " " + m.t.f(mOverBudgetCount, m.offers.overInView()) + " "
	left := 2
	right := max(w-left-cellWidth(label), 0)
	return m.st.Critical.Render(fitPlain(strings.Repeat("─", left)+label+strings.Repeat("─", right), w))
}

// columnHeader renders the offer table's header.
func (m offerTable) columnHeader(cols []column, w int) string {
	var b strings.Builder
	names := map[colID]msg{colProvider: mColProvider, colInstance: mColInstance, colGPU: mColGPU, colVRAM: mColVRAM,
		colFit: mColFit, colHourly: mColHourly, colTotal: mColTotal, colModel: mColModel, colWarn: mColWarn}
	for _, c := range cols {
		name := ""
		if id, ok := names[c.id]; ok {
			name = m.t.s(id)
		}
		if c.id == colRisk && c.w >= riskWideW {
			name = m.t.s(mColRisk)
		}
		if c.right {
			b.WriteString(rightPlain(name, c.w))
		} else {
			b.WriteString(fitPlain(name, c.w))
		}
		b.WriteByte(' ')
	}
	return m.st.ColHeader.Render(fitPlain(b.String(), w))
}

// offerRow renders one offer; only visible rows are formatted. full is
// its full pricing, nil until it arrives (the warnings column waits).
// inst and gpu are the instance and GPU cells, already cut to their columns.
func (m offerTable) offerRow(cols []column, r *model.OfferRow, full *model.Recommendation, inst, gpu string, selected bool, cur model.Currency, w int) string {
	var b strings.Builder
	marked := m.offers.markIndex(keyOf(r)) >= 0
	badge, rank := pendingBadge, 0
	if full != nil {
		badge, rank = warnBadge(full.Warnings)
	}
	for _, c := range cols {
		var s string
		switch c.id {
		case colMark:
			switch {
			case selected && marked:
				s = "▸*"
			case selected:
				s = "▸ "
			case marked:
				s = " *"
			}
		case colProvider:
			s = r.Provider
		case colInstance:
			s = inst
		case colGPU:
			s = gpu
		case colVRAM:
			s = compactNum(rowVRAM(r))
		case colFit:
			s = fitCell(m.t, r.Headroom)
		case colHourly:
			s = m.t.money(r.Hourly, cur)
		case colTotal:
			s = m.t.totalCell(r.Total, r.Partial(), cur)
		case colModel:
			s = priceModelName(m.t, r.PriceModel)
		case colRisk:
			s = riskCell(full, c.w)
		case colWarn:
			s = badge
		}
		if c.right {
			b.WriteString(rightPlain(s, c.w))
		} else {
			b.WriteString(fitPlain(s, c.w))
		}
		b.WriteByte(' ')
	}
	line := fitPlain(b.String(), w)
	switch {
	case selected && m.focus == focusOffers:
		return m.st.RowSel.Render(line)
	case selected:
		return m.st.RowSelDim.Render(line)
	}
	if rank > 0 && badge != "" {
		// Colour the badge at the end of the row.
		i := strings.LastIndex(line, badge)
		if i >= 0 {
			return m.st.Row.Render(line[:i]) + m.st.severity(rank).Render(badge) + m.st.Row.Render(line[i+len(badge):])
		}
	}
	return m.st.Row.Render(line)
}

// riskMark marks a row whose place in the default order carries a risk
// penalty: it ranks as if it cost that much more (the totals shown do not
// include it).
const riskMark = "†"

// riskCell is the risk column of an offer: its penalty after the mark
// ("†+25%") when the column has room for it, else the mark alone; blank
// for an offer without one or not priced yet.
func riskCell(full *model.Recommendation, w int) string {
	if full == nil || full.RiskPercent <= 0 {
		return ""
	}
	if p := "+" + strconv.Itoa(full.RiskPercent) + "%"; w >= riskWideW && cellWidth(p) < w {
		return riskMark + p
	}
	return riskMark
}

// pendingBadge stands in the warnings column while an offer's pricing is
// on its way.
const pendingBadge = "…"

// partialMark marks an all-in total with an unknown part (a storage or
// egress price the catalog lacks): the total is at least that much.
const partialMark = "≥"

// totalCell formats an all-in total, marked when a part is unknown.
func (t tr) totalCell(v float64, partial bool, cur model.Currency) string {
	s := t.money(v, cur)
	if partial && v > 0 {
		s = partialMark + s
	}
	return s
}

// totalVRAM is the GPU memory of all nodes of a recommendation.
func totalVRAM(r *model.Recommendation) float64 { return r.VRAMGiB * float64(max(r.Nodes, 1)) }

// warnBadge summarises warnings as the worst severity's glyph and the
// count ("▲3"), with the worst rank.
func warnBadge(ws []model.Warning) (string, int) {
	if len(ws) == 0 {
		return "", 0
	}
	rank := 0
	for _, w := range ws {
		rank = max(rank, w.Severity.Rank())
	}
	return sevGlyph(rank) + strconv.Itoa(len(ws)), rank
}

// sevGlyph is the glyph of a severity rank.
func sevGlyph(rank int) string {
	switch rank {
	case 3:
		return "✖"
	case 2:
		return "▲"
	}
	return "●"
}

// countLine says which rows are shown, how they are sorted and filtered,
// how many are over the budget, and what ≥ on a total means.
func (m offerTable) countLine(top, end, w int) string {
	l := m.offers
	total := len(l.view)
	if !l.complete && l.filter == "" {
		total = m.res.Listed
	}
	parts := []string{m.t.f(mOffersCount, top+1, end, total, m.res.Matched, m.res.Considered)}
	parts = append(parts, m.t.f(mSortBy, l.sort.label(m.t)))
	if l.filter != "" {
		parts = append(parts, m.t.f(mFilterActive, l.filter))
	}
	if n := len(l.marked); n > 0 {
		parts = append(parts, m.t.f(mMarked, n))
	}
	line := m.st.Muted.Render(strings.Join(parts, " · "))
	if n := l.overInView(); n > 0 {
		line += m.st.Muted.Render(" · ") + m.st.Critical.Render(m.t.f(mOverBudgetCount, n))
	}
	for _, vi := range l.view[top:end] {
		if f := l.full[vi]; f != nil && f.RiskPercent > 0 {
			line += m.st.Muted.Render(" · " + m.t.s(mRiskLegend))
			break
		}
	}
	for _, vi := range l.view[top:end] {
		if l.rows[vi].Partial() {
			line += m.st.Muted.Render(" · " + m.t.s(mPartialLegend))
			break
		}
	}
	if r := l.selectedRow(); r != nil && m.form.answers.Budget.IsSet() && !r.WithinBudget {
		line = m.st.Critical.Render("✖ "+m.t.s(mOverBudget)) + m.st.Muted.Render(" · ") + line
	}
	return fit(line, w)
}

// wrapStyled wraps plain text and styles each line; lines after the
// first keep the first line's indentation.
func wrapStyled(st paint, s string, w int) []string {
	indent := len(s) - len(strings.TrimLeft(s, " "))
	lines := wrap(s[indent:], w-indent)
	pre := blanks(indent)
	for i := range lines {
		lines[i] = st.Render(pre + lines[i])
	}
	return lines
}

// wrapHanging wraps plain text after a marker ("→ "), the lines after the
// first indented under the text, so that each item stands out.
func wrapHanging(st paint, marker, s string, w int) []string {
	mw := cellWidth(marker)
	lines := wrap(s, w-mw)
	pre := blanks(mw)
	for i := range lines {
		if i == 0 {
			lines[i] = st.Render(marker + lines[i])
		} else {
			lines[i] = st.Render(pre + lines[i])
		}
	}
	return lines
}

// Render renders the selected offer: its facts, the price models as bars
// with break-even, hidden costs and every warning explained, in w cells.
// It returns every line (the panel scrolls them in its h rows), or with
// upTo set at least the first upTo (the panel shows no more).
func (m detailView) Render(w, _ int) []string {
	r := m.offers.selected()
	if r == nil {
		if row := m.offers.selectedRow(); row != nil {
			// Its pricing is on its way (a tea.Cmd).
			return []string{fit(m.st.Title.Render(row.Provider+" "+row.InstanceType), w), fit(m.st.Muted.Render(m.t.s(mPricing)), w)}
		}
		if m.hasRes && len(m.offers.marked) > 0 {
			return []string{m.st.Muted.Render(m.t.s(mCompareHint))}
		}
		return nil
	}
	cur := m.res.Currency
	var out []string
	title := m.st.Title.Render(r.Provider + " " + r.InstanceType)
	if where := m.regionText(r); where != "" {
		title += m.st.Muted.Render(" · " + where)
	}
	out = append(out, fit(title, w))
	facts := []string{gpuFull(r), gib(totalVRAM(r)) + " GiB"}
	if o := r.Offer; o != nil {
		if o.Interconnect != "" {
			facts = append(facts, m.interconnect(o.Interconnect))
		}
		if o.VCPUs > 0 {
			facts = append(facts, num(o.VCPUs)+" vCPU")
		}
		if o.Live() {
			// A live marketplace price: when it was read (a stale one
			// also has the stale-price warning and its risk).
			facts = append(facts, m.t.f(mLiveFetched, o.Detail().FetchedAt))
		}
	}
	if m.form.answers.Budget.IsSet() {
		if r.WithinBudget {
			facts = append(facts, m.st.Good.Render(m.t.s(mWithinBudget)))
		} else {
			facts = append(facts, m.st.Critical.Render(m.t.s(mOverBudget)))
		}
	}
	if s := m.speedText(r); s != "" {
		facts = append(facts, s)
	}
	out = append(out, fit(m.st.Value.Render(strings.Join(facts, m.st.Muted.Render(" · "))), w))
	if o := r.Offer; o != nil && o.Host != nil {
		// A marketplace host's own record, worded as catalog show words it.
		out = append(out, wrapStyled(m.st.Muted, o.Host.Texts(o.Spot, m.t.zh()).Joined(m.t.zh()), w)...)
	}
	if r.Speed.Reason != "" {
		// What moving data between the GPUs costs this configuration.
		out = append(out, wrapStyled(m.st.Muted, r.Speed.Reason, w)...)
	}
	if m.form.answers.Budget.IsSet() && !r.WithinBudget && len(m.res.Suggestions) > 0 {
		// Nothing keeps the budget: what would get closer.
		out = append(out, fit(m.st.Critical.Render(m.t.s(mSuggestions)), w))
		for _, sg := range m.res.Suggestions {
			out = append(out, suggestionLines(m.ctx, m.form, sg, w)...)
		}
	}
	if len(r.Warnings) > 0 {
		// The warnings at a glance; each is explained further down.
		var codes []string
		for _, wn := range r.Warnings {
			rank := wn.Severity.Rank()
			codes = append(codes, m.st.severity(rank).Render(sevGlyph(rank)+" "+model.WarningName(wn.Code).In(m.t.zh())))
		}
		out = append(out, fit(strings.Join(codes, "  "), w))
	}
	if len(r.Risk) > 0 {
		// The risk the order prices in, penalty by penalty.
		out = append(out, fit(m.st.Muted.Render(m.t.f(mRiskPriced, r.RiskPercent)), w))
		for _, k := range r.Risk {
			out = append(out, wrapStyled(m.st.Muted, "  "+k.Text, w)...)
		}
	}
	out = append(out, "")
	out = append(out, m.priceModelLines(r, cur, w)...)
	if m.enough(out) {
		return out
	}
	out = append(out, "")
	out = append(out, m.hiddenCostLines(r, w)...)
	out = append(out, "")
	out = append(out, m.otherSizeLines(r, cur, w)...)
	if m.enough(out) {
		return out
	}
	lines := m.res.WhyFirst
	if m.why != nil && m.why.seq == m.resSeq {
		lines = append(lines[:len(lines):len(lines)], m.why.lines...)
	}
	if len(m.res.Recommendations) > 0 && recKey(r) == recKey(&m.res.Recommendations[0]) && len(lines) > 0 {
		// Why #1 beats the runner-up, what would change the order and what
		// each gate of the answers costs (worked out off the update loop
		// for #1 only).
		out = append(out, fit(m.st.PaneTitleOn.Render(m.t.s(mWhyFirst)), w))
		for _, l := range lines {
			out = append(out, wrapHanging(m.st.Muted, "  ", l, w)...)
		}
		out = append(out, "")
	}
	if m.enough(out) {
		return out
	}
	out = append(out, m.warningLines(r, w)...)
	if m.enough(out) {
		return out
	}
	if as := m.res.Requirement.Assumptions; len(as) > 0 {
		out = append(out, "", fit(m.st.PaneTitleOn.Render(m.t.s(mAssumptions)), w))
		for _, a := range as {
			out = append(out, wrapStyled(m.st.Muted, "  "+a, w)...)
		}
	}
	return out
}

// enough reports whether the lines so far fill what the panel can show
// (upTo).
func (m detailView) enough(out []string) bool { return m.upTo > 0 && len(out) >= m.upTo }

// partialLast is an offer's all-in total for comparing, an unknown part
// counted as the worse case: such a total is never the best.
func partialLast(r *model.Recommendation) float64 {
	if r.HiddenCosts.Partial() {
		return math.Inf(1)
	}
	return r.Total
}

// interconnect names how an offer's GPUs are linked.
func (m detailView) interconnect(ic model.Interconnect) string {
	switch ic {
	case model.InterconnectSingle:
		return m.t.s(mICSingle)
	case model.InterconnectNVSwitch:
		return "NVSwitch"
	case model.InterconnectNVLink:
		return "NVLink"
	case model.InterconnectPCIe:
		return "PCIe"
	case model.InterconnectInfinityFabric:
		return "Infinity Fabric"
	}
	return string(ic)
}

// regionText is where the price applies: the advisor's region, or when it
// could not tell which region is cheapest, how many regions the offer has.
// A region name with an empty part (", CN, AS") loses the stray comma.
func (m detailView) regionText(r *model.Recommendation) string {
	clean := func(s string) string { return strings.Trim(s, ", ") }
	if r.Region != "" {
		return clean(r.Region)
	}
	if r.Offer == nil {
		return ""
	}
	switch n := len(r.Offer.Regions); n {
	case 0:
		return ""
	case 1:
		return clean(r.Offer.Regions[0])
	default:
		return m.t.f(mRegions, n)
	}
}

// barCap is how many times the cheapest eligible total the price-model
// bars show in full; a total above it gets a bar cut short with ►, so
// that one long commitment does not flatten every other bar.
const barCap = 3

// optionalPriceModel reports whether a price model is left out when the
// offer does not quote it.
func optionalPriceModel(pm model.PriceModel) bool {
	if pm.ListedOnly() {
		return true
	}
	p, ok := model.PriceModelOf(pm)
	return !ok || p.Hybrid()
}

// barScale is the total a full price-model bar stands for, and the
// cheapest total the job may use (0 when none is priced).
func barScale(qs []model.PriceQuote) (scale, cheapest float64) {
	most, anyCheapest := 0.0, math.Inf(1)
	cheapest = math.Inf(1)
	for i := range qs {
		q := &qs[i]
		if q.Total <= 0 {
			continue
		}
		most = max(most, q.Total)
		anyCheapest = min(anyCheapest, q.Total)
		if q.Eligible {
			cheapest = min(cheapest, q.Total)
		}
	}
	if math.IsInf(cheapest, 1) {
		// No quote says it is eligible (an older record): the cheapest.
		cheapest = anyCheapest
	}
	if math.IsInf(cheapest, 1) {
		return 0, 0
	}
	return min(most, cheapest*barCap), cheapest
}

// priceBar draws a total as n of w cells against scale; a total beyond
// the scale fills the bar and ends in ►.
func priceBar(total, scale float64, w int) (n int, over bool) {
	if scale <= 0 || total <= 0 {
		return 0, false
	}
	if total > scale*(1+1e-9) {
		return w, true
	}
	return min(max(int(math.Round(total/scale*float64(w))), 1), w), false
}

// hoursPerYear is the hours of an average year (365.25 days).
const hoursPerYear = 8766

// termText words a commitment's term ("3 yr", "1 mo").
func termText(t tr, h float64) string {
	n := func(v float64) string { return trimZero(strconv.FormatFloat(math.Round(v*10)/10, 'f', 1, 64)) }
	switch {
	case h >= hoursPerYear*0.95:
		return t.f(mTermYears, n(h/hoursPerYear))
	case h >= model.HoursPerMonth*0.95:
		return t.f(mTermMonths, n(h/model.HoursPerMonth))
	case h >= model.HoursPerWeekFull*0.95:
		return t.f(mTermWeeks, n(h/model.HoursPerWeekFull))
	}
	return t.f(mTermDays, n(h/24))
}

// priceModelLines draws the run's total under each price model as a bar.
// The bars share a scale capped at barCap times the cheapest model the job
// may use; the amounts are always exact. A model the job may not use
// (spot for a job that cannot be interrupted) is muted, and a commitment
// longer than the run says that it pays the whole term.
func (m detailView) priceModelLines(r *model.Recommendation, cur model.Currency, w int) []string {
	head := m.st.PaneTitleOn.Render(m.t.s(mPriceModels))
	if r.RunHours > 0 {
		head += m.st.Muted.Render(m.t.f(mThisRun, hours(r.RunHours)))
	}
	out := []string{fit(head, w)}
	byName := map[model.PriceModel]*model.PriceQuote{}
	for i := range r.PriceModels {
		byName[r.PriceModels[i].Name] = &r.PriceModels[i]
	}
	scale, cheapest := barScale(r.PriceModels)
	anyEligible := false
	for i := range r.PriceModels {
		anyEligible = anyEligible || r.PriceModels[i].Eligible
	}
	const nameW = 10
	barW := min(max(w-nameW-30-28, 8), 24)
	indent := blanks(nameW + 2)
	capped := false
	// The price models of the detail, in the order of the price-model
	// table; the rents only a listing prices (daily and weekly:
	// model.ListedPlanInfo.ListedOnly) and hybrids only appear when an
	// offer has them.
	for _, info := range model.PriceModelTable {
		pm := info.Name
		name := fitPlain(priceModelName(m.t, pm), nameW)
		q, ok := byName[pm]
		if !ok || q.Total <= 0 && q.Hourly <= 0 {
			if !optionalPriceModel(pm) {
				out = append(out, fit(m.st.Muted.Render(" "+name+" "+strings.Repeat("·", barW)+"  "+m.t.s(mNotOffered)), w))
			}
			continue
		}
		usable := q.Eligible || !anyEligible
		n, over := priceBar(q.Total, scale, barW)
		capped = capped || over
		barSt, totalSt := m.st.Bar[0], m.st.Money
		switch {
		case !usable:
			barSt, totalSt = m.st.BarEmpty, m.st.Muted
		case q.Total > 0 && q.Total == cheapest:
			barSt, totalSt = m.st.Best, m.st.Best
		}
		fill := strings.Repeat("█", n)
		if over {
			fill = strings.Repeat("█", n-1) + "►"
		}
		line := name + " " + barSt.Render(fill) + m.st.BarEmpty.Render(strings.Repeat("░", barW-n)) + " " +
			totalSt.Render(rightPlain(m.t.money(q.Total, cur), 8)) + m.st.Muted.Render(" "+rightPlain(m.t.money(q.Hourly, cur), 8)+m.t.s(mPerHour))
		var notes []string
		switch {
		case q.UpTo:
			notes = append(notes, m.t.s(mBestCase))
		case q.Estimate:
			notes = append(notes, m.t.s(mEstimate))
		}
		if !usable && pm == model.PriceSpot {
			notes = append(notes, m.t.s(mNeedsInterruptible))
		}
		if q.Interruption != "" && q.InterruptionDate != "" {
			notes = append(notes, m.t.f(mInterruption, q.Interruption, q.InterruptionDate))
		}
		if q.RangeHigh > q.RangeLow && q.RangeLow > 0 {
			notes = append(notes, m.t.f(mPriceRange, q.Region, m.t.money(q.RangeLow, cur), m.t.money(q.RangeHigh, cur)))
		}
		if q.CalendarHours > 0 && r.CalendarHours > 0 && q.CalendarHours > r.CalendarHours*1.01 {
			notes = append(notes, m.t.f(mFullTerm, termText(m.t, q.CalendarHours)))
		}
		if q.BreakEvenHoursPerWeek > 0 {
			notes = append(notes, m.t.f(mBreakEven, num(q.BreakEvenHoursPerWeek)))
		}
		if pm == r.PriceModel {
			line = m.st.OptionOn.Render("›") + line
		} else {
			line = " " + line
		}
		note := strings.Join(notes, " · ")
		switch {
		case note == "":
			out = append(out, fit(line, w))
		case cellWidth(line)+2+cellWidth(note) <= w:
			out = append(out, line+m.st.Muted.Render("  "+note)+blanks(w-cellWidth(line)-2-cellWidth(note)))
		default:
			// The notes go on under the bar.
			out = append(out, fit(line, w))
			for _, nl := range wrap(note, w-len(indent)) {
				out = append(out, fit(m.st.Muted.Render(indent+nl), w))
			}
		}
	}
	if capped {
		out = append(out, fit(m.st.Muted.Render(" "+m.t.f(mOverScale, barCap)), w))
	}
	return out
}

// costText words one hidden cost: an amount, "~amount (estimate)" when
// the provider publishes no price and the advisor counted its class's
// estimate, "unknown" when the provider's price is not known (it is not
// counted in the total), "free" when the provider's free allowance covers
// it, "none" when nothing is stored or sent.
func (m detailView) costText(v float64, used, unknown, estimated bool, cur model.Currency) (string, paint) {
	switch {
	case unknown:
		return m.t.s(mUnknown), m.st.Unknown
	case estimated:
		return m.t.f(mCostEstimate, m.t.money(v, cur)), m.st.Unknown
	case v > 0:
		return m.t.money(v, cur), m.st.Money
	case used:
		return m.t.s(mCostFree), m.st.Good
	}
	return m.t.s(mCostNone), m.st.Muted
}

// hiddenCosts words the storage and egress of a recommendation, with the
// advisor's flags for a price it does not know. Storage is used when the
// answers give data to store, and for training, whose checkpoint the
// advisor stores when no data size is given; egress when the answers give
// egress.
func (m detailView) hiddenCosts(r *model.Recommendation) (storage, egress string, sst, est paint) {
	a := &m.form.answers
	hc := &r.HiddenCosts
	cur := m.res.Currency
	storage, sst = m.costText(hc.Storage, a.DataGB > 0 || a.Workload.Training(), hc.StorageUnknown, hc.StorageEstimated, cur)
	egress, est = m.costText(hc.Egress, a.EgressGB > 0, hc.EgressUnknown, hc.EgressEstimated, cur)
	return storage, egress, sst, est
}

// hiddenCostLines gives the all-in total of the run and its split ("Total
// $743 = GPUs $735 · storage $8.00 · egress none"): the GPUs under the
// price model in pay, storage and egress, each an amount, an estimate,
// free, none or unknown; a total with an unknown part is marked ≥ and
// says that the part is not counted, one with an estimate says what it
// is. The reasons follow.
func (m detailView) hiddenCostLines(r *model.Recommendation, w int) []string {
	hc := &r.HiddenCosts
	cur := m.res.Currency
	storage, egress, sst, est := m.hiddenCosts(r)
	dot := m.st.Muted.Render(" · ")
	line := m.st.PaneTitleOn.Render(m.t.s(mRunTotal)) + "  " + m.st.Money.Render(m.t.totalCell(r.Total, hc.Partial(), cur)) +
		m.st.Muted.Render(" = ") + m.st.Label.Render(m.t.s(mColGPU)+" ") + m.st.Money.Render(m.t.money(r.GPUTotal, cur)) +
		dot + m.st.Label.Render(m.t.s(mStorage)+" ") + sst.Render(storage) +
		dot + m.st.Label.Render(m.t.s(mEgress)+" ") + est.Render(egress)
	out := []string{fit(line, w)}
	if hc.Partial() {
		out = append(out, wrapStyled(m.st.Unknown, "  "+m.t.s(mPartialNote), w)...)
	}
	if hc.Estimated() {
		out = append(out, wrapStyled(m.st.Unknown, "  "+m.t.s(mEstimateNote), w)...)
	}
	for _, n := range hc.Notes {
		out = append(out, wrapStyled(m.st.Muted, "  "+n, w)...)
	}
	return out
}

// otherSizeLines lists the same instance at its other GPU counts, which
// the ranking lists once at this size: GPUs, instance, total and hourly
// rate; nothing when it has none.
func (m detailView) otherSizeLines(r *model.Recommendation, cur model.Currency, w int) []string {
	if len(r.OtherSizes) == 0 {
		return nil
	}
	out := []string{fit(m.st.PaneTitleOn.Render(m.t.s(mOtherSizes)), w)}
	for i := range r.OtherSizes {
		s := &r.OtherSizes[i]
		gpus := gpuCount(s.GPUCount, s.Nodes, shortGPU(s.GPU))
		out = append(out, fit("  "+gpus+m.st.Muted.Render(" · "+s.InstanceType+" · ")+
			m.st.Money.Render(m.t.totalCell(s.Total, s.Partial(), cur))+m.st.Muted.Render(" "+m.t.money(s.Hourly, cur)+m.t.s(mPerHour)), w))
	}
	return append(out, "")
}

// warningLines explains each warning with its source.
func (m detailView) warningLines(r *model.Recommendation, w int) []string {
	if len(r.Warnings) == 0 {
		return []string{fit(m.st.PaneTitleOn.Render(m.t.s(mWarnings))+"  "+m.st.Good.Render(m.t.s(mNoWarnings)), w)}
	}
	out := []string{fit(m.st.PaneTitleOn.Render(m.t.s(mWarnings)+m.t.f(mCount, len(r.Warnings))), w)}
	for _, wn := range r.Warnings {
		rank := wn.Severity.Rank()
		name := model.WarningName(wn.Code).In(m.t.zh())
		head := m.st.severity(rank).Render(sevGlyph(rank)+" "+name) + "  " + m.st.Value.Render(wn.Message)
		hl := wrap(ansi.Strip(head), w)
		if len(hl) == 1 {
			out = append(out, fit(head, w))
		} else {
			out = append(out, m.st.severity(rank).Render(sevGlyph(rank)+" "+name))
			out = append(out, wrapStyled(m.st.Value, "  "+wn.Message, w)...)
		}
		if wn.Detail != "" {
			out = append(out, wrapStyled(m.st.Muted, "  "+wn.Detail, w)...)
		}
		if wn.Source != "" {
			out = append(out, wrapStyled(m.st.Muted, "  "+m.t.s(mSource)+m.t.s(mColon)+wn.Source, w)...)
		}
	}
	return out
}

// comparedPriceModels are the price models the compare view gives a row,
// each labelled with model's full name.
var comparedPriceModels = []model.PriceModel{model.PriceOnDemand, model.PriceSpot, model.PriceReserved1, model.PriceReserved3}

// Render shows the marked offers side by side in w cells. It returns every
// line (the panel scrolls them in its h rows).
func (m compareView) Render(w, _ int) []string {
	recs := m.offers.markedRecs()
	if len(recs) < 2 {
		return []string{
			fit(m.st.PaneTitleOn.Render(m.t.s(mCompareTitle))+"  "+m.st.Muted.Render(m.t.f(mMarked, len(recs))), w),
			fit(m.st.Muted.Render(m.t.s(mCompareHint)), w),
		}
	}
	cur := m.res.Currency
	labelW := 13
	colW := (w - labelW) / len(recs)
	quote := func(r *model.Recommendation, pm model.PriceModel) float64 {
		for _, q := range r.PriceModels {
			if q.Name == pm {
				return q.Total
			}
		}
		return 0
	}
	type row struct {
		label string
		cell  func(r *model.Recommendation) string
		value func(r *model.Recommendation) float64 // lower is better; nil: no highlight
	}
	rows := []row{
		{m.t.s(mColProvider), func(r *model.Recommendation) string { return r.Provider }, nil},
		{m.t.s(mColInstance), func(r *model.Recommendation) string { return r.InstanceType }, nil},
		{m.t.s(mRowRegion), func(r *model.Recommendation) string { return orDash(m.regionText(r)) }, nil},
		{m.t.s(mColGPU), gpuFull, nil},
		{m.t.s(mColVRAM), func(r *model.Recommendation) string { return gib(totalVRAM(r)) + " GiB" }, func(r *model.Recommendation) float64 { return -totalVRAM(r) }},
		{m.t.s(mColFit), func(r *model.Recommendation) string { return fitCell(m.t, r.Headroom) }, func(r *model.Recommendation) float64 { return -r.Headroom }},
		{m.t.s(mColHourly), func(r *model.Recommendation) string { return m.t.money(r.Hourly, cur) }, func(r *model.Recommendation) float64 { return r.Hourly }},
		{m.t.s(mColTotal), func(r *model.Recommendation) string { return m.t.totalCell(r.Total, r.HiddenCosts.Partial(), cur) }, partialLast},
		{m.t.s(mColModel), func(r *model.Recommendation) string { return priceModelName(m.t, r.PriceModel) }, nil},
	}
	for _, pm := range comparedPriceModels {
		rows = append(rows, row{priceModelFullName(m.t, pm), func(r *model.Recommendation) string { return m.t.money(quote(r, pm), cur) }, func(r *model.Recommendation) float64 { return quote(r, pm) }})
	}
	rows = append(rows, []row{
		{m.t.s(mStorage), func(r *model.Recommendation) string { s, _, _, _ := m.hiddenCosts(r); return s }, nil},
		{m.t.s(mEgress), func(r *model.Recommendation) string { _, e, _, _ := m.hiddenCosts(r); return e }, nil},
		{m.t.s(mRowSpeed), func(r *model.Recommendation) string { return orDash(m.speedText(r)) }, nil},
		{m.t.s(mRowInterconnect), func(r *model.Recommendation) string {
			if r.Offer == nil || r.Offer.Interconnect == "" {
				return m.t.s(mUnknown)
			}
			return m.interconnect(r.Offer.Interconnect)
		}, nil},
	}...)
	out := []string{fit(m.st.PaneTitleOn.Render(m.t.s(mCompareTitle))+"  "+m.st.Muted.Render(m.t.f(mMarked, len(recs))), w)}
	for _, rw := range rows {
		bestI := -1
		if rw.value != nil {
			bv := math.Inf(1)
			for i, r := range recs {
				if v := rw.value(r); v != 0 && v < bv {
					bv, bestI = v, i
				}
			}
		}
		line := m.st.Label.Render(fitPlain(rw.label, labelW))
		for i, r := range recs {
			cell := fitPlain(rw.cell(r), colW-1) + " "
			if i == bestI {
				line += m.st.Best.Render(cell)
			} else {
				line += m.st.Value.Render(cell)
			}
		}
		out = append(out, fit(line, w))
	}
	// Warnings: one code per line under each offer.
	most := 0
	for _, r := range recs {
		most = max(most, len(r.Warnings))
	}
	for i := 0; i < max(most, 1); i++ {
		label := ""
		if i == 0 {
			label = m.t.s(mWarnings)
		}
		line := m.st.Label.Render(fitPlain(label, labelW))
		for _, r := range recs {
			cell := "-"
			if i < len(r.Warnings) {
				rank := r.Warnings[i].Severity.Rank()
				line += m.st.severity(rank).Render(fitPlain(sevGlyph(rank)+" "+r.Warnings[i].Code, colW-1) + " ")
				continue
			}
			if i > 0 {
				cell = ""
			}
			line += m.st.Muted.Render(fitPlain(cell, colW-1) + " ")
		}
		out = append(out, fit(line, w))
	}
	return out
}
