package launch

import (
	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// tuneRecipe is where torchtune keeps the configs of one preset: the
// config prefix (its folder and size, "llama3_1/8B"), the suffixes it
// ships (full, lora, qlora, each maybe with _single_device), and the
// tokenizer files its config reads, relative to the downloaded model.
//
// Source: recipes/configs/ and torchtune/_recipe_registry.py of
// pytorch/torchtune @ bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1 (release
// v0.6.1); the tokenizer keys are each config's `tokenizer:` section. A
// config is written for the Instruct checkpoint of the same architecture
// where torchtune ships only that; the export points checkpoint_dir and
// the tokenizer at the preset's own download, so the preset's weights are
// the ones tuned.
type tuneRecipe struct {
	Prefix  string
	Configs []string
	// Tokenizer is the config overrides that point the tokenizer at the
	// model folder, written $MODEL_DIR (the run puts modelDir there).
	Tokenizer []string
}

// Tokenizer overrides by file layout (the `tokenizer:` keys of the configs).
var (
	tokLlama3   = []string{"tokenizer.path=$MODEL_DIR/original/tokenizer.model"}
	tokSPM      = []string{"tokenizer.path=$MODEL_DIR/tokenizer.model"}
	tokQwen     = []string{"tokenizer.path=$MODEL_DIR/vocab.json", "tokenizer.merges_file=$MODEL_DIR/merges.txt"}
	tokPhi4     = []string{"tokenizer.vocab_path=$MODEL_DIR/vocab.json", "tokenizer.merges_path=$MODEL_DIR/merges.txt"}
	smallSet    = []string{"full", "full_single_device", "lora", "lora_single_device", "qlora_single_device"}
	qwenSmall   = []string{"full", "full_single_device", "lora", "lora_single_device"}
	gemma2Set   = []string{"full", "lora", "lora_single_device", "qlora_single_device"}
	phiSet      = []string{"full", "lora", "lora_single_device", "qlora_single_device"}
	llama3_70B  = []string{"full", "lora"}
	llama33_70B = []string{"full", "lora", "qlora"}
)

// tuneRecipes maps preset names to torchtune's configs for them.
// Made on first use, not at start-up (issue 26).
var tuneRecipes = lazy.Value[map[string]tuneRecipe]{New: func() map[string]tuneRecipe {
	return map[string]tuneRecipe{
		"llama-3.1-8b":   {"llama3_1/8B", smallSet, tokLlama3},
		"llama-3.1-70b":  {"llama3_1/70B", llama3_70B, tokLlama3},
		"llama-3.1-405b": {"llama3_1/405B", []string{"qlora"}, []string{"tokenizer.path=$MODEL_DIR/original/mp8/tokenizer.model"}},
		"llama-3.2-1b":   {"llama3_2/1B", smallSet, tokLlama3},
		"llama-3.2-3b":   {"llama3_2/3B", smallSet, tokLlama3},
		"llama-3.3-70b":  {"llama3_3/70B", llama33_70B, tokLlama3},
		"llama-2-7b":     {"llama2/7B", []string{"full", "lora", "lora_single_device", "qlora", "qlora_single_device"}, tokSPM},
		"llama-2-13b":    {"llama2/13B", []string{"full", "lora", "qlora_single_device"}, tokSPM},
		"llama-2-70b":    {"llama2/70B", []string{"lora", "qlora"}, tokSPM},
		"qwen2.5-0.5b":   {"qwen2_5/0.5B", qwenSmall, tokQwen},
		"qwen2.5-1.5b":   {"qwen2_5/1.5B", qwenSmall, tokQwen},
		"qwen2.5-3b":     {"qwen2_5/3B", qwenSmall, tokQwen},
		"qwen2.5-7b":     {"qwen2_5/7B", qwenSmall, tokQwen},
		"qwen2.5-14b":    {"qwen2_5/14B", []string{"lora_single_device"}, tokQwen},
		"qwen2.5-32b":    {"qwen2_5/32B", []string{"lora"}, tokQwen},
		"qwen2.5-72b":    {"qwen2_5/72B", []string{"lora"}, tokQwen},
		"qwen3-8b":       {"qwen3/8B", qwenSmall, tokQwen},
		"qwen3-32b":      {"qwen3/32B", []string{"lora"}, tokQwen},
		"gemma-2-9b":     {"gemma2/9B", gemma2Set, tokSPM},
		"gemma-2-27b":    {"gemma2/27B", gemma2Set, tokSPM},
		"phi-3-mini":     {"phi3/mini", phiSet, tokSPM},
		"phi-4":          {"phi4/14B", phiSet, tokPhi4},
	}
}}

// tuneConfig picks torchtune's recipe and config for a fine-tune of a
// preset on gpus GPUs in all: the single-device recipe on one GPU, the
// distributed one otherwise. It reports false when torchtune ships no
// config for the preset, the method and the GPU count.
func tuneConfig(preset string, w model.Workload, gpus int) (recipe, config string, r tuneRecipe, ok bool) {
	r, ok = tuneRecipes.Get()[preset]
	if !ok {
		return "", "", r, false
	}
	method := map[model.Workload]string{model.WorkloadFineTune: "full", model.WorkloadLoRA: "lora", model.WorkloadQLoRA: "qlora"}[w]
	if method == "" {
		return "", "", r, false
	}
	// QLoRA runs on torchtune's LoRA recipes with a QLoRA config.
	kind := map[string]string{"full": "full_finetune", "lora": "lora_finetune", "qlora": "lora_finetune"}[method]
	suffix, where := method, "_distributed"
	if gpus <= 1 {
		suffix, where = method+"_single_device", "_single_device"
	}
	for _, c := range r.Configs {
		if c == suffix {
			return kind + where, r.Prefix + "_" + suffix, r, true
		}
	}
	return "", "", r, false
}
