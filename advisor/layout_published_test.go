package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// plannedOn is the layout the planner picks for answers a on nodes nodes
// of 8 x H100 SXM5 (NVSwitch, RDMA) and the speed of the run in it.
func plannedOn(t *testing.T, a model.Answers, nodes int) (trainLayout, model.Speed, *plan) {
	t.Helper()
	o := testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32)
	o.RDMA = model.Yes
	a.MaxNodes = nodes
	a.Normalize()
	c := newCall(New(catWith(o)), a, langEN)
	s := &c.ix.shapes[0]
	g := c.ix.shapeGPU(s)
	l, ok := c.feas.planLayout(s, g, s.vram*gib, nodes)
	if !ok {
		t.Fatalf("%s at %d tokens: no layout holds it on %d nodes", a.Model, a.Context, nodes)
	}
	sp, _, _ := c.p.speedOf(speedIn{g: g, frac: 1, n: 8, t: 1, r: 1, nodes: nodes, sharding: l.sharding, lay: l,
		net: topoOf(g, s.nvlink, s.ic, s.rdma, s.netGbps, 8, nodes)})
	return l, sp, c.p
}

// nemoLlama2Tokens converts a TFLOP/s per GPU of NeMo's long-sequence
// table to tokens/s per GPU with the FLOPs NeMo counted then: its llama2
// formula before PR #14424, per token L x h^2 x (12 + 12 g/a + 18 f/h +
// 12 s/h + 6 V/(L h)), the attention term 12 s/h without the causal
// discount (NVIDIA/NeMo nemo/utils/flops_formulas.py; the change
// multiplied it by 0.5 for causal attention). Llama-2-7B: 32 layers,
// hidden 4,096, 32 query groups of 32 heads, FFN 11,008, vocabulary
// 32,000.
func nemoLlama2Tokens(tflops float64, seq int) float64 {
	const l, h, ffn, vocab = 32.0, 4096.0, 11008.0, 32000.0
	perToken := l * h * h * (12 + 12 + 18*ffn/h + 12*float64(seq)/h + 6*vocab/(l*h))
	return tflops * 1e12 / perToken
}

// NeMo's long-sequence table for Llama-2-7B in FP8 on DGX-H100 (NeMo
// 24.03.01; NVIDIA/NeMo docs/source/performance/performance_long_sequence.md,
// the with-CP TFLOP/s column), converted to tokens/s per GPU with the
// FLOPs NeMo counted (nemoLlama2Tokens). attnMFU was fitted to the
// calibration rows; the test rows (4k and 128k, named in issue 22 before
// the work) were not used to fit anything. Tolerance: 35% for the test
// rows (issue 22's bound), 10% for the calibration rows (a fit that
// misses its own figures by more is not the model's). Each runs the
// planner's layout on NeMo's GPU count with the defaults (selective
// recomputation, the 4M-token global batch).
func TestPublishedLongSequence(t *testing.T) {
	const source = "NeMo performance_long_sequence.md, Llama-2-7B FP8, DGX-H100"
	for _, tc := range []struct {
		seqK, gpus int
		tflops     float64
		set        string
	}{
		{4, 4, 768, "test"},
		{128, 128, 555, "test"},
		{32, 32, 610, "calibration"},
		{64, 64, 574, "calibration"},
		{256, 256, 549, "calibration"},
		{512, 512, 549, "calibration"},
		{1024, 1024, 536, "calibration"},
	} {
		seq := tc.seqK * 1024
		a := answers(model.WorkloadPretrain, "llama-2-7b", model.FP8, seq, 1)
		a.DurationMode, a.JobTokens = model.DurationJob, 1e12
		nodes := max(tc.gpus/8, 1)
		l, sp, _ := plannedOn(t, a, nodes)
		got := sp.ThroughputTokensSec / float64(8*nodes)
		tol := 0.35
		if tc.set == "calibration" {
			tol = 0.10
		}
		t.Logf("%dk (%s): layout TP %d x PP %d x CP %d x DP %d %s %s", tc.seqK, tc.set, l.tp, l.pp, l.cp, l.dp, l.sharding, recomputeNames[l.recompute])
		testcheck.Figure(t, "Llama-2-7B FP8 tokens/s per H100 at "+model.FormatContext(seq)+" ("+tc.set+")", source, got, nemoLlama2Tokens(tc.tflops, seq), tol)
		// NeMo splits the sequence at 128k (CP 4); beyond 256k the speed
		// model finds full recomputation with TP as fast as CP (the same
		// FLOPs per GPU), which NeMo's without-CP column does not bear out
		// (26.5 TFLOP/s at 1M tokens): left to a later model.
		if tc.seqK == 128 && l.cp < 2 {
			t.Errorf("%dk tokens: no context parallelism (%+v); NeMo runs CP 4", tc.seqK, l)
		}
	}
}

