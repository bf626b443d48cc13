package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// fixtureConfig is a config.json fixture of model/testdata/hfconfig.
func fixtureConfig(name string) string {
	return filepath.Join("..", "model", "testdata", "hfconfig", name)
}

// recommend --model-config sizes the model by the config's architecture:
// Qwen3-8B's config gives the same weights as the qwen3-8b preset (the
// same dimensions), the record keeps the path and the architecture and
// loads without the file, and --model-config with --model is refused
// naming both, in both languages.
func TestRecommendModelConfig(t *testing.T) {
	isolate(t)
	req := func(args ...string) model.Requirement { t.Helper(); return recommendReq(t, args...) }
	byConfig := req("--model-config", fixtureConfig("qwen3-8b.json"))
	byPreset := req("--model", "qwen3-8b")
	if byConfig.Model != "qwen3-8b" || !testcheck.Near(byConfig.ParamsB, byPreset.ParamsB, 0.01) ||
		!testcheck.Near(byConfig.VRAMGiB, byPreset.VRAMGiB, 0.02) {
		t.Errorf("config: %s %.3fB %.1f GiB; preset: %s %.3fB %.1f GiB", byConfig.Model, byConfig.ParamsB, byConfig.VRAMGiB, byPreset.Model, byPreset.ParamsB, byPreset.VRAMGiB)
	}

	// The record: written, then read back after the file is gone.
	dir := t.TempDir()
	recFile, rec, _ := recordWithoutFile(t, dir, "mixtral-8x7b.json")
	if !strings.Contains(rec, "[answers.model_config]") || !strings.Contains(rec, "num_experts") && !strings.Contains(rec, "experts = 8") {
		t.Fatalf("toml: %s", rec)
	}
	fromRecord := req("--answers", recFile)
	if !testcheck.NearAbs(fromRecord.ParamsB, 46.7, 0.05) {
		t.Errorf("from the record: %.3fB, want Mixtral 8x7B's 46.7B", fromRecord.ParamsB)
	}

	for _, lang := range []string{"en", "zh"} {
		code, _, e := runCLI(t, "recommend", "--lang", lang, "--model-config", fixtureConfig("qwen3-8b.json"), "--model", "qwen3-8b")
		if code != exitUsage || !strings.Contains(e, "--model-config") || !strings.Contains(e, "--model ") {
			t.Errorf("%s: with --model: exit %d: %s", lang, code, e)
		}
		code, _, e = runCLI(t, "recommend", "--lang", lang, "--model-config", filepath.Join(dir, "missing.json"))
		if code != exitUsage || !strings.Contains(e, "missing.json") {
			t.Errorf("%s: a missing file: exit %d: %s", lang, code, e)
		}
	}
}

// recommendReq runs recommend --top 1 --format json with args and
// returns the requirement it sized.
func recommendReq(t *testing.T, args ...string) model.Requirement {
	t.Helper()
	code, out, e := runCLI(t, append([]string{"recommend", "--top", "1", "--format", "json"}, args...)...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, e)
	}
	var res model.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	return res.Requirement
}

// recordWithoutFile copies the fixture to dir/config.json, writes the
// TOML record of recommend --model-config on it to dir/rec.toml and
// removes the config: it returns the record's path and text and the
// requirement sized from the file.
func recordWithoutFile(t *testing.T, dir, fixture string) (recFile, rec string, fromFile model.Requirement) {
	t.Helper()
	cfg := filepath.Join(dir, "config.json")
	b, err := os.ReadFile(fixtureConfig(fixture))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, b, 0o600); err != nil {
		t.Fatal(err)
	}
	fromFile = recommendReq(t, "--model-config", cfg)
	code, rec, e := runCLI(t, "recommend", "--model-config", cfg, "--top", "1", "--format", "toml")
	if code != exitOK {
		t.Fatalf("toml: exit %d: %s", code, e)
	}
	recFile = filepath.Join(dir, "rec.toml")
	if err := os.WriteFile(recFile, []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(cfg); err != nil {
		t.Fatal(err)
	}
	return recFile, rec, fromFile
}
