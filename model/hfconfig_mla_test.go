package model

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// TestParseHFConfigMLA: DeepSeek's configs (testdata/hfconfig/README.md
// names the copies) give MLA's dimensions and a parameter count matching
// the published one; nothing in ArchParams is fitted to these counts.
//
//   - DeepSeek-V3: 671B total (technical report, arXiv 2412.19437,
//     abstract: "671B total parameters with 37B activated for each
//     token"), an integer: tolerance 0.5B. Activated: DeepSeek counts
//     everything but the input embedding (README_WEIGHTS.md of
//     deepseek-ai/DeepSeek-V3: "Activation parameters: 36.6B (including
//     0.9B for the output Head)"), compared so: 36.6B, tolerance 0.05B.
//   - DeepSeek-Coder-V2-Instruct, DeepSeek-V2's architecture: 236B total,
//     21B activated (DeepSeek-V2 paper, arXiv 2405.04434, abstract;
//     DeepSeek-Coder-V2, arXiv 2406.11931, table 1), integers: 0.5B.
//   - DeepSeek-V2-Lite: 15.7B total, 2.4B activated (arXiv 2405.04434,
//     appendix B; the model card), one decimal: 0.05B total; the
//     activated figure's rounding is not stated (the dimensions give
//     2.45B): one unit of its last digit, 0.1B, as Qwen3-30B-A3B's.
//
// ActiveB keeps ArchParams' one definition (the input embedding counted,
// as Mistral AI and Qwen count theirs): the test takes the input
// embedding (vocab x hidden) off before comparing with DeepSeek's.
func TestParseHFConfigMLA(t *testing.T) {
	for _, tt := range []struct {
		file                   string
		total, active          float64
		tolTotal, tolActive    float64
		layers, dense, shared  int
		experts, perToken, ffn int
		denseFFN, qRank, heads int
		mtp                    bool
		family                 string
	}{
		{"deepseek-v3.json", 671, 36.6, 0.5, 0.05, 61, 3, 1, 256, 8, 2048, 18432, 1536, 128, true, "deepseek-v3"},
		{"deepseek-coder-v2.json", 236, 21, 0.5, 0.5, 60, 1, 2, 160, 6, 1536, 12288, 1536, 128, false, "deepseek-v2"},
		{"deepseek-v2-lite.json", 15.7, 2.4, 0.05, 0.1, 27, 1, 2, 64, 6, 1408, 10944, 0, 16, false, "deepseek-v2"},
	} {
		p, err := ParseHFConfig(readFixture(t, tt.file), tt.file)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		activated := p.ActiveB - float64(p.Vocab)*float64(p.Hidden)/1e9
		if !testcheck.NearAbs(p.ParamsB, tt.total, tt.tolTotal) || !testcheck.NearAbs(activated, tt.active, tt.tolActive) {
			t.Errorf("%s: %.3fB total, %.3fB activated without the input embedding; published %gB ± %g, %gB ± %g",
				tt.file, p.ParamsB, activated, tt.total, tt.tolTotal, tt.active, tt.tolActive)
		}
		if p.Attention != "mla" || p.KVLoraRank != 512 || p.QKRopeHeadDim != 64 || p.QKNopeHeadDim != 128 || p.VHeadDim != 128 ||
			p.HeadDim != 0 || p.QLoraRank != tt.qRank || p.Heads != tt.heads || p.Layers != tt.layers || p.DenseLayers != tt.dense ||
			p.SharedExperts != tt.shared || p.Experts != tt.experts || p.ExpertsUsed != tt.perToken || p.FFN != tt.ffn ||
			p.DenseFFN != tt.denseFFN || p.MTP != tt.mtp || p.Family != tt.family || p.TiedEmbedding || p.MaxContext != 163840 {
			t.Errorf("%s: %+v", tt.file, p)
		}
	}
}

