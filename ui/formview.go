package ui

import (
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// block is rendered lines with the range of the focused question, so a
// short pane can scroll to it.
type block struct {
	lines      []string
	focusStart int
	focusEnd   int
	cursor     int // the line of the focused question that must stay visible
}

// Render renders the questions pane: the step list (when there is room)
// and the current step, exactly h lines of w cells.
func (m formPane) Render(w, h int) []string {
	if m.overlay == overlaySteps {
		p := m.steps
		p.picker = true
		return p.Render(w, h)
	}
	if m.stacked && m.focus == focusOffers {
		return pad([]string{m.formSummary(w)}, w, h)
	}
	var top []string
	if !m.stacked {
		top = append(top, m.titleStyle(m.focus == focusForm).Render(m.t.s(mStepListTitle)))
		top = append(top, m.steps.Render(w, 0)...)
		top = append(top, "")
	}
	b := m.viewStep(w, m.stacked)
	avail := h - len(top)
	if avail < 6 && len(top) > 0 {
		top, avail = nil, h
	}
	lines := b.lines
	if len(lines) > avail && avail > 1 {
		// Keep the step title, scroll the rest to the focused question.
		title, rest := lines[0], lines[1:]
		n := avail - 1
		start := 0
		if b.focusEnd-1 > n {
			start = min(b.focusEnd-1-n, b.focusStart-1)
		}
		// The chosen option or the input line must be visible, with one
		// line after it when there is one.
		if cur := b.cursor - 1; cur >= start+n-1 {
			start = min(cur-n+2, len(rest)-n)
		}
		start = max(start, 0)
		lines = append([]string{title}, rest[start:min(start+n, len(rest))]...)
	}
	return pad(append(top, lines...), w, h)
}

// titleStyle is a pane heading, accented when the pane has the focus.
func (m formPane) titleStyle(on bool) stylesRenderer {
	if on {
		return m.st.PaneTitleOn
	}
	return m.st.PaneTitle
}

// stylesRenderer is what a heading needs of a style.
type stylesRenderer interface{ Render(...string) string }

// Render renders one line per step: its number, title and answer; the
// picker has a title line and is padded to h lines (h 0: the lines it
// has).
func (m stepList) Render(w, h int) []string {
	if h > 0 {
		return pad(m.Render(w, 0), w, h)
	}
	picker := m.picker
	var out []string
	if picker {
		out = append(out, m.st.Title.Render(m.t.s(mStepsTitle))+"  "+m.st.Muted.Render(m.t.s(mStepsHint)), "")
	}
	titleW := 0
	for i := range steps {
		titleW = max(titleW, cellWidth(m.t.s(stepTitle(i, &m.form.answers))))
	}
	for i := range steps {
		applies := m.form.stepApplies(i)
		mark, st := "  ", m.st.StepTodo
		switch {
		case !applies:
			mark, st = "– ", m.st.StepNA
		case i == m.form.step:
			mark, st = "› ", m.st.StepOn
		case m.form.stepInvalid(i):
			mark, st = "✗ ", m.st.Invalid
		case i <= m.form.visited:
			mark, st = "✓ ", m.st.StepDone
		}
		if picker {
			mark = "  "
			if i == m.steps.sel {
				mark = "› "
				st = m.st.StepOn
			}
		}
		n := strconv.Itoa((i + 1) % 10)
		title := fitPlain(m.t.s(stepTitle(i, &m.form.answers)), titleW)
		sum := stepSummary(m.form, m.t, i)
		line := st.Render(mark+n+" "+title) + "  " + m.st.Muted.Render(sum)
		out = append(out, fit(line, w))
	}
	return out
}

// formSummary is the questions in one line, for a stacked screen whose
// panel has the focus.
func (m formPane) formSummary(w int) string {
	var parts []string
	for i := range steps {
		if m.form.stepApplies(i) {
			parts = append(parts, stepSummary(m.form, m.t, i))
		}
	}
	return fit(m.st.Muted.Render(strings.Join(parts, " · ")), w)
}

// viewStep renders the current step: title, hint and its questions.
func (m formPane) viewStep(w int, compact bool) block {
	f := m.form
	var b block
	head := m.st.Title.Render(m.t.s(stepTitle(f.step, &f.answers))) + m.st.Muted.Render("  "+m.t.f(mStepOf, f.step+1, len(steps)))
	if compact {
		// One line: title, step and hint.
		b.lines = append(b.lines, fit(head+m.st.Hint.Render("  "+m.t.s(stepHint(f.step, &f.answers))), w))
	} else {
		b.lines = append(b.lines, fit(head, w))
		for _, hl := range wrap(m.t.s(stepHint(f.step, &f.answers)), w) {
			b.lines = append(b.lines, m.st.Hint.Render(hl))
		}
		b.lines = append(b.lines, "")
	}
	cur := f.current()
	for id := range f.q.fieldsOf(f.step, &f.answers) {
		focused := id == cur && m.focus == focusForm && m.overlay == overlayNone
		if id == cur {
			b.focusStart = len(b.lines)
			b.cursor = b.focusStart + 1
			if f.q.defs[id].kind() == model.AskChoice {
				b.cursor += f.optionIndex(id)
			}
		}
		b.lines = m.appendField(b.lines, id, focused, id == cur, w, compact)
		if id == cur {
			b.focusEnd = len(b.lines)
		}
	}
	if model.Section(f.step) == model.SectionDuration && f.answers.DurationMode == model.DurationJob {
		b.lines = append(b.lines, m.jobLines(w)...)
	}
	return b
}

// jobLines say what the job is on the duration page: its tokens and how
// long it runs on the selected offer, and for training where its size
// comes from (the dataset of the load page) or that the size is missing.
func (m formPane) jobLines(w int) []string {
	f := m.form
	var out []string
	if tok := f.answers.JobTokens; tok > 0 {
		line := m.t.f(mJobSized, model.FormatCount(tok))
		if r := m.selected(); r != nil && r.Speed.JobHours > 0 {
			line = m.t.f(mJobOnOffer, model.FormatCount(tok), approxDuration(m.t, r.Speed.JobHours))
		}
		out = append(out, wrapStyled(m.st.Value, line, w)...)
	}
	if f.answers.Workload.Training() {
		out = append(out, wrapStyled(m.st.Muted, m.t.s(mJobSizeFromDataset), w)...)
		if f.errs[fDataset] != nil {
			out = append(out, m.st.Invalid.Render(fit("✗ "+m.t.errorText(f.errs[fDataset]), w)))
		}
	}
	return out
}

// selected is the selected offer of the ranking of the answers on screen;
// nil before it arrives.
func (m formPane) selected() *model.Recommendation {
	if !m.hasRes || m.offers == nil {
		return nil
	}
	return m.offers.selected()
}

// appendField renders one question, expanded when it has the focus, onto
// out (the step's lines: no list of its own for each question).
func (m formPane) appendField(out []string, id fieldID, focused, current bool, w int, compact bool) []string {
	f := m.form
	d := &f.q.defs[id]
	label := m.t.s(f.label(id))
	if !current {
		val := f.raw[id]
		if d.kind() == model.AskChoice {
			val = d.optionLabel(m.t, val)
		}
		if strings.TrimSpace(val) == "" {
			val = "-"
			if b, ok := d.blankMeaning(); ok {
				val = m.t.s(b)
			}
			val = m.st.Muted.Render(val)
		} else {
			val = m.st.Value.Render(val)
		}
		line := m.st.Label.Render(label+m.t.s(mColon)) + val
		if f.errs[id] != nil {
			line += m.st.Invalid.Render(" ✗")
		}
		return append(out, fit("  "+line, w))
	}
	lstyle := m.st.Label
	if focused {
		lstyle = m.st.LabelOn
	}
	out = append(out, fit(lstyle.Render(label), w))
	switch d.kind() {
	case model.AskChoice:
		chosen := f.optionIndex(id)
		lw := 0
		for _, o := range d.options {
			lw = max(lw, cellWidth(d.optionLabel(m.t, o.value)))
		}
		for i, o := range d.options {
			name := fitPlain(d.optionLabel(m.t, o.value), lw)
			hint := ""
			if o.hint != 0 {
				hint = "  " + m.t.s(o.hint)
			}
			var line string
			if i == chosen {
				mark := "  ● "
				if focused {
					mark = "› ● "
				}
				line = m.st.OptionOn.Render(mark+name) + m.st.Muted.Render(hint)
			} else {
				line = m.st.Option.Render("  ○ "+name) + m.st.Muted.Render(hint)
			}
			out = append(out, fit(line, w))
		}
	case model.AskText, model.AskPreset:
		out = append(out, m.inputLine(id, focused, w))
		if err := f.errs[id]; err != nil {
			for _, el := range wrap("✗ "+m.t.errorText(err), w) {
				out = append(out, m.st.Invalid.Render(el))
			}
		} else if e := m.echo(id); e != "" {
			out = append(out, fit(m.st.Valid.Render("✓ "+e), w))
		}
		if focused {
			for _, fl := range wrap(m.t.s(mAccepts)+m.t.s(mColon)+m.t.s(d.words.forms), w) {
				out = append(out, m.st.Forms.Render(fl))
			}
		}
		if d.kind() == model.AskPreset && focused {
			rows := 6
			if compact {
				rows = 4
			}
			out = append(out, m.presetList(w, rows)...)
		}
	}
	return out
}

// inputLine renders a text answer with its cursor.
func (m formPane) inputLine(id fieldID, focused bool, w int) string {
	raw := []rune(m.form.raw[id])
	pos := min(m.form.pos[id], len(raw))
	prompt := "› "
	avail := w - 3
	start := 0
	if pos > avail {
		start = pos - avail
	}
	vis := raw[start:]
	cur := pos - start
	if !focused {
		return fit(m.st.Muted.Render(prompt)+m.st.Input.Render(string(vis)), w)
	}
	var b strings.Builder
	b.WriteString(m.st.LabelOn.Render(prompt))
	if blank, ok := m.form.q.defs[id].blankMeaning(); ok && len(raw) == 0 {
		// Say what leaving the answer blank means.
		b.WriteString(m.st.Cursor.Render(" "))
		b.WriteString(m.st.Unknown.Render(" " + m.t.f(mBlankIs, m.t.s(blank))))
		return fit(b.String(), w)
	}
	if m.form.fresh && len(raw) > 0 && m.form.current() == id {
		// The answer is selected: typing replaces it.
		b.WriteString(m.st.Cursor.Render(string(vis)))
		b.WriteString(m.st.Muted.Render(" " + m.t.s(mTypeReplaces)))
		return fit(b.String(), w)
	}
	b.WriteString(m.st.Input.Render(string(vis[:cur])))
	if cur < len(vis) {
		b.WriteString(m.st.Cursor.Render(string(vis[cur])))
		b.WriteString(m.st.Input.Render(string(vis[cur+1:])))
	} else {
		b.WriteString(m.st.Cursor.Render(" "))
	}
	return fit(b.String(), w)
}

// presetList renders the presets that match what was typed.
func (m formPane) presetList(w, rows int) []string {
	f := m.form
	ps := f.env.Models()
	matches := f.preset.matches(ps, f.raw[fModel])
	if len(matches) == 0 {
		return nil
	}
	sel := f.preset.sel
	if sel < 0 {
		for i, pi := range matches {
			if strings.EqualFold(ps[pi].Name, f.answers.Model) {
				sel = i
			}
		}
	}
	start := 0
	if sel >= rows {
		start = sel - rows + 1
	}
	end := min(start+rows, len(matches))
	out := []string{fit(m.st.Muted.Render(m.t.f(mPresetMatches, len(matches))+"  ↑/↓"), w)}
	for i := start; i < end; i++ {
		p := &ps[matches[i]]
		name := fitPlain(p.Name, min(24, w-14))
		size := rightPlain(model.FormatParams(p.ParamsB), 7)
		line := "  " + name + " " + size
		if i == sel {
			out = append(out, fit(m.st.OptionOn.Render("› "+name+" "+size), w))
			continue
		}
		out = append(out, fit(m.st.Option.Render(line), w))
	}
	return out
}

// echo shows how a valid answer was read.
func (m formPane) echo(id fieldID) string {
	a := &m.form.answers
	switch ans := m.form.q.defs[id].spec.ID; ans {
	case model.AnsModel:
		if a.Model != "" {
			if p, err := model.FindPreset(m.env.Models(), a.Model); err == nil {
				s := p.HFID
				if s == "" {
					s = p.Name
				}
				s += " · " + m.t.f(mParamsEcho, model.FormatParams(p.ParamsB))
				if p.MaxContext > 0 {
					s += " · " + m.t.f(mMaxContext, model.FormatContext(p.MaxContext))
				}
				return s
			}
			return a.Model
		}
		return m.t.f(mParamsEcho, model.FormatParams(a.ParamsB))
	case model.AnsVRAM:
		return gib(a.KnownVRAMGiB) + " GiB"
	case model.AnsContext:
		if a.Context <= 0 {
			// Blank: the advisor's default for the model and workload.
			if m.hasRes && m.res.Requirement.Context > 0 {
				return thousands(int64(m.res.Requirement.Context)) + " tokens · " + m.t.s(mContextDefault)
			}
			return m.t.s(mContextDefault)
		}
		return thousands(int64(a.Context)) + " tokens"
	case model.AnsTokens:
		if a.JobTokens <= 0 {
			return ""
		}
		return m.t.f(mSumTokens, model.FormatCount(a.JobTokens))
	case model.AnsDuration:
		return hours(a.DurationHours) + " h"
	case model.AnsHoursPerWeek:
		return model.FormatNumber(a.HoursPerWeek) + " h/wk"
	case model.AnsBudget:
		if !a.Budget.IsSet() {
			return ""
		}
		return a.Budget.String()
	case model.AnsGPU:
		if a.GPU == "" {
			return ""
		}
		var hits []string
		for _, g := range m.env.GPUs() {
			if matchGPU(a.GPU, g) {
				hits = append(hits, g)
			}
		}
		if len(hits) > 4 {
			hits = append(hits[:4], "…")
		}
		return strings.Join(hits, ", ")
	case model.AnsData, model.AnsEgress:
		v := a.DataGB
		if ans == model.AnsEgress {
			v = a.EgressGB
		}
		if v <= 0 {
			return ""
		}
		return num(v) + " GB"
	}
	return ""
}

// pad makes lines exactly h lines of w cells.
func pad(lines []string, w, h int) []string {
	if len(lines) > h {
		lines = lines[:h]
	}
	out := make([]string, h)
	blank := blanks(w)
	for i := range out {
		if i < len(lines) {
			out[i] = fit(lines[i], w)
		} else {
			out[i] = blank
		}
	}
	return out
}
