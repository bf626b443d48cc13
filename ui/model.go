package ui

import (
	"reflect"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// topOffers is how many ranked offers the panel asks the advisor for: a
// few pages. The list asks for the rest when it needs them (see
// offerList).
const topOffers = 60

// pricedOffers is the most of them a ranking prices fully (see
// pricedRows); the others are priced by expandCmd.
const pricedOffers = 24

// focusArea is the part of the screen that receives keys.
type focusArea int

const (
	focusForm focusArea = iota
	focusOffers
)

// overlay is a view shown over the main screen.
type overlay int

const (
	overlayNone overlay = iota
	overlayHelp
	overlaySteps
	overlayTrial // the trial plan in the detail area
)

// viewCache holds rendered pieces keyed by what they depend on.
type viewCache struct {
	helpKey, help string
}

// resultMsg carries a ranking computed in a tea.Cmd; seq drops stale ones.
// all marks a ranking of the whole list (advisor.Options.All).
type resultMsg struct {
	seq int
	res model.Result
	all bool
}

// Model is the root Bubble Tea model of the wizard. It owns routing, focus,
// layout and the commands; the components (components.go) render their
// parts and handle their keys.
type Model struct {
	*ctx
	cfg Config

	dark    bool
	noColor bool

	env  *env
	form form

	seq     int // sequence number of the last ranking asked for
	resSeq  int // sequence number of the ranking shown
	res     model.Result
	hasRes  bool
	asked   model.Answers // the answers of the last ranking asked for
	offers  offerList
	focus   focusArea
	overlay overlay

	steps  stepsState  // the step list's highlight
	pane   paneState   // the detail area
	help   helpState   // the help screen's scroll
	filter filterState // the offer filter's prompt

	export exportState
	// refresh is the refresh of the live sources (ctrl+r).
	refresh refreshState
	// saved: a record was written this session; interrupted: the wizard
	// was left with ctrl+c (Run turns the two into the exit status).
	saved, interrupted bool
	// quitting: the wizard has asked to quit; input after that (typed
	// before the program stops, or queued behind the key that quit) is
	// not handled.
	quitting bool
	// savedRaw is the questions' text when the answers were last saved
	// (or loaded, or started from): the answers are unsaved while the
	// text differs. It is replaced whole, never changed in place.
	savedRaw []string
	// leaving is the question before leaving unsaved answers, and the key
	// that asked it.
	leaving leaveAsk
	// allDue is the ranking whose whole list is asked for and not in yet
	// (0: none).
	allDue int
	// queue holds the input that waits for a ranking (see keyqueue.go);
	// it is replaced, never changed in place.
	queue []tea.Msg

	status    string
	statusErr bool

	width, height int
	now           func() time.Time
	// cache keeps rendered pieces that rarely change (shared by copies of
	// the model; only the latest copy renders).
	cache *viewCache
	// rank computes a ranking; the catalog's advisor.Engine unless a test
	// replaces it.
	rank func(*model.Catalog, model.Answers, advisor.Options) model.Result
	// expand prices listed offers fully (advisor.Expand), for the rows of
	// the offer list beyond the ranking's first offers.
	expand func(*model.Catalog, model.Answers, advisor.Options, []int) []model.Recommendation
	// change works out what would change the order of a ranking
	// (advisor.Engine.WhatWouldChange: a ranking more per risk of #1),
	// asked only when the detail shows #1; why holds its lines.
	change resultFill
	why    whyState
	// suggest fills in a ranking's ways back under the budget
	// (advisor.Engine.Suggest: a ranking more per change), asked once per
	// ranking off the update loop; sugg holds them.
	suggest resultFill
	sugg    suggState
}

// suggState is the suggestions of the ranking seq, asked once per ranking
// (asked), kept to fill in a result of the same ranking that replaces the
// one shown (the whole list).
type suggState struct {
	asked, seq int
	list       []model.Suggestion
}

// suggMsg carries the suggestions of a ranking.
type suggMsg struct {
	seq  int
	list []model.Suggestion
}

// whyState is what would change the order of the ranking seq: the lines
// advisor.WhatWouldChange adds to its WhyFirst, asked once per ranking.
type whyState struct {
	asked, seq int
	lines      []string
}

// whyMsg carries the lines of what would change the order of a ranking.
type whyMsg struct {
	seq   int
	lines []string
}

// New returns the root model for a configuration.
func New(cfg Config) Model {
	if cfg.Answers.Workload == "" {
		cfg.Answers = model.DefaultAnswers()
	}
	t := newTr(cfg.Lang)
	eng := cfg.Engine
	if eng == nil || eng.Catalog() != cfg.Catalog {
		eng = advisor.New(cfg.Catalog) // indexed by its first ranking, off the update loop
	}
	env := cfg.Env
	if env == nil {
		env = newEnv(cfg.Catalog)
	}
	m := Model{
		ctx:     &ctx{t: t, keys: newKeyMap(t)},
		cfg:     cfg,
		dark:    true,
		noColor: cfg.NoColor,
		env:     env,
		now:     time.Now,
		rank:    engineRank(eng),
		expand:  engineExpand(eng),
		change:  engineChange(eng),
		suggest: engineSuggest(eng),
		cache:   &viewCache{},
		width:   80,
		height:  24,
	}
	m.ctx.st = newStyles(m.dark, !m.noColor)
	m.form = newForm(cfg.Answers, m.env)
	m.savedRaw = slices.Clone(m.form.raw)
	m.seq = 1
	m.asked = m.form.effective()
	m.export.paths = defaultPaths
	m.export.path = defaultExportPath
	if c := cfg.Choice; c != nil {
		m.offers.pick = offerKey{c.Provider, c.InstanceType, c.Nodes}
	}
	if len(cfg.Notices) > 0 {
		m.status, m.statusErr = strings.Join(cfg.Notices, "; "), true
	}
	return m
}

// Init asks the terminal for its background colour and ranks the offers
// for the initial answers.
func (m Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, m.rankWith(m.seq, m.asked, advisorOptions(m.cfg.Lang)))
}

