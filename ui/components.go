package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// The wizard is one root Model and components: each component renders
// its part of the frame and handles the keys of its part, and tells the
// root what to do with a typed action; none has an Update of its own. A
// component is a view over the state the root keeps (a struct per
// component, below), built for one key or one frame by the functions at
// the end of this file, so that the root's copy is the one that changes.

// ctx is what every component reads: the language, the styles and the
// keymap. The root replaces it (never changes it in place) when the
// terminal's colours become known.
type ctx struct {
	t    tr
	st   styles
	keys keyMap
}

// restyled returns a copy of c with other styles.
func (c *ctx) restyled(st styles) *ctx {
	n := *c
	n.st = st
	return &n
}

// paneState is the detail area's state: the selected offer's detail
// enlarged, the marked offers compared, and its scroll position.
type paneState struct {
	detail, compare bool
	scroll          int
}

// filterState is the offer filter's prompt in the footer.
type filterState struct {
	on  bool
	pos int // cursor, in runes
}

// helpState is the help screen's first line shown.
type helpState struct{ scroll int }

// stepsState is the highlighted step of the step list.
type stepsState struct{ sel int }

// action is what a component asks the root to do after a key. A
// component changes its own state and returns an action for everything
// else: the focus, the status line, a re-ranking, a command.
type action interface{ isAction() }

type (
	// actEdited: the answers changed; the root re-ranks them.
	actEdited struct{}
	// actStatus sets the footer's status message ("" clears it).
	actStatus struct {
		text string
		err  bool
	}
	// actFocus moves the focus.
	actFocus struct{ to focusArea }
	// actOverlay opens (or, with overlayNone, closes) an overlay.
	actOverlay struct{ to overlay }
	// actWrite starts writing what the export dialogue is for.
	actWrite struct{ overwrite bool }
	// actQuit ends the program; interrupted: left with ctrl+c.
	actQuit struct{ interrupted bool }
	// actLeave ends the program, or with answers not saved asks first;
	// ctrlC: asked with ctrl+c.
	actLeave struct{ ctrlC bool }
	// actLeaving opens or (leaveNone) closes the question before leaving.
	actLeaving struct{ to leaveAsk }
	// actSaved: a file was written this session.
	actSaved struct{}
	// actAnswersSaved: the answers were saved in a decision record.
	actAnswersSaved struct{}
	// actCatalog replaces the catalog (a refresh loaded a new one); the
	// root ranks the answers on it.
	actCatalog struct{ cat *model.Catalog }
	// actBatch is several actions in order.
	actBatch []action
)

func (actEdited) isAction()       {}
func (actStatus) isAction()       {}
func (actFocus) isAction()        {}
func (actOverlay) isAction()      {}
func (actWrite) isAction()        {}
func (actQuit) isAction()         {}
func (actLeave) isAction()        {}
func (actLeaving) isAction()      {}
func (actSaved) isAction()        {}
func (actAnswersSaved) isAction() {}
func (actCatalog) isAction()      {}
func (actBatch) isAction()        {}

// The components of a frame, built from the root's state.

func newStepList(m *Model) stepList { return stepList{ctx: m.ctx, form: &m.form, steps: &m.steps} }

func newFormPane(m *Model) formPane {
	return formPane{ctx: m.ctx, form: &m.form, env: m.env, res: &m.res, hasRes: m.hasRes, offers: &m.offers, focus: m.focus, overlay: m.overlay, steps: newStepList(m)}
}

func newOfferTable(m *Model) offerTable {
	return offerTable{ctx: m.ctx, res: &m.res, hasRes: m.hasRes, offers: &m.offers, pane: &m.pane, filter: &m.filter, form: &m.form, focus: m.focus}
}

func newDetailView(m *Model) detailView {
	return detailView{ctx: m.ctx, res: &m.res, hasRes: m.hasRes, offers: &m.offers, form: &m.form, why: &m.why, resSeq: m.resSeq}
}

func newPanelView(m *Model) panelView {
	d := newDetailView(m)
	return panelView{ctx: m.ctx, res: &m.res, hasRes: m.hasRes, offers: &m.offers, form: &m.form, focus: m.focus, overlay: m.overlay, pane: &m.pane,
		table: newOfferTable(m), info: d, cmp: compareView{detailView: d}, trial: newTrialView(m)}
}

func newTrialView(m *Model) trialView {
	tv := trialView{ctx: m.ctx, res: &m.res, hasRes: m.hasRes, lang: m.cfg.Lang, pane: &m.pane, measure: advisor.TrialMeasureOf(m.form.answers, nil)}
	if m.cfg.Catalog != nil {
		tv.gpus = m.cfg.Catalog.GPUs
	}
	return tv
}

func newLeaveDialog(m *Model) leaveDialog {
	return leaveDialog{ctx: m.ctx, leaving: m.leaving, export: newExportDialog(m)}
}

