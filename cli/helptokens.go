package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

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
// has subcommands and [--flags] when it has flags (flagged: it is known
// to, cobra is not asked).
func useLine(cmd *cobra.Command, full, flagged bool) []helpToken {
	u := cmd.Use
	if full {
		u = cmd.UseLine()
	}
	hasArgs := strings.Contains(u, "[args]")
	hasFlags := flagged || strings.Contains(u, "[flags]") || strings.Contains(u, "[--flags]") || cmd.HasFlags() ||
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

// tokens is a line of words in their colours, in plain text when the
// styles are plain.
func (st *helpStyles) tokens(toks []helpToken) string {
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
