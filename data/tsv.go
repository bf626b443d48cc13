package data

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/gpupick/gpupick/model"
)

// The catalog's TSV files hold one record a line, tab-separated, with a
// header line naming the columns. In a field, backslash, tab, newline and
// carriage return are escaped as \\, \t, \n and \r; in a list field the
// items are separated by '|' and a '|' inside an item is escaped as \|.
// Numbers that are 0 (unknown) and false / unknown facts are written as
// empty fields so that the files read as what is known.

// tsvEscape escapes a field (and '|' when list is true).
func tsvEscape(s string, list bool) string {
	if !strings.ContainsAny(s, "\\\t\n\r|") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b.WriteString(`\\`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '|':
			if list {
				b.WriteString(`\|`)
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// tsvUnescape reverses tsvEscape. It returns the input itself (no copy)
// when there is nothing to unescape.
func tsvUnescape(s string) (string, error) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", fmt.Errorf("field ends in a lone backslash")
		}
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case '|':
			b.WriteByte('|')
		default:
			return "", fmt.Errorf("unknown escape \\%c", s[i])
		}
	}
	return b.String(), nil
}

// tsvList joins list items.
func tsvList(items []string) string {
	esc := make([]string, len(items))
	for i, s := range items {
		esc[i] = tsvEscape(s, true)
	}
	return strings.Join(esc, "|")
}

// tsvSplitList splits a list field on unescaped '|' and unescapes items.
func tsvSplitList(s string) ([]string, error) {
	if s == "" {
		return []string{}, nil
	}
	if strings.IndexByte(s, '\\') < 0 {
		// Nothing escaped (the common case): every '|' separates and no
		// item needs unescaping.
		return strings.Split(s, "|"), nil
	}
	n := strings.Count(s, "|") + 1
	out := make([]string, 0, n)
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '|':
			item, err := tsvUnescape(s[start:i])
			if err != nil {
				return nil, err
			}
			out = append(out, item)
			start = i + 1
		}
	}
	item, err := tsvUnescape(s[start:])
	if err != nil {
		return nil, err
	}
	return append(out, item), nil
}

// tsvEachItem calls f on each item of a non-empty list field, in order,
// stopping at f's first error. A field with no backslash (the common
// case) is cut in place, with no slice of items; one with escapes is split
// and unescaped first by tsvSplitList, so a bad escape is reported before
// any item is read, as before.
func tsvEachItem(s string, f func(string) error) error {
	if strings.IndexByte(s, '\\') >= 0 {
		items, err := tsvSplitList(s)
		if err != nil {
			return err
		}
		for _, it := range items {
			if err := f(it); err != nil {
				return err
			}
		}
		return nil
	}
	for {
		it, rest, more := strings.Cut(s, "|")
		if err := f(it); err != nil {
			return err
		}
		if !more {
			return nil
		}
		s = rest
	}
}

// fmtNum writes a number, "" for 0.
func fmtNum(v float64) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// fmtInt writes an integer, "" for 0.
func fmtInt(v int) string {
	if v == 0 {
		return ""
	}
	return strconv.Itoa(v)
}

// fmtTri writes "yes", "no" or "".
func fmtTri(t model.Tri) string {
	if t == model.Unknown {
		return ""
	}
	return t.String()
}

