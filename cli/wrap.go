package cli

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"
)

// fitWriter is the text output of a command fitted to a width: each line
// wider than width display columns is wrapped at the last space (or
// between two wide characters: Chinese has no spaces) that fits, its
// further lines indented two columns more than its own indent. The tables
// written through it (newCLITable sees it) drop and cut their columns to
// the same width first, so their lines come through whole.
//
// Text that must stay as it is (a script to save and run) is written with
// raw on. Flush writes a last line that has no newline.
type fitWriter struct {
	w     io.Writer
	width int
	raw   bool // write lines as they are
	line  []byte
}

// newFitWriter returns a writer that fits the lines written to it to
// width display columns (defaultWidth when width is not positive).
func newFitWriter(w io.Writer, width int) *fitWriter {
	if width <= 0 {
		width = defaultWidth
	}
	return &fitWriter{w: w, width: width}
}

// Write buffers p and writes its complete lines, fitted.
func (f *fitWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			f.line = append(f.line, p...)
			break
		}
		f.line = append(f.line, p[:i]...)
		if err := f.writeLine(string(f.line), true); err != nil {
			return 0, err
		}
		f.line = f.line[:0]
		p = p[i+1:]
	}
	return n, nil
}

// Flush writes the line not yet ended by a newline, fitted.
func (f *fitWriter) Flush() error {
	if len(f.line) == 0 {
		return nil
	}
	err := f.writeLine(string(f.line), false)
	f.line = f.line[:0]
	return err
}

// writeLine writes one line, wrapped unless raw, with a newline when nl.
func (f *fitWriter) writeLine(s string, nl bool) error {
	out := s
	if !f.raw {
		out = strings.Join(wrapLine(s, f.width), "\n")
	}
	if nl {
		out += "\n"
	}
	_, err := io.WriteString(f.w, out)
	return err
}

// writeRaw writes s as it is, not wrapped even through a fitWriter: a
// script to save and run, whose lines a wrap would break.
func writeRaw(w io.Writer, s string) error {
	f, ok := w.(*fitWriter)
	if !ok {
		_, err := io.WriteString(w, s)
		return err
	}
	if err := f.Flush(); err != nil {
		return err
	}
	f.raw = true
	defer func() { f.raw = false }()
	_, err := io.WriteString(f, s)
	if err == nil {
		err = f.Flush()
	}
	return err
}

// spaces is a run of blanks to indent and pad with, sliced rather than
// made (appendLine, appendSpaces).
const spaces = "                                                                "

// wrapLine breaks s into lines of at most width display columns: at the
// last space that fits, else before a wide character, else (a word wider
// than the line) inside the word — never inside a URL (urlSpans), which
// starts a line of its own when it does not fit and stands alone on it
// when it is wider than the line, so that it stays whole to copy or click.
// The lines after the first hang under s's value (hangOf): two columns in
// from its indent, past a "- " bullet, or under the value of a short
// "label: value" line.
func wrapLine(s string, width int) []string { return appendLine(nil, s, width) }

// appendLine appends the lines of wrapLine(s, width) to dst.
func appendLine(dst []string, s string, width int) []string {
	if displayWidth(s) <= width {
		return append(dst, s)
	}
	lead, hang := hangOf(s, width)
	prefix := ""
	if hang <= len(spaces) {
		prefix = spaces[:hang]
	} else {
		prefix = strings.Repeat(" ", hang)
	}
	return appendWrapped(dst, s, width, lead, prefix)
}

// wrapCell breaks a table cell's text into lines of at most width display
// columns as wrapLine does, without an indent: the cell's column is its
// indent.
func wrapCell(s string, width int) []string { return appendCell(nil, s, width) }

// appendCell appends the lines of wrapCell(s, width) to dst.
func appendCell(dst []string, s string, width int) []string {
	if displayWidth(s) <= width {
		return append(dst, s)
	}
	return appendWrapped(dst, s, width, 0, "")
}

// appendWrapped appends to dst the lines of s broken at width columns (a
// URL wider than a line excepted), never in its first lead bytes (an
// indent, a bullet), the lines after the first prefixed with hang.
func appendWrapped(dst []string, s string, width, lead int, hang string) []string {
	prefix := ""
	for {
		room := width - displayWidth(prefix)
		if displayWidth(s) <= room {
			return append(dst, prefix+s)
		}
		cut, next := breakAt(s, room, lead)
		dst = append(dst, strings.TrimRight(prefix+s[:cut], " "))
		s = strings.TrimLeft(s[next:], " ")
		prefix, lead = hang, 0
		if s == "" {
			return dst
		}
	}
}

