package cli

import (
	"bytes"
	"cmp"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
	"github.com/gpupick/gpupick/model/text"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The help's layout: the sections fang wrote (the long help, USAGE,
// EXAMPLES, COMMANDS, FLAGS), indented as fang indented them.
const (
	helpIndent    = "  "   // the long help and the headings
	helpRowIndent = "    " // the rows under a heading
	helpMinKey    = 10     // the narrowest key column
	helpMaxWidth  = 120    // the widest the help is wrapped to
	helpMinHelp   = 24     // the narrowest a command's or flag's help wraps to
)

// help is the help function of every command: cmd's long help, its usage
// line, its examples, its commands and its flags, with the headings in
// the command line's language. Plain text when stdout is no terminal or
// colour is off; on a colour terminal a handful of styles in fang's
// default colours (helpColors). Written here rather than by fang, whose
// per-flag styling pipeline was most of `gpupick --help`'s time (issue 26).
func (t *tree) help(cmd *cobra.Command, _ []string) {
	var w io.Writer = t.out
	st := plainHelpStyles()
	width := min(t.env.width(), helpMaxWidth)
	if t.env.terminal > 0 {
		cw := colorprofile.NewWriter(t.stdout, os.Environ())
		cw.Forward = t.out
		if cw.Profile > colorprofile.Ascii {
			st = colourHelpStyles(t.stdin, t.stdout)
		}
		w = cw
	}
	cobraHelpFlag(cmd, t.lang)
	for _, sc := range cmd.Commands() {
		t.giveHelp(sc) // its usage line shows [--flags]
	}
	var b strings.Builder
	writeHelp(&b, cmd, t.lang, width, st)
	_, _ = io.WriteString(w, b.String()) // a failed write is output's to report
}

// cobraHelpFlag words in lang the -h, --help that cobra gave cmd as it ran
// (cobra's help and completion commands: the tree gives every other
// command its own, giveHelp).
func cobraHelpFlag(cmd *cobra.Command, lang string) {
	if f := cmd.Flags().Lookup("help"); f != nil && f.Annotations[cobra.FlagSetByCobraAnnotation] != nil {
		f.Usage = tf(tFlagHelp, lang, cmd.Name())
	}
}

// writeHelp writes cmd's help, wrapped to width, in styles st.
func writeHelp(b *strings.Builder, cmd *cobra.Command, lang string, width int, st helpStyles) {
	rows, nCmds := helpRows(cmd, lang)
	w := helpWriter{b: b, st: &st, lang: lang}
	long := cmp.Or(cmd.Long, cmd.Short)
	usage := useLine(cmd, true)
	examples := exampleLines(cmd.Example)
	b.Grow(helpSize(long, cmd.Example, rows, st.codeBlock.on))

	if long != "" {
		b.WriteByte('\n')
		w.prose(long, width-len(helpIndent))
	}
	w.heading(tHelpUsage)
	blockWidth := st.blockWidth(width, usage, examples)
	w.block(blockWidth, [][]helpToken{usage})
	if len(examples) > 0 {
		w.heading(tHelpExamples)
		w.block(blockWidth, examples)
	}
	space := helpMinKey
	for i := range rows {
		space = max(space, rows[i].keyWidth+2)
	}
	// The help wraps in its own column, the key column beside it; a
	// terminal too narrow for both gives the help helpMinHelp columns
	// and lets the line run over rather than cut a word.
	room := max(width-len(helpRowIndent)-space, helpMinHelp)
	w.rows(tHelpCommands, rows[:nCmds], space, room)
	w.rows(tHelpFlags, rows[nCmds:], space, room)
	b.WriteByte('\n')
}

// helpRow is a row of the help's commands or flags: a command's usage
// or a flag's names (styled), and its help (plain) with a default value
// to show after it.
type helpRow struct {
	toks     []helpToken // a command's usage
	flag     *pflag.Flag // or a flag
	keyWidth int         // the columns of the usage or the names
	help     string      // a command's one-line help; a flag's, one paragraph a line
	split    bool        // help is a flag's: a paragraph a line
	title    bool        // help's first byte, a lower-case ASCII letter, is written upper case (titleFirst)
	def      string      // the flag's default, "\x00 (value)", styled apart
}

// helpRows are cmd's commands (the first nCmds rows) and its flags, as
// the help lists them.
func helpRows(cmd *cobra.Command, lang string) (rows []helpRow, nCmds int) {
	subs := cmd.Commands()
	nFlags := 0
	flags := cmd.Flags()
	flags.VisitAll(func(*pflag.Flag) { nFlags++ })
	rows = make([]helpRow, 0, len(subs)+nFlags)
	for _, sc := range subs {
		if !sc.Hidden {
			toks := useLine(sc, false)
			help, title := titleLater(sc.Short, lang)
			rows = append(rows, helpRow{toks: toks, keyWidth: tokensWidth(toks), help: help, title: title})
		}
	}
	nCmds = len(rows)
	flags.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		r := helpRow{flag: f, keyWidth: 2 + displayWidth(f.Name), split: true}
		if f.Shorthand != "" {
			r.keyWidth += 2 + displayWidth(f.Shorthand)
		}
		r.help = f.Usage
		first, rest, more := strings.Cut(f.Usage, "\n")
		if titled, later := titleLater(first, lang); later {
			r.title = true
		} else if titled != first {
			r.help = titled
			if more {
				r.help += "\n" + rest
			}
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" {
			r.def = "\x00 (" + d + ")"
		}
		rows = append(rows, r)
	})
	return rows, nCmds
}

