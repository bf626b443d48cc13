package ui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// sortKey orders the offer list.
type sortKey int

const (
	// sortBest is the advisor's rank: offers within the budget first, then
	// those that meet the latency class, then known speed before unknown,
	// then the all-in cost of the run. It is not strictly by any column.
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

// offerList is the ranked offers as the user sees them: filtered, sorted,
// with a selection, a scroll position and the offers marked for comparing.
// It keeps the selection on the same offer when the ranking changes.
type offerList struct {
	all    []model.Recommendation
	view   []int // indices into all, after filter and sort
	sel    int   // index into view
	top    int   // first visible row
	sort   sortKey
	filter string
	marked []string // keys of marked offers, in marking order
	// need is the widths of the names in view, for sizing the table.
	need tableNeed
}

// recKey identifies a recommendation across re-rankings.
func recKey(r *model.Recommendation) string {
	return r.Provider + "/" + r.InstanceType + "/" + strconv.Itoa(r.Nodes)
}

// setRecs replaces the offers; with keep it keeps the selected offer when
// it is still there, else it selects the first.
func (l *offerList) setRecs(recs []model.Recommendation, keep bool) {
	prev := ""
	if r := l.selected(); r != nil && keep {
		prev = recKey(r)
	}
	l.all = recs
	l.rebuild(prev)
}

// rebuild filters and sorts, then selects the offer with key prev (or the
// first).
func (l *offerList) rebuild(prev string) {
	l.view = l.view[:0]
	f := strings.ToLower(strings.TrimSpace(l.filter))
	for i := range l.all {
		if f == "" || matchesFilter(&l.all[i], f) {
			l.view = append(l.view, i)
		}
	}
	if l.sort != sortBest {
		less := l.less()
		sort.SliceStable(l.view, func(i, j int) bool { return less(&l.all[l.view[i]], &l.all[l.view[j]]) })
	}
	// The table is sized for the first rows, which are the ones read most;
	// the sizes stay put while scrolling.
	l.need = tableNeed{}
	for _, vi := range l.view[:min(len(l.view), sizedRows)] {
		r := &l.all[vi]
		l.need.add(cellWidth(r.Provider), cellWidth(r.InstanceType), cellWidth(gpuCell(r)))
	}
	l.sel = 0
	if prev != "" {
		for i, vi := range l.view {
			if recKey(&l.all[vi]) == prev {
				l.sel = i
				break
			}
		}
	}
}

func (l *offerList) less() func(a, b *model.Recommendation) bool {
	switch l.sort {
	case sortTotal:
		return func(a, b *model.Recommendation) bool { return knownLess(a.Total, b.Total) }
	case sortHourly:
		return func(a, b *model.Recommendation) bool { return knownLess(a.Hourly, b.Hourly) }
	case sortVRAM:
		return func(a, b *model.Recommendation) bool {
			return a.VRAMGiB*float64(max(a.Nodes, 1)) > b.VRAMGiB*float64(max(b.Nodes, 1))
		}
	case sortFit:
		return func(a, b *model.Recommendation) bool { return a.Headroom > b.Headroom }
	case sortProvider:
		return func(a, b *model.Recommendation) bool {
			if a.Provider != b.Provider {
				return a.Provider < b.Provider
			}
			return knownLess(a.Total, b.Total)
		}
	}
	return func(a, b *model.Recommendation) bool { return false }
}

// sortDesc says what a sort order means, for the help screen.
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

// matchesFilter reports whether an offer's provider, instance, GPU or
// region contains every word of f.
func matchesFilter(r *model.Recommendation, f string) bool {
	hay := strings.ToLower(r.Provider + " " + r.InstanceType + " " + r.GPU + " " + r.Region + " " + string(r.PriceModel))
	for _, w := range strings.Fields(f) {
		if !strings.Contains(hay, w) && !matchGPU(w, r.GPU) {
			return false
		}
	}
	return true
}

// selected returns the selected offer, or nil when the list is empty.
func (l *offerList) selected() *model.Recommendation {
	if l.sel < 0 || l.sel >= len(l.view) {
		return nil
	}
	return &l.all[l.view[l.sel]]
}

// move moves the selection by d rows.
func (l *offerList) move(d int) {
	if len(l.view) == 0 {
		l.sel = 0
		return
	}
	l.sel = min(max(l.sel+d, 0), len(l.view)-1)
}

// home and end select the first and last offers.
func (l *offerList) home() { l.sel = 0 }
func (l *offerList) end()  { l.sel = max(len(l.view)-1, 0) }

// cycleSort switches to the next sort order.
func (l *offerList) cycleSort() {
	prev := ""
	if r := l.selected(); r != nil {
		prev = recKey(r)
	}
	l.sort = (l.sort + 1) % sortCount
	l.rebuild(prev)
}

// setFilter filters the offers by text.
func (l *offerList) setFilter(f string) {
	prev := ""
	if r := l.selected(); r != nil {
		prev = recKey(r)
	}
	l.filter = f
	l.rebuild(prev)
}

// toggleMark marks or unmarks the selected offer; it reports false when
// the mark limit is reached.
func (l *offerList) toggleMark() bool {
	r := l.selected()
	if r == nil {
		return true
	}
	k := recKey(r)
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

func (l *offerList) markIndex(k string) int {
	for i, m := range l.marked {
		if m == k {
			return i
		}
	}
	return -1
}

// markedRecs returns the marked offers that are still ranked.
func (l *offerList) markedRecs() []*model.Recommendation {
	var out []*model.Recommendation
	for _, k := range l.marked {
		for i := range l.all {
			if recKey(&l.all[i]) == k {
				out = append(out, &l.all[i])
				break
			}
		}
	}
	return out
}

// scrollTo keeps the selection inside a window of rows rows.
func (l *offerList) scrollTo(rows int) {
	if rows <= 0 {
		return
	}
	if l.sel < l.top {
		l.top = l.sel
	}
	if l.sel >= l.top+rows {
		l.top = l.sel - rows + 1
	}
	l.top = min(l.top, max(len(l.view)-rows, 0))
	l.top = max(l.top, 0)
}
