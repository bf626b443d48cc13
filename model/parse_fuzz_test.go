package model

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// trickySeeds are the number forms every numeric fuzz target starts from.
var trickySeeds = []string{
	"2,5", "70,5", "1,000", "12,345,678", "1,000.5", "1,00", "1,0000", "1,000,00", "1,5,0", "2,50,0",
	"0,125", "1.000,5", "1_000", "1__0", "２，５", "，", "nan", "inf", "-inf", "1e300", "1e-300", "-0",
	"0x10", "1e5", "1 000", ".5", "5.", strings.Repeat("9", 64), strings.Repeat("9", 70), "",
}

// seedsWith is trickySeeds with unit after each, then more.
func seedsWith(unit string, more ...string) []string {
	s := append([]string(nil), more...)
	for _, n := range trickySeeds {
		s = append(s, n+unit)
	}
	return s
}

// toFullWidth writes ASCII s as a Chinese input method types it.
func toFullWidth(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ':
			return 0x3000
		case r > ' ' && r < 0x7F:
			return r + 0xFEE0
		}
		return r
	}, s)
}

// isASCII reports whether s is printable ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] >= 0x7F {
			return false
		}
	}
	return true
}

// checkErr is the contract of every parser's error: a one-line
// *FieldError naming field, with a message, a fix and a short echo.
func checkErr(t *testing.T, s string, err error, field string) {
	t.Helper()
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != field || fe.Msg == "" || fe.Fix == "" {
		t.Fatalf("%q: error %v lacks field %q, a message or a fix", s, err, field)
	}
	if len(err.Error()) > 400 || strings.ContainsAny(err.Error(), "\n\r") || utf8.RuneCountInString(fe.Value) > 41 {
		t.Fatalf("%q: error %q is not one short line", s, err)
	}
	checkZH(t, field+" "+strconv.Quote(s), fe)
}

// numTarget is one numeric parser under fuzzing.
type numTarget struct {
	field  string
	parse  func(string) (float64, error)
	lo, hi float64 // the documented range
	// back formats v the way the parser reads it; tol is how far the
	// parsed result may drift from v (formatters round).
	back func(v float64) string
	tol  func(v float64) float64
}

// fuzz checks, for any input: no panic or hang; an error keeps checkErr's
// contract; a value is finite and in range, formats and parses back to
// about itself, and the full-width spelling of the input reads the same.
func (n numTarget) fuzz(f *testing.F, seeds []string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		start := time.Now()
		v, err := n.parse(s)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("%q took %v", s, d)
		}
		if isASCII(s) && len(s) <= maxInput {
			w, werr := n.parse(toFullWidth(s))
			if (err == nil) != (werr == nil) || err == nil && w != v {
				t.Fatalf("%q reads %v, %v but its full-width form %v, %v", s, v, err, w, werr)
			}
		}
		if err != nil {
			checkErr(t, s, err, n.field)
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < n.lo || v > n.hi {
			t.Fatalf("%q parsed to %v, outside %v to %v", s, v, n.lo, n.hi)
		}
		out := n.back(v)
		again, err := n.parse(out)
		if err != nil || !testcheck.NearAbs(again, v, n.tol(v)) {
			t.Fatalf("%q = %v formats as %q, which parses to %v, %v", s, v, out, again, err)
		}
	})
}

func exact(float64) float64 { return 0 }

func FuzzParseParams(f *testing.F) {
	numTarget{field: "params", parse: ParseParams, lo: 0.001, hi: 100000, back: FormatParams,
		tol: func(b float64) float64 { return 0.005*b + 0.0005 + 1e-12 }}.
		fuzz(f, seedsWith("B", "70B", "7.5b", "405 billion", "500M", "1.2T", "70", "8,000,000,000", "70,5B", "1e5B", "0.0014B", "999.996B"))
}

func FuzzParseTokens(f *testing.F) {
	numTarget{field: "tokens", parse: ParseTokens, lo: 1, hi: 1e16, back: FormatCount,
		tol: func(v float64) float64 { return 0.005*v + 0.005 }}.
		fuzz(f, seedsWith("B", "2B", "500M", "300k", "1.5T", "10000T", "999.999", "999999.9"))
}

