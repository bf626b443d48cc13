package model

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestParseParams(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  string
	}{
		{"70B", 70, ""},
		{"7.5b", 7.5, ""},
		{"405 billion", 405, ""},
		{"500M", 0.5, ""},
		{"1.2T", 1200, ""},
		{"70", 70, ""},
		{"8,000,000,000", 8, ""},
		{" 8b ", 8, ""},
		{"13bn", 13, ""},
		{"8B params", 8, ""},
		{"", 0, "not a parameter count"},
		{"abc", 0, "not a parameter count"},
		{"70X", 0, `unknown unit "x"`},
		{"-7B", 0, "not a parameter count"},
		{"NaN", 0, "not a parameter count"},
		{"0.0000001B", 0, "out of range"},
		{"1e9", 0, "unknown unit"},
	}
	for _, tt := range tests {
		got, err := ParseParams(tt.in)
		checkParse(t, "ParseParams", tt.in, got, err, tt.want, tt.err)
	}
}

func TestParseTokensAndContext(t *testing.T) {
	tok := []struct {
		in   string
		want float64
		err  string
	}{
		{"2B", 2e9, ""}, {"500M", 5e8, ""}, {"1.5T", 1.5e12, ""}, {"300k", 3e5, ""}, {"1000", 1000, ""},
		{"2B tokens", 2e9, ""}, {"two", 0, "not a token count"}, {"5Q", 0, "unknown unit"},
	}
	for _, tt := range tok {
		got, err := ParseTokens(tt.in)
		checkParse(t, "ParseTokens", tt.in, got, err, tt.want, tt.err)
	}
	ctx := []struct {
		in   string
		want float64
		err  string
	}{
		{"8k", 8192, ""}, {"128K", 131072, ""}, {"4096", 4096, ""}, {"1M", 1048576, ""}, {"32k tokens", 32768, ""},
		{"8b", 0, "unknown unit"}, {"", 0, "not a token count"}, {"0", 0, "out of range"},
	}
	for _, tt := range ctx {
		got, err := ParseContext(tt.in)
		checkParse(t, "ParseContext", tt.in, float64(got), err, tt.want, tt.err)
	}
}

func TestParseSizeDuration(t *testing.T) {
	size := []struct {
		in   string
		want float64
		err  string
	}{
		{"80GB", 80, ""}, {"2TB", 2000, ""}, {"500 GiB", 500, ""}, {"800", 800, ""}, {"1TiB", 1024, ""}, {"512MB", 0.512, ""},
		{"2 TB", 2000, ""}, {"5 furlongs", 0, "unknown unit"}, {"", 0, "not a size"},
	}
	for _, tt := range size {
		got, err := ParseSize("data", tt.in)
		checkParse(t, "ParseSize", tt.in, got, err, tt.want, tt.err)
	}
	dur := []struct {
		in   string
		want float64
		err  string
	}{
		{"8h", 8, ""}, {"2w", 336, ""}, {"3mo", 3 * HoursPerMonth, ""}, {"10d", 240, ""}, {"1y", 12 * HoursPerMonth, ""},
		{"90 minutes", 1.5, ""}, {"3 months", 3 * HoursPerMonth, ""}, {"1.5h", 1.5, ""},
		{"3m", 0, "ambiguous"}, {"8", 0, "no unit"}, {"0h", 0, "out of range"}, {"11y", 0, "out of range"}, {"soon", 0, "not a duration"},
	}
	for _, tt := range dur {
		got, err := ParseDuration(tt.in)
		checkParse(t, "ParseDuration", tt.in, got, err, tt.want, tt.err)
	}
	week := []struct {
		in   string
		want float64
		err  string
	}{
		{"40", 40, ""}, {"40h/w", 40, ""}, {"8h/d", 56, ""}, {"24/7", 168, ""}, {"8 h/day", 56, ""},
		{"200", 0, "out of range"}, {"25h/d", 0, "out of range"}, {"lots", 0, "not a number"},
	}
	for _, tt := range week {
		got, err := ParseHoursPerWeek(tt.in)
		checkParse(t, "ParseHoursPerWeek", tt.in, got, err, tt.want, tt.err)
	}
}

