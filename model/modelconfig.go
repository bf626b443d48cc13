package model

import "strings"

// ModelConfig is a model given by its Hugging Face config.json
// (--model-config): the file's path as given and the architecture
// ParseHFConfig read from it.
type ModelConfig struct {
	Path string      `json:"path" toml:"path"`
	Arch ModelPreset `json:"arch" toml:"arch"`
}

// FormsModelConfig is the accepted form of --model-config.
const FormsModelConfig = "the path of a Hugging Face config.json, e.g. ./Qwen3-8B/config.json"

// ModelPreset is the architecture the answers name: the one read from a
// config.json (ModelConfig), else the catalog's preset named Model
// (FindPreset). It is nil, with FindPreset's error, when neither names
// one.
func (a *Answers) ModelPreset(presets []ModelPreset) (*ModelPreset, error) {
	if a.ModelConfig != nil {
		return &a.ModelConfig.Arch, nil
	}
	return FindPreset(presets, a.Model)
}

// modelConfigAnswer is the registry's entry for --model-config (in the
// workload group's table).
var modelConfigAnswer = AnswerSpec{
	ID: AnsModelConfig, Name: "model-config", Key: "model_config", Forms: FormsModelConfig, Blank: BlankNone,
	Usage:   "a Hugging Face config.json giving the model's architecture instead of --model (model types: " + strings.Join(ConfigModelTypes, ", ") + ")",
	Applies: notVRAM,
	parse: func(raw string, a *Answers, env *AnswerEnv) error {
		path := strings.TrimSpace(raw)
		if env == nil || env.ReadModelConfig == nil {
			return newErr("", short(path, maxEcho), ReasonForm, tx("a config.json is read only from the command line"), tx("give the model with --model or its size with --params"))
		}
		p, err := env.ReadModelConfig(path)
		if err != nil {
			return err
		}
		a.ModelConfig, a.Model, a.ParamsB = &ModelConfig{Path: path, Arch: p}, "", 0
		return nil
	},
	clear: func(a *Answers) { a.ModelConfig = nil },
	Format: func(a *Answers) string {
		if a.ModelConfig == nil {
			return ""
		}
		return a.ModelConfig.Path
	},
	check: func(a *Answers) error {
		c := a.ModelConfig
		if c == nil {
			return nil
		}
		total, _, ok := ArchParams(&c.Arch)
		if !ok || c.Arch.Name == "" || strings.ContainsFunc(c.Path+c.Arch.Name, isControl) || len(c.Path) > 4096 ||
			c.Arch.ParamsB <= 0 || c.Arch.ActiveB <= 0 || c.Arch.ActiveB > c.Arch.ParamsB || c.Arch.ParamsB > 100000 || c.Arch.MaxContext <= 0 ||
			total > 0 && (c.Arch.ParamsB > 1.01*total || c.Arch.ParamsB < 0.99*total) {
			return newErr("", short(c.Path, maxEcho), ReasonForm, tx("the stored architecture is not one a config.json gives"), tx("give the model with --model-config again"))
		}
		return nil
	},
}
