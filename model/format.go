package model

import (
	"math"
	"strconv"
	"strings"
)

// The formatters every caller uses: the wizard (ui), the headless commands
// (package cli) and the advisor's messages. Where callers show an
// amount differently (a table cell has five cells, a sentence has room),
// the difference is a parameter here (a MoneyStyle), never a second
// formatter. An unknown amount (0, negative, NaN or infinite) formats as
// "" unless said otherwise: the caller writes its own word for it ("-" in
// the wizard's cells, "unknown" in the CLI).

// FormatNumber formats a float with as few digits as it needs (2.5, 3000).
func FormatNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// known reports whether v is an amount: finite and above 0.
func known(v float64) bool { return v > 0 && !math.IsNaN(v) && !math.IsInf(v, 0) }

// TrimZeros drops the trailing zeros of a decimal ("12.50" is "12.5",
// "3.0" is "3"); an integer is kept as it is.
func TrimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	return s
}

// Thousands formats an integer with its digits grouped in threes
// ("12,345", "-1,000").
func Thousands(n int64) string {
	return groupDigits(strconv.FormatInt(n, 10))
}

// groupDigits puts commas between the groups of three digits of an integer
// string with an optional leading minus.
func groupDigits(s string) string {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	if len(s) <= 3 {
		if neg {
			return "-" + s
		}
		return s
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// FormatPlain formats a figure with as few digits as it needs (2.5, 3000);
// an unknown figure is "".
func FormatPlain(v float64) string {
	if !known(v) {
		return ""
	}
	return FormatNumber(v)
}

// FormatFigure formats a figure with up to one decimal ("19.3", "120",
// "1,128"); an unknown figure is "".
func FormatFigure(v float64) string {
	if !known(v) {
		return ""
	}
	if v >= 100 {
		return Thousands(int64(math.Round(v)))
	}
	return TrimZeros(strconv.FormatFloat(v, 'f', 1, 64))
}

// FormatCompact formats a figure in at most five characters ("384",
// "3,168", "15.4k"); an unknown figure is "".
func FormatCompact(v float64) string {
	if v >= 1e4 && !math.IsInf(v, 0) {
		return TrimZeros(strconv.FormatFloat(v/1e3, 'f', 1, 64)) + "k"
	}
	return FormatFigure(v)
}

// FormatGB formats a size in GB to a tenth ("80GB", "19.3GB"), for
// catalog tables; an unknown size is "".
func FormatGB(v float64) string {
	if !known(v) {
		return ""
	}
	return FormatNumber(math.Round(v*10)/10) + "GB"
}

// FormatGiB formats a size in GiB with one decimal ("80.0 GiB"), for
// sentences; an unknown size is "".
func FormatGiB(v float64) string {
	if !known(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " GiB"
}

// FormatWhole formats a count rounded to a whole number ("96"); an unknown
// count is "".
func FormatWhole(v float64) string {
	if !known(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

// FormatPercent formats a share as a whole percentage (0.183 is "18%").
func FormatPercent(share float64) string {
	return strconv.Itoa(int(math.Round(share*100))) + "%"
}

// MoneyStyle is how FormatMoney writes an amount: how many digits for
// which size, and whether large amounts are shortened with k and M.
type MoneyStyle int

// The money styles.
const (
	// MoneyCell fits a table cell of the wizard: "$0.125", "$2.49",
	// "$1,234", "$12.3k", "$123k", "$1.25M".
	MoneyCell MoneyStyle = iota
	// MoneyBrief is the recommend table's: "$2.49", "$12.3", "$1234",
	// "$123k".
	MoneyBrief
	// MoneyFine is MoneyBrief with four decimals below a tenth, for the
	// cost of one image: "$0.0042".
	MoneyFine
	// MoneyPrice is an hourly price as the catalog lists it: "$0.125",
	// "$2.49", "$123.4".
	MoneyPrice
	// MoneyText is for sentences: "$0.125", "$2.49", "$1,234". It writes
	// every finite amount, 0 and negative ones included.
	MoneyText
)

// moneyTier formats the amounts from min up (to the next tier's min).
type moneyTier struct {
	min    float64
	div    float64 // the amount is divided by div and suffix appended
	prec   int     // decimals
	suffix string  // "k", "M" or ""
	trim   bool    // drop trailing zeros
	group  bool    // group the digits in threes
	away   bool    // round halves away from 0 (else to even, as fmt does)
}

// moneyTiers are the tiers of each style, largest first; the last tier
// takes every smaller amount.
var moneyTiers = [...][]moneyTier{
	MoneyCell: {
		{min: 1e6, div: 1e6, prec: 2, suffix: "M", trim: true},
		{min: 1e5, div: 1e3, prec: 0, suffix: "k"},
		{min: 1e4, div: 1e3, prec: 1, suffix: "k", trim: true},
		{min: 100, div: 1, prec: 0, group: true, away: true},
		{min: 1, div: 1, prec: 2},
		{div: 1, prec: 3},
	},
	MoneyBrief: {
		{min: 1e5, div: 1e3, prec: 0, suffix: "k"},
		{min: 100, div: 1, prec: 0},
		{min: 10, div: 1, prec: 1},
		{div: 1, prec: 2},
	},
	MoneyFine: {
		{min: 1e5, div: 1e3, prec: 0, suffix: "k"},
		{min: 100, div: 1, prec: 0},
		{min: 10, div: 1, prec: 1},
		{min: 0.1, div: 1, prec: 2},
		{div: 1, prec: 4},
	},
	MoneyPrice: {
		{min: 100, div: 1, prec: 1},
		{min: 1, div: 1, prec: 2},
		{div: 1, prec: 3},
	},
	MoneyText: {
		{min: 100, div: 1, prec: 0, group: true},
		{min: 1, div: 1, prec: 2},
		{div: 1, prec: 3},
	},
}

// zhMoneyTiers are the tiers Chinese readers expect above the small
// amounts, where English writes k and M: ten thousands (zhTenThousand) and
// hundred millions (zhHundredMillion), from where each style starts
// shortening (1,136,000 yuan is 113.6 ten-thousands, not 1136k); below
// them the style's own tiers apply.
var zhMoneyTiers = [...][]moneyTier{
	MoneyCell: {
		{min: 1e8, div: 1e8, prec: 2, suffix: zhHundredMillion, trim: true},
		{min: 1e7, div: 1e4, prec: 0, suffix: zhTenThousand},
		{min: 1e6, div: 1e4, prec: 1, suffix: zhTenThousand, trim: true},
		{min: 1e4, div: 1e4, prec: 2, suffix: zhTenThousand, trim: true},
	},
	MoneyBrief: {
		{min: 1e8, div: 1e8, prec: 2, suffix: zhHundredMillion},
		{min: 1e7, div: 1e4, prec: 0, suffix: zhTenThousand},
		{min: 1e5, div: 1e4, prec: 1, suffix: zhTenThousand},
	},
	MoneyFine: {
		{min: 1e8, div: 1e8, prec: 2, suffix: zhHundredMillion},
		{min: 1e7, div: 1e4, prec: 0, suffix: zhTenThousand},
		{min: 1e5, div: 1e4, prec: 1, suffix: zhTenThousand},
	},
	MoneyText: {
		{min: 1e8, div: 1e8, prec: 2, suffix: zhHundredMillion, trim: true},
		{min: 1e5, div: 1e4, prec: 2, suffix: zhTenThousand, trim: true},
	},
}

// FormatMoney writes an amount in a currency in a style, in English
// (FormatMoneyIn).
func FormatMoney(v float64, cur Currency, style MoneyStyle) string {
	return FormatMoneyIn(v, cur, style, false)
}

// FormatMoneyIn writes an amount in a currency in a style: in English
// with k and M, in Chinese (zh) in ten thousands and hundred millions
// (zhMoneyTiers); an hourly
// price (MoneyPrice) is alike in both. An unknown amount (0, negative,
// NaN or infinite) is "", except that MoneyText writes every finite
// amount. ParseBudget reads what it writes.
func FormatMoneyIn(v float64, cur Currency, style MoneyStyle, zh bool) string {
	if style < 0 || int(style) >= len(moneyTiers) {
		style = MoneyText
	}
	if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 && style != MoneyText {
		return ""
	}
	tiers := moneyTiers[style]
	if zh && int(style) < len(zhMoneyTiers) && len(zhMoneyTiers[style]) > 0 && v >= zhMoneyTiers[style][len(zhMoneyTiers[style])-1].min {
		tiers = zhMoneyTiers[style]
	}
	t := tiers[len(tiers)-1]
	for _, c := range tiers {
		if v >= c.min {
			t = c
			break
		}
	}
	x := v / t.div
	if t.away {
		x = math.Round(x)
	}
	s := strconv.FormatFloat(x, 'f', t.prec, 64)
	if t.group {
		s = groupDigits(s)
	}
	if t.trim {
		s = TrimZeros(s)
	}
	return cur.Symbol() + s + t.suffix
}

// Shorten cuts s to at most n runes, marking the cut with "…" (so a cut
// string has n+1 runes), for echoing what the user typed in a message.
func Shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// short is Shorten, for the parsers' messages.
func short(s string, n int) string { return Shorten(s, n) }

// SplitOn splits "a ; b;c" on sep, trimming blanks and dropping the empty
// items; nothing is nil.
func SplitOn(s, sep string) []string {
	var out []string
	for _, p := range strings.Split(s, sep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// FormatParams formats billions of parameters ("70B", "1.23B", "500M").
func FormatParams(b float64) string {
	switch {
	case b <= 0:
		return "unknown"
	case b < 1:
		return FormatNumber(math.Round(b*1000)) + "M"
	case b >= 1000:
		return FormatNumber(math.Round(b/10)/100) + "T"
	}
	return FormatNumber(math.Round(b*100)/100) + "B"
}

// FormatCount formats a large count with k, M, B or T ("2B", "128k").
func FormatCount(v float64) string {
	switch {
	case v >= 1e12:
		return FormatNumber(math.Round(v/1e10)/100) + "T"
	case v >= 1e9:
		return FormatNumber(math.Round(v/1e7)/100) + "B"
	case v >= 1e6:
		return FormatNumber(math.Round(v/1e4)/100) + "M"
	case v >= 1e3:
		return FormatNumber(math.Round(v/10)/100) + "k"
	}
	return FormatNumber(math.Round(v*100) / 100)
}

// FormatContext formats a context length the way ParseContext reads it
// ("8k" for 8192, "4000" when not a multiple of 1024).
func FormatContext(n int) string {
	if n > 0 && n%1024 == 0 {
		return strconv.Itoa(n/1024) + "k"
	}
	return strconv.Itoa(n)
}

// FormatDuration formats hours the way ParseDuration reads them, choosing
// the largest unit that gives a short number ("3mo", "2w", "8h"). A
// length is shown to the minute below an hour and to the hundredth of an
// hour above, in the unit of the length shown: 72.001 h is "3d", as 72 h
// is, so that the text reads back to a length that formats the same.
func FormatDuration(h float64) string {
	if h < 1 && h > 0 {
		m := math.Round(h * 60)
		if m < 60 {
			return FormatNumber(m) + "min"
		}
		h = 1 // 59.5 minutes or more: shown as an hour
	}
	if r := math.Round(h*100) / 100; r > 0 {
		h = r
	}
	units := []struct {
		n string
		h float64
	}{{"y", HoursPerMonth * 12}, {"mo", HoursPerMonth}, {"w", HoursPerWeekFull}, {"d", 24}, {"h", 1}}
	for _, u := range units {
		q := h / u.h
		if q >= 1 && math.Abs(q-math.Round(q*10)/10) < 1e-9 {
			return FormatNumber(math.Round(q*10)/10) + u.n
		}
	}
	return FormatNumber(h) + "h"
}

// FormatSize formats GB the way ParseSize reads them ("80GB", "2TB"); 0 is
// blank.
func FormatSize(gb float64) string {
	if gb <= 0 || math.IsNaN(gb) || math.IsInf(gb, 0) {
		return ""
	}
	if gb >= 1000 && gb == math.Trunc(gb/1000)*1000 {
		return FormatNumber(gb/1000) + "TB"
	}
	return FormatNumber(gb) + "GB"
}

// SplitList splits "aws, lambda gcp" into its lower-case items: commas
// (also the full-width zhComma and zhSemicolon), semicolons and spaces
// separate them.
func SplitList(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return r == ',' || r == ' ' || r == ';' || r == '\t' || r == zhComma || r == zhSemicolon
	})
	if len(f) == 0 {
		return nil
	}
	return f
}
