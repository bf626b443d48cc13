package systemtest

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// TestEmbeddedCatalog runs the advisor over the real embedded catalog: the
// issue-2 acceptance case (8B in BF16 gives at least 5 recommendations,
// each holding the requirement) and a few workloads that must find
// offers.
func TestEmbeddedCatalog(t *testing.T) {
	cat := advisorEmbedded(t)
	a := model.DefaultAnswers()
	a.Model, a.ParamsB = "", 8
	res := advisor.Recommend(cat, a, advisor.Options{})
	if len(res.Recommendations) < 5 {
		t.Fatalf("8B BF16: %d recommendations; notes %v", len(res.Recommendations), res.Notes)
	}
	for _, w := range []model.Answers{
		withModel(model.WorkloadInference, "llama-3.1-70b", model.BF16),
		withModel(model.WorkloadInference, "llama-3.1-405b", model.FP8),
		withModel(model.WorkloadInference, "deepseek-v3", model.FP8),
		withModel(model.WorkloadQLoRA, "llama-3.1-70b", model.BF16),
		withModel(model.WorkloadFineTune, "llama-3.1-8b", model.BF16),
	} {
		res := advisor.Recommend(cat, w, advisor.Options{Top: 20, Lang: "zh"})
		if len(res.Recommendations) == 0 {
			t.Errorf("%s %s: nothing recommended; notes %v", w.Workload, w.Model, res.Notes)
		}
		for _, r := range res.Recommendations {
			if r.VRAMGiB*float64(r.Nodes) < res.Requirement.VRAMGiB {
				t.Errorf("%s on %s: %d x %.0f GiB < %.1f", w.Model, r.InstanceType, r.Nodes, r.VRAMGiB, res.Requirement.VRAMGiB)
			}
			if r.HourlyUSD <= 0 {
				t.Errorf("%s on %s: no price", w.Model, r.InstanceType)
			}
		}
	}
}

// BenchmarkRecommendEmbedded ranks the whole embedded catalog for the
// wizard's default answers with a 70B model (the catalog is decoded once,
// as the wizard does).
func BenchmarkRecommendEmbedded(b *testing.B) {
	cat := advisorEmbedded(b)
	a := withModel(model.WorkloadInference, "llama-3.1-70b", model.BF16)
	advisor.Recommend(cat, a, advisor.Options{})
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		advisor.Recommend(cat, a, advisor.Options{})
	}
}

// BenchmarkRecommendEmbeddedOverBudget is the slow path: nothing fits the
// budget, so every suggestion is tried.
func BenchmarkRecommendEmbeddedOverBudget(b *testing.B) {
	cat := advisorEmbedded(b)
	a := withModel(model.WorkloadInference, "llama-3.1-70b", model.BF16)
	a.Budget = model.Budget{Amount: 0.2, Period: model.BudgetHourly, Currency: model.USD}
	advisor.Recommend(cat, a, advisor.Options{})
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		advisor.Recommend(cat, a, advisor.Options{})
	}
}

// Over-budget suggestions are distinct: a stronger change that lands on the
// same offer at the same cost as a milder one is not repeated, and no
// effect reads "node(s)".
func TestSuggestionsDistinct(t *testing.T) {
	cat := advisorEmbedded(t)
	for _, budget := range []string{"0.2/h", "0.05/h", "50"} {
		a := withModel(model.WorkloadInference, "llama-3.1-70b", model.BF16)
		b, err := model.ParseBudget(budget, model.USD)
		if err != nil {
			t.Fatal(err)
		}
		a.Budget = b
		res := advisor.Recommend(cat, a, advisor.Options{Top: 3})
		if len(res.Suggestions) == 0 {
			t.Fatalf("budget %s: no suggestions", budget)
		}
		seen := map[string]string{}
		for _, s := range res.Suggestions {
			outcome := s.Effect[strings.Index(s.Effect, ";")+1:]
			if prev, ok := seen[outcome]; ok {
				t.Errorf("budget %s: %q and %q both give %q", budget, prev, s.Change, outcome)
			}
			seen[outcome] = s.Change
			if strings.Contains(s.Effect, "node(s)") {
				t.Errorf("budget %s: %q", budget, s.Effect)
			}
		}
	}
}

// BenchmarkIndexEmbedded is a fresh engine's first ranking of the embedded
// catalog, index build included: what one headless recommend costs after
// the catalog is decoded.
func BenchmarkIndexEmbedded(b *testing.B) {
	cat := advisorEmbedded(b)
	a := withModel(model.WorkloadInference, "llama-3.1-70b", model.BF16)
	b.ReportAllocs()
	for b.Loop() {
		advisor.New(cat).Recommend(a, advisor.Options{})
	}
}

// BenchmarkExplainEmbedded is what `gpupick recommend --model llama-3.1-70b`
// asks of the advisor: a ranking of the embedded catalog on a new engine
// with what would change and the tradeoffs (Options.Explain), and the
// other sizes of the first pick; the answers as the command gives them
// (precision auto, no context: the estimate resolves both).
func BenchmarkExplainEmbedded(b *testing.B) {
	cat := advisorEmbedded(b)
	a := model.DefaultAnswers()
	a.Model = "llama-3.1-70b"
	b.ReportAllocs()
	for b.Loop() {
		advisor.New(cat).Recommend(a, advisor.Options{Explain: true, Sizes: 1})
	}
}
