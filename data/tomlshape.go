package data

import "fmt"

// The TOML decoder's work grows with the square of a file's nesting (30 KB
// of nested inline tables took 1.1 GB), so every TOML file gpupick reads
// (decision records, catalog overlays) is first scanned for its shape:
// checkTOMLShape refuses nesting deeper, and more keys, than the limits of
// the file's kind, before the decoder sees a byte. The scan is one pass
// over the bytes and allocates nothing for a file it accepts.

// TOMLKind is what a TOML file gpupick reads holds, for the limits and the
// words of an error.
type TOMLKind int

// The kinds of TOML file gpupick reads.
const (
	TOMLRecord  TOMLKind = iota // a decision record or answers file
	TOMLOverlay                 // a catalog overlay
)

// TOMLLimit is which limit a TOML file broke.
type TOMLLimit int

// The limits a TOML file's shape is held to.
const (
	TOMLDepth TOMLLimit = iota // nesting levels
	TOMLKeys                   // keys
)

// tomlLimits bounds a TOML file's shape. Depth counts levels: each table,
// inline table and array is one, and a table header's or dotted key's
// parts before the last count two each (any of them may name an array of
// tables), so the decoded nesting is never deeper than Depth. Keys counts
// every part of every key and table header, so the decoded tables never
// hold more entries than Keys.
type tomlLimits struct {
	Kind  TOMLKind
	Depth int // at most maxTOMLDepth
	Keys  int
}

// maxTOMLDepth is the deepest any limit may allow (the scanner's stack).
const maxTOMLDepth = 64

// recordLimits bound a decision record: a saved record nests 3 levels
// and holds about 300 keys.
var recordLimits = tomlLimits{Kind: TOMLRecord, Depth: 16, Keys: 4096}

// overlayLimits bound a catalog overlay: its offers nest 3 levels, and
// the 1 MiB size limit holds about 60,000 keys of offers.
var overlayLimits = tomlLimits{Kind: TOMLOverlay, Depth: 16, Keys: 100_000}

// TOMLLimitError is a TOML file refused before decoding because it nests
// deeper, or holds more keys, than the limit for its kind.
type TOMLLimitError struct {
	File  string
	Line  int // where the limit was passed
	Kind  TOMLKind
	Limit TOMLLimit
	Max   int // the limit
}

// Error names the file, the line, the limit and the fix.
func (e *TOMLLimitError) Error() string {
	what, typical := "a decision record", "a saved record nests 3 levels and holds about 300 keys"
	if e.Kind == TOMLOverlay {
		what, typical = "a catalog overlay", "an overlay's offers nest 3 levels"
	}
	if e.Limit == TOMLKeys {
		return fmt.Sprintf("%s:%d: more than %d keys, the limit of %s (%s): remove the keys gpupick does not read",
			e.File, e.Line, e.Max, what, typical)
	}
	return fmt.Sprintf("%s:%d: nested deeper than %d levels, the limit of %s (tables, inline tables, arrays and dotted keys each add levels; %s): remove the extra nesting",
		e.File, e.Line, e.Max, what, typical)
}

// tomlFrame is an open inline table or array: its depth and which it is.
type tomlFrame struct {
	depth int
	array bool
}

