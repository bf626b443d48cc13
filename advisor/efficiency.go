package advisor

import (
	"strings"
	"sync"

	"github.com/gpupick/gpupick/model"
)

// The share of its datasheet figures a GPU family reaches with the
// software it is run on, from published measurements rather than the
// datasheet: training MFU (model FLOPs over the dense peak the precision
// runs at), decode bandwidth efficiency (bytes a decode step reads over the
// peak memory bandwidth) and prefill MFU. The speed model
// (estimate_speed.go) reads them per GPU through efficiencyOf; the
// assumptions list them (effSummary).
//
// Each figure is fitted to the measurement its fit names, or, for a family
// no source measured, taken from the nearest measured family of its
// architecture and marked as an estimate (from). The published-figure
// tests hold the figures to other measurements (efficiency_test.go names
// the calibration set and the test set).
//
// The GPU facts of the catalog (model.GPU, data/facts) are what the
// hardware is; these are what a software stack makes of it, so they live
// with the speed model that uses them.

// effFigure is one efficiency of a family: its value, the measurement it
// was fitted to ("" for an estimate) and, for an estimate, the family it
// was taken from.
type effFigure struct {
	v    float64
	fit  string
	from string
}

// gpuEff is one row of the efficiency table: the family, the GPUs it
// covers, its three efficiencies and the software stack the measurements
// ran.
type gpuEff struct {
	// family is the short name the assumptions show (its GPUs are those
	// match takes: the first row that matches a GPU is its row).
	family string
	// name words the family in the assumptions where it is not a proper
	// noun (0: family as it is).
	name                   textKey
	match                  func(g *model.GPU) bool
	train, decode, prefill effFigure
	stack                  string
}

// Names of the families the estimates are taken from.
const (
	famHopper = "Hopper"
	famH200   = "H200"
	famA100   = "A100"
	famMI300X = "MI300X"
)

// a100Train is the A100 row's training MFU, fitted to the Llama 2 model
// card's pre-training hours (the A100 row says how).
const a100Train = 0.43

// a100Prefill is the A100 row's prefill share of peak, fitted to
// TensorRT-LLM's first-token latency (the A100 row says how).
const a100Prefill = 0.70

// prefillAssumed is the share of peak tensor throughput prefill is taken
// to reach on NVIDIA GPUs: gpupick's assumption (no measurement is fitted;
// the published first-token tests hold it, serving_test.go).
const prefillAssumed = 0.5

// hopperMeasured is the Hopper row's measured figures, which the CDNA 3
// fits are ratios against: the Llama 3 training MFU and, for decode and
// prefill, the values the Hopper row uses.
const (
	hopperTrain   = 0.40
	hopperDecode  = 0.70
	hopperPrefill = prefillAssumed
)

// h200TrainGain is how much faster an H200 trains than an H100 at the same
// peak (its 1.43 x memory bandwidth and 1.76 x memory for the parts of a
// step that are not matmuls, and fewer model-parallel splits): MLPerf
// Training v4.0, NVIDIA's own submissions on one node of 8 GPUs with the
// same NeMo 24.04 stack, Llama 2 70B LoRA: H200 2.4770 samples/s (TP 2)
// against H100 2.1552 (TP 4), 1.149 x, which the training-speed model
// (equal for both layouts) takes whole (mlcommons training_results_v4.0
// @6fe95437 NVIDIA/results/h200_ngc24.04_nemo and eos_ngc24.04_nemo,
// llama2_70b_lora/result_0.txt). h200Train is the H200 row's MFU, which the
// CDNA 3 training fits, measured against H200s, are ratios against.
const (
	h200TrainGain = 1.149
	h200Train     = hopperTrain * h200TrainGain
)