// helpSize is about the bytes of a help: its texts, a row's key column,
// and the styles' escape sequences; a little more rather than less, for
// the help's builder to grow once.
func helpSize(long, example string, rows []helpRow, colour bool) int {
	n := 256 + len(long) + 2*len(example)
	for i := range rows {
		n += 40 + 2*rows[i].keyWidth + len(rows[i].help) + len(rows[i].def)
		n += 40 * (len(rows[i].help) / 40) // the key column of its further lines
	}
	if colour {
		n *= 2
	}
	return n
}

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

// spaces is a run of blanks to pad with.
const spaces = "                                                                "

// appendSpaces appends n blanks to b.
func appendSpaces(b []byte, n int) []byte {
	for ; n > len(spaces); n -= len(spaces) {
		b = append(b, spaces...)
	}
	return append(b, spaces[:max(n, 0)]...)
}

// titleFirst is s with its first letter upper case, as fang showed a
// command's and a flag's one-line help in English; Chinese has no
// capitals, and a Chinese help that starts with a value (wallclock, auto)
// shows it as it is typed.
func titleFirst(s, lang string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) || text.LangOf(lang) == text.ZH {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// titleLater is titleFirst(s, lang) to be written later: s as it is and
// true when titleFirst would only upper-case its first byte (a lower-case
// ASCII letter: the same width and length, so s wraps as the titled text
// does), else titleFirst(s, lang) and false.
func titleLater(s, lang string) (string, bool) {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' && text.LangOf(lang) != text.ZH {
		return s, true
	}
	return titleFirst(s, lang), false
}

// tokenKind is what a word of a usage line or an example is, for its
// colour.
type tokenKind int

const (
	tokArg     tokenKind = iota // an argument
	tokDimmed                   // [command], [--flags], a pipe, a redirection
	tokProgram                  // gpupick
	tokCommand                  // a command's name
	tokFlag                     // --name, --name=
	tokComment                  // a # comment line
)

// helpToken is one word of a usage line or an example, with the space
// before it.
type helpToken struct {
	kind tokenKind
	text string
}

