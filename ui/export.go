package ui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// defaultExportPath is where ctrl+s proposes to save.
const defaultExportPath = "./gpupick.toml"

// exportStep is where the export dialogue is.
type exportStep int

const (
	exportNone    exportStep = iota
	exportChoose             // a launch config: SkyPilot or dstack?
	exportPath               // asking for the path
	exportConfirm            // the file exists: overwrite?
	exportInvalid            // an answer does not parse: save its last valid value?
	exportSaving             // the save command runs
)

// exportState is the export dialogue in the footer.
type exportState struct {
	state  exportStep
	target exportTarget
	path   string
	pos    int
	// paths are the last path given for each target (the defaults first).
	paths [targetCount]string
}

func (e exportState) active() bool { return e.state != exportNone }

// saveDoneMsg reports the end of a save.
type saveDoneMsg struct {
	path      string // as typed
	abs       string // absolute, for the report
	err       error
	overwrite bool
	target    exportTarget
	// launch is the commands that launch a saved launch config, in order.
	launch []string
}

// start opens the dialogue: the path prompt of the record, or for a launch
// config the launcher choice; first it asks when an answer does not parse
// (the file would hold its last valid value instead).
func (m exportDialog) start(launch bool) action {
	e := m.export
	last := e.target
	if launch && last == targetRecord {
		e.paths[targetRecord] = e.path // e.path is the record's until a launch dialogue
		last = targetSky
	}
	if e.target != targetRecord {
		// The last dialogue was a launch config's: back to the record's path.
		e.path = e.paths[targetRecord]
	}
	e.state, e.target = exportPath, targetRecord
	if _, bad := m.form.firstInvalid(); bad {
		e.state = exportInvalid
	}
	e.pos = len([]rune(e.path))
	if launch {
		e.target = last
		if e.state == exportPath {
			e.state = exportChoose
		}
	}
	return actStatus{}
}

// HandleKey handles keys while the export dialogue is open.
func (m exportDialog) HandleKey(k tea.KeyPressMsg) action {
	e := m.export
	ek := &m.keys.Export
	cancelled := actStatus{m.t.s(mExportCancelled), false}
	switch e.state {
	case exportChoose:
		switch {
		case key.Matches(k, ek.Toggle):
			if e.target == targetSky {
				e.target = targetDStack
			} else {
				e.target = targetSky
			}
		case key.Matches(k, ek.Sky):
			e.target = targetSky
		case key.Matches(k, ek.DStck):
			e.target = targetDStack
		case key.Matches(k, ek.ChooseNext):
			e.state = exportPath
			e.path = e.paths[e.target]
			e.pos = len([]rune(e.path))
		case key.Matches(k, ek.Cancel):
			e.state = exportNone
			return cancelled
		}
	case exportPath:
		switch {
		case key.Matches(k, ek.Save):
			if strings.TrimSpace(e.path) == "" {
				e.path = defaultPaths[e.target]
			}
			e.paths[e.target] = e.path
			e.state = exportSaving
			return actWrite{overwrite: false}
		case key.Matches(k, ek.Cancel):
			e.state = exportNone
			return cancelled
		}
		if s, pos, ok := editText(&m.keys.Edit, e.path, e.pos, k); ok {
			e.path, e.pos = s, pos
		}
	case exportInvalid:
		switch {
		case key.Matches(k, ek.SaveAnyway):
			e.state = exportPath
			if e.target != targetRecord {
				e.state = exportChoose
			}
		case key.Matches(k, ek.Fix):
			e.state = exportNone
			if id, bad := m.form.firstInvalid(); bad {
				m.form.jump(m.form.q.stepOf(id))
				m.form.setFieldOf(id)
				return actBatch{cancelled, actFocus{focusForm}}
			}
			return cancelled
		}
	case exportConfirm:
		switch {
		case key.Matches(k, ek.Overwrite):
			e.state = exportSaving
			return actWrite{overwrite: true}
		case key.Matches(k, ek.Keep):
			e.state = exportPath
		}
	}
	return nil
}

// writeJob is what writing a file needs, taken from the model when the
// dialogue asks: the catalog, the answers on screen (any invalid one as
// last committed, as asked), the selected offer and the ranking functions.
type writeJob struct {
	cat       *model.Catalog
	a         model.Answers
	opt       advisor.Options
	sel       string
	idx       int
	rank      func(*model.Catalog, model.Answers, advisor.Options) model.Result
	expand    func(*model.Catalog, model.Answers, advisor.Options, []int) []model.Recommendation
	now       time.Time
	path      string
	abs       string
	overwrite bool
}

// record builds the decision record from a fresh ranking of the answers,
// so a save right after a keystroke never records a stale choice.
func (j *writeJob) record(tool string) model.Record {
	more := func(offers []int) []model.Recommendation { return j.expand(j.cat, j.a, j.opt, offers) }
	return buildRecord(withChoice(j.rank(j.cat, j.a, j.opt), j.sel, j.idx, more), j.cat, j.a, j.sel, tool, j.now)
}

