package model

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// parseCase is one input to a numeric parser: the value it gives, or the
// error it must give (msg in Msg, fix in Fix; either may be empty to skip).
type parseCase struct {
	in   string
	want float64
	msg  string
	fix  string
}

// ok is a case that must parse to want.
func ok(in string, want float64) parseCase { return parseCase{in: in, want: want} }

// bad is a case that must be refused with msg in Msg and fix in Fix.
func bad(in, msg, fix string) parseCase { return parseCase{in: in, msg: msg, fix: fix} }

// runCases checks each case against parse, whose errors must name field.
func runCases(t *testing.T, fn, field string, parse func(string) (float64, error), cases []parseCase) {
	t.Helper()
	for _, c := range cases {
		got, err := parse(c.in)
		if c.msg == "" && c.fix == "" {
			if err != nil || !testcheck.NearAbs(got, c.want, 1e-12*math.Max(1, math.Abs(c.want))) {
				t.Errorf("%s(%q) = %v, %v; want %v", fn, c.in, got, err, c.want)
			}
			continue
		}
		fe := checkFieldError(t, fn, c.in, err, field)
		if fe == nil {
			continue
		}
		if !strings.Contains(fe.Msg, c.msg) || !strings.Contains(fe.Fix, c.fix) {
			t.Errorf("%s(%q) = %v; want msg with %q and fix with %q", fn, c.in, err, c.msg, c.fix)
		}
	}
}

// checkFieldError asserts err is a one-line *FieldError naming field, with
// a message, a fix and at most 40 runes of the input, and returns it.
func checkFieldError(t *testing.T, fn, in string, err error, field string) *FieldError {
	t.Helper()
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Errorf("%s(%q): error %v is not a *FieldError", fn, in, err)
		return nil
	}
	if fe.Field != field || fe.Msg == "" || fe.Fix == "" {
		t.Errorf("%s(%q): field %q msg %q fix %q; want field %q, a message and a fix", fn, in, fe.Field, fe.Msg, fe.Fix, field)
	}
	if strings.ContainsAny(err.Error(), "\n\r") || utf8.RuneCountInString(fe.Value) > 41 {
		t.Errorf("%s(%q): error %q is not one short line", fn, in, err)
	}
	checkZH(t, fn+"("+strconv.Quote(in)+")", fe)
	return fe
}

func TestParseParams(t *testing.T) {
	runCases(t, "ParseParams", "params", ParseParams, []parseCase{
		ok("70B", 70), ok("7.5b", 7.5), ok("405 billion", 405), ok("500M", 0.5), ok("1.2T", 1200),
		ok("70", 70), ok("8,000,000,000", 8), ok(" 8b ", 8), ok("13bn", 13), ok("8B params", 8),
		ok("8B parameters", 8), ok("70,5B", 70.5), ok("2,5b", 2.5), ok("1,000B", 1000), ok("1_000M", 1),
		ok("７０，５Ｂ", 70.5), ok("1000000", 0.001), ok(".5B", 0.5), ok("100T", 100000), ok("1M", 0.001),
		bad("", "not a parameter count", "70B"), bad("abc", "not a parameter count", "70B"),
		bad("70X", `unknown unit "x"`, "70B"), bad("-7B", "negative", ""), bad("NaN", "finite", "70B"),
		bad("0.0000001B", "out of range (accepted: 0.001B to 100000B)", "70B"), bad("1e9", "exponent", "70B"),
		bad("1e5B", "exponent", ""), bad("999999", "out of range", ""), bad("101T", "out of range", ""),
		bad("70,5,0B", "ambiguous comma", "2.5"),
	})
}

func TestParseTokens(t *testing.T) {
	runCases(t, "ParseTokens", "tokens", ParseTokens, []parseCase{
		ok("2B", 2e9), ok("500M", 5e8), ok("1.5T", 1.5e12), ok("300k", 3e5), ok("1000", 1000),
		ok("2B tokens", 2e9), ok("2,5B", 2.5e9), ok("1,000,000", 1e6), ok("1.1k", 1100), ok("10000T", 1e16),
		bad("two", "not a token count", "2B"), bad("5Q", "unknown unit", "2B"), bad("0", "out of range (accepted: 1 to 10000T", ""),
		bad("10001T", "out of range", ""),
	})
}

