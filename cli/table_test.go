package cli

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"
)

// tableOut writes in through a cliTable in one Write and returns what it
// printed.
func tableOut(t testing.TB, in string) string {
	t.Helper()
	var b bytes.Buffer
	tw := newCLITable(&b)
	if n, err := tw.Write([]byte(in)); err != nil || n != len(in) {
		t.Fatalf("Write(%q) = %d, %v; want %d, nil", in, n, err, len(in))
	}
	if err := tw.Flush(); err != nil {
		t.Fatalf("Flush: %v", err)
	}
	return b.String()
}

// tabwriterOut is what text/tabwriter, as the CLI used it, prints for in.
func tabwriterOut(in string) string {
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	tw.Write([]byte(in))
	tw.Flush()
	return b.String()
}

func TestCLITableLayout(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
	}{
		{"ascii", "a\tbb\tc\nccc\td\te\n", "a    bb  c\nccc  d   e\n"},
		// "服务商" is 3 code points and 6 columns: the next column starts
		// at column 8 on both lines.
		{"cjk header", "#\t服务商\t实例\n1\taws\tp5.48xlarge\n",
			"#  服务商  实例\n1  aws     p5.48xlarge\n"},
		{"mixed cjk and ascii", "GPU 数量\tx\n8\ty\n", "GPU 数量  x\n8         y\n"},
		// Full-width punctuation （）， are two columns each.
		{"full-width punctuation", "（按需），\tA\nab\tB\n", "（按需），  A\nab          B\n"},
		{"empty cells", "a\t\tc\n\tbb\t\n", "a      c\n   bb  \n"},
		{"empty table", "", ""},
		// The last cell of a line is in no column: it is never padded,
		// however wide.
		{"trailing column", "k\t很长很长的最后一列\nkey\tv\n", "k    很长很长的最后一列\nkey  v\n"},
		// A line without a tab ends the block: the columns after it are
		// measured afresh.
		{"blocks", "长长长长\tx\ntitle\nab\ty\n", "长长长长  x\ntitle\nab  y\n"},
		// Ragged lines: the third column is a block of the first two
		// lines only.
		{"ragged", "a\tb\tc\td\naa\tbb\tcc\nx\n", "a   b   c  d\naa  bb  cc\nx\n"},
		{"unfinished line", "a\tb\nccc\td", "a    b\nccc  d"},
		{"unfinished empty cell", "a\tb\nccc\t", "a  b\nccc"},
		// Ambiguous-width × counts one column in every locale.
		{"ambiguous width", "1×H100\tx\n12\ty\n", "1×H100  x\n12      y\n"},
		// A combining mark takes no column of its own.
		{"combining", "e\u0301\tx\nab\ty\n", "e\u0301   x\nab  y\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := tableOut(t, c.in); got != c.want {
				t.Errorf("cliTable(%q) =\n%q\nwant\n%q", c.in, got, c.want)
			}
		})
	}
}

// TestCLITableASCIILikeTabwriter: for ASCII text the table prints byte for
// byte what text/tabwriter printed (the English golden output depends on
// it), however the text is split across Writes and however ragged.
func TestCLITableASCIILikeTabwriter(t *testing.T) {
	for _, in := range []string{
		"GPU\tQTY\tPROVIDER\n\tH100\t8\taws\n",
		"#\tPROVIDER\tINSTANCE\n1\taws\tp5\n2\tgcp\ta3-highgpu-8g\ntotal\n",
		"a\t\t\tb\n\t\n\t\t\n",
		"  k\tv\n  longer key\tv2\nplain\n  x\ty\n",
		"a\tb",
		"a\t",
		"\n\n\t\n",
	} {
		want := tabwriterOut(in)
		if got := tableOut(t, in); got != want {
			t.Errorf("cliTable(%q) = %q, tabwriter printed %q", in, got, want)
		}
		// The same text written one byte at a time.
		var b bytes.Buffer
		tw := newCLITable(&b)
		for i := range len(in) {
			fmt.Fprint(tw, in[i:i+1])
		}
		tw.Flush()
		if b.String() != want {
			t.Errorf("cliTable(%q) byte by byte = %q, tabwriter printed %q", in, b.String(), want)
		}
	}
}

