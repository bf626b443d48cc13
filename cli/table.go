package cli

import (
	"bytes"
	"io"
	"strings"

	"github.com/clipperhouse/displaywidth"
)

// cliTable is the one table writer of the CLI's text output (recommend,
// plan, verify, models, catalog list/show/stats). It lays out cells the way
// text/tabwriter does with NewWriter(w, 0, 0, 2, ' ', 0) — tab-terminated
// cells, columns as wide as their widest cell plus two spaces, a line
// without a tab ending every column block — but it measures a cell by the
// columns a terminal draws it in, not by its code points: a Chinese
// character or a full-width punctuation mark is two columns, a combining
// mark none. So a three-character Chinese header (three code points, six
// columns) no longer shifts every column after it, and ASCII text comes
// out byte for byte as tabwriter wrote it.
//
// Only '\t' and '\n' are special; every other byte is cell text. Write
// buffers; Flush (or a line without a tab) writes the buffered lines out.
type cliTable struct {
	w     io.Writer
	lines [][]string // complete lines, each split into its cells
	cells []string   // tab-terminated cells of the line being written
	cell  []byte     // text of the current cell, not yet terminated
	out   bytes.Buffer
	// width is the display columns the table fits when it has steps (the
	// width of the fitWriter it writes to; 0: any width), steps the ways
	// it gives up width, in order (fitTo), and gone the columns it dropped.
	width int
	steps []fitStep
	gone  []bool
}

// cliTablePadding is the gap between two columns, in terminal columns.
const cliTablePadding = 2

// cellWidth measures text in terminal columns, as lipgloss (the help) and
// the wizard do. East Asian ambiguous characters (×, –, ·, …) count one
// column whatever the locale says: the English output uses "×" and "–"
// and must lay out the same under LANG=zh_CN.UTF-8 as under LANG=C, and
// terminals draw them narrow unless told otherwise. (go-runewidth, used
// before, filled a 2 MiB table on the first character past U+02FF, a cut
// name's "…": 3 ms of every recommend, issue 26.)
var cellWidth = displaywidth.Options{EastAsianWidth: false}

// displayWidth returns the number of terminal columns s takes. Printable
// ASCII, most of what is measured, takes one column a byte: counted
// without the grapheme iterator (it was most of a wrapped help's time).
func displayWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			return cellWidth.String(s)
		}
	}
	return len(s)
}

// newCLITable returns a table writer that writes to w.
// A table written to a fitWriter fits its width once given its steps
// (fitTo).
func newCLITable(w io.Writer) *cliTable {
	t := &cliTable{w: w}
	if f, ok := w.(*fitWriter); ok {
		t.width = f.width
	}
	return t
}

// fitTo makes the table fit its writer's width by taking steps in order
// (dropping or cutting columns) until it fits; the columns no step names
// always stay whole. It returns t.
func (t *cliTable) fitTo(steps ...fitStep) *cliTable {
	t.steps = steps
	return t
}

// dropped reports whether the table written so far dropped column col to
// fit.
func (t *cliTable) dropped(col int) bool { return col < len(t.gone) && t.gone[col] }

// Write buffers p's cells and lines. Like tabwriter, a completed line that
// holds no tab ends the table so far: the lines buffered up to it are laid
// out and written.
func (t *cliTable) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexAny(p, "\t\n")
		if i < 0 {
			t.cell = append(t.cell, p...)
			break
		}
		t.cell = append(t.cell, p[:i]...)
		if p[i] == '\t' {
			t.cells = append(t.cells, string(t.cell))
			t.cell = t.cell[:0]
		} else {
			line := append(t.cells, string(t.cell))
			t.lines = append(t.lines, line)
			t.cells, t.cell = nil, t.cell[:0]
			if len(line) == 1 {
				if err := t.flush(false); err != nil {
					return 0, err
				}
			}
		}
		p = p[i+1:]
	}
	return n, nil
}

// Flush lays out and writes every buffered line, the unfinished last line
// too (without a newline, as it was written).
func (t *cliTable) Flush() error { return t.flush(true) }

// flush writes the buffered lines; with partial it also writes the line
// still being written, which then takes part in the column widths.
func (t *cliTable) flush(partial bool) error {
	lines := t.lines
	last := false // whether the last of lines is an unfinished one
	if partial {
		// As tabwriter does, an empty unfinished cell is no cell: "a\t"
		// without a newline is one cell "a", not in any column.
		line := t.cells
		if len(t.cell) > 0 {
			line = append(line, string(t.cell))
		}
		if len(line) > 0 {
			lines = append(lines, line)
			last = true
		}
		t.cells, t.cell = nil, t.cell[:0]
	}
	t.lines = nil
	if len(lines) == 0 {
		return nil
	}
	if len(t.steps) > 0 && t.width > 0 {
		var gone []bool
		lines, gone = fitLines(lines, t.width, t.steps)
		for c, g := range gone {
			if c >= len(t.gone) {
				t.gone = append(t.gone, false)
			}
			t.gone[c] = t.gone[c] || g
		}
	}
	t.out.Reset()
	t.format(lines, nil)
	if last {
		// The unfinished line has no newline of its own.
		t.out.Truncate(t.out.Len() - 1)
	}
	_, err := t.w.Write(t.out.Bytes())
	return err
}

// format lays out lines given the widths of the columns to the left
// (tabwriter's algorithm): within lines, each run of consecutive lines that
// have a tab-terminated cell in the next column is a block whose column is
// as wide as its widest cell plus the padding; the block's further columns
// are laid out the same way, recursively.
func (t *cliTable) format(lines [][]string, widths []int) {
	col := len(widths)
	start := 0 // first line not yet written
	for i := 0; i < len(lines); i++ {
		if col >= len(lines[i])-1 {
			continue // no cell in this column: the line ends before it
		}
		t.writeLines(lines[start:i], widths)
		start = i
		width := 0
		for ; i < len(lines) && col < len(lines[i])-1; i++ {
			width = max(width, displayWidth(lines[i][col])+cliTablePadding)
		}
		t.format(lines[start:i], append(widths, width))
		start = i
		// lines[i] ended the block: it has no cell in this column either.
	}
	t.writeLines(lines[start:], widths)
}

// wraps reports whether the table wraps a column's cells to fit.
func (t *cliTable) wraps() bool {
	for _, st := range t.steps {
		if st.wrap {
			return true
		}
	}
	return false
}

// writeLines writes lines, padding each cell that has a column width. A
// line whose last cell is empty (a wrapped cell's further line) ends with
// its last text, not with padding, in a table that wraps cells.
func (t *cliTable) writeLines(lines [][]string, widths []int) {
	for _, line := range lines {
		start := t.out.Len()
		for j, c := range line {
			t.out.WriteString(c)
			if j < len(widths) {
				t.out.WriteString(strings.Repeat(" ", max(0, widths[j]-displayWidth(c))))
			}
		}
		if t.wraps() && len(line) > 1 && line[len(line)-1] == "" {
			t.out.Truncate(start + len(bytes.TrimRight(t.out.Bytes()[start:], " ")))
		}
		t.out.WriteByte('\n')
	}
}
