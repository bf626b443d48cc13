package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestCellWidthAgreesWithAnsi checks the fast width against
// ansi.StringWidth on every string of the UI and on whole frames.
func TestCellWidthAgreesWithAnsi(t *testing.T) {
	var samples []string
	for _, tx := range texts {
		samples = append(samples, tx[:]...)
	}
	samples = append(samples, "▸*", "✓ ✗ ● ○ ▲ ✖ █ ▓ ▒ ░ ▞ ▚ · › – …", "¥1,234", "（，）", "e\u0301", "\x1b[1;38;2;1;2;3mbold\x1b[m")
	for _, lang := range []string{"en", "zh"} {
		m := newTestModel(t, 140, 40, func(c *Config) { c.Lang = lang })
		m = press(t, m, "ctrl+o")
		samples = append(samples, strings.Split(m.View().Content, "\n")...)
	}
	for _, s := range samples {
		if got, want := cellWidth(s), ansi.StringWidth(s); got != want {
			t.Errorf("cellWidth(%q) = %d, ansi says %d", s, got, want)
		}
	}
}

// FuzzCellWidth: reading printable ASCII a word at a time gives the width
// a byte at a time does, for any bytes: escapes, control bytes, DEL,
// UTF-8 and broken UTF-8 at every offset of a word.
func FuzzCellWidth(f *testing.F) {
	for _, s := range []string{"", "plain ascii text, long enough", "\x1b[1;38;2;1;2;3mbold\x1b[m and more", "abc\x7fdefghijk",
		"abcdefg\x1fhijklmno", "价格 ¥1,234 per hour", "e\u0301e\u0301e\u0301e\u0301", "\xff\xfe01234567", "~~~~~~~~ !!!!!!!!"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := cells(s, true), cells(s, false); got != want {
			t.Errorf("cellWidth(%q) = %d a word at a time, %d a byte at a time", s, got, want)
		}
	})
}

// TestBlanks: n spaces for any n, from the shared run or past its end.
func TestBlanks(t *testing.T) {
	for _, n := range []int{-3, 0, 1, 80, len(spaceRun), len(spaceRun) + 1, 1000} {
		if got := blanks(n); got != strings.Repeat(" ", max(n, 0)) {
			t.Errorf("blanks(%d) is %d bytes: %q", n, len(got), got)
		}
	}
}

func TestMoney(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{{0, "-"}, {-1, "-"}, {0.284, "$0.284"}, {2.5, "$2.50"}, {207.4, "$207"}, {1234.5, "$1,235"}, {12345, "$12.3k"}, {123456, "$123k"}, {1.25e6, "$1.25M"}} {
		if got := newTr("en").money(tc.v, "USD"); got != tc.want {
			t.Errorf("money(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
	if got := newTr("en").money(3000, "CNY"); got != "¥3,000" {
		t.Errorf("CNY: %q", got)
	}
	// In Chinese, ten thousands where English writes k and M.
	zh := newTr("zh")
	for v, want := range map[float64]string{3000: "¥3,000", 12300: "¥1.23万", 1136000: "¥113.6万", 0: "-"} {
		if got := zh.money(v, "CNY"); got != want {
			t.Errorf("zh money(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestFit(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{{"abc", 5, "abc  "}, {"abcdef", 4, "abc…"}, {"显存", 6, "显存  "}, {"显存余量", 5, "显存…"}} {
		if got := fit(tc.s, tc.w); got != tc.want || ansi.StringWidth(got) != tc.w {
			t.Errorf("fit(%q, %d) = %q", tc.s, tc.w, got)
		}
	}
}

func TestMiddleCutAndDuration(t *testing.T) {
	if got := middleCut("intel-ice-lake-a800-2x", 13); got != "intel-ic…0-2x" || cellWidth(got) != 13 {
		t.Errorf("middleCut = %q", got)
	}
	if got := middleCut("g5.xlarge", 13); got != "g5.xlarge" {
		t.Errorf("short names stay: %q", got)
	}
	en, zh := newTr("en"), newTr("zh")
	for _, tc := range []struct {
		h    float64
		want string
	}{{0.5, "30 min"}, {14.5, "14.5 h"}, {142.51, "5.9 d"}, {2000, "2.7 mo"}, {0, "-"}} {
		if got := approxDuration(en, tc.h); got != tc.want {
			t.Errorf("approxDuration(%v) = %q, want %q", tc.h, got, tc.want)
		}
	}
	if got := approxDuration(zh, 142.51); got != "5.9 天" {
		t.Errorf("zh: %q", got)
	}
}