// effTable is the efficiency table, first match wins; the last row takes
// every GPU.
var effTable = []gpuEff{
	{
		family: "MI325X",
		match:  func(g *model.GPU) bool { return containsFold(g.Name, "MI325X") },
		// MLPerf Training v5.0, Llama 2 70B LoRA (8,192-token packed
		// samples, FP8, 8 GPUs): Supermicro 8 x MI325X 2.840 samples/s
		// (mlcommons training_results_v5.0
		// Supermicro/results/8xMI325X_2xEPYC_9575F/llama2_70b_lora/result_0.txt)
		// against Oracle 8 x H200 2.556 (Oracle/results/1xBM.GPU.H200.8/
		// llama2_70b_lora/result_0.txt): 1.111 x the H200 over a 1.321 x
		// peak ratio, 0.46 x 1.111 / 1.321 = 0.39.
		train:   effFigure{v: 0.39, fit: "MLPerf Training v5.0 Llama 2 70B LoRA: Supermicro 8 x MI325X 2.840 samples/s against Oracle 8 x H200 2.556"},
		decode:  effFigure{v: 0.57, from: famMI300X},
		prefill: effFigure{v: 0.18, from: famMI300X},
		stack:   "ROCm 6.3, AMD's MLPerf container (PyTorch, NeMo, Transformer Engine for ROCm)",
	},
	{
		family: famMI300X,
		match:  func(g *model.GPU) bool { return isAMD(g) && g.Architecture == "CDNA 3" },
		// alpharomercoma/MI300X-vs-H200 REPORT.md@6077fdc7, one MI300X
		// against one H200, vLLM v0.26.0 from the project's own images
		// and PyTorch for training: 8B BF16 training, H200 1.32-1.40 x
		// faster (midpoint 1.36): 0.46 / 1.36 / 1.321 = 0.26 (the H200
		// row's training MFU); 70B FP8
		// single stream, H200 1.12 x faster with 4.8 against 5.3 TB/s:
		// 0.70 / 1.12 / (5.3 / 4.8) = 0.57; 8B prefill-heavy at
		// concurrency 256, H200 2.06 x faster: 0.5 / 2.06 / 1.321 =
		// 0.18. Each is relative to the H200's figure.
		train:   effFigure{v: 0.26, fit: "MI300X-vs-H200 REPORT (alpharomercoma, @6077fdc7): 8B BF16 training, H200 1.32-1.40 x faster"},
		decode:  effFigure{v: 0.57, fit: "MI300X-vs-H200 REPORT (@6077fdc7): 70B FP8 single stream, H200 1.12 x faster (vLLM v0.26.0)"},
		prefill: effFigure{v: 0.18, fit: "MI300X-vs-H200 REPORT (@6077fdc7): 8B prefill-heavy at concurrency 256, H200 2.06 x faster"},
		stack:   "ROCm, vLLM v0.26.0 (vllm/vllm-openai-rocm image), PyTorch",
	},
	{
		family: "CDNA 2 and older", name: kFamCDNA2,
		match: isAMD,
		// gpt-fast README (pytorch-labs/gpt-fast@0f925b5d, "AMD"): one
		// GCD of an MI250X decodes Llama-2-7B at 76.33 tokens/s, 1028.70
		// GB/s of the GCD's 1638.4 GB/s = 0.63.
		train:   effFigure{v: 0.26, from: famMI300X},
		decode:  effFigure{v: 0.63, fit: "gpt-fast README (@0f925b5d): Llama-2-7B on one MI250X GCD, 1028.70 GB/s of 1638.4"},
		prefill: effFigure{v: 0.18, from: famMI300X},
		stack:   "ROCm, PyTorch with torch.compile (gpt-fast)",
	},
	{
		family: famH200,
		match: func(g *model.GPU) bool {
			return strings.HasPrefix(g.Architecture, "Hopper") && strings.HasPrefix(g.Name, "H200")
		},
		// The H100's decode and prefill shares (the bandwidth is in the
		// peak they divide); training at the H100's MFU times
		// h200TrainGain.
		train:   effFigure{v: h200Train, fit: "MLPerf Training v4.0 Llama 2 70B LoRA, NVIDIA NeMo 24.04: 8 x H200 2.4770 samples/s against 8 x H100 2.1552 (x the Hopper MFU)"},
		decode:  effFigure{v: hopperDecode, from: famA100},
		prefill: effFigure{v: hopperPrefill},
		stack:   "NVIDIA NeMo (MLPerf Training v4.0), as Hopper's",
	},
	{
		family: famHopper,
		match:  func(g *model.GPU) bool { return strings.HasPrefix(g.Architecture, "Hopper") },
		// The Llama 3 Herd of Models, Table 4: Llama 3 405B trained at
		// 38-43% BF16 MFU on 8,192 to 16,384 H100s.
		train:   effFigure{v: hopperTrain, fit: "The Llama 3 Herd of Models, Table 4: 405B at 38-43% BF16 MFU on H100s"},
		decode:  effFigure{v: hopperDecode, from: famA100},
		prefill: effFigure{v: hopperPrefill},
		stack:   "Meta's training stack (PyTorch, 4D parallelism), BF16",
	},
	{
		family:  "Blackwell",
		match:   func(g *model.GPU) bool { return strings.HasPrefix(g.Architecture, "Blackwell") },
		train:   effFigure{v: hopperTrain, from: famHopper},
		decode:  effFigure{v: hopperDecode, from: famHopper},
		prefill: effFigure{v: hopperPrefill, from: famHopper},
		stack:   "as Hopper's",
	},
	{
		family: famA100,
		match: func(g *model.GPU) bool {
			return containsFold(g.Name, "A100") || containsFold(g.Name, "A800") || strings.HasPrefix(g.Name, "A30")
		},
		// Training: fitted to the Llama 2 model card's A100-80GB hours
		// (meta-llama/llama-models models/llama2/MODEL_CARD.md @a9c89c4:
		// 7B 184,320, 13B 368,640, 70B 1,720,320 hours for 2.0T tokens
		// at 4k), which imply 41%, 38% and 43% of the BF16 peak in 6ND
		// model FLOPs, restarts included: the training-speed model
		// (weights at this share, attention, recomputation, gradients,
		// bubble) matches their hours at 0.43 (geometric mean of the
		// ratios 1.00; TestPublishedPretrainingGPUHours). Tested on
		// Megatron-LM (Narayanan et al., SC21: 163 TFLOP/s per A100, 52%
		// counting the recomputed forward pass, 0.39 in model FLOPs, on
		// a 2021 stack) and on Falcon-180B's ~7M hours. gpt-fast README (@0f925b5d): Llama-2-7B
		// on one A100-80GB at batch 1 reads 1397.31 GB/s of 2039 (0.685,
		// taken as 0.70). Prefill: TensorRT-LLM v0.9's first-token latency
		// of LLaMA 7B in FP16 over 2,048 tokens on one A100, 132.4 ms
		// (perf-overview, "Low Latency"), is 0.70 of the FP16 peak in the
		// first-token model (TestPublishedFirstToken).
		train:   effFigure{v: a100Train, fit: "Llama 2 model card: 7B, 13B and 70B pre-training A100-80GB hours"},
		decode:  effFigure{v: hopperDecode, fit: "gpt-fast README (@0f925b5d): Llama-2-7B on one A100-80GB, 1397.31 GB/s of 2039"},
		prefill: effFigure{v: a100Prefill, fit: "TensorRT-LLM v0.9 perf-overview: LLaMA 7B FP16 first token over 2,048 tokens, 132.4 ms on one A100"},
		stack:   "Megatron-LM (training); PyTorch with torch.compile (gpt-fast, decode); TensorRT-LLM v0.9 (prefill)",
	},
	{
		family: "other GPUs", name: kFamOther,
		match:  func(*model.GPU) bool { return true },
		train:  effFigure{v: a100Train, from: famA100},
		decode: effFigure{v: hopperDecode, from: famA100},
		// Prefill: assumed, as Hopper's; TensorRT-LLM v0.9's L40S
		// first-token latencies hold it (TestPublishedFirstToken).
		prefill: effFigure{v: prefillAssumed},
		stack:   "as the A100's",
	},
}

