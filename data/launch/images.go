package launch

// Pinned container images the exported runs start in. A tag is pinned
// (never "latest") so that the engine's flags, verified against one
// version of its source, mean the same thing when the run starts.
const (
	// vllmImageCUDA is vLLM's own OpenAI-server image for NVIDIA GPUs
	// (Docker Hub vllm/vllm-openai; the tag as vLLM's docs pin it in
	// docs/deployment/docker.md @ 275de34170654274616082721348b7edd9741d32:
	// "FROM vllm/vllm-openai:v0.11.0"). The engine flags in run.go were
	// checked against vllm/engine/arg_utils.py @ 99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b,
	// the 0.11 series (its deprecations say "will be removed in v0.12.0").
	vllmImageCUDA = "vllm/vllm-openai:v0.11.0"
	// vllmImageROCm is AMD's vLLM image for Instinct GPUs (Docker Hub
	// rocm/vllm; the tag listed in ROCm/amdgpu-docs issue #88's inventory
	// of that repository's tags: "rocm7.0.0_vllm_0.11.2_20251210").
	vllmImageROCm = "rocm/vllm:rocm7.0.0_vllm_0.11.2_20251210"
	// megatronImage is the NGC PyTorch container Megatron-LM's install
	// guide runs it in (NVIDIA/Megatron-LM docs/get-started/install.md @
	// d98e8a64ddf34856e74b24714e3bedb2f5a39553, "Option C").
	megatronImage = "nvcr.io/nvidia/pytorch:26.01-py3"
)

// megatronCommit is the Megatron-LM commit whose pretrain_gpt.py and
// argument names the pre-training command uses (NVIDIA/Megatron-LM @
// d98e8a64, examples/llama/train_llama3_8b_h100_fp8.sh for the flags).
const megatronCommit = "d98e8a64ddf34856e74b24714e3bedb2f5a39553"

// torchtuneVersion is the torchtune release the fine-tune recipes and
// configs were read from (pytorch/torchtune tag v0.6.1; the config names
// in recipes.go are those of torchtune/_recipe_registry.py @ bd2a0fc7).
const torchtuneVersion = "0.6.1"

// servingImage is the vLLM image for the job's GPUs.
func (j *Job) servingImage() string {
	if j.amd() {
		return vllmImageROCm
	}
	return vllmImageCUDA
}
