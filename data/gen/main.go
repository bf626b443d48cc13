// Command gen regenerates gpupick's embedded catalog (data/catalog) from the
// reference data folder and data/facts. Run it through `go generate ./data`
// from the repository root; it writes only the files that changed and
// removes stale ones, so the output is deterministic.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/gpupick/gpupick/data"
)

func main() {
	shared := flag.String("shared", "../../shared/data", "reference data folder (skypilot/, cn/, gpu_specs.csv, ...)")
	facts := flag.String("facts", "facts", "folder of hand-written, cited facts")
	out := flag.String("out", "catalog", "output folder")
	flag.Parse()
	if err := run(*shared, *facts, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(shared, facts, out string) error {
	files, err := data.Generate(os.DirFS(shared), os.DirFS(facts))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(out, n)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, files[n]) {
			continue
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", p)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if _, ok := files[e.Name()]; !ok && !e.IsDir() {
			if err := os.Remove(filepath.Join(out, e.Name())); err != nil {
				return err
			}
			fmt.Println("removed", filepath.Join(out, e.Name()))
		}
	}
	return nil
}