// writeCmd saves what the dialogue is for, off the update loop: the
// record or a launch config.
func (m Model) writeCmd(overwrite bool) tea.Cmd {
	j := writeJob{cat: m.cfg.Catalog, a: m.form.committedAnswers(), opt: advisorOptions(m.cfg.Lang), idx: -1,
		rank: m.rank, expand: m.expand, now: m.now(), path: m.export.path, overwrite: overwrite}
	if r := m.offers.selectedRow(); r != nil {
		j.sel, j.idx = rowKey(r), r.Index
	}
	p := expandHome(j.path)
	var err error
	if j.abs, err = filepath.Abs(p); err != nil {
		j.abs = p
	}
	if t := m.export.target; t != targetRecord {
		return launchCmd(j, t, m.cfg.Launch)
	}
	return saveCmd(j, m.cfg.Save, "gpupick "+m.cfg.Version)
}

// saveCmd saves the decision record.
func saveCmd(j writeJob, save func(string, model.Record, bool) error, tool string) tea.Cmd {
	return func() tea.Msg {
		rec := j.record(tool)
		done := saveDoneMsg{path: j.path, abs: j.abs, overwrite: j.overwrite}
		if save == nil {
			done.err = errors.New("saving is not available")
			return done
		}
		done.err = save(expandHome(j.path), rec, j.overwrite)
		return done
	}
}

// expandHome turns a leading "~/" into the home directory.
func expandHome(p string) string {
	if strings.HasPrefix(p, "~/") {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, p[2:])
		}
	}
	return p
}

// buildRecord records the answers, the requirement and the offer with key
// sel (or the best one) of a ranking as the choice.
func buildRecord(res model.Result, cat *model.Catalog, a model.Answers, sel, tool string, now time.Time) model.Record {
	rec := model.Record{
		SchemaVersion: model.RecordSchemaVersion,
		Created:       now.UTC().Truncate(time.Second),
		Tool:          strings.TrimSpace(tool),
		Answers:       a,
		Requirement:   res.Requirement,
	}
	if cat != nil {
		rec.Catalog = cat.Info
	}
	for i := range res.Recommendations {
		if recKey(&res.Recommendations[i]) == sel {
			c := res.Recommendations[i]
			rec.Choice = &c
			break
		}
	}
	if rec.Choice == nil && len(res.Recommendations) > 0 {
		c := res.Recommendations[0]
		rec.Choice = &c
	}
	return rec
}

// done reports the result of a save, or asks to overwrite.
func (m exportDialog) done(msg saveDoneMsg) action {
	var refusal unsupported
	e := m.export
	switch {
	case errors.Is(msg.err, fs.ErrExist) && !msg.overwrite:
		e.state = exportConfirm
		return nil
	case errors.As(msg.err, &refusal):
		// The launcher cannot run the offer: say why, write nothing.
		e.state = exportNone
		return actStatus{m.t.f(mLaunchUnsupported, refusal.Text(m.lang)), true}
	case msg.err == nil && msg.target != targetRecord:
		e.state = exportNone
		return actBatch{actSaved{}, actStatus{m.t.f(mLaunchSaved, msg.abs, strings.Join(msg.launch, " && ")), false}}
	case msg.err != nil:
		e.state = exportNone
		return actStatus{m.t.f(mExportFailed, msg.err.Error()), true}
	}
	e.state = exportNone
	return actBatch{actSaved{}, actAnswersSaved{}, actStatus{m.t.f(mExportSaved, msg.abs), false}}
}

// invalidPrompt asks whether to save while an answer does not parse, and
// says which answer and what would be kept for it.
func (m exportDialog) invalidPrompt() string {
	id, _ := m.form.firstInvalid()
	keep := m.form.committed[id]
	if b, ok := m.form.q.defs[id].blankMeaning(); ok && strings.TrimSpace(keep) == "" {
		keep = m.t.s(b)
	}
	return m.t.f(mExportInvalid, m.t.s(m.form.label(id)), m.form.raw[id], keep)
}

// Render renders the dialogue: its one line in the footer (h is 1; the
// footer fits the line to w with the catalog's origin beside it).
func (m exportDialog) Render(w, h int) []string { return []string{m.line()} }

// line is the dialogue's footer line.
func (m exportDialog) line() string {
	e := m.export
	switch e.state {
	case exportChoose:
		return m.chooseLine()
	case exportConfirm:
		return m.st.Warn.Render(m.t.f(mExportExists, e.path))
	case exportInvalid:
		return m.st.Warn.Render(m.invalidPrompt())
	case exportSaving:
		return m.st.Muted.Render(m.t.s(mExportSaving))
	}
	r := []rune(e.path)
	pos := min(e.pos, len(r))
	cur, rest := " ", ""
	if pos < len(r) {
		cur, rest = string(r[pos]), string(r[pos+1:])
	}
	prompt := m.t.s(mExportPrompt)
	if e.target != targetRecord {
		prompt = m.t.f(mLaunchPrompt, e.target.toolName())
	}
	return m.st.LabelOn.Render(prompt) + m.st.Input.Render(string(r[:pos])) + m.st.Cursor.Render(cur) + m.st.Input.Render(rest)
}
