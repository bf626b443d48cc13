package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// viewPanel renders the live panel: the requirement, the ranked offers and
// the selected offer's detail (or the comparison), exactly l.panelH lines
// of l.panelW cells.
func (m Model) viewPanel(l layout) []string {
	w := l.panelW
	out := m.viewRequirement(w, l.reqH)
	out = append(out, m.viewOffers(l)...)
	if l.detailH > 0 {
		out = append(out, "")
		var lines []string
		if m.compare {
			lines = m.viewCompare(w)
		} else {
			lines = m.viewDetail(w)
		}
		scroll := min(m.detailScroll, max(len(lines)-l.detailH, 0))
		more := len(lines)-scroll > l.detailH
		lines = lines[scroll:min(scroll+l.detailH, len(lines))]
		if more && len(lines) > 0 {
			// Say that the detail goes on, and which key scrolls it.
			lines[len(lines)-1] = fit(m.st.Muted.Render("↓ "+m.t.s(mMoreBelow)), w)
		}
		out = append(out, lines...)
	}
	return pad(out, w, l.panelH)
}

// viewRequirement renders what the workload needs: VRAM with a bar of its
// breakdown, the GPUs, and the estimated speed of the selected offer.
func (m Model) viewRequirement(w, rows int) []string {
	if !m.hasRes {
		return pad([]string{m.st.Muted.Render(m.t.s(mComputing))}, w, rows)
	}
	req := &m.res.Requirement
	parts := []string{m.st.Title.Render(m.t.s(mNeeds)) + " " + m.st.Value.Render(m.t.f(mVRAMNeeded, gib(req.VRAMGiB)))}
	if req.MinGPUs > 0 {
		parts = append(parts, m.t.f(mGPUsMin, req.MinGPUs))
	}
	if r := m.offers.selected(); r != nil {
		if s := m.speedText(r); s != "" {
			parts = append(parts, s)
		}
	}
	head := strings.Join(parts, m.st.Muted.Render(" · "))
	bar := m.breakdownBar(req.Breakdown, min(max(w/3, 12), 30))
	if rows <= 1 {
		return []string{fit(head+"  "+bar.bar, w)}
	}
	out := []string{fit(head, w), fit(bar.bar+" "+bar.legend, w)}
	return pad(out, w, rows)
}

// speedText is the estimated speed of an offer for this workload.
func (m Model) speedText(r *model.Recommendation) string {
	sp := &r.Speed
	var parts []string
	if m.form.answers.Workload.Training() {
		if sp.ThroughputTokensSec > 0 {
			parts = append(parts, m.t.f(mSpeedTraining, num(sp.ThroughputTokensSec)))
		}
	} else if sp.DecodeTokensPerSec > 0 {
		parts = append(parts, m.t.f(mSpeedPerUser, num(sp.DecodeTokensPerSec)))
	}
	if sp.JobHours > 0 {
		parts = append(parts, m.t.f(mJobHoursFmt, approxDuration(m.t, sp.JobHours)))
	}
	return strings.Join(parts, " · ")
}

// bar is a rendered breakdown bar and its legend.
type bar struct{ bar, legend string }

