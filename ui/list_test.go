package ui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// listCatalog is the synthetic catalog grown to more offers than a
// ranking of the first offers brings (topOffers), so that the list pages.
func listCatalog() *model.Catalog { return bigCatalog(2_000) }

// realModel is a 140x40 model on listCatalog with the real advisor, its
// first ranking applied.
func realModel(t *testing.T, a model.Answers) Model {
	t.Helper()
	return realModelIn(t, a, "en")
}

// realModelIn is realModel in a language.
func realModelIn(t *testing.T, a model.Answers, lang string) Model {
	t.Helper()
	m := New(Config{Catalog: listCatalog(), Answers: a, Lang: lang, Version: "test"})
	m.now = func() time.Time { return fixedNow }
	m = update(t, m, tea.WindowSizeMsg{Width: 140, Height: 40})
	return settle(t, m, m.Init())
}

// checkPriced asserts that the rows in view and the selected offer are
// priced: no row waits for its warnings and the detail is there.
func checkPriced(t *testing.T, m Model) {
	t.Helper()
	s := screen(m)
	pending := false
	for _, line := range strings.Split(s, "\n") {
		// The badge waits in the last (warnings) column; a name cut
		// with "…" mid-row is not a pending row.
		pending = pending || strings.HasSuffix(strings.TrimRight(line, " "), " "+pendingBadge)
	}
	if pending || strings.Contains(s, m.t.s(mPricing)) || m.offers.selected() == nil {
		t.Errorf("rows in view not priced:\n%s", s)
	}
}

// TestFilterSeesEveryOffer: /aws in the wizard shows as many AWS offers
// as the advisor finds for --provider aws, though most rank beyond the
// first offers the wizard asks for.
func TestFilterSeesEveryOffer(t *testing.T) {
	a := model.DefaultAnswers()
	m := realModel(t, a)
	if m.offers.complete || len(m.offers.rows) != topOffers || m.res.Listed <= topOffers {
		t.Fatalf("the first ranking should be partial: %d rows of %d listed", len(m.offers.rows), m.res.Listed)
	}
	m = press(t, m, "ctrl+o", "/", "aws", "enter")
	aws := a
	aws.Providers = []string{"aws"}
	want := advisor.Recommend(m.cfg.Catalog, aws, advisor.Options{Top: 1000})
	got := 0
	for _, vi := range m.offers.view {
		if m.offers.rows[vi].Provider == "aws" {
			got++
		}
	}
	if got != len(want.Recommendations) || got == 0 {
		t.Fatalf("/aws shows %d AWS offers, the advisor finds %d", got, len(want.Recommendations))
	}
	if !m.offers.complete || len(m.offers.rows) != m.res.Listed {
		t.Errorf("filtering should list every offer: %d rows of %d", len(m.offers.rows), m.res.Listed)
	}
	checkPriced(t, m)
	if s := screen(m); !strings.Contains(s, " of "+strconv.Itoa(len(m.offers.view))+" (") {
		t.Errorf("the count line does not count the filtered list:\n%s", s)
	}
}