// hangOf returns how many bytes of s start its text (its indent and a "- "
// bullet: a line never breaks inside them) and the display columns its
// further lines hang in by: under the value of a "label: value" line whose
// label ends within the first third of width, else two columns in from
// the indent (under a bullet's text); at most half the width.
func hangOf(s string, width int) (lead, hang int) {
	lead = len(s) - len(strings.TrimLeft(s, " "))
	hang = lead + 2
	if strings.HasPrefix(s[lead:], "- ") {
		lead += 2
	}
	if end := labelEnd(s[lead:]); end > 0 {
		if w := displayWidth(s[:lead+end]); w <= width/3 {
			hang = w
		}
	}
	return lead, min(hang, width/2)
}

// labelEnd returns where the value of a "label: value" text (or a Chinese
// one, its colon full-width) starts, 0 when s does not start with a label
// (a URL's "https:" is none).
func labelEnd(s string) int {
	end := 0
	if i := strings.Index(s, ": "); i > 0 {
		end = i + 2
	}
	if i := strings.Index(s, "\uff1a"); i > 0 && (end == 0 || i < end) {
		end = i + len("\uff1a")
	}
	if end == 0 || strings.Contains(s[:end], "://") {
		return 0
	}
	return end
}

// urlSpan is the bytes [start, end) of a URL in a text, with what is
// attached to it (a bracket, a trailing comma) up to the spaces or wide
// characters around it: a line never breaks inside it.
type urlSpan struct{ start, end int }

// urlSpans returns the URLs of s: from what is attached before its start
// (up to a space or a wide character) to the next space (a path may hold
// Chinese). A URL starts with a scheme ("https://") or a host and its
// path without one ("github.com/owner/repo"): urlStart.
func urlSpans(s string) []urlSpan {
	var spans []urlSpan
	for from := 0; from < len(s); {
		at := urlStart(s, from)
		if at < 0 {
			return spans
		}
		start := at
		for start > 0 {
			r, size := utf8.DecodeLastRuneInString(s[:start])
			if r == ' ' || cellWidth.Rune(r) == 2 {
				break
			}
			start -= size
		}
		// What starts a URL holds no space: the next space ends it.
		end := len(s)
		if j := strings.IndexByte(s[at:], ' '); j >= 0 {
			end = at + j
		}
		spans = append(spans, urlSpan{start, end})
		from = end
	}
	return spans
}

// urlStart returns the first byte at or after from where a URL starts,
// -1 when none does: a scheme (a letter, then letters, digits, "+", "."
// or "-", then "://") or a host with its path (dot-separated labels of
// letters, digits and "-", the last of two letters or more, then "/").
// It is what the regular expression
//
//	[A-Za-z][A-Za-z0-9+.-]*://|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/
//
// finds first in s[from:] (TestURLStartIsTheExpression holds them
// together), worked out from each "/" back rather than tried at every
// byte: the help and every table line wider than the terminal ask it.
func urlStart(s string, from int) int {
	for q := strings.IndexByte(s[from:], '/'); q >= 0; {
		q += from
		// A scheme: "://" at q-1, after a run of scheme bytes that holds
		// a letter (the first letter in the run starts the match).
		if q >= 1 && s[q-1] == ':' && strings.HasPrefix(s[q:], "//") {
			a := q - 1
			for a > from && isSchemeByte(s[a-1]) {
				a--
			}
			for p := a; p < q-1; p++ {
				if isASCIILetter(s[p]) {
					return p
				}
			}
		}
		// A host: a run of host bytes before q whose last label is two
		// letters or more, with a label before it; the match starts at the
		// first byte from which every label up to the last is not empty.
		if p := hostStart(s[:q], from); p >= 0 {
			return p
		}
		from = q + 1
		q = strings.IndexByte(s[from:], '/')
	}
	return -1
}

// hostStart returns where the host that ends h (dot-separated labels of
// letters, digits and "-", the last two letters or more) starts at the
// earliest, not before from; -1 when h ends in none.
func hostStart(h string, from int) int {
	a := len(h)
	for a > from && (isHostByte(h[a-1]) || h[a-1] == '.') {
		a--
	}
	d := strings.LastIndexByte(h[a:], '.')
	if d < 0 {
		return -1
	}
	d += a
	if len(h)-d-1 < 2 {
		return -1
	}
	for i := d + 1; i < len(h); i++ {
		if !isASCIILetter(h[i]) {
			return -1
		}
	}
	// Labels may not be empty: start past the last ".." before d and not
	// on a dot.
	p := a
	for i := a; i < d; i++ {
		if h[i] == '.' && h[i+1] == '.' {
			p = i + 2
		}
	}
	if h[p] == '.' {
		p++
	}
	if p < d {
		return p
	}
	return -1
}