// TestArchParamsMLAParts: each part of MLA and of DeepSeek's mixture is
// counted, by the difference it makes: a plain query projection instead
// of the low-rank one, one more shared expert, one more dense layer in
// place of an MoE one, tied embeddings; and a preset lacking a dimension
// MLA needs (the catalog's, which keeps them in its notes) gives no
// count rather than a wrong one.
func TestArchParamsMLAParts(t *testing.T) {
	base, err := ParseHFConfig(readFixture(t, "deepseek-v3.json"), "deepseek-v3.json")
	if err != nil {
		t.Fatal(err)
	}
	count := func(p ModelPreset) (float64, float64) {
		t.Helper()
		total, active, ok := ArchParams(&p)
		if !ok {
			t.Fatalf("no count: %+v", p)
		}
		return total * 1e9, active * 1e9
	}
	t0, a0 := count(base)
	h, layers, heads := 7168.0, 61.0, 128.0
	mlp := 3 * h * 2048
	for _, tt := range []struct {
		name          string
		edit          func(p *ModelPreset)
		total, active float64 // the change each should make
	}{
		{"plain query", func(p *ModelPreset) { p.QLoraRank = 0 },
			layers * (h*heads*192 - (h*1536 + 1536 + 1536*heads*192)), layers * (h*heads*192 - (h*1536 + 1536 + 1536*heads*192))},
		{"two shared experts", func(p *ModelPreset) { p.SharedExperts = 2 }, 58 * mlp, 58 * mlp},
		{"four dense layers", func(p *ModelPreset) { p.DenseLayers = 4 },
			3*h*18432 + 2*h - (256*mlp + mlp + 256*h + 2*h), 3*h*18432 + 2*h - (8*mlp + mlp + 256*h + 2*h)},
		{"tied embeddings", func(p *ModelPreset) { p.TiedEmbedding = true }, -129280 * h, -129280 * h},
	} {
		p := base
		tt.edit(&p)
		t1, a1 := count(p)
		if !testcheck.NearAbs(t1-t0, tt.total, 1) || !testcheck.NearAbs(a1-a0, tt.active, 1) {
			t.Errorf("%s: total %+.0f active %+.0f, want %+.0f, %+.0f", tt.name, t1-t0, a1-a0, tt.total, tt.active)
		}
	}
	for name, edit := range map[string]func(p *ModelPreset){
		"no qk_nope_head_dim":    func(p *ModelPreset) { p.QKNopeHeadDim = 0 },
		"no kv_lora_rank":        func(p *ModelPreset) { p.KVLoraRank = 0 },
		"dense layers, no width": func(p *ModelPreset) { p.DenseFFN = 0 },
		"shared experts, no mix": func(p *ModelPreset) { p.Experts, p.ExpertsUsed = 0, 0 },
		"negative shared":        func(p *ModelPreset) { p.SharedExperts = -1 },
		"more dense than layers": func(p *ModelPreset) { p.DenseLayers = 62 },
	} {
		p := base
		edit(&p)
		if _, _, ok := ArchParams(&p); ok {
			t.Errorf("%s: counted", name)
		}
	}
}

// TestParseHFConfigMLALayout: moe_layer_freq and first_k_dense_replace
// place the experts as DeepSeek's modelling code does (layer i has experts
// when i >= first_k_dense_replace and i is a multiple of moe_layer_freq),
// a config without n_routed_experts is dense, and Kimi K2's kimi_k2 is
// read as DeepseekV3ForCausalLM.
func TestParseHFConfigMLALayout(t *testing.T) {
	v3 := string(readFixture(t, "deepseek-v3.json"))
	for _, tt := range []struct {
		name, json     string
		dense, experts int
		family         string
	}{
		{"every second layer", strings.Replace(v3, `"moe_layer_freq": 1`, `"moe_layer_freq": 2`, 1), 61 - 29, 256, "deepseek-v3"}, // 4, 6, ..., 60
		{"no dense layer", strings.Replace(v3, `"first_k_dense_replace": 3`, `"first_k_dense_replace": 0`, 1), 0, 256, "deepseek-v3"},
		{"dense model", strings.Replace(v3, `"n_routed_experts": 256,`, ``, 1), 0, 0, "deepseek-v3"},
		{"kimi_k2", strings.Replace(v3, `"model_type": "deepseek_v3"`, `"model_type": "kimi_k2"`, 1), 3, 256, "kimi-k2"},
	} {
		p, err := ParseHFConfig([]byte(tt.json), "config.json")
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if p.DenseLayers != tt.dense || p.Experts != tt.experts || p.Family != tt.family || tt.experts == 0 && (p.FFN != 18432 || p.ParamsB != p.ActiveB) {
			t.Errorf("%s: %d dense layers, %d experts, %s, FFN %d; want %d, %d, %s", tt.name, p.DenseLayers, p.Experts, p.Family, p.FFN, tt.dense, tt.experts, tt.family)
		}
	}
}
