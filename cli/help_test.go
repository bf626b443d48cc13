package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpPlainWhenPiped: the help written to a pipe (no terminal) is
// plain text: no escape sequence, no trailing blanks, the sections in
// order, the flags' column aligned, a flag's default after its help.
func TestHelpPlainWhenPiped(t *testing.T) {
	isolate(t)
	var out, errb bytes.Buffer
	if code := Main([]string{"recommend", "--help"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("recommend --help: exit %d %q", code, errb.String())
	}
	help := out.String()
	tr := newTree([]string{"recommend"}, environ{}, "en", nil, &bytes.Buffer{}, &bytes.Buffer{})
	rec, _, _ := tr.root.Find([]string{"recommend"})
	topDefault := rec.Flags().Lookup("top").DefValue
	if strings.Contains(help, "\x1b") {
		t.Errorf("piped help holds an escape sequence:\n%q", help)
	}
	last, col := -1, -1
	for _, h := range []string{"\n  USAGE\n", "\n  EXAMPLES\n", "\n  FLAGS\n"} {
		i := strings.Index(help, h)
		if i <= last {
			t.Errorf("%q missing or out of order", h)
		}
		last = i
	}
	for _, l := range strings.Split(help, "\n") {
		if strings.TrimRight(l, " ") != l {
			t.Errorf("trailing blanks: %q", l)
		}
		if !strings.HasPrefix(l, "    --") {
			continue
		}
		key, _, _ := strings.Cut(strings.TrimPrefix(l, "    "), " ")
		c := 4 + len(key) + len(l[4+len(key):]) - len(strings.TrimLeft(l[4+len(key):], " "))
		if col >= 0 && c != col {
			t.Errorf("flag help starts at column %d, not %d: %q", c, col, l)
		}
		col = c
		if strings.HasPrefix(l, "    --top ") && !strings.HasSuffix(l, " ("+topDefault+")") {
			t.Errorf("--top's help lacks its default %s: %q", topDefault, l)
		}
	}
	if !strings.Contains(help, "    gpupick recommend [--flags]\n") {
		t.Errorf("usage line missing:\n%s", help)
	}
}

// TestHelpColourStyles: on a colour terminal the help is styled: the
// headings and the flag names each get a style of their own, the code
// block its background; plain styles leave the text as it is.
func TestHelpColourStyles(t *testing.T) {
	tr := newTree([]string{"recommend", "--help"}, environ{}, "zh", nil, &bytes.Buffer{}, &bytes.Buffer{})
	cmd, _, err := tr.root.Find([]string{"recommend"})
	if err != nil {
		t.Fatal(err)
	}
	var plain, colour strings.Builder
	writeHelp(&plain, cmd, "zh", 100, plainHelpStyles(), nil)
	writeHelp(&colour, cmd, "zh", 100, colourHelpStyles(nil, nil), nil)
	if strings.Contains(plain.String(), "\x1b") || !strings.Contains(plain.String(), "\n  用法\n") {
		t.Errorf("plain help:\n%s", plain.String())
	}
	for _, w := range []string{"用法", "--top", "gpupick"} {
		if !strings.Contains(colour.String(), "m"+w+"\x1b[m") {
			t.Errorf("colour help does not style %q", w)
		}
	}
	if !strings.Contains(colour.String(), "\x1b[48;2;") {
		t.Error("colour help has no code block background")
	}
}

// TestContinuedExamples: an example too wide for the help goes on over
// lines a shell reads as one command (each but the last ends with " \"),
// every line within the width but a word wider than it, a flag beside its
// value and a redirection beside its target; nothing is cut.
func TestContinuedExamples(t *testing.T) {
	for _, tc := range []struct {
		example string
		width   int
		lines   int
	}{
		{"gpupick recommend --workload inference --model llama-3.1-8b --format json", 80, 1},
		{"gpupick recommend --workload inference --model llama-3.1-8b --format json", 40, 2},
		{"gpupick export --to skypilot decision.toml > task.sky.yaml", 44, 2},
		{"gpupick completion bash > ~/.local/share/bash-completion/completions/gpupick", 30, 2},
		{"gpupick recommend --params 8B", 5, 3},
	} {
		lines := continued(exampleLines(tc.example)[0], tc.width)
		var words []string
		for i, l := range lines {
			plain := plainHelpStyles().tokens(l)
			if w := displayWidth(plain); w > tc.width && len(strings.Fields(plain)) > 2 {
				t.Errorf("%q at %d: line %q is %d wide", tc.example, tc.width, plain, w)
			}
			f := strings.Fields(plain)
			if i < len(lines)-1 {
				if len(f) == 0 || f[len(f)-1] != `\` {
					t.Errorf("%q at %d: line %q does not end with a continuation", tc.example, tc.width, plain)
				} else {
					f = f[:len(f)-1]
				}
			}
			if len(f) > 0 && (f[len(f)-1] == ">" || strings.HasPrefix(f[len(f)-1], "--") && i < len(lines)-1) {
				t.Errorf("%q at %d: line %q ends on a flag or redirection apart from its value", tc.example, tc.width, plain)
			}
			words = append(words, f...)
		}
		if got := strings.Join(words, " "); got != tc.example {
			t.Errorf("%q at %d: the lines read %q", tc.example, tc.width, got)
		}
		if len(lines) != tc.lines {
			t.Errorf("%q at %d: %d lines, want %d", tc.example, tc.width, len(lines), tc.lines)
		}
	}
}
