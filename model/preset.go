package model

import (
	"strings"
)

// ModelPreset holds the architecture facts of an open model that memory and
// speed estimates need. Zero means unknown.
type ModelPreset struct {
	Name        string  `json:"name" toml:"name"`   // "llama-3.1-8b"
	HFID        string  `json:"hf_id" toml:"hf_id"` // "meta-llama/Llama-3.1-8B"
	Family      string  `json:"family" toml:"family"`
	ParamsB     float64 `json:"params_b" toml:"params_b"`               // total parameters, billions
	ActiveB     float64 `json:"active_params_b" toml:"active_params_b"` // per token (MoE), billions
	Layers      int     `json:"layers" toml:"layers"`
	Hidden      int     `json:"hidden_size" toml:"hidden_size"`
	FFN         int     `json:"intermediate_size" toml:"intermediate_size"` // per expert for MoE
	Heads       int     `json:"heads" toml:"heads"`
	KVHeads     int     `json:"kv_heads" toml:"kv_heads"`
	HeadDim     int     `json:"head_dim" toml:"head_dim"` // 0 for MLA
	Vocab       int     `json:"vocab_size" toml:"vocab_size"`
	MaxContext  int     `json:"max_context" toml:"max_context"`
	Attention   string  `json:"attention" toml:"attention"` // mha, gqa, mqa, mla
	Experts     int     `json:"experts,omitempty" toml:"experts,omitempty"`
	ExpertsUsed int     `json:"experts_per_token,omitempty" toml:"experts_per_token,omitempty"`
	// KVLoraRank and QKRopeHeadDim describe MLA's compressed KV cache.
	KVLoraRank    int `json:"kv_lora_rank,omitempty" toml:"kv_lora_rank,omitempty"`
	QKRopeHeadDim int `json:"qk_rope_head_dim,omitempty" toml:"qk_rope_head_dim,omitempty"`
	// QLoraRank, QKNopeHeadDim and VHeadDim give the rest of MLA's
	// projections, for its parameter count (ArchParams): the query's
	// low-rank compression (0: a plain hidden x heads x (nope + rope)
	// projection, DeepSeek-V2-Lite), and the per-head widths of the
	// query/key part without rotary embedding and of the values. Zero
	// when unknown (the catalog's presets keep them in Notes).
	QLoraRank     int `json:"q_lora_rank,omitempty" toml:"q_lora_rank,omitempty"`
	QKNopeHeadDim int `json:"qk_nope_head_dim,omitempty" toml:"qk_nope_head_dim,omitempty"`
	VHeadDim      int `json:"v_head_dim,omitempty" toml:"v_head_dim,omitempty"`
	// SharedExperts is the number of experts of FFN width every token
	// passes through besides its ExpertsUsed routed ones (DeepSeek's
	// n_shared_experts); DenseLayers is the number of layers with one
	// dense MLP of DenseFFN width instead of experts (DeepSeek's
	// first_k_dense_replace layers, and those moe_layer_freq skips).
	SharedExperts int  `json:"shared_experts,omitempty" toml:"shared_experts,omitempty"`
	DenseLayers   int  `json:"dense_layers,omitempty" toml:"dense_layers,omitempty"`
	DenseFFN      int  `json:"dense_intermediate_size,omitempty" toml:"dense_intermediate_size,omitempty"`
	TiedEmbedding bool `json:"tied_embeddings,omitempty" toml:"tied_embeddings,omitempty"`
	// MTP says the checkpoint ships a multi-token-prediction module that
	// engines run as a speculative-decoding draft (DeepSeek-V3/R1: one
	// MTP layer, num_nextn_predict_layers 1 in the Hugging Face config).
	MTP bool `json:"mtp,omitempty" toml:"mtp,omitempty"`
	// AttentionPattern says which layers attend to the whole context:
	// "" or AttnGlobal (all), AttnSliding (every layer within SlidingWindow
	// tokens), AttnHybrid (LocalPerGlobal sliding-window layers for each
	// global one, Gemma 2 and 3, gpt-oss), AttnChunked (LocalPerGlobal
	// layers attending within chunks of SlidingWindow tokens for each
	// global one, Llama 4's iRoPE), AttnLinearHybrid (LocalPerGlobal
	// linear-attention layers, each keeping LinearState values per
	// sequence whatever its length, for each full-attention one,
	// Qwen3-Next).
	AttentionPattern string `json:"attention_pattern,omitempty" toml:"attention_pattern,omitempty"`
	SlidingWindow    int    `json:"sliding_window,omitempty" toml:"sliding_window,omitempty"`
	LocalPerGlobal   int    `json:"local_per_global,omitempty" toml:"local_per_global,omitempty"`
	// LinearState is the recurrent state one sequence keeps in each
	// linear-attention layer (values: Gated DeltaNet's value heads x key
	// dim x value dim plus its short convolution's window), for
	// AttnLinearHybrid.
	LinearState int `json:"linear_state,omitempty" toml:"linear_state,omitempty"`
	// ExpertFormat is the number format the routed experts' weights ship
	// in when it differs from the rest of the checkpoint (ExpertMXFP4 for
	// gpt-oss); "" when the whole checkpoint is one precision.
	ExpertFormat string `json:"expert_format,omitempty" toml:"expert_format,omitempty"`
	// CheckpointPrecision is the format the released checkpoint's weights
	// ship in, which serving engines load as they are (vLLM's --dtype auto
	// with the checkpoint's quantization_config): FP8 for DeepSeek-V3 and
	// R1 (block-scaled E4M3), BF16 for gpt-oss's non-expert weights; ""
	// when the catalog does not record it (a 16-bit release is assumed).
	// PrecisionAuto resolves to it.
	CheckpointPrecision Precision `json:"checkpoint_precision,omitempty" toml:"checkpoint_precision,omitempty"`
	// Kind is KindDiffusion for an image-generation pipeline,
	// KindEmbedding or KindReranker for an encoder, "" for a
	// language model.
	Kind string `json:"kind,omitempty" toml:"kind,omitempty"`
	// Components are a diffusion pipeline's parts (denoiser, text
	// encoders, VAE) with their parameter counts; ParamsB is their sum.
	Components []PipelinePart `json:"components,omitempty" toml:"components,omitempty"`
	// Image is a diffusion pipeline's measured reference: resolution, steps,
	// seconds per image on a named GPU and the working memory of one image.
	Image  *ImageRef `json:"image,omitempty" toml:"image,omitempty"`
	Notes  string    `json:"notes,omitempty" toml:"notes,omitempty"`
	Source string    `json:"source" toml:"source"`
}

