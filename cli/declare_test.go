package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// commandFacts is what a command shows of itself: its long help, examples
// and each flag (name, default, usage, whether a value completes).
func commandFacts(c *cobra.Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "long %q\nexample %q\n", c.Long, c.Example)
	c.Flags().VisitAll(func(f *pflag.Flag) {
		_, completes := c.GetFlagCompletionFunc(f.Name)
		fmt.Fprintf(&b, "--%s default %q usage %q completes %v\n", f.Name, f.DefValue, f.Usage, completes)
	})
	return b.String()
}

// walkTree calls fn on cmd and every command under it.
func walkTree(cmd *cobra.Command, fn func(*cobra.Command)) {
	fn(cmd)
	for _, sub := range cmd.Commands() {
		walkTree(sub, fn)
	}
}

// TestDeclareOnlyTheCommandThatRuns: a command line declares the flags of
// the command it runs (and the root's, which cobra reads to find it past
// a flag before the command's name, unless the line starts with that
// name), the same flags and help as the whole tree has; the other
// commands are not declared (issue 26: declaring them all cost every
// run); help, man and completions declare the whole tree.
func TestDeclareOnlyTheCommandThatRuns(t *testing.T) {
	whole := newTree(nil, environ{}, "en", nil, io.Discard, io.Discard)
	whole.declareAll()
	want := map[string]string{}
	walkTree(whole.root, func(c *cobra.Command) { want[c.CommandPath()] = commandFacts(c) })

	lines := [][]string{
		{"recommend", "--model", "llama-3.1-70b"},
		{"--lang", "zh", "recommend", "--help"},
		{"catalog", "list", "--provider", "aws"},
		{"catalog", "--lang", "en", "show", "p4d.24xlarge"},
		{"plan", "decision.toml"},
		{"export", "--to", "skypilot", "decision.toml"},
		{"version"},
		{"--model", "llama-3.1-8b"},
	}
	for _, args := range lines {
		tr := newTree(args, environ{}, "en", nil, io.Discard, io.Discard)
		ran, _, err := tr.root.Find(args)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		declared := 0
		for _, c := range tr.declarable {
			if _, pending := tr.declarers[c]; !pending {
				declared++
			} else if c == ran || c == tr.root && !tr.isCommand(args[0]) {
				t.Errorf("%q: %s, which cobra needs, is not declared", args, c.CommandPath())
			}
		}
		walkTree(tr.root, func(c *cobra.Command) {
			if _, pending := tr.declarers[c]; !pending {
				if got := commandFacts(c); got != want[c.CommandPath()] {
					t.Errorf("%q: %s declared as\n%s\nthe whole tree has\n%s", args, c.CommandPath(), got, want[c.CommandPath()])
				}
			}
		})
		if c := tr.root; tr.isCommand(args[0]) {
			if _, pending := tr.declarers[c]; !pending && ran != c {
				t.Errorf("%q: the root is declared, which the line does not need", args)
			}
		}
		if max := 2; declared > max {
			t.Errorf("%q: %d commands declared, want the root and the one that runs", args, declared)
		}
	}
	for _, args := range [][]string{{"help", "recommend"}, {"man"}, {"completion", "bash"}, {"__complete", "recommend", "--model", ""}, {"--lang", "zh", "__completeNoDesc", "catalog", "list", "--"}} {
		tr := newTree(args, environ{}, "en", nil, io.Discard, io.Discard)
		if len(tr.declarers) != 0 {
			t.Errorf("%q: %d commands not declared, want the whole tree", args, len(tr.declarers))
		}
		rec, _, _ := tr.root.Find([]string{"recommend"})
		_, completes := rec.GetFlagCompletionFunc("model")
		if want := slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "__complete") }); completes != want {
			t.Errorf("%q: recommend --model completes %v, want %v (only for a shell's completion)", args, completes, want)
		}
	}
}

// TestHelpFlagOnTheWay: a command line gives its -h to the commands cobra
// passes on the way to the one it runs (it reads a -h before a command's
// name as a flag only of a command that has it), and to no other; the
// whole tree's commands each have theirs when help, man or a completion
// asks for them all.
func TestHelpFlagOnTheWay(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string // the commands with a -h, by path
	}{
		{[]string{"recommend", "--model", "llama-3.1-70b"}, []string{"gpupick", "gpupick recommend"}},
		{[]string{"--help"}, []string{"gpupick"}},
		{[]string{"--lang", "zh", "recommend", "--help"}, []string{"gpupick", "gpupick recommend"}},
		{[]string{"catalog", "-h", "list"}, []string{"gpupick", "gpupick catalog", "gpupick catalog list"}},
		{[]string{"catalog", "--lang", "zh", "show", "x"}, []string{"gpupick", "gpupick catalog", "gpupick catalog show"}},
		{[]string{"version"}, []string{"gpupick", "gpupick version"}},
	} {
		tr := newTree(tc.args, environ{}, "en", nil, io.Discard, io.Discard)
		var got []string
		walkTree(tr.root, func(c *cobra.Command) {
			if f := c.LocalNonPersistentFlags().Lookup("help"); f != nil {
				got = append(got, c.CommandPath())
			}
		})
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: -h on %q, want %q", tc.args, got, tc.want)
		}
	}
	tr := newTree([]string{"help", "catalog"}, environ{}, "en", nil, io.Discard, io.Discard)
	for _, c := range tr.declarable {
		if f := c.Flags().Lookup("help"); f == nil || f.Usage != tf(tFlagHelp, "en", c.Name()) {
			t.Errorf("help catalog: %s has no -h of its own", c.CommandPath())
		}
	}
}

// TestAttachedFlagsAsPflagMakesThem: every declared flag of the whole tree
// is what pflag's adapter of its std flag (PFlagFromGoFlag) makes, but its
// shorthand (none) and its help (the tree's language, without `marks`):
// the same name, default, bool-ness, value and type.
func TestAttachedFlagsAsPflagMakesThem(t *testing.T) {
	tr := newTree(nil, environ{}, "en", nil, io.Discard, io.Discard)
	tr.declareAll()
	n := 0
	walkTree(tr.root, func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			rv, ok := f.Value.(*recordedValue)
			if !ok {
				return
			}
			n++
			want := pflag.PFlagFromGoFlag(&flag.Flag{Name: f.Name, Usage: f.Usage, Value: rv.Value, DefValue: f.DefValue})
			if f.Name != want.Name || f.DefValue != want.DefValue || f.NoOptDefVal != want.NoOptDefVal || f.Shorthand != "" ||
				f.Value.Type() != want.Value.Type() || f.Value.String() != want.Value.String() {
				t.Errorf("%s --%s: name %q default %q no-opt %q type %q value %q; pflag's %q %q %q %q %q", c.CommandPath(), f.Name,
					f.Name, f.DefValue, f.NoOptDefVal, f.Value.Type(), f.Value.String(),
					want.Name, want.DefValue, want.NoOptDefVal, want.Value.Type(), want.Value.String())
			}
		})
	})
	if n < 100 {
		t.Fatalf("compared %d flags: the tree is not all there", n)
	}
}
