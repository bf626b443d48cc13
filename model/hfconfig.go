package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model/text"
)

// The bounds of a Hugging Face config.json that ParseHFConfig reads: the
// largest real ones (with a vision tower or a layer_types list) are a few
// tens of KB and nest four levels.
const (
	// MaxConfigBytes is the largest config.json read (1 MiB).
	MaxConfigBytes = 1 << 20
	// MaxConfigDepth is the deepest nesting of objects and arrays read.
	MaxConfigDepth = 16
)

// ConfigModelTypes are the model_type values of a Hugging Face config
// whose attention the memory model knows (ParseHFConfig): grouped-query
// decoders with full, sliding-window or interleaved attention, dense or
// mixtures of experts without a shared expert; and DeepSeek's MLA with
// its shared-expert mixture (DeepSeek-V2 and V3, and Kimi K2, a
// DeepseekV3ForCausalLM under its own model_type).
var ConfigModelTypes = []string{"llama", "mistral", "mixtral", "qwen2", "qwen3", "qwen3_moe", "gemma", "gemma2", "gemma3", "gemma3_text", "phi3", "deepseek_v2", "deepseek_v3", "kimi_k2"}

// configField is the name of the answer a config's errors are named by.
const configField = "model-config"

// hfConfig holds the fields of a config.json that give the architecture;
// pointers tell a field left out from a zero.
type hfConfig struct {
	ModelType     string          `json:"model_type"`
	NameOrPath    string          `json:"_name_or_path"`
	Layers        *int            `json:"num_hidden_layers"`
	Hidden        *int            `json:"hidden_size"`
	FFN           *int            `json:"intermediate_size"`
	MoEFFN        *int            `json:"moe_intermediate_size"`
	Heads         *int            `json:"num_attention_heads"`
	KVHeads       *int            `json:"num_key_value_heads"`
	HeadDim       *int            `json:"head_dim"`
	Vocab         *int            `json:"vocab_size"`
	MaxPos        *int            `json:"max_position_embeddings"`
	Experts       *int            `json:"num_experts"`       // Qwen3-MoE
	LocalExperts  *int            `json:"num_local_experts"` // Mixtral
	PerToken      *int            `json:"num_experts_per_tok"`
	SharedFFN     *int            `json:"shared_expert_intermediate_size"`
	SparseStep    *int            `json:"decoder_sparse_step"`
	MLPOnly       []int           `json:"mlp_only_layers"`
	Tie           *bool           `json:"tie_word_embeddings"`
	TorchDtype    string          `json:"torch_dtype"`
	Dtype         string          `json:"dtype"`
	SlidingWindow *int            `json:"sliding_window"`
	UseSliding    *bool           `json:"use_sliding_window"`
	SlidePattern  *int            `json:"sliding_window_pattern"`
	SlidePattern2 *int            `json:"_sliding_window_pattern"`
	LayerTypes    []string        `json:"layer_types"`
	RopeScaling   *hfRope         `json:"rope_scaling"`
	Quant         *hfQuant        `json:"quantization_config"`
	TextConfig    json.RawMessage `json:"text_config"`
	Architectures []string        `json:"architectures"`
	hfMLA
}

// hfRope is a config's rope_scaling: YaRN stretches the context by factor.
type hfRope struct {
	Type     string  `json:"type"`
	RopeType string  `json:"rope_type"`
	Factor   float64 `json:"factor"`
	Original int     `json:"original_max_position_embeddings"`
}

// hfQuant is a config's quantization_config.
type hfQuant struct {
	Method string `json:"quant_method"`
	Bits   int    `json:"bits"`
	Load4  bool   `json:"load_in_4bit"`
	Load8  bool   `json:"load_in_8bit"`
}

// configErr is the *FieldError of a config.json: msg names the field
// and the problem, fix what to do.
func configErr(name string, msg, fix text.Pair) error {
	return newErr(configField, short(name, maxEcho), ReasonForm, msg, fix)
}

// fixErr is a problem of a config with a fix of its own (a shapeErr
// takes the general one: give the config as Hugging Face publishes it).
type fixErr struct{ msg, fix text.Pair }

func (e fixErr) Error() string { return e.msg[text.EN] }

