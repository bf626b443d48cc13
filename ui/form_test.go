package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

func newTestForm() form { return newForm(model.DefaultAnswers(), newEnv(testCatalog())) }

// TestFieldParsing types into each text question and checks the answers
// it gives, or that it is refused with an error and the last valid value
// kept.
func TestFieldParsing(t *testing.T) {
	cases := []struct {
		name  string
		setup func(f *form)
		id    fieldID
		raw   string
		ok    bool
		check func(a model.Answers) bool
	}{
		{"params 70B", nil, fModel, "70B", true, func(a model.Answers) bool { return a.ParamsB == 70 && a.Model == "" }},
		{"params 7.5b", nil, fModel, "7.5b", true, func(a model.Answers) bool { return a.ParamsB == 7.5 }},
		{"params 405 billion", nil, fModel, "405 billion", true, func(a model.Answers) bool { return a.ParamsB == 405 }},
		{"preset exact", nil, fModel, "qwen2.5-72b", true, func(a model.Answers) bool { return a.Model == "qwen2.5-72b" && a.ParamsB == 0 }},
		{"preset prefix", nil, fModel, "mixtral", true, func(a model.Answers) bool { return a.Model == "mixtral-8x7b" }},
		{"preset ambiguous keeps last", nil, fModel, "llama-3.1", false, func(a model.Answers) bool { return a.Model == "llama-3.1-8b" }},
		{"model nonsense", nil, fModel, "zzz", false, func(a model.Answers) bool { return a.Model == "llama-3.1-8b" }},
		{"context 32k", nil, fContext, "32k", true, func(a model.Answers) bool { return a.Context == 32768 }},
		{"context bad unit", nil, fContext, "32q", false, func(a model.Answers) bool { return a.Context == 0 }},
		{"context blank is the default", func(f *form) { f.setRaw(fContext, "16k", 3) }, fContext, "", true, func(a model.Answers) bool { return a.Context == 0 }},
		{"users 16", nil, fUsers, "16", true, func(a model.Answers) bool { return a.Batch == 16 }},
		{"users 0", nil, fUsers, "0", false, func(a model.Answers) bool { return a.Batch == 1 }},
		{"duration 3mo", nil, fDuration, "3mo", true, func(a model.Answers) bool { return a.DurationHours == 3*model.HoursPerMonth }},
		{"duration ambiguous m", nil, fDuration, "3m", false, func(a model.Answers) bool { return a.DurationHours == model.HoursPerMonth }},
		{"per week 8h/d", nil, fPerWeek, "8h/d", true, func(a model.Answers) bool { return a.HoursPerWeek == 56 }},
		{"budget hourly", nil, fBudget, "$2.5/h", true, func(a model.Answers) bool {
			return a.Budget == model.Budget{Amount: 2.5, Period: model.BudgetHourly, Currency: model.USD}
		}},
		{"budget blank is none", func(f *form) { f.setRaw(fBudget, "500", 3) }, fBudget, "", true, func(a model.Answers) bool { return !a.Budget.IsSet() }},
		{"budget in CNY", func(f *form) { f.setRaw(fCurrency, "CNY", 0) }, fBudget, "3000/mo", true, func(a model.Answers) bool {
			return a.Budget.Currency == model.CNY && a.Budget.Period == model.BudgetMonthly
		}},
		{"gpu known", nil, fGPU, "h100", true, func(a model.Answers) bool { return a.GPU == "h100" }},
		{"gpu unknown", nil, fGPU, "b300", false, func(a model.Answers) bool { return a.GPU == "" }},
		{"gpus 8", nil, fGPUs, "8", true, func(a model.Answers) bool { return a.GPUs == 8 }},
		{"gpus blank any", nil, fGPUs, "", true, func(a model.Answers) bool { return a.GPUs == 0 }},
		{"gpus too many", nil, fGPUs, "5000", false, func(a model.Answers) bool { return a.GPUs == 0 }},
		{"providers", nil, fProviders, "aws, Lambda", true, func(a model.Answers) bool { return strings.Join(a.Providers, ",") == "aws,lambda" }},
		{"providers unknown", nil, fProviders, "aws, foo", false, func(a model.Answers) bool { return a.Providers == nil }},
		{"regions", nil, fRegions, "us-east-1", true, func(a model.Answers) bool { return len(a.Regions) == 1 }},
		{"regions unknown", nil, fRegions, "mars-1", false, func(a model.Answers) bool { return a.Regions == nil }},
		{"data 2TB", nil, fDataGB, "2TB", true, func(a model.Answers) bool { return a.DataGB == 2000 }},
		{"egress 500 GB", nil, fEgressGB, "500 GB", true, func(a model.Answers) bool { return a.EgressGB == 500 }},
		{"vram 80GB", func(f *form) { f.setRaw(fWorkload, "vram", 0) }, fVRAM, "80GB", true, func(a model.Answers) bool { return a.KnownVRAMGiB == 80 }},
		{"dataset tokens", func(f *form) { f.setRaw(fWorkload, "lora", 0) }, fDataset, "2B", true, func(a model.Answers) bool { return a.JobTokens == 2e9 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newTestForm()
			if tc.setup != nil {
				tc.setup(&f)
			}
			f.setRaw(tc.id, tc.raw, len(tc.raw))
			if got := f.errs[tc.id] == nil; got != tc.ok {
				t.Fatalf("valid = %v, want %v (err %v)", got, tc.ok, f.errs[tc.id])
			}
			if f.raw[tc.id] != tc.raw {
				t.Errorf("raw text %q lost, have %q", tc.raw, f.raw[tc.id])
			}
			if !tc.check(f.answers) {
				t.Errorf("answers %+v", f.answers)
			}
			if err := f.answers.Validate(); err != nil {
				t.Errorf("answers do not validate: %v", err)
			}
		})
	}
}