// isASCIILetter reports whether b is A-Z or a-z.
func isASCIILetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }

// isHostByte reports whether b may be in a host's label: a letter, a
// digit or "-".
func isHostByte(b byte) bool { return isASCIILetter(b) || '0' <= b && b <= '9' || b == '-' }

// isSchemeByte reports whether b may follow a scheme's first letter.
func isSchemeByte(b byte) bool { return isHostByte(b) || b == '+' || b == '.' }

// breakAt returns where to end a line of s that may be room columns wide
// (cut) and where the rest starts (next): at the last break that fits
// after the first lead bytes — a space (dropped), or before or after a
// wide character (not before a Chinese punctuation mark, which never
// starts a line) — outside every URL; else at room, or after the URL
// that room ends in.
func breakAt(s string, room, lead int) (cut, next int) {
	spans := urlSpans(s)
	lastCut, lastNext, hard, ok := lastBreakASCII(s, room, lead, spans)
	if !ok {
		lastCut, lastNext, hard = lastBreak(s, room, lead, spans)
	}
	if lastCut > 0 {
		return lastCut, lastNext
	}
	if u, in := spanAt(spans, hard); in {
		// A URL wider than the line: whole, alone on it.
		return u.end, u.end
	}
	if hard <= lead {
		// Not even one character past the lead fits: take one anyway.
		_, size := utf8.DecodeRuneInString(s[lead:])
		return lead + size, lead + size
	}
	return hard, hard
}

// lastBreak returns the last break of s (cut, next) after its first lead
// bytes and outside spans that leaves a line of at most room columns (cut
// 0: none), and where the characters that fit end (hard).
func lastBreak(s string, room, lead int, spans []urlSpan) (lastCut, lastNext, hard int) {
	used := 0
	ok := func(at int) bool { // a line may start at byte at
		r, _ := utf8.DecodeRuneInString(s[at:])
		return at < len(s) && !strings.ContainsRune(noLineStart, r)
	}
	add := func(cut, next int) {
		if _, in := spanAt(spans, cut); cut > lead && !in {
			lastCut, lastNext = cut, next
		}
	}
	for i, r := range s {
		if r == ' ' && i > 0 {
			// The space is dropped: the line before it fits in used.
			add(i, i+1)
		}
		rw := 1 // printable ASCII, most of what is wrapped: one column (displayWidth)
		if r < 0x20 || r > 0x7e {
			rw = cellWidth.Rune(r)
		}
		if used+rw > room {
			break
		}
		size := utf8.RuneLen(r)
		switch {
		case r == ' ':
		case rw == 2:
			if i > 0 && ok(i) {
				add(i, i)
			}
			if ok(i + size) {
				add(i+size, i+size)
			}
		}
		used += rw
		hard = i + size
	}
	return lastCut, lastNext, hard
}

// lastBreakASCII is lastBreak for an s whose first room+1 bytes are
// printable ASCII (most of what is wrapped): each one column, its breaks
// its spaces, found from room back; ok false when s is not such a text.
func lastBreakASCII(s string, room, lead int, spans []urlSpan) (lastCut, lastNext, hard int, ok bool) {
	if room < 1 || len(s) <= room {
		return 0, 0, 0, false
	}
	for i := 0; i <= room; i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			return 0, 0, 0, false
		}
	}
	for i := room; i > max(lead, 0); i-- {
		if _, in := spanAt(spans, i); s[i] == ' ' && !in {
			return i, i + 1, room, true
		}
	}
	return 0, 0, room, true
}

// spanAt returns the URL of spans that a cut at byte at would split.
func spanAt(spans []urlSpan, at int) (urlSpan, bool) {
	for _, u := range spans {
		if u.start < at && at < u.end {
			return u, true
		}
	}
	return urlSpan{}, false
}

// noLineStart are the marks a Chinese line never starts with.
// (full-width comma, full stop, enumeration comma, colon, semicolon,
// closing bracket and quotes, exclamation and question marks, ellipsis).
const noLineStart = "\uff0c\u3002\u3001\uff1a\uff1b\uff09\u300d\u300f\uff01\uff1f\u2026%"