// fmtBool writes "yes" or "".
func fmtBool(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

// decNum reads a number field ("" is 0).
func decNum(s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	return parseNum(s)
}

// decInt reads an integer field ("" is 0).
func decInt(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return v, nil
}

// decTri reads "yes", "no" or "".
func decTri(s string) (model.Tri, error) {
	switch s {
	case "":
		return model.Unknown, nil
	case "yes":
		return model.Yes, nil
	case "no":
		return model.No, nil
	}
	return model.Unknown, fmt.Errorf("%q is not yes, no or empty", s)
}

// decBool reads "yes" or "".
func decBool(s string) (bool, error) {
	switch s {
	case "":
		return false, nil
	case "yes":
		return true, nil
	}
	return false, fmt.Errorf("%q is not yes or empty", s)
}

// column is one column of a TSV record type: its header name and how to
// write and read it. ctx carries the shared string tables.
type column[T any] struct {
	name string
	enc  func(v *T, ctx *tsvCtx) string
	dec  func(v *T, s string, ctx *tsvCtx) error
	// skipEmpty: dec does nothing on an empty field but set its field to
	// its zero value (strCol's, numCol's and the like set it), so
	// decodeRows, whose records start zero and whose columns each write a
	// field of their own, need not call it there. A column without it (a
	// list's, which sets an empty list, or one that reads what other
	// columns wrote) is always decoded.
	skipEmpty bool
	// detail: the column is an offer's detail field (detailCol).
	detail bool
	// optional: a file may lack the column (see optional).
	optional bool
}

// tsvCtx holds the sources table: offers refer to sources by number, so
// that a source URL shared by hundreds of offers is written once. A
// streamed decode gives each of its goroutines its own copy with an
// intern table (intern.go), in, and the column being decoded, col.
type tsvCtx struct {
	sources []string       // by id
	ids     map[string]int // source -> id (encoding)
	// The texts table (texts.tsv) by id, and text -> id (encoding);
	// literalNotes: the note columns hold their texts (schema 1).
	texts        []string
	textIDs      map[string]int
	literalNotes bool
	details      *detailInterner // offers' shared details (decoding offers.tsv); nil: none shared
	in           *interner
	col          int
	// hosts is the free part of the block the offers' marketplace hosts
	// are cut from (ownHost); each goroutine of a stream has its own.
	hosts []model.MarketHost
}

// keep is s copied so that it stays valid after the line holding it is
// reused: into the goroutine's arena (interner.copy) when the context has
// one, one allocation fewer a string.
func (c *tsvCtx) keep(s string) string {
	switch {
	case s == "":
		return ""
	case c == nil || c.in == nil:
		return strings.Clone(s)
	}
	return c.in.copy(s)
}

// forStream is a copy of the context (all it shares, such as the
// sources table and the detail interner) for one goroutine of a streamed
// decode of a table of cols columns, with an intern table of its own.
func (c *tsvCtx) forStream(cols int) *tsvCtx {
	w := &tsvCtx{}
	if c != nil {
		*w = *c
	}
	w.in, w.col, w.hosts = newInterner(cols), 0, nil
	return w
}

// sourceIDs maps sources to ids, adding new ones to the table.
func (c *tsvCtx) sourceIDs(src []string) string {
	ids := make([]string, len(src))
	for i, s := range src {
		id, ok := c.ids[s]
		if !ok {
			id = len(c.sources)
			c.ids[s] = id
			c.sources = append(c.sources, s)
		}
		ids[i] = strconv.Itoa(id)
	}
	return strings.Join(ids, "|")
}

// sourcesOf resolves a list of source ids (in a streamed table, one
// list per distinct field, shared: see cachedList).
func (c *tsvCtx) sourcesOf(s string) ([]string, error) {
	if s == "" {
		return []string{}, nil
	}
	return cachedList(c, s, c.parseSources)
}

// parseSources resolves a list of source ids; the strings are the
// sources table's own, so there is nothing to keep.
func (c *tsvCtx) parseSources(s string, _ *tsvCtx) ([]string, error) {
	out := make([]string, 0, strings.Count(s, "|")+1)
	for s != "" {
		part := s
		if i := strings.IndexByte(s, '|'); i >= 0 {
			part, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		id, err := strconv.Atoi(part)
		if err != nil || id < 0 || id >= len(c.sources) {
			return nil, fmt.Errorf("source id %q is not in sources.tsv", part)
		}
		out = append(out, c.sources[id])
	}
	return out, nil
}

// encodeTSV writes records with a header line.
func encodeTSV[T any](cols []column[T], recs []T, ctx *tsvCtx) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte('\t')
		}
		b.WriteString(c.name)
	}
	b.WriteByte('\n')
	head := b.Len()
	for r := range recs {
		if r == sizeSample && len(recs) > 4*sizeSample {
			// Grow once to the size the first rows foretell: a builder
			// that doubles holds up to three times the text at once,
			// 200 MB for the largest offers.tsv gpupick caches.
			b.Grow((b.Len() - head) / sizeSample * (len(recs) - sizeSample) * 21 / 20)
		}
		for i, c := range cols {
			if i > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(c.enc(&recs[r], ctx))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// sizeSample is the rows encodeTSV writes before it sizes its text.
const sizeSample = 256

// decodeTSV reads records written by encodeTSV. Columns are matched by
// header name; a missing or unknown column is an error naming the file.
func decodeTSV[T any](name, text string, cols []column[T], ctx *tsvCtx) ([]T, error) {
	line, rest, _ := strings.Cut(text, "\n")
	order, err := tsvOrder(name, line, cols)
	if err != nil {
		return nil, err
	}
	// A long table is decoded in chunks of whole lines, one per CPU, at
	// once (the columns' decoders only read ctx), each into its part of
	// one slice; the first error in line order is the one reported, as a
	// single pass would.
	chunks := splitLines(rest, tsvChunks(len(rest)))
	lines := make([]int, len(chunks)+1) // lines before each chunk
	for i, ch := range chunks {
		lines[i+1] = lines[i] + strings.Count(ch, "\n")
		if i == len(chunks)-1 && ch != "" && ch[len(ch)-1] != '\n' {
			lines[i+1]++ // a last line without its newline
		}
	}
	out := make([]T, lines[len(chunks)])
	rows := rowsFor(cols, order)
	if len(chunks) == 1 {
		n, err := rows(name, rest, 1, ctx, out)
		return out[:n], err
	}
	got := make([]int, len(chunks))
	errs := make([]error, len(chunks))
	var wg sync.WaitGroup
	for i, ch := range chunks {
		wg.Add(1)
		go func(i int, ch string) {
			defer wg.Done()
			got[i], errs[i] = rows(name, ch, 1+lines[i], ctx, out[lines[i]:lines[i+1]])
		}(i, ch)
	}
	wg.Wait()
	return joinParts(out, lines[:len(chunks)], got, errs)
}

// joinParts returns the records the parts of a parallel decode wrote into
// out (part i got[i] of them, from out[at[i]]), with the gaps blank lines
// leave closed and the rest of out cleared; or the first error in line
// order (errs, per part).
func joinParts[T any](out []T, at, got []int, errs []error) ([]T, error) {
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	n := 0
	for i := range at {
		n += copy(out[n:], out[at[i]:at[i]+got[i]])
	}
	clear(out[n:])
	return out[:n], nil
}

// tsvOrder reads a table's header line: the index in cols of each of its
// fields. A missing or unknown column is an error naming the file.
func tsvOrder[T any](name, line string, cols []column[T]) ([]int, error) {
	header := strings.Split(line, "\t")
	byName := make(map[string]int, len(cols))
	for i, c := range cols {
		byName[c.name] = i
	}
	order := make([]int, len(header))
	seen := make([]bool, len(cols))
	for i, h := range header {
		j, ok := byName[h]
		if !ok {
			return nil, fmt.Errorf("%s: line 1: unknown column %q (a catalog from another gpupick version: run 'gpupick catalog update' or import again)", name, h)
		}
		if seen[j] {
			return nil, fmt.Errorf("%s: line 1: column %q appears twice", name, h)
		}
		seen[j] = true
		order[i] = j
	}
	for j, ok := range seen {
		if !ok && !cols[j].optional {
			return nil, fmt.Errorf("%s: line 1: column %q is missing", name, cols[j].name)
		}
	}
	return order, nil
}

// tsvChunkBytes is the least text a chunk of a parallel decode holds:
// below it, starting a goroutine costs more than it saves.
const tsvChunkBytes = 256 << 10

// tsvChunks is how many chunks to decode a table body of n bytes in.
func tsvChunks(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/tsvChunkBytes))
}

