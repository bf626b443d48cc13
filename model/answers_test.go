package model

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestDefaultAnswersValid(t *testing.T) {
	a := DefaultAnswers()
	if err := a.Validate(); err != nil {
		t.Fatalf("defaults invalid: %v", err)
	}
	b := a
	b.Normalize()
	if b.Workload != a.Workload || b.Context != a.Context || b.DurationHours != a.DurationHours {
		t.Errorf("Normalize changed defaults: %+v", b)
	}
}

func TestAnswersValidate(t *testing.T) {
	base := DefaultAnswers()
	tests := []struct {
		name  string
		edit  func(*Answers)
		field string
	}{
		{"no size", func(a *Answers) { a.Model = ""; a.ParamsB = 0 }, "model"},
		{"vram without size", func(a *Answers) { a.Workload = WorkloadVRAM }, "vram"},
		{"bad workload", func(a *Answers) { a.Workload = "x" }, "workload"},
		{"bad precision", func(a *Answers) { a.Precision = "fp7" }, "precision"},
		{"job without tokens", func(a *Answers) { a.DurationMode = DurationJob }, "tokens"},
		{"negative budget", func(a *Answers) { a.Budget.Amount = -1 }, "budget"},
		{"bad currency", func(a *Answers) { a.Currency = "EUR" }, "currency"},
		{"too many hours", func(a *Answers) { a.HoursPerWeek = 200 }, "hours-per-week"},
		{"too many nodes", func(a *Answers) { a.MaxNodes = 999999 }, "nodes"},
		{"too many gpus", func(a *Answers) { a.GPUs = 5000 }, "gpus"},
		{"NaN params", func(a *Answers) { a.ParamsB = math.NaN() }, "params"},
		{"Inf duration", func(a *Answers) { a.DurationHours = math.Inf(1) }, "duration"},
		{"huge params", func(a *Answers) { a.ParamsB = 1e300 }, "params"},
		{"NaN budget", func(a *Answers) { a.Budget = Budget{Amount: math.NaN(), Period: BudgetHourly} }, "budget"},
		{"negative context", func(a *Answers) { a.Context = -5 }, "context"},
		{"NaN egress", func(a *Answers) { a.EgressGB = math.NaN() }, "egress"},
		{"control char in gpu", func(a *Answers) { a.GPU = "H100\x1b[31m" }, "gpu"},
		{"bad sharding", func(a *Answers) { a.Sharding = "zero9" }, "sharding"},
	}
	for _, tt := range tests {
		a := base
		tt.edit(&a)
		err := a.Validate()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Fix == "" {
			t.Errorf("%s: error %v, want a FieldError for %q with a fix", tt.name, err, tt.field)
		}
		checkZH(t, tt.name, fe)
	}
}

func TestNormalizeFillsDefaults(t *testing.T) {
	a := Answers{Workload: WorkloadLoRA, ParamsB: 8, JobTokens: 1e9, Budget: Budget{Amount: 100}}
	a.Normalize()
	if a.Precision != PrecisionAuto || a.Latency != LatencyBatch || a.DurationMode != DurationJob || a.Budget.Period != BudgetTotal || a.Budget.Currency != USD {
		t.Errorf("Normalize = %+v", a)
	}
	if err := a.Validate(); err != nil {
		t.Error(err)
	}
}

// TestPrecisionAuto: the default precision is the checkpoint's own
// (auto); Resolve gives the checkpoint's format, 16 bits when it is not
// known, and keeps a precision given; the question offers auto first and
// a record's "auto" and "bf16" both validate.
func TestPrecisionAuto(t *testing.T) {
	if a := DefaultAnswers(); a.Precision != PrecisionAuto {
		t.Errorf("DefaultAnswers().Precision = %q, want auto", a.Precision)
	}
	for _, tt := range []struct{ asked, checkpoint, want Precision }{
		{PrecisionAuto, FP8, FP8},
		{"", FP8, FP8},
		{PrecisionAuto, "", BF16},
		{PrecisionAuto, BF16, BF16},
		{BF16, FP8, BF16},
		{INT4, FP8, INT4},
		{FP32, "", FP32},
	} {
		if got := tt.asked.Resolve(tt.checkpoint); got != tt.want {
			t.Errorf("Precision(%q).Resolve(%q) = %q, want %q", tt.asked, tt.checkpoint, got, tt.want)
		}
	}
	if spec := Spec(AnsPrecision); len(spec.Choices) != len(Precisions)+1 || spec.Choices[0] != string(PrecisionAuto) {
		t.Errorf("precision choices = %v, want auto first, then %v", spec.Choices, Precisions)
	}
	for _, p := range []Precision{PrecisionAuto, BF16, FP8} {
		a := DefaultAnswers()
		a.Precision = p
		if err := a.Validate(); err != nil {
			t.Errorf("precision %q: %v", p, err)
		}
	}
	a := DefaultAnswers()
	a.Precision = "fp9"
	var fe *FieldError
	if err := a.Validate(); !errors.As(err, &fe) || fe.Field != "precision" || !strings.Contains(fe.Fix, "auto") {
		t.Errorf("precision fp9: %v, want a precision error whose fix names auto", err)
	}
}

