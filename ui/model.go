package ui

import (
	"reflect"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// topOffers is how many ranked offers the panel asks the advisor for,
// fully priced: a few pages. The list asks for the rest when it needs them
// (see offerList).
const topOffers = 60

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
type resultMsg struct {
	seq int
	res model.Result
}

// Model is the root Bubble Tea model of the wizard. It owns routing, focus
// and layout; the form, the offer list and the renderers are components
// it drives.
type Model struct {
	cfg  Config
	t    tr
	keys keyMap
	st   styles

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

	stepSel      int  // highlighted step in the step list
	detail       bool // the selected offer's detail has most of the panel
	compare      bool // marked offers side by side
	detailScroll int
	helpScroll   int // first line of the help screen shown
	filtering    bool
	filterPos    int

	export exportState
	// saved: a record was written this session; interrupted: the wizard
	// was left with ctrl+c (Run turns the two into the exit status).
	saved, interrupted bool
	// choice is the loaded record's chosen offer, selected when the first
	// ranking arrives ("" once done).
	choice string

	status    string
	statusErr bool

	width, height int
	now           func() time.Time
	// cache keeps rendered pieces that rarely change (shared by copies of
	// the model; only the latest copy renders).
	cache *viewCache
	// rank computes a ranking; advisor.Recommend unless a test replaces it.
	rank func(*model.Catalog, model.Answers, advisor.Options) model.Result
	// expand prices listed offers fully (advisor.Expand), for the rows of
	// the offer list beyond the ranking's first offers.
	expand func(*model.Catalog, model.Answers, advisor.Options, []int) []model.Recommendation
}

// New returns the root model for a configuration.
func New(cfg Config) Model {
	if cfg.Answers.Workload == "" {
		cfg.Answers = model.DefaultAnswers()
	}
	t := newTr(cfg.Lang)
	m := Model{
		cfg:     cfg,
		t:       t,
		keys:    newKeyMap(t),
		dark:    true,
		noColor: cfg.NoColor,
		env:     newEnv(cfg.Catalog),
		now:     time.Now,
		rank:    recommend,
		expand:  advisor.Expand,
		cache:   &viewCache{},
		width:   80,
		height:  24,
	}
	m.st = newStyles(m.dark, !m.noColor)
	m.form = newForm(cfg.Answers, m.env)
	m.seq = 1
	m.asked = m.form.effective()
	m.export.paths = defaultPaths
	m.export.path = defaultExportPath
	if cfg.Choice != nil {
		m.choice = recKey(cfg.Choice)
	}
	if len(cfg.Notices) > 0 {
		m.status, m.statusErr = strings.Join(cfg.Notices, "; "), true
	}
	return m
}

// Init asks the terminal for its background colour and ranks the offers
// for the initial answers.
func (m Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, m.rankCmd(m.seq, m.asked))
}

// rankCmd runs the advisor off the update loop.
func (m Model) rankCmd(seq int, a model.Answers) tea.Cmd {
	cat := m.cfg.Catalog
	opt := advisorOptions(m.cfg.Lang)
	rank := m.rank
	return func() tea.Msg {
		return resultMsg{seq: seq, res: rank(cat, a, opt)}
	}
}

// advisorOptions are the options of every Recommend call of the UI.
func advisorOptions(lang string) advisor.Options {
	return advisor.Options{Top: topOffers, Lang: lang}
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
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.st = newStyles(m.dark, !m.noColor)
	case tea.ColorProfileMsg:
		if msg.Profile <= colorprofile.ASCII && !m.noColor {
			m.noColor = true
			m.st = newStyles(m.dark, false)
		}
	case resultMsg:
		m.applyResult(msg)
		if m.choice != "" && m.resSeq == msg.seq {
			m.selectOffer(m.choice)
			m.choice = ""
		}
	case expandMsg:
		m.offers.addFull(msg)
	case saveDoneMsg:
		m = m.saveDone(msg)
	case tea.PasteMsg:
		m, cmd = m.paste(msg.Content)
	case tea.KeyPressMsg:
		m, cmd = m.key(msg)
	}
	m.syncScroll()
	// What the offer list lacks (the whole list, the rows in view priced).
	return m, tea.Batch(cmd, m.fetchCmd())
}

