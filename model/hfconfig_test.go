package model

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// readFixture reads a config.json of testdata/hfconfig (README.md names
// each one's source).
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "hfconfig", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestParseHFConfigFixtures: real configs give the architecture, and
// the parameter counts their dimensions give match the published counts
// within the tolerance named (testdata/hfconfig/README.md names the
// sources: Llama 3.1 8B's exact count, 0.1%; the Qwen cards round to
// 0.1B, 0.05B; Qwen2.5-7B's card 7.61B, 1% as its QKV biases are not
// counted; Mixtral 8x7B 46.7B and 12.9B per token, 0.05B). Qwen3-30B-A3B's
// "3.3B activated" is one decimal whose rounding the card does not state
// (the dimensions give 3.35B): tolerance one unit of it, 0.1B.
func TestParseHFConfigFixtures(t *testing.T) {
	for _, tt := range []struct {
		file              string
		total, active     float64
		tol, activeTol    float64
		layers, kv, ffn   int
		experts, perToken int
		ctx               int
		prec              Precision
		attention         string
	}{
		{"llama-3.1-8b.json", 8.030261248, 8.030261248, 0.001 * 8.03, 0, 32, 8, 14336, 0, 0, 131072, BF16, "gqa"},
		{"qwen2.5-7b.json", 7.61, 7.61, 0.01 * 7.61, 0, 28, 4, 18944, 0, 0, 131072, BF16, "gqa"},
		{"qwen3-8b.json", 8.2, 8.2, 0.05, 0, 36, 8, 12288, 0, 0, 40960, BF16, "gqa"},
		{"qwen3-8b-resaved.json", 8.2, 8.2, 0.05, 0, 36, 8, 12288, 0, 0, 40960, FP32, "gqa"},
		{"qwen3-14b.json", 14.8, 14.8, 0.05, 0, 40, 8, 17408, 0, 0, 40960, BF16, "gqa"},
		{"qwen3-30b-a3b.json", 30.5, 3.3, 0.05, 0.1, 48, 4, 768, 128, 8, 40960, BF16, "gqa"},
		{"mixtral-8x7b.json", 46.7, 12.9, 0.05, 0, 32, 8, 14336, 8, 2, 32768, BF16, "gqa"},
	} {
		p, err := ParseHFConfig(readFixture(t, tt.file), tt.file)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		if tt.activeTol == 0 {
			tt.activeTol = tt.tol
		}
		if !testcheck.NearAbs(p.ParamsB, tt.total, tt.tol) || !testcheck.NearAbs(p.ActiveB, tt.active, tt.activeTol) {
			t.Errorf("%s: %.4fB total, %.4fB active; published %.4fB, %.4fB ± %.3f", tt.file, p.ParamsB, p.ActiveB, tt.total, tt.active, tt.tol)
		}
		if p.Layers != tt.layers || p.KVHeads != tt.kv || p.FFN != tt.ffn || p.Experts != tt.experts || p.ExpertsUsed != tt.perToken ||
			p.MaxContext != tt.ctx || p.CheckpointPrecision != tt.prec || p.Attention != tt.attention || p.AttentionPattern != "" ||
			p.HeadDim != 128 || p.TiedEmbedding || p.Source != tt.file || p.Name != strings.TrimSuffix(tt.file, ".json") {
			t.Errorf("%s: %+v", tt.file, p)
		}
	}
}