// checkTOMLShape scans the TOML text b (the file name) and refuses it with
// a *TOMLLimitError when it nests deeper or holds more keys than lim
// allows. It reads each byte once and allocates only the error; it does
// not check the syntax (the decoder does), but whatever it accepts decodes
// within the limits.
func checkTOMLShape(name string, b []byte, lim tomlLimits) error {
	var stack [maxTOMLDepth + 1]tomlFrame
	sp := 0              // open inline tables and arrays
	line := 1            // the line at i
	keys := 0            // key parts so far
	table := 0           // depth of the current [table]
	inKey := true        // reading a key (else a value)
	dots := 0            // dots in the key being read
	lineStart := true    // at the top level with nothing yet on the line
	val := 0             // depth of the table or array a value sits in
	inHeader := false    // reading a table header's name
	arrayHeader := false // the header is an array of tables ("[[a]]")
	fail := func(l TOMLLimit, max int) error {
		return &TOMLLimitError{File: name, Line: line, Kind: lim.Kind, Limit: l, Max: max}
	}
	// container is the depth of the table the key being read is in.
	container := func() int {
		if sp > 0 {
			return stack[sp-1].depth
		}
		return table
	}
	n := len(b)
	for i := 0; i < n; {
		c := b[i]
		switch c {
		case '\n':
			line++
			i++
			if sp == 0 {
				inKey, dots, lineStart, inHeader = true, 0, true, false
			}
			continue
		case ' ', '\t', '\r':
			i++
			continue
		case '#':
			for i < n && b[i] != '\n' {
				i++
			}
			continue
		}
		header := c == '[' && sp == 0 && lineStart
		lineStart = false
		switch c {
		case '"', '\'':
			var nl int
			i, nl = skipTOMLString(b, i)
			line += nl
			continue
		case '.':
			if inKey {
				dots++
			}
		case '=':
			if inKey {
				keys += dots + 1
				if keys > lim.Keys {
					return fail(TOMLKeys, lim.Keys)
				}
				val = container() + 2*dots
				if val > lim.Depth {
					return fail(TOMLDepth, lim.Depth)
				}
				inKey, dots = false, 0
			}
		case '[', '{':
			if header { // its name is read as a key, up to the ']'
				i++
				arrayHeader = i < n && b[i] == '['
				if arrayHeader {
					i++
				}
				inHeader, inKey, dots = true, true, 0
				continue
			}
			if inKey { // a bracket where a key belongs: count it all the same
				val = container() + 2*dots
			}
			d := val + 1
			if d > lim.Depth || sp == len(stack) {
				return fail(TOMLDepth, lim.Depth)
			}
			stack[sp] = tomlFrame{depth: d, array: c == '['}
			sp++
			inKey, dots, val = c == '{', 0, d
		case ']', '}':
			if inHeader && sp == 0 {
				keys += dots + 1
				if keys > lim.Keys {
					return fail(TOMLKeys, lim.Keys)
				}
				table = 2*dots + 1
				if arrayHeader {
					table++
				}
				if table > lim.Depth {
					return fail(TOMLDepth, lim.Depth)
				}
				inHeader, dots = false, 0
			} else if sp > 0 {
				sp--
				inKey, val = false, container()
			}
		case ',':
			if sp > 0 {
				top := stack[sp-1]
				inKey, dots, val = !top.array, 0, top.depth
			}
		}
		i++
	}
	return nil
}

// skipTOMLString skips the string starting at b[i] (basic or literal,
// single- or multi-line) and returns the index after it and the newlines
// in it. A single-line string ends at its quote or before the end of the
// line; an unterminated multi-line string at the end of b.
func skipTOMLString(b []byte, i int) (next, newlines int) {
	q := b[i]
	n := len(b)
	if i+2 < n && b[i+1] == q && b[i+2] == q { // multi-line
		i += 3
		for i < n {
			switch {
			case b[i] == '\n':
				newlines++
			case b[i] == '\\' && q == '"':
				i++ // the escaped byte (a newline there is counted below)
				if i < n && b[i] == '\n' {
					newlines++
				}
			case b[i] == q && i+2 < n && b[i+1] == q && b[i+2] == q:
				i += 3
				for k := 0; k < 2 && i < n && b[i] == q; k++ { // up to two quotes before the closing three
					i++
				}
				return i, newlines
			}
			i++
		}
		return n, newlines
	}
	if i+1 < n && b[i+1] == q { // the empty string
		return i + 2, 0
	}
	i++
	for i < n && b[i] != '\n' {
		switch {
		case b[i] == q:
			return i + 1, 0
		case b[i] == '\\' && q == '"' && i+1 < n && b[i+1] != '\n':
			i++
		}
		i++
	}
	return i, 0
}
