package cli

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

var updateHelp = flag.Bool("update-help", false, "rewrite testdata/help golden files")

// goldenHelp compares got with the golden file testdata/help/name, or
// rewrites it under -update-help.
func goldenHelp(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "help", name)
	if *updateHelp {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./cli -run %s -update-help writes it)", err, t.Name())
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\n got %q\nwant %q", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs: %d lines, want %d", path, len(gl), len(wl))
	}
}

// wholeHelps is the help of every command of the whole tree in lang (as
// `gpupick CMD --help` shows it: cobra's own commands with the -h cobra
// gives them as they run), width columns wide, in styles st, each after a
// line naming it.
func wholeHelps(t *testing.T, lang string, width int, st *helpStyles) string {
	t.Helper()
	tr := newTree(nil, environ{}, lang, nil, io.Discard, io.Discard)
	tr.declareAll()
	var b strings.Builder
	walkTree(tr.root, func(c *cobra.Command) {
		if p := c.CommandPath(); strings.HasPrefix(p, "gpupick help") || strings.HasPrefix(p, "gpupick completion") {
			c.InitDefaultHelpFlag()
			cobraHelpFlag(c, lang)
		}
		b.WriteString("=== " + c.CommandPath() + "\n")
		writeHelp(&b, c, lang, width, st, tr.declarable)
	})
	return b.String()
}

// TestHelpGolden: every command's help, in English and Chinese, plain and
// in colour, at every width the help is wrapped to (1 to helpMaxWidth
// columns), is what it was when the golden files were written: in full,
// plain at 80 columns; as a SHA-256 for every language, style and width
// (help.sums). The help is written faster than it was (issue 26), never
// differently.
func TestHelpGolden(t *testing.T) {
	styles := []struct {
		name string
		st   *helpStyles
	}{{"plain", plainHelpStyles()}, {"colour", colourHelpStyles(nil, nil)}}
	var sums strings.Builder
	for _, lang := range []string{"en", "zh"} {
		goldenHelp(t, "whole."+lang+".80.txt", wholeHelps(t, lang, 80, plainHelpStyles()))
		for _, s := range styles {
			for width := 1; width <= helpMaxWidth; width++ {
				fmt.Fprintf(&sums, "%s %s %d %x\n", lang, s.name, width, sha256.Sum256([]byte(wholeHelps(t, lang, width, s.st))))
			}
		}
	}
	goldenHelp(t, "help.sums", sums.String())
}

// helpRoutes are command lines whose command cobra finds past flags
// before a command's name (Command.Find strips them with the flags each
// command on the way declares), that ask for a help in every way, or
// that complete: the command found, its flags' parse and its help must
// stay what they were.
var helpRoutes = [][]string{
	{"--help"},
	{"-h"},
	{"--lang", "zh", "--help"},
	{"--help", "--lang", "zh"},
	{"-lang", "zh", "--help"},
	{"-lang", "zh", "recommend", "--help"},
	{"--lang", "zh", "recommend", "--help"},
	{"--lang=zh", "recommend", "-h"},
	{"--lang", "zh", "-h", "recommend"},
	{"-h", "recommend"},
	{"--accessible", "recommend", "--help"},
	{"--model", "llama-3.1-8b", "recommend", "--help"},
	{"--version", "--help"},
	{"recommend", "--help"},
	{"recommend", "-h", "--model", "llama-3.1-8b"},
	{"recommend", "--bogus"},
	{"--lang", "zh", "recommend", "--bogus"},
	{"recomend", "--help"},
	{"recomend"},
	{"catalog"},
	{"catalog", "--help"},
	{"catalog", "-h"},
	{"catalog", "help"},
	{"catalog", "-h", "list"},
	{"catalog", "--help", "list"},
	{"catalog", "list", "-h"},
	{"catalog", "list", "--help", "--provider", "aws"},
	{"catalog", "--lang", "zh", "list", "--bogus"},
	{"catalog", "--lang", "zh", "-h", "list"},
	{"catalog", "--lang=zh", "show", "--help"},
	{"catalog", "-h", "bogus"},
	{"catalog", "bogus", "-h"},
	{"catalog", "bogus"},
	{"catalog", "--bogus", "list"},
	{"catalog", "show", "-h", "p4d.24xlarge"},
	{"catalog", "list", "--lang", "zh", "-h"},
	{"--lang", "zh", "catalog", "-h", "list"},
	{"export", "--help", "decision.toml"},
	{"plan", "-h"},
	{"verify", "--help"},
	{"models", "--help"},
	{"version", "--help"},
	{"version", "-h"},
	{"version"},
	{"-v"},
	{"man", "--help"},
	{"help"},
	{"help", "recommend"},
	{"help", "catalog", "list"},
	{"help", "--lang", "zh", "catalog"},
	{"--lang", "zh", "help", "catalog", "show"},
	{"help", "bogus"},
	{"help", "help"},
	{"help", "completion", "bash"},
	{"completion", "--help"},
	{"completion", "-h", "bash"},
	{"completion", "bash", "--help"},
	{"--lang", "zh", "completion", "fish", "--help"},
	{"completion", "zsh"},
	{"__complete", ""},
	{"__complete", "catalog", ""},
	{"__complete", "catalog", "-h", "l"},
	{"__complete", "catalog", "list", "--"},
	{"__complete", "recommend", "--he"},
	{"__completeNoDesc", "--lang", "zh", "catalog", "list", "--"},
	{"__complete", "--lang", "zh", "rec"},
	{"__complete", "help", ""},
	{"__complete", "completion", ""},
}

// TestHelpRoutes: each of helpRoutes, run through Main 64 columns wide,
// exits, writes to stderr and to stdout (a SHA-256 and its usage line or
// first line) what it did when the golden file was written.
func TestHelpRoutes(t *testing.T) {
	isolate(t)
	t.Setenv("COLUMNS", "64")
	var b strings.Builder
	for _, args := range helpRoutes {
		code, out, errs := runCLI(t, args...)
		first, _, _ := strings.Cut(out, "\n")
		if _, after, ok := strings.Cut(out, "\n  USAGE\n\n"); ok {
			first, _, _ = strings.Cut(after, "\n")
		} else if _, after, ok := strings.Cut(out, "\n  用法\n\n"); ok {
			first, _, _ = strings.Cut(after, "\n")
		}
		fmt.Fprintf(&b, "$ %q\nexit %d\nstdout %x %d %q\nstderr %q\n\n", args, code, sha256.Sum256([]byte(out)), len(out), first, errs)
	}
	goldenHelp(t, "routes.txt", b.String())
}
