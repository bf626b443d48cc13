package cli

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestEveryHelpInChinese walks the whole command tree built for --lang zh:
// every command's one-line help and long help and every flag's help
// (the answers' from the registry, the commands' own, cobra's help and
// completion commands') is Chinese, so a new flag or command without a
// Chinese help fails here.
func TestEveryHelpInChinese(t *testing.T) {
	tr := newTree(nil, environ{}, "zh", nil, io.Discard, io.Discard)
	tr.declareAll()
	en := newTree(nil, environ{}, "en", nil, io.Discard, io.Discard)
	en.declareAll()
	commands, flags := 0, 0
	var walk func(c, e *cobra.Command)
	walk = func(c, e *cobra.Command) {
		commands++
		if !hasHan(c.Short) {
			t.Errorf("%s: one-line help not Chinese: %q", c.CommandPath(), c.Short)
		}
		if e.Long != "" && !hasHan(c.Long) {
			t.Errorf("%s: long help not Chinese: %q", c.CommandPath(), c.Long)
		}
		if c.Example != e.Example {
			t.Errorf("%s: examples differ by language:\n%s\n%s", c.CommandPath(), c.Example, e.Example)
		}
		cobraHelpFlag(c, "zh") // cobra's -h of its own commands, as the help words it
		c.Flags().VisitAll(func(f *pflag.Flag) {
			flags++
			if !hasHan(f.Usage) {
				t.Errorf("%s --%s: help not Chinese: %q", c.CommandPath(), f.Name, f.Usage)
			}
		})
		for _, sub := range c.Commands() {
			esub, _, err := e.Find([]string{sub.Name()})
			if err != nil || esub.Name() != sub.Name() {
				esub, _, _ = e.Find(strings.Fields(strings.TrimPrefix(sub.CommandPath(), "gpupick ")))
			}
			walk(sub, esub)
		}
	}
	walk(tr.root, en.root)
	if commands < 20 || flags < 100 {
		t.Fatalf("walked %d commands and %d flags: the tree is not all there", commands, flags)
	}
}

// cobraProgs are the programs whose command lines a Chinese help quotes
// as they are typed (sky jobs launch, sky serve up).
var cobraProgs = map[string]bool{"gpupick": true, "sky": true, "dstack": true, "git": true, "source": true, "echo": true}

// englishRuns lists the runs of three or more English words in the prose
// of a help (its long help and the helps of its commands and flags; the
// usage line and the examples are commands to type): a word is letters
// only (a hyphen or an apostrophe inside), after its brackets and quotes;
// a flag, a value with a dot, slash, digit or comma inside, and a Chinese
// character are not; a word followed by , ; or : ends a run (a list of
// values: table, json, toml); a run that starts with a program's name is a
// command line. A word only a sentence has (englishGlue) is one alone.
func englishRuns(help string, headings map[string]bool) []string {
	var runs []string
	code := false
	for _, line := range strings.Split(help, "\n") {
		if h := strings.TrimSpace(line); headings[h] {
			code = h == tHelpUsage.in("zh") || h == tHelpExamples.in("zh")
			continue
		}
		if code {
			continue
		}
		line = strings.Map(func(r rune) rune {
			if r > unicode.MaxASCII && !unicode.IsLetter(r) || unicode.Is(unicode.Han, r) {
				return '|'
			}
			return r
		}, line)
		line = strings.ReplaceAll(line, "|", " | ")
		var run []string
		flush := func() {
			if len(run) >= 3 && !cobraProgs[strings.ToLower(run[0])] {
				runs = append(runs, strings.Join(run, " "))
			}
			run = nil
		}
		for _, tok := range strings.Fields(line) {
			w := strings.Trim(tok, "()[]'\"`.")
			end := strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":")
			w = strings.TrimRight(w, ",;:")
			if !isEnglishWord(w) {
				flush()
				continue
			}
			if englishGlue[strings.ToLower(w)] {
				runs = append(runs, w) // a word only a sentence has
			}
			run = append(run, w)
			if end {
				flush()
			}
		}
		flush()
	}
	return runs
}

// englishGlue are English words that no value, name or command a help
// quotes is: found alone, they are an English sentence's.
var englishGlue = map[string]bool{"the": true, "for": true, "else": true, "and": true, "of": true,
	"with": true, "when": true, "from": true, "is": true, "not": true, "default": true, "also": true}