// breakdownBar draws the parts of the memory need as one bar of w cells,
// each part with its own glyph and colour.
func (m Model) breakdownBar(b model.Breakdown, w int) bar {
	parts := b.Parts()
	total := b.Total()
	if total <= 0 || len(parts) == 0 {
		return bar{bar: m.st.BarEmpty.Render(strings.Repeat("·", w))}
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

// partName translates a breakdown part.
func (m Model) partName(n string) string {
	if !m.t.zh {
		return n
	}
	switch n {
	case "weights":
		return "权重"
	case "kv cache":
		return "KV 缓存"
	case "gradients":
		return "梯度"
	case "optimizer":
		return "优化器"
	case "activations":
		return "激活"
	case "overhead":
		return "开销"
	}
	return n
}

// viewOffers renders the column header, the visible rows and a count line.
func (m Model) viewOffers(l layout) []string {
	w := l.panelW
	var out []string
	if !m.hasRes {
		return pad(nil, w, l.offerRows+2)
	}
	if len(m.offers.view) == 0 {
		msgs := []string{m.st.Warn.Render(m.t.s(mNoOffers))}
		if m.offers.filter != "" {
			msgs = append(msgs, m.st.Muted.Render(m.t.f(mFilterActive, m.offers.filter)))
		}
		for _, n := range m.res.Notes {
			msgs = append(msgs, wrapStyled(m.st.Muted, n, w)...)
		}
		for _, s := range m.res.Suggestions {
			msgs = append(msgs, wrapStyled(m.st.Value, "→ "+s.Change+m.t.s(mColon)+s.Effect, w)...)
		}
		return pad(msgs, w, l.offerRows+2)
	}
	out = append(out, m.columnHeader(l.cols, w))
	sel := m.offers.sel
	top := min(m.offers.top, max(len(m.offers.view)-l.offerRows, 0))
	if sel < top || sel >= top+l.offerRows {
		top = max(min(sel, len(m.offers.view)-l.offerRows), 0)
	}
	end := min(top+l.offerRows, len(m.offers.view))
	cur := m.res.Currency
	for i := top; i < end; i++ {
		r := &m.offers.all[m.offers.view[i]]
		out = append(out, m.offerRow(l.cols, r, i == sel, cur, w))
	}
	for i := end - top; i < l.offerRows; i++ {
		out = append(out, "")
	}
	out = append(out, m.countLine(top, end, w))
	return out
}

// columnHeader renders the offer table's header.
func (m Model) columnHeader(cols []column, w int) string {
	var b strings.Builder
	names := map[colID]msg{colProvider: mColProvider, colInstance: mColInstance, colGPU: mColGPU, colVRAM: mColVRAM,
		colFit: mColFit, colHourly: mColHourly, colTotal: mColTotal, colModel: mColModel, colWarn: mColWarn}
	for _, c := range cols {
		name := ""
		if id, ok := names[c.id]; ok {
			name = m.t.s(id)
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

// offerRow renders one offer; only visible rows are formatted.
func (m Model) offerRow(cols []column, r *model.Recommendation, selected bool, cur model.Currency, w int) string {
	var b strings.Builder
	marked := m.offers.markIndex(recKey(r)) >= 0
	badge, rank := warnBadge(r.Warnings)
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
			s = middleCut(r.InstanceType, c.w)
		case colGPU:
			s = gpuCell(r)
		case colVRAM:
			s = compactNum(totalVRAM(r))
		case colFit:
			s = fitCell(m.t, r.Headroom)
		case colHourly:
			s = money(r.Hourly, cur)
		case colTotal:
			s = money(r.Total, cur)
		case colModel:
			s = priceModelName(m.t, r.PriceModel)
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

// countLine says which rows are shown, how they are sorted and filtered.
func (m Model) countLine(top, end, w int) string {
	parts := []string{m.t.f(mOffersCount, top+1, end, len(m.offers.view), m.res.Matched, m.res.Considered)}
	parts = append(parts, m.t.f(mSortBy, m.offers.sort.label(m.t)))
	if m.offers.filter != "" {
		parts = append(parts, m.t.f(mFilterActive, m.offers.filter))
	}
	if n := len(m.offers.marked); n > 0 {
		parts = append(parts, m.t.f(mMarked, n))
	}
	line := m.st.Muted.Render(strings.Join(parts, " · "))
	if r := m.offers.selected(); r != nil && m.form.answers.Budget.IsSet() && !r.WithinBudget {
		line = m.st.Critical.Render("✖ "+m.t.s(mOverBudget)) + m.st.Muted.Render(" · ") + line
	}
	return fit(line, w)
}

// wrapStyled wraps plain text and styles each line; lines after the
// first keep the first line's indentation.
func wrapStyled(st paint, s string, w int) []string {
	indent := len(s) - len(strings.TrimLeft(s, " "))
	lines := wrap(s[indent:], w-indent)
	pre := strings.Repeat(" ", indent)
	for i := range lines {
		lines[i] = st.Render(pre + lines[i])
	}
	return lines
}

// viewDetail renders the selected offer: its facts, the price models as
// bars with break-even, hidden costs and every warning explained.
func (m Model) viewDetail(w int) []string {
	r := m.offers.selected()
	if r == nil {
		if m.hasRes && len(m.offers.marked) > 0 {
			return []string{m.st.Muted.Render(m.t.s(mCompareHint))}
		}
		return nil
	}
	cur := m.res.Currency
	var out []string
	title := m.st.Title.Render(r.Provider+" "+r.InstanceType) + m.st.Muted.Render(" · "+r.Region)
	out = append(out, fit(title, w))
	facts := []string{gpuCell(r), gib(totalVRAM(r)) + " GiB"}
	if o := r.Offer; o != nil {
		if o.Interconnect != "" {
			facts = append(facts, m.interconnect(o.Interconnect))
		}
		if o.VCPUs > 0 {
			facts = append(facts, num(o.VCPUs)+" vCPU")
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
	if m.form.answers.Budget.IsSet() && !r.WithinBudget && len(m.res.Suggestions) > 0 {
		// Nothing keeps the budget: what would get closer.
		out = append(out, fit(m.st.Critical.Render(m.t.s(mSuggestions)), w))
		for _, sg := range m.res.Suggestions {
			out = append(out, wrapStyled(m.st.Value, "→ "+sg.Change+m.t.s(mColon)+sg.Effect, w)...)
		}
	}
	if len(r.Warnings) > 0 {
		// The warnings at a glance; each is explained further down.
		var codes []string
		for _, wn := range r.Warnings {
			rank := wn.Severity.Rank()
			codes = append(codes, m.st.severity(rank).Render(sevGlyph(rank)+" "+wn.Code))
		}
		out = append(out, fit(strings.Join(codes, "  "), w))
	}
	out = append(out, "")
	out = append(out, m.priceModelLines(r, cur, w)...)
	out = append(out, "")
	out = append(out, m.hiddenCostLines(r, cur, w)...)
	out = append(out, "")
	out = append(out, m.warningLines(r, w)...)
	if as := m.res.Requirement.Assumptions; len(as) > 0 {
		out = append(out, "", fit(m.st.PaneTitleOn.Render(m.t.s(mAssumptions)), w))
		for _, a := range as {
			out = append(out, wrapStyled(m.st.Muted, "  "+a, w)...)
		}
	}
	return out
}

// interconnect names how an offer's GPUs are linked.
func (m Model) interconnect(ic model.Interconnect) string {
	switch ic {
	case model.InterconnectSingle:
		return m.t.s(mICSingle)
	case model.InterconnectNVSwitch:
		return "NVSwitch"
	case model.InterconnectNVLink:
		return "NVLink"
	case model.InterconnectPCIe:
		return "PCIe"
	}
	return string(ic)
}

// priceModelLines draws the run's total under each price model as a bar.
func (m Model) priceModelLines(r *model.Recommendation, cur model.Currency, w int) []string {
	head := m.st.PaneTitleOn.Render(m.t.s(mPriceModels))
	if r.RunHours > 0 {
		head += m.st.Muted.Render(" (" + m.t.f(mThisRun, hours(r.RunHours)) + ")")
	}
	out := []string{fit(head, w)}
	byName := map[model.PriceModel]*model.PriceQuote{}
	maxTotal, best := 0.0, math.Inf(1)
	for i := range r.PriceModels {
		q := &r.PriceModels[i]
		byName[q.Name] = q
		maxTotal = max(maxTotal, q.Total)
		if q.Total > 0 {
			best = min(best, q.Total)
		}
	}
	nameW := 10
	barW := min(max(w-nameW-30-28, 6), 24)
	for _, pm := range model.PriceModels {
		name := fitPlain(priceModelName(m.t, pm), nameW)
		q, ok := byName[pm]
		if !ok || q.Total <= 0 && q.Hourly <= 0 {
			out = append(out, fit(m.st.Muted.Render(" "+name+" "+strings.Repeat("·", barW)+"  "+m.t.s(mNotOffered)), w))
			continue
		}
		n := 0
		if maxTotal > 0 && q.Total > 0 {
			n = max(int(math.Round(q.Total/maxTotal*float64(barW))), 1)
		}
		barSt := m.st.Bar[0]
		totalSt := m.st.Money
		if q.Total > 0 && q.Total == best {
			barSt, totalSt = m.st.Best, m.st.Best
		}
		line := name + " " + barSt.Render(strings.Repeat("█", n)) + m.st.BarEmpty.Render(strings.Repeat("░", barW-n)) + " " +
			totalSt.Render(rightPlain(money(q.Total, cur), 8)) + m.st.Muted.Render(" "+rightPlain(money(q.Hourly, cur), 8)+m.t.s(mPerHour))
		var notes []string
		if q.Estimate {
			notes = append(notes, m.t.s(mEstimate))
		}
		if q.BreakEvenHoursPerWeek > 0 {
			notes = append(notes, m.t.f(mBreakEven, num(q.BreakEvenHoursPerWeek)))
		}
		if pm == r.PriceModel {
			line = m.st.OptionOn.Render("›") + line
		} else {
			line = " " + line
		}
		if len(notes) > 0 {
			line += m.st.Muted.Render("  " + strings.Join(notes, " · "))
		}
		out = append(out, fit(line, w))
	}
	return out
}

// hiddenCostLines lists the costs besides the GPUs.
func (m Model) hiddenCostLines(r *model.Recommendation, cur model.Currency, w int) []string {
	hc := &r.HiddenCosts
	cost := func(v float64, asked float64) string {
		switch {
		case v > 0:
			return m.st.Money.Render(money(v, cur))
		case asked <= 0:
			return m.st.Muted.Render("-")
		}
		return m.st.Unknown.Render(m.t.s(mUnknown))
	}
	a := &m.form.answers
	line := m.st.PaneTitleOn.Render(m.t.s(mHiddenCosts)) + "  " + m.st.Label.Render(m.t.s(mStorage)+" ") + cost(hc.Storage, a.DataGB) +
		m.st.Muted.Render(" · ") + m.st.Label.Render(m.t.s(mEgress)+" ") + cost(hc.Egress, a.EgressGB)
	out := []string{fit(line, w)}
	for _, n := range hc.Notes {
		out = append(out, wrapStyled(m.st.Muted, "  "+n, w)...)
	}
	return out
}

// warningLines explains each warning with its source.
func (m Model) warningLines(r *model.Recommendation, w int) []string {
	if len(r.Warnings) == 0 {
		return []string{fit(m.st.PaneTitleOn.Render(m.t.s(mWarnings))+"  "+m.st.Good.Render(m.t.s(mNoWarnings)), w)}
	}
	out := []string{fit(m.st.PaneTitleOn.Render(m.t.s(mWarnings)+" ("+strconv.Itoa(len(r.Warnings))+")"), w)}
	for _, wn := range r.Warnings {
		rank := wn.Severity.Rank()
		head := m.st.severity(rank).Render(sevGlyph(rank)+" "+wn.Code) + "  " + m.st.Value.Render(wn.Message)
		hl := wrap(ansi.Strip(head), w)
		if len(hl) == 1 {
			out = append(out, fit(head, w))
		} else {
			out = append(out, m.st.severity(rank).Render(sevGlyph(rank)+" "+wn.Code))
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

// viewCompare shows the marked offers side by side.
func (m Model) viewCompare(w int) []string {
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
		{m.t.s(mRowRegion), func(r *model.Recommendation) string { return r.Region }, nil},
		{m.t.s(mColGPU), gpuCell, nil},
		{m.t.s(mColVRAM), func(r *model.Recommendation) string { return gib(totalVRAM(r)) + " GiB" }, func(r *model.Recommendation) float64 { return -totalVRAM(r) }},
		{m.t.s(mColFit), func(r *model.Recommendation) string { return fitCell(m.t, r.Headroom) }, func(r *model.Recommendation) float64 { return -r.Headroom }},
		{m.t.s(mColHourly), func(r *model.Recommendation) string { return money(r.Hourly, cur) }, func(r *model.Recommendation) float64 { return r.Hourly }},
		{m.t.s(mColTotal), func(r *model.Recommendation) string { return money(r.Total, cur) }, func(r *model.Recommendation) float64 { return r.Total }},
		{m.t.s(mColModel), func(r *model.Recommendation) string { return priceModelName(m.t, r.PriceModel) }, nil},
		{priceModelName(m.t, model.PriceOnDemand), func(r *model.Recommendation) string { return money(quote(r, model.PriceOnDemand), cur) }, func(r *model.Recommendation) float64 { return quote(r, model.PriceOnDemand) }},
		{m.t.s(mRowSpot), func(r *model.Recommendation) string { return money(quote(r, model.PriceSpot), cur) }, func(r *model.Recommendation) float64 { return quote(r, model.PriceSpot) }},
		{m.t.s(mRowRes1), func(r *model.Recommendation) string { return money(quote(r, model.PriceReserved1), cur) }, func(r *model.Recommendation) float64 { return quote(r, model.PriceReserved1) }},
		{m.t.s(mRowRes3), func(r *model.Recommendation) string { return money(quote(r, model.PriceReserved3), cur) }, func(r *model.Recommendation) float64 { return quote(r, model.PriceReserved3) }},
		{m.t.s(mStorage), func(r *model.Recommendation) string { return money(r.HiddenCosts.Storage, cur) }, nil},
		{m.t.s(mEgress), func(r *model.Recommendation) string { return money(r.HiddenCosts.Egress, cur) }, nil},
		{m.t.s(mRowSpeed), func(r *model.Recommendation) string { return orDash(m.speedText(r)) }, nil},
		{m.t.s(mRowInterconnect), func(r *model.Recommendation) string {
			if r.Offer == nil || r.Offer.Interconnect == "" {
				return m.t.s(mUnknown)
			}
			return m.interconnect(r.Offer.Interconnect)
		}, nil},
	}
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
