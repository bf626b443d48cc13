package data

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gpupick/gpupick/model"
)

// streamOffers decodes an offers table as a stream in blocks of block
// bytes, read one byte at a time when slow.
func streamOffers(t *testing.T, text string, ctx *tsvCtx, block int, slow bool) ([]model.Offer, error) {
	t.Helper()
	r := bytes.NewReader([]byte(text))
	src := tsvStream{r: r, size: int64(len(text)), at: r}
	if slow {
		src.r = iotest.OneByteReader(r)
	}
	return streamFrom(t, src, ctx, block)
}

// streamFrom decodes an offers table from src in blocks of block bytes.
func streamFrom(t *testing.T, src tsvStream, ctx *tsvCtx, block int) ([]model.Offer, error) {
	t.Helper()
	old := tsvBlockBytes
	tsvBlockBytes = block
	t.Cleanup(func() { tsvBlockBytes = old })
	return decodeTSVStream("offers.tsv", src, offerCols.Get(), ctx, nil)
}

// TestStreamDecodeMatchesDecodeTSV: an offers table decoded as it is read,
// in blocks far smaller than the table and than some of its lines (so
// blocks are read into again while the records decoded from them are
// kept, and long lines get larger blocks), gives the records decodeTSV
// gives for the same text: no decoder keeps a string of a block.
func TestStreamDecodeMatchesDecodeTSV(t *testing.T) {
	files := embeddedFiles()
	header, body, _ := strings.Cut(files[fileOffers], "\n")
	text := header + "\n" + strings.Repeat(body, 3) + "\n\n" + body // blank lines too
	ctx := sourcesCtx(t, files)
	want, err := decodeTSV("offers.tsv", text, offerCols.Get(), ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		block int
		slow  bool
	}{{1 << 20, false}, {4096, false}, {300, false}, {4096, true}} {
		t.Run(fmt.Sprintf("block=%d/slow=%v", tc.block, tc.slow), func(t *testing.T) {
			got, err := streamOffers(t, text, ctx, tc.block, tc.slow)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%d records, want %d", len(got), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("record %d (%s %s) differs from decodeTSV's", i, want[i].Provider, want[i].InstanceType)
				}
			}
		})
	}
	// A text of unknown size: the records' slice is sized from the first
	// block and grown, again and again, while blocks are in flight.
	t.Run("unknown size", func(t *testing.T) {
		got, err := streamFrom(t, tsvStream{r: strings.NewReader(text), size: -1}, ctx, 2048)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d records, error %v; want decodeTSV's %d", len(got), err, len(want))
		}
	})
}

// TestStreamDecodeErrors: a bad line, early or late in a streamed table,
// gives decodeTSV's error for the same text (its line number), and so
// does a bad header.
func TestStreamDecodeErrors(t *testing.T) {
	files := embeddedFiles()
	ctx := sourcesCtx(t, files)
	lines := strings.Split(files[fileOffers], "\n")
	for _, bad := range []int{1, len(lines) / 2, len(lines) - 2} {
		l := append([]string(nil), lines...)
		l[bad] = strings.Replace(l[bad], "\t", "\tx\t", 1)
		text := strings.Join(l, "\n")
		_, want := decodeTSV("offers.tsv", text, offerCols.Get(), ctx)
		_, got := streamOffers(t, text, ctx, 2048, false)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("bad line %d: stream error %v, decodeTSV's %v", bad+1, got, want)
		}
	}
	text := "provider\tnot_a_column\n"
	_, want := decodeTSV("offers.tsv", text, offerCols.Get(), ctx)
	_, got := streamOffers(t, text, ctx, 2048, false)
	if want == nil || got == nil || got.Error() != want.Error() {
		t.Errorf("bad header: stream error %v, decodeTSV's %v", got, want)
	}
}

// TestStreamSharedListsCopyOnAppend: offers of a streamed table with the
// same regions share one list, whose capacity is its length, so that an
// append to one offer's list never shows in another's.
func TestStreamSharedListsCopyOnAppend(t *testing.T) {
	files := embeddedFiles()
	header, body, _ := strings.Cut(files[fileOffers], "\n")
	text := header + "\n" + body + body
	got, err := streamOffers(t, text, sourcesCtx(t, files), 1<<20, false)
	if err != nil {
		t.Fatal(err)
	}
	n := len(got) / 2
	shared := 0
	for i := 0; i < n; i++ {
		a, b := &got[i], &got[n+i]
		if len(a.Regions) == 0 {
			continue
		}
		if &a.Regions[0] == &b.Regions[0] {
			shared++
		}
		if cap(a.Regions) != len(a.Regions) {
			t.Fatalf("offer %d: regions of capacity %d, length %d", i, cap(a.Regions), len(a.Regions))
		}
		before := slicesClone(b.Regions)
		a.Regions = append(a.Regions, "appended")
		if !reflect.DeepEqual(b.Regions, before) {
			t.Fatalf("offer %d: an append to another offer's regions changed them", n+i)
		}
	}
	if shared == 0 {
		t.Errorf("no two offers with the same regions share a list")
	}
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// FuzzStreamDecode: any text decoded as a stream, in blocks of any size,
// gives decodeTSV's records or decodeTSV's error, and never panics.
func FuzzStreamDecode(f *testing.F) {
	files := embeddedFiles()
	lines := strings.SplitAfter(files[fileOffers], "\n")
	f.Add(strings.Join(lines[:4], ""), 64)
	f.Add(lines[0]+"\n\n"+lines[1], 7)
	f.Add(lines[0]+strings.TrimSuffix(lines[2], "\n"), 1)
	f.Add("provider\n", 3)
	f.Fuzz(func(t *testing.T, text string, block int) {
		ctx := sourcesCtx(t, files)
		want, werr := decodeTSV("offers.tsv", text, offerCols.Get(), ctx)
		got, gerr := streamOffers(t, text, ctx, 1+int(uint(block)%4096), false)
		if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
			t.Fatalf("stream error %v, decodeTSV's %v", gerr, werr)
		}
		if werr == nil && !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("stream records differ from decodeTSV's")
		}
	})
}

// TestReadFolderLimits: a folder's offers.tsv over the limit is refused
// before it is decoded, with ErrTooLarge and its path, as a file read
// whole is; under the limit it decodes as the embedded text does.
func TestReadFolderLimits(t *testing.T) {
	files := embeddedFiles()
	dir := t.TempDir()
	names := []string{fileInfo, fileOffers, fileSources, fileTexts, fileGPUs}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, _, _, err := decodeOffers("x", files)
	if err != nil {
		t.Fatal(err)
	}
	decode := func(limit int64) ([]model.Offer, error) {
		var got []model.Offer
		err := readFolder(dir, names, limit, func(fs catalogFiles, src tsvStream) (err error) {
			got, _, _, err = decodeOffersFrom("x", fs, src)
			return err
		})
		return got, err
	}
	got, err := decode(int64(len(files[fileOffers])))
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("at the limit: %d offers, error %v; want the %d offers of the text", len(got), err, len(want))
	}
	_, err = decode(int64(len(files[fileOffers]) - 1))
	path := filepath.Join(dir, fileOffers)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(fmt.Sprint(err), path) {
		t.Errorf("over the limit: error %v, want ErrTooLarge naming %s", err, path)
	}
}
