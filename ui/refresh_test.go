package ui

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// fakeRefresh is a refresh of two live sources with set answers: the
// offers each stores or its error, the catalog read again or its error.
// It counts its calls, so a test sees what ran and when.
type fakeRefresh struct {
	offers  map[string]int
	errs    map[string]error
	cat     *model.Catalog
	loadErr error
	fetches atomic.Int32
	loads   atomic.Int32
}

func (f *fakeRefresh) refresh() *Refresh {
	return &Refresh{
		Sources: []string{"vast", "runpod"},
		Fetch: func(source string) (int, error) {
			f.fetches.Add(1)
			return f.offers[source], f.errs[source]
		},
		Load: func() (*model.Catalog, error) {
			f.loads.Add(1)
			return f.cat, f.loadErr
		},
	}
}

// refreshedCatalog is the test catalog with one more live Vast offer, the
// cheapest H100 (made up for the test).
func refreshedCatalog() *model.Catalog {
	cat := testCatalog()
	cat.Offers = append(cat.Offers, model.Offer{Provider: "vast", InstanceType: "1x H100 refreshed", GPU: "H100 SXM5", GPUCount: 1, VRAMGiB: 80,
		OnDemand: 0.40, Currency: model.USD, Interconnect: model.InterconnectSingle, Regions: []string{"global"}, VCPUs: 12, Sources: []string{"test"}})
	return cat
}

// step runs one command the way the program would, feeding back what it
// sends: a refresh message's own command is returned, not run (the next
// step), every other message is settled.
func step(t *testing.T, m Model, cmd tea.Cmd) (Model, tea.Cmd) {
	t.Helper()
	var next []tea.Cmd
	var run func(c tea.Cmd)
	run = func(c tea.Cmd) {
		if c == nil {
			return
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			for _, b := range msg {
				run(b)
			}
		case refreshedMsg, reloadedMsg:
			nm, nc := m.Update(msg)
			m = nm.(Model)
			next = append(next, nc)
		case resultMsg, expandMsg, whyMsg, suggMsg:
			nm, nc := m.Update(msg)
			m = settle(t, nm.(Model), nc)
		}
	}
	run(cmd)
	return m, tea.Batch(next...)
}

// keyDown presses a key with Update alone, returning its command unrun.
func keyDown(t *testing.T, m Model, name string) (Model, tea.Cmd) {
	t.Helper()
	nm, cmd := m.Update(keyPress(t, name))
	return nm.(Model), cmd
}

// TestRefreshInBackground: ctrl+r starts the refresh in commands (nothing
// is fetched in Update), the footer says which source is fetched, the
// panel keeps ranking the current catalog meanwhile, a second ctrl+r
// starts nothing, and once both sources are in the new catalog replaces
// the old one and the answers are ranked on it.
func TestRefreshInBackground(t *testing.T) {
	f := &fakeRefresh{offers: map[string]int{"vast": 3, "runpod": 13}, cat: refreshedCatalog()}
	m := newTestModel(t, 200, 40, func(c *Config) { c.Refresh = f.refresh() })
	old := m.cfg.Catalog
	m, fetch := keyDown(t, m, "ctrl+r")
	if f.fetches.Load() != 0 {
		t.Fatal("ctrl+r fetched in Update")
	}
	if s := screen(m); !strings.Contains(s, "refreshing live offers: vast (1 of 2)") {
		t.Fatalf("no progress after ctrl+r:\n%s", s)
	}

	// Meanwhile an edit re-ranks on the current catalog.
	seq := m.seq
	m = press(t, m, "down")
	if m.seq == seq || m.resSeq != m.seq || m.cfg.Catalog != old {
		t.Errorf("an edit during the refresh: seq %d→%d, shown %d, catalog swapped %v", seq, m.seq, m.resSeq, m.cfg.Catalog != old)
	}
	if s := screen(m); !strings.Contains(s, "refreshing live offers: vast (1 of 2)") || !strings.Contains(s, "24 offers") {
		t.Errorf("during the refresh the footer lost its progress or catalog:\n%s", s)
	}

	// A second press while it runs starts nothing.
	m2, again := keyDown(t, m, "ctrl+r")
	m2 = settle(t, m2, again)
	if f.fetches.Load() != 0 || !strings.Contains(screen(m2), "vast (1 of 2)") {
		t.Errorf("a second ctrl+r: %d fetches, frame:\n%s", f.fetches.Load(), screen(m2))
	}
	m = m2

	m, next := step(t, m, fetch)
	if f.fetches.Load() != 1 || !strings.Contains(screen(m), "refreshing live offers: runpod (2 of 2)") {
		t.Fatalf("after vast: %d fetches, frame:\n%s", f.fetches.Load(), screen(m))
	}
	m, next = step(t, m, next)
	if f.fetches.Load() != 2 || f.loads.Load() != 0 || !strings.Contains(screen(m), "reading the new catalog") || m.cfg.Catalog != old {
		t.Fatalf("after runpod: %d fetches %d loads, frame:\n%s", f.fetches.Load(), f.loads.Load(), screen(m))
	}
	m, next = step(t, m, next)
	m = settle(t, m, next)
	if f.loads.Load() != 1 || m.cfg.Catalog != f.cat || m.refresh.running {
		t.Fatalf("after the load: %d loads, swapped %v, running %v", f.loads.Load(), m.cfg.Catalog == f.cat, m.refresh.running)
	}
	s := screen(m)
	for _, want := range []string{"live offers refreshed: vast 3 offers, runpod 13 offers; the catalog now holds 25 offers (+1)", "25 offers"} {
		if !strings.Contains(s, want) {
			t.Errorf("after the refresh the frame lacks %q:\n%s", want, s)
		}
	}
	// The answers (a full fine-tune after the "down" above) are ranked
	// on the new catalog: every one of its offers was considered.
	if m.resSeq != m.seq || m.res.Considered != len(f.cat.Offers) {
		t.Errorf("the new catalog was not ranked: shown %d of %d, %d offers considered", m.resSeq, m.seq, m.res.Considered)
	}
	// A refresh that ended can run again.
	m, fetch = keyDown(t, m, "ctrl+r")
	if fetch == nil || !strings.Contains(screen(m), "vast (1 of 2)") {
		t.Errorf("a refresh after one ended did not start:\n%s", screen(m))
	}
}

