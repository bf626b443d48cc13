package text

import (
	"strings"
	"unicode/utf8"
)

// Safe returns s with everything that could steer a terminal taken
// out, so that a string read from a catalog, an import, an update or an
// overlay can be printed as it is: escape sequences (ESC [ … final byte,
// ESC ] … BEL or ESC \, and ESC with one more character), the other C0
// control characters, DEL, the C1 control characters (U+0080–U+009F) and
// the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069,
// with the marks U+200E, U+200F and U+061C). A tab, newline or carriage
// return becomes a space; invalid UTF-8 becomes U+FFFD (a raw byte 0x9B
// is a CSI to some terminals). Printable text, any script, is kept as it
// is; a string with nothing to remove is returned without a copy.
//
// Safe is gpupick's one sanitizer: every text from outside (a catalog, an
// import or update, an overlay, a record, a probe's output) passes through
// it, or through SafeLines, where it enters, before any command prints it.
func Safe(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	if !hasUnsafeRune(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b:
			i += escapeLen(s[i:])
			continue
		case r >= 0x80 && r <= 0x9f:
			i += size + c1Len(r, s[i+size:])
			continue
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case !unsafeRune(r):
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsafeRune reports whether a rune is a control or bidi character that
// Safe removes.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

// hasUnsafeRune reports whether s holds invalid UTF-8 or an unsafe rune.
func hasUnsafeRune(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if unsafeRune(r) {
			return true
		}
	}
	return false
}

// escapeLen is the length of the escape sequence at the start of s (which
// starts with ESC): a CSI (ESC [ parameters, final byte 0x40–0x7E), an
// OSC, DCS, SOS, PM or APC string (ended by BEL or ESC \\, or by the end of
// s), or ESC and one character. Only ASCII bytes are taken with it.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + csiLen(s[2:])
	case ']', 'P', 'X', '^', '_':
		return 2 + controlStringLen(s[2:])
	}
	if s[1] < 0x80 {
		return 2
	}
	return 1
}

// c1Len is the length of what follows a C1 control r at the start of rest
// that belongs to it: the parameters of a CSI (U+009B), the string of an
// OSC, DCS, SOS, PM or APC (U+009D, U+0090, U+0098, U+009E, U+009F).
func c1Len(r rune, rest string) int {
	switch r {
	case 0x9b:
		return csiLen(rest)
	case 0x9d, 0x90, 0x98, 0x9e, 0x9f:
		return controlStringLen(rest)
	}
	return 0
}

// csiLen is the length of a CSI's parameter and intermediate bytes and
// its final byte at the start of s.
func csiLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x40 && c <= 0x7e {
			return i + 1
		}
		if c < 0x20 || c > 0x3f {
			return i // not a parameter or intermediate byte: stop here
		}
	}
	return len(s)
}

// controlStringLen is the length of a control string and its terminator
// (BEL, ESC \\ or U+009C) at the start of s; all of s when unterminated.
func controlStringLen(s string) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
	}
	return len(s)
}

// SafeLines is Safe for a multi-line output whose layout matters (a
// probe's table): each line and each tab-separated cell of it is made
// Safe, and the newlines and tabs between them are kept. A carriage return
// before a newline is dropped (a CRLF output reads as LF).
func SafeLines(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return r != '\t' && r != '\n' && unsafeRune(r) }) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		cells := strings.Split(strings.TrimSuffix(line, "\r"), "\t")
		for j, c := range cells {
			cells[j] = Safe(c)
		}
		lines[i] = strings.Join(cells, "\t")
	}
	return strings.Join(lines, "\n")
}