// advisorOptions are the options of every Recommend call of the UI: the
// suggestions are asked apart (suggCmd), off the ranking of every
// keystroke.
func advisorOptions(lang string) advisor.Options {
	return advisor.Options{Top: topOffers, Priced: pricedOffers, Lang: lang, NoSuggestions: true, Sizes: 1}
}

// engineRank ranks with the engine of the wizard's catalog (another
// catalog gets a one-off ranking).
func engineRank(eng *advisor.Engine) func(*model.Catalog, model.Answers, advisor.Options) model.Result {
	return func(cat *model.Catalog, a model.Answers, opt advisor.Options) model.Result {
		if cat != nil && cat == eng.Catalog() {
			return eng.Recommend(a, opt)
		}
		return recommend(cat, a, opt)
	}
}

// engineExpand prices listed offers with the engine of the wizard's
// catalog.
func engineExpand(eng *advisor.Engine) func(*model.Catalog, model.Answers, advisor.Options, []int) []model.Recommendation {
	return func(cat *model.Catalog, a model.Answers, opt advisor.Options, offers []int) []model.Recommendation {
		if cat == eng.Catalog() {
			return eng.Expand(a, opt, offers)
		}
		return advisor.Expand(cat, a, opt, offers)
	}
}

// resultFill is a step that completes a ranking's result after it is
// shown (what would change the order, the suggestions).
type resultFill func(*model.Catalog, model.Answers, advisor.Options, *model.Result)

// onEngine runs an engine's result step with the engine of the wizard's
// catalog (another catalog gets a one-off engine).
func onEngine(eng *advisor.Engine, step func(*advisor.Engine, model.Answers, advisor.Options, *model.Result)) resultFill {
	return func(cat *model.Catalog, a model.Answers, opt advisor.Options, res *model.Result) {
		e := eng
		if cat != eng.Catalog() {
			e = advisor.New(cat)
		}
		step(e, a, opt, res)
	}
}

// engineChange works out what would change the order with the engine of
// the wizard's catalog.
func engineChange(eng *advisor.Engine) resultFill {
	return onEngine(eng, (*advisor.Engine).WhatWouldChange)
}

// engineSuggest fills in a ranking's suggestions with the engine of the
// wizard's catalog.
func engineSuggest(eng *advisor.Engine) resultFill { return onEngine(eng, (*advisor.Engine).Suggest) }

// suggCmd works out, off the update loop, the ways back of ranking seq
// when it keeps no budget or fits nothing (advisor.Engine.Suggest ranks
// once more per change); a result that has them already keeps them.
func suggCmd(seq int, cat *model.Catalog, a model.Answers, opt advisor.Options, res model.Result, suggest resultFill) tea.Cmd {
	return func() tea.Msg {
		suggest(cat, a, opt, &res)
		return suggMsg{seq: seq, list: res.Suggestions}
	}
}

// whyCmd works out, off the update loop, the lines that say what would
// change the order of ranking seq: WhatWouldChange ranks once more per
// risk of #1, too slow for every keystroke, so it runs only for the
// detail of #1.
func whyCmd(seq int, cat *model.Catalog, a model.Answers, opt advisor.Options, res model.Result, change resultFill) tea.Cmd {
	base := len(res.WhyFirst)
	res.WhyFirst = append([]string(nil), res.WhyFirst...)
	res.Recommendations = res.Recommendations[:min(len(res.Recommendations), 1)]
	return func() tea.Msg {
		change(cat, a, opt, &res)
		return whyMsg{seq: seq, lines: res.WhyFirst[base:]}
	}
}

