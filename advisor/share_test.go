package advisor

import (
	"reflect"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestSharedShapeEvalExact checks that sharing fits and one-node speeds
// between the shapes of a class within a call (fitOf, speedOnOneNode)
// gives every shape exactly the result of evaluating it on its own, over
// a synthetic catalog of the test GPUs in every count, with and without a
// cluster network, for inference, training, jobs, a deadline, several
// nodes, FP8, an image model, a stated memory and filters.
func TestSharedShapeEvalExact(t *testing.T) {
	eng := New(syntheticCatalog(3000, 7))
	f := newCall(eng, model.DefaultAnswers(), langEN).facts
	if f.fitClasses >= len(eng.index().shapes) || f.speedClasses >= len(eng.index().shapes) {
		t.Fatalf("no class holds two shapes (%d shapes, %d fit and %d speed classes): the test shares nothing",
			len(eng.index().shapes), f.fitClasses, f.speedClasses)
	}
	answers := []struct {
		name string
		a    model.Answers
	}{
		{"default", model.DefaultAnswers()},
		{"batch16", answersWith(func(a *model.Answers) { a.Batch = 16 })},
		{"throughput", answersWith(func(a *model.Answers) { a.Latency, a.Batch = model.LatencyBatch, 64 })},
		{"70b", answersWith(func(a *model.Answers) { a.Model = "llama-3.1-70b" })},
		{"70b-fp8", answersWith(func(a *model.Answers) { a.Model, a.Precision = "llama-3.1-70b", model.FP8 })},
		{"405b", answersWith(func(a *model.Answers) { a.Model = "llama-3.1-405b" })},
		{"deepseek", answersWith(func(a *model.Answers) { a.Model, a.Precision, a.Batch = "deepseek-v3", model.FP8, 32 })},
		{"image", answersWith(func(a *model.Answers) { a.Model = "flux.1-dev" })},
		{"vram", answersWith(func(a *model.Answers) { a.Workload, a.KnownVRAMGiB = model.WorkloadVRAM, 60 })},
		{"gpus=2", answersWith(func(a *model.Answers) { a.Model, a.GPUs = "llama-3.1-70b", 2 })},
		{"gpu=h100", answersWith(func(a *model.Answers) { a.GPU = "H100" })},
		{"lora-job", answersWith(func(a *model.Answers) {
			a.Workload, a.DurationMode, a.JobTokens, a.Latency = model.WorkloadLoRA, model.DurationJob, 2e9, model.LatencyBatch
		})},
		{"finetune", answersWith(func(a *model.Answers) { a.Workload, a.Model = model.WorkloadFineTune, "llama-3.1-70b" })},
		// No deadline, years on one node: the shapes beyond two years scale
		// out (feasibility_longjob.go) and leave the classes they were the source of.
		{"pretrain-long", answersWith(func(a *model.Answers) {
			a.Workload, a.Model = model.WorkloadPretrain, "llama-2-13b"
			a.DurationMode, a.JobTokens, a.MaxNodes = model.DurationJob, 2e12, 16
		})},
		{"pretrain-long-one-node", answersWith(func(a *model.Answers) {
			a.Workload, a.Model = model.WorkloadPretrain, "llama-2-13b"
			a.DurationMode, a.JobTokens = model.DurationJob, 2e12
		})},
		{"pretrain-deadline", answersWith(func(a *model.Answers) {
			a.Workload, a.Model = model.WorkloadPretrain, "llama-3.1-70b"
			a.DurationMode, a.JobTokens, a.DeadlineHours, a.MaxNodes = model.DurationJob, 1e12, 24*30, 16
		})},
	}
	for _, tc := range answers {
		t.Run(tc.name, func(t *testing.T) {
			a := tc.a
			a.Normalize()
			if err := check(&a); err != nil {
				t.Fatal(err)
			}
			shared := newCall(eng, a, langEN)
			alone := newCall(eng, a, langEN)
			alone.feas.noShare = true
			alone.evalShapes()
			ok, wide := 0, 0
			for si := range shared.feas.shapes {
				if alone.feas.shapes[si].nodes > 1 {
					wide++
				}
				if !reflect.DeepEqual(shared.feas.shapes[si], alone.feas.shapes[si]) {
					t.Errorf("shape %d %+v:\nshared %+v\n alone %+v", si, eng.index().shapes[si], shared.feas.shapes[si], alone.feas.shapes[si])
				}
				if alone.feas.shapes[si].ok {
					ok++
				}
			}
			if ok == 0 && tc.name != "gpu=h100" {
				t.Errorf("no shape holds the job: the case compares nothing")
			}
			if tc.name == "pretrain-long" && wide == 0 {
				t.Errorf("no shape scaled out over nodes: the case does not test longJob")
			}
		})
	}
}
