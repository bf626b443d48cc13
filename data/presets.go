package data

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// noteIntRe reads an integer "key=value" from a preset's notes.
var noteIntRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\b(kv_lora_rank|qk_rope_head_dim)=(\d+)`) }}

// mtpRe finds a note that the checkpoint includes a multi-token-prediction
// (MTP) module.
var mtpRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\bincl\.? [\d.]+B MTP module\b`) }}

// tiedRe reads whether the notes say the embeddings are tied:
// "tie_word_embeddings=true|false", or the Gemma rows' "Embeddings tied
// (MaxText logits_via_embedding=true)".
var tiedRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\btie_word_embeddings=(true|false)\b|logits_via_embedding=(true)\b|\bembeddings tied\b`)
}}

// parsePresets reads model_presets.csv. Blank numbers stay 0 (unknown);
// tied embeddings, kv_lora_rank and qk_rope_head_dim come from the notes'
// key=value fields.
func parsePresets(r io.Reader, name string) ([]model.ModelPreset, error) {
	out, _, err := readPresets(r, name)
	return out, err
}

// readPresets is parsePresets with the file line of each preset.
func readPresets(r io.Reader, name string) ([]model.ModelPreset, []int, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, nil, err
	}
	out, err := presetRows(t, name)
	return out, t.lines, err
}

// presetRows converts the rows of a table in model_presets.csv's columns.
func presetRows(t *table, name string) ([]model.ModelPreset, error) {
	if err := t.require("name", "hf_id", "family", "params_total_b", "params_active_b", "num_layers", "hidden_size",
		"intermediate_size", "num_attention_heads", "num_kv_heads", "head_dim", "vocab_size", "max_context",
		"attention", "moe_experts", "moe_experts_per_token", "notes", "source"); err != nil {
		return nil, err
	}
	var out []model.ModelPreset
	var err error
	seen := map[string]bool{}
	for i := range t.rows {
		p := model.ModelPreset{
			Name: t.get(i, "name"), HFID: t.get(i, "hf_id"), Family: t.get(i, "family"),
			Attention: t.get(i, "attention"), Notes: t.get(i, "notes"), Source: t.get(i, "source"),
		}
		if p.Name == "" || seen[p.Name] {
			return nil, fmt.Errorf("%s: line %d: preset name empty or repeated (%q)", name, t.lines[i], p.Name)
		}
		seen[p.Name] = true
		for _, f := range []struct {
			col string
			dst *float64
		}{{"params_total_b", &p.ParamsB}, {"params_active_b", &p.ActiveB}} {
			if *f.dst, _, err = t.num(i, f.col); err != nil {
				return nil, err
			}
		}
		for _, f := range []struct {
			col string
			dst *int
		}{
			{"num_layers", &p.Layers}, {"hidden_size", &p.Hidden}, {"intermediate_size", &p.FFN},
			{"num_attention_heads", &p.Heads}, {"num_kv_heads", &p.KVHeads}, {"head_dim", &p.HeadDim},
			{"vocab_size", &p.Vocab}, {"max_context", &p.MaxContext}, {"moe_experts", &p.Experts},
			{"moe_experts_per_token", &p.ExpertsUsed},
		} {
			s := t.get(i, f.col)
			if s == "" {
				continue
			}
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("%s: line %d: column %s: %q is not a whole number", name, t.lines[i], f.col, s)
			}
			*f.dst = v
		}
		for _, m := range noteIntRe.Get().FindAllStringSubmatch(p.Notes, -1) {
			v, _ := strconv.Atoi(m[2])
			switch m[1] {
			case "kv_lora_rank":
				p.KVLoraRank = v
			case "qk_rope_head_dim":
				p.QKRopeHeadDim = v
			}
		}
		// The notes say when the checkpoint includes the MTP module
		// ("HF checkpoint is 685B incl. 14B MTP module").
		p.MTP = mtpRe.Get().MatchString(p.Notes)
		if m := tiedRe.Get().FindStringSubmatch(p.Notes); m != nil {
			p.TiedEmbedding = strings.EqualFold(m[1], "true") || m[2] == "true" || m[1] == "" && m[2] == ""
		}
		out = append(out, p)
	}
	return out, nil
}

// filePresetsAdded is the facts file of whole presets (facts/presets.csv).
const filePresetsAdded = "presets.csv"

// addPresets appends the whole presets of facts/presets.csv (the models
// the reference data lacks, in model_presets.csv's columns) to base: every
// row cites its sources, and a name base already has is refused with its
// line.
func addPresets(base []model.ModelPreset, r io.Reader, name string) ([]model.ModelPreset, error) {
	added, lines, err := readPresets(r, name)
	if err != nil {
		return nil, err
	}
	have := make(map[string]bool, len(base))
	for i := range base {
		have[strings.ToLower(base[i].Name)] = true
	}
	for i := range added {
		p := &added[i]
		switch {
		case have[strings.ToLower(p.Name)]:
			return nil, fmt.Errorf("%s: line %d: column name: %q is already a preset of model_presets.csv (give a preset once)", name, lines[i], p.Name)
		case strings.TrimSpace(p.Source) == "":
			return nil, fmt.Errorf("%s: line %d: column source: empty (every preset cites its config file and model card)", name, lines[i])
		case p.ParamsB <= 0 || p.ActiveB <= 0 || p.ActiveB > p.ParamsB:
			return nil, fmt.Errorf("%s: line %d: columns params_total_b, params_active_b: %v total and %v active (both from the model card or the weights index, active at most the total)", name, lines[i], p.ParamsB, p.ActiveB)
		}
	}
	return append(base, added...), nil
}