// Attention patterns (ModelPreset.AttentionPattern) and preset kinds.
const (
	AttnGlobal  = "global"
	AttnSliding = "sliding"
	AttnHybrid  = "hybrid"
	// AttnChunked: chunked local attention (a token attends to the tokens
	// of its own chunk) on the local layers.
	AttnChunked = "chunked"
	// AttnLinearHybrid: linear attention with a fixed-size recurrent
	// state on the local layers.
	AttnLinearHybrid = "linear_hybrid"
	KindDiffusion    = "diffusion"
	// KindEmbedding and KindReranker: a model that encodes its input
	// into a vector (pooled hidden states) or scores a query-document
	// pair (a cross-encoder); both are served by a forward pass alone.
	KindEmbedding = "embedding"
	KindReranker  = "reranker"
	// ExpertMXFP4 is the OCP Microscaling FP4 format: blocks of 32 E2M1
	// values sharing one 8-bit E8M0 scale, 4 + 8/32 = 4.25 bits per
	// weight (OCP MX spec v1.0; the gpt-oss model card, arXiv 2508.10925:
	// the MoE weights "quantized to 4.25 bits per parameter").
	ExpertMXFP4 = "mxfp4"
)

// ExpertFormatBits is the bits per weight of an expert format (0 when
// unknown).
func ExpertFormatBits(f string) float64 {
	if f == ExpertMXFP4 {
		return 4.25
	}
	return 0
}

// PipelinePart is one model of a diffusion pipeline: its role ("denoiser",
// "text_encoder", "vae"), name and parameter count in billions.
type PipelinePart struct {
	Role    string  `json:"role" toml:"role"`
	Name    string  `json:"name" toml:"name"`
	ParamsB float64 `json:"params_b" toml:"params_b"`
}

