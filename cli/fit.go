package cli

import (
	"strings"
	"unicode/utf8"
)

// defaultWidth is the width the text output fits when neither COLUMNS nor
// the terminal says one (a pipe, a file, a test).
const defaultWidth = 80

// fitStep is one way a table gives up width, tried in a table's stated
// order until the table fits: a column dropped (cut nil), a column's cells
// cut to no fewer than min display columns, or wrapped onto further lines
// of their row (wrap: prose, where nothing may be lost).
type fitStep struct {
	col int                          // the column, counted in the full table from 0
	cut func(s string, w int) string // nil: drop the column
	min int                          // the narrowest a cut leaves the column
	// apart: the cut is cutMiddle's, with its start's share chosen so that
	// distinct names stay distinct ("gpu-b…-1792gb" twice hid "-a").
	apart bool
	wrap  bool // the cells are wrapped (wrapCell), not cut
}

// dropCol is a step that drops column col.
func dropCol(col int) fitStep { return fitStep{col: col} }

// cutCol is a step that cuts column col's cells with cut, to no fewer than
// min columns.
func cutCol(col int, cut func(string, int) string, min int) fitStep {
	return fitStep{col: col, cut: cut, min: min}
}

// cutNames is a step that cuts the names in column col in their middle,
// to no fewer than min columns, keeping distinct names distinct where
// some split of start and tail can.
func cutNames(col, min int) fitStep {
	return fitStep{col: col, cut: cutMiddle, min: min, apart: true}
}

// wrapCol is a step that wraps column col's cells onto further lines of
// their row, to no fewer than min columns: the words of prose and whole
// URLs (a URL wider than the column stays whole, alone on its line).
func wrapCol(col, min int) fitStep {
	return fitStep{col: col, cut: wrapCell0, min: min, wrap: true}
}

// wrapCell0 is a wrap step's cut: the first line of the wrapped cell
// (fitLines writes the others on further lines).
func wrapCell0(s string, w int) string { return wrapCell(s, w)[0] }

// fitLines makes lines (the cells of a table's lines) fit width display
// columns by taking steps in order until they fit; the columns not named
// by a step always stay whole. It returns the lines to lay out and which
// of the original columns were dropped. A table that fits is returned as
// it is.
func fitLines(lines [][]string, width int, steps []fitStep) ([][]string, []bool) {
	natural := naturalWidths(lines)
	n := len(natural)
	gone := make([]bool, n)
	limit := make([]int, n) // 0: whole
	colWidth := func(c int) int {
		if limit[c] > 0 {
			return min(limit[c], natural[c])
		}
		return natural[c]
	}
	total := func() int {
		t, live := 0, 0
		for c := range n {
			if !gone[c] {
				t += colWidth(c)
				live++
			}
		}
		return t + cliTablePadding*max(live-1, 0)
	}
	changed := false
	for _, st := range steps {
		over := total() - width
		if over <= 0 {
			break
		}
		if st.col >= n || gone[st.col] {
			continue
		}
		changed = true
		if st.cut == nil {
			gone[st.col] = true
			continue
		}
		limit[st.col] = max(st.min, colWidth(st.col)-over)
	}
	if !changed {
		return lines, gone
	}
	heads := map[int]int{} // an apart column's start share, in display columns
	for c := range n {
		if st := stepFor(steps, c); limit[c] > 0 && st.apart {
			heads[c] = apartHead(lines, c, limit[c])
		}
	}
	out := make([][]string, 0, len(lines))
	for _, l := range lines {
		row := make([]string, 0, len(l))
		var more [][]string // a wrapped cell's further lines, by cell of row
		for c, s := range l {
			if gone[c] {
				continue
			}
			var rest []string
			if limit[c] > 0 && displayWidth(s) > limit[c] {
				switch st := stepFor(steps, c); {
				case st.wrap:
					parts := wrapCell(s, limit[c])
					s, rest = parts[0], parts[1:]
					if displayWidth(s) > limit[c] && c > 0 {
						// A URL wider than the column: on a line of
						// its own, nothing else beside it.
						s, rest = "", parts
					}
				case st.apart:
					s = cutMiddleAt(s, limit[c], heads[c])
				default:
					s = st.cut(s, limit[c])
				}
			}
			more = append(more, rest)
			row = append(row, s)
		}
		out = append(out, row)
		out = append(out, continuation(more)...)
	}
	return out, gone
}

// continuation returns the further lines of a row whose wrapped cells have
// the further lines more (by cell): each line has the row's cells, empty
// but for the wrapped ones' next lines, so that they stay in their columns.
func continuation(more [][]string) [][]string {
	n := 0
	for _, m := range more {
		n = max(n, len(m))
	}
	out := make([][]string, n)
	for i := range out {
		out[i] = make([]string, len(more))
		for c, m := range more {
			if i < len(m) {
				out[i][c] = m[i]
			}
		}
	}
	return out
}

