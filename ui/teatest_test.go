package ui

import (
	"bytes"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/gpupick/gpupick/model"
)

// flowStep is what to type at one point of a flow and what the screen must
// then show.
type flowStep struct {
	keys []string
	want string // text that appears once the keys are handled ("" = none)
}

// probe keeps the screen the model rendered when the program last handed
// it a ping, so a test can wait on the screen the model renders rather than
// on the renderer's byte stream, which only carries the cells that changed.
// The screen is rendered in the filter, on the program's goroutine: a copy
// of the model shares its slices with the model the program goes on
// updating, so rendering the copy on the test's goroutine would race.
type probe struct {
	mu     sync.Mutex
	screen string
}

// pingMsg is a no-op message that makes the probe's filter render the
// program's model.
type pingMsg struct{}

// filter renders the model as a ping reaches it, before Update.
func (p *probe) filter(m tea.Model, msg tea.Msg) tea.Msg {
	if _, ping := msg.(pingMsg); ping {
		if x, ok := m.(Model); ok {
			sc := screen(x)
			p.mu.Lock()
			p.screen = sc
			p.mu.Unlock()
		}
	}
	return msg
}

// flowDeadline bounds each wait of a flow. It only detects a failure (a
// passing flow waits as long as the program takes), so it is generous: a
// busy machine may take seconds where an idle one takes milliseconds.
const flowDeadline = 30 * time.Second

// waitScreen pings the program until its model's frame contains want.
func (p *probe) waitScreen(t *testing.T, tm *teatest.TestModel, want string) {
	t.Helper()
	deadline := time.Now().Add(flowDeadline)
	last := ""
	for time.Now().Before(deadline) {
		tm.Send(pingMsg{})
		time.Sleep(5 * time.Millisecond)
		p.mu.Lock()
		last = p.screen
		p.mu.Unlock()
		if strings.Contains(last, want) {
			return
		}
	}
	t.Fatalf("screen never showed %q; last screen:\n%s", want, last)
}

// runFlow drives a real tea.Program through the steps and returns the
// final model.
func runFlow(t *testing.T, w, h int, cfg Config, flow []flowStep) Model {
	t.Helper()
	m := New(cfg)
	m.rank = fakeRank
	m.now = func() time.Time { return fixedNow }
	p := &probe{}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII), tea.WithFilter(p.filter)))
	for _, st := range flow {
		for _, k := range keyMsgs(st.keys...) {
			tm.Send(k)
		}
		if st.want != "" {
			p.waitScreen(t, tm, st.want)
		}
	}
	// The renderer drew real frames too.
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("gpupick")) },
		teatest.WithDuration(flowDeadline), teatest.WithCheckInterval(10*time.Millisecond))
	// ctrl+c asks before leaving unsaved answers; ctrl+c again leaves.
	tm.Send(keyMsgs("ctrl+c")[0])
	tm.Send(keyMsgs("ctrl+c")[0])
	return tm.FinalModel(t, teatest.WithFinalTimeout(flowDeadline)).(Model)
}

func TestFlowInferenceEveryStep(t *testing.T) {
	store := &fakeStore{}
	cfg := Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en", Version: "test", Save: store.save}
	want := model.Answers{
		Workload: model.WorkloadInference, Model: "llama-3.1-70b", Precision: model.INT4, Context: 32768, Batch: 8,
		Latency: model.LatencyRealtime, DurationMode: model.DurationJob, DurationHours: model.HoursPerMonth,
		HoursPerWeek: 168, JobTokens: 5e8, DeadlineHours: 720, Interruptible: true,
		Budget: model.Budget{Amount: 5000, Period: model.BudgetTotal, Currency: model.USD},
		GPU:    "h100", GPUs: 8, MaxNodes: 2, Providers: []string{"aws", "gcp"}, Regions: []string{"us-east-1"},
		Currency: model.USD, DataGB: 500, EgressGB: 100,
		// Not asked in the wizard: kept from the defaults.
		GradCheckpointing: model.DefaultAnswers().GradCheckpointing,
	}
	fm := runFlow(t, 140, 40, cfg, []flowStep{
		{nil, "What will the GPUs do?"},
		{[]string{"enter"}, "Pick a preset"},
		{[]string{"ctrl+u", "llama-3.1-70b"}, "meta-llama/Llama-3.1-70B"},
		{[]string{"enter"}, "Number format of the weights"},
		{[]string{"7", "enter"}, "Longer context"},
		{walk(want, model.SectionLoad, map[fieldID][]string{fContext: {"ctrl+u", "32k"}, fUsers: {"ctrl+u", "8"}}), "How fast must"},
		{[]string{"1", "enter"}, "Rent for a calendar period"},
		{walk(want, model.SectionDuration, map[fieldID][]string{fDurMode: {"down"}, fGenTokens: {"500M"}, mustField("deadline"): {"30d"}}), "Jobs that checkpoint"},
		{walk(want, model.SectionInterruption, map[fieldID][]string{mustField("interruptible"): {"1"}}), "Per hour, per month"},
		{[]string{"$5000", "enter"}, "Narrow the offers"},
		{walk(want, model.SectionScale, map[fieldID][]string{fGPU: {"h100"}, fGPUs: {"8"}, mustField("nodes"): {"2"}, fProviders: {"aws, gcp"}, fRegions: {"us-east-1"}}),
			"Storage and internet egress"},
		{walk(want, model.SectionData, map[fieldID][]string{fDataGB: {"500GB"}, fEgressGB: {"100GB"}}), "· offers"},
		{[]string{"ctrl+s", "enter"}, "saved"},
	})
	a := fm.form.answers
	if !answersEqual(a, want) {
		t.Fatalf("answers\n got %+v\nwant %+v", a, want)
	}
	rec, ok := store.files["./gpupick.toml"]
	if !ok || !answersEqual(rec.Answers, want) || rec.Choice == nil {
		t.Fatalf("saved record %+v", rec)
	}
	if fm.focus != focusOffers || fm.form.invalidCount() != 0 {
		t.Fatalf("focus %v, %d invalid", fm.focus, fm.form.invalidCount())
	}
}