// TestParseHFConfigPatterns: sliding windows and layer types become the
// attention pattern the KV cache is sized by; a window as long as the
// context, or use_sliding_window false, is full attention; a YaRN
// rope_scaling stretches the context; a Gemma 3 config is read by its
// text_config, with tied embeddings by default.
func TestParseHFConfigPatterns(t *testing.T) {
	base := `"hidden_size": 2048, "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 8192, "num_hidden_layers": 12, "vocab_size": 32000, "max_position_embeddings": 32768`
	for _, tt := range []struct {
		name, json string
		pattern    string
		window     int
		local      int
		ctx        int
		tied       bool
	}{
		{"mistral sliding", `{"model_type": "mistral", "sliding_window": 4096, ` + base + `}`, AttnSliding, 4096, 0, 32768, false},
		{"mistral window = context", `{"model_type": "mistral", "sliding_window": 32768, ` + base + `}`, "", 0, 0, 32768, false},
		{"qwen2 window off", `{"model_type": "qwen2", "sliding_window": 4096, "use_sliding_window": false, ` + base + `}`, "", 0, 0, 32768, false},
		{"gemma2 alternating", `{"model_type": "gemma2", "sliding_window": 4096, ` + base + `}`, AttnHybrid, 4096, 1, 32768, true},
		{"gemma3 text_config", `{"model_type": "gemma3", "torch_dtype": "bfloat16", "text_config": {"sliding_window": 1024, "sliding_window_pattern": 6, ` + base + `}}`, AttnHybrid, 1024, 5, 32768, true},
		{"layer types 3:1", `{"model_type": "qwen3", "sliding_window": 128, "layer_types": ["sliding_attention","sliding_attention","sliding_attention","full_attention"], ` + base + `}`, AttnHybrid, 128, 3, 32768, false},
		{"yarn", `{"model_type": "qwen3", "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}, ` + base + `}`, "", 0, 0, 131072, false},
	} {
		p, err := ParseHFConfig([]byte(tt.json), "config.json")
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if p.AttentionPattern != tt.pattern || p.SlidingWindow != tt.window || p.LocalPerGlobal != tt.local || p.MaxContext != tt.ctx || p.TiedEmbedding != tt.tied {
			t.Errorf("%s: pattern %q window %d local %d ctx %d tied %v", tt.name, p.AttentionPattern, p.SlidingWindow, p.LocalPerGlobal, p.MaxContext, p.TiedEmbedding)
		}
	}
}

