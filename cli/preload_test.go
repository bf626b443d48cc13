package cli

import (
	"path/filepath"
	"testing"

	"github.com/gpupick/gpupick/data"
)

// TestGuessPreload: a command line that ranks (recommend, the wizard) is
// preloaded with the overlay it names; help, version, completion and the
// commands that do not rank are not.
func TestGuessPreload(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		overlay string
		ok      bool
	}{
		{nil, "", true},
		{[]string{"recommend", "--model", "llama-3.1-70b"}, "", true},
		{[]string{"--lang", "zh", "--model", "qwen2.5-72b"}, "", true},
		{[]string{"recommend", "--catalog", "lab.toml"}, "lab.toml", true},
		{[]string{"recommend", "--catalog=lab.toml", "--top", "3"}, "lab.toml", true},
		{[]string{"recommend", "-catalog", "lab.toml"}, "lab.toml", true},
		{[]string{"recommend", "--", "--catalog", "lab.toml"}, "", true},
		{[]string{"--help"}, "", false},
		{[]string{"recommend", "-h"}, "", false},
		{[]string{"--version"}, "", false},
		{[]string{"help", "recommend"}, "", false},
		{[]string{"catalog", "list"}, "", false},
		{[]string{"--lang", "zh", "catalog", "list"}, "", false},
		{[]string{"plan", "decision.toml"}, "", false},
		{[]string{"models"}, "", false},
		{[]string{"__complete", "recommend", "--"}, "", false},
	} {
		overlay, ok := guessPreload(tc.args)
		if ok != tc.ok || (ok && overlay != tc.overlay) {
			t.Errorf("guessPreload(%q) = %q, %v; want %q, %v", tc.args, overlay, ok, tc.overlay, tc.ok)
		}
	}
}

// TestPreloadTake: the preload's catalog is handed out once, and only to
// a load with the options it loaded with; any other load reads on its own.
func TestPreloadTake(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	p := startPreload([]string{"recommend"})
	if p == nil {
		t.Fatal("recommend is not preloaded")
	}
	other := p.opts
	other.OverlayPath = filepath.Join(home, "lab.toml")
	if _, _, _, _, ok := p.take(other); ok {
		t.Error("a load with another overlay took the preload")
	}
	cat, _, eng, err, ok := p.take(data.DefaultLoadOptions())
	if !ok || err != nil || cat == nil || eng == nil || eng.Catalog() != cat {
		t.Fatalf("take = %v, %v, %v, %v; want the preload's catalog and its engine", cat != nil, eng != nil, err, ok)
	}
	if _, _, _, _, ok := p.take(data.DefaultLoadOptions()); ok {
		t.Error("the preload was handed out twice: a reload (the wizard's after an update) would not read again")
	}
	var none *preload
	if _, _, _, _, ok := none.take(data.DefaultLoadOptions()); ok {
		t.Error("no preload handed out a catalog")
	}
}

// TestPreloadError: a preload that fails hands the load's error to the
// command, as its own load would (a missing --catalog overlay).
func TestPreloadError(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	missing := filepath.Join(home, "missing.toml")
	p := startPreload([]string{"recommend", "--catalog", missing})
	c := commonFlags{catalog: missing, env: environ{preload: p}}
	_, _, _, errPre := c.loadEngine()
	if _, _, _, _, ok := p.take(c.loadOptions()); ok {
		t.Fatal("the command loaded on its own: the preload's error was not the one checked")
	}
	_, _, errOwn := (&commonFlags{catalog: missing}).loadCatalog()
	if errPre == nil || errOwn == nil || errPre.Error() != errOwn.Error() {
		t.Errorf("preloaded error %v, own load's %v: want the same error", errPre, errOwn)
	}
}
