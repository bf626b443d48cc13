package cli

import (
	"bytes"
	"strings"
)

// helpWriter writes a help into b: a line is built in line and written
// without its trailing blanks; a text's wrapped lines go in lines. Both
// are reused, line to line.
type helpWriter struct {
	b     *strings.Builder
	st    *helpStyles
	lang  string
	line  []byte
	lines []string
}

// endLine writes the line built, its trailing blanks dropped, and a
// newline, and starts the next.
func (w *helpWriter) endLine() {
	w.b.Write(bytes.TrimRight(w.line, " "))
	w.b.WriteByte('\n')
	w.line = w.line[:0]
}

// heading writes the heading m, in the help's language, a blank line
// before and after it.
func (w *helpWriter) heading(m cliMsg) {
	w.b.WriteString("\n" + helpIndent)
	w.b.WriteString(w.st.title.render(m.in(w.lang)))
	w.b.WriteString("\n\n")
}

// prose writes a command's long help in lines of at most width columns,
// indented: a paragraph of prose too wide is joined and wrapped again
// (its source lines are wrapped for 80 columns); a list or an indented
// line keeps its own line and wraps under itself (wrapLine).
func (w *helpWriter) prose(long string, width int) {
	for i := 0; ; i++ {
		para, rest, more := strings.Cut(long, "\n\n")
		if i > 0 {
			w.b.WriteByte('\n') // the blank line between paragraphs
		}
		prose, fits := true, true
		for l := range strings.SplitSeq(para, "\n") {
			prose = prose && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "- ")
			fits = fits && displayWidth(l) <= width
		}
		if prose && !fits {
			para = strings.ReplaceAll(para, "\n", " ")
		}
		for l := range strings.SplitSeq(para, "\n") {
			if e := labelEnd(l); prose && (e == 0 || e > width/3) {
				w.lines = appendCell(w.lines[:0], l, width) // prose: no hanging indent
			} else {
				w.lines = appendLine(w.lines[:0], l, width)
			}
			for _, wl := range w.lines {
				w.line = append(w.line, helpIndent...)
				w.line = append(w.line, w.st.text.render(wl)...)
				w.endLine()
			}
		}
		if !more {
			return
		}
		long = rest
	}
}

// rows writes rs under the heading m (none when rs is empty): each key
// in a column space wide, its help wrapped room wide beside it.
func (w *helpWriter) rows(m cliMsg, rs []helpRow, space, room int) {
	if len(rs) == 0 {
		return
	}
	w.heading(m)
	for i := range rs {
		r := &rs[i]
		help, first := r.help, true
		for {
			para, rest, more := help, "", false
			if r.split {
				para, rest, more = strings.Cut(help, "\n")
			}
			if !more && r.def != "" {
				para += r.def // the default, styled apart below
			}
			w.lines = appendCell(w.lines[:0], para, room)
			for _, l := range w.lines {
				w.line = append(w.line, helpRowIndent...)
				pad := space
				if first {
					w.key(r)
					pad -= r.keyWidth
				}
				w.line = appendSpaces(w.line, pad)
				text, def, _ := strings.Cut(l, "\x00")
				w.desc(text, first && r.title)
				if def != "" {
					w.line = append(w.line, w.st.flagDefault.render(def)...)
				}
				w.endLine()
				first = false
			}
			if !more {
				break
			}
			help = rest
		}
	}
}

// key writes r's key: a command's usage or a flag's names, styled.
func (w *helpWriter) key(r *helpRow) {
	if r.flag == nil {
		w.line = w.st.appendTokens(w.line, r.toks)
		return
	}
	if w.st.flag.on {
		key := "--" + r.flag.Name
		if r.flag.Shorthand != "" {
			key = "-" + r.flag.Shorthand + " " + key
		}
		w.line = append(w.line, w.st.flag.render(key)...)
		return
	}
	if r.flag.Shorthand != "" {
		w.line = append(w.line, '-')
		w.line = append(w.line, r.flag.Shorthand...)
		w.line = append(w.line, ' ')
	}
	w.line = append(w.line, "--"...)
	w.line = append(w.line, r.flag.Name...)
}

// desc writes a line of a row's help, its first letter upper case when
// title (titleLater).
func (w *helpWriter) desc(text string, title bool) {
	switch {
	case text == "":
	case w.st.desc.on:
		if title {
			text = titleFirst(text, w.lang)
		}
		w.line = append(w.line, w.st.desc.render(text)...)
	case title:
		w.line = append(w.line, text[0]-'a'+'A')
		w.line = append(w.line, text[1:]...)
	default:
		w.line = append(w.line, text...)
	}
}

// appendSpaces appends n blanks to b.
func appendSpaces(b []byte, n int) []byte {
	for ; n > len(spaces); n -= len(spaces) {
		b = append(b, spaces...)
	}
	return append(b, spaces[:max(n, 0)]...)
}

// block writes lines as fang's code block: indented, and on a colour
// terminal on the block's background, inner columns wide; a line wider
// goes on over further lines (continued), never cut: an example is a
// command to copy.
func (w *helpWriter) block(inner int, lines [][]helpToken) {
	st := w.st
	if !st.codeBlock.on {
		for _, l := range lines {
			for _, part := range continued(l, inner) {
				w.line = st.appendTokens(append(w.line[:0], helpRowIndent...), part)
				w.b.Write(w.line)
				w.b.WriteByte('\n')
				w.line = w.line[:0]
			}
		}
		return
	}
	var rendered []string
	for _, l := range lines {
		for _, part := range continued(l, inner) {
			// The background to the block's edge (a word wider than it:
			// the block is as wide as the word).
			pad := st.code[tokArg].render(strings.Repeat(" ", max(inner-tokensWidth(part), 0)))
			rendered = append(rendered, string(st.appendTokens(nil, part))+pad)
		}
	}
	for l := range strings.SplitSeq(st.codeBlock.render(strings.Join(rendered, "\n")), "\n") {
		w.b.WriteString(helpIndent)
		w.b.WriteString(l)
		w.b.WriteByte('\n')
	}
}
