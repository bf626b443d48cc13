package model

import (
	"math"
	"strings"
)

// ArchParams is the parameter count (billions) a decoder's config
// dimensions give, in total and per token: per layer the query, key,
// value and output projections (heads x head_dim and kv_heads x head_dim
// wide), the MLP (three matrices when gated, two for Falcon's plain one;
// for a mixture of experts, Experts of them of FFN each plus the router,
// ExpertsUsed of them per token) and two norms; the embedding and the LM
// head (once when tied) and the final norm. Biases and extra norms (QKV
// bias, QK-norm) add under 0.01%. ok is false when a dimension is unknown
// or the architecture has parts the dimensions do not describe (MLA, a
// shared expert, linear attention, a diffusion pipeline). It reproduces
// the published counts: Llama 3.1 8B 8,030,261,248 exactly, Mistral 7B
// v0.3 7,248,023,552, Qwen2.5-7B 7.61B, Mixtral 8x7B 46.7B
// (data's TestConfigParamsMatchPublishedCounts, TestModelConfigParams).
func ArchParams(p *ModelPreset) (total, active float64, ok bool) {
	if strings.EqualFold(p.Attention, "mla") || p.AttentionPattern == AttnLinearHybrid || p.Kind == KindDiffusion ||
		p.Layers <= 0 || p.Hidden <= 0 || p.FFN <= 0 || p.Heads <= 0 || p.KVHeads <= 0 || p.HeadDim <= 0 || p.Vocab <= 0 ||
		p.Experts > 0 && (p.ExpertsUsed <= 0 || p.ExpertsUsed > p.Experts || strings.Contains(strings.ToLower(p.Notes), "shared expert")) {
		return 0, 0, false
	}
	h := float64(p.Hidden)
	q, kv := float64(p.Heads*p.HeadDim), float64(p.KVHeads*p.HeadDim)
	attn := h*q + 2*h*kv + q*h
	mats := 3.0
	if strings.HasPrefix(strings.ToLower(p.Family), "falcon") {
		mats = 2
	}
	mlp := mats * h * float64(p.FFN)
	layer, layerActive := attn+mlp+2*h, attn+mlp+2*h
	if p.Experts > 0 {
		router := h * float64(p.Experts)
		layer = attn + float64(p.Experts)*mlp + router + 2*h
		layerActive = attn + float64(p.ExpertsUsed)*mlp + router + 2*h
	}
	embed := float64(p.Vocab) * h
	if !p.TiedEmbedding {
		embed *= 2
	}
	l := float64(p.Layers)
	total, active = (l*layer+embed+h)/1e9, (l*layerActive+embed+h)/1e9
	if math.IsInf(total, 0) || math.IsNaN(total) {
		return 0, 0, false
	}
	return total, active, true
}