func TestWorkloadChangesQuestions(t *testing.T) {
	f := newTestForm()
	has := func(step int, id fieldID) bool {
		for _, x := range f.stepFields(step) {
			if x == id {
				return true
			}
		}
		return false
	}
	if !has(3, fUsers) || has(3, fDataset) || !f.stepApplies(4) {
		t.Fatalf("inference: want users and latency, not dataset tokens")
	}
	f.setRaw(fWorkload, "qlora", 0)
	if has(3, fUsers) || !has(3, fDataset) || !has(3, fMicroBatch) || f.stepApplies(4) {
		t.Fatalf("qlora: want micro-batch and dataset tokens, no latency step")
	}
	f.setRaw(fWorkload, "vram", 0)
	if !has(1, fVRAM) || has(1, fModel) || f.stepApplies(2) || f.stepApplies(3) {
		t.Fatalf("vram: want the memory question and no precision or context")
	}
}

func TestJobSizeNeedsTokens(t *testing.T) {
	f := newTestForm()
	f.setRaw(fDurMode, "job", 0)
	if f.errs[fGenTokens] == nil {
		t.Fatal("a job without tokens must be flagged on the tokens question")
	}
	if f.effective().DurationMode != model.DurationWallClock || !f.applies(fGenTokens) {
		t.Fatal("until the job has a size the ranking uses a wall-clock run, and the size is asked")
	}
	f.setRaw(fGenTokens, "50M", 3)
	if f.errs[fGenTokens] != nil || f.answers.DurationMode != model.DurationJob || f.answers.JobTokens != 5e7 {
		t.Fatalf("job answers %+v, err %v", f.answers, f.errs[fGenTokens])
	}
}

func TestNavigationSkipsStepsThatDoNotApply(t *testing.T) {
	f := newTestForm()
	f.setRaw(fWorkload, "vram", 0)
	f.next() // model step: the VRAM question
	if f.step != int(model.SectionModel) || f.current() != fVRAM {
		t.Fatalf("at step %d field %v", f.step, f.current())
	}
	f.next()
	if f.step != int(model.SectionDuration) {
		t.Fatalf("vram skips precision, context and latency; at step %d", f.step)
	}
	f.back()
	if f.step != int(model.SectionModel) {
		t.Fatalf("back from duration goes to the model step, at %d", f.step)
	}
	for f.next() {
	}
	if f.visited != len(steps)-1 {
		t.Fatalf("visited %d", f.visited)
	}
}

