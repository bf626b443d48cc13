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
	// torchImageROCm is AMD's PyTorch image for Instinct GPUs, where a
	// fine-tune runs instead of installing PyTorch's CUDA wheel (Docker
	// Hub rocm/pytorch; the tag ROCm's install guide lists,
	// ROCm/rocm-install-on-linux docs/install/3rd-party/pytorch-install.rst
	// as of pull request #699, merged 2026-03-27: ROCm 7.2.1, Ubuntu 24.04,
	// Python 3.12, PyTorch 2.7.1).
	torchImageROCm = "rocm/pytorch:rocm7.2.1_ubuntu24.04_py3.12_pytorch_release_2.7.1"
	// megatronImageROCm is AMD's Megatron-LM image for Instinct GPUs
	// (Docker Hub rocm/megatron-lm; "docker pull rocm/megatron-lm:v25.4"
	// in AMD's "Training a model with Megatron-LM for ROCm",
	// rocm.docs.amd.com docs-6.4.0 how-to/rocm-for-ai/training/
	// benchmark-docker/megatron-lm.html). It holds ROCm/Megatron-LM, AMD's
	// fork, at commit fd6f0d11 in megatronDirROCm; the pre-training flags
	// are upstream's (d98e8a64), which the fork keeps, not re-read at
	// fd6f0d11.
	megatronImageROCm = "rocm/megatron-lm:v25.4"
	// megatronDirROCm is where megatronImageROCm has Megatron-LM (the
	// same page: "cd /workspace/Megatron-LM").
	megatronDirROCm = "/workspace/Megatron-LM"
)

// megatronCommit is the Megatron-LM commit whose pretrain_gpt.py and
// argument names the pre-training command uses (NVIDIA/Megatron-LM @
// d98e8a64, examples/llama/train_llama3_8b_h100_fp8.sh for the flags).
const megatronCommit = "d98e8a64ddf34856e74b24714e3bedb2f5a39553"

// torchtuneVersion is the torchtune release the fine-tune recipes and
// configs were read from (pytorch/torchtune tag v0.6.1; the config names
// in recipes.go are those of torchtune/_recipe_registry.py @ bd2a0fc7).
const torchtuneVersion = "0.6.1"

// tuneSetup is what a fine-tune installs before torchtune runs: on NVIDIA
// the PyTorch wheel with torchao and torchtune, on AMD torchao and
// torchtune alone (neither requires torch, so the ROCm image's PyTorch
// stays), and the image it runs in ("" for the launcher's default).
func (j *Job) tuneSetup() (setup, image string) {
	if j.amd() {
		return "pip install torchao torchtune==" + torchtuneVersion, torchImageROCm
	}
	return "pip install torch torchao torchtune==" + torchtuneVersion, ""
}

// megatron is the Megatron-LM image of the job's GPUs, the commands that
// bring Megatron-LM into it and the directory it is in.
func (j *Job) megatron() (image string, setup []string, dir string) {
	if j.amd() {
		return megatronImageROCm, nil, megatronDirROCm
	}
	return megatronImage, []string{"git clone https://github.com/NVIDIA/Megatron-LM.git && git -C Megatron-LM checkout " + megatronCommit}, "Megatron-LM"
}

// servingImage is the vLLM image for the job's GPUs.
func (j *Job) servingImage() string {
	if j.amd() {
		return vllmImageROCm
	}
	return vllmImageCUDA
}
