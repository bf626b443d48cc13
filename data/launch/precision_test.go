package launch

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestJobPrecisionIsThePlans: the export runs the precision the plan was
// sized in (the requirement's), not the answer: auto resolved to int4
// needs a quantised checkpoint asked at launch; auto resolved to the FP8
// a checkpoint ships in loads the preset's own release with the FP8
// method; without a requirement, auto is the checkpoint's format the
// preset records, else bf16; bf16 asked of an FP8 release needs a
// converted copy, asked at launch.
func TestJobPrecisionIsThePlans(t *testing.T) {
	auto := model.Answers{Workload: model.WorkloadInference, Precision: model.PrecisionAuto}
	ds := *dsV3
	ds.CheckpointPrecision = model.FP8
	if j := NewJob(h100(1, 1, model.PriceOnDemand), auto, model.Requirement{Precision: model.INT4}, nil); j.Precision != model.INT4 {
		t.Errorf("NewJob precision %q, want the requirement's int4", j.Precision)
	}
	for _, tc := range []struct {
		name         string
		job          Job
		want, absent []string
	}{
		{"auto as int4", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: llama70B, Precision: model.INT4, Answers: auto},
			[]string{`vllm serve "$MODEL_ID"`}, []string{"meta-llama/Llama-3.1-70B"}},
		{"auto as the checkpoint's fp8", Job{Rec: h100(8, 1, model.PriceOnDemand), Preset: &ds, Precision: model.FP8, Answers: auto},
			[]string{"vllm serve deepseek-ai/DeepSeek-V3 ", "--quantization fp8"}, []string{"$MODEL_ID"}},
		{"auto without a requirement: the preset's fp8", Job{Rec: h100(8, 1, model.PriceOnDemand), Preset: &ds, Answers: auto},
			[]string{"vllm serve deepseek-ai/DeepSeek-V3 ", "--quantization fp8"}, nil},
		{"auto without a requirement: bf16", Job{Rec: h100(4, 1, model.PriceOnDemand), Preset: llama70B, Answers: auto},
			[]string{"vllm serve meta-llama/Llama-3.1-70B "}, []string{"--quantization"}},
		{"bf16 given of an fp8 release", Job{Rec: h100(8, 2, model.PriceOnDemand), Preset: &ds, Precision: model.BF16, Answers: model.Answers{Workload: model.WorkloadInference, Precision: model.BF16}},
			[]string{`vllm serve "$MODEL_ID"`}, []string{"--quantization", "deepseek-ai/DeepSeek-V3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := strings.Join(NewRun(tc.job).Lines, "\n")
			for _, w := range tc.want {
				if !strings.Contains(run, w) {
					t.Errorf("run lacks %q:\n%s", w, run)
				}
			}
			for _, w := range tc.absent {
				if strings.Contains(run, w) {
					t.Errorf("run has %q:\n%s", w, run)
				}
			}
		})
	}
}