// TestCLITableFlushesAtPlainLine: like tabwriter, a line without a tab
// writes the table out, so text written straight to the underlying writer
// after it comes after the table.
func TestCLITableFlushesAtPlainLine(t *testing.T) {
	var b bytes.Buffer
	tw := newCLITable(&b)
	fmt.Fprint(tw, "a\tb\nsummary\n")
	if got, want := b.String(), "a  b\nsummary\n"; got != want {
		t.Fatalf("after a plain line the writer holds %q, want %q", got, want)
	}
}

// FuzzCLITable: no input panics; ASCII text is laid out as tabwriter lays
// it out; in a table whose rows have the same number of cells, whatever
// their text (CJK, emoji, combining marks, invalid UTF-8), every row's
// cell j starts at the same display column, at least two columns after the
// widest cell before it.
func FuzzCLITable(f *testing.F) {
	for _, s := range []string{
		"#\t服务商\t实例\n1\taws\tp5\n",
		"a\tb\n", "（）\t，\n", "\t\t\n", "e\u0301\t👍🏽\n", "\xff\xfe\t中\n", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := tableOut(t, s) // must not panic

		ascii := true
		for i := range len(s) {
			if c := s[i]; (c < 0x20 || c > 0x7e) && c != '\t' && c != '\n' {
				ascii = false
				break
			}
		}
		if ascii {
			if want := tabwriterOut(s); out != want {
				t.Fatalf("ASCII %q: cliTable printed %q, tabwriter %q", s, out, want)
			}
		}

		// A rectangular table from s: rows split at '\n', cells at '\t'
		// (control characters dropped: a terminal does not draw them as
		// text), every row padded with empty cells to the widest row.
		var rows [][]string
		ncol := 0
		for _, r := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
			cells := strings.Split(strings.Map(func(r rune) rune {
				if r == '\t' || (r >= 0x20 && r != 0x7f && !(r >= 0x80 && r < 0xa0)) {
					return r
				}
				return -1
			}, r), "\t")
			rows = append(rows, cells)
			ncol = max(ncol, len(cells))
		}
		if len(rows)*ncol > 1<<14 {
			return // padded to a rectangle it would be too big to check fast
		}
		var in strings.Builder
		for i := range rows {
			for len(rows[i]) < ncol {
				rows[i] = append(rows[i], "")
			}
			in.WriteString(strings.Join(rows[i], "\t") + "\n")
		}
		lines := strings.Split(strings.TrimSuffix(tableOut(t, in.String()), "\n"), "\n")
		if len(lines) != len(rows) {
			t.Fatalf("%d rows printed as %d lines: %q", len(rows), len(lines), lines)
		}
		// Walk each printed line cell by cell: the cell's text, then
		// spaces up to the display column where the next cell starts,
		// the same column in every row (set by row 0 from the widest
		// cell of the column), then that cell's text.
		starts := make([]int, ncol) // display column of each cell
		for i, line := range lines {
			col, rest := 0, line
			for j, c := range rows[i] {
				if !strings.HasPrefix(rest, c) {
					t.Fatalf("row %d: cell %d %q not where expected in %q", i, j, c, line)
				}
				rest = rest[len(c):]
				col += displayWidth(c)
				if j == ncol-1 {
					break
				}
				// The padding up to the next column.
				next := starts[j+1]
				if i == 0 {
					// Row 0 sets the column: the widest cell of the
					// column plus two.
					w := 0
					for _, r := range rows {
						w = max(w, displayWidth(r[j]))
					}
					next = starts[j] + w + cliTablePadding
					starts[j+1] = next
				}
				pad := next - col
				if pad < 0 || !strings.HasPrefix(rest, strings.Repeat(" ", pad)) {
					t.Fatalf("row %d: cell %d should start at column %d, after %d spaces, in %q:\n%s", i, j+1, next, pad, line, strings.Join(lines, "\n"))
				}
				rest, col = rest[pad:], next
			}
			if rest != "" {
				t.Fatalf("row %d: %q left after the last cell", i, rest)
			}
		}
	})
}