// syncScroll keeps the selected offer visible.
func (m *Model) syncScroll() {
	l := m.layout()
	m.offers.scrollTo(l.offerRows)
}

// layout sizes the current frame.
func (m *Model) layout() layout {
	need, offersFocus, detail := 0, m.focus == focusOffers, m.detail || m.compare
	switch {
	case m.overlay == overlayTrial:
		// The trial plan takes the detail area, on a stacked screen too.
		offersFocus, detail = true, true
	case m.width >= wideWidth:
	case m.overlay == overlaySteps:
		// The step list needs its every line, wherever the focus was.
		need, offersFocus = len(m.viewStepList(m.width, true)), false
	case m.focus == focusForm:
		need = len(m.viewStep(m.width, true).lines)
	}
	return computeLayout(m.width, m.height, offersFocus, detail, need, &m.offers.need, m.statusRows())
}

// selectOffer selects the offer with a key, if the list has it.
func (m *Model) selectOffer(k string) {
	for i := 0; i < len(m.offers.view); i++ {
		m.offers.sel = i
		if r := m.offers.selectedRow(); r != nil && rowKey(r) == k {
			return
		}
	}
	m.offers.sel = 0
}

// maxStatusRows bounds the rows a long error takes from the body.
const maxStatusRows = 3

// longFooter is the footer message that is read whole, wrapped when long:
// an error (a failed save names the path and the system's reason), or the
// question before saving an invalid answer.
func (m *Model) longFooter() (string, paint, bool) {
	switch {
	case m.export.state == exportInvalid:
		return m.invalidPrompt(), m.st.Warn, true
	case m.statusErr && m.status != "" && !m.export.active() && !m.filtering:
		return m.status, m.st.Error, true
	}
	return "", paint{}, false
}

// statusRows is how many rows past the first the footer's message needs.
func (m *Model) statusRows() int {
	text, _, ok := m.longFooter()
	if !ok || m.width < minWidth {
		return 0
	}
	return min(len(wrap(text, m.width))-1, maxStatusRows)
}

// afterEdit re-ranks when an edit changed the answers. While an answer
// does not parse nothing is ranked: the panel keeps the last ranking,
// dimmed, and says which answer it waits for, so it never prices a value
// other than the one on screen.
func (m Model) afterEdit() (Model, tea.Cmd) {
	if m.form.invalidCount() > 0 {
		return m, nil
	}
	a := m.form.effective()
	if reflect.DeepEqual(a, m.asked) {
		return m, nil
	}
	m.seq++
	m.asked = a
	m.status = ""
	return m, m.rankCmd(m.seq, m.asked)
}

// key routes a key press.
func (m Model) key(k tea.KeyPressMsg) (Model, tea.Cmd) {
	g := &m.keys.Global
	if key.Matches(k, g.Quit) {
		m.interrupted = true
		return m, tea.Quit
	}
	if m.export.active() {
		return m.exportKey(k)
	}
	if m.filtering {
		return m.filterKey(k)
	}
	switch m.overlay {
	case overlayHelp:
		switch k.String() {
		case "?", "esc", "q":
			m.overlay = overlayNone
		case "down", "j":
			m.helpScroll++
		case "up", "k":
			m.helpScroll = max(m.helpScroll-1, 0)
		case "pgdown", "space":
			m.helpScroll += max(m.layout().bodyH-1, 1)
		case "pgup":
			m.helpScroll = max(m.helpScroll-max(m.layout().bodyH-1, 1), 0)
		case "home", "g":
			m.helpScroll = 0
		}
		l := m.layout()
		m.helpScroll = min(m.helpScroll, max(len(m.viewHelp(l.width, l.bodyH))-l.bodyH+1, 0))
		return m, nil
	case overlaySteps:
		return m.stepsKey(k)
	case overlayTrial:
		return m.trialKey(k)
	}
	switch {
	case key.Matches(k, g.Export):
		return m.startExport()
	case key.Matches(k, g.Launch):
		return m.startLaunch()
	case key.Matches(k, g.Trial):
		m.overlay, m.detailScroll = overlayTrial, 0
		return m, nil
	case key.Matches(k, g.Help):
		m.overlay, m.helpScroll = overlayHelp, 0
		return m, nil
	case key.Matches(k, g.Steps):
		m.overlay = overlaySteps
		m.stepSel = m.form.step
		return m, nil
	case key.Matches(k, g.Focus):
		if m.focus == focusForm {
			m.focus = focusOffers
		} else {
			m.focus = focusForm
		}
		return m, nil
	}
	if m.focus == focusOffers {
		return m.offersKey(k)
	}
	// ctrl+n / ctrl+p move through the offers while typing, shift+↑/↓
	// scroll the selected offer's detail.
	switch k.String() {
	case "shift+down":
		m.detailScroll += 3
		return m, nil
	case "shift+up":
		m.detailScroll = max(m.detailScroll-3, 0)
		return m, nil
	case "ctrl+n", "pgdown":
		m.offers.move(1)
		return m, nil
	case "ctrl+p", "pgup":
		m.offers.move(-1)
		return m, nil
	}
	return m.formKey(k)
}