func TestParseBudget(t *testing.T) {
	tests := []struct {
		in   string
		want Budget
		err  string
	}{
		{"2.5/h", Budget{2.5, BudgetHourly, USD}, ""},
		{"$2.5/h", Budget{2.5, BudgetHourly, USD}, ""},
		{"3000/mo", Budget{3000, BudgetMonthly, USD}, ""},
		{"500", Budget{500, BudgetTotal, USD}, ""},
		{"¥20/h", Budget{20, BudgetHourly, CNY}, ""},
		{"500 CNY/month", Budget{500, BudgetMonthly, CNY}, ""},
		{"1,000 USD", Budget{1000, BudgetTotal, USD}, ""},
		{"2 per hour", Budget{2, BudgetHourly, USD}, ""},
		{"300 total", Budget{300, BudgetTotal, USD}, ""},
		{"100元/月", Budget{100, BudgetMonthly, CNY}, ""},
		{"2.5/fortnight", Budget{}, "unknown period"},
		{"$", Budget{}, "not an amount"},
		{"0", Budget{}, "out of range"},
		{"-5/h", Budget{}, "not an amount"},
		{"5 apples", Budget{}, `unexpected "apples"`},
	}
	for _, tt := range tests {
		got, err := ParseBudget(tt.in, USD)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseBudget(%q) error = %v, want %q", tt.in, err, tt.err)
			}
			checkFieldError(t, "ParseBudget", tt.in, err, "budget")
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseBudget(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
		// The String form parses back to the same budget.
		again, err := ParseBudget(got.String(), USD)
		if err != nil || again != got {
			t.Errorf("ParseBudget(%q).String() = %q does not parse back: %+v %v", tt.in, got.String(), again, err)
		}
	}
}

func TestParseEnums(t *testing.T) {
	for in, want := range map[string]Workload{"inference": WorkloadInference, "Fine-Tune": WorkloadFineTune, "q-lora": WorkloadQLoRA,
		"LoRA": WorkloadLoRA, "pretrain": WorkloadPretrain, "I know my VRAM": WorkloadVRAM} {
		if got, err := ParseWorkload(in); err != nil || got != want {
			t.Errorf("ParseWorkload(%q) = %q, %v", in, got, err)
		}
	}
	for in, want := range map[string]Precision{"BF16": BF16, "fp8": FP8, "4bit": INT4, "nf4": INT4, "float32": FP32} {
		if got, err := ParsePrecision(in); err != nil || got != want {
			t.Errorf("ParsePrecision(%q) = %q, %v", in, got, err)
		}
	}
	for in, want := range map[string]Latency{"realtime": LatencyRealtime, "Interactive": LatencyInteractive, "offline": LatencyBatch} {
		if got, err := ParseLatency(in); err != nil || got != want {
			t.Errorf("ParseLatency(%q) = %q, %v", in, got, err)
		}
	}
	for in, want := range map[string]Currency{"usd": USD, "$": USD, "RMB": CNY, "¥": CNY, "元": CNY} {
		if got, err := ParseCurrency(in); err != nil || got != want {
			t.Errorf("ParseCurrency(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []struct{ field, in string }{{"workload", "dance"}, {"precision", "fp7"}, {"latency", "slow"}, {"currency", "EUR"}} {
		var err error
		switch bad.field {
		case "workload":
			_, err = ParseWorkload(bad.in)
		case "precision":
			_, err = ParsePrecision(bad.in)
		case "latency":
			_, err = ParseLatency(bad.in)
		case "currency":
			_, err = ParseCurrency(bad.in)
		}
		checkFieldError(t, "Parse "+bad.field, bad.in, err, bad.field)
	}
}

func TestFormatRoundTrips(t *testing.T) {
	for _, h := range []float64{8, 336, 3 * HoursPerMonth, 240, 12 * HoursPerMonth, 1.5, 0.5, 100} {
		s := FormatDuration(h)
		got, err := ParseDuration(s)
		if err != nil || math.Abs(got-h) > 0.01 {
			t.Errorf("FormatDuration(%v) = %q parses to %v, %v", h, s, got, err)
		}
	}
	for _, n := range []int{8192, 131072, 4000, 1} {
		s := FormatContext(n)
		got, err := ParseContext(s)
		if err != nil || got != n {
			t.Errorf("FormatContext(%d) = %q parses to %d, %v", n, s, got, err)
		}
	}
	for _, b := range []float64{70, 7.5, 0.5, 1.23, 405, 1200} {
		s := FormatParams(b)
		got, err := ParseParams(s)
		if err != nil || math.Abs(got-b) > 1e-9 {
			t.Errorf("FormatParams(%v) = %q parses to %v, %v", b, s, got, err)
		}
	}
	if got := FormatCount(2e9); got != "2B" {
		t.Errorf("FormatCount(2e9) = %q", got)
	}
}

func checkParse(t *testing.T, fn, in string, got float64, err error, want float64, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%s(%q) error = %v, want one containing %q", fn, in, err, wantErr)
		}
		return
	}
	if err != nil || math.Abs(got-want) > 1e-9*math.Max(1, want) {
		t.Errorf("%s(%q) = %v, %v; want %v", fn, in, got, err, want)
	}
}