// Llama 3.1 405B at 8k tokens on 64 nodes of 8 x H100: the GPU-hours of
// 15.6T tokens against Meta's 30.84M (Llama 3.1 model card, "Training
// utilized a cumulative of 39.3M GPU hours ... 405B 30.84M"; The Llama 3
// Herd of Models, arXiv 2407.21783, sections 3.1 and 3.3: 15.6T tokens,
// TP 8 x PP 16 x CP x DP). A test figure (issue 22), within 35%: the
// published hours include the long-context and annealing stages and
// restarts. The layout must be Megatron-style with TP inside the node and
// a pipeline, as Meta's was, and hold the memory.
func TestPublished405BLayoutGPUHours(t *testing.T) {
	a := answers(model.WorkloadPretrain, "llama-3.1-405b", model.BF16, 8192, 1)
	a.DurationMode, a.JobTokens = model.DurationJob, 15.6e12
	l, sp, p := plannedOn(t, a, 64)
	gpuH := a.JobTokens / sp.ThroughputTokensSec / 3600 * 512
	testcheck.Figure(t, "Llama 3.1 405B GPU-hours for 15.6T tokens on 64 x 8 H100", "Llama 3.1 model card; Llama 3 paper Table 4", gpuH, 30.84e6, 0.35)
	if l.launcher() != model.LauncherMegatron || l.tp != 8 || l.pp < 2 {
		t.Errorf("405B layout %+v: want TP 8 within the node and a pipeline across nodes", l)
	}
	if need := p.train().layoutMem(l); need > 80*gib {
		t.Errorf("405B layout %+v needs %.1f GiB a GPU", l, need/gib)
	}
}

// The activations follow the layout: TP and CP divide them, a pipeline's
// first stage keeps pp micro-batches of its L / pp layers (all L layers'
// worth: 1F1B does not divide them), and full recomputation keeps only the
// layers' inputs.
func TestLayoutActivations(t *testing.T) {
	a := answers(model.WorkloadPretrain, "llama-3.1-70b", model.BF16, 8192, 1)
	p := newPlan(testCatalog(), &a, langEN)
	base := trainLayout{tp: 1, pp: 1, cp: 1, dp: 64, sharding: "zero1", recompute: recomputeSelective}
	with := func(f func(*trainLayout)) float64 {
		l := base
		f(&l)
		return p.train().layoutAct(l)
	}
	whole := p.train().layoutAct(base)
	if got := with(func(l *trainLayout) { l.tp, l.dp = 8, 8 }); !testcheck.Near(got, whole/8, 1e-9) {
		t.Errorf("TP 8: %.2f GiB, want %.2f", got/gib, whole/8/gib)
	}
	if got := with(func(l *trainLayout) { l.cp, l.dp = 4, 16 }); !testcheck.Near(got, whole/4, 1e-9) {
		t.Errorf("CP 4: %.2f GiB, want %.2f", got/gib, whole/4/gib)
	}
	if got := with(func(l *trainLayout) { l.pp, l.dp = 8, 8 }); got < 0.9*whole || got > whole {
		t.Errorf("PP 8: %.2f GiB, want about the whole %.2f (1F1B keeps 8 micro-batches of 10 layers)", got/gib, whole/gib)
	}
	if got := with(func(l *trainLayout) { l.recompute = recomputeFull }); got > whole/5 {
		t.Errorf("full recomputation: %.2f GiB of %.2f", got/gib, whole/gib)
	}
}

// Fine-tuning on one node keeps data parallelism (torchrun + FSDP) when
// it holds the run; tensor parallelism spans only the NVLink domain, so a
// PCIe node never splits a layer.
func TestLayoutLauncherAndDomain(t *testing.T) {
	ft := answers(model.WorkloadFineTune, "llama-3.1-8b", model.BF16, 2048, 1)
	ft.DurationMode, ft.JobTokens = model.DurationJob, 1e8
	r := top(t, Recommend(catWith(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32)), ft, Options{}))
	if r.Layout == nil || r.Layout.Launcher != model.LauncherFSDP || r.Layout.DataParallel != 8 || r.Layout.TensorParallel != 1 {
		t.Errorf("8B fine-tune on 8 x H100: layout %+v, want torchrun + FSDP over 8", r.Layout)
	}
	pre := answers(model.WorkloadPretrain, "llama-3.1-70b", model.BF16, 4096, 1)
	pre.DurationMode, pre.JobTokens = model.DurationJob, 1e9
	for _, ic := range []model.Interconnect{model.InterconnectPCIe, model.InterconnectNVSwitch} {
		o := testOffer("cloudA", "l40sx8", "L40S", 8, 20)
		o.Interconnect = ic
		res := Recommend(catWith(o), pre, Options{})
		for _, r := range res.Recommendations {
			if ic == model.InterconnectPCIe && r.Layout != nil && r.Layout.TensorParallel > 1 {
				t.Errorf("PCIe node: tensor parallel %d", r.Layout.TensorParallel)
			}
		}
	}
}
