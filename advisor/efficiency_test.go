package advisor

import (
	"fmt"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// The efficiency table (efficiency.go) against published measurements.
//
// Calibration set: the figures each fitted efficiency was fitted to.
// TestEfficiencyCalibration works each fit out again from its published
// numbers and holds the table's value to it (within its rounding); it
// shows what was fitted, and fails when a value is edited without its
// source.
//
// The H200's training gain over the H100 (h200TrainGain) is fitted to
// MLPerf Training v4.0 (NVIDIA's 8 x H200 against its 8 x H100, one stack),
// and worked out again through the model in TestEfficiencyCalibration.
//
// Test set: figures no efficiency was fitted to, chosen before the fit
// (issue 22's list): MLPerf Training v5.1 Llama 2 70B LoRA, MI300X against
// H100 (TestEfficiencyMLPerfMI300XvsH100); v5.0 on 8 x MI300X
// (Oracle's and AMD's submissions) and 8 x MI325X (AMD's) against 8 x
// H200 of the same round (TestEfficiencyMLPerfTraining); one MI300X
// against one H200 decoding an 8B model in one stream
// (TestEfficiencyDecodeMI300X); and the decode rows of
// TestPublishedDecodeOverLinks and TestPublishedDecodeGPTFast that are
// not gpt-fast's Llama-2-7B on one A100 (the decode fit); Megatron-LM's
// A100 training MFU (TestEfficiencyA100Megatron) and Falcon-180B's and
// Llama 3.1 405B's pre-training hours (TestPublishedPretrainingGPUHours,
// whose Llama 2 rows are the A100 training fit).

// TestEfficiencyA100Megatron holds the A100 training MFU, fitted to the
// Llama 2 model card's hours, to Megatron-LM's published A100 figure
// (Narayanan et al., SC21: 163 TFLOP/s per A100, 52% of peak counting the
// recomputed forward pass; model FLOPs are 3 of its 4 passes, 0.39), a
// 2021 stack on a 1T-parameter model: within 15%.
func TestEfficiencyA100Megatron(t *testing.T) {
	a100 := speedCatalog().GPUs["A100-80GB SXM4"]
	testcheck.Figure(t, "A100 training MFU (tested)", "Narayanan et al. SC21: 52% of peak with recompute, x 3/4", efficiencyOf(&a100).train.v, 0.52*3/4, 0.15)
}

// mlperfV50 names the round's results repository.
const mlperfV50 = "MLPerf Training v5.0 (mlcommons training_results_v5.0)"

// gpuMI325X is the MI325X, which the test catalog lacks: the MI300X's
// compute (the same CDNA 3 die, 1307.4 BF16 / 2614.9 FP8 dense TFLOPS, AMD
// Instinct MI325X data sheet) with 256 GB of HBM3E at 6 TB/s.
var gpuMI325X = model.GPU{Name: "Instinct MI325X", Vendor: "AMD", Architecture: "CDNA 3", VRAMGiB: 256, MemBandwidthGBs: 6000, BF16TFLOPS: 1307.4, FP8TFLOPS: 2614.9, FP8: model.Yes, BF16: model.Yes, FormFactor: "OAM", Source: "see comment"}

// Every GPU finds its row; a row's figures are shares of peak, each fitted
// to a named measurement, or taken from a family of the table (an
// estimate), or (prefill only) assumed.
func TestEfficiencyTable(t *testing.T) {
	cat := speedCatalog()
	families := map[string]bool{}
	for i := range effTable {
		families[effTable[i].family] = true
	}
	for i := range effTable {
		e := &effTable[i]
		for _, f := range []struct {
			what string
			fig  effFigure
		}{{"train", e.train}, {"decode", e.decode}, {"prefill", e.prefill}} {
			switch {
			case !(f.fig.v > 0 && f.fig.v <= 1):
				t.Errorf("%s %s: %v is not a share of peak", e.family, f.what, f.fig.v)
			case f.fig.from != "" && !families[f.fig.from]:
				t.Errorf("%s %s: taken from %q, which is not a family of the table", e.family, f.what, f.fig.from)
			case f.fig.from != "" && f.fig.fit != "":
				t.Errorf("%s %s: both fitted and an estimate", e.family, f.what)
			case f.fig.from == "" && f.fig.fit == "" && f.what != "prefill":
				t.Errorf("%s %s: neither fitted nor taken from a measured family", e.family, f.what)
			}
		}
		if e.stack == "" {
			t.Errorf("%s: no software stack", e.family)
		}
	}
	mi325 := gpuMI325X
	for _, tc := range []struct {
		g    *model.GPU
		want string
	}{
		{gpuPtr(cat.GPUs["Instinct MI300X"]), famMI300X},
		{&mi325, "MI325X"},
		{gpuPtr(cat.GPUs["H100 SXM5"]), famHopper},
		{gpuPtr(cat.GPUs["H200 SXM"]), famH200},
		{gpuPtr(cat.GPUs["GH200 (96 GB HBM3)"]), famHopper},
		{&gpuH800, famHopper},
		{gpuPtr(cat.GPUs["A100-80GB SXM4"]), famA100},
		{gpuPtr(cat.GPUs["B200 (HGX, 1000 W)"]), "Blackwell"},
		{gpuPtr(cat.GPUs["L4"]), effTable[len(effTable)-1].family},
		{gpuPtr(cat.GPUs["GeForce RTX 4090"]), effTable[len(effTable)-1].family},
		{nil, effTable[len(effTable)-1].family},
	} {
		name := "nil"
		if tc.g != nil {
			name = tc.g.Name
		}
		if got := efficiencyOf(tc.g).family; got != tc.want {
			t.Errorf("%s: row %q, want %q", name, got, tc.want)
		}
	}
}

// gpuPtr is &g of a copy.
func gpuPtr(g model.GPU) *model.GPU { return &g }

// The calibration set: each fitted efficiency worked out again from the
// published numbers it was fitted to, within the table's rounding (0.01;
// the A100's decode, 0.685 taken as 0.70, 0.02).
func TestEfficiencyCalibration(t *testing.T) {
	mi300 := speedCatalog().GPUs["Instinct MI300X"]
	h200 := speedCatalog().GPUs["H200 SXM"]
	h100 := speedCatalog().GPUs["H100 SXM5"]
	peak := mi300.BF16TFLOPS / h200.BF16TFLOPS
	bw := mi300.MemBandwidthGBs / h200.MemBandwidthGBs
	const report = "alpharomercoma/MI300X-vs-H200 REPORT.md@6077fdc7"
	for _, tc := range []struct {
		what, source string
		table, fit   float64
		tol          float64
	}{
		{"Hopper training MFU", "The Llama 3 Herd of Models, Table 4 (38-43%)", efficiencyOf(&h100).train.v, 0.405, 0.05},
		{"A100 decode bandwidth share", "gpt-fast README: Llama-2-7B, 1397.31 of 2039 GB/s", efficiencyOf(gpuPtr(speedCatalog().GPUs["A100-80GB SXM4"])).decode.v, 1397.31 / 2039, 0.02 / 0.685},
		{"MI300X training MFU", report + ": 8B BF16, H200 1.32-1.40 x", efficiencyOf(&mi300).train.v, h200Train / 1.36 / peak, 0.01 / 0.26},
		{"MI300X decode bandwidth share", report + ": 70B FP8 one stream, H200 1.12 x", efficiencyOf(&mi300).decode.v, hopperDecode / 1.12 / bw, 0.01 / 0.57},
		{"MI300X prefill MFU", report + ": 8B prefill-heavy, H200 2.06 x", efficiencyOf(&mi300).prefill.v, hopperPrefill / 2.06 / peak, 0.01 / 0.18},
		{"MI325X training MFU", mlperfV50 + ": Supermicro 8 x MI325X 2.840 samples/s, Oracle 8 x H200 2.556", efficiencyOf(&gpuMI325X).train.v, h200Train * 2.840 / 2.556 / (gpuMI325X.FP8TFLOPS / h200.FP8TFLOPS), 0.01 / 0.39},
		{"MI250X GCD decode bandwidth share", "gpt-fast README: Llama-2-7B on one MI250X GCD, 1028.70 of 1638.4 GB/s", effTable[2].decode.v, 1028.70 / 1638.4, 0.01 / 0.63},
	} {
		testcheck.Figure(t, tc.what+" (fitted)", tc.source, tc.table, tc.fit, tc.tol)
	}
	// The H200's training gain over the H100, through the training-speed
	// model in each submitter's layout (neither recomputes): NVIDIA's
	// config_DGXH200_1x8x2xtp2pp1cp1.sh and config_DGXH100_1x8x4xtp4pp1cp1.sh.
	h200Rate := loraSamplesPerSecOn(t, h200, model.InterconnectNVSwitch, 1, 0, trainLayout{tp: 2, pp: 1, cp: 1, dp: 4, sharding: "none", recompute: recomputeNone})
	h100Rate := loraSamplesPerSecOn(t, h100, model.InterconnectNVSwitch, 1, 0, trainLayout{tp: 4, pp: 1, cp: 1, dp: 2, sharding: "none", recompute: recomputeNone})
	testcheck.Figure(t, "H200 over H100 training throughput (fitted)", mlperfV40+" NVIDIA h200_ngc24.04_nemo 2.4770 and eos_ngc24.04_nemo 2.1552 samples/s", h200Rate/h100Rate, 2.4770/2.1552, 0.01)
}

// mlperfV40 names the round's results repository.
const mlperfV40 = "MLPerf Training v4.0 (mlcommons training_results_v4.0@6fe95437)"

// loraSamplesPerSec is gpupick's throughput, in 8,192-token samples a
// second, of MLPerf's Llama 2 70B LoRA benchmark on one node of 8 GPUs
// with NVLink-class links: FP8, one packed sequence per GPU and step,
// data parallel (the adapters' gradients are all that is exchanged).
func loraSamplesPerSec(t *testing.T, g model.GPU) float64 {
	t.Helper()
	return loraSamplesPerSecOn(t, g, model.InterconnectNVSwitch, 1, 0, trainLayout{})
}

// loraSamplesPerSecOn is loraSamplesPerSec on nodes nodes of 8 GPUs linked
// by ic inside a node and RDMA NICs of netGbps between nodes, in layout
// lay (its zero value: the layout gpupick plans).
func loraSamplesPerSecOn(t *testing.T, g model.GPU, ic model.Interconnect, nodes int, netGbps float64, lay trainLayout) float64 {
	t.Helper()
	a := answers(model.WorkloadLoRA, "llama-2-70b", model.FP8, 8192, 1)
	a.DurationMode, a.JobTokens = model.DurationJob, 3072*8192
	a.Normalize()
	p := newPlan(speedCatalog(), &a, langEN)
	net := topoOf(&g, 1, ic, model.Yes, netGbps, 8, nodes)
	sp, _, _ := p.speedOf(speedIn{g: &g, frac: 1, n: 8, t: 1, r: 1, nodes: nodes, net: net, lay: lay})
	if sp.Unknown || sp.ThroughputTokensSec <= 0 {
		t.Fatalf("%s: no training speed", g.Name)
	}
	return sp.ThroughputTokensSec / 8192
}

// The test set's training rows: MLPerf Training v5.0, Llama 2 70B LoRA
// (GovReport, 8,192-token packed samples, FP8 on both vendors, 8 GPUs of
// one node), the throughput each run logs (tracked_stats, samples/s, run
// 0). AMD's GPUs against the round's 8 x H200 (Oracle BM.GPU.H200.8, NeMo
// on NGC 24.09: 2.5556 samples/s); the round has no 8 x H100 result for
// this benchmark (the systems of Cisco, Dell, HPE, Lambda, Lenovo,
// Nebius, Oracle and Supermicro list H200, B200 or GB200 for it), and
// the H200 is the H100's compute (989.5 BF16 / 1979 FP8 TFLOPS), which
// gpupick credits alike. Tolerance 35% (issue 22).
func TestEfficiencyMLPerfTraining(t *testing.T) {
	cat := speedCatalog()
	h200 := loraSamplesPerSec(t, cat.GPUs["H200 SXM"])
	h100 := loraSamplesPerSec(t, cat.GPUs["H100 SXM5"])
	if !testcheck.Near(h200/h100, h200TrainGain, 0.01) {
		t.Errorf("H100 %.3f and H200 %.3f samples/s: the H200 should train %.3f x the H100 (h200TrainGain)", h100, h200, h200TrainGain)
	}
	const hopper = 2.5556 // Oracle/results/1xBM.GPU.H200.8/llama2_70b_lora/result_0.txt
	for _, tc := range []struct {
		what, source string
		g            model.GPU
		published    float64
	}{
		{"8 x MI300X (Oracle) / 8 x H200", "Oracle/results/1xBM.GPU.MI300X.8/llama2_70b_lora/result_0.txt: 2.0067 samples/s", cat.GPUs["Instinct MI300X"], 2.0067},
		{"8 x MI300X (AMD) / 8 x H200", "AMD/results/MI300X_EPYC_9575F_pytorch/llama2_70b_lora/result_0.txt: 2.0265 samples/s", cat.GPUs["Instinct MI300X"], 2.0265},
		{"8 x MI325X (AMD) / 8 x H200", "AMD/results/MI325X_EPYC_9575F_pytorch/llama2_70b_lora/result_0.txt: 2.7296 samples/s", gpuMI325X, 2.7296},
	} {
		got := loraSamplesPerSec(t, tc.g) / h200
		testcheck.Figure(t, "Llama 2 70B LoRA training throughput, "+tc.what, mlperfV50+" "+tc.source, got, tc.published/hopper, 0.35)
	}
	// What the datasheets alone would say: the MI300X 1.32 x the H200.
	if r := loraSamplesPerSec(t, cat.GPUs["Instinct MI300X"]) / h200; r >= 1 {
		t.Errorf("MI300X trains %.2f x an H200; every measurement has it slower", r)
	}
}

// The test set's decode row for the MI300X: one MI300X against one H200,
// an 8B model in BF16, one stream ("Dense 8B, single stream: tie, 1.02x",
// alpharomercoma/MI300X-vs-H200 REPORT.md@6077fdc7, vLLM v0.26.0 on both);
// the MI300X decode share was fitted to the same report's 70B FP8 row, not
// this one. Tolerance 35%.
func TestEfficiencyDecodeMI300X(t *testing.T) {
	mi := decodeOn(t, "llama-3.1-8b", "Instinct MI300X", 1, model.InterconnectSingle, model.BF16, 2048, 1)
	h := decodeOn(t, "llama-3.1-8b", "H200 SXM", 1, model.InterconnectSingle, model.BF16, 2048, 1)
	testcheck.Figure(t, "8B BF16 single-stream decode, MI300X / H200", "alpharomercoma/MI300X-vs-H200 REPORT.md@6077fdc7 (tie, 1.02x)", mi.Speed.DecodeTokensPerSec/h.Speed.DecodeTokensPerSec, 1, 0.35)
}

// The assumptions name the efficiency of each family, the estimates as
// estimates, in English and Chinese.
func TestEfficiencyAssumptions(t *testing.T) {
	o := testOffer("cloudA", "h100x1", "H100 SXM5", 1, 12.29)
	for _, lang := range []string{"", "zh"} {
		a := answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
		res := Recommend(catWith(o), a, Options{Lang: lang})
		want := fmt.Sprintf("%s %d%%", famMI300X, pct(effTable[1].train.v))
		estimate := "(an estimate, from " + famHopper + ")"
		if lang == "zh" {
			want = fmt.Sprintf("%s 实测 %d%%", famMI300X, pct(effTable[1].train.v))
			estimate = "（估计值，取自 " + famHopper + "）"
		}
		if !hasAssumption(res, want) || !hasAssumption(res, estimate) {
			t.Errorf("lang %q: the training assumption does not list %q and %q: %v", lang, want, estimate, res.Requirement.Assumptions)
		}
	}
}

// mlperfV51 names the round's results repository (mlcommons
// training_results_v5.1 @ 441d65f4).
const mlperfV51 = "MLPerf Training v5.1 (mlcommons training_results_v5.1@441d65f4)"

// The test set's MI300X-against-H100 rows: MLPerf Training v5.1, the one
// round with both on Llama 2 70B LoRA, compared per GPU, each
// configuration modelled in its submitter's layout (neither recomputes).
// The round's H100 results are Cisco's 8 and 16 nodes of 8 x H100 SXM5
// (400 Gb/s RoCE per GPU, NeMo 24.09) in TP 4 x CP 2, one sample per 8
// GPUs (the benchmark's global batch of 8 over 64 GPUs); its MI300X
// results one node (AMD, Krai, MangoBoost; TP 1, a sample per GPU) and
// MangoBoost's two nodes. The throughput each run logs (tracked_stats,
// samples/s, run 0).
//
// The datasheets say 1.32 x (BF16 TFLOPS); MLPerf 1.07 x (two nodes
// against eight) to 1.15 x (one node against eight); gpupick 0.86 x, with
// the H100's training MFU (the Llama 3 fit) and the MI300X's fitted to an
// H200 (which trains h200TrainGain x an H100, fitted to v4.0, not to this
// round). Part of the gap is the scale: the H100 results run 64 GPUs at a
// global batch of 8, a strong-scaling loss gpupick does not model (a
// user's run on 64 GPUs takes a larger batch): NVIDIA's own H100 lost 27%
// per GPU from one node (2.1552 samples/s, TP 4) to eight (12.567, TP 4 x
// CP 2) in v4.0 (NVIDIA/results/eos_ngc24.04_nemo and
// eos_n8_ngc24.04_nemo), and the per-GPU H100 estimate here runs 1.21 x.
// Tolerance 35% (issue 22).
func TestEfficiencyMLPerfMI300XvsH100(t *testing.T) {
	cat := speedCatalog()
	h100, mi300 := cat.GPUs["H100 SXM5"], cat.GPUs["Instinct MI300X"]
	const nic = 8 * 400 // Gb/s a node: 8 x 400 Gb/s (Cisco hpf_n8.json; MangoBoost's NIC rate is not given, taken alike)
	// Cisco's layout: configs/config_DGXH100_8x8x1xtp4pp1cp2.sh.
	cisco := trainLayout{tp: 4, pp: 1, cp: 2, dp: 8, sharding: "none", recompute: recomputeNone}
	h100PerGPU := loraSamplesPerSecOn(t, h100, model.InterconnectNVSwitch, 8, nic, cisco) / 64
	const h100Published = 14.7371 / 64 // Cisco/results/hpf_n8/llama2_70b_lora/result_0.txt
	testcheck.Figure(t, "Llama 2 70B LoRA training throughput per H100 in TP 4 x CP 2 over 8 nodes", mlperfV51+" Cisco/results/hpf_n8/llama2_70b_lora/result_0.txt: 14.7371 samples/s over 64 GPUs", h100PerGPU, h100Published, 0.35)
	for _, tc := range []struct {
		what, source string
		nodes        int
		published    float64 // samples/s of the whole configuration
	}{
		{"2 nodes of 8 x MI300X (MangoBoost) / 8 nodes of 8 x H100 (Cisco), per GPU", "MangoBoost/results/MI300X-LLMBoost-GPUBoost-2node/llama2_70b_lora/result_0.txt: 3.9266 samples/s", 2, 3.9266},
		{"1 node of 8 x MI300X (AMD) / 8 nodes of 8 x H100 (Cisco), per GPU", "AMD/results/MI300X_EPYC_9575F_pytorch_llama2_70b/llama2_70b_lora/result_0.txt: 2.1151 samples/s", 1, 2.1151},
		{"1 node of 8 x MI300X (Krai) / 8 nodes of 8 x H100 (Cisco), per GPU", "Krai/results/PowerEdge-XE9680-MI300X-192GB_n1_v5.1/llama2_70b_lora/result_0.txt: 2.0840 samples/s", 1, 2.0840},
	} {
		// AMD's layout: config_MI300X_1x8x1.sh (TP 1, CP 1).
		amd := trainLayout{tp: 1, pp: 1, cp: 1, dp: 8 * tc.nodes, sharding: "none", recompute: recomputeNone}
		got := loraSamplesPerSecOn(t, mi300, model.InterconnectInfinityFabric, tc.nodes, nic, amd) / float64(8*tc.nodes) / h100PerGPU
		want := tc.published / float64(8*tc.nodes) / h100Published
		testcheck.Figure(t, "Llama 2 70B LoRA training throughput, "+tc.what, mlperfV51+" "+tc.source+"; Cisco 8 x 8 H100: 14.7371 samples/s", got, want, 0.35)
	}
}

// The efficiency summaries kept once per language and kind are each the
// text written for that language and kind: Chinese never gets English's,
// the decode summary never the prefill's, and the silent language none.
func TestEffSummaryKeptPerLanguageAndKind(t *testing.T) {
	seen := map[string]string{}
	for _, l := range []lang{langEN, langZH} {
		for k := trainEff; k < effKinds; k++ {
			name := fmt.Sprintf("lang %d kind %d", l, k)
			want := formatEffSummary(l, k)
			if want == "" {
				t.Fatalf("%s: empty summary", name)
			}
			for range 2 {
				if got := effSummary(l, k); got != want {
					t.Errorf("%s: %q, want %q", name, got, want)
				}
			}
			if other, dup := seen[want]; dup {
				t.Errorf("%s gives the same text as %s", name, other)
			}
			seen[want] = name
		}
	}
	if got := effSummary(langSilent, decodeEff); got != "" {
		t.Errorf("silent: %q", got)
	}
}

// TestIndexEfficiencyRows: the efficiency row an index keeps for each of
// its GPUs (what a shape's speed model reads) is efficiencyOf's, over
// every GPU of the test catalogs and one the catalog has no facts for.
func TestIndexEfficiencyRows(t *testing.T) {
	cat := syntheticCatalog(200, 3)
	cat.Offers = append(cat.Offers, testOffer("cloudA", "mystery", "Mystery GPU", 1, 1))
	ix, _ := buildIndex(cat)
	rows := map[string]bool{}
	for i := range ix.shapes {
		s := &ix.shapes[i]
		got, want := ix.shapeEff(s), efficiencyOf(ix.shapeGPU(s))
		if got != want {
			t.Errorf("shape %d (GPU %d): the index's row %q, efficiencyOf's %q", i, s.gpu, got.family, want.family)
		}
		rows[got.family] = true
	}
	if len(rows) < 3 {
		t.Errorf("the catalog's GPUs reach %d efficiency rows (%v): too few to test", len(rows), rows)
	}
}
