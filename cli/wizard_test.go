package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// The wizard starts its terminal before the catalog only when nothing it
// was given can be refused and no cached catalog or overlay can bring a
// notice or an error that belongs on stderr first.
func TestStartsQuiet(t *testing.T) {
	cases := []struct {
		name string
		args []string
		file string // made under the home before the check
		load string
		want bool
	}{
		{name: "no flags, fresh home", want: true},
		{name: "an answer flag", args: []string{"--model", "llama-3.1-70b"}},
		{name: "an overlay flag", args: []string{"--catalog", "x.toml"}},
		{name: "a bad language", args: []string{"--lang", "fr"}},
		{name: "a record", load: "rec.toml"},
		{name: "the default overlay", file: "config/gpupick/catalog.toml"},
		{name: "an imported catalog", file: "cache/gpupick/imported/info.tsv"},
		{name: "an updated catalog", file: "cache/gpupick/updated/info.tsv"},
		{name: "English", args: []string{"--lang", "en"}, want: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("HOME", home)
			t.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
			t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
			if c.file != "" {
				p := filepath.Join(home, c.file)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			fs := newFlagSet("wizard")
			common := commonFlags{}
			common.register(fs)
			var af answerFlags
			af.register(fs)
			if err := fs.Parse(c.args); err != nil {
				t.Fatal(err)
			}
			if got := startsQuiet(&common, af, c.load); got != c.want {
				t.Errorf("startsQuiet = %v, want %v", got, c.want)
			}
		})
	}
}
