package model

import (
	"strings"
)

// workloadAnswers are the registry's entries for the workload and the model it runs.
var workloadAnswers = []AnswerSpec{
	{
		ID: AnsWorkload, Name: "workload", Key: "workload", Usage: "what the GPUs do: " + FormsWorkload, Forms: FormsWorkload,
		Choices:   strs(Workloads),
		Questions: []Question{{Key: "workload", Section: SectionWorkload, Pos: 10, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.Workload, err = ParseWorkload(raw)
			return err
		},
		Format: func(a *Answers) string { return string(a.Workload) },
		check:  func(a *Answers) error { return oneOf(a.Workload, false, Workloads, FormsWorkload) },
	},
	{
		ID: AnsModel, Name: "model", Key: "model", Forms: "a preset name (see gpupick models) or a size such as 70B",
		Usage:     "model preset, e.g. llama-3.1-8b, qwen2.5-72b, a Hugging Face id, or a size such as 70B (see gpupick models)",
		Applies:   notVRAM,
		Questions: []Question{{Key: "model", Section: SectionModel, Pos: 10, Kind: AskPreset}},
		parse: func(raw string, a *Answers, env *AnswerEnv) error {
			if b, err := ParseParams(raw); err == nil {
				a.Model, a.ParamsB, a.ModelConfig = "", b, nil
				return nil
			}
			if env == nil {
				a.Model, a.ParamsB = strings.TrimSpace(raw), 0
				return nil
			}
			ref, err := ResolveModel(env.Models(), raw)
			if err != nil {
				return err
			}
			a.Model, a.ParamsB, a.ModelConfig = ref.Preset.Name, 0, nil
			if ref.Precision != "" {
				// A quantised release (-AWQ, -FP8) runs in its format; a
				// --precision given with it is checked in ApplyGiven.
				a.Precision = ref.Precision
			}
			return nil
		},
		Format: func(a *Answers) string {
			if a.Model != "" {
				return a.Model
			}
			if a.ParamsB > 0 {
				return FormatParams(a.ParamsB)
			}
			return ""
		},
		check: func(a *Answers) error {
			if strings.ContainsFunc(a.Model, isControl) || len(a.Model) > 200 {
				return newErr("", short(a.Model, maxEcho), ReasonForm, tx("not a model name"), tx("run 'gpupick models' for the list"))
			}
			return nil
		},
	},
	{
		ID: AnsParams, Name: "params", Key: "params_b", Forms: FormsParams,
		Usage:   "parameter count instead of --model, e.g. 70B, 7.5b, 405 billion",
		Applies: notVRAM,
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			b, err := ParseParams(raw)
			if err == nil {
				a.ParamsB, a.Model, a.ModelConfig = b, "", nil
			}
			return err
		},
		Format: func(a *Answers) string {
			if a.ParamsB > 0 {
				return FormatParams(a.ParamsB)
			}
			return ""
		},
		check: func(a *Answers) error { return inRange(a.ParamsB, 0.001, 100000, "give between 0.001B and 100000B") },
	},
	{
		ID: AnsVRAM, Name: "vram", Key: "known_vram_gib", Forms: FormsSize,
		Usage:     "the GPU memory the job needs when you know it, e.g. 80GB (means --workload vram)",
		Applies:   isVRAM,
		Questions: []Question{{Key: "vram", Section: SectionModel, Pos: 20, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			v, err := ParseSize("vram", raw)
			if err != nil {
				return err
			}
			if v <= 0 {
				return newErr("", "", ReasonRange, tx("must be more than 0"), use(FormsSize))
			}
			a.KnownVRAMGiB = v
			return nil
		},
		Format:  func(a *Answers) string { return FormatSize(a.KnownVRAMGiB) },
		check:   func(a *Answers) error { return inRange(a.KnownVRAMGiB, 0.001, 1e7, "give a memory size such as 80GB") },
		implies: []implication{{AnsWorkload, func(a *Answers) { a.Workload = WorkloadVRAM }}},
	},
	{
		ID: AnsPrecision, Name: "precision", Key: "precision", Forms: FormsPrecision,
		Usage:   "number format of the weights: auto (default: the format the checkpoint ships in, as vLLM's --dtype auto; bf16 when the catalog does not record it), fp32, bf16, fp16, fp8, int8, int4, fp4 (NVFP4) or mxfp4",
		Choices: strs(PrecisionChoices), Applies: notVRAM,
		Questions: []Question{{Key: "precision", Section: SectionPrecision, Pos: 10, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.Precision, err = ParsePrecision(raw)
			return err
		},
		Format: func(a *Answers) string { return string(a.Precision) },
		check:  func(a *Answers) error { return oneOf(a.Precision, true, PrecisionChoices, FormsPrecision) },
	},
	modelConfigAnswer,
}