// checkFieldError asserts an error names its field and says how to fix it.
func checkFieldError(t *testing.T, fn, in string, err error, field string) {
	t.Helper()
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Errorf("%s(%q): error %v is not a *FieldError", fn, in, err)
		return
	}
	if fe.Field != field || fe.Fix == "" {
		t.Errorf("%s(%q): field %q fix %q; want field %q and a fix", fn, in, fe.Field, fe.Fix, field)
	}
}

// fuzzParser checks the contract every parser keeps: no panic; on error a
// *FieldError naming the field with a fix; on success a finite,
// non-negative value.
func fuzzParser(f *testing.F, field string, seeds []string, parse func(string) (float64, error)) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parse(s)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != field || fe.Fix == "" {
				t.Fatalf("%q: error %v lacks field %q or a fix", s, err, field)
			}
			if len(err.Error()) > 400 {
				t.Fatalf("%q: error too long (%d bytes)", s, len(err.Error()))
			}
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			t.Fatalf("%q parsed to %v", s, v)
		}
	})
}

func FuzzParseParams(f *testing.F) {
	fuzzParser(f, "params", []string{"70B", "7.5b", "405 billion", "500M", "1.2T", "70", "-1", "1e400"}, ParseParams)
}

func FuzzParseTokens(f *testing.F) {
	fuzzParser(f, "tokens", []string{"2B", "500M", "300k", "1.5T"}, ParseTokens)
}

func FuzzParseContext(f *testing.F) {
	fuzzParser(f, "context", []string{"8k", "128k", "4096", "1M"}, func(s string) (float64, error) {
		n, err := ParseContext(s)
		return float64(n), err
	})
}

func FuzzParseSize(f *testing.F) {
	fuzzParser(f, "data", []string{"80GB", "2TB", "500 GiB", "800"}, func(s string) (float64, error) { return ParseSize("data", s) })
}

func FuzzParseDuration(f *testing.F) {
	fuzzParser(f, "duration", []string{"8h", "2w", "3mo", "1y", "90 minutes", "3m"}, ParseDuration)
}

func FuzzParseHoursPerWeek(f *testing.F) {
	fuzzParser(f, "hours_per_week", []string{"40", "8h/d", "24/7"}, ParseHoursPerWeek)
}

func FuzzParseBudget(f *testing.F) {
	fuzzParser(f, "budget", []string{"2.5/h", "$2.5/h", "3000/mo", "500", "¥20/h", "500 CNY/month", "2 per hour"}, func(s string) (float64, error) {
		b, err := ParseBudget(s, USD)
		if err == nil {
			if b.Amount <= 0 || b.Period == "" || b.Currency == "" {
				return -1, nil
			}
			again, err2 := ParseBudget(b.String(), USD)
			if err2 != nil || again != b {
				return -1, nil // reported as a bad value by fuzzParser
			}
		}
		return b.Amount, err
	})
}
