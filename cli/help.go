package cli

import (
	"cmp"
	"image/color"
	"io"
	"os"
	"slices"
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
	var b strings.Builder
	writeHelp(&b, cmd, t.lang, width, st, t.declarable)
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

// writeHelp writes cmd's help, wrapped to width, in styles st. The
// commands of flagged have flags (the tree's own: each gets its -h when it
// is declared), so their usage lines show [--flags] without asking cobra,
// which would make each its flag set (issue 26); cobra is asked of the
// others.
func writeHelp(b *strings.Builder, cmd *cobra.Command, lang string, width int, st *helpStyles, flagged []*cobra.Command) {
	rows, nCmds := helpRows(cmd, lang, flagged)
	w := helpWriter{b: b, st: st, lang: lang}
	long := cmp.Or(cmd.Long, cmd.Short)
	usage := useLine(cmd, true, false)
	examples := exampleLines(cmd.Example)
	space, room := rowColumns(rows, width)
	b.Grow(helpSize(long, cmd.Example, rows, width, space, room, st.codeBlock.on))

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
// the help lists them; the commands of flagged have flags (writeHelp).
func helpRows(cmd *cobra.Command, lang string, flagged []*cobra.Command) (rows []helpRow, nCmds int) {
	subs := cmd.Commands()
	// The flags in pflag's order, read once: each VisitAll sorts them.
	var flags []*pflag.Flag
	cmd.Flags().VisitAll(func(f *pflag.Flag) { flags = append(flags, f) })
	rows = make([]helpRow, 0, len(subs)+len(flags))
	for _, sc := range subs {
		if !sc.Hidden {
			toks := useLine(sc, false, slices.Contains(flagged, sc))
			help, title := titleLater(sc.Short, lang)
			rows = append(rows, helpRow{toks: toks, keyWidth: tokensWidth(toks), help: help, title: title})
		}
	}
	nCmds = len(rows)
	for _, f := range flags {
		if f.Hidden {
			continue
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
	}
	return rows, nCmds
}

// rowColumns are the columns of the rows of a help width columns wide:
// the key column's (space) and the help's beside it (room). The help
// wraps in its own column; a terminal too narrow for both gives the help
// helpMinHelp columns and lets the line run over rather than cut a word.
func rowColumns(rows []helpRow, width int) (space, room int) {
	space = helpMinKey
	for i := range rows {
		space = max(space, rows[i].keyWidth+2)
	}
	return space, max(width-len(helpRowIndent)-space, helpMinHelp)
}

// helpSize is about the bytes of a help width columns wide: its texts,
// each line's indent (a row's further lines indented past the key column
// space wide, its help wrapped in room columns), and the styles' escape
// sequences; a little more rather than less, for the help's builder to
// grow once, and little more, for it to take no page it will not write
// (an estimate twice the help was a fifth of --help's bytes, issue 26).
func helpSize(long, example string, rows []helpRow, width, space, room int, colour bool) int {
	lines := func(s string, cols int) int { return len(s)/max(cols, 1) + 1 }
	n := 256 + len(long) + (len(helpIndent)+1)*lines(long, width-len(helpIndent)) + 3*len(example)
	for i := range rows {
		r := &rows[i]
		n += len(helpRowIndent) + space + len(r.help) + len(r.def)
		for _, t := range r.toks {
			n += len(t.text) + 1
		}
		n += (len(helpRowIndent) + space + 2) * lines(r.help, room)
	}
	if colour {
		n *= 2
	}
	return n
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
// The help passes them by pointer: by value they are 3.9 KB, copied into
// every frame on the way, and help's own frame of 8 KB grew the main
// goroutine's stack to 16 KB on every `gpupick --help` (a stack copy and
// about 17 page faults more, issue 26).
type helpStyles struct {
	title, text, desc, flag, flagDefault helpStyle
	code                                 map[tokenKind]helpStyle
	codeBlock                            helpStyle // the code block's background, padding and margin
}

// plainHelpStyles write the help as plain text: the zero styles, one
// value for every help (styles are only read).
func plainHelpStyles() *helpStyles { return &plainStyles }

// plainStyles are the zero styles: static data, not made for each help.
var plainStyles helpStyles

// colourHelpStyles are fang's default styles in its default colours, on
// the terminal's background (a dark or light scheme).
func colourHelpStyles(stdin io.Reader, stdout io.Writer) *helpStyles {
	dark := true
	if in, ok := stdin.(term.File); ok {
		if out, ok := stdout.(term.File); ok {
			dark = lipgloss.HasDarkBackground(in, out)
		}
	}
	cs := helpColors(lipgloss.LightDark(dark))
	// The styles are made a few at a time (the same colours in loops): a
	// composite literal of them all held every style's temporaries at
	// once, a frame of 20 KB (now 9.6 KB) that grew the stack of every
	// `gpupick --help` on a colour terminal to 32 KB (issue 26).
	st := &helpStyles{code: make(map[tokenKind]helpStyle, 6)}
	plain := lipgloss.NewStyle()
	st.title = helpStyle{style: plain.Bold(true).Foreground(cs.Title).Transform(strings.ToUpper), on: true}
	for _, f := range []struct {
		style *helpStyle
		color color.Color
	}{{&st.text, cs.Base}, {&st.desc, cs.Description}, {&st.flag, cs.Flag}, {&st.flagDefault, cs.FlagDefault}} {
		*f.style = helpStyle{style: plain.Foreground(f.color), on: true}
	}
	block := plain.Background(cs.Codeblock)
	for _, k := range []struct {
		kind  tokenKind
		color color.Color
	}{{tokArg, cs.Argument}, {tokDimmed, cs.DimmedArgument}, {tokProgram, cs.Program}, {tokCommand, cs.Command}, {tokFlag, cs.Flag}, {tokComment, cs.Comment}} {
		st.code[k.kind] = helpStyle{style: block.Foreground(k.color), on: true}
	}
	st.codeBlock = helpStyle{style: block.Padding(1, 2), on: true}
	return st
}
