package ui

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// money formats an amount in a currency for a cell: "$2.49", "$1,234",
// "$12.3k", "$1.25M" (model.MoneyCell), in ten thousands in Chinese.
// Zero (unknown) is "-".
func (t tr) money(v float64, c model.Currency) string {
	return dash(model.FormatMoneyIn(v, c, model.MoneyCell, t.zh()))
}

// dash shows an unknown (blank) figure as "-".
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// trimZero is model.TrimZeros, and thousands model.Thousands, under the
// names the views call.
var (
	trimZero  = model.TrimZeros
	thousands = model.Thousands
)

// num formats a figure with up to one decimal ("19.3", "120"); 0 is "-".
func num(v float64) string { return dash(model.FormatFigure(v)) }

// gib formats GiB ("80", "19.3", "1,128").
func gib(v float64) string { return num(v) }

// hours formats hours of use ("730", "12.5").
func hours(v float64) string { return num(v) }

// gpuCell formats "8×H100 SXM5" or "2n·8×H100" for several nodes, with
// the GPU's short name (shortGPU).
func gpuCell(r *model.Recommendation) string { return gpuCount(r.GPUCount, r.Nodes, shortGPU(r.GPU)) }

// gpuFull is gpuCell with the GPU's full name, for the detail.
func gpuFull(r *model.Recommendation) string { return gpuCount(r.GPUCount, r.Nodes, r.GPU) }

// gpuCount puts the node and GPU counts (of a node) before a GPU name.
func gpuCount(gpus, nodes int, g string) string {
	if g == "" {
		g = "?"
	}
	s := strconv.Itoa(max(gpus, 1)) + "×" + g
	if nodes > 1 {
		s = strconv.Itoa(nodes) + "n·" + s
	}
	return s
}

// shortGPU shortens a GPU name for the offer table, where the VRAM column
// already gives the memory: brand words that do not tell GPUs apart go
// ("GeForce RTX 4090" is "RTX 4090"), so do notes in brackets ("RTX 3060
// (12 GB)" is "RTX 3060"), "Ada Generation" is "Ada", "Edition" goes, and
// alternatives
// share their common words ("A100-80GB PCIe or A100-80GB SXM4" is
// "A100-80GB PCIe/SXM4"). The detail shows the full name.
func shortGPU(g string) string {
	for _, p := range []string{"NVIDIA ", "GeForce ", "Tesla "} {
		g = strings.TrimPrefix(g, p)
	}
	if i := strings.Index(g, " ("); i > 0 && strings.HasSuffix(g, ")") {
		g = g[:i]
	}
	g = strings.Replace(g, " Ada Generation", " Ada", 1)
	g = strings.ReplaceAll(g, " Edition", "")
	if !strings.Contains(g, " or ") {
		// One GPU: no list of alternatives to make (each row, each frame).
		return g
	}
	alts := strings.Split(g, " or ")
	words := make([][]string, len(alts))
	for i, a := range alts {
		words[i] = strings.Fields(shortGPU(a))
	}
	common := 0
	for common < len(words[0])-1 {
		w, same := words[0][common], true
		for _, ws := range words[1:] {
			same = same && common < len(ws)-1 && ws[common] == w
		}
		if !same {
			break
		}
		common++
	}
	rest := make([]string, len(words))
	for i, ws := range words {
		rest[i] = strings.Join(ws[common:], " ")
	}
	return strings.TrimSpace(strings.Join(words[0][:common], " ") + " " + strings.Join(rest, "/"))
}

// fitCell formats the spare memory share ("+18%"), or "tight" below 10 %.
func fitCell(t tr, h float64) string {
	if h == 0 {
		return "-"
	}
	if h < 0.10 {
		return t.s(mTight)
	}
	return "+" + model.FormatPercent(h)
}

// priceModelName is a price model's name for a narrow column (the offer
// table, the compare cells, the detail's bars): model's short name.
func priceModelName(t tr, p model.PriceModel) string { return p.ShortName().In(t.zh()) }

// priceModelFullName is a price model's name where there is room (the
// compare rows' labels, the trial's rows): model's full name.
func priceModelFullName(t tr, p model.PriceModel) string { return p.Name().In(t.zh()) }

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
		s += blanks(w - sw)
	}
	return s
}