// formKey handles a key in the questions.
func (m Model) formKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	f := &m.form
	id := f.current()
	d := &defs[id]
	fk := &m.keys.Form
	switch {
	case key.Matches(k, fk.Next):
		if err := f.errs[id]; err != nil {
			// Enter refuses an answer that does not parse: the step stays,
			// with what was typed, why, and what would be accepted.
			m.status, m.statusErr = m.t.f(mEnterRefused, m.t.s(f.label(id)), m.t.errorText(err)), true
			f.fresh = false
			return m, nil
		}
		m.status = ""
		if !f.next() {
			m.focus = focusOffers
		}
		return m, nil
	case key.Matches(k, fk.Prev):
		f.prev()
		return m, nil
	case key.Matches(k, fk.Back):
		f.back()
		return m, nil
	}
	switch d.kind {
	case kindChoice:
		was := f.answers.Workload
		switch k.String() {
		case "up", "left", "k", "h":
			f.choose(id, -1)
		case "down", "right", "j", "l", "space":
			f.choose(id, 1)
		default:
			if n, err := strconv.Atoi(k.String()); err == nil && n >= 1 && n <= len(d.options) {
				f.setRaw(id, d.options[n-1].value, 0)
			} else {
				return m, nil
			}
		}
		// Choosing "I know my VRAM" starts from the current estimate.
		if id == fWorkload && was != model.WorkloadVRAM && m.hasRes {
			f.prefillVRAM(m.res.Requirement.VRAMGiB)
		}
		return m.afterEdit()
	case kindPreset:
		switch k.String() {
		case "up":
			f.fresh = false
			f.movePreset(-1)
			return m.afterEdit()
		case "down":
			f.fresh = false
			f.movePreset(1)
			return m.afterEdit()
		}
	}
	if f.fresh {
		// The answer shows its text selected: a printable key replaces
		// it, backspace or delete clears it, other editing keys (arrows,
		// home, ctrl+e) start editing it where it is.
		f.fresh = false
		switch {
		case k.String() == "backspace" || k.String() == "delete" || k.String() == "ctrl+h" || k.String() == "ctrl+d":
			f.setRaw(id, "", 0)
			return m.afterEdit()
		case k.Text != "" && k.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) == 0:
			s, pos, _ := insertText("", 0, k.Text)
			f.setRaw(id, s, pos)
			return m.afterEdit()
		}
	}
	s, pos, ok := editText(f.raw[id], f.pos[id], k)
	if !ok {
		return m, nil
	}
	if s == f.raw[id] {
		f.pos[id] = pos
		return m, nil
	}
	f.setRaw(id, s, pos)
	return m.afterEdit()
}

