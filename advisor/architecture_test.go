package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// hasLine reports whether one of lines contains s.
func hasLine(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// A context that was not given is the default for the model and the
// workload (serving 8k, never past the model's maximum; training 2k); a
// context that was given is kept, even past the maximum, and a note says
// so. The wizard's and the CLI's starting answers leave it unset.
func TestContextDefaults(t *testing.T) {
	if c := model.DefaultAnswers().Context; c != 0 {
		t.Fatalf("DefaultAnswers sets context %d: a typed 8k could not be told from the default", c)
	}
	cat := testCatalog()
	for _, tc := range []struct {
		name       string
		w          model.Workload
		preset     string
		ctx        int
		want       int
		isDefault  bool
		assumption string
		note       string
	}{
		{"serving default", model.WorkloadInference, "llama-3.1-8b", 0, 8192, true, "the serving default", ""},
		{"Phi-3-mini-4k at its maximum", model.WorkloadInference, "phi-3-mini", 0, 4096, true, "the model's maximum", ""},
		{"fine-tuning default", model.WorkloadLoRA, "llama-3.1-8b", 0, 2048, true, "the fine-tuning default", ""},
		{"QLoRA default", model.WorkloadQLoRA, "llama-3.1-70b", 0, 2048, true, "the fine-tuning default", ""},
		{"typed is kept", model.WorkloadInference, "llama-3.1-8b", 4096, 4096, false, "", ""},
		{"typed past the maximum is kept", model.WorkloadInference, "phi-3-mini", 8192, 8192, false, "longer than the model's maximum (4k)", "longer than the model's maximum of 4k"},
		{"typed training length is kept", model.WorkloadLoRA, "llama-3.1-8b", 8192, 8192, false, "", ""},
	} {
		a := model.DefaultAnswers()
		a.Workload, a.Model, a.Context = tc.w, tc.preset, tc.ctx
		a.Normalize()
		res := Recommend(cat, a, Options{})
		r := res.Requirement
		if r.Context != tc.want || r.ContextDefault != tc.isDefault {
			t.Errorf("%s: context %d (default %v), want %d (%v)", tc.name, r.Context, r.ContextDefault, tc.want, tc.isDefault)
		}
		if tc.assumption != "" && !hasLine(r.Assumptions, tc.assumption) {
			t.Errorf("%s: no assumption %q in %v", tc.name, tc.assumption, r.Assumptions)
		}
		if tc.note != "" && !hasLine(res.Notes, tc.note) {
			t.Errorf("%s: no note %q in %v", tc.name, tc.note, res.Notes)
		}
		if tc.note == "" && hasLine(res.Notes, "maximum") {
			t.Errorf("%s: unexpected note %v", tc.name, res.Notes)
		}
	}
}

// Fits use the memory the driver reports as usable: a T4 has 15 GiB of
// its 16 GB (nvidia-smi 15360 MiB), a B200 179 GiB of its 192 GB; a GPU
// without a measured figure is taken at its marketed GB read as decimal
// gigabytes, the worse case.
func TestUsableMemoryFits(t *testing.T) {
	for _, tc := range []struct {
		gpu  string
		need float64
		fits bool
	}{
		{"T4", 14.8, true},
		{"T4", 15.3, false}, // fitted 16 GiB before: 4% headroom that does not exist
		{"B200 (HGX, 1000 W)", 178, true},
		{"B200 (HGX, 1000 W)", 182, false},
		{"H100 SXM5", 79.5, true},
		{"H100 SXM5", 79.8, false},
		{"Mystery X1", 44.5, true}, // 48 GB not measured: 44.7 GiB
		{"Mystery X1", 45, false},
	} {
		cat := catWith(testOffer("cloudA", "one", tc.gpu, 1, 1))
		res := Recommend(cat, stated(tc.need, func(a *model.Answers) { a.MaxNodes = 1 }), Options{})
		if got := len(res.Recommendations) > 0; got != tc.fits {
			t.Errorf("%.1f GiB on one %s: fits %v, want %v", tc.need, tc.gpu, got, tc.fits)
			continue
		}
		if tc.fits {
			g := cat.GPUs[tc.gpu]
			u, _ := g.Usable(g.VRAMGiB)
			if r := res.Recommendations[0]; !testcheck.NearAbs(r.Headroom, (u-tc.need)/u, 1e-9) {
				t.Errorf("%s: headroom %.4f, want %.4f of the usable %.2f GiB", tc.gpu, r.Headroom, (u-tc.need)/u, u)
			}
		}
	}
}

// A vGPU slice has its share of the GPU's memory and compute: a quarter
// of a T4 holds 3.75 GiB of its 4 GB (the T4's measured share), a
// slice of an unmeasured GPU its marketed GB read as decimal.
func TestFractionalGPUMemory(t *testing.T) {
	quarter := testOffer("cloudA", "t4-quarter", "T4", 1, 0.2)
	quarter.GPUFraction, quarter.VRAMGiB = 0.25, 4
	for _, tc := range []struct {
		need float64
		fits bool
	}{{3.7, true}, {3.8, false}} {
		one := stated(tc.need, func(a *model.Answers) { a.MaxNodes = 1 })
		if got := len(Recommend(catWith(quarter), one, Options{}).Recommendations) > 0; got != tc.fits {
			t.Errorf("%.2f GiB on a quarter T4: fits %v, want %v", tc.need, got, tc.fits)
		}
	}
	// Speed takes the share of compute: a quarter of the bandwidth.
	whole := testOffer("cloudA", "t4", "T4", 1, 0.8)
	a := answers(model.WorkloadInference, "qwen2.5-0.5b", model.BF16, 2048, 1)
	a.Latency = model.LatencyBatch
	cat := catWith(quarter, whole)
	cat.Models = append(cat.Models, model.ModelPreset{Name: "qwen2.5-0.5b", Family: "qwen2.5", ParamsB: 0.494, ActiveB: 0.494, Layers: 24, Hidden: 896, FFN: 4864, Heads: 14, KVHeads: 2, HeadDim: 64, Vocab: 151936, MaxContext: 32768, TiedEmbedding: true, Source: "model_presets.csv"})
	res := Recommend(cat, a, Options{})
	speed := map[string]float64{}
	for _, r := range res.Recommendations {
		speed[r.InstanceType] = r.Speed.DecodeTokensPerSec
	}
	if speed["t4"] <= 0 || !testcheck.NearAbs(speed["t4-quarter"]/speed["t4"], 0.25, 1e-9) {
		t.Errorf("decode speed of a quarter T4 %.1f, whole %.1f: want a quarter", speed["t4-quarter"], speed["t4"])
	}
}

// A diffusion pipeline is held whole on one GPU (denoiser, text encoders
// and VAE) and never split: several GPUs run copies. FLUX.1-dev in BF16
// needs its 36 GiB peak on one GPU, so four 12 GB RTX 3060s, a 24 GB RTX
// 4090 and an L4 are out; in FP8 the 24 GB cards hold it. Its speed is
// seconds per image scaled from the H100 reference (12 s at 1024 x 1024,
// 50 steps), and a job counts images, so the run is priced per image.
func TestDiffusionSingleGPU(t *testing.T) {
	offers := []model.Offer{
		testOffer("cloudA", "3060x4", "GeForce RTX 3060 (12 GB)", 4, 0.3),
		testOffer("cloudA", "4090x1", "GeForce RTX 4090", 1, 0.5),
		testOffer("cloudA", "l4x1", "L4", 1, 0.7),
		testOffer("cloudA", "a6000x1", "RTX A6000", 1, 0.8),
		testOffer("cloudA", "h100x1", "H100 SXM5", 1, 3),
		testOffer("cloudA", "hgx-h100", "H100 SXM5", 8, 24),
	}
	cat := catWith(offers...)
	a := answers(model.WorkloadInference, "flux.1-dev", model.BF16, 0, 1)
	// Which GPUs hold the pipeline: the batch class, whose time per image
	// has no limit (TestImageLatencyClasses checks the limits).
	a.Latency = model.LatencyBatch
	res := Recommend(cat, a, Options{Top: 10})
	req := res.Requirement
	if !req.SingleGPU || req.Image == nil || req.Image.Width != 1024 || req.Image.Steps != 50 {
		t.Fatalf("FLUX.1-dev not sized as a pipeline: %+v", req)
	}
	if req.VRAMGiB < 36 || req.VRAMGiB > 37.5 {
		t.Errorf("FLUX.1-dev BF16 needs %.1f GiB, want the 36.2 GiB peak plus the CUDA context", req.VRAMGiB)
	}
	got := map[string]model.Recommendation{}
	for _, r := range res.Recommendations {
		got[r.InstanceType] = r
		if r.TensorParallel > 1 || r.NeedPerGPUGiB < req.VRAMGiB-1e-9 || r.GPUsUsed != r.GPUCount {
			t.Errorf("%s: tp %d, %.1f GiB per GPU, %d of %d GPUs: a pipeline is never split, every GPU runs a copy", r.InstanceType, r.TensorParallel, r.NeedPerGPUGiB, r.GPUsUsed, r.GPUCount)
		}
		if r.Speed.DecodeTokensPerSec != 0 || r.Speed.SecondsPerImage <= 0 {
			t.Errorf("%s: %.1f tok/s, %.1f s per image: images are timed in seconds", r.InstanceType, r.Speed.DecodeTokensPerSec, r.Speed.SecondsPerImage)
		}
	}
	for _, out := range []string{"3060x4", "4090x1", "l4x1"} {
		if _, ok := got[out]; ok {
			t.Errorf("BF16 FLUX.1-dev recommended on %s", out)
		}
	}
	for _, in := range []string{"a6000x1", "h100x1", "hgx-h100"} {
		if _, ok := got[in]; !ok {
			t.Errorf("BF16 FLUX.1-dev not recommended on %s: %v", in, names(res))
		}
	}
	if h := got["h100x1"]; !testcheck.NearAbs(h.Speed.SecondsPerImage, 12, 1e-9) || !testcheck.NearAbs(got["hgx-h100"].Speed.ImagesPerHour, 8*3600/12.0, 1e-6) {
		t.Errorf("H100: %.2f s per image, 8 x H100 %.0f images/h; want the 12 s reference and 8 copies", h.Speed.SecondsPerImage, got["hgx-h100"].Speed.ImagesPerHour)
	}
	a.Precision = model.FP8
	res = Recommend(cat, a, Options{Top: 10})
	fp8 := map[string]bool{}
	for _, r := range res.Recommendations {
		fp8[r.InstanceType] = true
	}
	if !fp8["4090x1"] || !fp8["l4x1"] || fp8["3060x4"] {
		t.Errorf("FP8 FLUX.1-dev (%.1f GiB): want the 24 GB cards, never the 12 GB ones: %v", res.Requirement.VRAMGiB, names(res))
	}
	// A job of 1000 images is priced per image.
	a.Precision, a.DurationMode, a.JobTokens = model.BF16, model.DurationJob, 1000
	a.Normalize()
	res = Recommend(cat, a, Options{Top: 10})
	if !hasAssumption(res, "priced per image") || len(res.Recommendations) == 0 {
		t.Fatalf("image job: %v %v", res.Requirement.Assumptions, res.Notes)
	}
	for _, r := range res.Recommendations {
		// The job's GPU time is the images at seconds per image over the
		// copies; the run adds its set-up (estimate_setup.go).
		jobH := 1000 * r.Speed.SecondsPerImage / 3600 / float64(r.GPUsUsed)
		if !testcheck.NearAbs(r.Speed.JobHours, jobH, 1e-9*jobH) || !testcheck.NearAbs(r.RunHours, jobH+r.Setup.Hours, 1e-9) {
			t.Errorf("%s: job %.4f h, run %.4f h, set-up %.4f h; want a job of %.4f h (seconds per image / copies)", r.InstanceType, r.Speed.JobHours, r.RunHours, r.Setup.Hours, jobH)
		}
		// One image costs the hourly rate over the images an hour.
		if want := r.HourlyUSD / r.Speed.ImagesPerHour; r.PerImageUSD <= 0 || !testcheck.NearAbs(r.PerImageUSD, want, 1e-12) {
			t.Errorf("%s: %.6f USD per image, want %.6f (hourly %.2f / %.1f images an hour)", r.InstanceType, r.PerImageUSD, want, r.HourlyUSD, r.Speed.ImagesPerHour)
		}
	}
	// A language model has no cost per image.
	llm := Recommend(cat, answers(model.WorkloadInference, "llama-2-7b", model.BF16, 1024, 1), Options{})
	if len(llm.Recommendations) == 0 || llm.Recommendations[0].PerImageUSD != 0 {
		t.Errorf("a language model priced per image: %+v", llm.Recommendations)
	}
}

// MLA's latent cache cannot be split by heads, so tensor parallelism keeps
// all of it on every GPU (vLLM's get_num_kv_heads returns 1 for MLA);
// expert parallelism with data-parallel attention keeps each sequence's
// cache on one GPU at the price of the non-expert weights whole on each.
// At 128 sequences of 8k tokens DeepSeek-V3 FP8 fits one 8 x H200 node
// only that way.
func TestMLADataParallelAttention(t *testing.T) {
	cat := catWith(testOffer("cloudA", "h200x8", "H200 SXM", 8, 50))
	a := answers(model.WorkloadInference, "deepseek-v3", model.FP8, 8192, 128)
	a.Latency = model.LatencyBatch
	p := newPlan(cat, &a, langEN)
	replicated := p.weights/8 + p.kvSeq*128
	dp := p.shareInference(8, 1, 1)
	// DeepSeek-V3: 256 routed experts of 3 x 7168 x 2048 over 58 MoE
	// layers, 654B parameters (moeSplit: 671B total, 37B active, 8 of
	// 256 routed), one byte each in FP8.
	if !expertLayout(p, 8, 1, 1) || dp >= replicated || p.routedBytes < 600*gib || p.routedBytes > 620*gib {
		t.Fatalf("expert parallel: %v, %.1f GiB per GPU against %.1f replicated, routed experts %.1f GiB", expertLayout(p, 8, 1, 1), dp/gib, replicated/gib, p.routedBytes/gib)
	}
	res := Recommend(cat, a, Options{})
	if len(res.Recommendations) != 1 || !hasAssumption(res, "--enable-expert-parallel") {
		t.Fatalf("DeepSeek-V3 FP8 x 128 sequences on 8 x H200: %v; %v", names(res), res.Notes)
	}
	for _, lng := range []string{"en", "zh"} {
		for _, as := range Recommend(cat, a, Options{Lang: lng}).Requirement.Assumptions {
			if strings.Contains(as, "--enable-expert-parallel") && strings.Contains(as, "%!") {
				t.Errorf("%s: the layout assumption is misformatted: %s", lng, as)
			}
		}
	}
	if r := res.Recommendations[0]; r.ExpertParallel != 8 || !r.DataParallelAttention || r.TensorParallel != 1 {
		t.Errorf("layout EP %d, data-parallel attention %v, TP %d; want EP 8 with data-parallel attention at TP 1", r.ExpertParallel, r.DataParallelAttention, r.TensorParallel)
	}
	// One interactive sequence: tensor parallelism, the latent cache on
	// every GPU.
	one := answers(model.WorkloadInference, "deepseek-v3", model.FP8, 8192, 1)
	q := newPlan(cat, &one, langEN)
	if !testcheck.NearAbs(q.shareInference(8, 1, 1), q.weights/8+q.kvSeq, 1) {
		t.Errorf("one sequence: %.2f GiB per GPU, want the replicated %.2f", q.shareInference(8, 1, 1)/gib, (q.weights/8+q.kvSeq)/gib)
	}
}

// Fine-tuning and pre-training defaults: LoRA and QLoRA adapters of rank
// 16; gradient checkpointing recomputes the whole forward pass for
// fine-tuning (+2 x parameters per token, a third of full training's 6)
// and only the core attention for pre-training (selective recompute, a
// few percent), whose activations divide over the tensor-parallel GPUs of
// a node.
func TestTrainingDefaults(t *testing.T) {
	cat := testCatalog()
	for _, w := range []model.Workload{model.WorkloadLoRA, model.WorkloadQLoRA} {
		if r := Estimate(cat, answers(w, "llama-3.1-8b", model.BF16, 0, 1)); r.LoRARank != 16 || r.Context != 2048 {
			t.Errorf("%s: rank %d at %d tokens, want 16 at 2048", w, r.LoRARank, r.Context)
		}
	}
	full := answers(model.WorkloadFineTune, "llama-3.1-8b", model.BF16, 0, 1)
	p := newPlan(cat, &full, langEN)
	// Full recomputation re-runs the forward pass, the core attention's
	// included: 8 x params and 4 x the forward attention.
	if n := p.activeParams; !testcheck.NearAbs(p.flopsPerToken, 8*n+4*p.attnFwd, 1) || p.attnFwd <= 0 {
		t.Errorf("full fine-tuning with checkpointing: %.3g FLOPs per token, want 8 x %.3g (6 + a third) + 4 x %.3g", p.flopsPerToken, n, p.attnFwd)
	}
	pre := answers(model.WorkloadPretrain, "llama-3.1-70b", model.BF16, 8192, 1)
	q := newPlan(cat, &pre, langEN)
	if extra := (q.train().trainFLOPs(recomputeSelective) - q.train().trainFLOPs(recomputeNone)) / (6 * q.activeParams); extra <= 0.005 || extra > 0.05 {
		t.Errorf("pre-training selective recompute adds %.1f%%, want a few percent", 100*extra)
	}
	tp8 := trainLayout{tp: 8, pp: 1, cp: 1, dp: 1, sharding: "zero1", recompute: recomputeSelective}
	one := trainLayout{tp: 1, pp: 1, cp: 1, dp: 8, sharding: "zero1", recompute: recomputeSelective}
	if q.recompute != recomputeSelective || !testcheck.NearAbs(q.train().layoutAct(tp8), q.act/8, 1) || q.train().layoutAct(one) != q.act {
		t.Errorf("pre-training activations per GPU: %.1f GiB at TP 8, %.1f at TP 1, of %.1f", q.train().layoutAct(tp8)/gib, q.train().layoutAct(one)/gib, q.act/gib)
	}
	noCkpt := pre
	noCkpt.GradCheckpointing = false
	if r := newPlan(cat, &noCkpt, langEN); r.recompute != recomputeNone || !testcheck.NearAbs(r.flopsPerToken, 6*r.activeParams+3*r.attnFwd, 1) {
		t.Errorf("pre-training without recompute: recompute %d, %.3g FLOPs per token", r.recompute, r.flopsPerToken)
	}
}

// A sliding window the config names but no pattern column vouches for
// (Phi-3's 2047) is not relied on: the KV cache is sized as global
// attention, the worse case, and an assumption says so.
func TestSlidingWindowUnusedIsGlobal(t *testing.T) {
	r := Estimate(testCatalog(), answers(model.WorkloadInference, "phi-3-mini", model.BF16, 4096, 1))
	global := 2.0 * 32 * 32 * 96 * 4096 * 2 / gib
	if !testcheck.NearAbs(r.Breakdown.KVCacheGiB, global, 1e-9) || !hasLine(r.Assumptions, "2047-token sliding window") {
		t.Errorf("Phi-3-mini KV %.3f GiB, want the global %.3f; %v", r.Breakdown.KVCacheGiB, global, r.Assumptions)
	}
}
