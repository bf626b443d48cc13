package ui

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// money formats an amount in a currency: "$2.49", "$1,234", "$12.3k",
// "$1.25M". Zero (unknown) is "-".
func money(v float64, c model.Currency) string {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	sym := c.Symbol()
	switch {
	case v >= 1e6:
		return sym + trimZero(strconv.FormatFloat(v/1e6, 'f', 2, 64)) + "M"
	case v >= 1e5:
		return sym + strconv.FormatFloat(v/1e3, 'f', 0, 64) + "k"
	case v >= 1e4:
		return sym + trimZero(strconv.FormatFloat(v/1e3, 'f', 1, 64)) + "k"
	case v >= 100:
		return sym + thousands(int64(math.Round(v)))
	case v >= 1:
		return sym + strconv.FormatFloat(v, 'f', 2, 64)
	}
	return sym + strconv.FormatFloat(v, 'f', 3, 64)
}

func trimZero(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	return s
}

// thousands formats 12345 as "12,345".
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// num formats a figure with up to one decimal ("19.3", "120"); 0 is "-".
func num(v float64) string {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	if v >= 100 {
		return thousands(int64(math.Round(v)))
	}
	return trimZero(strconv.FormatFloat(v, 'f', 1, 64))
}

// gib formats GiB ("80", "19.3", "1,128").
func gib(v float64) string { return num(v) }

// hours formats hours of use ("730", "12.5").
func hours(v float64) string { return num(v) }

// gpuCell formats "8×H100 SXM5" or "2×8×H100" for several nodes.
func gpuCell(r *model.Recommendation) string {
	g := shortGPU(r.GPU)
	if g == "" {
		g = "?"
	}
	s := strconv.Itoa(max(r.GPUCount, 1)) + "×" + g
	if r.Nodes > 1 {
		s = strconv.Itoa(r.Nodes) + "n·" + s
	}
	return s
}

// shortGPU drops brand words that do not tell GPUs apart ("GeForce RTX
// 4090" is "RTX 4090").
func shortGPU(g string) string {
	for _, p := range []string{"NVIDIA ", "GeForce ", "Tesla "} {
		g = strings.TrimPrefix(g, p)
	}
	return g
}

// fitCell formats the spare memory share ("+18%"), or "tight" below 10 %.
func fitCell(t tr, h float64) string {
	if h == 0 {
		return "-"
	}
	if h < 0.10 {
		return t.s(mTight)
	}
	return "+" + strconv.Itoa(int(math.Round(h*100))) + "%"
}

// priceModelName is the short name of a price model.
func priceModelName(t tr, p model.PriceModel) string {
	if !t.zh {
		return string(p)
	}
	switch p {
	case model.PriceOnDemand:
		return "按需"
	case model.PriceSpot:
		return "抢占式"
	case model.PriceMonthly:
		return "包月"
	case model.PriceReserved1:
		return "1年"
	case model.PriceReserved3:
		return "3年"
	}
	return string(p)
}

// fit pads or cuts a styled or plain string to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := cellWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = cellWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// fitPlain pads or cuts plain text (no escapes) to w cells.
func fitPlain(s string, w int) string {
	if w <= 0 {
		return ""
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if !ascii {
		return fit(s, w)
	}
	if len(s) > w {
		if w == 1 {
			return "…"
		}
		return s[:w-1] + "…"
	}
	return s + strings.Repeat(" ", w-len(s))
}

// rightPlain right-aligns plain text in w cells.
func rightPlain(s string, w int) string {
	sw := cellWidth(s)
	if sw >= w {
		return fitPlain(s, w)
	}
	return strings.Repeat(" ", w-sw) + s
}

// cellWidth is the number of terminal cells a string takes, skipping
// escape sequences. It is a fast stand-in for ansi.StringWidth on the text
// the UI draws (no grapheme clusters beyond combining marks): measuring
// widths dominated the cost of a frame. A test checks that the two agree.
func cellWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			i++
			if i < len(s) && s[i] == '[' {
				i++
				for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
					i++
				}
				i++
			} else if i < len(s) && s[i] == ']' {
				// OSC: skip to BEL or ST.
				for i < len(s) && s[i] != 0x07 && !(s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\') {
					i++
				}
				i += 2
			}
		case c < 0x80:
			if c >= 0x20 && c != 0x7f {
				w++
			}
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			w += runeCells(r)
		}
	}
	return w
}

// runeCells is the width of one rune: 2 for East Asian wide and
// full-width characters, 0 for combining marks and zero-width spaces.
func runeCells(r rune) int {
	switch {
	case r < 0x300:
		return 1
	case r <= 0x36f, r >= 0x200b && r <= 0x200f, r >= 0xfe00 && r <= 0xfe0f:
		return 0
	case r >= 0x1100 && r <= 0x115f, r >= 0x2e80 && r <= 0xa4cf && r != 0x303f, r >= 0xac00 && r <= 0xd7a3,
		r >= 0xf900 && r <= 0xfaff, r >= 0xfe30 && r <= 0xfe4f, r >= 0xff00 && r <= 0xff60, r >= 0xffe0 && r <= 0xffe6,
		r >= 0x1f300 && r <= 0x1f64f, r >= 0x1f900 && r <= 0x1f9ff, r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}

// wrap breaks plain text into lines of at most w cells.
func wrap(s string, w int) []string {
	if w < 8 {
		w = 8
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		wrapped := ansi.Wrap(para, w, "")
		out = append(out, strings.Split(wrapped, "\n")...)
	}
	return out
}

// approxDuration formats hours for reading: "45 min", "14.5 h", "5.9 d",
// "3.2 mo".
func approxDuration(t tr, h float64) string {
	unit := func(en, zh string) string {
		if t.zh {
			return zh
		}
		return en
	}
	switch {
	case h <= 0:
		return "-"
	case h < 1:
		return strconv.Itoa(int(math.Round(h*60))) + unit(" min", " 分钟")
	case h < 48:
		return trimZero(strconv.FormatFloat(h, 'f', 1, 64)) + unit(" h", " 小时")
	case h < 24*60:
		return trimZero(strconv.FormatFloat(h/24, 'f', 1, 64)) + unit(" d", " 天")
	}
	return trimZero(strconv.FormatFloat(h/model.HoursPerMonth, 'f', 1, 64)) + unit(" mo", " 个月")
}

// middleCut shortens plain text to w cells by cutting its middle, so that
// both the family at the start and the size at the end of an instance name
// stay visible ("intel-ice-l…00-2x").
func middleCut(s string, w int) string {
	if w <= 0 || cellWidth(s) <= w {
		return s
	}
	r := []rune(s)
	if len(r) != cellWidth(s) || w < 5 {
		return fitPlain(s, w)
	}
	head := (w - 1) * 2 / 3
	tail := w - 1 - head
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// compactNum formats a figure in at most five cells ("384", "3,168",
// "15.4k").
func compactNum(v float64) string {
	if v >= 1e4 {
		return trimZero(strconv.FormatFloat(v/1e3, 'f', 1, 64)) + "k"
	}
	return num(v)
}
