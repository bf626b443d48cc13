package cli

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// recommend --model-config with DeepSeek-V3's config.json needs what
// --model deepseek-v3 needs, at the same precision (the fixture's copy
// leaves out the FP8 quantization_config) and context: the same MLA KV
// cache a token (576 values x 61 layers, exactly), the same fewest GPUs,
// and memory within 0.1% (the config's dimensions give 671.03B where the
// preset keeps the published 671B). A DeepSeek-V2-Lite record keeps MLA's
// fields and loads without the file.
func TestRecommendModelConfigMLA(t *testing.T) {
	isolate(t)
	req := func(args ...string) model.Requirement { t.Helper(); return recommendReq(t, args...) }
	same := []string{"--precision", "fp8", "--context", "32k"}
	byConfig := req(append([]string{"--model-config", fixtureConfig("deepseek-v3.json")}, same...)...)
	byPreset := req(append([]string{"--model", "deepseek-v3"}, same...)...)
	if byConfig.KVBytesPerToken != 576*61*2 || byConfig.KVBytesPerToken != byPreset.KVBytesPerToken || byConfig.MinGPUs != byPreset.MinGPUs ||
		!testcheck.Near(byConfig.VRAMGiB, byPreset.VRAMGiB, 0.001) || !testcheck.Near(byConfig.ParamsB, byPreset.ParamsB, 0.001) {
		t.Errorf("config: %.3fB %.1f GiB, %.0f B/token, %d GPUs; preset: %.3fB %.1f GiB, %.0f B/token, %d GPUs",
			byConfig.ParamsB, byConfig.VRAMGiB, byConfig.KVBytesPerToken, byConfig.MinGPUs, byPreset.ParamsB, byPreset.VRAMGiB, byPreset.KVBytesPerToken, byPreset.MinGPUs)
	}

	recFile, _, lite := recordWithoutFile(t, t.TempDir(), "deepseek-v2-lite.json")
	fromRecord := req("--answers", recFile)
	if fromRecord.ParamsB != lite.ParamsB || fromRecord.KVBytesPerToken != lite.KVBytesPerToken || !testcheck.NearAbs(lite.ParamsB, 15.7, 0.05) {
		t.Errorf("from the record: %.4fB, %.0f B/token; from the file %.4fB, %.0f B/token", fromRecord.ParamsB, fromRecord.KVBytesPerToken, lite.ParamsB, lite.KVBytesPerToken)
	}
}