func TestParseContext(t *testing.T) {
	ctx := func(s string) (float64, error) {
		n, err := ParseContext(s)
		return float64(n), err
	}
	runCases(t, "ParseContext", "context", ctx, []parseCase{
		ok("8k", 8192), ok("128K", 131072), ok("4096", 4096), ok("1M", 1048576), ok("1mn", 1048576),
		ok("32k tokens", 32768), ok("1,5k", 1536), ok("32,768", 32768), ok("95M", 95*1048576), ok("1.4k", 1434), bad("1.4", "not a whole number", "8k"),
		bad("8b", "unknown unit", "8k"), bad("8bn", "unknown unit", ""), bad("", "not a token count", "8k"),
		bad("0", "out of range (accepted: 1 to 100000000 tokens)", ""), bad("100M", "out of range", ""),
		bad("0.4", "out of range", ""),
	})
}

// TestParseTokenLength: a prompt or output length reads as a context does
// (k = 1024), and its errors name the answer and its forms.
func TestParseTokenLength(t *testing.T) {
	length := func(s string) (float64, error) {
		n, err := ParseTokenLength("prompt-len", s)
		return float64(n), err
	}
	runCases(t, "ParseTokenLength", "prompt-len", length, []parseCase{
		ok("1k", 1024), ok("512", 512), ok("2,048", 2048), ok("32K tokens", 32768),
		bad("1b", "unknown unit", "512, 1k or 32k"), bad("", "not a token count", "1k"),
		bad("0", "out of range (accepted: 1 to 100000000 tokens)", ""), bad("-5", "negative", ""),
	})
}

func TestParseCount(t *testing.T) {
	count := func(s string) (float64, error) {
		n, err := ParseCount("gpus", s)
		return float64(n), err
	}
	runCases(t, "ParseCount", "gpus", count, []parseCase{
		ok("8", 8), ok("0", 0), ok("1,000", 1000), ok("8.0", 8), ok("１６", 16), ok("1000000", 1e6),
		bad("2,5", "not a whole number", "8"), bad("8 GPUs", `unexpected "gpus"`, "8"),
		bad("1000001", "out of range (accepted: 0 to 1000000)", ""), bad("-1", "negative", ""), bad("-0", "negative", ""),
	})
}

func TestParseSize(t *testing.T) {
	size := func(s string) (float64, error) { return ParseSize("data", s) }
	runCases(t, "ParseSize", "data", size, []parseCase{
		ok("80GB", 80), ok("2TB", 2000), ok("500 GiB", 500), ok("800", 800), ok("1TiB", 1024), ok("512MB", 0.512),
		ok("2 TB", 2000), ok("1,5TB", 1500), ok("1,024GB", 1024), ok("0", 0), ok("1MB", 0.001), ok("1000PB", 1e9),
		ok("８０ＧＢ", 80),
		bad("5 furlongs", "unknown unit", "80GB"), bad("", "not a size", "80GB"),
		bad("0.5MB", "out of range (accepted: 0, or 1MB to 1000PB)", ""), bad("1001PB", "out of range", ""),
	})
}

func TestParseDuration(t *testing.T) {
	runCases(t, "ParseDuration", "duration", ParseDuration, []parseCase{
		ok("8h", 8), ok("2w", 336), ok("3mo", 3*HoursPerMonth), ok("10d", 240), ok("1y", 12*HoursPerMonth),
		ok("90 minutes", 1.5), ok("3 months", 3*HoursPerMonth), ok("1.5h", 1.5), ok("1,5h", 1.5), ok("1min", 1.0/60),
		ok("10y", 120*HoursPerMonth), ok("８ｈ", 8),
		ok("3个月", 3*HoursPerMonth), ok("90天", 90*24), ok("2周", 336), ok("12小时", 12), ok("12个小时", 12),
		ok("2星期", 336), ok("2 个星期", 336), ok("1年", 12*HoursPerMonth), ok("30分钟", 0.5), ok("3個月", 3*HoursPerMonth),
		ok("１２小时", 12), bad("3月", "month of the year", "3个月"), bad("3天天", "unknown unit", ""),
		bad("3m", "ambiguous", "mo for months"), bad("8", "no unit", "8h"), bad("0h", "out of range (accepted: 1min to 10y)", ""),
		bad("11y", "out of range", ""), bad("soon", "not a duration", "8h"), bad("0.5min", "out of range", ""),
	})
}

