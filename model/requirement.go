package model

// Breakdown splits the memory a job needs into its parts, in GiB, summed
// over the whole job (all GPUs) before sharding.
type Breakdown struct {
	WeightsGiB     float64 `json:"weights_gib" toml:"weights_gib"`
	KVCacheGiB     float64 `json:"kv_cache_gib" toml:"kv_cache_gib"`
	GradientsGiB   float64 `json:"gradients_gib" toml:"gradients_gib"`
	OptimizerGiB   float64 `json:"optimizer_gib" toml:"optimizer_gib"`
	ActivationsGiB float64 `json:"activations_gib" toml:"activations_gib"`
	// OverheadGiB is CUDA context, allocator fragmentation and the serving
	// engine's reservation.
	OverheadGiB float64 `json:"overhead_gib" toml:"overhead_gib"`
}

// Part is one named slice of a Breakdown.
type Part struct {
	Name string
	GiB  float64
}

// Parts returns the non-zero parts in a fixed order, for bars and tables.
func (b Breakdown) Parts() []Part {
	all := []Part{
		{"weights", b.WeightsGiB},
		{"kv cache", b.KVCacheGiB},
		{"gradients", b.GradientsGiB},
		{"optimizer", b.OptimizerGiB},
		{"activations", b.ActivationsGiB},
		{"overhead", b.OverheadGiB},
	}
	out := all[:0]
	for _, p := range all {
		if p.GiB > 0 {
			out = append(out, p)
		}
	}
	return out
}

// Total is the sum of the parts.
func (b Breakdown) Total() float64 {
	return b.WeightsGiB + b.KVCacheGiB + b.GradientsGiB + b.OptimizerGiB + b.ActivationsGiB + b.OverheadGiB
}

