package model

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gpupick/gpupick/internal/testcheck"
)

func TestFormatMoney(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		style MoneyStyle
		v     float64
		cur   Currency
		want  string
	}{
		{MoneyCell, 0.1254, USD, "$0.125"},
		{MoneyCell, 2.494, USD, "$2.49"},
		{MoneyCell, 100.5, USD, "$101"}, // halves away from zero
		{MoneyCell, 1234.4, USD, "$1,234"},
		{MoneyCell, 12300, USD, "$12.3k"},
		{MoneyCell, 12000, USD, "$12k"},
		{MoneyCell, 123456, USD, "$123k"},
		{MoneyCell, 1.25e6, CNY, "¥1.25M"},
		{MoneyCell, 2e6, USD, "$2M"},
		{MoneyCell, 0, USD, ""},
		{MoneyCell, -3, USD, ""},
		{MoneyCell, nan, USD, ""},
		{MoneyCell, inf, USD, ""},
		{MoneyBrief, 2.494, USD, "$2.49"},
		{MoneyBrief, 12.34, USD, "$12.3"},
		{MoneyBrief, 1234.4, USD, "$1234"},
		{MoneyBrief, 123456, USD, "$123k"},
		{MoneyBrief, 0.004, USD, "$0.00"},
		{MoneyBrief, 0, USD, ""},
		{MoneyFine, 0.0042, USD, "$0.0042"},
		{MoneyFine, 0.25, USD, "$0.25"},
		{MoneyFine, 12.34, USD, "$12.3"},
		{MoneyPrice, 0.1254, USD, "$0.125"},
		{MoneyPrice, 2.494, USD, "$2.49"},
		{MoneyPrice, 123.45, CNY, "¥123.5"},
		{MoneyPrice, 0, USD, ""},
		{MoneyText, 0.1254, USD, "$0.125"},
		{MoneyText, 2.494, USD, "$2.49"},
		{MoneyText, 1234567.4, USD, "$1,234,567"},
		{MoneyText, 100.5, USD, "$100"}, // halves to even, as fmt rounds
		{MoneyText, 0, USD, "$0.000"},   // sentences write every finite amount
		{MoneyText, nan, USD, ""},
	} {
		if got := FormatMoney(tc.v, tc.cur, tc.style); got != tc.want {
			t.Errorf("FormatMoney(%v, %s, %d) = %q, want %q", tc.v, tc.cur, tc.style, got, tc.want)
		}
	}
}

func TestFormatFigures(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func(float64) string
		v    float64
		want string
	}{
		{"figure", FormatFigure, 19.34, "19.3"},
		{"figure", FormatFigure, 20, "20"},
		{"figure", FormatFigure, 1128.4, "1,128"},
		{"figure", FormatFigure, 0, ""},
		{"compact", FormatCompact, 384, "384"},
		{"compact", FormatCompact, 3168, "3,168"},
		{"compact", FormatCompact, 15400, "15.4k"},
		{"compact", FormatCompact, 0, ""},
		{"plain", FormatPlain, 2.5, "2.5"},
		{"plain", FormatPlain, 3000, "3000"},
		{"plain", FormatPlain, -1, ""},
		{"gb", FormatGB, 79.96, "80GB"},
		{"gb", FormatGB, 19.34, "19.3GB"},
		{"gb", FormatGB, 0, ""},
		{"gib", FormatGiB, 80, "80.0 GiB"},
		{"gib", FormatGiB, math.NaN(), ""},
		{"whole", FormatWhole, 95.6, "96"},
		{"whole", FormatWhole, 0, ""},
		{"percent", FormatPercent, 0.183, "18%"},
		{"percent", FormatPercent, 1, "100%"},
	} {
		if got := tc.f(tc.v); got != tc.want {
			t.Errorf("%s(%v) = %q, want %q", tc.name, tc.v, got, tc.want)
		}
	}
}

