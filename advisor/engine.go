package advisor

import (
	"strings"

	"github.com/gpupick/gpupick/model"
)

// Serving-engine requirements. gpupick sizes LLM serving for vLLM, whose
// GPU installation page asks for NVIDIA compute capability 7.5 or higher
// (it was 7.0 before; the legacy-gpu warning cites the same page):
// https://raw.githubusercontent.com/vllm-project/vllm/v0.21.0/docs/getting_started/installation/gpu.cuda.inc.md
// and whose FP8 page runs FP8 as W8A8 (FP8 weights and activations on FP8
// tensor cores) only on compute capability 8.9+ (Ada Lovelace, Hopper);
// Ampere loads FP8 checkpoints weight-only (W8A16, Marlin kernels) and
// computes in 16 bits: https://docs.vllm.ai/en/latest/features/quantization/fp8.html
// The compute capability of each NVIDIA architecture is NVIDIA's table
// (https://developer.nvidia.com/cuda-gpus): Kepler 3.x, Maxwell 5.x,
// Pascal 6.x, Volta 7.0, Turing 7.5, Ampere 8.x, Ada 8.9, Hopper 9.0.

// engineMinCC is the serving engine's minimum compute capability.
const engineMinCC = 7.5

// archMaxCC is the highest compute capability of the NVIDIA architectures
// below the engine's minimum (every GPU of them is below it); ok is false
// for any other architecture.
func archMaxCC(arch string) (cc float64, ok bool) {
	switch arch {
	case "Kepler":
		return 3.7, true
	case "Maxwell":
		return 5.3, true
	case "Pascal":
		return 6.2, true
	case "Volta":
		return 7.2, true
	}
	return 0, false
}

// belowEngineMinimum reports whether an NVIDIA GPU is known to be below the
// serving engine's minimum compute capability (an unknown architecture is
// not left out: the catalog's other checks apply).
func belowEngineMinimum(g *model.GPU) bool {
	if g == nil || g.Vendor != "NVIDIA" {
		return false
	}
	cc, ok := archMaxCC(g.Architecture)
	return ok && cc < engineMinCC
}

// fp8Fallback reports whether FP8 asked for runs weight-only at 16-bit
// compute on g: the GPU has no FP8 tensor cores, or the catalog does not
// say it has (the worse case).
func fp8Fallback(a *model.Answers, g *model.GPU) bool {
	return a.Precision == model.FP8 && (g == nil || g.FP8 != model.Yes)
}

// fp4Native reports whether g has FP4 tensor cores that run NVFP4 and
// MXFP4 matrix multiplies natively: NVIDIA Blackwell and Blackwell Ultra
// (B200, B300, GB200, RTX PRO 6000, RTX 50xx) and AMD CDNA 4 (MI350X,
// MI355X).
func fp4Native(g *model.GPU) bool {
	if g == nil {
		return false
	}
	if isAMD(g) {
		return g.Architecture == "CDNA 4"
	}
	// "Blackwell", "Blackwell Ultra", "Blackwell (+ Grace CPU)".
	return strings.HasPrefix(g.Architecture, "Blackwell")
}

// fp4Kernel reports whether vLLM has a kernel for prec (FP4 or MXFP4) on
// g: natively on FP4 tensor cores; weight-only through the FP4 Marlin
// kernel on NVIDIA GPUs of compute capability 7.5 and up
// (vllm/model_executor/layers/quantization/utils/marlin_utils_fp4.py,
// is_fp4_marlin_supported: CUDA and has_device_capability(75), the
// engine's minimum: every NVIDIA GPU the engine runs on); MXFP4 weight-only
// on AMD CDNA 2 and CDNA 3 (vLLM docs, "AMD Quark", Using MXFP4 models: "a
// simulation ... on devices that do not support MXFP4 operations natively
// (e.g. AMD Instinct MI325, MI300 and MI250), dequantizing weights from
// MXFP4 to half precision on the fly, using a fused kernel"). Marlin is
// CUDA-only: NVFP4 on other AMD GPUs, and FP4 on any other vendor, has no
// kernel.
func fp4Kernel(prec model.Precision, g *model.GPU) bool {
	switch {
	case g == nil, fp4Native(g):
		return true // an unknown GPU: the other checks apply
	case isAMD(g):
		return prec == model.MXFP4 && (g.Architecture == "CDNA 2" || g.Architecture == "CDNA 3")
	}
	// NVIDIA (the catalog's GPUs without a vendor are NVIDIA's) or another
	// vendor: Marlin runs on CUDA only.
	return g.Vendor == "" || g.Vendor == "NVIDIA"
}

// fp4Fallback reports whether FP4 or MXFP4 asked for runs weight-only at
// 16-bit compute on g: the GPU has no FP4 tensor cores (vLLM logs "Your GPU
// does not have native support for FP4 computation ... Weight-only FP4
// compression will be used leveraging the Marlin kernel").
func fp4Fallback(a *model.Answers, g *model.GPU) bool {
	return a.Precision.FP4() && !fp4Native(g)
}

// bf16Fallback reports whether BF16 asked for runs in FP16 on g instead:
// the GPU has no BF16 (Turing, Volta and older; vLLM issue #946, PyTorch
// issue #157517, the sources of the bf16-unsupported warning), or the
// catalog does not say it has (the worse case). FP16 has a narrower range:
// serving casts the weights, training needs loss scaling.
func bf16Fallback(a *model.Answers, g *model.GPU) bool {
	return a.Precision == model.BF16 && (g == nil || g.BF16 != model.Yes)
}

// defaultMargin is the headroom safety margin when none is asked: below
// about 10% spare memory a job is likely to run out of it (see the
// vram-tight warning).
const defaultMargin = headroomTight
