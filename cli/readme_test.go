package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeQuotesTheOutput keeps the README's quoted output true: each
// example the README quotes from `gpupick recommend` (a back-quoted text
// beginning with the case's prefix, "(…)" standing for an elided part) is
// a line of what the command prints for the case's answers today.
func TestReadmeQuotesTheOutput(t *testing.T) {
	isolate(t)
	// The README quotes each line whole; at a terminal's width it wraps.
	t.Setenv("COLUMNS", "1000")
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		prefix string
		args   []string
	}{
		{"with --vcpu dedicated: ", []string{"recommend", "--model", "llama-3.1-70b"}},
		{"the interactive class's 2 s first-token limit", []string{"recommend", "--model", "qwen2.5-14b", "--context", "128k", "--users", "4"}},
	}
	for _, c := range cases {
		quote := regexp.MustCompile("`(" + regexp.QuoteMeta(c.prefix) + "[^`]*)`").FindSubmatch(readme)
		if quote == nil {
			t.Errorf("the README quotes no %q", c.prefix)
			continue
		}
		parts := strings.Split(string(quote[1]), "(…)")
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		line := regexp.MustCompile(`(?m)^\s*` + strings.Join(parts, `\([^)]*\)`) + `\s*$`)
		code, out, errOut := runCLI(t, c.args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", c.args, code, errOut)
		}
		if !line.MatchString(out) {
			t.Errorf("the README quotes %q for gpupick %s, which prints no such line:\n%s", quote[1], strings.Join(c.args, " "), out)
		}
	}
}

// TestReadmeHelpCommands runs the commands the README's help section
// lists (the part before a redirection): each exits 0 and prints
// something, and the refused flag it quotes is refused with that line.
func TestReadmeHelpCommands(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "<!-- help-commands -->\n")
	sec, _, ok2 := strings.Cut(sec, "<!-- /help-commands -->")
	if !ok || !ok2 {
		t.Fatal("the README has no help-commands section")
	}
	n := 0
	for _, line := range strings.Split(sec, "\n") {
		cmd, _, _ := strings.Cut(strings.TrimSpace(line), ">")
		args := strings.Fields(cmd)
		if len(args) == 0 || args[0] != "gpupick" {
			continue
		}
		n++
		code, out, errOut := runCLI(t, args[1:]...)
		if code != exitOK || strings.TrimSpace(out) == "" {
			t.Errorf("%s: exit %d, %d bytes of output, stderr %q", cmd, code, len(out), errOut)
		}
	}
	if n < 5 {
		t.Errorf("the README's help section lists %d commands", n)
	}
	quote := regexp.MustCompile("(?m)^    \\$ gpupick recommend --top abc\n    (.*)$").FindSubmatch(readme)
	if quote == nil {
		t.Fatal("the README quotes no refused --top")
	}
	if code, _, errOut := runCLI(t, "recommend", "--top", "abc"); code != exitUsage || strings.TrimSpace(errOut) != string(quote[1]) {
		t.Errorf("recommend --top abc: exit %d, stderr %q; the README quotes %q", code, errOut, quote[1])
	}
}