// paste inserts pasted text into the focused text input.
func (m Model) paste(s string) (Model, tea.Cmd) {
	switch {
	case m.export.state == exportPath:
		m.export.path, m.export.pos, _ = insertText(m.export.path, m.export.pos, s)
		return m, nil
	case m.filtering:
		f, pos, _ := insertText(m.offers.filter, m.filterPos, s)
		m.filterPos = pos
		m.offers.setFilter(f)
		return m, nil
	case m.focus == focusForm && m.overlay == overlayNone:
		id := m.form.current()
		if defs[id].kind == kindChoice {
			return m, nil
		}
		raw, at := m.form.raw[id], m.form.pos[id]
		if m.form.fresh {
			raw, at, m.form.fresh = "", 0, false // a paste replaces the selected answer, as typing does
		}
		s, pos, _ := insertText(raw, at, s)
		m.form.setRaw(id, s, pos)
		return m.afterEdit()
	}
	return m, nil
}

// offersKey handles a key while the offers have the focus.
func (m Model) offersKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	ok := &m.keys.Offers
	l := m.layout()
	switch {
	case key.Matches(k, ok.Quit):
		return m, tea.Quit
	case key.Matches(k, ok.Up), k.String() == "ctrl+p":
		m.offers.move(-1)
		m.detailScroll = 0
	case key.Matches(k, ok.Down), k.String() == "ctrl+n":
		m.offers.move(1)
		m.detailScroll = 0
	case key.Matches(k, ok.PageUp):
		m.offers.move(-max(l.offerRows-1, 1))
		m.detailScroll = 0
	case key.Matches(k, ok.PageDown):
		m.offers.move(max(l.offerRows-1, 1))
		m.detailScroll = 0
	case key.Matches(k, ok.Top):
		m.offers.home()
	case key.Matches(k, ok.Bottom):
		m.offers.end()
	case key.Matches(k, ok.Sort):
		m.offers.cycleSort()
	case key.Matches(k, ok.Filter):
		m.filtering = true
		m.filterPos = len([]rune(m.offers.filter))
	case key.Matches(k, ok.Mark):
		if !m.offers.toggleMark() {
			m.status, m.statusErr = m.t.s(mMarkLimit), true
		} else {
			m.status = ""
		}
	case key.Matches(k, ok.Compare):
		m.compare = !m.compare
		m.detailScroll = 0
	case key.Matches(k, ok.Detail):
		m.detail = !m.detail
		m.detailScroll = 0
	case key.Matches(k, ok.ScrollUp):
		m.detailScroll = max(m.detailScroll-3, 0)
	case key.Matches(k, ok.ScrollDown):
		m.detailScroll += 3
	case key.Matches(k, ok.Back):
		switch {
		case m.compare:
			m.compare = false
		case m.detail:
			m.detail = false
		case m.offers.filter != "" && k.String() == "esc":
			m.offers.setFilter("")
		default:
			m.focus = focusForm
		}
	}
	return m, nil
}

// filterKey edits the offer filter.
func (m Model) filterKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	switch k.String() {
	case "enter", "tab":
		m.filtering = false
		return m, nil
	case "esc":
		m.filtering = false
		m.offers.setFilter("")
		return m, nil
	}
	s, pos, ok := editText(m.offers.filter, m.filterPos, k)
	if ok {
		m.filterPos = pos
		if s != m.offers.filter {
			m.offers.setFilter(s)
		}
	}
	return m, nil
}

// stepsKey handles the step list.
func (m Model) stepsKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	sk := &m.keys.Steps
	switch {
	case key.Matches(k, sk.Close):
		m.overlay = overlayNone
	case k.String() == "up" || k.String() == "k":
		for s := m.stepSel - 1; s >= 0; s-- {
			if m.form.stepApplies(s) {
				m.stepSel = s
				break
			}
		}
	case k.String() == "down" || k.String() == "j":
		for s := m.stepSel + 1; s < len(steps); s++ {
			if m.form.stepApplies(s) {
				m.stepSel = s
				break
			}
		}
	case key.Matches(k, sk.Jump):
		m.form.jump(m.stepSel)
		m.overlay = overlayNone
		m.focus = focusForm
	default:
		if n, err := strconv.Atoi(k.String()); err == nil {
			if n == 0 {
				n = 10
			}
			if n >= 1 && n <= len(steps) {
				m.form.jump(n - 1)
				m.overlay = overlayNone
				m.focus = focusForm
			}
		}
	}
	return m, nil
}

// Answers returns the answers as the wizard currently reads them.
func (m Model) Answers() model.Answers { return m.form.effective() }