func TestFlowTrainingEveryStep(t *testing.T) {
	cfg := Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en"}
	// The answers that decide which questions are asked.
	qlora := model.DefaultAnswers()
	qlora.Workload, qlora.DurationMode, qlora.Interruptible = model.WorkloadQLoRA, model.DurationJob, true
	fm := runFlow(t, 80, 24, cfg, []flowStep{
		{[]string{"4", "enter"}, "Pick a preset"},
		{[]string{"ctrl+u", "8B", "enter"}, "Number format"},
		{[]string{"enter"}, "Longer sequences"},
		// Typing replaces the selected default: no ctrl+u needed; the
		// training knobs follow the dataset (checkpointing off, ZeRO-3).
		{walk(qlora, model.SectionLoad, map[fieldID][]string{fContext: {"4k"}, fMicroBatch: {"4"}, fDataset: {"2B"},
			mustField("grad-checkpointing"): {"down"}, mustField("sharding"): {"down", "down", "down"}}), "Rent for a calendar"},
		// The dataset size makes the run a job: enter keeps it.
		{walk(qlora, model.SectionDuration, nil), "Jobs that checkpoint"},
		{walk(qlora, model.SectionInterruption, map[fieldID][]string{mustField("interruptible"): {"1"}}), "Per hour"},
		{[]string{"3000/mo", "enter"}, "Narrow the offers"},
		// The hard requirements follow the currency: blank and any.
		{walk(qlora, model.SectionScale, map[fieldID][]string{fCurrency: {"down"}}), "Storage and internet"},
		{walk(qlora, model.SectionData, nil), "· offers"},
	})
	a := fm.form.answers
	if a.Workload != model.WorkloadQLoRA || a.ParamsB != 8 || a.Context != 4096 || a.Batch != 4 || a.JobTokens != 2e9 ||
		a.DurationMode != model.DurationJob || !a.Interruptible || a.Budget.Period != model.BudgetMonthly || a.Currency != model.CNY ||
		a.GradCheckpointing || a.Sharding != "zero2" {
		t.Fatalf("answers %+v", a)
	}
}

func TestFlowKnownVRAM(t *testing.T) {
	cfg := Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "zh"}
	fm := runFlow(t, 100, 30, cfg, []flowStep{
		{[]string{"6", "enter"}, "任务所需显存"},
		{[]string{"ctrl+u", "150GB", "enter"}, "按日历时长"},
		// The ranking for the memory given arrives after the step moves on.
		{nil, "需要 150 GiB 显存"},
	})
	if fm.form.answers.KnownVRAMGiB != 150 || fm.form.step != int(model.SectionDuration) {
		t.Fatalf("answers %+v at step %d", fm.form.answers, fm.form.step)
	}
	if fm.res.Requirement.VRAMGiB != 150 {
		t.Fatalf("requirement %v", fm.res.Requirement.VRAMGiB)
	}
}

func TestFlowResize(t *testing.T) {
	m := New(Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en"})
	m.rank = fakeRank
	p := &probe{}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(140, 40), teatest.WithProgramOptions(tea.WithFilter(p.filter)))
	wait := func(s string) { p.waitScreen(t, tm, s) }
	wait("Steps")
	tm.Send(tea.WindowSizeMsg{Width: 50, Height: 12})
	wait("Terminal too small")
	tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	wait("What will the GPUs do?")
	tm.Send(keyMsgs("ctrl+c")[0])
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(flowDeadline)).(Model)
	if fm.width != 80 || !strings.Contains(screen(fm), "────") {
		t.Fatalf("final size %d, frame:\n%s", fm.width, screen(fm))
	}
}

// walk is the keys that answer a step's questions asked for the answers
// a, in the order they are asked, and move on (enter after each): the
// keys given for a question, or none to keep its answer.
func walk(a model.Answers, s model.Section, given map[fieldID][]string) []string {
	var keys []string
	for _, id := range wizard.Get().pages[s] {
		if wizard.Get().defs[id].applies(&a) {
			keys = append(append(keys, given[id]...), "enter")
		}
	}
	return keys
}

// answersEqual compares answers field by field (slices by content).
func answersEqual(a, b model.Answers) bool {
	if strings.Join(a.Providers, ",") != strings.Join(b.Providers, ",") || strings.Join(a.Regions, ",") != strings.Join(b.Regions, ",") {
		return false
	}
	a.Providers, b.Providers, a.Regions, b.Regions = nil, nil, nil, nil
	return reflect.DeepEqual(a, b)
}