// ImageRef is a published measurement of a diffusion pipeline: at Width x
// Width pixels and Steps denoising steps one image took Seconds on GPU
// and needed WorkspaceGiB on top of the loaded weights (peak minus
// loaded), with the source of the figures.
type ImageRef struct {
	Width        int     `json:"width" toml:"width"`
	Steps        int     `json:"steps" toml:"steps"`
	Seconds      float64 `json:"seconds" toml:"seconds"`
	GPU          string  `json:"gpu" toml:"gpu"`
	WorkspaceGiB float64 `json:"workspace_gib" toml:"workspace_gib"`
	Source       string  `json:"source" toml:"source"`
}

// IsDiffusion reports whether the preset is an image-generation pipeline.
func (m *ModelPreset) IsDiffusion() bool { return m.Kind == KindDiffusion }

// IsEncoder reports whether the preset is an embedding or reranking
// model: it runs a forward pass per input and generates nothing.
func (m *ModelPreset) IsEncoder() bool { return m.Kind == KindEmbedding || m.Kind == KindReranker }

// IsMoE reports whether the model is a mixture of experts.
func (m *ModelPreset) IsMoE() bool { return m.Experts > 0 }

// FindPreset looks a model up by preset name ("llama-3.1-8b"), Hugging Face
// id ("meta-llama/Llama-3.1-8B"), either case-insensitively, by an
// unambiguous prefix of a preset name ("qwen2.5-72"), or by words that all
// occur in one preset's name, id or family ("llama 405"). A name that fits
// several presets is an error of ReasonAmbiguous whose Candidates lists
// them; one that fits none, ReasonUnknown with the closest names.
func FindPreset(presets []ModelPreset, name string) (*ModelPreset, error) {
	q := strings.ToLower(strings.TrimSpace(name))
	if q == "" {
		return nil, newErr("model", "", ReasonMissing, tx("no model named"), tx("run 'gpupick models' for the list"))
	}
	for i := range presets {
		if strings.ToLower(presets[i].Name) == q || strings.ToLower(presets[i].HFID) == q {
			return &presets[i], nil
		}
	}
	var hits []int
	for i := range presets {
		n := strings.ToLower(presets[i].Name)
		id := strings.ToLower(presets[i].HFID)
		if strings.HasPrefix(n, q) || strings.HasPrefix(id, q) || (strings.Contains(id, "/") && strings.HasPrefix(id[strings.IndexByte(id, '/')+1:], q)) {
			hits = append(hits, i)
		}
	}
	if len(hits) == 0 {
		hits = MatchPresets(presets, q)
	}
	switch len(hits) {
	case 1:
		return &presets[hits[0]], nil
	case 0:
		names := make([]string, len(presets))
		for i := range presets {
			names[i] = presets[i].Name
		}
		e := newErr("model", short(strings.TrimSpace(name), maxEcho), ReasonUnknown, tx("no preset has that name"), tx("run 'gpupick models' for the list, or give a size such as 8B"))
		e.Candidates = Closest(q, names, 3)
		return nil, e
	}
	names := make([]string, 0, len(hits))
	for _, i := range hits {
		names = append(names, presets[i].Name)
	}
	e := newErr("model", short(strings.TrimSpace(name), maxEcho), ReasonAmbiguous, txf("matches %d presets: %s", len(names), strings.Join(names, ", ")), tx("type more of the name, or pick one with ↑/↓"))
	e.Candidates = names
	return nil, e
}

// MatchPresets lists the presets (as indexes) whose name, Hugging Face id
// or family contains every word of q, case-insensitively.
func MatchPresets(presets []ModelPreset, q string) []int {
	words := strings.Fields(strings.ToLower(q))
	var out []int
	if len(words) == 0 {
		return out
	}
	for i := range presets {
		hay := strings.ToLower(presets[i].Name + " " + presets[i].HFID + " " + presets[i].Family)
		ok := true
		for _, w := range words {
			if !strings.Contains(hay, w) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}