// shapeConfigErr is configErr of a problem the reader found: its own fix
// (fixErr) or the general one.
func shapeConfigErr(name string, err error) error {
	if fe, ok := err.(fixErr); ok {
		return configErr(name, fe.msg, fe.fix)
	}
	return configErr(name, text.Pair(err.(shapeErr)), tx("give the model's config.json as Hugging Face publishes it"))
}

// ParseHFConfig reads a Hugging Face config.json (data; name is its
// file's name, for messages and the preset's source) into the
// architecture of a model of ConfigModelTypes: layers, hidden size, heads,
// KV heads, head_dim, intermediate size (per expert for a mixture of
// experts), vocabulary, longest context (YaRN's stretched one when the
// config sets it), experts and experts per token, tied embeddings, the
// sliding-window pattern, and the checkpoint's precision (torch_dtype or
// dtype, or its quantization_config); the parameter counts are what the
// dimensions give (ArchParams). A multimodal Gemma 3 config is read by its
// text_config. DeepSeek-V2/V3 and Kimi K2 configs give MLA's ranks and
// head widths (the KV cache is MLA's compressed one) and DeepSeek's
// mixture of experts with its shared experts and dense layers (mla). The reader is strict and bounded: at most MaxConfigBytes
// and MaxConfigDepth levels, a field of the wrong type or out of range is
// an error naming the field, and so is a field the architecture needs and
// the file leaves out; an unknown model_type is refused naming the known
// ones. Every error is a *FieldError of the model-config answer.
func ParseHFConfig(data []byte, name string) (ModelPreset, error) {
	if len(data) > MaxConfigBytes {
		return ModelPreset{}, configErr(name, txf("larger than %d bytes", MaxConfigBytes), tx("give the model's config.json, not its weights or tokenizer"))
	}
	if err := jsonShape(data); err != nil {
		return ModelPreset{}, shapeConfigErr(name, err)
	}
	var c hfConfig
	if err := decodeConfig(data, &c); err != nil {
		return ModelPreset{}, shapeConfigErr(name, err)
	}
	top := c
	if c.ModelType == "gemma3" && len(c.TextConfig) > 0 && string(c.TextConfig) != "null" {
		// A multimodal Gemma 3: the language model is the text_config.
		var t hfConfig
		if err := decodeConfig(c.TextConfig, &t); err != nil {
			return ModelPreset{}, shapeConfigErr(name, err)
		}
		if t.ModelType == "" {
			t.ModelType = "gemma3_text"
		}
		if t.TorchDtype == "" && t.Dtype == "" {
			t.TorchDtype, t.Dtype = top.TorchDtype, top.Dtype
		}
		if t.Quant == nil {
			t.Quant = top.Quant
		}
		t.NameOrPath = top.NameOrPath
		c = t
	}
	if !slices.Contains(ConfigModelTypes, c.ModelType) {
		mt := c.ModelType
		if mt == "" {
			return ModelPreset{}, configErr(name, tx("no model_type"), txf("give a config.json of one of: %s", strings.Join(ConfigModelTypes, ", ")))
		}
		return ModelPreset{}, configErr(name, txf("model_type %q is not one whose attention gpupick knows", short(mt, 24)),
			txf("give a config.json of one of: %s; or --model with a preset, or --params", strings.Join(ConfigModelTypes, ", ")))
	}
	p, err := c.preset(name)
	if err != nil {
		return ModelPreset{}, shapeConfigErr(name, err)
	}
	return p, nil
}

// shapeErr is a problem of a config in both languages.
type shapeErr [2]string

func (e shapeErr) Error() string { return e[0] }

// jsonShape checks that data is one JSON value nested at most
// MaxConfigDepth deep, in one pass before decoding.
func jsonShape(data []byte) error {
	depth, inStr, esc := 0, false, false
	for _, b := range data {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case b == '\\':
				esc = true
			case b == '"':
				inStr = false
			}
		case b == '"':
			inStr = true
		case b == '{' || b == '[':
			if depth++; depth > MaxConfigDepth {
				return shapeErr(txf("nested deeper than %d levels", MaxConfigDepth))
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	if !json.Valid(data) {
		return shapeErr(tx("not valid JSON"))
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return shapeErr(tx("not a JSON object"))
	}
	return nil
}

// decodeConfig decodes a config object; a field of the wrong type is
// named.
func decodeConfig(data []byte, c *hfConfig) error {
	if err := json.Unmarshal(data, c); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			k := tx(configKind(te.Type.String()))
			f := txf("%s: a %s where the config needs a %s", short(te.Field, 40), te.Value, "%s")
			return shapeErr{fmt.Sprintf(f[text.EN], k[text.EN]), fmt.Sprintf(f[text.ZH], k[text.ZH])}
		}
		return shapeErr(tx("not valid JSON"))
	}
	return nil
}