// TestSortAndScrollSeeEveryOffer: a strict sort orders every listed
// offer, and scrolling to the end of the first offers reaches the rest;
// the rows shown are priced on the way.
func TestSortAndScrollSeeEveryOffer(t *testing.T) {
	m := realModel(t, model.DefaultAnswers())
	listed := m.res.Listed
	s := press(t, m, "ctrl+o", "s", "s") // per hour
	if s.offers.sort != sortHourly || len(s.offers.view) != listed {
		t.Fatalf("sort %v over %d of %d offers", s.offers.sort, len(s.offers.view), listed)
	}
	for i := 1; i < len(s.offers.view); i++ {
		p, r := &s.offers.rows[s.offers.view[i-1]], &s.offers.rows[s.offers.view[i]]
		if knownLess(r.Hourly, p.Hourly) {
			t.Fatalf("row %d at %v/h after %v/h", i+1, r.Hourly, p.Hourly)
		}
	}
	checkPriced(t, s)

	// The last offer of the whole list, by the key that goes to the end.
	e := press(t, m, "ctrl+o", "G")
	if !e.offers.complete || e.offers.sel != listed-1 {
		t.Fatalf("end selects %d of %d (complete %v)", e.offers.sel+1, listed, e.offers.complete)
	}
	checkPriced(t, e)
	last := e.offers.selected()
	res := advisor.Recommend(m.cfg.Catalog, e.asked, advisor.Options{Top: listed})
	if want := testcheck.At(t, res.Recommendations, listed-1, "the advisor's top %d; notes %v", listed, res.Notes); recKey(last) != recKey(want) ||
		last.TotalUSD != want.TotalUSD || len(last.PriceModels) != len(want.PriceModels) {
		t.Errorf("the last offer is %s $%.2f, the advisor's last %s $%.2f", recKey(last), last.TotalUSD, recKey(want), want.TotalUSD)
	}
}

// TestSaveRecordsAnOfferBeyondTheFirst: the record saves the offer the
// user selected, though it ranks beyond the first offers a ranking prices.
func TestSaveRecordsAnOfferBeyondTheFirst(t *testing.T) {
	store := &fakeStore{}
	path := "./pick.toml"
	m := New(Config{Catalog: listCatalog(), Answers: model.DefaultAnswers(), Lang: "en", Version: "test", Save: store.save})
	m.now = func() time.Time { return fixedNow }
	m = update(t, m, tea.WindowSizeMsg{Width: 140, Height: 40})
	m = settle(t, m, m.Init())
	m = press(t, m, "ctrl+o", "G")
	sel := m.offers.selected()
	if m.offers.sel < topOffers || sel == nil {
		t.Fatalf("selected #%d", m.offers.sel+1)
	}
	m.export.path = path
	m = press(t, m, "ctrl+s")
	m = press(t, m, "enter")
	rec, ok := store.files[path]
	if !ok || rec.Choice == nil {
		t.Fatalf("not saved (%s): %v", m.status, store.calls)
	}
	if recKey(rec.Choice) != recKey(sel) || rec.Choice.TotalUSD != sel.TotalUSD {
		t.Errorf("saved %s $%.2f, selected %s $%.2f", recKey(rec.Choice), rec.Choice.TotalUSD, recKey(sel), sel.TotalUSD)
	}
}

// TestOverBudgetFollowsInEverySort: with a budget some offers keep, those
// over it follow the others in every sort order, behind a line that
// counts them, and the count line counts them too.
func TestOverBudgetFollowsInEverySort(t *testing.T) {
	a := model.DefaultAnswers()
	a.Budget = model.Budget{Amount: 0.6, Period: model.BudgetHourly, Currency: model.USD}
	m := press(t, realModel(t, a), "ctrl+o")
	if m.res.OverBudget == 0 || m.res.OverBudget == m.res.Listed {
		t.Fatalf("want a budget some offers keep: %d of %d over", m.res.OverBudget, m.res.Listed)
	}
	for k := range sortCount {
		l := &m.offers
		if l.sort != k {
			t.Fatalf("sort %v, want %v", l.sort, k)
		}
		over := 0
		for i, vi := range l.view {
			if !l.rows[vi].WithinBudget {
				over++
			} else if over > 0 {
				t.Fatalf("%s: row %d within the budget after one over it", k.label(m.t), i+1)
			}
		}
		if l.overInView() != m.res.OverBudget || l.complete && over != m.res.OverBudget {
			t.Errorf("%s: %d over budget in view (%d counted, complete %v), the advisor counts %d", k.label(m.t), over, l.overInView(), l.complete, m.res.OverBudget)
		}
		// The first offer over the budget, with the line above it.
		fo := l.firstOver()
		n := press(t, m, "g")
		n = press(t, n, strings.Split(strings.Repeat("down ", fo), " ")[:fo]...)
		s := screen(n)
		count := strconv.Itoa(m.res.OverBudget) + " over budget"
		if !strings.Contains(s, "── "+count+" ─") || !strings.Contains(s, "· "+count) || !strings.Contains(s, "✖ over budget") {
			t.Errorf("%s: the first offer over the budget lacks its line or count:\n%s", k.label(m.t), s)
		}
		m = press(t, m, "s")
	}
}

