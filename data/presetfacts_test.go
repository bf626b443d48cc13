package data

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// configParams reproduces published exact parameter counts from the
// presets' config dimensions (so the counts it gives the nominal rows can
// be trusted): Llama 3.1 8B 8,030,261,248 and 70B 70,553,706,496 and 405B
// 405,853,388,800 (PEFT print_trainable_parameters and safetensors
// metadata, secondary copies); Mistral-7B-v0.3 7,248,023,552 (safetensors
// header, secondary); Qwen2.5 model cards 0.49, 1.54, 3.09, 7.61, 14.7
// and 32.5B; Qwen3-8B 8,190,735,360 (secondary); Llama 3.2 model card
// 1.23 and 3.21B. Tolerance 1% (the Qwen cards round; biases and QK-norms
// are left out).
func TestConfigParamsMatchPublishedCounts(t *testing.T) {
	cat := embeddedCatalog(t)
	for name, want := range map[string]float64{
		"llama-3.1-8b": 8.030261248, "llama-3.1-70b": 70.553706496, "llama-3.1-405b": 405.8533888,
		"mistral-7b-v0.3": 7.248023552, "qwen2.5-0.5b": 0.49, "qwen2.5-1.5b": 1.54, "qwen2.5-3b": 3.09,
		"qwen2.5-7b": 7.61, "qwen2.5-14b": 14.7, "qwen2.5-32b": 32.5, "qwen3-8b": 8.19073536,
		"llama-3.2-1b": 1.23, "llama-3.2-3b": 3.21,
	} {
		p, err := model.FindPreset(cat.Models, name)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := configParams(p)
		if !ok || !testcheck.NearAbs(got, want, 0.01*want) {
			t.Errorf("%s: config dimensions give %.4fB, published %.4fB", name, got, want)
		}
		if !testcheck.NearAbs(p.ParamsB, want, 0.01*want) {
			t.Errorf("%s: catalog has %.4fB, published %.4fB", name, p.ParamsB, want)
		}
	}
	// Exact to the parameter where the published count is exact.
	l8, _ := model.FindPreset(cat.Models, "llama-3.1-8b")
	if got, _ := configParams(l8); math.Round(got*1e9) != 8030261248 {
		t.Errorf("Llama 3.1 8B: %.0f parameters, want 8,030,261,248", got*1e9)
	}
}

