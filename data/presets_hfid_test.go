package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
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

// TestQwen3DensePresetsMatchCards: the Qwen3 dense sizes added in
// facts/presets.csv give, from their config dimensions (model.ArchParams),
// the counts of their model cards (huggingface.co/Qwen/Qwen3-0.6B, -1.7B,
// -4B, -14B: total 0.6, 1.7, 4.0, 14.8B; without the embedding 0.44, 1.4,
// 3.6, 13.2B). The cards round to one decimal (0.44 to two): tolerance
// half a unit of the last digit, 0.05B (0.005B for 0.44B). The catalog's
// count is the card's.
func TestQwen3DensePresetsMatchCards(t *testing.T) {
	cat, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name             string
		total, nonEmbed  float64
		tolTotal, tolNon float64
		tied             bool
	}{
		{"qwen3-0.6b", 0.6, 0.44, 0.05, 0.005, true},
		{"qwen3-1.7b", 1.7, 1.4, 0.05, 0.05, true},
		{"qwen3-4b", 4.0, 3.6, 0.05, 0.05, true},
		{"qwen3-14b", 14.8, 13.2, 0.05, 0.05, false},
	} {
		p, err := model.FindPreset(cat.Models, tt.name)
		if err != nil || p.Name != tt.name {
			t.Fatalf("%s: %v", tt.name, err)
		}
		total, active, ok := model.ArchParams(p)
		if !ok || !testcheck.NearAbs(total, tt.total, tt.tolTotal) || active != total {
			t.Errorf("%s: dimensions give %.3fB (active %.3fB), card %.1fB ± %.2f", tt.name, total, active, tt.total, tt.tolTotal)
		}
		embed := float64(p.Vocab*p.Hidden) / 1e9
		if !p.TiedEmbedding {
			embed *= 2
		}
		if non := total - embed; !testcheck.NearAbs(non, tt.nonEmbed, tt.tolNon) {
			t.Errorf("%s: %.3fB without the embedding, card %.2fB ± %.3f", tt.name, non, tt.nonEmbed, tt.tolNon)
		}
		if p.ParamsB != tt.total || p.TiedEmbedding != tt.tied || p.Family != "qwen3" || !strings.Contains(p.Source, "huggingface.co/"+p.HFID) {
			t.Errorf("%s: params %v, tied %v, family %s, source %s", tt.name, p.ParamsB, p.TiedEmbedding, p.Family, p.Source)
		}
	}
}
