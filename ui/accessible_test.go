package ui

import (
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
	// 25 questions apply to the default inference answers.
	out := runAccessible(t, "en", strings.Repeat("\n", 25)+"plan.toml\n", store.save)
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
	input := strings.Join([]string{
		"lora",          // workload by value
		"70 zillion",    // invalid: asked again
		"13B",           // model
		"6",             // precision int4 by number
		"4k", "2", "2B", // context, micro-batch, dataset tokens
		"no", "zero3", // gradient checkpointing, sharding
		"2",                    // duration mode: job
		"2w",                   // finish within
		"yes",                  // interruptible
		"$800",                 // budget
		"", "", "", "", "", "", // scale
		"", "", "", "", "", "", // margin and hard requirements
		"", "", // data
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
		a.GradCheckpointing || a.Sharding != "zero3" || a.DeadlineHours != 336 {
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