// columnStarts returns the display columns where the header's cells start
// (cells are separated by two or more spaces; a header cell holds at most
// one space in a row).
func columnStarts(header string) []int {
	var starts []int
	col, spaces := 0, 2
	for _, r := range header {
		if r != ' ' && spaces >= 2 {
			starts = append(starts, col)
		}
		if r == ' ' {
			spaces++
		} else {
			spaces = 0
		}
		col += displayWidth(string(r))
	}
	return starts
}

// TestCLITablesAlignedInChinese: in the Chinese output of recommend (its
// table and #1's price models), plan and models, every row's cells start
// at the display columns of the header's cells: at each such column the
// row has a character and the two columns before it are padding.
func TestCLITablesAlignedInChinese(t *testing.T) {
	isolate(t)
	t.Setenv("COLUMNS", "200") // every column (TestTablesFitTheWidth checks 80)
	rec := saveRecord(t, "--params", "8B")
	for _, c := range []struct {
		args   []string
		header string // the header line starts with it
	}{
		{[]string{"recommend", "--model", "llama-3.1-8b", "--top", "5"}, "#  服务商"},
		{[]string{"recommend", "--params", "8B", "--duration", "1y", "--top", "3", "--provider", "aws"}, "  计价方式"},
		{[]string{"recommend", "--workload", "qlora", "--params", "70B", "--tokens", "200M", "--top", "5"}, "#  服务商"},
		{[]string{"plan", rec}, "#  服务商"},
		{[]string{"models"}, "名称"},
	} {
		name := strings.Join(c.args, " ")
		code, out, errs := runCLI(t, append(c.args, "--lang", "zh")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		lines := strings.Split(out, "\n")
		at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, c.header) })
		if at < 0 {
			t.Fatalf("%s: no header %q:\n%s", name, c.header, out)
		}
		starts := columnStarts(lines[at])
		if len(starts) < 5 {
			t.Fatalf("%s: header %q has %d columns", name, lines[at], len(starts))
		}
		rows := 0
		for _, line := range lines[at+1:] {
			if strings.TrimSpace(line) == "" {
				break
			}
			rows++
			// The row in display columns: one entry per column a
			// terminal draws, a wide character's second column ' '
			// never (it is marked 0).
			var cols []rune
			for _, r := range line {
				cols = append(cols, r)
				for range displayWidth(string(r)) - 1 {
					cols = append(cols, 0)
				}
			}
			for j, s := range starts {
				if s >= len(cols) {
					// Only the last column may be empty and left off.
					if j != len(starts)-1 {
						t.Errorf("%s: row %q ends before column %d", name, line, j+1)
					}
					continue
				}
				if cols[s] == ' ' || cols[s] == 0 || s >= 2 && (cols[s-1] != ' ' || cols[s-2] != ' ') {
					t.Errorf("%s: row %q: column %d does not start at display column %d (header %q)", name, line, j+1, s, lines[at])
				}
			}
		}
		if rows < 3 {
			t.Errorf("%s: %d rows under the header", name, rows)
		}
	}
}

// FuzzDisplayWidth: the printable-ASCII count is the width the grapheme
// measure gives, for any text.
func FuzzDisplayWidth(f *testing.F) {
	for _, s := range []string{"", "gpupick recommend --top 5", "A100 × 8", "显存 80 GiB", "tab\there", "\x1b[1mbold", "~!@#$%^&*()_+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := displayWidth(s), cellWidth.String(s); got != want {
			t.Fatalf("displayWidth(%q) = %d, the grapheme measure %d", s, got, want)
		}
	})
}

// TestRuneWidthASCII: every printable ASCII character is one column to
// the rune measure, as breakAt counts it without asking.
func TestRuneWidthASCII(t *testing.T) {
	for r := rune(0x20); r <= 0x7e; r++ {
		if w := cellWidth.Rune(r); w != 1 {
			t.Errorf("%q: %d columns, breakAt counts 1", r, w)
		}
	}
}