func newHelpView(m *Model) helpView { return helpView{ctx: m.ctx, help: &m.help} }

func newExportDialog(m *Model) exportDialog {
	return exportDialog{ctx: m.ctx, export: &m.export, form: &m.form, lang: m.cfg.Lang}
}

func newChrome(m *Model) chrome {
	return chrome{ctx: m.ctx, cfg: &m.cfg, form: &m.form, focus: m.focus, overlay: m.overlay, status: m.status, statusErr: m.statusErr, leaving: m.leaving,
		refresh: m.refresh.line(m.t, m.cfg.Refresh),
		export:  newExportDialog(m), filter: &m.filter, offers: &m.offers, width: m.width, height: m.height, help: newHelpView(m), cache: m.cache, dark: m.dark}
}

// Component views: what each reads of the root's state.
type (
	// formPane is the questions pane: the step list (when there is room)
	// and the current step's questions.
	formPane struct {
		*ctx
		form    *form
		env     *env
		res     *model.Result
		hasRes  bool
		offers  *offerList
		focus   focusArea
		overlay overlay
		steps   stepList
		// stacked: the pane sits above the panel (a narrow screen).
		stacked bool
	}
	// stepList is one line per step, and the step picker (ctrl+g).
	stepList struct {
		*ctx
		form  *form
		steps *stepsState
		// picker: the list is the step picker overlay, with a title.
		picker bool
	}
	// panelView is the live panel: the requirement, the offer table and
	// the detail area (the selected offer, the comparison or the trial).
	panelView struct {
		*ctx
		// sizes are the frame's layout: the requirement, offer and detail
		// rows and the table's columns.
		sizes   layout
		res     *model.Result
		hasRes  bool
		offers  *offerList
		form    *form
		focus   focusArea
		overlay overlay
		pane    *paneState
		table   offerTable
		info    detailView
		cmp     compareView
		trial   trialView
	}
	// offerTable is the ranked offers, and the filter prompt's keys.
	offerTable struct {
		*ctx
		res    *model.Result
		hasRes bool
		offers *offerList
		pane   *paneState
		filter *filterState
		form   *form
		focus  focusArea
		// pageRows is how far pgup/pgdown move (the rows in view).
		pageRows int
		// cols are the table's columns in the current layout.
		cols []column
	}
	// detailView is the selected offer: facts, price models, hidden
	// costs and warnings.
	detailView struct {
		*ctx
		res    *model.Result
		hasRes bool
		offers *offerList
		form   *form
		why    *whyState
		resSeq int
		// upTo is how many lines the panel can use (its scroll and its
		// rows, and one to know that more follow): Render may stop at the
		// first section that reaches it, so that the long explanations
		// far below the view are not wrapped on every keystroke. 0: every
		// line.
		upTo int
	}
	// compareView is the marked offers side by side.
	compareView struct{ detailView }
	// trialView is the trial plan in the detail area.
	trialView struct {
		*ctx
		res    *model.Result
		hasRes bool
		lang   string
		pane   *paneState
		// gpus are the catalog's GPUs and measure what the trial ranks
		// by (the workload's bound resource per unit of price).
		gpus    map[string]model.GPU
		measure advisor.TrialMeasure
	}
	// helpView is the help screen.
	helpView struct {
		*ctx
		help *helpState
		// width and bodyH are the screen's, for scrolling.
		width, bodyH int
	}
	// exportDialog is the save and launch-config dialogue in the footer.
	exportDialog struct {
		*ctx
		export *exportState
		form   *form
		lang   string
	}
	// chrome is the header and the footer around the body.
	chrome struct {
		*ctx
		cfg           *Config
		form          *form
		focus         focusArea
		overlay       overlay
		leaving       leaveAsk
		status        string
		statusErr     bool
		refresh       string // the running refresh's progress ("" for none)
		export        exportDialog
		filter        *filterState
		offers        *offerList
		width, height int
		help          helpView
		cache         *viewCache
		dark          bool
	}
)

// keyHandler is a component that takes keys.
type keyHandler interface {
	HandleKey(k tea.KeyPressMsg) action
}

// renderer is every component: it draws its part of the frame in width
// cells (and, where it fills a region, height rows).
type renderer interface {
	Render(width, height int) []string
}

// component is an interactive component: it takes keys and renders.
type component interface {
	keyHandler
	renderer
}

// The components, checked by the compiler: the interactive ones handle
// keys and render, the views of the panel render.
var (
	_ component = formPane{}
	_ component = stepList{}
	_ component = offerTable{}
	_ component = trialView{}
	_ component = helpView{}
	_ component = exportDialog{}
	_ renderer  = panelView{}
	_ renderer  = detailView{}
	_ renderer  = compareView{}
)
