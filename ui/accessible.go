package ui

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// RunAccessible asks the wizard's questions as plain line prompts, for
// screen readers and for input that is not a terminal. Pressing enter keeps
// the default; at the end it lists the best offers and offers to save the
// decision record. It stops quietly when the input ends.
func RunAccessible(cfg Config) error {
	if cfg.Answers.Workload == "" {
		cfg.Answers = model.DefaultAnswers()
	}
	t := newTr(cfg.Lang)
	e := newEnv(cfg.Catalog)
	f := newForm(cfg.Answers, e)
	in := bufio.NewScanner(cfg.In)
	in.Buffer(make([]byte, 4096), 1<<20)
	out := cfg.Out
	eof := false
	read := func() (string, bool) {
		if eof || !in.Scan() {
			eof = true
			return "", false
		}
		return strings.TrimSpace(in.Text()), true
	}
	p := func(format string, args ...any) { fmt.Fprintf(out, format, args...) }

	p("%s\n", t.f(mA11yIntro, cfg.Version))
	if cfg.LoadedFrom != "" {
		p("%s\n", t.f(mLoadedFrom, cfg.LoadedFrom))
	}
	for si := range steps {
		fields := f.stepFields(si)
		if len(fields) == 0 {
			continue
		}
		p("\n%s · %s. %s\n", t.f(mStepOf, si+1, len(steps)), t.s(stepTitle(si, &f.answers)), t.s(stepHint(si, &f.answers)))
		for _, id := range f.q.pages[si] {
			if !f.applies(id) {
				continue
			}
			before := f.effective()
			askField(t, &f, id, p, read)
			if id == fWorkload && f.answers.Workload == model.WorkloadVRAM && before.Workload != model.WorkloadVRAM && cfg.Catalog != nil {
				f.prefillVRAM(advisor.Estimate(cfg.Catalog, before).VRAMGiB)
			}
		}
	}

	res := recommend(cfg.Catalog, f.effective(), advisorOptions(cfg.Lang))
	p("\n%s\n", t.s(mA11yResults))
	if len(res.Recommendations) == 0 {
		p("%s\n", t.s(mA11yNoOffers))
		for _, n := range res.Notes {
			p("%s\n", n)
		}
	} else {
		p("%s: %s\n", t.s(mNeeds), t.f(mVRAMNeeded, gib(res.Requirement.VRAMGiB)))
		for i := range min(5, len(res.Recommendations)) {
			r := &res.Recommendations[i]
			badge := t.s(mNoWarnings)
			if len(r.Warnings) > 0 {
				var codes []string
				for _, w := range r.Warnings {
					codes = append(codes, model.WarningName(w.Code).In(t.zh()))
				}
				badge = t.s(mWarnings) + t.s(mColon) + strings.Join(codes, ", ")
			}
			p("%s\n", t.f(mA11yRank, i+1, r.Provider, r.InstanceType, gpuCell(r), t.money(r.Hourly, res.Currency), t.totalCell(r.Total, r.HiddenCosts.Partial(), res.Currency), badge))
		}
	}
	if eof {
		return nil
	}
	for {
		p("%s [%s]: ", t.s(mA11ySavePrompt), defaultExportPath)
		path, ok := read()
		if !ok || path == "-" {
			p("\n%s\n", t.s(mA11ySkipped))
			return nil
		}
		if path == "" {
			path = defaultExportPath
		}
		if cfg.Save == nil {
			return errors.New("saving is not available")
		}
		sel := ""
		if len(res.Recommendations) > 0 {
			sel = recKey(&res.Recommendations[0])
		}
		rec := buildRecord(res, cfg.Catalog, f.effective(), sel, "gpupick "+cfg.Version, time.Now())
		err := cfg.Save(expandHome(path), rec, false)
		if errors.Is(err, fs.ErrExist) {
			p("%s ", t.f(mA11yOverwrite, path))
			yes, _ := read()
			y, yerr := model.ParseYesNo("overwrite", yes)
			if !strings.HasPrefix(strings.ToLower(yes), "y") && (yerr != nil || !y) {
				continue
			}
			err = cfg.Save(expandHome(path), rec, true)
		}
		if err != nil {
			p("%s\n", t.f(mExportFailed, err.Error()))
			continue
		}
		p("%s\n", t.f(mExportSaved, path))
		return nil
	}
}

// askField asks one question until the answer parses (or input ends).
func askField(t tr, f *form, id fieldID, p func(string, ...any), read func() (string, bool)) {
	d := &f.q.defs[id]
	for {
		def := f.raw[id]
		if d.kind() == model.AskChoice {
			p("%s:\n", t.s(f.label(id)))
			for i, o := range d.options {
				hint := ""
				if o.hint != 0 {
					hint = " — " + t.s(o.hint)
				}
				p("  %d. %s%s\n", i+1, d.optionLabel(t, o.value), hint)
			}
			p("%s (%s) [%s]: ", t.s(f.label(id)), t.s(mA11yChoose), d.optionLabel(t, def))
		} else {
			shown := def
			if b, ok := d.blankMeaning(); ok && shown == "" {
				shown = t.s(b)
			}
			p("%s (%s: %s) [%s]: ", t.s(f.label(id)), t.s(mAccepts), t.s(d.words.forms), shown)
		}
		line, ok := read()
		if !ok {
			p("\n")
			return
		}
		if line == "" {
			return
		}
		if d.kind() == model.AskChoice {
			line = choiceValue(t, d, line)
		}
		f.setRaw(id, line, len([]rune(line)))
		if err := f.errs[id]; err != nil {
			p("%s. %s\n", t.errorText(err), t.s(mA11yTryAgain))
			f.setRaw(id, def, len([]rune(def)))
			continue
		}
		return
	}
}

// choiceValue reads a choice answer given as a number, a value or a label.
func choiceValue(t tr, d *fieldDef, s string) string {
	opts := d.options
	if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(opts) {
		return opts[n-1].value
	}
	for _, o := range opts {
		if strings.EqualFold(s, o.value) || strings.EqualFold(s, d.optionLabel(t, o.value)) {
			return o.value
		}
	}
	return s
}