// useLine is cmd's usage line as fang wrote it: its name (with its
// parents' when full), the arguments in its Use, then [command] when it
// has subcommands and [--flags] when it has flags.
func useLine(cmd *cobra.Command, full bool) []helpToken {
	u := cmd.Use
	if full {
		u = cmd.UseLine()
	}
	hasArgs := strings.Contains(u, "[args]")
	hasFlags := strings.Contains(u, "[flags]") || strings.Contains(u, "[--flags]") || cmd.HasFlags() ||
		cmd.HasPersistentFlags() || cmd.HasAvailableFlags()
	hasCommands := strings.Contains(u, "[command]") || cmd.HasAvailableSubCommands()
	for _, k := range []string{"[args]", "[flags]", "[--flags]", "[command]"} {
		u = strings.ReplaceAll(u, k, "")
	}
	var other string // the bracketed arguments left, as one
	if i, j := strings.IndexByte(u, '['), strings.LastIndexByte(u, ']'); i >= 0 && j > i {
		other, u = u[i:j+1], u[:i]+u[j+1:]
	}
	toks := make([]helpToken, 0, strings.Count(u, " ")+4)
	for p := range strings.FieldsSeq(u) {
		kind := tokCommand
		if full && len(toks) == 0 {
			kind = tokProgram
		}
		toks = append(toks, helpToken{kind, p})
	}
	for _, d := range []struct {
		on   bool
		text string
	}{{hasCommands, "[command]"}, {hasArgs, "[args]"}, {other != "", other}, {hasFlags, "[--flags]"}} {
		if d.on {
			toks = append(toks, helpToken{tokDimmed, d.text})
		}
	}
	return toks
}

// exampleLines are the lines of a command's examples, each split in
// words for their colours: the program's name, the command words after
// it, the flags, a # comment, pipes and redirections.
func exampleLines(example string) [][]helpToken {
	example = strings.Trim(example, "\n")
	if example == "" {
		return nil
	}
	out := make([][]helpToken, 0, strings.Count(example, "\n")+1)
	for l := range strings.SplitSeq(example, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if strings.HasPrefix(l, "# ") {
			out = append(out, []helpToken{{tokComment, l}})
			continue
		}
		toks := make([]helpToken, 0, strings.Count(l, " ")+1)
		afterProgram, inCommand, redirect := false, false, false
		for w := range strings.FieldsSeq(l) {
			kind := tokArg
			switch {
			case redirect:
				kind, redirect = tokDimmed, false
			case w == "|" || w == "||" || w == "&&" || w == "&" || w == "\\":
				kind, afterProgram = tokDimmed, false
			case strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<") || strings.HasPrefix(w, "2>"):
				kind, redirect = tokDimmed, w == ">" || w == ">>" || w == "<" || w == "2>"
			case w == "gpupick":
				kind, afterProgram, inCommand = tokProgram, true, true
			case strings.HasPrefix(w, "-"):
				kind, inCommand = tokFlag, false
			case afterProgram && inCommand && !strings.ContainsAny(w, "./=\"'"):
				kind = tokCommand
			default:
				inCommand = false
			}
			toks = append(toks, helpToken{kind, w})
		}
		out = append(out, toks)
	}
	return out
}

// helpStyle is one style of the help; a plain style writes the text as
// it is.
type helpStyle struct {
	style lipgloss.Style
	on    bool
}

func (s helpStyle) render(text string) string {
	if !s.on || text == "" {
		return text
	}
	return s.style.Render(text)
}

// helpStyles are the help's styles: the headings, the long help, the
// one-line helps, a flag's default, and a code block's words by kind.
type helpStyles struct {
	title, text, desc, flag, flagDefault helpStyle
	code                                 map[tokenKind]helpStyle
	codeBlock                            helpStyle // the code block's background, padding and margin
}

// plainHelpStyles write the help as plain text.
func plainHelpStyles() helpStyles { return helpStyles{} }