// configKind names a Go type as a JSON reader knows it.
func configKind(t string) string {
	switch strings.TrimLeft(t, "*[]") {
	case "int", "float64":
		return "JSON number"
	case "bool":
		return "true or false"
	case "string":
		return "JSON string"
	}
	return "JSON object"
}

// dimBound bounds a dimension of a config: key, its largest value, and
// where the decoded config holds it.
type dimBound struct {
	key string
	max int
	get func(c *hfConfig) *int
}

// dims bounds each dimension a config gives (from 1).
var dims = []dimBound{
	{"num_hidden_layers", 10_000, func(c *hfConfig) *int { return c.Layers }},
	{"hidden_size", 1_000_000, func(c *hfConfig) *int { return c.Hidden }},
	{"intermediate_size", 10_000_000, func(c *hfConfig) *int { return c.FFN }},
	{"moe_intermediate_size", 10_000_000, func(c *hfConfig) *int { return c.MoEFFN }},
	{"num_attention_heads", 100_000, func(c *hfConfig) *int { return c.Heads }},
	{"num_key_value_heads", 100_000, func(c *hfConfig) *int { return c.KVHeads }},
	{"head_dim", 100_000, func(c *hfConfig) *int { return c.HeadDim }},
	{"vocab_size", 100_000_000, func(c *hfConfig) *int { return c.Vocab }},
	{"max_position_embeddings", 1_000_000_000, func(c *hfConfig) *int { return c.MaxPos }},
	{"num_experts", 100_000, func(c *hfConfig) *int { return c.Experts }},
	{"num_local_experts", 100_000, func(c *hfConfig) *int { return c.LocalExperts }},
	{"num_experts_per_tok", 100_000, func(c *hfConfig) *int { return c.PerToken }},
	{"sliding_window", 1_000_000_000, func(c *hfConfig) *int { return c.SlidingWindow }},
	{"sliding_window_pattern", 1_000, func(c *hfConfig) *int { return c.SlidePattern }},
	{"_sliding_window_pattern", 1_000, func(c *hfConfig) *int { return c.SlidePattern2 }},
	{"kv_lora_rank", 1_000_000, func(c *hfConfig) *int { return c.KVLoraRank }},
	{"qk_nope_head_dim", 100_000, func(c *hfConfig) *int { return c.QKNope }},
	{"qk_rope_head_dim", 100_000, func(c *hfConfig) *int { return c.QKRope }},
	{"v_head_dim", 100_000, func(c *hfConfig) *int { return c.VHead }},
	{"n_routed_experts", 100_000, func(c *hfConfig) *int { return c.Routed }},
	{"moe_layer_freq", 10_000, func(c *hfConfig) *int { return c.MoEFreq }},
}