// recommend ranks the offers; a nil catalog gives an empty result.
func recommend(cat *model.Catalog, a model.Answers, opt advisor.Options) model.Result {
	if cat == nil {
		return model.Result{Currency: a.Currency}
	}
	return advisor.Recommend(cat, a, opt)
}

// Update routes a message to the part of the UI it concerns.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	// m is a copy: its form gets answers of its own, so that the model
	// Update was called on stays as it was. A ranking and what follows it
	// (the rows priced, why #1 leads, the suggestions) leave the form as
	// it is, unless input waits behind them: they share it, without the
	// copy every keystroke's result would cost.
	switch msg.(type) {
	case resultMsg, expandMsg, whyMsg, suggMsg:
		if len(m.queue) > 0 {
			m.form = m.form.clone()
		}
	default:
		m.form = m.form.clone()
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.ctx = m.ctx.restyled(newStyles(m.dark, !m.noColor))
	case tea.ColorProfileMsg:
		if msg.Profile <= colorprofile.ASCII && !m.noColor {
			m.noColor = true
			m.ctx = m.ctx.restyled(newStyles(m.dark, false))
		}
	case resultMsg:
		if msg.all && msg.seq == m.allDue {
			m.allDue = 0
		}
		m.applyResult(msg)
	case expandMsg:
		m.offers.addFull(msg)
	case whyMsg:
		if msg.seq == m.resSeq {
			m.why.seq, m.why.lines = msg.seq, msg.lines
		}
	case suggMsg:
		if msg.seq == m.resSeq {
			m.sugg.seq, m.sugg.list = msg.seq, msg.list
			m.res.Suggestions = msg.list
		}
	case saveDoneMsg:
		cmd = m.apply(newExportDialog(&m).done(msg))
	case refreshedMsg:
		c, a := newRefresher(&m).fetched(msg)
		cmd = tea.Batch(c, m.apply(a))
	case reloadedMsg:
		cmd = m.apply(newRefresher(&m).reloaded(msg))
	case tea.PasteMsg, tea.KeyPressMsg:
		// Input joins the queue, behind any that waits for a ranking
		// (keyqueue.go); drain handles it at once when nothing need wait.
		m.queue = append(m.queue[:len(m.queue):len(m.queue)], msg)
		return m, m.drain()
	}
	// The input that waited for a ranking, now that it may be in.
	return m, tea.Batch(cmd, m.settle(), m.drain())
}

// settle keeps the selected offer visible and asks for what the offer
// list lacks (the whole list, the rows in view priced).
func (m *Model) settle() tea.Cmd {
	m.offers.scrollTo(m.layout().offerRows)
	return m.fetchCmd()
}

// layout sizes the current frame.
func (m *Model) layout() layout {
	need, offersFocus, detail := 0, m.focus == focusOffers, m.pane.detail || m.pane.compare
	switch {
	case m.overlay == overlayTrial:
		// The trial plan takes the detail area, on a stacked screen too.
		offersFocus, detail = true, true
	case m.width >= wideWidth:
	case m.overlay == overlaySteps:
		// The step list needs its every line, wherever the focus was.
		p := newStepList(m)
		p.picker = true
		need, offersFocus = len(p.Render(m.width, 0)), false
	case m.focus == focusForm:
		need = len(newFormPane(m).viewStep(m.width, true).lines)
	}
	return computeLayout(m.width, m.height, offersFocus, detail, need, &m.offers.need, newChrome(m).statusRows())
}

// afterEdit re-ranks when an edit changed the answers. While an answer
// does not parse nothing is ranked: the panel keeps the last ranking,
// dimmed, and says which answer it waits for, so it never prices a value
// other than the one on screen.
func (m *Model) afterEdit() tea.Cmd {
	if m.form.invalidCount() > 0 {
		return nil
	}
	a := m.form.effective()
	if reflect.DeepEqual(a, m.asked) {
		return nil
	}
	m.seq++
	m.asked = a
	m.status = ""
	opt := advisorOptions(m.cfg.Lang)
	opt.Priced = m.pricedRows()
	return m.rankWith(m.seq, m.asked, opt)
}

// pricedRows is how many offers a re-ranking after an edit prices fully:
// the rows the table shows (as many as the last frame showed, or the
// layout gives it), and at least the first two (why the first leads
// compares them), up to pricedOffers. The ranking runs on every
// keystroke; the page after the view is priced by the command that
// follows it (expandCmd), and any other row when a move brings it into
// view, showing its row's figures meanwhile.
func (m *Model) pricedRows() int {
	return min(max(m.layout().offerRows, m.offers.shown, 2), pricedOffers)
}