func TestPresetPicker(t *testing.T) {
	f := newTestForm()
	f.setRaw(fModel, "qwen", 4)
	if n := len(presetMatches(&f)); n != 2 {
		t.Fatalf("qwen matches %d presets, want 2", n)
	}
	f.movePreset(1)
	if f.answers.Model != "qwen2.5-7b" {
		t.Fatalf("first down picks the first match, got %q", f.answers.Model)
	}
	f.movePreset(1)
	if f.answers.Model != "qwen2.5-72b" || len(presetMatches(&f)) != 2 {
		t.Fatalf("browsing keeps the filter: model %q, %d matches", f.answers.Model, len(presetMatches(&f)))
	}
	f.setRaw(fModel, "70B", 3)
	if n := len(presetMatches(&f)); n != len(testCatalog().Models) {
		t.Fatalf("a parameter count lists all presets, got %d", n)
	}
}

func TestLoadedAnswersFillTheQuestions(t *testing.T) {
	a := model.DefaultAnswers()
	a.Workload = model.WorkloadLoRA
	a.Model, a.ParamsB = "", 13
	a.JobTokens = 2e9
	a.DurationMode = model.DurationJob
	a.Budget = model.Budget{Amount: 500, Period: model.BudgetTotal, Currency: model.USD}
	a.Providers = []string{"aws", "gcp"}
	a.DataGB, a.EgressGB = 200, 50
	f := newForm(a, newEnv(testCatalog()))
	want := map[fieldID]string{fWorkload: "lora", fModel: "13B", fDataset: "2B", fDurMode: "job", fBudget: "$500", fProviders: "aws, gcp", fDataGB: "200GB", fEgressGB: "50GB"}
	for id, raw := range want {
		if f.raw[id] != raw {
			t.Errorf("field %d raw %q, want %q", id, f.raw[id], raw)
		}
	}
	if f.invalidCount() != 0 {
		t.Errorf("loaded answers give %d invalid questions", f.invalidCount())
	}
	// Reading the questions back gives the same answers.
	b := f.answers
	a.Normalize()
	if b.ParamsB != a.ParamsB || b.JobTokens != a.JobTokens || b.Budget != a.Budget || b.DataGB != a.DataGB || b.DurationMode != a.DurationMode {
		t.Errorf("round trip: got %+v, want %+v", b, a)
	}
}

func TestKnownVRAMStartsFromTheEstimate(t *testing.T) {
	m := newTestModel(t, 140, 40)
	est := m.res.Requirement.VRAMGiB
	m = press(t, m, "6", "enter")
	if m.form.current() != fVRAM || m.form.raw[fVRAM] != model.FormatSize(est) || m.form.answers.KnownVRAMGiB != est {
		t.Fatalf("the memory question starts at %q (%v), want the estimate %v", m.form.raw[fVRAM], m.form.answers.KnownVRAMGiB, est)
	}
	s := screen(m)
	for _, want := range []string{"GPU memory  step 2/10", "2 GPU memory", "starts from the estimate", "✓ " + gib(est) + " GiB"} {
		if !strings.Contains(s, want) {
			t.Errorf("the memory step lacks %q:\n%s", want, s)
		}
	}
	if len(m.offers.view) == 0 {
		t.Error("enter on the default memory gives no offers")
	}
	// A size already given is kept.
	m = press(t, goTo(t, press(t, m, "esc"), fWorkload), "6")
	if m.form.raw[fVRAM] != model.FormatSize(est) {
		t.Errorf("going back and forth changed the size to %q", m.form.raw[fVRAM])
	}
	// The line prompts start from the estimate too.
	vram := model.DefaultAnswers()
	vram.Workload = model.WorkloadVRAM
	out := runAccessible(t, "en", prompts(vram, map[fieldID][]string{fWorkload: {"6"}})+"-\n", nil)
	if !regexp.MustCompile(`GPU memory the job needs \(accepts: [^)]*\) \[[0-9.]+GB\]`).MatchString(out) || !strings.Contains(out, "1. ") {
		t.Errorf("line prompts:\n%s", out)
	}
}
