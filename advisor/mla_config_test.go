package advisor

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// mlaConfig is a DeepSeek config.json of model/testdata/hfconfig read by
// model.ParseHFConfig (its README names the copies).
func mlaConfig(t *testing.T, name string) model.ModelPreset {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "model", "testdata", "hfconfig", name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := model.ParseHFConfig(b, name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMLAKVCacheFromConfig: a DeepSeek config sizes the KV cache as MLA
// caches it, (d_c + d_h^R) x layers values a token (DeepSeek-V2 paper,
// arXiv 2405.04434, table 1: 4.5 d_h l with d_c = 4 d_h = kv_lora_rank
// 512 and d_h^R = d_h / 2 = qk_rope_head_dim 64): 576 x 60 = 34,560 for
// DeepSeek-V2, exactly (a count, no tolerance), not the 2 x 128 heads x
// 128 x 60 of plain multi-head attention; DeepSeek-V3's config gives the
// deepseek-v3 preset's cache and MLA shapes, the preset's read from its
// notes.
func TestMLAKVCacheFromConfig(t *testing.T) {
	v2 := presetArch(ptr(mlaConfig(t, "deepseek-coder-v2.json")))
	if got := v2.kvElemsPerToken(); got != 576*60 || v2.kvHeadsEff() != 1 {
		t.Errorf("DeepSeek-V2: %.0f values a token over %d KV heads, want 34,560 over 1", got, v2.kvHeadsEff())
	}
	byConfig := presetArch(ptr(mlaConfig(t, "deepseek-v3.json")))
	var preset *model.ModelPreset
	for i := range testPresets {
		if testPresets[i].Name == "deepseek-v3" {
			preset = &testPresets[i]
		}
	}
	byPreset := presetArch(preset)
	if byConfig.kvElemsPerToken() != 576*61 || byConfig.kvElemsPerToken() != byPreset.kvElemsPerToken() ||
		byConfig.qLoraRank != byPreset.qLoraRank || byConfig.qkNopeDim != byPreset.qkNopeDim || byConfig.vHeadDim != byPreset.vHeadDim ||
		!byConfig.mla || !byConfig.mtp || byConfig.weightsOnly {
		t.Errorf("DeepSeek-V3: config %+v, preset %+v", byConfig, byPreset)
	}
}