// apply does what a component asked for.
func (m *Model) apply(a action) tea.Cmd {
	switch a := a.(type) {
	case actEdited:
		return m.afterEdit()
	case actStatus:
		m.status, m.statusErr = a.text, a.err
	case actFocus:
		m.focus = a.to
	case actOverlay:
		m.overlay = a.to
	case actWrite:
		return m.writeCmd(a.overwrite)
	case actSaved:
		m.saved = true
	case actAnswersSaved:
		m.savedRaw = slices.Clone(m.form.raw)
	case actLeave:
		if unsaved(&m.form, m.savedRaw) {
			m.leaving = leaveQ
			if a.ctrlC {
				m.leaving = leaveCtrlC
			}
			return nil
		}
		m.interrupted, m.quitting = a.ctrlC, true
		return tea.Quit
	case actLeaving:
		m.leaving = a.to
	case actQuit:
		m.interrupted, m.quitting = a.interrupted, true
		return tea.Quit
	case actCatalog:
		return m.useCatalog(a.cat)
	case actBatch:
		var cmds []tea.Cmd
		for _, b := range a {
			cmds = append(cmds, m.apply(b))
		}
		return tea.Batch(cmds...)
	}
	return nil
}

// key routes a key press: to the open dialogue or overlay, else to the
// global keys, else to the focused pane (keyTarget says which).
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	g := &m.keys.Global
	switch newKeyRouter(m).target(k) {
	case toLeave:
		return m.apply(newLeaveDialog(m).HandleKey(k))
	case toQuit:
		return m.apply(actLeave{ctrlC: true})
	case toExport:
		return m.apply(newExportDialog(m).HandleKey(k))
	case toFilter:
		return m.apply(newOfferTable(m).filterKey(k))
	case toHelp:
		l := m.layout()
		h := newHelpView(m)
		h.width, h.bodyH = l.width, l.bodyH
		return m.apply(h.HandleKey(k))
	case toSteps:
		return m.apply(newStepList(m).HandleKey(k))
	case toTrial:
		return m.apply(newTrialView(m).HandleKey(k))
	case toOffers:
		t := newOfferTable(m)
		t.pageRows = m.layout().offerRows
		return m.apply(t.HandleKey(k))
	}
	switch {
	case key.Matches(k, g.Export):
		return m.apply(newExportDialog(m).start(false))
	case key.Matches(k, g.Launch):
		return m.apply(newExportDialog(m).start(true))
	case key.Matches(k, g.Trial):
		m.overlay, m.pane.scroll = overlayTrial, 0
		return nil
	case key.Matches(k, g.Refresh):
		c, a := newRefresher(m).start()
		return tea.Batch(c, m.apply(a))
	case key.Matches(k, g.Help):
		m.overlay, m.help.scroll = overlayHelp, 0
		return nil
	case key.Matches(k, g.Steps):
		m.overlay = overlaySteps
		m.steps.sel = m.form.step
		return nil
	case key.Matches(k, g.Focus):
		if m.focus == focusForm {
			m.focus = focusOffers
		} else {
			m.focus = focusForm
		}
		return nil
	}
	// While typing, ctrl+n / ctrl+p move through the offers and
	// shift+↑/↓ scroll the selected offer's detail.
	switch fk := &m.keys.Form; {
	case key.Matches(k, fk.ScrollDown):
		m.pane.scroll += 3
		return nil
	case key.Matches(k, fk.ScrollUp):
		m.pane.scroll = max(m.pane.scroll-3, 0)
		return nil
	case key.Matches(k, g.NextOffer):
		m.offers.move(1)
		return nil
	case key.Matches(k, g.PrevOffer):
		m.offers.move(-1)
		return nil
	}
	return m.apply(newFormPane(m).HandleKey(k))
}

// paste inserts pasted text into the focused text input.
func (m *Model) paste(s string) tea.Cmd {
	switch {
	case m.export.state == exportPath:
		m.export.path, m.export.pos, _ = insertText(m.export.path, m.export.pos, s)
		return nil
	case m.filter.on:
		f, pos, _ := insertText(m.offers.filter, m.filter.pos, s)
		m.filter.pos = pos
		m.offers.setFilter(f)
		return nil
	case m.focus == focusForm && m.overlay == overlayNone:
		return m.apply(newFormPane(m).paste(s))
	}
	return nil
}

// Answers returns the answers as the wizard currently reads them.
func (m Model) Answers() model.Answers { return m.form.effective() }
