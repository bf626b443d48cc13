package model

import (
	"encoding/json"
	"slices"
)

// hfMLA holds the fields of a DeepSeek-V2/V3-shaped config.json
// (DeepseekV2Config, DeepseekV3Config): MLA's ranks and head widths and
// DeepSeek's mixture of experts. q_lora_rank is kept raw: null (a plain
// query projection) differs from a field left out.
type hfMLA struct {
	QLoraRank  json.RawMessage `json:"q_lora_rank"`
	KVLoraRank *int            `json:"kv_lora_rank"`
	QKNope     *int            `json:"qk_nope_head_dim"`
	QKRope     *int            `json:"qk_rope_head_dim"`
	VHead      *int            `json:"v_head_dim"`
	Routed     *int            `json:"n_routed_experts"`
	Shared     *int            `json:"n_shared_experts"`
	FirstDense *int            `json:"first_k_dense_replace"`
	MoEFreq    *int            `json:"moe_layer_freq"`
	NextN      *int            `json:"num_nextn_predict_layers"`
}

// mlaModelTypes are the model_types read as DeepSeek's MLA architecture.
var mlaModelTypes = []string{"deepseek_v2", "deepseek_v3", "kimi_k2"}

// countDims bounds the counts of a config that may be 0.
var countDims = []dimBound{
	{"n_shared_experts", 100_000, func(c *hfConfig) *int { return c.Shared }},
	{"first_k_dense_replace", 10_000, func(c *hfConfig) *int { return c.FirstDense }},
	{"num_nextn_predict_layers", 100, func(c *hfConfig) *int { return c.NextN }},
}

// isMLA reports whether the config is read as DeepSeek's MLA.
func (c *hfConfig) isMLA() bool { return slices.Contains(mlaModelTypes, c.ModelType) }

// mla reads MLA's attention and DeepSeek's mixture of experts (the
// Hugging Face DeepseekV2/V3 modelling code): kv_lora_rank,
// qk_rope_head_dim, qk_nope_head_dim and v_head_dim, and q_lora_rank,
// which must be given (null for a plain query projection, as
// DeepSeek-V2-Lite's; the classes' default when it is left out, 1536,
// would be a silent guess). Layer i has n_routed_experts experts of
// moe_intermediate_size, num_experts_per_tok per token, and
// n_shared_experts more of the same width, when i >= first_k_dense_replace
// and i is a multiple of moe_layer_freq (1 when left out); the other
// layers one MLP of intermediate_size. Without n_routed_experts every
// layer is dense. num_nextn_predict_layers > 0 says the checkpoint ships
// an MTP module (not counted in the parameters: ArchParams). Kimi K2's
// kimi_k2 is read when its architectures name DeepseekV3ForCausalLM.
func (c *hfConfig) mla(p *ModelPreset) error {
	if c.ModelType == "kimi_k2" && !slices.Contains(c.Architectures, "DeepseekV3ForCausalLM") {
		return fixErr{tx("model_type kimi_k2 whose architectures are not DeepseekV3ForCausalLM"),
			tx("give a Kimi K2 config.json with architectures [\"DeepseekV3ForCausalLM\"], or --params")}
	}
	// example is DeepSeek-V3's value of each key, for a fix.
	for _, f := range []struct {
		key, example string
		v            *int
		dst          *int
	}{{"kv_lora_rank", "512", c.KVLoraRank, &p.KVLoraRank}, {"qk_rope_head_dim", "64", c.QKRope, &p.QKRopeHeadDim},
		{"qk_nope_head_dim", "128", c.QKNope, &p.QKNopeHeadDim}, {"v_head_dim", "128", c.VHead, &p.VHeadDim}} {
		if f.v == nil {
			return fixErr{txf("%s: not given, and MLA needs it", f.key), txf("give %s as the model's config.json does (DeepSeek-V3: %s)", f.key, f.example)}
		}
		*f.dst = *f.v
	}
	q, err := c.qLoraRank()
	if err != nil {
		return err
	}
	p.QLoraRank, p.Attention = q, "mla"
	if c.NextN != nil && *c.NextN > 0 {
		p.MTP = true
	}
	if c.Routed == nil {
		return nil // every layer dense: intermediate_size, read by preset
	}
	freq := 1
	if c.MoEFreq != nil {
		freq = *c.MoEFreq
	}
	for _, f := range []struct {
		key, example string
		v            *int
	}{{"num_experts_per_tok", "8", c.PerToken}, {"moe_intermediate_size", "2048", c.MoEFFN}, {"n_shared_experts", "1", c.Shared}, {"first_k_dense_replace", "3", c.FirstDense}} {
		if f.v == nil {
			return fixErr{txf("%s: not given, and DeepSeek's mixture of experts needs it", f.key), txf("give %s as the model's config.json does (DeepSeek-V3: %s)", f.key, f.example)}
		}
	}
	if *c.PerToken > *c.Routed {
		return shapeErr(txf("num_experts_per_tok: %d is more than n_routed_experts %d", *c.PerToken, *c.Routed))
	}
	moe := 0
	for i := *c.FirstDense; i < p.Layers; i++ {
		if i%freq == 0 {
			moe++
		}
	}
	if moe == 0 {
		return shapeErr(txf("first_k_dense_replace %d and moe_layer_freq %d leave no layer of experts among num_hidden_layers %d", *c.FirstDense, freq, p.Layers))
	}
	p.Experts, p.ExpertsUsed, p.SharedExperts, p.FFN = *c.Routed, *c.PerToken, *c.Shared, *c.MoEFFN
	if p.DenseLayers = p.Layers - moe; p.DenseLayers > 0 {
		if c.FFN == nil {
			return shapeErr(txf("%s: not given, and the architecture needs it", "intermediate_size"))
		}
		p.DenseFFN = *c.FFN
	}
	return nil
}

// qLoraRank is the config's q_lora_rank: 0 for null, an error when it is
// left out or not a whole number from 1 to 1,000,000.
func (c *hfConfig) qLoraRank() (int, error) {
	raw := c.QLoraRank
	if len(raw) == 0 {
		return 0, fixErr{tx("q_lora_rank: not given, and MLA needs it"),
			tx("give q_lora_rank: null for a plain query projection (DeepSeek-V2-Lite) or its rank (1536 in DeepSeek-V2 and V3)")}
	}
	if string(raw) == "null" {
		return 0, nil
	}
	var v int
	if err := json.Unmarshal(raw, &v); err != nil {
		return 0, shapeErr(txf("q_lora_rank: %s is not null or a whole number", short(string(raw), 24)))
	}
	if v < 1 || v > 1_000_000 {
		return 0, shapeErr(txf("%s: %d is outside 1 to %d", "q_lora_rank", v, 1_000_000))
	}
	return v, nil
}