func TestGPUHours(t *testing.T) {
	a := Answers{DurationHours: 4 * HoursPerWeekFull, HoursPerWeek: 40}
	if got := a.GPUHours(); got != 160 {
		t.Errorf("4 weeks at 40 h/week = %v GPU hours, want 160", got)
	}
}

func TestFindPreset(t *testing.T) {
	ps := []ModelPreset{
		{Name: "llama-3.1-8b", HFID: "meta-llama/Llama-3.1-8B"},
		{Name: "llama-3.1-70b", HFID: "meta-llama/Llama-3.1-70B"},
		{Name: "qwen2.5-72b", HFID: "Qwen/Qwen2.5-72B"},
		{Name: "mixtral-8x7b", HFID: "mistralai/Mixtral-8x7B-v0.1"},
	}
	for in, want := range map[string]string{
		"llama-3.1-8b": "llama-3.1-8b", "meta-llama/Llama-3.1-8B": "llama-3.1-8b", "LLAMA-3.1-70B": "llama-3.1-70b",
		"qwen2.5": "qwen2.5-72b", "mixtral": "mixtral-8x7b", "  Qwen2.5-72B ": "qwen2.5-72b", "Mixtral-8x7B": "mixtral-8x7b",
	} {
		p, err := FindPreset(ps, in)
		if err != nil || p.Name != want {
			t.Errorf("FindPreset(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	var fe *FieldError
	if _, err := FindPreset(ps, "llama-3.1"); !errors.As(err, &fe) || fe.Reason != ReasonAmbiguous || len(fe.Candidates) != 2 {
		t.Errorf("ambiguous prefix: %v", err)
	}
	// Words that all occur in one preset name it; in several, list them.
	if p, err := FindPreset(ps, "llama 70"); err != nil || p.Name != "llama-3.1-70b" {
		t.Errorf("llama 70 = %v, %v", p, err)
	}
	if _, err := FindPreset(ps, "llama 3.1"); !errors.As(err, &fe) || fe.Reason != ReasonAmbiguous || strings.Join(fe.Candidates, ",") != "llama-3.1-8b,llama-3.1-70b" {
		t.Errorf("llama 3.1: %v", err)
	}
	if _, err := FindPreset(ps, "gpt-5"); err == nil || !strings.Contains(err.Error(), "gpupick models") {
		t.Errorf("unknown model: %v", err)
	}
}

func TestCatalogConvert(t *testing.T) {
	c := &Catalog{FX: []FXRate{{From: USD, To: CNY, Rate: 7.1, Date: "2026-11-27", Source: "test"}}}
	if v, ok := c.Convert(10, USD, CNY); !ok || v != 71 {
		t.Errorf("USD→CNY = %v %v", v, ok)
	}
	if v, ok := c.Convert(71, CNY, USD); !ok || v != 10 {
		t.Errorf("CNY→USD = %v %v", v, ok)
	}
	if _, ok := c.Convert(1, "EUR", USD); ok {
		t.Error("EUR converted without a rate")
	}
}

func TestTri(t *testing.T) {
	for _, tr := range []Tri{Unknown, Yes, No} {
		b, _ := tr.MarshalText()
		var back Tri
		if err := back.UnmarshalText(b); err != nil || back != tr {
			t.Errorf("%v round trip = %v %v", tr, back, err)
		}
	}
	var x Tri
	if err := x.UnmarshalText([]byte("maybe")); err == nil {
		t.Error("maybe accepted")
	}
}
