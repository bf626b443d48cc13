package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

func runAccessible(t *testing.T, lang, input string, save func(string, model.Record, bool) error) string {
	t.Helper()
	var out strings.Builder
	cfg := Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: lang, Version: "test",
		Accessible: true, In: strings.NewReader(input), Out: &out, Save: save}
	if err := Run(cfg); err != nil {
		t.Fatalf("accessible run: %v\n%s", err, out.String())
	}
	return out.String()
}

func TestAccessibleDefaultsAndSave(t *testing.T) {
	store := &fakeStore{}
	// Enter for every question, then a path.
	out := runAccessible(t, "en", prompts(model.DefaultAnswers(), nil)+"plan.toml\n", store.save)
	for _, want := range []string{"Workload:", "1. Inference — serve a model to users", "[Inference]", "Model or parameter count (accepts: a preset name",
		"[llama-3.1-8b]", "step 10/10 · Data & egress", "Best offers", "Needs:", "1. ", "per hour", "saved plan.toml"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	rec, ok := store.files["plan.toml"]
	if !ok || rec.Answers.Model != "llama-3.1-8b" || rec.SchemaVersion != model.RecordSchemaVersion {
		t.Fatalf("record %+v", rec)
	}
	if t.Failed() {
		t.Log(out)
	}
}

func TestAccessibleAnswersAndRetries(t *testing.T) {
	store := &fakeStore{}
	store.files = map[string]model.Record{"./gpupick.toml": {}}
	lora := model.DefaultAnswers()
	lora.Workload, lora.DurationMode, lora.Interruptible = model.WorkloadLoRA, model.DurationJob, true
	input := prompts(lora, map[fieldID][]string{
		fWorkload:                        {"lora"},              // by value
		fModel:                           {"70 zillion", "13B"}, // invalid: asked again
		fPrecision:                       {"7"},                 // int4 by number (auto is 1)
		fContext:                         {"4k"},
		fMicroBatch:                      {"2"},
		fDataset:                         {"2B"},
		mustField("grad-checkpointing"):  {"no"},
		mustField("sharding"):            {"zero3"},
		fDurMode:                         {"2"}, // job
		mustField("deadline"):            {"2w"},
		mustField("interruptible"):       {"yes"},
		mustField("checkpoint-interval"): {"2h"},
		fBudget:                          {"$800"},
	}) + strings.Join([]string{
		"",  // save to the default path: exists
		"y", // overwrite
	}, "\n") + "\n"
	out := runAccessible(t, "en", input, store.save)
	if !strings.Contains(out, "Please try again.") {
		t.Errorf("invalid answer not refused:\n%s", out)
	}
	if strings.Contains(out, "Latency") {
		t.Errorf("latency is not asked for training")
	}
	if !strings.Contains(out, "./gpupick.toml exists. Overwrite? [y/N]") {
		t.Errorf("no overwrite question:\n%s", out)
	}
	a := store.files["./gpupick.toml"].Answers
	if a.Workload != model.WorkloadLoRA || a.ParamsB != 13 || a.Precision != model.INT4 || a.JobTokens != 2e9 ||
		a.DurationMode != model.DurationJob || !a.Interruptible || a.Budget.Amount != 800 ||
		a.GradCheckpointing || a.Sharding != "zero3" || a.DeadlineHours != 336 || a.CheckpointMinutes != 120 {
		t.Fatalf("answers %+v", a)
	}
}

func TestAccessibleEndOfInput(t *testing.T) {
	// No input at all (not a terminal, nothing piped): defaults, the
	// results, and no save.
	out := runAccessible(t, "zh", "", nil)
	for _, want := range []string{"工作负载", "最佳报价", "需要"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestAccessibleOverwriteSaves: a confirmed overwrite writes the file once
// more and says it saved it (not "save failed" with the refusal of the
// first attempt), and the prompts end there.
func TestAccessibleOverwriteSaves(t *testing.T) {
	store := &fakeStore{files: map[string]model.Record{"./gpupick.toml": {}}}
	out := runAccessible(t, "en", prompts(model.DefaultAnswers(), nil)+"\ny\n", store.save)
	if !strings.Contains(out, "saved ./gpupick.toml") || strings.Contains(out, "save failed") {
		t.Fatalf("a confirmed overwrite is not reported saved:\n%s", out)
	}
	if want := []string{"./gpupick.toml overwrite=false", "./gpupick.toml overwrite=true"}; !slices.Equal(store.calls, want) {
		t.Errorf("saves %v, want %v", store.calls, want)
	}
	if rec := store.files["./gpupick.toml"]; rec.SchemaVersion != model.RecordSchemaVersion {
		t.Errorf("the file is not overwritten with the record: %+v", rec)
	}
}
