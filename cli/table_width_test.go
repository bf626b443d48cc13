package cli

import (
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// TestDisplayWidth: the columns the CLI's tables, cuts and wrapping count
// for what they print: East Asian ambiguous marks narrow in any locale,
// Chinese wide, a cut's "…" one column; the same as lipgloss (the help)
// counts, and rune by rune the same as the whole string.
func TestDisplayWidth(t *testing.T) {
	t.Setenv("LANG", "zh_CN.UTF-8")
	for _, c := range []struct {
		s    string
		want int
	}{
		{"A100 80GB", 9},
		{"RTX PRO 6000 …", 14},
		{"8× H100 – spot · 3 yr", 21},
		{"按需实例", 8},
		{"¥1,234.56 每小时", 16},
		{"显存不足：需要 80 GB。", 22},
		{"é", 1},       // precomposed
		{"e\u0301", 1}, // combining acute
		{"", 0},
	} {
		if got := displayWidth(c.s); got != c.want {
			t.Errorf("displayWidth(%q) = %d, want %d", c.s, got, c.want)
		}
		if got := ansi.StringWidth(c.s); got != c.want {
			t.Errorf("lipgloss counts %q as %d, the CLI %d", c.s, got, c.want)
		}
		sum := 0
		for s := c.s; s != ""; {
			r, n := utf8.DecodeRuneInString(s)
			sum += cellWidth.Rune(r)
			s = s[n:]
		}
		if sum != c.want {
			t.Errorf("%q rune by rune: %d columns, want %d", c.s, sum, c.want)
		}
	}
}
