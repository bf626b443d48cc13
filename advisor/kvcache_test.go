package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// --kv-cache: auto keeps the checkpoint's 16-bit cache (no preset declares
// FP8 KV scales), bf16 the same, fp8 halves the KV bytes per token and the
// memory they take, lets a single stream read fewer bytes per step, and
// the assumptions say so; training is untouched.
func TestKVCacheAnswer(t *testing.T) {
	cat := testCatalog()
	run := func(kv model.KVCache, w model.Workload) model.Result {
		a := answers(w, "llama-3.1-8b", model.BF16, 32768, 8)
		a.KVCache = kv
		return Recommend(cat, a, Options{})
	}
	auto, bf16, fp8 := run("", model.WorkloadInference), run(model.KVCacheBF16, model.WorkloadInference), run(model.KVCacheFP8, model.WorkloadInference)
	if auto.Requirement.KVBytesPerToken != bf16.Requirement.KVBytesPerToken {
		t.Errorf("auto %.0f bytes per token, bf16 %.0f: auto is the checkpoint's 16 bits", auto.Requirement.KVBytesPerToken, bf16.Requirement.KVBytesPerToken)
	}
	// Llama 3.1 8B: 32 layers x 8 KV heads x 128 x 2 (K and V) = 65,536
	// values per token (its config.json).
	if got := fp8.Requirement.KVBytesPerToken; got != 65536 || auto.Requirement.KVBytesPerToken != 2*65536 {
		t.Errorf("KV bytes per token: fp8 %.0f, auto %.0f; want 65536 and 131072", got, auto.Requirement.KVBytesPerToken)
	}
	if k8, k16 := fp8.Requirement.Breakdown.KVCacheGiB, auto.Requirement.Breakdown.KVCacheGiB; k8*2 != k16 || k8 <= 0 {
		t.Errorf("KV cache memory: fp8 %.2f GiB, auto %.2f GiB: fp8 is half", k8, k16)
	}
	if !hasAssumption(fp8, "KV cache in FP8") || hasAssumption(auto, "KV cache in FP8") {
		t.Error("only --kv-cache fp8 states the FP8 KV cache")
	}
	if len(fp8.Recommendations) == 0 || len(auto.Recommendations) == 0 {
		t.Fatal("nothing fits Llama 3.1 8B")
	}
	if f, a := fp8.Recommendations[0].Speed.DecodeTokensPerSec, auto.Recommendations[0].Speed.DecodeTokensPerSec; f <= a {
		t.Errorf("decode with an FP8 KV cache %.1f, 16-bit %.1f: 8 streams of 32k read fewer bytes", f, a)
	}
	tr8, tr := run(model.KVCacheFP8, model.WorkloadFineTune), run("", model.WorkloadFineTune)
	if tr8.Requirement.VRAMGiB != tr.Requirement.VRAMGiB {
		t.Errorf("training memory moved with --kv-cache: %.1f against %.1f GiB", tr8.Requirement.VRAMGiB, tr.Requirement.VRAMGiB)
	}
}