// TestConfigName: a config is named by its folder or its file.
func TestConfigName(t *testing.T) {
	for in, want := range map[string]string{
		"./Qwen3-8B/config.json": "Qwen3-8B", "config.json": "config", "/m/mixtral.json": "mixtral", "x": "x",
	} {
		if got := configName(in); got != want {
			t.Errorf("configName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestParseHFConfigRefuses: what the reader refuses, each with a message
// naming the field or the limit and a fix, in both languages.
func TestParseHFConfigRefuses(t *testing.T) {
	good := string(readFixture(t, "qwen3-8b.json"))
	v3 := string(readFixture(t, "deepseek-v3.json"))
	deep := strings.Repeat("[", MaxConfigDepth+1) + strings.Repeat("]", MaxConfigDepth+1)
	for _, tt := range []struct {
		name, json, want string
	}{
		{"unknown model_type", strings.Replace(good, `"qwen3"`, `"falcon"`, 1), "llama, mistral, mixtral"},
		{"no model_type", `{"hidden_size": 4096}`, "no model_type"},
		{"wrong type", strings.Replace(good, `"num_hidden_layers": 36`, `"num_hidden_layers": "36"`, 1), "num_hidden_layers"},
		{"fraction", strings.Replace(good, `"hidden_size": 4096`, `"hidden_size": 4096.5`, 1), "hidden_size"},
		{"zero", strings.Replace(good, `"vocab_size": 151936`, `"vocab_size": 0`, 1), "vocab_size"},
		{"missing", strings.Replace(good, `"num_hidden_layers": 36,`, ``, 1), "num_hidden_layers: not given"},
		{"kv heads", strings.Replace(good, `"num_key_value_heads": 8`, `"num_key_value_heads": 5`, 1), "num_key_value_heads"},
		{"deep", `{"model_type": "llama", "x": ` + deep + `}`, "deeper than 16"},
		{"not json", `{"model_type": "llama",`, "not valid JSON"},
		{"array", `[1, 2]`, "not a JSON object"},
		{"too large", `{"x": "` + strings.Repeat("a", MaxConfigBytes) + `"}`, "larger than"},
		{"moe without count", `{"model_type": "mixtral", "hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128, "num_hidden_layers": 2, "vocab_size": 100, "max_position_embeddings": 4096}`, "num_experts"},
		{"shared expert", strings.Replace(string(readFixture(t, "qwen3-30b-a3b.json")), `"mlp_only_layers": []`, `"mlp_only_layers": [0]`, 1), "shared expert"},
		{"mla without kv rank", strings.Replace(v3, `"kv_lora_rank": 512,`, ``, 1), "kv_lora_rank: not given"},
		{"mla zero kv rank", strings.Replace(v3, `"kv_lora_rank": 512`, `"kv_lora_rank": 0`, 1), "kv_lora_rank: 0 is outside"},
		{"mla without rope", strings.Replace(v3, `"qk_rope_head_dim": 64,`, ``, 1), "give qk_rope_head_dim"},
		{"mla without q rank", strings.Replace(v3, `"q_lora_rank": 1536,`, ``, 1), "q_lora_rank: null for a plain query"},
		{"mla q rank text", strings.Replace(v3, `"q_lora_rank": 1536`, `"q_lora_rank": "big"`, 1), "q_lora_rank: \"big\" is not null"},
		{"mla zero q rank", strings.Replace(v3, `"q_lora_rank": 1536`, `"q_lora_rank": 0`, 1), "q_lora_rank: 0 is outside"},
		{"negative experts", strings.Replace(v3, `"n_routed_experts": 256`, `"n_routed_experts": -8`, 1), "n_routed_experts: -8 is outside"},
		{"negative shared", strings.Replace(v3, `"n_shared_experts": 1`, `"n_shared_experts": -1`, 1), "n_shared_experts: -1 is outside 0"},
		{"no shared count", strings.Replace(v3, `"n_shared_experts": 1,`, ``, 1), "give n_shared_experts"},
		{"no dense count", strings.Replace(v3, `"first_k_dense_replace": 3,`, ``, 1), "first_k_dense_replace: not given"},
		{"per token over experts", strings.Replace(v3, `"num_experts_per_tok": 8`, `"num_experts_per_tok": 300`, 1), "num_experts_per_tok: 300 is more than"},
		{"all dense", strings.Replace(v3, `"first_k_dense_replace": 3`, `"first_k_dense_replace": 61`, 1), "leave no layer of experts"},
		{"zero freq", strings.Replace(v3, `"moe_layer_freq": 1`, `"moe_layer_freq": 0`, 1), "moe_layer_freq: 0 is outside"},
		{"kimi not deepseek-shaped", strings.NewReplacer(`"model_type": "deepseek_v3"`, `"model_type": "kimi_k2"`, "\"DeepseekV3ForCausalLM\"\n  ]", "\"KimiForCausalLM\"\n  ]").Replace(v3), "DeepseekV3ForCausalLM"},
	} {
		_, err := ParseHFConfig([]byte(tt.json), "config.json")
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "model-config" || !strings.Contains(fe.Msg+" "+fe.Fix, tt.want) || fe.MsgZH == "" || fe.FixZH == "" {
			t.Errorf("%s: %#v, want a model-config error saying %q in both languages", tt.name, err, tt.want)
		}
		checkZH(t, tt.name, fe)
	}
}

// FuzzParseHFConfig: any bytes give an architecture whose counts are
// positive and finite and whose dimensions are in range (MLA's ranks and
// head widths, DeepSeek's dense layers and shared experts among them), or a
// *FieldError with a message and a fix in both languages; never a panic
// or a hang.
func FuzzParseHFConfig(f *testing.F) {
	for _, name := range []string{"llama-3.1-8b.json", "qwen3-30b-a3b.json", "mixtral-8x7b.json", "qwen3-8b-resaved.json",
		"deepseek-v3.json", "deepseek-coder-v2.json", "deepseek-v2-lite.json"} {
		f.Add(readFixture(f, name))
	}
	f.Add([]byte(`{"model_type": "kimi_k2", "architectures": ["DeepseekV3ForCausalLM"], "hidden_size": 64, "num_attention_heads": 4, "num_hidden_layers": 3, "vocab_size": 100, "max_position_embeddings": 4096, "intermediate_size": 96, "q_lora_rank": null, "kv_lora_rank": 16, "qk_nope_head_dim": 8, "qk_rope_head_dim": 4, "v_head_dim": 8, "n_routed_experts": 4, "num_experts_per_tok": 2, "n_shared_experts": 0, "moe_intermediate_size": 32, "first_k_dense_replace": 1, "moe_layer_freq": 2, "num_nextn_predict_layers": 1}`))
	f.Add([]byte(`{"model_type": "gemma3", "text_config": {"model_type": "gemma3_text"}}`))
	f.Add([]byte(`{"model_type": "mistral", "sliding_window": 1, "layer_types": ["x"]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseHFConfig(b, "config.json")
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Msg == "" || fe.MsgZH == "" || fe.Fix == "" || fe.FixZH == "" {
				t.Fatalf("%#v, want a *FieldError in both languages", err)
			}
			return
		}
		mla := p.Attention == "mla"
		if !(p.ParamsB > 0) || math.IsInf(p.ParamsB, 0) || !(p.ActiveB > 0) || p.ActiveB > p.ParamsB+1e-9 ||
			p.Layers < 1 || p.Hidden < 1 || p.Heads < 1 || p.KVHeads < 1 || p.MaxContext < 1 ||
			!mla && p.HeadDim < 1 || mla && (p.HeadDim != 0 || p.KVLoraRank < 1 || p.QKRopeHeadDim < 1 || p.QKNopeHeadDim < 1 || p.VHeadDim < 1 || p.QLoraRank < 0) ||
			p.DenseLayers < 0 || p.DenseLayers >= p.Layers && p.Experts > 0 || p.SharedExperts < 0 {
			t.Fatalf("architecture out of range: %+v", p)
		}
	})
}

// TestModelConfigAnswer: --model-config reads the file through the env's
// reader and replaces a preset or a size; without a reader (a record's
// answers are decoded, not read) it is refused; a stored architecture
// whose count is not what its dimensions give is refused by Validate.
func TestModelConfigAnswer(t *testing.T) {
	env := NewAnswerEnv(&Catalog{Models: hfPresets}, nil)
	env.ReadModelConfig = func(path string) (ModelPreset, error) {
		return ParseHFConfig(readFixture(t, filepath.Base(path)), path)
	}
	s, _ := SpecByName("model-config")
	a := DefaultAnswers()
	a.Model = "qwen3-8b"
	if err := s.Parse("dir/mixtral-8x7b.json", &a, env); err != nil {
		t.Fatal(err)
	}
	p, err := a.ModelPreset(hfPresets)
	if err != nil || a.Model != "" || p.Experts != 8 || a.ModelConfig.Path != "dir/mixtral-8x7b.json" || s.Format(&a) != "dir/mixtral-8x7b.json" {
		t.Fatalf("%+v, %v", a.ModelConfig, err)
	}
	if err := a.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	bad := a
	arch := a.ModelConfig.Arch
	arch.ParamsB *= 2
	bad.ModelConfig = &ModelConfig{Path: a.ModelConfig.Path, Arch: arch}
	if err := bad.Validate(); err == nil {
		t.Error("a stored architecture of twice its count passes Validate")
	}
	var fe *FieldError
	if err := s.Parse("x.json", &a, NewAnswerEnv(&Catalog{}, nil)); !errors.As(err, &fe) || fe.MsgZH == "" {
		t.Errorf("no reader: %v", err)
	}
	m, _ := SpecByName("model")
	if err := m.Parse("qwen3-8b", &a, env); err != nil || a.ModelConfig != nil || a.Model != "qwen3-8b" {
		t.Errorf("--model after --model-config: %v %+v", err, a.ModelConfig)
	}
}
