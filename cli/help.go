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
	width := helpMaxWidth
	if t.env.terminal > 0 {
		width = min(t.env.terminal, helpMaxWidth)
		cw := colorprofile.NewWriter(t.stdout, os.Environ())
		cw.Forward = t.out
		if cw.Profile > colorprofile.Ascii {
			st = colourHelpStyles(t.stdin, t.stdout)
		}
		w = cw
	}
	var b strings.Builder
	writeHelp(&b, cmd, t.lang, width, st)
	_, _ = io.WriteString(w, b.String()) // a failed write is output's to report
}

// writeHelp writes cmd's help, wrapped to width, in styles st.
func writeHelp(b *strings.Builder, cmd *cobra.Command, lang string, width int, st helpStyles) {
	if long := cmp.Or(cmd.Long, cmd.Short); long != "" {
		b.WriteString("\n")
		for _, line := range strings.Split(ansi.Wordwrap(long, width-len(helpIndent), ""), "\n") {
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

	var cmds, flags [][2]string // key, help
	for _, sc := range cmd.Commands() {
		if !sc.Hidden {
			cmds = append(cmds, [2]string{st.tokens(useLine(sc, false)), st.desc.render(titleFirst(sc.Short))})
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
		lines := strings.Split(f.Usage, "\n")
		for i, l := range lines {
			if i == 0 {
				l = titleFirst(l)
			}
			if l != "" {
				lines[i] = st.desc.render(l)
			}
		}
		help := strings.Join(lines, "\n")
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" {
			help += st.flagDefault.render(" (" + d + ")")
		}
		flags = append(flags, [2]string{st.flag.render(key), help})
	})
	space := helpMinKey
	for _, r := range slices.Concat(cmds, flags) {
		space = max(space, ansi.StringWidth(r[0])+2)
	}
	rows := func(m cliMsg, rs [][2]string) {
		if len(rs) == 0 {
			return
		}
		heading(m)
		for _, r := range rs {
			pad := strings.Repeat(" ", space-ansi.StringWidth(r[0]))
			b.WriteString(helpRowIndent + r[0] + pad + r[1] + "\n")
		}
	}
	rows(tHelpCommands, cmds)
	rows(tHelpFlags, flags)
	b.WriteString("\n")
}

// titleFirst is s with its first letter upper case, as fang showed a
// command's and a flag's one-line help.
func titleFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
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
// is cut with ….
func (st helpStyles) block(b *strings.Builder, inner int, lines [][]helpToken) {
	rendered := make([]string, len(lines))
	for i, l := range lines {
		rendered[i] = st.tokens(l)
	}
	for i, r := range rendered {
		if ansi.StringWidth(r) > inner {
			rendered[i] = ansi.Truncate(r, inner, "…")
		}
	}
	if !st.codeBlock.on {
		for _, r := range rendered {
			b.WriteString(helpRowIndent + r + "\n")
		}
		return
	}
	for i, r := range rendered { // the background to the block's edge
		rendered[i] = r + st.code[tokArg].render(strings.Repeat(" ", inner-ansi.StringWidth(r)))
	}
	for _, l := range strings.Split(st.codeBlock.render(strings.Join(rendered, "\n")), "\n") {
		b.WriteString(helpIndent + l + "\n")
	}
}