// isAMD reports whether a GPU is AMD's (run on ROCm).
func isAMD(g *model.GPU) bool {
	return g != nil && strings.EqualFold(g.Vendor, "AMD")
}

// armHost reports whether a GPU's host CPU is Arm64: the Grace CPU of a
// GH200 / GB200 superchip (the catalog names it in the architecture, "Hopper
// (+ Grace CPU)", or in the name).
func armHost(g *model.GPU) bool {
	return g != nil && (containsFold(g.Architecture, "Grace") || strings.HasPrefix(g.Name, "GH200") || strings.HasPrefix(g.Name, "GB200") || strings.HasPrefix(g.Name, "GB300"))
}

// effRowOf is the index in effTable of a GPU's efficiency row: the first
// that matches it (the last, other GPUs, for nil). An index keeps each of
// its GPUs' (gpuInfo.eff), so that the speed model of a shape reads it
// there (speedIn.efficiency).
func effRowOf(g *model.GPU) uint8 {
	if g != nil {
		for i := range effTable {
			if effTable[i].match(g) {
				return uint8(i)
			}
		}
	}
	return uint8(len(effTable) - 1)
}

// efficiencyOf is the efficiency row of a GPU (the last row for nil).
func efficiencyOf(g *model.GPU) *gpuEff {
	if g == nil {
		return &effTable[len(effTable)-1]
	}
	effMemo.RLock()
	e, ok := effMemo.m[g]
	effMemo.RUnlock()
	if ok {
		return e
	}
	e = &effTable[effRowOf(g)]
	effMemo.Lock()
	switch {
	case effMemo.m == nil: // the first lookup: no map made at start-up
		effMemo.m = map[*model.GPU]*gpuEff{}
	case len(effMemo.m) >= effMemoMax:
		clear(effMemo.m)
	}
	effMemo.m[g] = e
	effMemo.Unlock()
	return e
}