// preset turns a config of a known model_type into a preset.
func (c *hfConfig) preset(name string) (ModelPreset, error) {
	for _, d := range dims {
		if v := d.get(c); v != nil && (*v < 1 || *v > d.max) {
			return ModelPreset{}, shapeErr(txf("%s: %d is outside 1 to %d", d.key, *v, d.max))
		}
	}
	for _, d := range countDims {
		if v := d.get(c); v != nil && (*v < 0 || *v > d.max) {
			return ModelPreset{}, shapeErr(txf("%s: %d is outside 0 to %d", d.key, *v, d.max))
		}
	}
	need := func(key string, v *int) error {
		if v == nil {
			return shapeErr(txf("%s: not given, and the architecture needs it", key))
		}
		return nil
	}
	for _, f := range []struct {
		key string
		v   *int
	}{{"num_hidden_layers", c.Layers}, {"hidden_size", c.Hidden}, {"num_attention_heads", c.Heads}, {"vocab_size", c.Vocab}, {"max_position_embeddings", c.MaxPos}} {
		if err := need(f.key, f.v); err != nil {
			return ModelPreset{}, err
		}
	}
	gemma := strings.HasPrefix(c.ModelType, "gemma")
	p := ModelPreset{
		Name: configName(name), Family: strings.ReplaceAll(c.ModelType, "_", "-"),
		Layers: *c.Layers, Hidden: *c.Hidden, Heads: *c.Heads, Vocab: *c.Vocab, MaxContext: *c.MaxPos,
		Source: name,
	}
	if c.NameOrPath != "" && strings.Count(c.NameOrPath, "/") == 1 && !strings.ContainsFunc(c.NameOrPath, isControl) && len(c.NameOrPath) <= 200 {
		p.HFID = c.NameOrPath
		p.Name = c.NameOrPath
	}
	// Hugging Face's defaults for a field left out: as many KV heads as
	// heads, head_dim the hidden size over the heads (Gemma's configs give
	// it: their classes' default differs, so it is needed), untied
	// embeddings but for Gemma.
	p.KVHeads = p.Heads
	if c.KVHeads != nil {
		p.KVHeads = *c.KVHeads
	}
	switch {
	case c.isMLA():
		// MLA's heads are qk_nope_head_dim + qk_rope_head_dim wide for
		// the query and key and v_head_dim for the value (mla); a newer
		// transformers' head_dim is its rotary part.
		p.HeadDim = 0
	case c.HeadDim != nil:
		p.HeadDim = *c.HeadDim
	case gemma:
		return ModelPreset{}, need("head_dim", nil)
	default:
		if p.Hidden%p.Heads != 0 {
			return ModelPreset{}, shapeErr(txf("head_dim: not given, and hidden_size %d is not a multiple of num_attention_heads %d", p.Hidden, p.Heads))
		}
		p.HeadDim = p.Hidden / p.Heads
	}
	if p.KVHeads > p.Heads || p.Heads%p.KVHeads != 0 {
		return ModelPreset{}, shapeErr(txf("num_key_value_heads: %d does not divide num_attention_heads %d", p.KVHeads, p.Heads))
	}
	switch {
	case p.KVHeads == p.Heads:
		p.Attention = "mha"
	case p.KVHeads == 1:
		p.Attention = "mqa"
	default:
		p.Attention = "gqa"
	}
	p.TiedEmbedding = gemma
	if c.Tie != nil {
		p.TiedEmbedding = *c.Tie
	}
	experts := c.experts
	if c.isMLA() {
		experts = c.mla
	}
	if err := experts(&p); err != nil {
		return ModelPreset{}, err
	}
	if p.FFN == 0 {
		if err := need("intermediate_size", c.FFN); err != nil {
			return ModelPreset{}, err
		}
		p.FFN = *c.FFN
	}
	if r := c.RopeScaling; r != nil && (strings.EqualFold(r.Type, "yarn") || strings.EqualFold(r.RopeType, "yarn")) && r.Factor > 1 && r.Original > 0 {
		if v := r.Factor * float64(r.Original); v <= 1e9 {
			p.MaxContext = max(p.MaxContext, int(v))
		}
	}
	if err := c.pattern(&p); err != nil {
		return ModelPreset{}, err
	}
	p.CheckpointPrecision = c.precision()
	total, active, ok := ArchParams(&p)
	if !ok || math.IsInf(total, 0) {
		return ModelPreset{}, shapeErr(tx("the parameter count cannot be computed from these dimensions"))
	}
	p.ParamsB, p.ActiveB = math.Round(total*1e4)/1e4, math.Round(active*1e4)/1e4
	return p, nil
}

// experts reads a mixture of experts: Mixtral's num_local_experts (its
// intermediate_size is per expert), Qwen3-MoE's num_experts with
// moe_intermediate_size, every layer sparse.
func (c *hfConfig) experts(p *ModelPreset) error {
	n := c.LocalExperts
	if c.ModelType == "qwen3_moe" {
		n = c.Experts
	}
	if n == nil || *n <= 1 {
		if c.ModelType == "mixtral" || c.ModelType == "qwen3_moe" {
			return shapeErr(tx("num_experts: not given, and a mixture of experts needs it"))
		}
		return nil
	}
	if c.PerToken == nil || *c.PerToken > *n {
		return shapeErr(tx("num_experts_per_tok: not given or more than the experts"))
	}
	if c.SharedFFN != nil && *c.SharedFFN > 0 || len(c.MLPOnly) > 0 || c.SparseStep != nil && *c.SparseStep != 1 {
		return shapeErr(tx("a shared expert or dense layers among the experts: gpupick counts only every layer sparse"))
	}
	p.Experts, p.ExpertsUsed = *n, *c.PerToken
	if c.ModelType == "qwen3_moe" {
		if c.MoEFFN == nil {
			return shapeErr(txf("%s: not given, and the architecture needs it", "moe_intermediate_size"))
		}
		p.FFN = *c.MoEFFN
	}
	return nil
}