func TestThousandsAndTrimZeros(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 12345: "12,345", 1234567: "1,234,567", -1000: "-1,000", -12: "-12"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	for in, want := range map[string]string{"12.50": "12.5", "3.0": "3", "300": "300", "0.000": "0"} {
		if got := TrimZeros(in); got != want {
			t.Errorf("TrimZeros(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShorten(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"算力算力", 2, "算力…"},
		{"", 5, ""},
	} {
		if got := Shorten(tc.in, tc.n); got != tc.want {
			t.Errorf("Shorten(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestSplitOn(t *testing.T) {
	for _, tc := range []struct {
		in, sep string
		want    []string
	}{
		{"a ; b;c", ";", []string{"a", "b", "c"}},
		{"https://x/a ; https://y/b", " ; ", []string{"https://x/a", "https://y/b"}},
		{", CN, AS", ",", []string{"CN", "AS"}},
		{" ; ;", ";", nil},
		{"", ",", nil},
	} {
		got := SplitOn(tc.in, tc.sep)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || (got == nil) != (tc.want == nil) {
			t.Errorf("SplitOn(%q, %q) = %q, want %q", tc.in, tc.sep, got, tc.want)
		}
	}
}

func TestSplitList(t *testing.T) {
	for in, want := range map[string]string{
		"aws, lambda gcp": "aws|lambda|gcp",
		"AWS；阿里云，tencent": "aws|阿里云|tencent",
		" ,; ":            "",
	} {
		if got := strings.Join(SplitList(in), "|"); got != want {
			t.Errorf("SplitList(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSplitOn: the items are trimmed, never empty, never hold the
// separator, and appear in the input in order.
func FuzzSplitOn(f *testing.F) {
	for _, s := range []string{"a ; b;c", "", ";;", " x ", "a;;b"} {
		f.Add(s, ";")
	}
	f.Add("https://a ; https://b", " ; ")
	f.Fuzz(func(t *testing.T, s, sep string) {
		if sep == "" {
			return
		}
		rest := s
		for _, it := range SplitOn(s, sep) {
			if it == "" || it != strings.TrimSpace(it) || strings.Contains(it, sep) {
				t.Fatalf("SplitOn(%q, %q): bad item %q", s, sep, it)
			}
			i := strings.Index(rest, it)
			if i < 0 {
				t.Fatalf("SplitOn(%q, %q): item %q out of order", s, sep, it)
			}
			rest = rest[i+len(it):]
		}
	})
}

// FuzzSplitList: the items are lower-case and hold no separator.
func FuzzSplitList(f *testing.F) {
	for _, s := range []string{"aws, lambda gcp", "", "AWS；阿里云，tencent", "\t,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, it := range SplitList(s) {
			if it == "" || it != strings.ToLower(it) || strings.ContainsAny(it, ", ;\t，；") {
				t.Fatalf("SplitList(%q): bad item %q", s, it)
			}
		}
	})
}

// FuzzShorten: the result is a prefix of the input, at most n runes and
// an ellipsis, and valid UTF-8 for valid input.
func FuzzShorten(f *testing.F) {
	f.Add("hello world", 5)
	f.Add("算力算力", 1)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 1000 || !utf8.ValidString(s) {
			return
		}
		got := Shorten(s, n)
		base := strings.TrimSuffix(got, "…")
		if got != s && (!strings.HasPrefix(s, base) || utf8.RuneCountInString(base) != n) {
			t.Fatalf("Shorten(%q, %d) = %q", s, n, got)
		}
		if !utf8.ValidString(got) {
			t.Fatalf("Shorten(%q, %d) = %q: not UTF-8", s, n, got)
		}
	})
}

// FuzzFormatMoney: every style writes the currency symbol and digits for
// a known amount and nothing for an unknown one, never a NaN or an
// exponent.
func FuzzFormatMoney(f *testing.F) {
	for _, v := range []float64{0, 0.004, 2.5, 100.5, 12345, 1e7, -3} {
		f.Add(v, 0)
	}
	f.Fuzz(func(t *testing.T, v float64, st int) {
		style := MoneyStyle(((st % 5) + 5) % 5)
		got := FormatMoney(v, USD, style)
		if !known(v) && style != MoneyText || math.IsNaN(v) || math.IsInf(v, 0) {
			if got != "" {
				t.Fatalf("FormatMoney(%v, %d) = %q, want blank", v, style, got)
			}
			return
		}
		if !strings.HasPrefix(got, "$") || strings.ContainsAny(got, "eEN") {
			t.Fatalf("FormatMoney(%v, %d) = %q", v, style, got)
		}
	})
}

// TestFormatMoneyChinese: in Chinese, large amounts are written in ten
// thousands and hundred millions where English writes k and M, from where
// each style starts shortening; smaller ones and hourly prices are as in
// English.
func TestFormatMoneyChinese(t *testing.T) {
	for _, tt := range []struct {
		v     float64
		style MoneyStyle
		en    string
		zh    string
	}{
		{1136000, MoneyBrief, "¥1136k", "¥113.6万"},
		{123456, MoneyBrief, "¥123k", "¥12.3万"},
		{12345, MoneyBrief, "¥12345", "¥12345"},
		{23456789, MoneyBrief, "¥23457k", "¥2346万"},
		{250000000, MoneyBrief, "¥250000k", "¥2.50亿"},
		{12300, MoneyCell, "¥12.3k", "¥1.23万"},
		{1136000, MoneyCell, "¥1.14M", "¥113.6万"},
		{2.49, MoneyCell, "¥2.49", "¥2.49"},
		{1234567, MoneyText, "¥1,234,567", "¥123.46万"},
		{1234, MoneyText, "¥1,234", "¥1,234"},
		{123.45, MoneyPrice, "¥123.5", "¥123.5"},
	} {
		zh := tt.zh
		if got := FormatMoneyIn(tt.v, CNY, tt.style, false); got != tt.en {
			t.Errorf("FormatMoneyIn(%v, %d, en) = %q, want %q", tt.v, tt.style, got, tt.en)
		}
		if got := FormatMoneyIn(tt.v, CNY, tt.style, true); got != zh {
			t.Errorf("FormatMoneyIn(%v, %d, zh) = %q, want %q", tt.v, tt.style, got, zh)
		}
	}
}

// FuzzFormatMoneyChinese: an amount written in Chinese reads back through
// ParseBudget within the rounding of its last digit (0.5% at most: two
// decimals of ten thousands from 1e4, one from 1e5 in the tables, two of
// hundred millions from 1e8), in every style.
func FuzzFormatMoneyChinese(f *testing.F) {
	for _, v := range []float64{0.004, 2.5, 12345, 99999.9, 1136000, 9.99e6, 1e7, 2.5e8, 1e12} {
		f.Add(v, 0)
	}
	f.Fuzz(func(t *testing.T, v float64, st int) {
		style := MoneyStyle(((st % 5) + 5) % 5)
		if !known(v) || v < 0.01 || v > 1e12 {
			return
		}
		got := FormatMoneyIn(v, CNY, style, true)
		if !strings.HasPrefix(got, "¥") || strings.ContainsAny(got, "eENkM") {
			t.Fatalf("FormatMoneyIn(%v, %d, zh) = %q", v, style, got)
		}
		b, err := ParseBudget(strings.ReplaceAll(got, ",", ""), USD)
		if err != nil {
			t.Fatalf("FormatMoneyIn(%v, %d, zh) = %q does not read back: %v", v, style, got, err)
		}
		if v >= 1e4 && !testcheck.NearAbs(b.Amount, v, 0.005*v+1e-9) || b.Currency != CNY {
			t.Fatalf("FormatMoneyIn(%v, %d, zh) = %q reads back as %v %s", v, style, got, b.Amount, b.Currency)
		}
	})
}

// BenchmarkFormatMoney is the cost of one table cell's amount (the
// wizard formats a few dozen per frame).
func BenchmarkFormatMoney(b *testing.B) {
	vs := []float64{0.125, 2.49, 1234, 12300, 123456, 1.25e6}
	for i := 0; b.Loop(); i++ {
		_ = FormatMoney(vs[i%len(vs)], USD, MoneyCell)
	}
}
