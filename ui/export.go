package ui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

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
}

// startExport opens the path prompt, or first asks when an answer does
// not parse (the record would hold its last valid value instead).
func (m Model) startExport() (Model, tea.Cmd) {
	if m.export.target != targetRecord {
		// The last dialogue was a launch config's: back to the record's path.
		m.export.path = m.export.paths[targetRecord]
	}
	m.export.state, m.export.target = exportPath, targetRecord
	if _, bad := m.form.firstInvalid(); bad {
		m.export.state = exportInvalid
	}
	m.export.pos = len([]rune(m.export.path))
	m.status = ""
	return m, nil
}

// exportKey handles keys while the export dialogue is open.
func (m Model) exportKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	e := &m.export
	switch e.state {
	case exportChoose:
		return m.chooseKey(k)
	case exportPath:
		switch k.String() {
		case "enter":
			if strings.TrimSpace(e.path) == "" {
				e.path = defaultPaths[e.target]
			}
			e.paths[e.target] = e.path
			e.state = exportSaving
			return m, m.writeCmd(false)
		case "esc":
			e.state = exportNone
			m.status, m.statusErr = m.t.s(mExportCancelled), false
			return m, nil
		}
		if s, pos, ok := editText(e.path, e.pos, k); ok {
			e.path, e.pos = s, pos
		}
	case exportInvalid:
		switch strings.ToLower(k.String()) {
		case "y":
			e.state = exportPath
			if e.target != targetRecord {
				e.state = exportChoose
			}
		case "n", "esc", "enter":
			e.state = exportNone
			m.status, m.statusErr = m.t.s(mExportCancelled), false
			if id, bad := m.form.firstInvalid(); bad {
				m.form.jump(stepOf(id))
				m.form.setFieldOf(id)
				m.focus = focusForm
			}
		}
	case exportConfirm:
		switch strings.ToLower(k.String()) {
		case "y", "enter":
			e.state = exportSaving
			return m, m.writeCmd(true)
		case "n", "esc":
			e.state = exportPath
		}
	}
	return m, nil
}

// writeCmd saves what the dialogue is for: the record or a launch config.
func (m Model) writeCmd(overwrite bool) tea.Cmd {
	if t := m.export.target; t != targetRecord {
		return m.launchCmd(m.export.path, t, overwrite)
	}
	return m.saveCmd(m.export.path, overwrite)
}

// saveCmd builds the decision record and saves it off the update loop. The
// record is built from a fresh ranking of the current answers, so a save
// right after a keystroke never records a stale choice.
func (m Model) saveCmd(path string, overwrite bool) tea.Cmd {
	cat := m.cfg.Catalog
	a := m.form.committedAnswers() // the answers on screen; any invalid one as last committed, as asked
	opt := advisorOptions(m.cfg.Lang)
	sel, idx := "", -1
	if r := m.offers.selectedRow(); r != nil {
		sel, idx = rowKey(r), r.Index
	}
	save := m.cfg.Save
	tool := "gpupick " + m.cfg.Version
	now := m.now()
	rank, expand := m.rank, m.expand
	return func() tea.Msg {
		more := func(offers []int) []model.Recommendation { return expand(cat, a, opt, offers) }
		rec := buildRecord(withChoice(rank(cat, a, opt), sel, idx, more), cat, a, sel, tool, now)
		p := expandHome(path)
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = p
		}
		if save == nil {
			return saveDoneMsg{path: path, abs: abs, err: errors.New("saving is not available"), overwrite: overwrite}
		}
		return saveDoneMsg{path: path, abs: abs, err: save(p, rec, overwrite), overwrite: overwrite}
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

// saveDone reports the result of a save, or asks to overwrite.
func (m Model) saveDone(msg saveDoneMsg) Model {
	var refusal unsupported
	switch {
	case errors.Is(msg.err, fs.ErrExist) && !msg.overwrite:
		m.export.state = exportConfirm
	case errors.As(msg.err, &refusal):
		// The launcher cannot run the offer: say why, write nothing.
		m.export.state = exportNone
		m.status, m.statusErr = m.t.f(mLaunchUnsupported, refusal.Text(m.cfg.Lang)), true
	case msg.err == nil && msg.target != targetRecord:
		m.export.state = exportNone
		m.saved = true
		m.status, m.statusErr = m.t.f(mLaunchSaved, msg.abs, msg.target.launchCommand(msg.path)), false
	case msg.err != nil:
		m.export.state = exportNone
		m.status, m.statusErr = m.t.f(mExportFailed, msg.err.Error()), true
	default:
		m.export.state = exportNone
		m.saved = true
		m.status, m.statusErr = m.t.f(mExportSaved, msg.abs), false
	}
	return m
}

// invalidPrompt asks whether to save while an answer does not parse, and
// says which answer and what would be kept for it.
func (m Model) invalidPrompt() string {
	id, _ := m.form.firstInvalid()
	keep := m.form.committed[id]
	if b, ok := blankMeaning(id); ok && strings.TrimSpace(keep) == "" {
		keep = m.t.s(b)
	}
	return m.t.f(mExportInvalid, m.t.s(m.form.label(id)), m.form.raw[id], keep)
}

// exportLine renders the dialogue in the footer.
func (m Model) exportLine() string {
	e := &m.export
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
