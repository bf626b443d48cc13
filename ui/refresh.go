package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// Refresh is the wizard's refresh of the live sources (the refresh key,
// ctrl+r), given by the command line, which owns the network and the
// cache. The wizard calls Fetch and Load only in tea.Cmds, never in
// Update: one source at a time (so the footer shows which), then the
// catalog again. Meanwhile the panel keeps ranking the catalog it has; a
// new catalog replaces it only once it has loaded.
type Refresh struct {
	// Sources names the live sources, in the order they are fetched
	// ("vast", "runpod").
	Sources []string
	// Fetch downloads one source into the cache and returns how many
	// offers it stored; on an error the cache keeps what it had, and the
	// error says why in the wizard's language.
	Fetch func(source string) (offers int, err error)
	// Load reads the catalog again, with what the fetches stored.
	Load func() (*model.Catalog, error)
}

// refreshState is a running or finished refresh: running from the key
// until the new catalog is in (or every source failed); at is the source
// being fetched, done what each fetched source gave.
type refreshState struct {
	running bool
	at      int
	done    []refreshedSource
}

// refreshedSource is what fetching one source gave.
type refreshedSource struct {
	name   string
	offers int
	err    error
}

// refreshedMsg carries the fetch of source i.
type refreshedMsg struct {
	i      int
	offers int
	err    error
}

// reloadedMsg carries the catalog read again after the fetches.
type reloadedMsg struct {
	cat *model.Catalog
	err error
}

// refresher runs the refresh for the root: it changes the refresh's
// state, starts its commands and returns what the root does with the
// outcome (the footer's message, the new catalog).
type refresher struct {
	*ctx
	state *refreshState
	r     *Refresh
	// offers is how many offers the catalog shown holds.
	offers int
}

func newRefresher(m *Model) refresher {
	rf := refresher{ctx: m.ctx, state: &m.refresh, r: m.cfg.Refresh}
	if m.cfg.Catalog != nil {
		rf.offers = len(m.cfg.Catalog.Offers)
	}
	return rf
}

// start starts a refresh of the live sources, unless one runs (a second
// press starts nothing) or there is none to refresh.
func (rf refresher) start() (tea.Cmd, action) {
	switch {
	case rf.state.running:
		return nil, nil
	case rf.r == nil || len(rf.r.Sources) == 0:
		return nil, actStatus{rf.t.s(mRefreshNone), true}
	}
	*rf.state = refreshState{running: true}
	return fetchSourceCmd(rf.r, 0), actStatus{}
}

// fetchSourceCmd fetches source i of r, off the update loop.
func fetchSourceCmd(r *Refresh, i int) tea.Cmd {
	return func() tea.Msg {
		n, err := r.Fetch(r.Sources[i])
		return refreshedMsg{i: i, offers: n, err: err}
	}
}

// loadCmd reads the catalog again, off the update loop.
func loadCmd(r *Refresh) tea.Cmd {
	return func() tea.Msg {
		cat, err := r.Load()
		return reloadedMsg{cat: cat, err: err}
	}
}

// fetched takes the fetch of one source: the next source is fetched,
// then, when any source stored offers, the catalog is read again; when
// every source failed the refresh ends there and says why.
func (rf refresher) fetched(msg refreshedMsg) (tea.Cmd, action) {
	s, r := rf.state, rf.r
	if !s.running || r == nil || msg.i != s.at {
		return nil, nil
	}
	s.done = append(s.done, refreshedSource{name: r.Sources[msg.i], offers: msg.offers, err: msg.err})
	if s.at++; s.at < len(r.Sources) {
		return fetchSourceCmd(r, s.at), nil
	}
	for _, d := range s.done {
		if d.err == nil {
			return loadCmd(r), nil
		}
	}
	s.running = false
	return nil, actStatus{rf.t.f(mRefreshAllFailed, s.failures(rf.t)), true}
}

// reloaded takes the catalog read again: on success the root replaces
// its catalog (and re-ranks), and the footer says what each source gave
// and which failed; a catalog that did not load leaves the current one.
func (rf refresher) reloaded(msg reloadedMsg) action {
	s := rf.state
	if !s.running {
		return nil
	}
	s.running = false
	if msg.err != nil || msg.cat == nil {
		why := rf.t.s(mInvalid)
		if msg.err != nil {
			why = msg.err.Error()
		}
		return actStatus{rf.t.f(mRefreshLoadFailed, why), true}
	}
	var got []string
	for _, d := range s.done {
		if d.err == nil {
			got = append(got, rf.t.f(mRefreshSource, d.name, d.offers))
		}
	}
	n := len(msg.cat.Offers)
	text := rf.t.f(mRefreshDone, strings.Join(got, rf.t.s(mListComma)), n, n-rf.offers)
	failed := s.failures(rf.t)
	if failed != "" {
		text += rf.t.s(mSemicolon) + failed
	}
	return actBatch{actCatalog{msg.cat}, actStatus{text, failed != ""}}
}

// failures says which sources failed and why ("" for none).
func (s *refreshState) failures(t tr) string {
	var out []string
	for _, d := range s.done {
		if d.err != nil {
			out = append(out, t.f(mRefreshFailed, d.name, d.err.Error()))
		}
	}
	return strings.Join(out, t.s(mSemicolon))
}

// useCatalog replaces the wizard's catalog with cat: its engine ranks
// from now on, the answers are read against its providers, regions and
// GPUs, and the answers are ranked again on it (a ranking of the old
// catalog still under way is dropped by its sequence number).
func (m *Model) useCatalog(cat *model.Catalog) tea.Cmd {
	eng := advisor.New(cat)
	m.cfg.Catalog, m.cfg.Engine = cat, eng
	m.cfg.Env = newEnv(cat)
	m.env, m.form.env = m.cfg.Env, m.cfg.Env
	m.rank, m.expand = engineRank(eng), engineExpand(eng)
	m.change, m.suggest = engineChange(eng), engineSuggest(eng)
	m.form.recompute()
	m.seq++
	m.asked = m.form.effective()
	opt := advisorOptions(m.cfg.Lang)
	opt.Priced = m.pricedRows()
	return m.rankWith(m.seq, m.asked, opt)
}

// line is the footer's line while the refresh of r runs ("" when none
// does): the source being fetched, or the catalog being read.
func (s *refreshState) line(t tr, r *Refresh) string {
	switch {
	case !s.running || r == nil:
		return ""
	case s.at < len(r.Sources):
		return t.f(mRefreshRunning, r.Sources[s.at], s.at+1, len(r.Sources))
	}
	return t.s(mRefreshLoading)
}