func TestParseHoursPerWeek(t *testing.T) {
	runCases(t, "ParseHoursPerWeek", "hours_per_week", ParseHoursPerWeek, []parseCase{
		ok("40", 40), ok("40h/w", 40), ok("8h/d", 56), ok("24/7", 168), ok("8 h/day", 56), ok("37,5", 37.5),
		ok("40 hours", 40), ok("２４／７", 168), ok("always", 168),
		bad("200", "out of range (accepted: 0.01 to 168", ""), bad("25h/d", "out of range", ""),
		bad("lots", "not a number of hours", "40h/w"), bad("4 0", "space inside the number", "1,000"),
		bad("8h/fortnight", "unknown unit", "8h/d"), bad("0.001", "out of range", ""),
	})
}

// TestNumberForms runs every numeric parser through each way of writing a
// number that is refused, with the parser's own unit after it.
func TestNumberForms(t *testing.T) {
	parsers := []struct {
		fn, field, unit string
		parse           func(string) (float64, error)
	}{
		{"ParseParams", "params", "B", ParseParams},
		{"ParseTokens", "tokens", "", ParseTokens},
		{"ParseContext", "context", "k", func(s string) (float64, error) { n, err := ParseContext(s); return float64(n), err }},
		{"ParseCount", "nodes", "", func(s string) (float64, error) { n, err := ParseCount("nodes", s); return float64(n), err }},
		{"ParseSize", "disk", "GB", func(s string) (float64, error) { return ParseSize("disk", s) }},
		{"ParseDuration", "duration", "h", ParseDuration},
		{"ParseHoursPerWeek", "hours_per_week", "", ParseHoursPerWeek},
		{"ParseBudget", "budget", "", func(s string) (float64, error) { b, err := ParseBudget(s, USD); return b.Amount, err }},
	}
	refused := []parseCase{
		bad("1,5,0", "ambiguous comma", "2.5 for a decimal or 1,000 for thousands"),
		bad("2,50,0", "ambiguous comma", "2.5"), bad("1,00,000", "ambiguous comma", "1,000"),
		bad("1,0000", "ambiguous comma", "2.5"), bad("1,000,00", "ambiguous comma", "2.5"),
		bad("0,125", "ambiguous comma", "2.5"), bad("1.000,5", "ambiguous comma", "2.5"),
		bad("1,", "ambiguous comma", "2.5"), bad("1,000.5,5", "ambiguous comma", "2.5"),
		bad("1_000,5", "ambiguous comma", "2.5"), bad("２，５，０", "ambiguous comma", "2.5"),
		bad("1.000.000", "more than one decimal point", "1,000"), bad("1_", "misplaced _", "1_000"),
		bad("1__0", "misplaced _", "1_000"), bad("1 000", "space inside the number", "1,000"),
		bad("nan", "not a finite number (accepted: ", ""), bad("NaN", "finite", ""), bad("inf", "finite", ""),
		bad("+Inf", "finite", ""), bad("-inf", "negative (accepted: ", ""), bad("-0", "negative", ""),
		bad("1e300", "exponent", ""), bad("1e-300", "exponent", ""), bad("1E+5", "exponent", ""),
		bad("0x10", "not a decimal number", ""), bad(strings.Repeat("9", 40), "out of range (accepted: ", ""),
		bad(strings.Repeat("9", 60), "out of range", ""), bad(strings.Repeat("9", 300), "too long (at most 64", ""),
		bad(".", "not ", ""), bad(",", "not ", ""),
	}
	for _, p := range parsers {
		cases := make([]parseCase, len(refused))
		for i, c := range refused {
			cases[i] = c
			if c.in != strings.Repeat("9", 300) {
				cases[i].in += p.unit
			}
		}
		runCases(t, p.fn, p.field, p.parse, cases)
	}
}

func TestReadNumber(t *testing.T) {
	for in, want := range map[string]string{
		"1,000": "1000", "12,345,678": "12345678", "1,000.5": "1000.5", "2,5": "2.5", "70,5": "70.5",
		"1,00": "1.00", "0,5": "0.5", "1234,5": "1234.5", "1_000": "1000", "1_000.000_1": "1000.0001",
		".5": ".5", "5.": "5.", "007": "007",
	} {
		lit, unit, why := readNumber(in)
		if lit != want || unit != "" || why != numOK {
			t.Errorf("readNumber(%q) = %q, %q, %v; want %q", in, lit, unit, why, want)
		}
		if _, ok := decimal(lit, 3); !ok {
			t.Errorf("decimal(%q) failed", lit)
		}
	}
}

