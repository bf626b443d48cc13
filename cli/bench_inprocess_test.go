package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkRecommendInProcess is one headless `gpupick recommend` run in
// process (catalog decode, index, one ranking, the table), for profiles of
// the start-up path (issue 14): go test -run NONE -bench RecommendInProcess
// -cpuprofile cpu.out.
func BenchmarkRecommendInProcess(b *testing.B) {
	home := b.TempDir()
	b.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	b.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	b.Setenv("HOME", home)
	b.Setenv("LANG", "C.UTF-8")
	for b.Loop() {
		if code := Main([]string{"recommend", "--model", "llama-3.1-70b"}, os.Stdin, io.Discard, io.Discard); code != exitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkStartup is Main's start-up for commands that do little past it
// (the command tree, the flags, the help): `version`, `--help` and
// `recommend --help`, each a sub-benchmark, stdout not a terminal as in a
// script (issue 26).
func BenchmarkStartup(b *testing.B) {
	home := b.TempDir()
	b.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	b.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	b.Setenv("HOME", home)
	b.Setenv("LANG", "C.UTF-8")
	for _, args := range [][]string{{"version"}, {"--help"}, {"recommend", "--help"}} {
		b.Run(strings.Join(args, "_"), func(b *testing.B) {
			for b.Loop() {
				if code := Main(args, os.Stdin, io.Discard, io.Discard); code != exitOK {
					b.Fatalf("%v: exit %d", args, code)
				}
			}
		})
	}
}

// BenchmarkWriteHelp is the root's help, plain and 80 columns wide, from a
// built tree: the help's writing alone, without the tree (issue 26).
func BenchmarkWriteHelp(b *testing.B) {
	tr := newTree([]string{"--help"}, environ{}, "en", nil, io.Discard, io.Discard)
	st := plainHelpStyles()
	for b.Loop() {
		var sb strings.Builder
		writeHelp(&sb, tr.root, "en", 80, st, tr.declarable)
	}
}