// effMemoMax bounds effMemo: a process that loads catalog after catalog
// forgets the GPUs of the earlier ones.
const effMemoMax = 4096

// effMemo remembers each GPU's row by the GPU's address (an index keeps
// its GPUs in place for its life): the speed model asks for it on every
// evaluation of a shape, and the rows match by name (a few case-folded
// searches). A GPU changed in place after its first lookup keeps its row:
// the advisor never changes the catalog's GPUs.
var effMemo struct {
	sync.RWMutex
	m map[*model.GPU]*gpuEff
}

// effKind names one of a row's three efficiencies, for effSummary.
type effKind uint8

const (
	trainEff effKind = iota
	decodeEff
	prefillEff
	effKinds
)

// of is the row's efficiency of this kind.
func (k effKind) of(e *gpuEff) effFigure {
	switch k {
	case trainEff:
		return e.train
	case decodeEff:
		return e.decode
	}
	return e.prefill
}

// effSummaries holds effSummary's texts, each made on first use: they
// depend only on the fixed table and the language, and the assumptions
// quote them on every ranking (every keystroke in the wizard).
var effSummaries [langSilent][effKinds]struct {
	once sync.Once
	s    string
}

// effSummary lists one efficiency of every family for the assumptions:
// "family N%", an estimate followed by the family it was taken from.
func effSummary(l lang, k effKind) string {
	if l >= langSilent {
		return ""
	}
	c := &effSummaries[l][k]
	c.once.Do(func() { c.s = formatEffSummary(l, k) })
	return c.s
}

// formatEffSummary writes effSummary's text.
func formatEffSummary(l lang, k effKind) string {
	parts := make([]string, 0, len(effTable))
	for i := range effTable {
		f, fam := k.of(&effTable[i]), effTable[i].family
		if effTable[i].name != 0 {
			fam = l.f(effTable[i].name)
		}
		switch {
		case f.from != "":
			parts = append(parts, l.f(kEffEstimate, fam, pct(f.v), f.from))
		case f.fit == "":
			parts = append(parts, l.f(kEffAssumed, fam, pct(f.v)))
		default:
			parts = append(parts, l.f(kEffMeasured, fam, pct(f.v)))
		}
	}
	return strings.Join(parts, l.f(kEffSep))
}
