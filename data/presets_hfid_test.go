package data

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestEveryPresetResolvesByItsID: every preset of the embedded catalog
// records its Hugging Face id, and that id, its instruct release
// (id + "-Instruct") and the id in other case resolve to the preset itself,
// so no two presets' ids read as one architecture.
func TestEveryPresetResolvesByItsID(t *testing.T) {
	cat, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cat.Models {
		if p.HFID == "" {
			t.Errorf("preset %s has no hf_id", p.Name)
			continue
		}
		for _, id := range []string{p.HFID, p.HFID + "-Instruct", upper(p.HFID)} {
			ref, err := model.ResolveModel(cat.Models, id)
			if err != nil {
				t.Errorf("%s: %q: %v", p.Name, id, err)
				continue
			}
			if ref.Preset.Name != p.Name || ref.Precision != "" {
				t.Errorf("%q resolves to %s %q, want preset %s", id, ref.Preset.Name, ref.Precision, p.Name)
			}
		}
	}
}

// TestHFReleasesResolve: the releases people copy from the Hub resolve
// to the preset of their architecture against the embedded catalog.
func TestHFReleasesResolve(t *testing.T) {
	cat, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{
		"meta-llama/Llama-3.1-70B-Instruct":    "llama-3.1-70b",
		"Qwen/Qwen3-30B-A3B-Instruct-2507":     "qwen3-30b-a3b",
		"meta-llama/Llama-3.1-8B-Instruct":     "llama-3.1-8b",
		"mistralai/Mixtral-8x7B-Instruct-v0.1": "mixtral-8x7b",
		"deepseek-ai/DeepSeek-R1-0528":         "deepseek-r1",
	} {
		ref, err := model.ResolveModel(cat.Models, id)
		if err != nil || ref.Preset.Name != want {
			t.Errorf("%q: %v %v, want %s", id, ref.Preset, err, want)
		}
	}
}

// upper is s in upper case (ASCII).
func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
