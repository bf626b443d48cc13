package ui

import (
	"sort"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// sortKey orders the offer list.
type sortKey int

const (
	// sortBest is the advisor's rank: offers within the budget first, then
	// those that meet the latency class, then known speed before unknown,
	// then a known all-in cost before one with an unknown part, then the
	// all-in cost of the run. It is not strictly by any column.
	sortBest sortKey = iota
	sortTotal
	sortHourly
	sortVRAM
	sortFit
	sortProvider
	sortCount
)

func (k sortKey) label(t tr) string {
	return t.s([...]msg{mSortBest, mSortTotal, mSortHourly, mSortVRAM, mSortFit, mSortProvider}[k])
}

// sizedRows is how many of the first offers in view size the table.
const sizedRows = 40

// maxMarked is how many offers compare mode shows side by side.
const maxMarked = 3

// pageAhead is how close to the end of a partial list the selection may
// come before the whole list is asked for.
const pageAhead = 20

// offerList is the ranked offers as the user sees them: filtered, sorted,
// with a selection, a scroll position and the offers marked for comparing.
// It keeps the selection on the same offer when the ranking changes.
//
// Paging: a ranking brings the first topOffers offers fully priced and the
// advisor's counts. When the user filters, sorts, marks or scrolls near the
// end of a partial list, the list asks the advisor for every listed offer
// as light rows (advisor.Options.All, in a tea.Cmd); the rows in view that
// are not priced yet are priced by advisor.Expand, in a tea.Cmd too, and
// show their row's figures meanwhile.
type offerList struct {
	rows []model.OfferRow // in the advisor's order
	// full is, per row, its full recommendation once priced (nil before).
	full []*model.Recommendation
	// complete is set when rows holds every listed offer.
	complete bool
	// listed and overBudget are the advisor's counts of listed offers and
	// of those over the budget.
	listed, overBudget int

	view []int // indices into rows, after filter and sort
	sel  int   // index into view
	// pick is the offer the user selected (by moving, or the loaded
	// record's choice; zero: none, the first). Every ranking that lands
	// selects it when it lists it, whatever rankings came between, so the
	// selection does not depend on which rankings were shown.
	pick   offerKey
	toEnd  bool // select the last offer once the whole list is there
	top    int  // first visible row
	shown  int  // rows the last frame showed
	sort   sortKey
	filter string
	marked []offerKey // the marked offers, in marking order
	// need is the widths of the names in view, for sizing the table.
	need tableNeed
	// hay is, per row, the lower-case text the filter searches (built on
	// the first filtering of a ranking).
	hay []string

	// gen counts the rankings shown, so that pricing asked for the rows of
	// one is not stored in another's; asked marks the rows whose pricing
	// was asked for. allSeq is the ranking whose whole list was asked for.
	gen    int
	asked  map[int]bool
	allSeq int
}

// recKey identifies a recommendation across re-rankings.
func recKey(r *model.Recommendation) string {
	return r.Provider + "/" + r.InstanceType + "/" + strconv.Itoa(r.Nodes)
}

// rowKey is recKey for a row.
func rowKey(r *model.OfferRow) string {
	return r.Provider + "/" + r.InstanceType + "/" + strconv.Itoa(r.Nodes)
}

// offerKey identifies an offer across re-rankings, as recKey does, without
// building a string.
type offerKey struct {
	prov, inst string
	nodes      int
}

// keyOf is a row's offerKey.
func keyOf(r *model.OfferRow) offerKey { return offerKey{r.Provider, r.InstanceType, r.Nodes} }

// setResult replaces the offers with a ranking's: it selects the offer
// the user picked when the ranking lists it, else the first.
func (l *offerList) setResult(res *model.Result) {
	recs := res.Recommendations
	if len(res.Rows) >= len(recs) {
		l.rows = res.Rows
	} else {
		// A ranking without rows (a test's ranker): its rows are its
		// recommendations, priced already, so their catalog index (for
		// Expand) is not needed.
		l.rows = make([]model.OfferRow, len(recs))
		for i := range recs {
			l.rows[i] = recs[i].Row(-1)
		}
	}
	// The recommendations are the first rows, in the same order.
	l.full = make([]*model.Recommendation, len(l.rows))
	for i := range recs[:min(len(recs), len(l.rows))] {
		l.full[i] = &recs[i]
	}
	l.complete = len(l.rows) >= res.Listed
	l.listed, l.overBudget = res.Listed, res.OverBudget
	l.hay, l.asked = nil, nil
	l.gen++
	l.rebuild(offerKey{})
	if l.toEnd && l.complete {
		l.sel, l.toEnd = max(len(l.view)-1, 0), false
		l.pick = l.selectedKey()
	}
}

// rebuild filters and sorts, then selects the offer the user picked, or
// else the one with key prev, or else the first.
func (l *offerList) rebuild(prev offerKey) {
	l.view = l.view[:0]
	f := strings.ToLower(strings.TrimSpace(l.filter))
	if f == "" {
		for i := range l.rows {
			l.view = append(l.view, i)
		}
	} else {
		words := strings.Fields(f)
		gpuHit := map[gpuWord]bool{} // matchGPU, once per GPU name and word
		if l.hay == nil {
			l.hay = make([]string, len(l.rows))
			for i := range l.rows {
				l.hay[i] = filterText(&l.rows[i])
			}
		}
		for i := range l.rows {
			if l.matches(i, words, gpuHit) {
				l.view = append(l.view, i)
			}
		}
	}
	if l.sort != sortBest {
		less := l.less()
		sort.SliceStable(l.view, func(i, j int) bool { return less(&l.rows[l.view[i]], &l.rows[l.view[j]]) })
	}
	// The table is sized for the first rows, which are the ones read most;
	// the sizes stay put while scrolling.
	l.need = tableNeed{}
	for _, vi := range l.view[:min(len(l.view), sizedRows)] {
		r := &l.rows[vi]
		l.need.add(cellWidth(r.Provider), cellWidth(r.InstanceType), cellWidth(rowGPUCell(r)))
	}
	l.sel = 0
	for _, want := range [...]offerKey{l.pick, prev} {
		if i := l.viewIndex(want); i >= 0 {
			l.sel = i
			return
		}
	}
}

// viewIndex is the position in view of the offer with key k (-1: not
// there, or k is zero).
func (l *offerList) viewIndex(k offerKey) int {
	if k == (offerKey{}) {
		return -1
	}
	for i, vi := range l.view {
		if keyOf(&l.rows[vi]) == k {
			return i
		}
	}
	return -1
}

// filterText is what the filter searches in an offer: its provider,
// instance, GPU, region and price model, in lower case.
func filterText(r *model.OfferRow) string {
	return strings.ToLower(r.Provider + " " + r.InstanceType + " " + r.GPU + " " + r.Region + " " + string(r.PriceModel))
}

// gpuWord is a GPU name and a filter word.
type gpuWord struct{ gpu, word string }

// matches reports whether row i contains every word of the filter, or
// its GPU matches the word (as the GPU question does). gpuHit remembers
// the GPU matches of this filter.
func (l *offerList) matches(i int, words []string, gpuHit map[gpuWord]bool) bool {
	for _, w := range words {
		if strings.Contains(l.hay[i], w) {
			continue
		}
		g := l.rows[i].GPU
		k := gpuWord{g, w}
		hit, ok := gpuHit[k]
		if !ok {
			hit = matchGPU(w, g)
			gpuHit[k] = hit
		}
		if !hit {
			return false
		}
	}
	return true
}

// less is the order of a strict sort. In every order the offers within
// the budget come before those over it, and for the totals an all-in cost
// with an unknown part comes after the known ones (it is at least that
// much).
func (l *offerList) less() func(a, b *model.OfferRow) bool {
	var by func(a, b *model.OfferRow) bool
	switch l.sort {
	case sortTotal:
		by = totalLess
	case sortHourly:
		by = func(a, b *model.OfferRow) bool { return knownLess(a.Hourly, b.Hourly) }
	case sortVRAM:
		by = func(a, b *model.OfferRow) bool { return rowVRAM(a) > rowVRAM(b) }
	case sortFit:
		by = func(a, b *model.OfferRow) bool { return a.Headroom > b.Headroom }
	case sortProvider:
		by = func(a, b *model.OfferRow) bool {
			if a.Provider != b.Provider {
				return a.Provider < b.Provider
			}
			return totalLess(a, b)
		}
	default:
		return func(a, b *model.OfferRow) bool { return false }
	}
	return func(a, b *model.OfferRow) bool {
		if a.WithinBudget != b.WithinBudget {
			return a.WithinBudget
		}
		return by(a, b)
	}
}

// totalLess orders by the all-in total, lowest first: the totals with an
// unknown part (at least that much) after all the known ones, and within
// each of the two an unknown total (0) last.
func totalLess(a, b *model.OfferRow) bool {
	if a.Partial() != b.Partial() {
		return !a.Partial()
	}
	return knownLess(a.Total, b.Total)
}

// desc says what a sort order means, for the help screen.
func (k sortKey) desc(t tr) string {
	return t.s([...]msg{mSortBestDesc, mSortTotalDesc, mSortHourlyDesc, mSortVRAMDesc, mSortFitDesc, mSortProviderDesc}[k])
}

// knownLess orders amounts with unknown (0) last.
func knownLess(a, b float64) bool {
	if a <= 0 {
		return false
	}
	return b <= 0 || a < b
}

// selectedRow returns the selected offer's row, or nil when the list is
// empty.
func (l *offerList) selectedRow() *model.OfferRow {
	if l.sel < 0 || l.sel >= len(l.view) {
		return nil
	}
	return &l.rows[l.view[l.sel]]
}

// selectedKey is the selected offer's key (zero when none is selected).
func (l *offerList) selectedKey() offerKey {
	if r := l.selectedRow(); r != nil {
		return keyOf(r)
	}
	return offerKey{}
}

// selected returns the selected offer fully priced, or nil when the list
// is empty or the offer's pricing has not arrived yet.
func (l *offerList) selected() *model.Recommendation {
	if l.sel < 0 || l.sel >= len(l.view) {
		return nil
	}
	return l.full[l.view[l.sel]]
}

// move moves the selection by d rows; the offer it lands on is the
// user's pick.
func (l *offerList) move(d int) {
	l.toEnd = false
	if len(l.view) == 0 {
		l.sel = 0
		return
	}
	l.sel = min(max(l.sel+d, 0), len(l.view)-1)
	l.pick = l.selectedKey()
}

// home and end select (and pick) the first and last offers; on a partial
// list end asks for the whole list (wantAll) and selects its last offer
// when it comes.
func (l *offerList) home() {
	l.sel, l.toEnd = 0, false
	l.pick = l.selectedKey()
}
func (l *offerList) end() {
	l.sel = max(len(l.view)-1, 0)
	l.toEnd = !l.complete
	l.pick = l.selectedKey()
}

// cycleSort switches to the next sort order.
func (l *offerList) cycleSort() {
	prev := l.selectedKey()
	l.sort = (l.sort + 1) % sortCount
	l.rebuild(prev)
}

// setFilter filters the offers by text.
func (l *offerList) setFilter(f string) {
	prev := l.selectedKey()
	l.filter = f
	l.rebuild(prev)
}

// toggleMark marks or unmarks the selected offer; it reports false when
// the mark limit is reached.
func (l *offerList) toggleMark() bool {
	r := l.selectedRow()
	if r == nil {
		return true
	}
	k := keyOf(r)
	if i := l.markIndex(k); i >= 0 {
		l.marked = append(l.marked[:i], l.marked[i+1:]...)
		return true
	}
	if len(l.marked) >= maxMarked {
		return false
	}
	l.marked = append(l.marked, k)
	return true
}

func (l *offerList) markIndex(k offerKey) int {
	for i, m := range l.marked {
		if m == k {
			return i
		}
	}
	return -1
}

// markedRows returns the row indices of the marked offers that are still
// listed, in marking order.
func (l *offerList) markedRows() []int {
	var out []int
	for _, k := range l.marked {
		for i := range l.rows {
			if keyOf(&l.rows[i]) == k {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// markedRecs returns the marked offers that are still ranked and priced.
func (l *offerList) markedRecs() []*model.Recommendation {
	var out []*model.Recommendation
	for _, i := range l.markedRows() {
		if l.full[i] != nil {
			out = append(out, l.full[i])
		}
	}
	return out
}

// window is the part of the view shown in rows lines: the first and end
// view indices, and sep, the view index of the first offer over the
// budget when the line that separates it from those within falls in the
// window (-1 when not; sep == end puts the line last). That line takes a
// row. The window keeps the selection visible.
func (l *offerList) window(rows int) (top, end, sep int) {
	rows = max(rows, 1)
	n := len(l.view)
	fo := l.firstOver()
	// fits is how many offers a window from t shows.
	fits := func(t int) int {
		if rows > 1 && fo >= t && fo < t+rows {
			return rows - 1
		}
		return rows
	}
	top = min(l.top, max(n-rows, 0))
	if l.sel < top {
		top = max(l.sel, 0)
	}
	for top < l.sel && l.sel >= top+fits(top) {
		top++
	}
	end, sep = min(top+fits(top), n), -1
	if fits(top) < rows {
		sep = fo
	}
	return top, end, sep
}

// firstOver is the view index of the first offer over the budget (-1 when
// none is); in every order they follow the offers within it.
func (l *offerList) firstOver() int {
	for i, vi := range l.view {
		if !l.rows[vi].WithinBudget {
			return i
		}
	}
	return -1
}

// overInView is the number of offers over the budget in the view, or for
// a partial list the advisor's count of them.
func (l *offerList) overInView() int {
	if !l.complete && l.filter == "" {
		return l.overBudget
	}
	if fo := l.firstOver(); fo >= 0 {
		return len(l.view) - fo
	}
	return 0
}

// scrollTo keeps the selection inside a window of rows rows.
func (l *offerList) scrollTo(rows int) {
	if rows <= 0 {
		return
	}
	l.shown = rows
	l.top, _, _ = l.window(rows)
}

// wantAll reports whether to ask for every listed offer of the current
// answers: the list needs them (to filter, sort or compare them all, or
// to scroll past the first ones), the last ranking listed more than a
// ranking of the first offers brings, and the whole list is neither shown
// nor asked for already. A new ranking of a filtered or sorted list asks
// for it at once (the ranking of the first offers is then not shown).
func (m *Model) wantAll() bool {
	l := &m.offers
	if l.allSeq == m.seq || l.listed <= topOffers || l.complete && m.resSeq == m.seq {
		return false
	}
	return l.filter != "" || l.sort != sortBest || len(l.marked) > 0 || l.toEnd ||
		!l.complete && l.sel >= len(l.rows)-pageAhead
}

// rowGPUCell is gpuCell for a row.
func rowGPUCell(r *model.OfferRow) string {
	return gpuCount(r.GPUCount, r.Nodes, shortGPU(r.GPU))
}

// rowVRAM is the GPU memory of all nodes of a row.
func rowVRAM(r *model.OfferRow) float64 { return r.VRAMGiB * float64(max(r.Nodes, 1)) }

// expandMsg carries the full pricing of some rows of the list's
// generation gen.
type expandMsg struct {
	gen  int
	rows []int
	recs []model.Recommendation
}

// applyResult shows a ranking computed in a tea.Cmd, unless it is stale:
// a ranking for older answers, or a partial one when the whole list for
// the same answers is asked for or shown (a ranking of the whole list is
// never partial, even one that lists fewer offers than it counts).
func (m *Model) applyResult(msg resultMsg) {
	partial := !msg.all && max(len(msg.res.Rows), len(msg.res.Recommendations)) < msg.res.Listed
	if msg.seq != m.seq || partial && (m.offers.allSeq == msg.seq || m.resSeq == msg.seq && m.offers.complete) {
		return
	}
	m.res, m.hasRes, m.resSeq = msg.res, true, msg.seq
	if m.sugg.seq == msg.seq && len(m.res.Suggestions) == 0 {
		// The whole list of a ranking whose suggestions are in.
		m.res.Suggestions = m.sugg.list
	}
	// The offer the user picked stays selected when the ranking lists it;
	// while answering, the list shows its first rows (scrollTo brings the
	// selection into view).
	m.offers.setResult(&m.res)
	if m.focus == focusForm {
		m.offers.top = 0
	}
}

// addFull stores the pricing of rows of the ranking shown.
func (l *offerList) addFull(msg expandMsg) {
	if msg.gen != l.gen {
		return
	}
	j := 0
	for _, ri := range msg.rows {
		if ri < len(l.rows) && j < len(msg.recs) && msg.recs[j].Offer == l.rows[ri].Offer {
			l.full[ri] = &msg.recs[j]
			j++
		}
	}
}

// fetchCmd asks for what the list lacks, off the update loop: the whole
// list when it needs every offer (wantAll), and the pricing of the rows in view
// (and the selected and marked ones) when the ranking shown is current.
func (m *Model) fetchCmd() tea.Cmd {
	l := &m.offers
	if !m.hasRes || m.cfg.Catalog == nil {
		return nil
	}
	var cmds []tea.Cmd
	if m.wantAll() {
		l.allSeq, m.allDue = m.seq, m.seq
		opt := advisorOptions(m.cfg.Lang)
		opt.All = true
		cmds = append(cmds, m.rankWith(m.seq, m.asked, opt))
	}
	if m.resSeq == m.seq {
		if c := m.expandCmd(); c != nil {
			cmds = append(cmds, c)
		}
		if r := l.selected(); m.pane.detail && m.change != nil && m.why.asked != m.resSeq && r != nil &&
			len(m.res.Recommendations) > 0 && recKey(r) == recKey(&m.res.Recommendations[0]) {
			// The detail shows #1: what would change the order.
			m.why.asked = m.resSeq
			cmds = append(cmds, whyCmd(m.resSeq, m.cfg.Catalog, m.asked, advisorOptions(m.cfg.Lang), m.res, m.change))
		}
		if m.suggest != nil && m.sugg.asked != m.resSeq {
			// The ways back, when the ranking keeps no budget or fits nothing.
			m.sugg.asked = m.resSeq
			cmds = append(cmds, suggCmd(m.resSeq, m.cfg.Catalog, m.asked, advisorOptions(m.cfg.Lang), m.res, m.suggest))
		}
	}
	return tea.Batch(cmds...)
}

// rankWith runs the advisor with options off the update loop.
func (m *Model) rankWith(seq int, a model.Answers, opt advisor.Options) tea.Cmd {
	cat, rank := m.cfg.Catalog, m.rank
	return func() tea.Msg { return resultMsg{seq: seq, res: rank(cat, a, opt), all: opt.All} }
}

// expandCmd prices the rows in view, the selected and the marked ones,
// and the page after the view, that are not priced or asked for yet, and
// the selected one again when its product's other sizes were left out. The
// ranking after an edit prices only the rows in view (it runs on every
// keystroke); the page ahead is priced here, after that frame, so that
// moving down shows rows already priced.
func (m *Model) expandCmd() tea.Cmd {
	l := &m.offers
	top, end, _ := l.window(l.shown)
	var need []int
	add := func(ri int) {
		if l.full[ri] == nil && !l.asked[ri] {
			if l.asked == nil {
				l.asked = map[int]bool{}
			}
			l.asked[ri] = true
			need = append(need, ri)
		}
	}
	for _, vi := range l.view[top:end] {
		add(vi)
	}
	if l.sel < len(l.view) {
		ri := l.view[l.sel]
		add(ri)
		if f := l.full[ri]; f != nil && f.SizesOmitted && !l.asked[ri] {
			// The detail lists the product's other sizes: the ranking
			// left them out but for #1 (advisorOptions).
			if l.asked == nil {
				l.asked = map[int]bool{}
			}
			l.asked[ri] = true
			need = append(need, ri)
		}
	}
	for _, ri := range l.markedRows() {
		add(ri)
	}
	for _, vi := range l.view[end:min(len(l.view), end+(end-top))] {
		add(vi)
	}
	if len(need) == 0 {
		return nil
	}
	offers := make([]int, len(need))
	for i, ri := range need {
		offers[i] = l.rows[ri].Index
	}
	cat, a, opt, gen, expand := m.cfg.Catalog, m.asked, advisorOptions(m.cfg.Lang), l.gen, m.expand
	return func() tea.Msg { return expandMsg{gen: gen, rows: need, recs: expand(cat, a, opt, offers)} }
}

// withChoice makes sure a ranking holds the offer with key sel, pricing
// its row (catalog index idx) with expand when it is beyond the top-N, so
// that a record saves the offer the user selected.
func withChoice(res model.Result, sel string, idx int, expand func([]int) []model.Recommendation) model.Result {
	if sel == "" || idx < 0 {
		return res
	}
	for i := range res.Recommendations {
		if recKey(&res.Recommendations[i]) == sel {
			return res
		}
	}
	if recs := expand([]int{idx}); len(recs) == 1 && recKey(&recs[0]) == sel {
		res.Recommendations = append(recs, res.Recommendations...)
	}
	return res
}