// colourHelpStyles are fang's default styles in its default colours, on
// the terminal's background (a dark or light scheme).
func colourHelpStyles(stdin io.Reader, stdout io.Writer) helpStyles {
	dark := true
	if in, ok := stdin.(term.File); ok {
		if out, ok := stdout.(term.File); ok {
			dark = lipgloss.HasDarkBackground(in, out)
		}
	}
	cs := helpColors(lipgloss.LightDark(dark))
	on := func(s lipgloss.Style) helpStyle { return helpStyle{style: s, on: true} }
	fg := lipgloss.NewStyle().Background(cs.Codeblock)
	return helpStyles{
		title:       on(lipgloss.NewStyle().Bold(true).Foreground(cs.Title).Transform(strings.ToUpper)),
		text:        on(lipgloss.NewStyle().Foreground(cs.Base)),
		desc:        on(lipgloss.NewStyle().Foreground(cs.Description)),
		flag:        on(lipgloss.NewStyle().Foreground(cs.Flag)),
		flagDefault: on(lipgloss.NewStyle().Foreground(cs.FlagDefault)),
		code: map[tokenKind]helpStyle{
			tokArg: on(fg.Foreground(cs.Argument)), tokDimmed: on(fg.Foreground(cs.DimmedArgument)),
			tokProgram: on(fg.Foreground(cs.Program)), tokCommand: on(fg.Foreground(cs.Command)),
			tokFlag: on(fg.Foreground(cs.Flag)), tokComment: on(fg.Foreground(cs.Comment)),
		},
		codeBlock: on(lipgloss.NewStyle().Background(cs.Codeblock).Padding(1, 2)),
	}
}

// tokens is a line of words in their colours, in plain text when the
// styles are plain.
func (st helpStyles) tokens(toks []helpToken) string {
	return string(st.appendTokens(make([]byte, 0, tokensWidth(toks)), toks))
}

// appendTokens appends toks to b as tokens writes them.
func (st *helpStyles) appendTokens(b []byte, toks []helpToken) []byte {
	for i, tk := range toks {
		if i > 0 {
			b = append(b, st.code[tokDimmed].render(" ")...)
		}
		b = append(b, st.code[tk.kind].render(tk.text)...)
	}
	return b
}

// tokensWidth is the columns of toks written as a line: their words and
// a space between two.
func tokensWidth(toks []helpToken) int {
	w := max(len(toks)-1, 0)
	for _, tk := range toks {
		w += displayWidth(tk.text)
	}
	return w
}

// blockWidth is the width of the code blocks' text (the usage line and
// the examples): their widest line, at most what the terminal's width
// leaves.
func (st *helpStyles) blockWidth(width int, usage []helpToken, examples [][]helpToken) int {
	inner := tokensWidth(usage)
	for _, l := range examples {
		inner = max(inner, tokensWidth(l))
	}
	return min(inner, width-len(helpRowIndent)-2)
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

// continued splits a command line's words into lines of at most width
// columns, as a shell reads them: each line but the last ends with " \\"
// and the next goes on two columns in. A flag stays with its value, a
// redirection or a pipe with what follows it; a word wider than the line
// stands alone on it.
func continued(l []helpToken, width int) [][]helpToken {
	// Every line is a piece of all: l's words, with a continuation and
	// an indent between two lines (at most two more a word), so that a
	// line appended to never moves the ones before it.
	all := make([]helpToken, 0, 3*len(l)+1)
	var out [][]helpToken
	start := 0 // where the current line starts in all
	w := 0     // its width
	for i := 0; i < len(l); {
		n := 1 // the words that go together: a flag and its value
		switch t := l[i].text; {
		case i+1 == len(l):
		case l[i].kind == tokFlag && l[i+1].kind == tokArg,
			t == ">" || t == ">>" || t == "<" || t == "2>" || t == "|":
			n = 2
		}
		add := 0
		for _, tk := range l[i : i+n] {
			add += 1 + displayWidth(tk.text)
		}
		room := width
		if i+n < len(l) {
			room -= 2 // the " \\" that would end the line
		}
		cur := len(all) - start
		hasWord := cur > 1 || cur == 1 && len(out) == 0
		if hasWord && w+add > room {
			all = append(all, helpToken{tokDimmed, "\\"})
			out = append(out, all[start:len(all):len(all)])
			start = len(all)
			all = append(all, helpToken{tokDimmed, " "})
			w = 1
		}
		for _, tk := range l[i : i+n] {
			if len(all) > start {
				w++
			}
			all = append(all, tk)
			w += displayWidth(tk.text)
		}
		i += n
	}
	return append(out, all[start:])
}
