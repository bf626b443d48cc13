package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The checked-in table and generated file, relative to this package.
const (
	tablePath = "../../offercols.tsv"
	genPath   = "../../offercols_gen.go"
)

func generateFromTable(t *testing.T) []byte {
	t.Helper()
	text, err := os.ReadFile(tablePath)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := parseTable(tablePath, string(text))
	if err != nil {
		t.Fatal(err)
	}
	src, err := generate(cols)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestGeneratedFileIsCurrent: data/offercols_gen.go is what the generator
// writes from data/offercols.tsv, and it says it is generated in the form
// tools recognise.
func TestGeneratedFileIsCurrent(t *testing.T) {
	got, err := os.ReadFile(genPath)
	if err != nil {
		t.Fatal(err)
	}
	if want := generateFromTable(t); !bytes.Equal(got, want) {
		t.Errorf("%s is not what offercols.tsv generates: run go generate ./data and commit", genPath)
	}
	first, _, _ := strings.Cut(string(got), "\n")
	if !regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`).MatchString(first) {
		t.Errorf("%s starts %q, not the standard generated-code line", genPath, first)
	}
}

// TestGeneratorIdempotent: two runs give the same bytes, and a run over its
// own output leaves the file as it is (it writes nothing).
func TestGeneratorIdempotent(t *testing.T) {
	if a, b := generateFromTable(t), generateFromTable(t); !bytes.Equal(a, b) {
		t.Fatal("two generations from the same table differ")
	}
	out := filepath.Join(t.TempDir(), "offercols_gen.go")
	if err := run(tablePath, out); err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	stale := time0(t, out)
	if err := run(tablePath, out); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Error("a second run changed the generated file")
	}
	if info, err := os.Stat(out); err != nil || !info.ModTime().Equal(stale) {
		t.Errorf("a second run rewrote the unchanged file (%v)", err)
	}
}

// time0 sets p's modification time to a fixed past instant and returns it,
// so that a rewrite shows.
func time0(t *testing.T, p string) time.Time {
	t.Helper()
	at := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(p, at, at); err != nil {
		t.Fatal(err)
	}
	return at
}

// TestTableErrors: a bad row is refused with an error naming the line and
// what to fix, never a silent skip.
func TestTableErrors(t *testing.T) {
	text, err := os.ReadFile(tablePath)
	if err != nil {
		t.Fatal(err)
	}
	good := string(text)
	// The line an appended row is on: one after the table's last.
	next := strings.Count(strings.TrimRight(good, "\n"), "\n") + 2
	tests := []struct {
		name, table, want string
	}{
		{"header", strings.Replace(good, "column\tkind", "col\tkind", 1), "line 1: want the header"},
		{"unknown kind", good + "extra\tfloat\toffer\tSpot\t\n", fmt.Sprintf("line %d: column extra: unknown kind \"float\"", next)},
		{"missing field", good + "extra\tnum\toffer\tNoSuchField\t\n", "has no field \"NoSuchField\" (add it to the model first)"},
		{"kind does not fit", strings.Replace(good, "gpu_count\tint", "gpu_count\tnum", 1), "column gpu_count: kind num cannot hold model.Offer.GPUCount, a int"},
		{"detail kind on an offer field", strings.Replace(good, "regions\tlist\toffer\tRegions", "regions\tregions\toffer\tRegions", 1), "kind regions holds a field of model.OfferDetail only"},
		{"column twice", good + "provider\tstr\toffer\tGPU\t\n", "column provider appears twice"},
		{"field twice", good + "provider2\tstr\toffer\tProvider\t\n", "field Provider appears twice"},
		{"bad in", strings.Replace(good, "gpu\tstr\toffer", "gpu\tstr\tthere", 1), "in is \"there\", want offer, detail or host"},
		{"host column not optional", strings.Replace(good, "host_disk_gb\tnum32\thost\tDiskGB\tyes", "host_disk_gb\tnum32\thost\tDiskGB\t", 1), "column host_disk_gb: a column of model.MarketHost must be optional"},
		{"32-bit measurement as num", strings.Replace(good, "host_disk_gb\tnum32", "host_disk_gb\tnum", 1), "column host_disk_gb: kind num cannot hold model.MarketHost.DiskGB, a float32"},
		{"bad optional", strings.Replace(good, "\tPlanRegions\tyes", "\tPlanRegions\ty", 1), "optional is \"y\", want yes or empty"},
		{"short row", good + "extra\tnum\n", "2 fields, want 5"},
		{"detail field without a column", strings.Replace(good, "retired_source\tstr\tdetail\tRetiredSource\t\n", "", 1), "model.OfferDetail.RetiredSource has no column"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.table == good {
				t.Fatal("the test's change did not apply to the table")
			}
			_, err := parseTable("offercols.tsv", tc.table)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