func TestParseBudget(t *testing.T) {
	tests := []struct {
		in   string
		want Budget
		msg  string
		fix  string
	}{
		{in: "2.5/h", want: Budget{2.5, BudgetHourly, USD}},
		{in: "$2.5/h", want: Budget{2.5, BudgetHourly, USD}},
		{in: "$2,5/h", want: Budget{2.5, BudgetHourly, USD}},
		{in: "$2,500/h", want: Budget{2500, BudgetHourly, USD}},
		{in: "3000/mo", want: Budget{3000, BudgetMonthly, USD}},
		{in: "3000/m", want: Budget{3000, BudgetMonthly, USD}},
		{in: "500", want: Budget{500, BudgetTotal, USD}},
		{in: "¥20/h", want: Budget{20, BudgetHourly, CNY}},
		{in: "￥20/h", want: Budget{20, BudgetHourly, CNY}},
		{in: "500 CNY/month", want: Budget{500, BudgetMonthly, CNY}},
		{in: "1,000 USD", want: Budget{1000, BudgetTotal, USD}},
		{in: "US$5", want: Budget{5, BudgetTotal, USD}},
		{in: "2 per hour", want: Budget{2, BudgetHourly, USD}},
		{in: "300 total", want: Budget{300, BudgetTotal, USD}},
		{in: "300/run", want: Budget{300, BudgetTotal, USD}},
		{in: "100元/月", want: Budget{100, BudgetMonthly, CNY}},
		{in: "3k/mo", want: Budget{3000, BudgetMonthly, USD}},
		{in: "3K/mo", want: Budget{3000, BudgetMonthly, USD}},
		{in: "2.5k", want: Budget{2500, BudgetTotal, USD}},
		{in: "1.1k", want: Budget{1100, BudgetTotal, USD}},
		{in: "¥20k/mo", want: Budget{20000, BudgetMonthly, CNY}},
		{in: "$1.2M", want: Budget{1.2e6, BudgetTotal, USD}},
		{in: "1.2 million USD", want: Budget{1.2e6, BudgetTotal, USD}},
		{in: "3000/月", want: Budget{3000, BudgetMonthly, USD}},
		{in: "¥20/小时", want: Budget{20, BudgetHourly, CNY}},
		{in: "20元/时", want: Budget{20, BudgetHourly, CNY}},
		{in: "20元每小时", want: Budget{20, BudgetHourly, CNY}},
		{in: "每小时 ¥20", want: Budget{20, BudgetHourly, CNY}},
		{in: "每月3000元", want: Budget{3000, BudgetMonthly, CNY}},
		{in: "2万元/月", want: Budget{20000, BudgetMonthly, CNY}},
		{in: "3000块/月", want: Budget{3000, BudgetMonthly, CNY}},
		{in: "５千元", want: Budget{5000, BudgetTotal, CNY}},
		{in: "２，５／ｈ", want: Budget{2.5, BudgetHourly, USD}},
		{in: "＄３ｋ／ｍｏ", want: Budget{3000, BudgetMonthly, USD}},
		{in: "0.01/h", want: Budget{0.01, BudgetHourly, USD}},
		{in: "2.5/fortnight", msg: "unknown period", fix: "2.5/h"},
		{in: "$", msg: "not an amount", fix: "2.5/h"},
		{in: "0", msg: "out of range (accepted: 0.01 to 1000000M)", fix: "2.5/h"},
		{in: "0.001/h", msg: "out of range", fix: ""},
		{in: "1000001M", msg: "out of range", fix: ""},
		{in: "-5/h", msg: "negative", fix: "2.5/h"},
		{in: "5 apples", msg: `unexpected "apples"`, fix: "2.5/h"},
		{in: "3m", msg: `"m" is ambiguous`, fix: "M or million"},
		{in: "$3m/mo", msg: `"m" is ambiguous`, fix: "/mo for a month"},
		{in: "$20 CNY", msg: "two currencies", fix: "$ or ¥"},
		{in: "每小时 20/mo", msg: "two periods", fix: "2.5/h"},
		{in: "$2,50,0/h", msg: "ambiguous comma", fix: "2.5 for a decimal"},
		{in: "1e3/h", msg: "exponent", fix: "2.5/h"},
		{in: "nan/h", msg: "finite", fix: ""},
	}
	for _, tt := range tests {
		got, err := ParseBudget(tt.in, USD)
		if tt.msg != "" {
			if fe := checkFieldError(t, "ParseBudget", tt.in, err, "budget"); fe != nil &&
				(!strings.Contains(fe.Msg, tt.msg) || !strings.Contains(fe.Fix, tt.fix)) {
				t.Errorf("ParseBudget(%q) = %v; want msg with %q and fix with %q", tt.in, err, tt.msg, tt.fix)
			}
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
	// Without a currency the default applies.
	if b, err := ParseBudget("3k/mo", CNY); err != nil || b != (Budget{3000, BudgetMonthly, CNY}) {
		t.Errorf("ParseBudget(3k/mo, CNY) = %+v, %v", b, err)
	}
}

func TestParseEnums(t *testing.T) {
	for in, want := range map[string]Workload{"inference": WorkloadInference, "Fine-Tune": WorkloadFineTune, "q-lora": WorkloadQLoRA,
		"LoRA": WorkloadLoRA, "pretrain": WorkloadPretrain, "I know my VRAM": WorkloadVRAM, "ｌｏｒａ": WorkloadLoRA} {
		if got, err := ParseWorkload(in); err != nil || got != want {
			t.Errorf("ParseWorkload(%q) = %q, %v", in, got, err)
		}
	}
	for in, want := range map[string]Precision{"BF16": BF16, "fp8": FP8, "4bit": INT4, "nf4": INT4, "float32": FP32, "ＦＰ８": FP8,
		"fp4": FP4, "NVFP4": FP4, "４位浮点": FP4, "MXFP4": MXFP4, "mx_fp4": MXFP4, "微缩放FP4": MXFP4,
		"auto": PrecisionAuto, "AUTO": PrecisionAuto, "checkpoint": PrecisionAuto, "ａｕｔｏ": PrecisionAuto, "自动": PrecisionAuto, "沿用检查点": PrecisionAuto} {
		if got, err := ParsePrecision(in); err != nil || got != want {
			t.Errorf("ParsePrecision(%q) = %q, %v", in, got, err)
		}
	}
	for in, want := range map[string]Latency{"realtime": LatencyRealtime, "Interactive": LatencyInteractive, "offline": LatencyBatch} {
		if got, err := ParseLatency(in); err != nil || got != want {
			t.Errorf("ParseLatency(%q) = %q, %v", in, got, err)
		}
	}
	for in, want := range map[string]Currency{"usd": USD, "$": USD, "＄": USD, "RMB": CNY, "¥": CNY, "￥": CNY, "元": CNY, "ＣＮＹ": CNY} {
		if got, err := ParseCurrency(in); err != nil || got != want {
			t.Errorf("ParseCurrency(%q) = %q, %v", in, got, err)
		}
	}
	long := strings.Repeat("x", 200)
	for _, bad := range []struct{ field, in string }{{"workload", "dance"}, {"precision", "fp7"}, {"latency", "slow"}, {"currency", "EUR"}, {"currency", long}} {
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

func TestNormalizeWidth(t *testing.T) {
	if got := NormalizeWidth("２，５ＧＢ\u3000／ｈ ￥"); got != "2,5GB /h ￥" {
		t.Errorf("NormalizeWidth = %q", got)
	}
}

func TestFormatRoundTrips(t *testing.T) {
	for _, h := range []float64{8, 336, 3 * HoursPerMonth, 240, 12 * HoursPerMonth, 1.5, 0.5, 100, 1.0 / 60, 72.001, 0.999, 7.125, 36.05} {
		s := FormatDuration(h)
		got, err := ParseDuration(s)
		if err != nil || !testcheck.NearAbs(got, h, 0.01) {
			t.Errorf("FormatDuration(%v) = %q parses to %v, %v", h, s, got, err)
		}
		// The text is stable: what it reads back to formats the same
		// (FuzzRegistryParse found 72.001 h shown as "72h", which reads
		// back as "3d").
		if again := FormatDuration(got); again != s {
			t.Errorf("FormatDuration(%v) = %q, which reads back as %v and formats as %q", h, s, got, again)
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
		if err != nil || !testcheck.NearAbs(got, b, 1e-9) {
			t.Errorf("FormatParams(%v) = %q parses to %v, %v", b, s, got, err)
		}
	}
	for v, want := range map[float64]string{2e9: "2B", 131072: "131.07k", 1.5e12: "1.5T", 500e6: "500M", 12: "12"} {
		got := FormatCount(v)
		back, err := ParseTokens(got)
		if got != want || err != nil || !testcheck.NearAbs(back, v, 0.005*v) {
			t.Errorf("FormatCount(%v) = %q, parses to %v, %v; want %q", v, got, back, err, want)
		}
	}
}

// TestParseSpeculative: the speculative-decoding answer reads none or mtp
// (and their common spellings); anything else names the answer and its
// forms, and through the registry none is stored blank (the default) and
// mtp survives a record round trip.
func TestParseSpeculative(t *testing.T) {
	for in, want := range map[string]Speculative{"mtp": SpecMTP, " NextN ": SpecMTP, "none": SpecNone, "off": SpecNone} {
		if got, err := ParseSpeculative(in); err != nil || got != want {
			t.Errorf("ParseSpeculative(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"eagle", "", "mtp3"} {
		_, err := ParseSpeculative(in)
		fe, ok := err.(*FieldError)
		if !ok || fe.Field != "speculative" || !strings.Contains(err.Error(), "none or mtp") {
			t.Errorf("ParseSpeculative(%q) error %v: should name the answer and its forms", in, err)
		}
	}
	spec := Spec(AnsSpeculative)
	a := DefaultAnswers()
	if spec.Format(&a) != "none" || a.Speculative != "" {
		t.Errorf("default speculative = %q (%q): off by default", spec.Format(&a), a.Speculative)
	}
	if err := spec.Parse("mtp", &a, nil); err != nil || a.Speculative != SpecMTP || spec.Format(&a) != "mtp" {
		t.Errorf("parse mtp: %q, %v", a.Speculative, err)
	}
	if err := spec.Parse("none", &a, nil); err != nil || a.Speculative != "" {
		t.Errorf("parse none: %q, %v", a.Speculative, err)
	}
	if err := spec.Parse("eagle", &a, nil); err == nil || a.Speculative != "" {
		t.Errorf("parse eagle: %q, %v (the answer must stay as it was)", a.Speculative, err)
	}
}

// TestParseKVCache: the KV-cache answer reads auto, fp8 or bf16 (and vLLM's
// spellings); anything else names the answer and its forms; auto is stored
// blank (the default) and the others survive the registry.
func TestParseKVCache(t *testing.T) {
	for in, want := range map[string]KVCache{"auto": KVCacheAuto, "FP8": KVCacheFP8, "fp8_e4m3": KVCacheFP8, "bf16": KVCacheBF16, "fp16": KVCacheBF16} {
		if got, err := ParseKVCache(in); err != nil || got != want {
			t.Errorf("ParseKVCache(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"int8", "", "fp4"} {
		_, err := ParseKVCache(in)
		fe, ok := err.(*FieldError)
		if !ok || fe.Field != "kv-cache" || !strings.Contains(err.Error(), "auto (the checkpoint's), fp8 or bf16") {
			t.Errorf("ParseKVCache(%q) error %v: should name the answer and its forms", in, err)
		}
	}
	spec := Spec(AnsKVCache)
	a := DefaultAnswers()
	if spec.Format(&a) != "auto" || a.KVCache != "" {
		t.Errorf("default kv-cache = %q (%q): auto by default", spec.Format(&a), a.KVCache)
	}
	if err := spec.Parse("fp8", &a, nil); err != nil || a.KVCache != KVCacheFP8 || spec.Format(&a) != "fp8" {
		t.Errorf("parse fp8: %q, %v", a.KVCache, err)
	}
	if err := spec.Parse("int4", &a, nil); err == nil || a.KVCache != KVCacheFP8 {
		t.Errorf("parse int4: %q, %v (the answer must stay as it was)", a.KVCache, err)
	}
	if err := spec.Parse("auto", &a, nil); err != nil || a.KVCache != "" {
		t.Errorf("parse auto: %q, %v", a.KVCache, err)
	}
}
