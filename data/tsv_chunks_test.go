package data

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestChunkedDecodeMatchesOnePass: a table long enough to be decoded in
// chunks at once gives the same records as one pass over it, and a bad
// line in a later chunk is reported with its own line number.
func TestChunkedDecodeMatchesOnePass(t *testing.T) {
	files := embeddedFiles()
	text := files[fileOffers]
	header, body, _ := strings.Cut(text, "\n")
	// Repeat the body past two chunks.
	big := header + "\n" + strings.Repeat(body, 3*tsvChunkBytes/len(body)+2)
	ctx := sourcesCtx(t, files)
	got, err := decodeTSV("offers.tsv", big, offerCols.Get(), ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 2, 3, 7} {
		if n := len(splitLines(big[len(header)+1:], k)); k > 1 && n != k {
			t.Errorf("splitLines into %d gave %d pieces", k, n)
		}
	}
	order := headerOrder(t, header, offerCols.Get())
	want := make([]model.Offer, strings.Count(big, "\n"))
	n, err := decodeRows("offers.tsv", big[len(header)+1:], 1, order, offerCols.Get(), ctx, want)
	want = want[:n]
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || !reflect.DeepEqual(got, want) {
		t.Fatalf("chunked decode: %d records, one pass: %d (or they differ)", len(got), len(want))
	}
	lines := strings.Split(big, "\n")
	bad := len(lines) * 3 / 4
	lines[bad] = "x"
	_, err = decodeTSV("offers.tsv", strings.Join(lines, "\n"), offerCols.Get(), ctx)
	if want := fmt.Sprintf("offers.tsv: line %d:", bad+1); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("bad line %d: error %v, want it to start %q", bad+1, err, want)
	}
}

// sourcesCtx is the decoding context of a catalog's sources and texts
// tables.
func sourcesCtx(t *testing.T, files catalogFiles) *tsvCtx {
	t.Helper()
	ctx := &tsvCtx{}
	srcs, err := decodeTSV(fileSources, files[fileSources], sourceCols.Get(), ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range srcs {
		ctx.sources = append(ctx.sources, s.text)
	}
	if err := decodeTexts("catalog", files, catalogMeta{schema: catalogSchema}, ctx); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// headerOrder maps a header line to column indexes.
func headerOrder[T any](t *testing.T, header string, cols []column[T]) []int {
	t.Helper()
	var order []int
	for _, h := range strings.Split(header, "\t") {
		j := -1
		for i := range cols {
			if cols[i].name == h {
				j = i
			}
		}
		if j < 0 {
			t.Fatalf("column %q unknown", h)
		}
		order = append(order, j)
	}
	return order
}

// TestEmptyIsZero: the columns decodeRows skips on an empty field are the
// ones whose decoders only set their field's zero value there; a list
// column, whose empty field is an empty list and not nil, is still
// decoded, and so is one of a constructor not marked (spot zones).
func TestEmptyIsZero(t *testing.T) {
	skip := emptyIsZero(offerCols.Get())
	want := map[string]bool{"provider": true, "on_demand_hourly": true, "gpu_count": true, "rdma": true,
		"marketplace": true, "currency": true, "spot_zones": false, "regions": false, "sources": false}
	for j, c := range offerCols.Get() {
		if w, ok := want[c.name]; ok && skip[j] != w {
			t.Errorf("column %s: skipped on an empty field %v, want %v", c.name, skip[j], w)
		}
	}
	files := embeddedFiles()
	header, _, _ := strings.Cut(files[fileOffers], "\n")
	line := strings.Repeat("\t", strings.Count(header, "\t"))
	got, err := decodeTSV("offers.tsv", header+"\n"+line+"\n", offerCols.Get(), &tsvCtx{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Regions == nil || got[0].Sources == nil {
		t.Errorf("a line of empty fields: %+v, want empty, non-nil regions and sources", got)
	}
}
