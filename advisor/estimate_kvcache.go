package advisor

import "github.com/gpupick/gpupick/model"

// kvCacheBytes is the bytes of one KV-cache value. The answer's auto is
// the checkpoint's format, as vLLM's --kv-cache-dtype auto takes it ("If
// 'auto', will use model data type", vLLM engine arguments; FP8 only
// when the checkpoint's quantization config declares an FP8 KV cache,
// kv_cache_quant_algo, vllm-project/vllm PR #29980): no preset records
// such a declaration, so auto keeps 16 bits (32 for FP32), the worse
// case. fp8 stores each value in one byte (vLLM's quantized KV cache:
// "approximately double the amount of space for KV cache allocation";
// Hopper, Ada and MI300 convert it in hardware, older GPUs in the
// attention kernels), bf16 in two. Training keeps its precision's.
func (e *estimator) kvCacheBytes() float64 {
	a := e.a
	kv := 2.0
	if a.Precision == model.FP32 {
		kv = 4
	}
	if e.p.training {
		return kv
	}
	switch a.KVCache {
	case model.KVCacheFP8:
		e.say(kAsmKVFP8)
		return 1
	case model.KVCacheBF16:
		return 2
	}
	return kv
}