func FuzzParseContext(f *testing.F) {
	numTarget{field: "context", parse: func(s string) (float64, error) { n, err := ParseContext(s); return float64(n), err },
		lo: 1, hi: 1e8, back: func(v float64) string { return FormatContext(int(v)) }, tol: exact}.
		fuzz(f, seedsWith("k", "8k", "128k", "4096", "1M", "95M", "1,5k"))
}

func FuzzParseTokenLength(f *testing.F) {
	numTarget{field: "output-len", parse: func(s string) (float64, error) { n, err := ParseTokenLength("output-len", s); return float64(n), err },
		lo: 1, hi: 1e8, back: func(v float64) string { return FormatContext(int(v)) }, tol: exact}.
		fuzz(f, seedsWith("k", "1k", "512", "32k", "2,048", "1M"))
}

func FuzzParseCount(f *testing.F) {
	numTarget{field: "gpus", parse: func(s string) (float64, error) { n, err := ParseCount("gpus", s); return float64(n), err },
		lo: 0, hi: 1e6, back: func(v float64) string { return strconv.Itoa(int(v)) }, tol: exact}.
		fuzz(f, seedsWith("", "8", "1,000", "8.0", "1000000"))
}

func FuzzParseSize(f *testing.F) {
	numTarget{field: "data", parse: func(s string) (float64, error) { return ParseSize("data", s) },
		lo: 0, hi: 1e9, back: func(v float64) string { return FormatNumber(v) + "GB" }, tol: exact}.
		fuzz(f, seedsWith("GB", "80GB", "2TB", "500 GiB", "800", "1TiB", "1MB", "1000PB"))
}

func FuzzParseDuration(f *testing.F) {
	numTarget{field: "duration", parse: ParseDuration, lo: 1.0 / 60, hi: 120 * HoursPerMonth, back: FormatDuration,
		tol: func(h float64) float64 {
			if h < 1 {
				return 1.0/120 + 1e-9
			}
			return 0.005 + 1e-9*h
		}}.
		fuzz(f, seedsWith("h", "8h", "2w", "3mo", "1y", "90 minutes", "3m", "1min", "10y", "59.6min", "3个月", "90天", "2周", "12小时", "12个小时", "2星期", "3月", "1 个月", "3個月"))
}

func FuzzParseHoursPerWeek(f *testing.F) {
	numTarget{field: "hours_per_week", parse: ParseHoursPerWeek, lo: 0.01, hi: HoursPerWeekFull,
		back: FormatNumber, tol: exact}.
		fuzz(f, seedsWith("h/d", "40", "8h/d", "24/7", "37,5", "0.01"))
}

func FuzzParseBudget(f *testing.F) {
	seeds := seedsWith("/h", "2.5/h", "$2.5/h", "$2,5/h", "3000/mo", "3k/mo", "¥20k/mo", "$1.2M", "500", "¥20/h",
		"500 CNY/month", "2 per hour", "3000/月", "每小时 ¥20", "20元/小时", "2万元/月", "3m", "$20 CNY", "1.1k")
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBudget(s, USD)
		if isASCII(s) && len(s) <= maxInput {
			w, werr := ParseBudget(toFullWidth(s), USD)
			if (err == nil) != (werr == nil) || w != b {
				t.Fatalf("%q reads %+v, %v but its full-width form %+v, %v", s, b, err, w, werr)
			}
		}
		if err != nil {
			checkErr(t, s, err, "budget")
			return
		}
		if math.IsNaN(b.Amount) || b.Amount < 0.01 || b.Amount > 1e12 || b.Currency != USD && b.Currency != CNY ||
			b.Period != BudgetHourly && b.Period != BudgetMonthly && b.Period != BudgetTotal {
			t.Fatalf("%q parsed to %+v", s, b)
		}
		again, err := ParseBudget(b.String(), CNY)
		if err != nil || again != b {
			t.Fatalf("%q = %+v formats as %q, which parses to %+v, %v", s, b, b.String(), again, err)
		}
	})
}