// spaceRun holds the blanks of most paddings: a line of a wide terminal.
const spaceRun = "                                                                                                                                                                                                                                                                "

// blanks is n spaces (none for n <= 0), cut from spaceRun where it is
// long enough: a padding costs no string of its own.
func blanks(n int) string {
	switch {
	case n <= 0:
		return ""
	case n <= len(spaceRun):
		return spaceRun[:n]
	}
	return strings.Repeat(" ", n)
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
	return s + blanks(w-len(s))
}

// rightPlain right-aligns plain text in w cells.
func rightPlain(s string, w int) string {
	sw := cellWidth(s)
	if sw >= w {
		return fitPlain(s, w)
	}
	return blanks(w-sw) + s
}

// cellWidth is the number of terminal cells a string takes, skipping
// escape sequences. It is a fast stand-in for ansi.StringWidth on the text
// the UI draws (no grapheme clusters beyond combining marks): measuring
// widths dominated the cost of a frame. A test checks that the two agree.
func cellWidth(s string) int { return cells(s, true) }

// cells is cellWidth, reading runs of printable ASCII a word at a time
// when words is set (a test compares the two ways).
func cells(s string, words bool) int {
	w := 0
	for i := 0; i < len(s); {
		if words && i+8 <= len(s) && printable8(s, i) {
			// Most of a frame is printable ASCII: a cell a byte.
			w += 8
			i += 8
			continue
		}
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

// printable8 reports whether the 8 bytes of s from i are all printable
// ASCII (0x20 to 0x7e), tested a word at a time: no byte with the high bit
// set, none below 0x20 (the word minus 0x20 in each byte borrows into a
// byte's high bit only where that byte is below it) and none equal to
// 0x7f (a zero byte of the word xor 0x7f in each).
func printable8(s string, i int) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	_ = s[i+7]
	x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
	del := x ^ 0x7f*ones
	return (x|(x-0x20*ones)&^x|(del-ones)&^del)&highs == 0
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

// unit is a time unit's name after a figure and a space (model.UnitName).
func unit(t tr, u string) string { return " " + model.UnitName(u).In(t.zh()) }

// approxDuration formats hours for reading: "45 min", "14.5 h", "5.9 d",
// "3.2 mo".
func approxDuration(t tr, h float64) string {
	switch {
	case h <= 0:
		return "-"
	case h < 1:
		return strconv.Itoa(int(math.Round(h*60))) + unit(t, "min")
	case h < 48:
		return trimZero(strconv.FormatFloat(h, 'f', 1, 64)) + unit(t, "h")
	case h < 24*60:
		return trimZero(strconv.FormatFloat(h/24, 'f', 1, 64)) + unit(t, "d")
	}
	return trimZero(strconv.FormatFloat(h/model.HoursPerMonth, 'f', 1, 64)) + unit(t, "mo")
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
	return cutAt(r, head, w-1-head)
}

// cutAt keeps head runes, an ellipsis and tail runes of r.
func cutAt(r []rune, head, tail int) string {
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// cutStyle is how a column shortens a name that does not fit.
type cutStyle int

const (
	cutMiddle cutStyle = iota // keep the start and the end (instance names)
	cutEnd                    // keep the start (GPU names)
)

// cutNames shortens the names of the visible rows of a column to w cells
// each. Names that differ but would read the same once cut are cut
// elsewhere, so that they still differ: more of the tail, or the part where
// they differ kept between two ellipses. Names that are the same stay the
// same.
func cutNames(names []string, w int, style cutStyle) []string {
	out := make([]string, len(names))
	cut := false
	for i, s := range names {
		switch {
		case cellWidth(s) <= w:
			out[i] = s
		case style == cutEnd:
			out[i] = fitPlain(s, w)
			cut = true
		default:
			out[i] = middleCut(s, w)
			cut = true
		}
	}
	if !cut {
		return out
	}
	for i := range out {
		group, differ := []int{i}, false
		for j := i + 1; j < len(out); j++ {
			if out[j] == out[i] {
				group = append(group, j)
				differ = differ || names[j] != names[i]
			}
		}
		if !differ {
			continue
		}
		if alt := distinctCuts(names, group, w); alt != nil {
			for k, gi := range group {
				out[gi] = alt[k]
			}
		}
	}
	return out
}

// distinctCuts finds one way to cut the names of a group (the same cut for
// all, so the column stays regular) under which the different names read
// differently. It prefers, in turn: one cut that leaves the words where
// the names differ whole; two cuts with those words between them; one cut
// anywhere (more of the tail first). It returns nil when no way works
// (double-width text, or too narrow).
func distinctCuts(names []string, group []int, w int) []string {
	rs := make([][]rune, len(group))
	for k, gi := range group {
		rs[k] = []rune(names[gi])
		if len(rs[k]) != cellWidth(names[gi]) {
			return nil
		}
	}
	if w < 5 {
		return nil
	}
	try := func(f func(r []rune) string) []string {
		out := make([]string, len(rs))
		seen := map[string]string{}
		for k, r := range rs {
			out[k] = f(r)
			if prev, ok := seen[out[k]]; ok && prev != string(r) {
				return nil
			}
			seen[out[k]] = string(r)
		}
		return out
	}
	shape := func(r []rune, head, tail int) string {
		if len(r) <= w {
			return string(r)
		}
		return cutAt(r, head, tail)
	}
	from, to := differingWords(rs)
	// single tries one cut per head width, from the default towards the
	// tail and then the head, keeping minSide cells on each side; with
	// whole set, the words that differ must stay whole.
	def := (w - 1) * 2 / 3
	single := func(minSide int, whole bool) []string {
		for d := 1; d < w; d++ {
			for _, head := range []int{def - d, def + d} {
				tail := w - 1 - head
				if head < minSide || tail < minSide {
					continue
				}
				if whole && !wordsShown(rs, from, to, head, tail, w) {
					continue
				}
				if out := try(func(r []rune) string { return shape(r, head, tail) }); out != nil {
					return out
				}
			}
		}
		return nil
	}
	if out := single(3, true); out != nil {
		return out
	}
	// Two cuts around the words that differ.
	midW := 0
	for k := range rs {
		midW = max(midW, len(rs[k])-to[k]-from)
	}
	if rest := w - 2 - midW; rest >= 2 {
		head := rest / 2
		tail := rest - head
		if out := try(func(r []rune) string {
			if len(r) <= w {
				return string(r)
			}
			start := min(from, len(r)-tail-midW)
			if start <= head {
				return shape(r, w-1-tail, tail)
			}
			return string(r[:head]) + "…" + string(r[start:start+midW]) + "…" + string(r[len(r)-tail:])
		}); out != nil {
			return out
		}
	}
	if out := single(3, false); out != nil {
		return out
	}
	return single(1, false)
}

// differingWords finds where the names of a group differ: from is the
// start of the first word (split at - _ . space [ ] and /) in which any two
// differ, and to[k] the number of runes after the end of the last such word
// in name k.
func differingWords(rs [][]rune) (from int, to []int) {
	sep := func(c rune) bool { return strings.ContainsRune("-_. []/", c) }
	prefix := len(rs[0])
	suffix := len(rs[0])
	for _, r := range rs[1:] {
		n := 0
		for n < len(r) && n < len(rs[0]) && r[n] == rs[0][n] {
			n++
		}
		prefix = min(prefix, n)
		n = 0
		for n < len(r) && n < len(rs[0]) && r[len(r)-1-n] == rs[0][len(rs[0])-1-n] {
			n++
		}
		suffix = min(suffix, n)
	}
	from = prefix
	for from > 0 && !sep(rs[0][from-1]) {
		from--
	}
	to = make([]int, len(rs))
	for k, r := range rs {
		end := max(len(r)-suffix, from)
		for end < len(r) && !sep(r[end]) {
			end++
		}
		to[k] = len(r) - end
	}
	return from, to
}

// wordsShown reports whether a single cut of head and tail runes leaves the
// differing words of every name (runes from..len-to) whole, in the head or
// in the tail.
func wordsShown(rs [][]rune, from int, to []int, head, tail, w int) bool {
	for k, r := range rs {
		if len(r) <= w {
			continue
		}
		end := len(r) - to[k]
		if !(end <= head || from >= len(r)-tail) {
			return false
		}
	}
	return true
}

// compactNum formats a figure in at most five cells ("384", "3,168",
// "15.4k"); 0 is "-".
func compactNum(v float64) string { return dash(model.FormatCompact(v)) }
