package model

import (
	"math"
	"strings"
)

// ArchParams is the parameter count (billions) a decoder's config
// dimensions give, in total and per token: per layer the attention's
// projections (attnParams: grouped-query or MLA), the MLP (three matrices
// when gated, two for Falcon's plain one; for a mixture of experts,
// Experts of them of FFN each plus the router, ExpertsUsed of them per
// token, and SharedExperts more of FFN each that every token passes
// through; DenseLayers layers with one MLP of DenseFFN instead) and two
// norms; the embedding and the LM head (once when tied) and the final
// norm. Per token counts the embedding like the rest, as Mistral AI and
// Qwen count theirs (DeepSeek's "activated" counts leave the input
// embedding out: 36.6B of DeepSeek-V3's 37.5B here). A checkpoint's
// multi-token-prediction module (MTP) is not counted: the published
// counts leave it out (DeepSeek-V3's 671B main model, its 14B MTP module
// beside it). Biases and extra norms (QKV bias, QK-norm, DeepSeek-V3's
// router e_score_correction_bias of Experts a layer) add under 0.01%.
// ok is false when a dimension is unknown or the architecture has parts
// the dimensions do not describe (a shared expert not counted, linear
// attention, a diffusion pipeline). It reproduces the published counts:
// Llama 3.1 8B 8,030,261,248 exactly, Mistral 7B v0.3 7,248,023,552,
// Qwen2.5-7B 7.61B, Mixtral 8x7B 46.7B (data's
// TestConfigParamsMatchPublishedCounts, TestModelConfigParams),
// DeepSeek-V3 671B, DeepSeek-V2 236B, DeepSeek-V2-Lite 15.7B
// (TestParseHFConfigMLA).
func ArchParams(p *ModelPreset) (total, active float64, ok bool) {
	attn, ok := attnParams(p)
	if !ok || p.AttentionPattern == AttnLinearHybrid || p.Kind == KindDiffusion ||
		p.Layers <= 0 || p.Hidden <= 0 || p.FFN <= 0 || p.Vocab <= 0 ||
		p.Experts > 0 && (p.ExpertsUsed <= 0 || p.ExpertsUsed > p.Experts ||
			p.SharedExperts == 0 && strings.Contains(strings.ToLower(p.Notes), "shared expert")) ||
		p.SharedExperts < 0 || p.DenseLayers < 0 || p.DenseLayers > p.Layers ||
		(p.SharedExperts > 0 || p.DenseLayers > 0) && p.Experts <= 0 || p.DenseLayers > 0 && p.DenseFFN <= 0 {
		return 0, 0, false
	}
	h := float64(p.Hidden)
	mats := 3.0
	if strings.HasPrefix(strings.ToLower(p.Family), "falcon") {
		mats = 2
	}
	mlp := mats * h * float64(p.FFN)
	layer, layerActive := attn+mlp+2*h, attn+mlp+2*h
	dense := 0.0
	if p.Experts > 0 {
		shared := float64(p.SharedExperts) * mlp
		router := h * float64(p.Experts)
		layer = attn + float64(p.Experts)*mlp + shared + router + 2*h
		layerActive = attn + float64(p.ExpertsUsed)*mlp + shared + router + 2*h
		dense = float64(p.DenseLayers) * (attn + mats*h*float64(p.DenseFFN) + 2*h)
	}
	embed := float64(p.Vocab) * h
	if !p.TiedEmbedding {
		embed *= 2
	}
	l := float64(p.Layers - p.DenseLayers)
	total, active = (l*layer+dense+embed+h)/1e9, (l*layerActive+dense+embed+h)/1e9
	if math.IsInf(total, 0) || math.IsNaN(total) {
		return 0, 0, false
	}
	return total, active, true
}

// attnParams is the parameter count of one layer's attention. Grouped
// query attention: the query and output projections (heads x head_dim
// wide) and the key and value ones (kv_heads x head_dim). MLA (DeepSeek-V2
// and V3, arXiv 2405.04434 section 2.1): the query through its low-rank
// compression (hidden x q_lora_rank, its norm, then q_lora_rank x heads x
// (nope + rope)) or a plain projection when QLoraRank is 0; the joint
// key-value compression with the shared rotary key (hidden x (kv_lora_rank
// + rope)) and its norm; its up-projection to the heads' keys and values
// (kv_lora_rank x heads x (nope + v)); the output (heads x v x hidden).
// ok is false when a dimension it needs is unknown.
func attnParams(p *ModelPreset) (float64, bool) {
	h, heads := float64(p.Hidden), float64(p.Heads)
	if p.Heads <= 0 {
		return 0, false
	}
	if !strings.EqualFold(p.Attention, "mla") {
		if p.KVHeads <= 0 || p.HeadDim <= 0 {
			return 0, false
		}
		q, kv := heads*float64(p.HeadDim), float64(p.KVHeads*p.HeadDim)
		return h*q + 2*h*kv + q*h, true
	}
	if p.KVLoraRank <= 0 || p.QKRopeHeadDim <= 0 || p.QKNopeHeadDim <= 0 || p.VHeadDim <= 0 || p.QLoraRank < 0 {
		return 0, false
	}
	qk := heads * float64(p.QKNopeHeadDim+p.QKRopeHeadDim)
	q := h * qk
	if r := float64(p.QLoraRank); r > 0 {
		q = h*r + r + r*qk
	}
	c := float64(p.KVLoraRank)
	kv := h*(c+float64(p.QKRopeHeadDim)) + c + c*heads*float64(p.QKNopeHeadDim+p.VHeadDim)
	o := heads * float64(p.VHeadDim) * h
	return q + kv + o, true
}