// splitLines cuts text into k pieces of about the same size, each ending
// at a line end (the last at the text's end).
func splitLines(text string, k int) []string {
	out := make([]string, 0, k)
	for i := k; i > 1 && text != ""; i-- {
		at := len(text) / i
		nl := strings.IndexByte(text[at:], '\n')
		if nl < 0 {
			break
		}
		out = append(out, text[:at+nl+1])
		text = text[at+nl+1:]
	}
	return append(out, text)
}

// emptyIsZero tells, per column, whether decodeRows may skip it on an
// empty field (column.skipEmpty).
func emptyIsZero[T any](cols []column[T]) []bool {
	skip := make([]bool, len(cols))
	for j := range cols {
		skip[j] = cols[j].skipEmpty
	}
	return skip
}

// shortField is how far decodeRows looks for a field's end byte by byte
// before it calls strings.IndexByte.
const shortField = 16

// cutField cuts the first tab-separated field off line: the field, the
// rest after its tab, and whether there was a tab (a field follows). It
// looks for the tab byte by byte in a short field (most are: empty, a
// number, a code), past that by strings.IndexByte (vectorised), so a
// short field costs no call.
func cutField(line string) (val, rest string, more bool) {
	i := 0
	for i < len(line) && i < shortField && line[i] != '\t' {
		i++
	}
	if i == shortField {
		if j := strings.IndexByte(line[i:], '\t'); j >= 0 {
			i += j
		} else {
			i = len(line)
		}
	}
	if i < len(line) {
		return line[:i], line[i+1:], true
	}
	return line, "", false
}

// cutLine cuts the first line off s: the line without its '\n', and the
// rest after it ("" when s has no more lines).
func cutLine(s string) (line, rest string) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// decodeRows decodes the lines of a table body, the first of them line
// lineNo+1 of the file, with the header's column order, into dst (one
// element a line at most); it returns how many it decoded (blank lines
// give none). With a streaming context (ctx.in set) it tells the
// decoders which column they read (ctx.col), for the intern table.
func decodeRows[T any](name, rest string, lineNo int, order []int, cols []column[T], ctx *tsvCtx, dst []T) (int, error) {
	n := 0
	var line string
	stream := ctx != nil && ctx.in != nil
	skip := emptyIsZero(cols)
	for rest != "" {
		lineNo++
		line, rest = cutLine(rest)
		if line == "" {
			continue
		}
		rec := &dst[n]
		field := 0
		for more := true; more; field++ {
			var val string
			val, line, more = cutField(line)
			if field >= len(order) {
				return 0, fmt.Errorf("%s: line %d: more than %d fields", name, lineNo, len(order))
			}
			if val == "" && skip[order[field]] {
				continue // the record is zero, and stays so
			}
			c := &cols[order[field]]
			if stream {
				ctx.col = order[field]
			}
			if err := c.dec(rec, val, ctx); err != nil {
				return 0, fmt.Errorf("%s: line %d: column %s: %w", name, lineNo, c.name, err)
			}
		}
		if field != len(order) {
			return 0, fmt.Errorf("%s: line %d: %d fields, want %d", name, lineNo, field, len(order))
		}
		n++
	}
	return n, nil
}
