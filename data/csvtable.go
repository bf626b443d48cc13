package data

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model/text"
)

// table is a CSV file read by column name: SkyPilot's column order differs
// between clouds, so nothing here reads a column by position.
type table struct {
	name  string         // file name, for errors
	cols  map[string]int // column name -> index
	rows  [][]string
	lines []int // line number of each row (1-based, header is line 1)
}

// maxCSVBytes bounds what one CSV read accepts, imported or downloaded:
// the same bound as a file of the cached catalog it becomes
// (maxCacheFileBytes, 64 MiB; a whole SkyPilot cloud's catalog is a few
// MB), so that a file the cache could not hold is refused before it is
// read, not after the work of converting it.
const maxCSVBytes = maxCacheFileBytes

// maxCSVRows bounds the data rows of one CSV: every row is held, cleaned
// and folded in memory (2 to 3 KB a row at the peak of an import), and a
// gpupick process already reserves about 1.6 GB of address space before
// it reads anything (the Go runtime's and the C library's reservations),
// so 100,000 rows (250 MB resident) import within a 2 GB address-space
// limit and 150,000 do not. The GPU extracts of SkyPilot's catalogs in
// the reference data hold at most 1,651 rows a cloud (AWS).
const maxCSVRows = 100_000

// readTable reads a CSV file with a header row. Every row must have as
// many fields as the header; a UTF-8 byte-order mark is ignored. A file
// that is not UTF-8 text (a UTF-16 export, NUL bytes) is refused before
// it is parsed, and one of more than maxCSVRows rows when the row past it
// is read.
func readTable(r io.Reader, name string) (*table, error) {
	br := bufio.NewReaderSize(&capReader{r: r, left: maxCSVBytes, max: maxCSVBytes, name: name}, 64<<10)
	head, err := br.Peek(4096)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := checkText(head, name); err != nil {
		return nil, err
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = 0
	cr.ReuseRecord = false
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty file (want a header row)", name)
		}
		return nil, fmt.Errorf("%s: %w", name, csvErr(err))
	}
	t := &table{name: name, cols: make(map[string]int, len(header))}
	for i, h := range header {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		if h == "" {
			continue
		}
		if _, dup := t.cols[h]; dup {
			return nil, fmt.Errorf("%s: line 1: column %q appears twice", name, h)
		}
		t.cols[h] = i
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, csvErr(err))
		}
		line, _ := cr.FieldPos(0)
		if len(t.rows) == maxCSVRows {
			return nil, fmt.Errorf("%s: line %d: more than %d rows, the most gpupick reads from one CSV file (a cloud's catalog has tens of thousands; a cached catalog holds at most %s a file): give a smaller file, e.g. one cloud's vms.csv", name, line, maxCSVRows, sizeText(maxCacheFileBytes))
		}
		t.rows = append(t.rows, rec)
		t.lines = append(t.lines, line)
	}
	return t, nil
}

// capReader reads at most left bytes of r and fails, naming the file,
// when there is more: a file over the limit is refused, never silently cut.
type capReader struct {
	r         io.Reader
	left, max int64
	name      string
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n > 0 {
			return 0, tooLarge(c.name, c.max)
		}
		return 0, err // io.EOF at the limit: the file fits
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// csvErr rewrites encoding/csv errors into "line N: ..." form.
func csvErr(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("line %d: %v (check quoting and the number of fields)", pe.Line, pe.Err)
	}
	return err
}

// has reports whether the table has a column.
func (t *table) has(col string) bool { _, ok := t.cols[col]; return ok }

// require returns an error naming the first missing column.
func (t *table) require(cols ...string) error {
	for _, c := range cols {
		if !t.has(c) {
			return fmt.Errorf("%s: no column %q in the header (want columns %s)", t.name, c, strings.Join(cols, ", "))
		}
	}
	return nil
}

// get returns the trimmed value of a column in row i ("" when the column
// is absent), made safe to print (text.Safe), a raw space inside a URL's
// path written as %20 (joinURLSpaces): every value of every CSV gpupick
// reads, from the reference data or an import, passes here.
func (t *table) get(i int, col string) string {
	j, ok := t.cols[col]
	if !ok || j >= len(t.rows[i]) {
		return ""
	}
	return joinURLSpaces(strings.TrimSpace(text.Safe(t.rows[i][j])))
}

// num parses a column as a non-negative finite number; blank is 0 with
// ok=false. A bad value is an error naming file, line and column.
func (t *table) num(i int, col string) (v float64, ok bool, err error) {
	s := t.get(i, col)
	if s == "" {
		return 0, false, nil
	}
	v, err = parseNum(s)
	if err != nil {
		return 0, false, fmt.Errorf("%s: line %d: column %s: %v", t.name, t.lines[i], col, err)
	}
	return v, true, nil
}

// parseNum parses a non-negative finite decimal number.
func parseNum(s string) (float64, error) {
	if v, ok := plainDecimal(s); ok {
		return v, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if v < 0 {
		return 0, fmt.Errorf("%q is negative", s)
	}
	return v, nil
}

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// plainDecimal reads the common form of a catalog number, digits with at
// most one '.' between digits and at most 15 digits in all, without
// strconv's general parser. The digits make an integer below 2^53 and the
// scale an exact power of ten, so the one division rounds once, exactly as
// strconv.ParseFloat would. Any other form (sign, exponent, more digits)
// reports false and goes to strconv.ParseFloat.
func plainDecimal(s string) (float64, bool) {
	if len(s) == 0 || len(s) > 16 {
		return 0, false
	}
	var mant uint64
	digits, frac, dot := 0, 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			mant = mant*10 + uint64(c-'0')
			digits++
			if dot >= 0 {
				frac++
			}
		case c == '.' && dot < 0 && i > 0 && i < len(s)-1:
			dot = i
		default:
			return 0, false
		}
	}
	if digits > 15 {
		return 0, false
	}
	return float64(mant) / pow10[frac], true
}

// checkText refuses a CSV whose first bytes (head) show it is not UTF-8
// text: a UTF-16 byte-order mark or the NUL of every other byte of
// UTF-16, or NUL bytes of a binary or zero-filled file.
func checkText(head []byte, name string) error {
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}), bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return fmt.Errorf("%s: the file is UTF-16 text (it starts with a UTF-16 byte-order mark); gpupick reads UTF-8: convert it to UTF-8, e.g. iconv -f UTF-16 -t UTF-8", name)
	case utf16Like(head):
		return fmt.Errorf("%s: the file looks like UTF-16 text (every other byte is NUL); gpupick reads UTF-8: convert it to UTF-8, e.g. iconv -f UTF-16 -t UTF-8", name)
	case bytes.IndexByte(head, 0) >= 0:
		return fmt.Errorf("%s: line 1: holds NUL bytes, so it is not CSV text (a binary or zero-filled file?): give the CSV file itself, as UTF-8 text", name)
	}
	return nil
}

// utf16Like reports whether head reads as UTF-16 without a byte-order
// mark: ASCII text with a NUL beside every character.
func utf16Like(head []byte) bool {
	if len(head) < 4 {
		return false
	}
	var even, odd int
	for i, c := range head {
		if c == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	half := len(head) / 2
	return (even >= half*9/10 && odd == 0) || (odd >= half*9/10 && even == 0)
}
