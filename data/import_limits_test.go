package data

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/gpupick/gpupick/model"
)

// An import file that is not UTF-8 CSV text, or larger than the cache it
// becomes could hold, is refused before it is parsed, with the cause and
// the fix, and the cache is kept byte for byte (issue 26: a UTF-16 CSV
// was blamed on quoting, a NUL-filled file took 1.4 GB to be told it had
// no column, a GPU row of AcceleratorCount 0 was stored as unknown).
func TestImportRefusesWhatIsNotCSV(t *testing.T) {
	const csvText = "InstanceType,AcceleratorName,AcceleratorCount,Price\ngpu_1x_h100,H100,1,2.49\n"
	utf16LE := func(s string, bom bool) string {
		var b bytes.Buffer
		if bom {
			b.Write([]byte{0xff, 0xfe})
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b.Write([]byte{byte(u), byte(u >> 8)})
		}
		return b.String()
	}
	const utf16BE = "\xfe\xff\x00I\x00n"
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"UTF-16 with a byte-order mark", utf16LE(csvText, true), []string{"lambda/vms.csv: the file is UTF-16 text", "convert it to UTF-8"}},
		{"UTF-16 big-endian", utf16BE, []string{"UTF-16", "convert it to UTF-8"}},
		{"UTF-16 without a byte-order mark", utf16LE(csvText, false), []string{"looks like UTF-16 text", "convert it to UTF-8"}},
		{"NUL bytes", string(make([]byte, 1<<20)), []string{"holds NUL bytes, so it is not CSV text", "UTF-8 text"}},
		{"a GPU row of 0 GPUs", "InstanceType,AcceleratorName,AcceleratorCount,Price\ngpu_1x_h100,H100,0,2.49\n",
			[]string{"lambda/vms.csv: line 2: column AcceleratorCount: 0 GPUs on a row of H100", "want 1 or more"}},
		{"a GPU row of 0.0 GPUs", "InstanceType,AcceleratorName,AcceleratorCount,Price\ngpu_1x_h100,H100,0.0,2.49\n",
			[]string{"line 2: column AcceleratorCount: 0 GPUs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := testOptions(t)
			seed := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, time.Now())
			if _, err := Import(importOpts(opts, seed, "2026-11-30")); err != nil {
				t.Fatal(err)
			}
			before := readDir(t, opts.ImportedDir())
			dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": tc.body}, time.Now())
			_, err := Import(importOpts(opts, dir, "2026-12-01"))
			if err == nil {
				t.Fatal("imported")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v\nwant %q", err, w)
				}
			}
			if after := readDir(t, opts.ImportedDir()); !maps.Equal(before, after) {
				t.Error("the cache changed")
			}
		})
	}
}

// A CSV of more rows than an import holds in memory is refused at the row
// past the bound, naming the bound, the cache's limit and the fix; one of
// the bound's size is read.
func TestCSVRowsBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("InstanceType,AcceleratorName,AcceleratorCount,Price\n")
	for i := range maxCSVRows + 1 {
		b.WriteString("t")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(",A10,1,0.5\n")
	}
	_, err := ParseSkyPilot(strings.NewReader(b.String()), "lambda/vms.csv")
	if err == nil || !strings.Contains(err.Error(), "lambda/vms.csv: line 100002: more than 100000 rows") || !strings.Contains(err.Error(), "at most 64 MiB") {
		t.Errorf("%v", err)
	}
	rows, err := ParseSkyPilot(strings.NewReader(strings.TrimSuffix(b.String(), "txxxxx,A10,1,0.5\n")), "lambda/vms.csv")
	if err != nil || len(rows) != maxCSVRows {
		t.Errorf("%d rows: %v, want %d", len(rows), err, maxCSVRows)
	}
}

// An import or update yielding more offers than gpupick caches is refused
// before they are checked, merged and written, naming both limits; the
// cache is not touched.
func TestCachedOffersBound(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "imported")
	batch := &Batch{Offers: make([]model.Offer, maxCachedOffers+1), Providers: []string{"lambda"}}
	_, err := storeBatch(Source{Title: "SkyPilot"}, nil, batch, dir, originImported, "src", "2026-11-30", true)
	if err == nil || !strings.Contains(err.Error(), "yields 50001 offers, more than 50000, the most gpupick caches") || !strings.Contains(err.Error(), "at most 64 MiB") {
		t.Errorf("%v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the cache dir was made: %v", err)
	}
}

// The limits of an import agree with the cache's: a file larger than a
// cached catalog's file is refused by its size before it is read, naming
// both limits; an update may not allow downloads larger than that either.
func TestImportLimitsAgreeWithTheCache(t *testing.T) {
	if maxCSVBytes != maxCacheFileBytes || DefaultMaxDownload != maxCacheFileBytes {
		t.Fatalf("CSV %d, download %d, cache %d bytes: want one limit", maxCSVBytes, DefaultMaxDownload, maxCacheFileBytes)
	}
	opts := testOptions(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "lambda", "vms.csv")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxCacheFileBytes + 1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	_, err = Import(importOpts(opts, dir, "2026-11-30"))
	if err == nil || !strings.Contains(err.Error(), "is larger than 64 MiB, the most gpupick reads") || !strings.Contains(err.Error(), "a file of the cached catalog holds at most 64 MiB") {
		t.Errorf("%v", err)
	}
	_, err = Update(context.Background(), UpdateOptions{BaseURL: "https://127.0.0.1:1/x", CacheDir: opts.CacheDir, MaxBytes: maxCacheFileBytes + 1})
	if err == nil || !strings.Contains(err.Error(), "is above 64 MiB, the most a file of the cached catalog holds") {
		t.Errorf("update: %v", err)
	}
}
