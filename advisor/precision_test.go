package advisor

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// fp8Catalog is the test catalog with deepseek-v3's checkpoint in FP8,
// as the embedded catalog records it (DeepSeek-V3 README_WEIGHTS.md).
func fp8Catalog(t *testing.T) *model.Catalog {
	t.Helper()
	cat := testCatalog()
	cat.Models = slices.Clone(cat.Models)
	i := slices.IndexFunc(cat.Models, func(p model.ModelPreset) bool { return p.Name == "deepseek-v3" })
	if i < 0 {
		t.Fatal("the test catalog has no deepseek-v3")
	}
	cat.Models[i].CheckpointPrecision = model.FP8
	return cat
}

// TestPrecisionAutoResolves: the default precision (auto) sizes a model
// in the format its checkpoint ships in, exactly as that precision asked
// for, and the requirement carries it; a precision given is kept; a
// preset without the fact, a bare size and a training run that would
// load an FP8 checkpoint are sized in bf16. Each says its choice in the
// assumptions, in both languages.
func TestPrecisionAutoResolves(t *testing.T) {
	cat := fp8Catalog(t)
	ds := func(w model.Workload, p model.Precision) model.Answers {
		a := model.DefaultAnswers()
		a.Workload, a.Model, a.Precision = w, "deepseek-v3", p
		return a
	}
	params := model.DefaultAnswers()
	params.Model, params.ParamsB = "", 70
	far := ds(model.WorkloadInference, model.PrecisionAuto)
	far.ParamsB = 70 // a size far from the preset's: the preset does not size it
	for _, tt := range []struct {
		name   string
		a      model.Answers
		want   model.Precision
		en, zh string // in one assumption; "" for none about auto
	}{
		{"deepseek-v3 auto", ds(model.WorkloadInference, model.PrecisionAuto), model.FP8,
			"precision auto: fp8, the format deepseek-v3's checkpoint ships in", "精度 auto：fp8，即 deepseek-v3 检查点发布时的格式"},
		{"deepseek-v3 blank", ds(model.WorkloadInference, ""), model.FP8, "precision auto: fp8", "精度 auto：fp8"},
		{"deepseek-v3 bf16 given", ds(model.WorkloadInference, model.BF16), model.BF16, "", ""},
		{"deepseek-v3 int4 given", ds(model.WorkloadInference, model.INT4), model.INT4, "", ""},
		{"deepseek-v3 lora auto", ds(model.WorkloadLoRA, model.PrecisionAuto), model.BF16,
			"precision auto: bf16 for training: deepseek-v3's checkpoint ships in fp8", "精度 auto：训练用 bf16：deepseek-v3 检查点以 fp8 发布"},
		{"llama auto", model.DefaultAnswers(), model.BF16,
			"precision auto: bf16, as the catalog does not record the format llama-3.1-8b's checkpoint ships in", "因目录未记录 llama-3.1-8b 检查点发布时的格式"},
		{"70B by size", params, model.BF16, "precision auto: bf16, as no preset gives the checkpoint's format", "精度 auto：bf16，因没有预设给出检查点的格式"},
		{"deepseek-v3 at 70B", far, model.BF16, "as no preset gives the checkpoint's format", "因没有预设给出检查点的格式"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := Estimate(cat, tt.a)
			if req.Precision != tt.want {
				t.Fatalf("requirement precision %q, want %q", req.Precision, tt.want)
			}
			// The same sizing as the resolved precision asked for.
			given := tt.a
			given.Precision = tt.want
			if ref := Estimate(cat, given); req.Breakdown != ref.Breakdown {
				t.Errorf("breakdown %+v, want %+v (as %s asked)", req.Breakdown, ref.Breakdown, tt.want)
			}
			zh := EstimateWith(cat, tt.a, Options{Lang: "zh"})
			for _, l := range []struct {
				lang, want string
				asm        []string
			}{{"en", tt.en, req.Assumptions}, {"zh", tt.zh, zh.Assumptions}} {
				auto := slices.IndexFunc(l.asm, func(s string) bool {
					return strings.Contains(s, "precision auto") || strings.Contains(s, "精度 auto")
				})
				switch {
				case l.want == "" && auto >= 0:
					t.Errorf("%s: a precision given, yet the assumptions say %q", l.lang, l.asm[auto])
				case l.want != "" && (auto < 0 || !strings.Contains(l.asm[auto], l.want)):
					t.Errorf("%s: no assumption says %q: %q", l.lang, l.want, l.asm)
				}
			}
		})
	}
}

// TestPrecisionAutoCallResolved: a ranking of auto answers reads the
// resolved precision everywhere: the FP8 sizing halves the weights of
// the bf16 one, the suggestions for a budget nothing keeps narrow the
// precision used (never back to fp8 or bf16), and the answers the caller
// holds keep auto.
func TestPrecisionAutoCallResolved(t *testing.T) {
	cat := fp8Catalog(t)
	a := model.DefaultAnswers()
	a.Model = "deepseek-v3"
	a.Budget = model.Budget{Amount: 1, Period: model.BudgetHourly, Currency: model.USD}
	res := Recommend(cat, a, Options{Top: 3})
	if a.Precision != model.PrecisionAuto {
		t.Errorf("the caller's answers changed to %q", a.Precision)
	}
	bf := a
	bf.Precision = model.BF16
	ref := Recommend(cat, bf, Options{Top: 3})
	if res.Requirement.Precision != model.FP8 || ref.Requirement.Precision != model.BF16 {
		t.Fatalf("precisions %q and %q, want fp8 and bf16", res.Requirement.Precision, ref.Requirement.Precision)
	}
	within(t, "fp8 weights against bf16's half", res.Requirement.Breakdown.WeightsGiB, ref.Requirement.Breakdown.WeightsGiB/2, 0.01)
	narrower := 0
	for _, s := range res.Suggestions {
		for _, c := range s.Changes {
			if c.Answer != model.AnsPrecision {
				continue
			}
			narrower++
			if p, err := model.ParsePrecision(c.Value); err != nil || p.BytesPerParam() >= model.FP8.BytesPerParam() && p != model.INT8 {
				t.Errorf("suggestion %q offers precision %q, not narrower than the fp8 used", s.Change, c.Value)
			}
		}
	}
	if narrower == 0 {
		t.Errorf("no narrower precision suggested for a $1/h budget: %+v", res.Suggestions)
	}
}
