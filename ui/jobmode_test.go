package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// TestDatasetSizeMakesAJob: a dataset size the user gives makes the run a
// job, as --tokens does on the command line (model.AnswerSpec.Imply), and
// the duration page shows it chosen; a calendar period only when the user
// chooses it. Each case also gives the same answers as flags: the wizard
// and the command line agree on the duration mode.
func TestDatasetSizeMakesAJob(t *testing.T) {
	type set struct {
		id  fieldID
		raw string
	}
	loaded := model.DefaultAnswers()
	loaded.Workload, loaded.Model, loaded.JobTokens = model.WorkloadLoRA, "llama-3.1-8b", 2e9 // a record: LoRA rented by the month
	cases := []struct {
		name    string
		base    model.Answers
		sets    []set
		flags   [][2]string // the same answers as flags, on the same base
		mode    model.DurationMode
		tokens  float64
		needJob bool // the dataset question says a job needs its size
		// conflict: a calendar period answered with a dataset size would
		// drop the job; the wizard marks the duration question with the
		// model's check, and the same flags are refused.
		conflict bool
	}{
		{"dataset given", model.DefaultAnswers(), []set{{fWorkload, "lora"}, {fDataset, "500M"}},
			[][2]string{{"workload", "lora"}, {"tokens", "500M"}}, model.DurationJob, 5e8, false, false},
		{"dataset given, then cleared", model.DefaultAnswers(), []set{{fWorkload, "lora"}, {fDataset, "500M"}, {fDataset, ""}},
			[][2]string{{"workload", "lora"}}, model.DurationWallClock, 0, false, false},
		{"calendar period chosen after the dataset", model.DefaultAnswers(), []set{{fWorkload, "lora"}, {fDataset, "500M"}, {fDurMode, "wallclock"}},
			[][2]string{{"workload", "lora"}, {"tokens", "500M"}, {"duration-mode", "wallclock"}}, model.DurationWallClock, 5e8, false, true},
		{"calendar period chosen before the dataset", model.DefaultAnswers(), []set{{fWorkload, "lora"}, {fDurMode, "wallclock"}, {fDataset, "500M"}},
			[][2]string{{"workload", "lora"}, {"duration-mode", "wallclock"}, {"tokens", "500M"}}, model.DurationWallClock, 5e8, false, true},
		{"job chosen, dataset cleared", model.DefaultAnswers(), []set{{fWorkload, "lora"}, {fDurMode, "job"}, {fDataset, ""}},
			nil, model.DurationJob, 0, true, false},
		{"a loaded calendar period stays", loaded, nil, nil, model.DurationWallClock, 2e9, false, false},
		{"a loaded record's dataset changed", loaded, []set{{fDataset, "1B"}},
			[][2]string{{"tokens", "1B"}}, model.DurationJob, 1e9, false, false},
	}
	e := newEnv(testCatalog())
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newForm(c.base, e)
			for _, s := range c.sets {
				f.setRaw(s.id, s.raw, len(s.raw))
			}
			a := f.answers
			if c.conflict {
				if got := (tr{lang: text.EN}).errorText(f.errs[fDurMode]); !strings.Contains(got, "would drop the job") {
					t.Errorf("the duration question says %q, want the job it would drop", got)
				}
				given := givenOf(t, &f, c.flags)
				cli := c.base
				if _, err := model.ApplyGiven(&cli, given, e); err == nil {
					t.Errorf("flags %v accepted; the wizard refuses them", c.flags)
				}
				return
			}
			if a.DurationMode != c.mode || a.JobTokens != c.tokens {
				t.Errorf("mode %q with %g tokens, want %q with %g", a.DurationMode, a.JobTokens, c.mode, c.tokens)
			}
			if f.raw[fDurMode] != string(c.mode) {
				t.Errorf("the duration page shows %q, want %q", f.raw[fDurMode], c.mode)
			}
			if got := f.errs[fDataset] == errNeedJob; got != c.needJob {
				t.Errorf("dataset error %v, want the missing job size: %v", f.errs[fDataset], c.needJob)
			}
			if c.flags == nil {
				return
			}
			given := givenOf(t, &f, c.flags)
			cli := c.base
			if _, err := model.ApplyGiven(&cli, given, e); err != nil {
				t.Fatalf("flags %v: %v", c.flags, err)
			}
			cli.Normalize()
			if cli.DurationMode != a.DurationMode || cli.JobTokens != a.JobTokens {
				t.Errorf("the command line reads %v as %q with %g tokens, the wizard as %q with %g",
					c.flags, cli.DurationMode, cli.JobTokens, a.DurationMode, a.JobTokens)
			}
		})
	}
}

// givenOf is flags as the answers given on a command line.
func givenOf(t *testing.T, f *form, flags [][2]string) []model.Given {
	t.Helper()
	var given []model.Given
	for _, fl := range flags {
		id, _ := f.q.id(fl[0])
		if fl[0] == "tokens" {
			id = fDataset
		}
		given = append(given, model.Given{Spec: f.q.defs[id].spec, As: fl[0], Raw: fl[1]})
	}
	return given
}

// TestDurationPageShowsTheJob: with a dataset size the duration page
// shows the job chosen, its tokens and its hours on the selected offer,
// and the step list sums the run up as the job; the ranking prices the
// job, not a calendar month.
func TestDurationPageShowsTheJob(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			m := newTestModel(t, 140, 40, func(c *Config) { c.Lang = lang })
			m = goTo(t, m, fWorkload)
			m = press(t, m, "3") // LoRA
			m = goTo(t, m, fDataset)
			m = press(t, m, "ctrl+u", "5", "0", "0", "M")
			m = goTo(t, m, fDurMode)
			// The step's lines, wrapped lines joined.
			s := ansi.Strip(strings.Join(newFormPane(&m).viewStep(60, false).lines, " "))
			s = strings.Join(strings.Fields(s), " ") + "\n" + screen(m)
			r := m.offers.selected()
			if r == nil || r.Speed.JobHours <= 0 {
				t.Fatalf("no selected offer with a job length:\n%s", s)
			}
			want := map[string][]string{
				"en": {"● Job size", "job: 500M tokens ≈ " + approxDuration(m.t, r.Speed.JobHours) + " on the selected offer", "job of 500M tokens"},
				"zh": {"任务：500M token，在所选报价上约 " + approxDuration(m.t, r.Speed.JobHours), "任务 500M token"},
			}[lang]
			for _, w := range want {
				if !strings.Contains(s, w) {
					t.Errorf("the duration page lacks %q:\n%s", w, s)
				}
			}
			// The fake ranking prices a job at its 100 hours, a month at 731.
			if r.RunHours != r.Speed.JobHours {
				t.Errorf("the selected offer prices %g h, not the job's %g h", r.RunHours, r.Speed.JobHours)
			}
		})
	}
}