// The embedded presets carry what memory by architecture needs: Gemma 2
// and 3's sliding windows, FLUX.1-dev and SDXL as whole pipelines with a
// measured reference, Mixtral's 12.9B active parameters; each fact names
// its source in the preset's sources.
func TestEmbeddedPresetFacts(t *testing.T) {
	cat := embeddedCatalog(t)
	get := func(name string) *model.ModelPreset {
		p, err := model.FindPreset(cat.Models, name)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for name, w := range map[string][2]int{"gemma-3-4b": {1024, 5}, "gemma-3-12b": {1024, 5}, "gemma-3-27b": {1024, 5}, "gemma-2-9b": {4096, 1}, "gemma-2-27b": {4096, 1}} {
		p := get(name)
		if p.AttentionPattern != model.AttnHybrid || p.SlidingWindow != w[0] || p.LocalPerGlobal != w[1] || !strings.Contains(p.Source, "huggingface/blog") {
			t.Errorf("%s: pattern %q window %d, %d local per global; sources %s", name, p.AttentionPattern, p.SlidingWindow, p.LocalPerGlobal, p.Source)
		}
	}
	for _, name := range []string{"llama-3.1-8b", "mistral-7b-v0.3", "phi-3-mini", "qwen2.5-7b"} {
		if p := get(name); p.AttentionPattern != "" || p.SlidingWindow != 0 {
			t.Errorf("%s: pattern %q window %d, want global attention", name, p.AttentionPattern, p.SlidingWindow)
		}
	}
	flux := get("flux.1-dev")
	sum := 0.0
	for _, c := range flux.Components {
		sum += c.ParamsB
	}
	if !flux.IsDiffusion() || len(flux.Components) != 4 || !testcheck.NearAbs(flux.ParamsB, sum, 1e-9) || flux.ActiveB != 11.9 ||
		flux.Image == nil || flux.Image.Seconds != 12 || flux.Image.GPU != "H100 SXM5" || flux.Image.WorkspaceGiB != 4.719 {
		t.Errorf("flux.1-dev: %+v image %+v", flux, flux.Image)
	}
	if _, ok := cat.GPUs[flux.Image.GPU]; !ok {
		t.Errorf("flux.1-dev reference GPU %q not in the GPU table", flux.Image.GPU)
	}
	sdxl := get("stable-diffusion-xl")
	if !sdxl.IsDiffusion() || !testcheck.NearAbs(sdxl.ParamsB, 3.5, 0.01) || sdxl.Image == nil || sdxl.Image.Steps != 50 {
		t.Errorf("stable-diffusion-xl: %.3fB (Hugging Face: 3.5B), image %+v", sdxl.ParamsB, sdxl.Image)
	}
	if m := get("mixtral-8x7b"); m.ActiveB != 12.9 {
		t.Errorf("mixtral-8x7b active %.1fB, want 12.9", m.ActiveB)
	}
	// The format a checkpoint ships in, with its source: DeepSeek-V3 and
	// R1 in FP8 (quantization_config), gpt-oss's non-expert weights in
	// BF16; a preset without the fact has none (16 bits assumed).
	for name, w := range map[string]struct {
		prec   model.Precision
		source string
	}{"deepseek-v3": {model.FP8, "DeepSeek-V3/blob/9b4e9788e4a3a731f7567338ed15d3ec549ce03b/README_WEIGHTS.md"},
		"deepseek-r1":  {model.FP8, "deepseek-ai/DeepSeek-R1/blob/main/config.json"},
		"gpt-oss-120b": {model.BF16, "openai/gpt-oss"}, "llama-3.1-8b": {"", ""}, "qwen2.5-72b": {"", ""}} {
		p := get(name)
		if p.CheckpointPrecision != w.prec || !strings.Contains(p.Source, w.source) || (w.prec != "") != strings.Contains(p.Notes, "[checkpoint_precision]") {
			t.Errorf("%s: checkpoint precision %q, want %q cited (%s); sources %s", name, p.CheckpointPrecision, w.prec, w.source, p.Source)
		}
	}
}

// Usable memory per GPU as the driver reports it, with its source: T4
// 15360 MiB, H100 SXM 81559, B200 183359 (HGX B200 "180 GB"); a GPU no
// source measured has none. Azure's NVv4 sizes are 1/8, 1/4 and 1/2 of
// an MI25 with 2, 4 and 8 GB.
func TestEmbeddedUsableMemoryAndSlices(t *testing.T) {
	cat := embeddedCatalog(t)
	for name, mib := range map[string]float64{"T4": 15360, "L4": 23034, "A10G": 23028, "H100 SXM5": 81559, "H200 SXM": 143771, "B200 (HGX, 1000 W)": 183359, "GeForce RTX 4090": 24564} {
		g, ok := cat.GPUs[name]
		if !ok || g.UsableGiB != mib/1024 || !strings.HasPrefix(g.UsableSource, "https://") {
			t.Errorf("%s: usable %.3f GiB (%s), want %v MiB with a source", name, g.UsableGiB, g.UsableSource, mib)
		}
	}
	for name, g := range cat.GPUs {
		if g.UsableGiB > g.VRAMGiB*1.01 {
			t.Errorf("%s: usable %.2f GiB above the marketed %.0f", name, g.UsableGiB, g.VRAMGiB)
		}
		if u, measured := g.Usable(g.VRAMGiB); measured && u < g.VRAMGiB*model.DecimalGiB {
			t.Errorf("%s: usable %.2f GiB below the marketed GB read as decimal (%.2f), the worse case unmeasured GPUs get", name, u, g.VRAMGiB*model.DecimalGiB)
		}
	}
	want := map[string][2]float64{"Standard_NV4as_v4": {0.125, 2}, "Standard_NV8as_v4": {0.25, 4}, "Standard_NV16as_v4": {0.5, 8}, "Standard_NV32as_v4": {0, 16}}
	seen := 0
	for _, o := range cat.Offers {
		if w, ok := want[o.InstanceType]; ok && o.Provider == "azure" {
			seen++
			if o.GPUFraction != w[0] || o.VRAMGiB != w[1] {
				t.Errorf("%s: fraction %v, %v GB; Azure: %v of an MI25, %v GB", o.InstanceType, o.GPUFraction, o.VRAMGiB, w[0], w[1])
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d NVv4 offers seen, want %d", seen, len(want))
	}
}

// The preset facts file refuses what it cannot use: an unknown field or
// preset, a row without source, a count far from the listed one, a
// hybrid pattern without its window, a pipeline without a reference.
func TestPresetFactsErrors(t *testing.T) {
	presets := func() []model.ModelPreset {
		return []model.ModelPreset{{Name: "m", ParamsB: 7, ActiveB: 7, MaxContext: 8192}}
	}
	gpus := map[string]model.GPU{"H100 SXM5": {Name: "H100 SXM5"}}
	head := "preset,field,value,source_url,note\n"
	for _, tc := range []struct {
		rows, want string
	}{
		{"m,colour,red,https://s,\n", "unknown field"},
		{"m,params_b,7.2,,\n", "every fact cites its source"},
		{"x,params_b,7.2,https://s,\n", "not a preset"},
		{"m,params_b,9,https://s,\n", "not a refinement"},
		{"m,attention_pattern,hybrid,https://s,\nm,sliding_window,1024,https://s,\n", "needs sliding_window and local_per_global"},
		{"m,sliding_window,9000,https://s,\nm,attention_pattern,sliding,https://s,\n", "not shorter than the context"},
		{"m,kind,diffusion,https://s,\nm,component,denoiser:t:7,https://s,\n", "whole image reference"},
		{"m,component,encoder:t:7,https://s,\n", "want denoiser, text_encoder or vae"},
		{"m,image_gpu,Z80,https://s,\n", "not a GPU"},
		{"m,attention_pattern,chunked,https://s,\nm,local_per_global,3,https://s,\n", "needs sliding_window and local_per_global"},
		{"m,attention_pattern,linear_hybrid,https://s,\nm,local_per_global,3,https://s,\n", "needs local_per_global (linear layers per full-attention one) and linear_state"},
		{"m,linear_state,1000,https://s,\n", "needs the linear_hybrid pattern"},
		{"m,attention_pattern,mamba,https://s,\n", "want global, sliding, hybrid, chunked or linear_hybrid"},
		{"m,expert_format,nvfp4,https://s,\n", "want mxfp4"},
		{"m,expert_format,mxfp4,https://s,\n", "needs a mixture of experts"},
		{"m,checkpoint_precision,auto,https://s,\n", "want one of fp32, bf16"},
		{"m,checkpoint_precision,FP8,https://s,\n", "as written"},
		{"m,checkpoint_precision,e4m3,https://s,\n", "want one of"},
	} {
		facts, err := parsePresetFacts(strings.NewReader(head+tc.rows), "preset_facts.csv")
		if err == nil {
			err = applyPresetFacts(presets(), facts, gpus, "preset_facts.csv")
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.rows, err, tc.want)
		}
	}
}

// facts/presets.csv adds whole presets: a name model_presets.csv already
// has, a row without sources, an active count above the total or a bad
// number is refused with its line.
func TestAddPresetsErrors(t *testing.T) {
	base := []model.ModelPreset{{Name: "llama-3.1-8b", ParamsB: 8, ActiveB: 8}}
	head := "name,hf_id,family,params_total_b,params_active_b,num_layers,hidden_size,intermediate_size,num_attention_heads,num_kv_heads,head_dim,vocab_size,max_context,attention,moe_experts,moe_experts_per_token,notes,source\n"
	good := "new-moe,o/n,f,20,3,24,2880,2880,64,8,64,201088,131072,gqa,32,4,n,https://s\n"
	for _, tc := range []struct {
		rows, want string
	}{
		{good + "Llama-3.1-8B,o/l,f,8,8,32,4096,14336,32,8,128,128256,131072,gqa,,,n,https://s\n", "line 3: column name: \"Llama-3.1-8B\" is already a preset"},
		{good + good, "line 3: preset name empty or repeated"},
		{"m,o/m,f,7,7,32,4096,14336,32,8,128,32000,8192,gqa,,,n,\n", "line 2: column source: empty"},
		{"m,o/m,f,7,9,32,4096,14336,32,8,128,32000,8192,gqa,,,n,https://s\n", "line 2: columns params_total_b, params_active_b"},
		{"m,o/m,f,,,32,4096,14336,32,8,128,32000,8192,gqa,,,n,https://s\n", "line 2: columns params_total_b, params_active_b"},
		{"m,o/m,f,7,7,3x,4096,14336,32,8,128,32000,8192,gqa,,,n,https://s\n", "line 2: column num_layers"},
	} {
		_, err := addPresets(base, strings.NewReader(head+tc.rows), "facts/presets.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "facts/presets.csv") {
			t.Errorf("%q: error %v, want %q", tc.rows, err, tc.want)
		}
	}
	got, err := addPresets(base, strings.NewReader(head+good), "facts/presets.csv")
	if err != nil || len(got) != 2 || got[1].Name != "new-moe" || got[1].Experts != 32 || got[1].ActiveB != 3 {
		t.Errorf("a good row: %+v, %v", got, err)
	}
}

// The generator reads facts/presets.csv after model_presets.csv: a row
// added to it is a preset of the generated catalog, with the facts of
// preset_facts.csv applied to it, and the catalog grows by that row only.
func TestGenerateAddsFactsPresets(t *testing.T) {
	needShared(t)
	extra := fstest.MapFS{}
	for name, add := range map[string]string{
		filePresetsAdded:   "test-linear,o/t,f,80,3,48,2048,512,16,2,256,151936,262144,gqa,512,10,tie_word_embeddings=false,https://example.org/config.json\n",
		"preset_facts.csv": "test-linear,attention_pattern,linear_hybrid,https://example.org/c,\ntest-linear,local_per_global,3,https://example.org/c,\ntest-linear,linear_state,1000,https://example.org/c,\n",
	} {
		b, err := os.ReadFile(filepath.Join("facts", name))
		if err != nil {
			t.Fatal(err)
		}
		extra[name] = &fstest.MapFile{Data: append(b, add...)}
	}
	files, err := Generate(os.DirFS(sharedDir), withFiles{FS: os.DirFS("facts"), extra: extra})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := DecodeFiles(files)
	if err != nil {
		t.Fatal(err)
	}
	if base := embeddedCatalog(t); len(cat.Models) != len(base.Models)+1 {
		t.Fatalf("%d presets, want the embedded %d and the added one", len(cat.Models), len(base.Models))
	}
	p, err := model.FindPreset(cat.Models, "test-linear")
	if err != nil {
		t.Fatal(err)
	}
	if p.AttentionPattern != model.AttnLinearHybrid || p.LinearState != 1000 || p.LocalPerGlobal != 3 || p.Experts != 512 ||
		!strings.Contains(p.Source, "https://example.org/config.json") || !strings.Contains(p.Source, "https://example.org/c") {
		t.Errorf("added preset %+v", p)
	}
}

// The five presets facts/presets.csv adds carry their architecture:
// gpt-oss's alternating 128-token windows and MXFP4 experts, Llama 4's
// chunked layers (8192, three per global one), Qwen3-Next's linear
// layers with their recurrent state; each with the model card's counts.
func TestEmbeddedAddedPresets(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, w := range []struct {
		name, pattern, format string
		total, active         float64
		window, per, state    int
	}{
		{"gpt-oss-20b", model.AttnHybrid, model.ExpertMXFP4, 20.91, 3.61, 128, 1, 0},
		{"gpt-oss-120b", model.AttnHybrid, model.ExpertMXFP4, 116.83, 5.13, 128, 1, 0},
		{"llama-4-scout", model.AttnChunked, "", 109, 17, 8192, 3, 0},
		{"llama-4-maverick", model.AttnChunked, "", 400, 17, 8192, 3, 0},
		{"qwen3-next-80b-a3b", model.AttnLinearHybrid, "", 80, 3, 0, 3, 548864},
	} {
		p, err := model.FindPreset(cat.Models, w.name)
		if err != nil {
			t.Fatal(err)
		}
		if p.AttentionPattern != w.pattern || p.ExpertFormat != w.format || p.ParamsB != w.total || p.ActiveB != w.active ||
			p.SlidingWindow != w.window || p.LocalPerGlobal != w.per || p.LinearState != w.state || !p.IsMoE() || p.TiedEmbedding ||
			!strings.Contains(p.Source, "https://") {
			t.Errorf("%s: %+v", w.name, p)
		}
	}
}