// TestWindowSeparator: the line before the first offer over the budget
// takes a row of the window, which still shows the selection.
func TestWindowSeparator(t *testing.T) {
	rows := make([]model.OfferRow, 10)
	for i := range rows {
		rows[i] = model.OfferRow{Provider: "p", InstanceType: strconv.Itoa(i), Nodes: 1, WithinBudget: i < 6}
	}
	var l offerList
	l.setResult(&model.Result{Rows: rows, Listed: 10, OverBudget: 4})
	for _, tc := range []struct{ sel, top, wantTop, wantEnd, wantSep int }{
		{0, 0, 0, 5, -1}, // the line is below the window
		{5, 0, 1, 6, -1}, // scrolled one down: the line would be next
		{5, 2, 2, 6, 6},  // the line last, under the last offer within
		{6, 1, 3, 7, 6},  // the first offer over the budget last, the line above it
		{6, 0, 3, 7, 6},  // the same, jumping
		{9, 0, 6, 10, 6}, // the end: the line first
		{7, 7, 5, 9, 6},  // scrolled past the end: pulled back, the line shown
	} {
		l.sel, l.top = tc.sel, tc.top
		top, end, sep := l.window(5)
		if top != tc.wantTop || end != tc.wantEnd || sep != tc.wantSep || tc.sel < top || tc.sel >= end {
			t.Errorf("sel %d top %d: window %d–%d sep %d, want %d–%d sep %d", tc.sel, tc.top, top, end, sep, tc.wantTop, tc.wantEnd, tc.wantSep)
		}
		if lines := end - top + map[bool]int{true: 1}[sep >= 0]; lines > 5 || sep >= 0 && (sep < top || sep > end) {
			t.Errorf("sel %d: %d lines in a window of 5", tc.sel, lines)
		}
	}
}

// TestFilteredListStaysWhole: editing an answer while a filter is on asks
// for the whole list of the new answers at once, and the ranking of the
// first offers alone is not shown over it.
func TestFilteredListStaysWhole(t *testing.T) {
	m := press(t, realModel(t, model.DefaultAnswers()), "ctrl+o", "/", "aws", "enter", "ctrl+o")
	if m.focus != focusForm || !m.offers.complete {
		t.Fatalf("focus %v, complete %v", m.focus, m.offers.complete)
	}
	m = press(t, m, "enter", "ctrl+u", "llama-3.1-") // another model, typed
	seq := m.seq
	nm, cmd := m.Update(keyMsgs("7")[0])
	m = nm.(Model)
	if m.form.answers.Model != "llama-3.1-70b" {
		t.Fatalf("model %q", m.form.answers.Model)
	}
	if cmd == nil || m.seq == seq || m.offers.allSeq != m.seq {
		t.Fatalf("the whole list of ranking %d was not asked for (asked %d)", m.seq, m.offers.allSeq)
	}
	// The first offers' ranking comes alone: it is not shown.
	partial := m.rank(m.cfg.Catalog, m.asked, advisorOptions("en"))
	m.applyResult(resultMsg{seq: m.seq, res: partial})
	if m.resSeq == m.seq {
		t.Fatal("a partial ranking replaced the filtered list")
	}
	m = settle(t, m, cmd)
	if m.resSeq != m.seq || !m.offers.complete || m.offers.filter != "aws" {
		t.Fatalf("shown %d of %d, complete %v, filter %q", m.resSeq, m.seq, m.offers.complete, m.offers.filter)
	}
}
