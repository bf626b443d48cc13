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

// wrapLine breaks s into lines of at most width display columns: at the
// last space that fits, else before a wide character, else (a word wider
// than the line) inside the word. The lines after the first are indented
// two columns more than s.
func wrapLine(s string, width int) []string {
	if displayWidth(s) <= width {
		return []string{s}
	}
	indent := strings.Repeat(" ", min(len(s)-len(strings.TrimLeft(s, " "))+2, width/2))
	var lines []string
	prefix := ""
	for {
		room := width - displayWidth(prefix)
		if displayWidth(s) <= room {
			return append(lines, prefix+s)
		}
		cut, next := breakAt(s, room)
		lines = append(lines, strings.TrimRight(prefix+s[:cut], " "))
		s = strings.TrimLeft(s[next:], " ")
		prefix = indent
		if s == "" {
			return lines
		}
	}
}

// breakAt returns where to end a line of s that may be room columns wide
// (cut) and where the rest starts (next): at the last break that fits — a
// space (dropped), or before or after a wide character (not before a
// Chinese punctuation mark, which never starts a line) — else at room.
func breakAt(s string, room int) (cut, next int) {
	used, hard := 0, 0
	var breaks [][2]int       // candidate (cut, next) pairs, in order
	ok := func(at int) bool { // a line may start at byte at
		r, _ := utf8.DecodeRuneInString(s[at:])
		return at < len(s) && !strings.ContainsRune(noLineStart, r)
	}
	for i, r := range s {
		rw := cellWidth.Rune(r)
		if used+rw > room {
			break
		}
		size := utf8.RuneLen(r)
		switch {
		case r == ' ' && i > 0:
			breaks = append(breaks, [2]int{i, i + 1})
		case rw == 2:
			if i > 0 && ok(i) {
				breaks = append(breaks, [2]int{i, i})
			}
			if ok(i + size) {
				breaks = append(breaks, [2]int{i + size, i + size})
			}
		}
		used += rw
		hard = i + size
	}
	if len(breaks) > 0 {
		b := breaks[len(breaks)-1]
		return b[0], b[1]
	}
	if hard == 0 {
		// Not even one character fits: take one anyway.
		_, size := utf8.DecodeRuneInString(s)
		return size, size
	}
	return hard, hard
}

// noLineStart are the marks a Chinese line never starts with.
// (full-width comma, full stop, enumeration comma, colon, semicolon,
// closing bracket and quotes, exclamation and question marks, ellipsis).
const noLineStart = "\uff0c\u3002\u3001\uff1a\uff1b\uff09\u300d\u300f\uff01\uff1f\u2026%"
