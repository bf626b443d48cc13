package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// benchAnswers are typical wizard answers: serving Llama 3.1 70B in BF16
// for a month, interactive.
func benchAnswers() model.Answers {
	a := model.DefaultAnswers()
	a.Model = "llama-3.1-70b"
	return a
}

// BenchmarkRecommend100k ranks a synthetic catalog of 100,000 offers (the
// engine indexes it once, as the wizard reuses the same catalog).
func BenchmarkRecommend100k(b *testing.B) {
	cat := syntheticCatalog(100_000, 7)
	a := benchAnswers()
	eng := New(cat)
	eng.Index()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		eng.Recommend(a, Options{})
	}
}

// BenchmarkRecommend100kJob is the job-size variant (fine-tuning on 2B
// tokens): run time and so cost differ per offer.
func BenchmarkRecommend100kJob(b *testing.B) {
	cat := syntheticCatalog(100_000, 7)
	a := model.DefaultAnswers()
	a.Workload, a.Model, a.DurationMode, a.JobTokens, a.Interruptible = model.WorkloadLoRA, "llama-3.1-8b", model.DurationJob, 2e9, true
	eng := New(cat)
	eng.Index()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		eng.Recommend(a, Options{})
	}
}

// BenchmarkIndexBuild100k is the one-off cost of indexing 100,000 offers.
func BenchmarkIndexBuild100k(b *testing.B) {
	cat := syntheticCatalog(100_000, 7)
	b.ReportAllocs()
	for b.Loop() {
		buildIndex(cat)
	}
}

// BenchmarkRecommend100kOverBudget is the slow path at scale: nothing fits
// the budget, so every suggestion re-ranks the catalog.
func BenchmarkRecommend100kOverBudget(b *testing.B) {
	cat := syntheticCatalog(100_000, 7)
	a := benchAnswers()
	a.Budget = model.Budget{Amount: 0.2, Period: model.BudgetHourly, Currency: model.USD}
	eng := New(cat)
	eng.Index()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		eng.Recommend(a, Options{})
	}
}