// pattern reads which layers attend to the whole context: layer_types
// (sliding_attention and full_attention), Gemma 2's alternation, Gemma 3's
// sliding_window_pattern, a Mistral's sliding_window; a window that does
// not shorten the context is full attention. What the config does not say
// is read as full attention, the larger KV cache.
func (c *hfConfig) pattern(p *ModelPreset) error {
	w := 0
	if c.SlidingWindow != nil {
		w = *c.SlidingWindow
	}
	if w <= 0 || w >= p.MaxContext {
		return nil
	}
	local, global := 0, 0
	for _, t := range c.LayerTypes {
		switch t {
		case "sliding_attention":
			local++
		case "full_attention":
			global++
		default:
			return shapeErr(txf("layer_types: %q is not sliding_attention or full_attention", short(t, 24)))
		}
	}
	pat := c.SlidePattern
	if pat == nil {
		pat = c.SlidePattern2
	}
	switch {
	case len(c.LayerTypes) > 0 && local == 0:
		return nil
	case len(c.LayerTypes) > 0 && global == 0:
		p.AttentionPattern = AttnSliding
	case len(c.LayerTypes) > 0:
		p.AttentionPattern, p.LocalPerGlobal = AttnHybrid, local/global // rounded down: more global layers, the larger cache
	case c.ModelType == "gemma2":
		p.AttentionPattern, p.LocalPerGlobal = AttnHybrid, 1
	case (c.ModelType == "gemma3" || c.ModelType == "gemma3_text") && pat != nil && *pat > 1:
		p.AttentionPattern, p.LocalPerGlobal = AttnHybrid, *pat-1
	case c.ModelType == "mistral" || c.ModelType == "mixtral" || c.UseSliding != nil && *c.UseSliding && c.ModelType != "qwen2" && c.ModelType != "qwen3" && c.ModelType != "qwen3_moe":
		p.AttentionPattern = AttnSliding
	default:
		return nil
	}
	p.SlidingWindow = w
	return nil
}

// precision is the format the checkpoint ships in: its
// quantization_config (FP8; AWQ, GPTQ and bitsandbytes by their bits),
// else torch_dtype or dtype; "" when the config says neither.
func (c *hfConfig) precision() Precision {
	if q := c.Quant; q != nil {
		switch strings.ToLower(q.Method) {
		case "fp8":
			return FP8
		case "awq":
			return INT4
		case "gptq":
			if q.Bits == 8 {
				return INT8
			}
			return INT4
		case "bitsandbytes":
			if q.Load8 {
				return INT8
			}
			return INT4
		}
		return ""
	}
	d := c.TorchDtype
	if d == "" {
		d = c.Dtype
	}
	switch strings.ToLower(d) {
	case "bfloat16":
		return BF16
	case "float16":
		return FP16
	case "float32":
		return FP32
	}
	return ""
}

// ConfigReadError is the *FieldError of a config.json that cannot be read
// (missing, not a regular file): err's text names the path and the cause.
func ConfigReadError(path string, err error) error {
	return configErr(path, txf("cannot be read: %s", err.Error()), tx("give the path of the model's config.json"))
}

// configName names the model of a config.json by its file: the folder
// of a file named config.json (./Qwen3-8B/config.json is Qwen3-8B), else
// the file's name without .json.
func configName(path string) string {
	base := filepath.Base(path)
	if strings.EqualFold(base, "config.json") {
		if d := filepath.Base(filepath.Dir(path)); d != "." && d != string(filepath.Separator) && d != "" {
			return d
		}
	}
	if n := strings.TrimSuffix(base, filepath.Ext(base)); n != "" && n != "." {
		return n
	}
	return path
}
