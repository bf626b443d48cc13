package cli

import (
	"cmp"
	"io"
	"os"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
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
	var b strings.Builder
	writeHelp(&b, cmd, t.lang, width, st)
	_, _ = io.WriteString(w, b.String()) // a failed write is output's to report
}

// cobraHelpFlag words in lang the -h, --help that cobra gave cmd as it ran
// (cobra's help and completion commands: helpFlags gave every other
// command its own).
func cobraHelpFlag(cmd *cobra.Command, lang string) {
	if f := cmd.Flags().Lookup("help"); f != nil && f.Annotations[cobra.FlagSetByCobraAnnotation] != nil {
		f.Usage = tf(tFlagHelp, lang, cmd.Name())
	}
}

// writeHelp writes cmd's help, wrapped to width, in styles st.
func writeHelp(b *strings.Builder, cmd *cobra.Command, lang string, width int, st helpStyles) {
	if long := cmp.Or(cmd.Long, cmd.Short); long != "" {
		b.WriteString("\n")
		for _, line := range proseLines(long, width-len(helpIndent)) {
			b.WriteString(strings.TrimRight(helpIndent+st.text.render(line), " ") + "\n")
		}
	}
	heading := func(m cliMsg) { b.WriteString("\n" + helpIndent + st.title.render(m.in(lang)) + "\n\n") }
	heading(tHelpUsage)
	usage := useLine(cmd, true)
	examples := exampleLines(cmd.Example)
	blockWidth := st.blockWidth(width, append([][]helpToken{usage}, examples...))
	st.block(b, blockWidth, [][]helpToken{usage})
	if len(examples) > 0 {
		heading(tHelpExamples)
		st.block(b, blockWidth, examples)
	}

	// A row is a command or flag (styled) and its help (plain, one
	// paragraph a line) with a default value to show after it.
	type row struct {
		key  string
		help []string
		def  string
	}
	var cmds, flags []row
	for _, sc := range cmd.Commands() {
		if !sc.Hidden {
			cmds = append(cmds, row{key: st.tokens(useLine(sc, false)), help: []string{titleFirst(sc.Short, lang)}})
		}
	}
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		key := "--" + f.Name
		if f.Shorthand != "" {
			key = "-" + f.Shorthand + " " + key
		}
		r := row{key: st.flag.render(key), help: strings.Split(f.Usage, "\n")}
		r.help[0] = titleFirst(r.help[0], lang)
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" {
			r.def = " (" + d + ")"
		}
		flags = append(flags, r)
	})
	space := helpMinKey
	for _, r := range slices.Concat(cmds, flags) {
		space = max(space, ansi.StringWidth(r.key)+2)
	}
	// The help wraps in its own column, the key column beside it; a
	// terminal too narrow for both gives the help helpMinHelp columns
	// and lets the line run over rather than cut a word.
	room := max(width-len(helpRowIndent)-space, helpMinHelp)
	rows := func(m cliMsg, rs []row) {
		if len(rs) == 0 {
			return
		}
		heading(m)
		for _, r := range rs {
			var lines []string
			for i, para := range r.help {
				if i == len(r.help)-1 && r.def != "" {
					para += "\x00" + r.def // the default, styled apart below
				}
				lines = append(lines, wrapCell(para, room)...)
			}
			for i, l := range lines {
				key := strings.Repeat(" ", space)
				if i == 0 {
					key = r.key + strings.Repeat(" ", space-ansi.StringWidth(r.key))
				}
				text, def, _ := strings.Cut(l, "\x00")
				out := ""
				if text != "" {
					out = st.desc.render(text)
				}
				if def != "" {
					out += st.flagDefault.render(def)
				}
				b.WriteString(strings.TrimRight(helpRowIndent+key+out, " ") + "\n")
			}
		}
	}
	rows(tHelpCommands, cmds)
	rows(tHelpFlags, flags)
	b.WriteString("\n")
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
	parts := strings.Fields(u)
	var toks []helpToken
	if full && len(parts) > 0 {
		toks = append(toks, helpToken{tokProgram, parts[0]})
		parts = parts[1:]
	}
	for _, p := range parts {
		toks = append(toks, helpToken{tokCommand, p})
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
	lines := strings.Split(strings.Trim(example, "\n"), "\n")
	var out [][]helpToken
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if strings.HasPrefix(l, "# ") {
			out = append(out, []helpToken{{tokComment, l}})
			continue
		}
		var toks []helpToken
		afterProgram, inCommand, redirect := false, false, false
		for _, w := range strings.Fields(l) {
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
	var b strings.Builder
	for i, tk := range toks {
		if i > 0 {
			b.WriteString(st.code[tokDimmed].render(" "))
		}
		b.WriteString(st.code[tk.kind].render(tk.text))
	}
	return b.String()
}

// blockWidth is the width of the code blocks' text: their widest line,
// at most what the terminal's width leaves.
func (st helpStyles) blockWidth(width int, lines [][]helpToken) int {
	inner := 0
	for _, l := range lines {
		w := max(len(l)-1, 0) // the spaces between the words
		for _, tk := range l {
			w += ansi.StringWidth(tk.text)
		}
		inner = max(inner, w)
	}
	return min(inner, width-len(helpRowIndent)-2)
}

// block writes lines as fang's code block: indented, and on a colour
// terminal on the block's background, inner columns wide; a line wider
// goes on over further lines (continued), never cut: an example is a
// command to copy.
func (st helpStyles) block(b *strings.Builder, inner int, lines [][]helpToken) {
	var rendered []string
	for _, l := range lines {
		for _, part := range continued(l, inner) {
			rendered = append(rendered, st.tokens(part))
		}
	}
	if !st.codeBlock.on {
		for _, r := range rendered {
			b.WriteString(helpRowIndent + r + "\n")
		}
		return
	}
	for i, r := range rendered { // the background to the block's edge (a word wider than it: the block is as wide as the word)
		rendered[i] = r + st.code[tokArg].render(strings.Repeat(" ", max(inner-ansi.StringWidth(r), 0)))
	}
	for _, l := range strings.Split(st.codeBlock.render(strings.Join(rendered, "\n")), "\n") {
		b.WriteString(helpIndent + l + "\n")
	}
}

// continued splits a command line's words into lines of at most width
// columns, as a shell reads them: each line but the last ends with " \\"
// and the next goes on two columns in. A flag stays with its value, a
// redirection or a pipe with what follows it; a word wider than the line
// stands alone on it.
func continued(l []helpToken, width int) [][]helpToken {
	var out [][]helpToken
	var cur []helpToken
	w := 0 // cur's width
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
			add += 1 + ansi.StringWidth(tk.text)
		}
		room := width
		if i+n < len(l) {
			room -= 2 // the " \\" that would end the line
		}
		hasWord := len(cur) > 1 || len(cur) == 1 && len(out) == 0
		if hasWord && w+add > room {
			out = append(out, append(cur, helpToken{tokDimmed, "\\"}))
			cur, w = []helpToken{{tokDimmed, " "}}, 1
		}
		for _, tk := range l[i : i+n] {
			if len(cur) > 0 {
				w++
			}
			cur = append(cur, tk)
			w += ansi.StringWidth(tk.text)
		}
		i += n
	}
	return append(out, cur)
}

// proseLines is a command's long help in lines of at most width columns:
// a paragraph of prose too wide is joined and wrapped again (its source
// lines are wrapped for 80 columns); a list or an indented line keeps its
// own line and wraps under itself (wrapLine).
func proseLines(long string, width int) []string {
	var out []string
	for i, para := range strings.Split(long, "\n\n") {
		if i > 0 {
			out = append(out, "")
		}
		lines := strings.Split(para, "\n")
		prose, fits := true, true
		for _, l := range lines {
			prose = prose && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "- ")
			fits = fits && displayWidth(l) <= width
		}
		if prose && !fits {
			lines = []string{strings.Join(lines, " ")}
		}
		for _, l := range lines {
			if e := labelEnd(l); prose && (e == 0 || e > width/3) {
				out = append(out, wrapCell(l, width)...) // prose: no hanging indent
				continue
			}
			out = append(out, wrapLine(l, width)...)
		}
	}
	return out
}