// isEnglishWord reports a word of letters (a hyphen or apostrophe inside).
func isEnglishWord(w string) bool {
	if w == "" || strings.HasPrefix(w, "-") || strings.HasSuffix(w, "-") {
		return false
	}
	for _, r := range w {
		if !(r < unicode.MaxASCII && unicode.IsLetter(r) || r == '-' || r == '\'') {
			return false
		}
	}
	return true
}

// TestEnglishRuns checks the rule TestChineseHelpHasNoEnglish applies.
func TestEnglishRuns(t *testing.T) {
	heads := map[string]bool{"参数": true, "用法": true}
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"  Only these providers, comma-separated", 1},
		{"  只用这些云厂商，如 aws,gcp,alibaba", 0},
		{"  输出格式：table, json, toml 或 skypilot", 0},
		{"  auto（the advisor picks）", 2},
		{"  推理服务用 sky serve up；dstack apply -f", 0},
		{"  Hugging Face 模型 id", 0},
		{"  用法\n\n    gpupick recommend with many English words", 0},
		{"  参数\n    --format  output format of it", 2},
		{"  （默认 for gpuhunt $X, else https://x）", 2},
	} {
		if got := englishRuns(tc.in, heads); len(got) != tc.want {
			t.Errorf("%q: runs %q, want %d", tc.in, got, tc.want)
		}
	}
}

// TestChineseHelpHasNoEnglish: the Chinese help of the root, recommend,
// catalog update, export and every other command holds no English
// sentence (englishRuns) outside its usage line and examples.
func TestChineseHelpHasNoEnglish(t *testing.T) {
	isolate(t)
	t.Setenv("LANG", "zh_CN.UTF-8")
	t.Setenv("COLUMNS", "80")
	headings := map[string]bool{}
	for _, m := range []cliMsg{tHelpUsage, tHelpExamples, tHelpCommands, tHelpFlags} {
		headings[m.in("zh")] = true
	}
	for _, args := range [][]string{
		{}, {"recommend"}, {"catalog", "update"}, {"export"},
		{"catalog"}, {"catalog", "list"}, {"catalog", "show"}, {"catalog", "stats"}, {"catalog", "import"},
		{"models"}, {"plan"}, {"verify"}, {"version"}, {"man"}, {"help"},
		{"completion"}, {"completion", "bash"}, {"completion", "zsh"}, {"completion", "fish"}, {"completion", "powershell"},
	} {
		var out, errb bytes.Buffer
		if code := Main(append(args, "--help"), nil, &out, &errb); code != exitOK {
			t.Fatalf("%v --help: exit %d %q", args, code, errb.String())
		}
		if !hasHan(out.String()) {
			t.Errorf("%v --help: not Chinese:\n%s", args, out.String())
		}
		if runs := englishRuns(out.String(), headings); len(runs) > 0 {
			t.Errorf("%v --help under zh holds English: %q", args, runs)
		}
	}
}

// TestCobraTextsAreCobras: the English of cobra's help and completion
// commands in the table is cobra's own, so the English help is what cobra
// wrote (a cobra upgrade that rewords them fails here).
func TestCobraTextsAreCobras(t *testing.T) {
	root := &cobra.Command{Use: "gpupick"}
	root.AddCommand(&cobra.Command{Use: "x", Run: func(*cobra.Command, []string) {}})
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	tr := newTree(nil, environ{}, "en", nil, io.Discard, io.Discard)
	for _, path := range [][]string{{"help"}, {"completion"}, {"completion", "bash"}, {"completion", "zsh"},
		{"completion", "fish"}, {"completion", "powershell"}} {
		want, _, err := root.Find(path)
		got, _, err2 := tr.root.Find(path)
		if err != nil || err2 != nil {
			t.Fatalf("%v: %v %v", path, err, err2)
		}
		if got.Short != want.Short || got.Long != want.Long {
			t.Errorf("%v: ours %q / %q, cobra's %q / %q", path, got.Short, got.Long, want.Short, want.Long)
		}
		if f := want.Flags().Lookup("no-descriptions"); f != nil && got.Flags().Lookup(f.Name).Usage != f.Usage {
			t.Errorf("%v --no-descriptions: ours %q, cobra's %q", path, got.Flags().Lookup(f.Name).Usage, f.Usage)
		}
	}
}
