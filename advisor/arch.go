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
	// Attention pattern: window > 0 is the sliding window (or, when
	// chunked, the chunk) of the local layers; localPerGlobal local layers
	// come with each global one (hybrid), or every layer is local when
	// allLocal. With linearState > 0 the local layers are linear attention
	// (Qwen3-Next's Gated DeltaNet): each keeps linearState values per
	// sequence, whatever its length, and no window.
	window         int
	localPerGlobal int
	allLocal       bool
	chunked        bool
	linearState    int
	// expertBits is the bits per weight the routed experts ship in when
	// the checkpoint holds them in their own format (gpt-oss: MXFP4, 4.25);
	// 0 when the whole checkpoint is one precision.
	expertBits float64
	// windowUnused: the config names a sliding window the estimate does
	// not trust an engine to use (Phi-3's 2047): sized as global.
	windowUnused int
	// MLA query and value shapes, for the attention weights that
	// data-parallel attention replicates.
	qLoraRank, qkNopeDim, vHeadDim int
	preset                         string
	generic                        bool // shape assumed from the parameter count
	weightsOnly                    bool // preset without architecture figures
	diffusion                      *model.ModelPreset
	// mtp: the checkpoint ships a multi-token-prediction module.
	mtp bool
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

// kvElemsPerLayer is the number of cached values per token in one layer:
// 2 x kv_heads x head_dim (GQA-aware), or for MLA kv_lora_rank +
// qk_rope_head_dim shared by all heads.
func (m *modelArch) kvElemsPerLayer() float64 {
	if !m.hasShape() {
		return 0
	}
	if m.mla {
		return float64(m.kvLoraRank + m.ropeDim)
	}
	return 2 * float64(m.kvHeads) * float64(m.headDim)
}

// kvElemsPerToken is the number of cached values per token over all
// layers when every layer caches it (a short context, or global
// attention).
func (m *modelArch) kvElemsPerToken() float64 {
	return float64(m.layers) * m.kvElemsPerLayer()
}

// globalLayers is the number of layers that attend to the whole context:
// all of them, none when every layer is local, or for a hybrid one layer
// in localPerGlobal+1 (Gemma 3: layers 6, 12, ... of 62 are global, 10 in
// all; Gemma 2: every second).
func (m *modelArch) globalLayers() int {
	switch {
	case m.linearState > 0 && m.localPerGlobal > 0:
		return m.layers / (m.localPerGlobal + 1)
	case m.window <= 0:
		return m.layers
	case m.allLocal:
		return 0
	}
	return m.layers / (m.localPerGlobal + 1)
}

// kvElemsSeq is the number of cached values of one sequence of ctx
// tokens: global layers hold every token, sliding-window layers at most
// the window, a chunked layer at most one chunk (its tokens attend only
// within their chunk), a linear-attention layer its recurrent state
// whatever ctx.
func (m *modelArch) kvElemsSeq(ctx int) float64 {
	g := m.globalLayers()
	local := m.layers - g
	held := float64(g) * float64(ctx) * m.kvElemsPerLayer()
	switch {
	case local <= 0:
	case m.linearState > 0:
		held += float64(local) * float64(m.linearState)
	default:
		held += float64(local) * float64(min(ctx, m.window)) * m.kvElemsPerLayer()
	}
	return held
}

// shippedExperts is the parameter count of the routed experts when they
// ship in their own format (expertBits > 0), from the config dimensions:
// experts x layers x the three matrices (gate, up, down) of hidden x ffn,
// every layer an MoE layer as in gpt-oss (its model card: MLP 114.71B of
// 116.83B, the dimensions give 114.65B); 0 otherwise.
func (m *modelArch) shippedExperts() float64 {
	if m.expertBits <= 0 || m.experts <= 0 || !m.hasShape() || m.ffn <= 0 {
		return 0
	}
	return min(float64(m.experts)*float64(m.layers)*3*float64(m.hidden)*float64(m.ffn), m.paramsB*1e9)
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
// not (tie_word_embeddings, kv_lora_rank, qk_rope_head_dim, sliding_window,
// MLA's q_lora_rank, qk_nope_head_dim and v_head_dim); a preset read from a
// config.json gives MLA's in its fields.
func presetArch(p *model.ModelPreset) modelArch {
	m := modelArch{
		paramsB: p.ParamsB, activeB: p.ActiveB,
		layers: p.Layers, hidden: p.Hidden, ffn: p.FFN,
		heads: p.Heads, kvHeads: p.KVHeads, headDim: p.HeadDim, vocab: p.Vocab,
		experts: p.Experts, used: p.ExpertsUsed,
		mla:        strings.EqualFold(p.Attention, "mla"),
		kvLoraRank: p.KVLoraRank, ropeDim: p.QKRopeHeadDim,
		qLoraRank: p.QLoraRank, qkNopeDim: p.QKNopeHeadDim, vHeadDim: p.VHeadDim,
		tied:   p.TiedEmbedding,
		preset: p.Name, mtp: p.MTP,
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
	if m.mla {
		for _, f := range []struct {
			key string
			dst *int
		}{{"q_lora_rank", &m.qLoraRank}, {"qk_nope_head_dim", &m.qkNopeDim}, {"v_head_dim", &m.vHeadDim}} {
			if v, ok := noteValue(notes, f.key); ok && *f.dst == 0 {
				*f.dst, _ = strconv.Atoi(v)
			}
		}
	}
	m.expertBits = model.ExpertFormatBits(p.ExpertFormat)
	switch {
	case p.SlidingWindow > 0 && (p.AttentionPattern == model.AttnHybrid || p.AttentionPattern == model.AttnChunked) && p.LocalPerGlobal > 0:
		m.window, m.localPerGlobal = p.SlidingWindow, p.LocalPerGlobal
		m.chunked = p.AttentionPattern == model.AttnChunked
	case p.AttentionPattern == model.AttnLinearHybrid && p.LocalPerGlobal > 0 && p.LinearState > 0:
		m.localPerGlobal, m.linearState = p.LocalPerGlobal, p.LinearState
	case p.SlidingWindow > 0 && p.AttentionPattern == model.AttnSliding:
		m.window, m.allLocal = p.SlidingWindow, true
	default:
		// A window in the notes without a pattern column is not relied on:
		// the KV cache is sized as global, the worse case.
		if v, ok := noteValue(notes, "sliding_window"); ok {
			m.windowUnused, _ = strconv.Atoi(v)
		}
	}
	m.plainMLP = strings.HasPrefix(strings.ToLower(p.Family), "falcon")
	if m.headDim == 0 && m.heads > 0 && !m.mla {
		m.headDim = m.hidden / m.heads
	}
	if m.kvHeads == 0 {
		m.kvHeads = m.heads
	}
	if p.IsDiffusion() && len(p.Components) > 0 && p.Image != nil {
		m.diffusion = p
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
