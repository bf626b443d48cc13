package advisor

import (
	"math"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// modelArch is the transformer shape an estimate rests on: a preset's
// figures or, without one, a shape assumed from the parameter count.
type modelArch struct {
	paramsB, activeB float64
	layers, hidden   int
	ffn              int // per expert for MoE
	heads, kvHeads   int
	headDim, vocab   int
	experts, used    int // MoE routed experts and experts per token
	mla              bool
	kvLoraRank       int
	ropeDim          int
	tied             bool
	plainMLP         bool // two-matrix GELU MLP (Falcon) instead of a gated one
	window           bool // sliding-window layers: the KV estimate is an upper bound
	preset           string
	generic          bool // shape assumed from the parameter count
	weightsOnly      bool // preset without architecture figures (image models)
}

// hasShape reports whether layer figures are known.
func (m *modelArch) hasShape() bool { return m.layers > 0 && m.hidden > 0 }

// kvHeadsEff is the number of distinct KV heads tensor parallelism can
// split: MLA's latent cache is one shared vector per token, replicated on
// every tensor-parallel rank.
func (m *modelArch) kvHeadsEff() int {
	if m.mla || m.kvHeads <= 0 {
		return 1
	}
	return m.kvHeads
}

// kvElemsPerToken is the number of cached values per token over all
// layers: 2 x layers x kv_heads x head_dim (GQA-aware), or for MLA
// layers x (kv_lora_rank + qk_rope_head_dim).
func (m *modelArch) kvElemsPerToken() float64 {
	if !m.hasShape() {
		return 0
	}
	if m.mla {
		return float64(m.layers) * float64(m.kvLoraRank+m.ropeDim)
	}
	return 2 * float64(m.layers) * float64(m.kvHeads) * float64(m.headDim)
}

// embedParams is the parameter count of the input embedding and the LM
// head (counted once when tied).
func (m *modelArch) embedParams() float64 {
	if !m.hasShape() || m.vocab <= 0 {
		return 0
	}
	e := float64(m.vocab) * float64(m.hidden)
	if !m.tied {
		e *= 2
	}
	if e > m.paramsB*1e9*0.5 {
		e = m.paramsB * 1e9 * 0.5
	}
	return e
}

// loraParams is the adapter size for rank r on every linear layer of the
// blocks (attention projections and the MLP, every expert for MoE), the
// PEFT "all-linear" target.
func (m *modelArch) loraParams(r int) float64 {
	if !m.hasShape() {
		return 0
	}
	h, ad, kvd := float64(m.hidden), float64(m.heads*m.headDim), float64(m.kvHeads*m.headDim)
	if m.mla || ad == 0 {
		ad = h
		kvd = h
	}
	attn := (h + ad) + 2*(h+kvd) + (ad + h)
	mlpMats := 3.0
	if m.plainMLP {
		mlpMats = 2
	}
	experts := 1.0
	if m.experts > 0 {
		experts = float64(m.experts)
	}
	mlp := mlpMats * (h + float64(m.ffn)) * experts
	return float64(r) * float64(m.layers) * (attn + mlp)
}

// ffnActive is the MLP width a token passes through (experts per token
// times the expert width for MoE).
func (m *modelArch) ffnActive() float64 {
	f := float64(m.ffn)
	if m.used > 0 {
		f *= float64(m.used)
	}
	if f == 0 {
		f = 4 * float64(m.hidden)
	}
	return f
}

// ladder holds the Llama 3 family shapes (model_presets.csv, sources:
// Meta model cards and the HF configs vendored in mlc-llm / MaxText) used
// to assume a shape when only a parameter count is given.
var ladder = []modelArch{
	{paramsB: 1.23, layers: 16, hidden: 2048, ffn: 8192, heads: 32, kvHeads: 8, headDim: 64, vocab: 128256, tied: true},
	{paramsB: 3.21, layers: 28, hidden: 3072, ffn: 8192, heads: 24, kvHeads: 8, headDim: 128, vocab: 128256, tied: true},
	{paramsB: 8, layers: 32, hidden: 4096, ffn: 14336, heads: 32, kvHeads: 8, headDim: 128, vocab: 128256},
	{paramsB: 70, layers: 80, hidden: 8192, ffn: 28672, heads: 64, kvHeads: 8, headDim: 128, vocab: 128256},
	{paramsB: 405, layers: 126, hidden: 16384, ffn: 53248, heads: 128, kvHeads: 8, headDim: 128, vocab: 128256},
}

// genericArch assumes a Llama-3-like shape for a bare parameter count: the
// nearest ladder entry (by log size) with its layer count scaled to the
// size.
func genericArch(paramsB float64) modelArch {
	best, bestD := 0, math.Inf(1)
	for i := range ladder {
		d := math.Abs(math.Log(paramsB / ladder[i].paramsB))
		if d < bestD {
			best, bestD = i, d
		}
	}
	m := ladder[best]
	layers := int(math.Round(float64(m.layers) * paramsB / m.paramsB))
	if layers < 1 {
		layers = 1
	}
	if layers > 4*m.layers {
		layers = 4 * m.layers
	}
	m.layers = layers
	m.paramsB, m.activeB = paramsB, paramsB
	m.generic = true
	return m
}

// presetArch converts a preset. Notes carry key=value facts the columns do
// not (tie_word_embeddings, kv_lora_rank, qk_rope_head_dim, sliding_window).
func presetArch(p *model.ModelPreset) modelArch {
	m := modelArch{
		paramsB: p.ParamsB, activeB: p.ActiveB,
		layers: p.Layers, hidden: p.Hidden, ffn: p.FFN,
		heads: p.Heads, kvHeads: p.KVHeads, headDim: p.HeadDim, vocab: p.Vocab,
		experts: p.Experts, used: p.ExpertsUsed,
		mla:        strings.EqualFold(p.Attention, "mla"),
		kvLoraRank: p.KVLoraRank, ropeDim: p.QKRopeHeadDim,
		tied:   p.TiedEmbedding,
		preset: p.Name,
	}
	if m.activeB <= 0 {
		m.activeB = m.paramsB
	}
	notes := strings.ToLower(p.Notes)
	if v, ok := noteValue(notes, "tie_word_embeddings"); ok && v == "true" {
		m.tied = true
	}
	if m.mla {
		if m.kvLoraRank == 0 {
			if v, ok := noteValue(notes, "kv_lora_rank"); ok {
				m.kvLoraRank, _ = strconv.Atoi(v)
			}
		}
		if m.ropeDim == 0 {
			if v, ok := noteValue(notes, "qk_rope_head_dim"); ok {
				m.ropeDim, _ = strconv.Atoi(v)
			}
		}
	}
	if v, ok := noteValue(notes, "sliding_window"); ok && v != "null" && v != "none" {
		m.window = true
	}
	m.plainMLP = strings.HasPrefix(strings.ToLower(p.Family), "falcon")
	if m.headDim == 0 && m.heads > 0 && !m.mla {
		m.headDim = m.hidden / m.heads
	}
	if m.kvHeads == 0 {
		m.kvHeads = m.heads
	}
	if !m.hasShape() || (m.mla && m.kvLoraRank+m.ropeDim == 0) || (!m.mla && (m.kvHeads == 0 || m.headDim == 0)) {
		m.weightsOnly = true
		m.layers, m.hidden = 0, 0
	}
	return m
}

// noteValue finds "key=value" in a preset's notes.
func noteValue(notes, key string) (string, bool) {
	i := strings.Index(notes, key+"=")
	if i < 0 {
		return "", false
	}
	v := notes[i+len(key)+1:]
	end := strings.IndexAny(v, " ;,)\t\n")
	if end >= 0 {
		v = v[:end]
	}
	v = strings.TrimRight(v, ".")
	return v, v != ""
}