// Requirement is what the workload needs from hardware, before any offer is
// considered.
type Requirement struct {
	// VRAMGiB is the GPU memory the whole job needs (the sum of Breakdown).
	// An offer fits when its GPUs together hold at least this much and each
	// GPU holds its share.
	VRAMGiB   float64   `json:"vram_gib" toml:"vram_gib"`
	Breakdown Breakdown `json:"breakdown" toml:"breakdown"`
	// ParamsB and ActiveB are the parameter counts used (billions).
	ParamsB float64 `json:"params_b" toml:"params_b"`
	ActiveB float64 `json:"active_params_b" toml:"active_params_b"`
	// Model is the preset used, if any.
	Model     string    `json:"model,omitempty" toml:"model,omitempty"`
	Precision Precision `json:"precision" toml:"precision"`
	// MinGPUs is the fewest GPUs of the largest known memory that can hold
	// the job (1 when one GPU is enough).
	MinGPUs int `json:"min_gpus" toml:"min_gpus"`
	// FLOPs is the compute of a job-size run (6 x active params x tokens
	// for full training, 4 x for LoRA / QLoRA whose frozen base needs no
	// weight gradients, plus 2 x with gradient checkpointing, or the core
	// attention alone with pre-training's selective recompute; 2 x active
	// params x tokens for generation); 0 for a wall-clock run.
	FLOPs float64 `json:"flops,omitempty" toml:"flops,omitempty"`
	// MinDecodeTokensPerSec is the per-stream speed the latency class asks.
	MinDecodeTokensPerSec float64 `json:"min_decode_tokens_per_s,omitempty" toml:"min_decode_tokens_per_s,omitempty"`
	// MaxTimeToFirstTokenSec is the first-token latency the class asks (0 = none).
	MaxTimeToFirstTokenSec float64 `json:"max_ttft_s,omitempty" toml:"max_ttft_s,omitempty"`
	// MaxSecondsPerImage is the time per image the class asks of a
	// diffusion pipeline (0 = none).
	MaxSecondsPerImage float64 `json:"max_s_per_image,omitempty" toml:"max_s_per_image,omitempty"`
	// Assumptions lists every assumption behind the figures, one line each.
	Assumptions []string `json:"assumptions" toml:"assumptions"`

	// Workload is the workload estimated.
	Workload Workload `json:"workload" toml:"workload"`
	// Architecture describes the shape used ("32 layers, hidden 4096, 8 KV
	// heads x 128"), from the preset or assumed from the parameter count.
	Architecture string `json:"architecture,omitempty" toml:"architecture,omitempty"`
	// KVBytesPerToken is the KV cache of one token over all layers,
	// averaged over the context: sliding-window layers hold at most their
	// window.
	KVBytesPerToken float64 `json:"kv_bytes_per_token,omitempty" toml:"kv_bytes_per_token,omitempty"`
	// BytesPerParam is the storage of one weight, quantisation metadata
	// included (averaged over quantised and 16-bit layers).
	BytesPerParam float64 `json:"bytes_per_param,omitempty" toml:"bytes_per_param,omitempty"`
	// AdapterParamsB is the LoRA adapter size (billions), 0 otherwise.
	AdapterParamsB float64 `json:"adapter_params_b,omitempty" toml:"adapter_params_b,omitempty"`
	// LoRARank is the adapter rank assumed (LoRA / QLoRA).
	LoRARank int `json:"lora_rank,omitempty" toml:"lora_rank,omitempty"`
	// PerGPUFixedGiB is what every GPU holds however many share the job
	// (CUDA context, activations of its micro-batch).
	PerGPUFixedGiB float64 `json:"per_gpu_fixed_gib,omitempty" toml:"per_gpu_fixed_gib,omitempty"`
	// MaxNodes is the node limit the advisor applied.
	MaxNodes int `json:"max_nodes,omitempty" toml:"max_nodes,omitempty"`
	// TokensPerJob is the job size (tokens) for a job-size run; for an
	// image pipeline it counts images.
	TokensPerJob float64 `json:"job_tokens,omitempty" toml:"job_tokens,omitempty"`
	// DeadlineHours is the calendar time a job must finish within (0: no
	// deadline); only offers that finish in time are listed.
	DeadlineHours float64 `json:"deadline_hours,omitempty" toml:"deadline_hours,omitempty"`
	// Context is the sequence length the estimate used: the answer, or
	// when none was given the default for the model and workload.
	Context int `json:"context,omitempty" toml:"context,omitempty"`
	// ContextDefault reports that Context is the default, not an answer.
	ContextDefault bool `json:"context_default,omitempty" toml:"context_default,omitempty"`
	// SingleGPU: the model is not split over GPUs (a diffusion pipeline:
	// standard tooling has no tensor parallelism for it); several GPUs of
	// an offer each run a copy.
	SingleGPU bool `json:"single_gpu,omitempty" toml:"single_gpu,omitempty"`
	// Image is the image job of a diffusion pipeline, nil for a language
	// model.
	Image *ImageJob `json:"image,omitempty" toml:"image,omitempty"`
	// HostRAMFixedGiB and HostRAMPerGPUGiB are the host RAM (GiB) one
	// node needs for the software to load and run the job: the fixed part
	// plus the per-GPU part times the GPUs the job uses on the node (both
	// 0 when no published figure covers the workload). An offer whose
	// known RAM is below it is left out; one whose RAM is unknown ranks
	// after those known to have enough (ShortHostRAMUnknown).
	HostRAMFixedGiB  float64 `json:"host_ram_fixed_gib,omitempty" toml:"host_ram_fixed_gib,omitempty"`
	HostRAMPerGPUGiB float64 `json:"host_ram_per_gpu_gib,omitempty" toml:"host_ram_per_gpu_gib,omitempty"`
	// HostRAMSource cites the figure behind the host RAM need.
	HostRAMSource string `json:"host_ram_source,omitempty" toml:"host_ram_source,omitempty"`
}

// HostRAMNeedGiB is the host RAM one node needs when the job uses gpus
// GPUs on it (0 when no published figure covers the workload).
func (r *Requirement) HostRAMNeedGiB(gpus int) float64 {
	return r.HostRAMFixedGiB + r.HostRAMPerGPUGiB*float64(max(gpus, 0))
}

// ImageJob is what one image of a diffusion pipeline is sized and timed
// at: Width x Width pixels, Steps denoising steps, Batch images at once.
type ImageJob struct {
	Width int `json:"width" toml:"width"`
	Steps int `json:"steps" toml:"steps"`
	Batch int `json:"batch" toml:"batch"`
}