// FuzzParseWords fuzzes the parsers of words: an error keeps the contract,
// and a value parses back from its own name.
func FuzzParseWords(f *testing.F) {
	for _, s := range []string{"inference", "Fine-Tune", "q-lora", "I know my VRAM", "BF16", "ｆｐ８", "4bit", "NVFP4", "mx-fp4", "4位浮点", "微缩放FP4", "自动", "沿用检查点", "Checkpoint", "ａｕｔｏ", "realtime",
		"offline", "mtp", "NextN", "none", "fp8_e4m3", "auto", "usd", "¥", "￥", "元", "ＣＮＹ", "", strings.Repeat("x", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(field, v string, err error, again func(string) (string, error)) {
			if err != nil {
				checkErr(t, s, err, field)
				return
			}
			if back, err := again(v); err != nil || back != v {
				t.Fatalf("%s %q = %q, which parses to %q, %v", field, s, v, back, err)
			}
		}
		w, err := ParseWorkload(s)
		check("workload", string(w), err, func(s string) (string, error) { v, err := ParseWorkload(s); return string(v), err })
		p, err := ParsePrecision(s)
		check("precision", string(p), err, func(s string) (string, error) { v, err := ParsePrecision(s); return string(v), err })
		l, err := ParseLatency(s)
		check("latency", string(l), err, func(s string) (string, error) { v, err := ParseLatency(s); return string(v), err })
		c, err := ParseCurrency(s)
		check("currency", string(c), err, func(s string) (string, error) { v, err := ParseCurrency(s); return string(v), err })
		kv, err := ParseKVCache(s)
		check("kv-cache", string(kv), err, func(s string) (string, error) { v, err := ParseKVCache(s); return string(v), err })
		sp, err := ParseSpeculative(s)
		check("speculative", string(sp), err, func(s string) (string, error) { v, err := ParseSpeculative(s); return string(v), err })
	})
}

// Reference forms of a number token (digits and separators only), written
// as regular expressions independently of readNumber.
var (
	refPlain      = regexp.MustCompile(`^[0-9]*\.?[0-9]*$`)
	refUnderscore = regexp.MustCompile(`^([0-9](_?[0-9])*)?(\.([0-9](_?[0-9])*)?)?$`)
	refThousands  = regexp.MustCompile(`^[1-9][0-9]{0,2}(,[0-9]{3})+(\.[0-9]*)?$`)
	refDecimal    = regexp.MustCompile(`^[0-9]+,[0-9]{1,2}$`)
	refToken      = regexp.MustCompile(`^[0-9.,_]+$`)
)

// FuzzReadNumber checks readNumber against the reference forms: a token of
// digits and separators is read exactly when one form matches, and then
// to what that form means, so no comma is ever read two ways.
func FuzzReadNumber(f *testing.F) {
	for _, s := range trickySeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lit, unit, why := readNumber(s)
		if why == numOK {
			if _, err := strconv.ParseFloat(lit+"e0", 64); err != nil && !errors.Is(err, strconv.ErrRange) {
				t.Fatalf("%q: lit %q does not parse: %v", s, lit, err)
			}
		}
		if !refToken.MatchString(s) || !strings.ContainsAny(s, "0123456789") {
			return
		}
		want, ok := "", true
		switch {
		case refPlain.MatchString(s):
			want = s
		case !strings.Contains(s, ",") && refUnderscore.MatchString(s):
			want = strings.ReplaceAll(s, "_", "")
		case refThousands.MatchString(s):
			want = strings.ReplaceAll(s, ",", "")
		case refDecimal.MatchString(s):
			want = strings.Replace(s, ",", ".", 1)
		default:
			ok = false
		}
		if ok != (why == numOK) || lit != want || unit != "" {
			t.Fatalf("readNumber(%q) = %q, %q, %v; want %q (accepted %v)", s, lit, unit, why, want, ok)
		}
	})
}