// TestRefreshFailures: a failed source, a catalog that does not load and
// every source failing each say why in the footer, in both languages;
// the catalog changes only when a source stored offers and the catalog
// loaded.
func TestRefreshFailures(t *testing.T) {
	down := errors.New("HTTP 500")
	tests := []struct {
		name, lang string
		errs       map[string]error
		loadErr    error
		loads      int32
		swapped    bool
		want       string
	}{
		{"one source failed", "en", map[string]error{"runpod": down}, nil, 1, true,
			"live offers refreshed: vast 3 offers; the catalog now holds 25 offers (+1); runpod failed: HTTP 500"},
		{"every source failed", "en", map[string]error{"vast": down, "runpod": errors.New("gave up")}, nil, 0, false,
			"refresh failed, the catalog is unchanged: vast failed: HTTP 500; runpod failed: gave up"},
		{"the catalog did not load", "en", nil, errors.New("cache damaged"), 1, false,
			"refresh: the new catalog did not load, the current one is kept: cache damaged"},
		{"one source failed", "zh", map[string]error{"runpod": down}, nil, 1, true,
			"实时报价已刷新：vast 3 个报价；目录现有 25 个报价（+1）；runpod 失败：HTTP 500"},
		{"every source failed", "zh", map[string]error{"vast": down, "runpod": down}, nil, 0, false,
			"刷新失败，目录未变：vast 失败：HTTP 500；runpod 失败：HTTP 500"},
	}
	for _, tc := range tests {
		t.Run(tc.lang+"/"+tc.name, func(t *testing.T) {
			f := &fakeRefresh{offers: map[string]int{"vast": 3, "runpod": 13}, errs: tc.errs, cat: refreshedCatalog(), loadErr: tc.loadErr}
			m := newTestModel(t, 240, 40, func(c *Config) { c.Refresh, c.Lang = f.refresh(), tc.lang })
			old := m.cfg.Catalog
			m = press(t, m, "ctrl+r") // runs the whole refresh
			if f.loads.Load() != tc.loads || (m.cfg.Catalog != old) != tc.swapped || m.refresh.running {
				t.Errorf("%d loads, swapped %v, running %v", f.loads.Load(), m.cfg.Catalog != old, m.refresh.running)
			}
			if s := strings.Join(strings.Fields(screen(m)), " "); !strings.Contains(s, tc.want) {
				t.Errorf("the footer lacks %q:\n%s", tc.want, screen(m))
			}
		})
	}
}

// TestRefreshNotAvailable: without a refresh (a test's wizard), ctrl+r
// says there is nothing to refresh.
func TestRefreshNotAvailable(t *testing.T) {
	m := press(t, newTestModel(t, 140, 40), "ctrl+r")
	if !strings.Contains(screen(m), "no live source to refresh here") {
		t.Errorf("ctrl+r without a refresh:\n%s", screen(m))
	}
}