// naturalWidths returns the display width of each column of lines (the
// cells of a table's lines): its widest cell's.
func naturalWidths(lines [][]string) []int {
	var natural []int
	for _, l := range lines {
		for c, s := range l {
			if c == len(natural) {
				natural = append(natural, 0)
			}
			natural[c] = max(natural[c], displayWidth(s))
		}
	}
	return natural
}

// tableWidth returns the display columns lines take laid out as a table,
// every column whole.
func tableWidth(lines [][]string) int {
	natural := naturalWidths(lines)
	t := cliTablePadding * max(len(natural)-1, 0)
	for _, w := range natural {
		t += w
	}
	return t
}

// stepFor returns the cut step of column c.
func stepFor(steps []fitStep, c int) fitStep {
	for _, st := range steps {
		if st.col == c && st.cut != nil {
			return st
		}
	}
	return fitStep{col: c, cut: cutEnd}
}

// cutEnd cuts s to w display columns, "…" marking the cut at the end
// ("RTX PRO 6000 Bla…").
func cutEnd(s string, w int) string {
	if displayWidth(s) <= w {
		return s
	}
	return takeWidth(s, w-1) + "…"
}

// apartHead returns the start's share of column c's names cut to w
// columns that keeps the most of them distinct: cutMiddle's third first,
// then the other shares from the longest start down.
func apartHead(lines [][]string, c, w int) int {
	names := map[string]bool{}
	for _, l := range lines {
		if c < len(l) {
			names[l[c]] = true
		}
	}
	best, bestN := (w-1)/3, -1
	try := []int{best}
	for h := w - 2; h >= 1; h-- {
		try = append(try, h)
	}
	for _, h := range try {
		cut := map[string]bool{}
		for s := range names {
			cut[cutMiddleAt(s, w, h)] = true
		}
		if len(cut) == len(names) {
			return h
		}
		if len(cut) > bestN {
			best, bestN = h, len(cut)
		}
	}
	return best
}

// cutMiddle cuts s to w display columns keeping its start and its
// distinguishing tail, "…" between them: instance names that share a
// start differ at the end ("2x-RTX…-32-65536", "ecs.gn…4x.16xlarge").
func cutMiddle(s string, w int) string {
	if displayWidth(s) <= w {
		return s
	}
	return cutMiddleAt(s, w, (w-1)/3)
}

// cutMiddleAt is cutMiddle with a start head display columns wide.
func cutMiddleAt(s string, w, head int) string {
	if displayWidth(s) <= w {
		return s
	}
	if w < 4 || head < 1 || head > w-2 {
		return cutEnd(s, w)
	}
	return takeWidth(s, head) + "…" + lastWidth(s, w-1-head)
}

// cutGPUs cuts a GPUs cell ("RTX PRO 6000 Blackwell Workstation Edition
// x2 x3 nodes") in its name, keeping the count and the nodes after it. A
// name first loses what does not tell GPUs apart in a ranked list (a
// "GeForce " or "NVIDIA " brand, a form factor in brackets: "GeForce RTX
// 5090" reads "RTX 5090", "B200 (HGX, 1000 W)" reads "B200") before it is
// cut with "…".
func cutGPUs(s string, w int) string {
	if displayWidth(s) <= w {
		return s
	}
	if short := plainGPU(s); short != s {
		return cutGPUs(short, w)
	}
	for i := strings.Index(s, " x"); i >= 0; {
		if r, _ := utf8.DecodeRuneInString(s[i+2:]); r >= '0' && r <= '9' {
			tail := s[i:]
			if room := w - displayWidth(tail); room >= 4 {
				return cutEnd(s[:i], room) + tail
			}
			break
		}
		j := strings.Index(s[i+2:], " x")
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return cutEnd(s, w)
}

// takeWidth returns the longest start of s at most w display columns wide.
func takeWidth(s string, w int) string {
	used := 0
	for i, r := range s {
		rw := cellWidth.Rune(r)
		if used+rw > w {
			return s[:i]
		}
		used += rw
	}
	return s
}

// lastWidth returns the longest end of s at most w display columns wide.
func lastWidth(s string, w int) string {
	used := 0
	for i := len(s); i > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		rw := cellWidth.Rune(r)
		if used+rw > w {
			return s[i:]
		}
		used += rw
		i -= size
	}
	return s
}

// plainGPU is a GPUs cell without its name's brand prefix and its first
// bracketed qualifier; s when it has neither.
func plainGPU(s string) string {
	for _, brand := range []string{"GeForce ", "NVIDIA "} {
		if rest, ok := strings.CutPrefix(s, brand); ok {
			return rest
		}
	}
	if i := strings.Index(s, " ("); i > 0 {
		if j := strings.IndexByte(s[i:], ')'); j > 0 {
			return s[:i] + s[i+j+1:]
		}
	}
	return s
}
