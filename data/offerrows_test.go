package data

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// offerRowsBoth decodes an offers.tsv body (after the standard header) by
// the generic decodeRows and by decodeOfferRows, each with a context of
// its own made by mk (the same sources, a detail interner of its own),
// and fails unless they give the same records and the same error.
func offerRowsBoth(t *testing.T, body string, mk func() *tsvCtx) {
	t.Helper()
	order := make([]int, len(offerCols.Get()))
	for i := range order {
		order[i] = i
	}
	lines := strings.Count(body, "\n") + 1
	want := make([]model.Offer, lines)
	got := make([]model.Offer, lines)
	wn, werr := decodeRows("offers.tsv", body, 1, order, offerCols.Get(), mk(), want)
	gn, gerr := decodeOfferRows("offers.tsv", body, 1, mk(), got)
	if fmt.Sprint(werr) != fmt.Sprint(gerr) {
		t.Fatalf("decodeOfferRows error %v, decodeRows' %v", gerr, werr)
	}
	if werr != nil {
		return
	}
	if gn != wn {
		t.Fatalf("decodeOfferRows decoded %d rows, decodeRows %d", gn, wn)
	}
	for i := 0; i < wn; i++ {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("row %d: decodeOfferRows gives\n%+v (detail %+v)\ndecodeRows\n%+v (detail %+v)",
				i+1, got[i], *got[i].Detail(), want[i], *want[i].Detail())
		}
	}
}

// offerCtxs are the contexts the two decoders are compared with: a whole
// text's (strings kept as they are) and a streamed block's (strings
// interned per goroutine), both with the detail interner of the
// standard header.
func offerCtxs(t *testing.T, files catalogFiles) map[string]func() *tsvCtx {
	t.Helper()
	base := sourcesCtx(t, files)
	whole := func() *tsvCtx {
		c := *base
		c.details = newDetailInterner(files[fileOffers])
		return &c
	}
	return map[string]func() *tsvCtx{
		"whole":    whole,
		"streamed": func() *tsvCtx { return whole().forStream(len(offerCols.Get())) },
		"no-details": func() *tsvCtx {
			c := *base
			return &c
		},
	}
}

// TestOfferRowsMatchGeneric: the embedded catalog's offers.tsv (written
// with the standard header) gives the same records through the
// specialised decoder as through the generic one, and a decode of a
// folder picks the specialised one only for the standard header.
func TestOfferRowsMatchGeneric(t *testing.T) {
	files := embeddedFiles()
	header, body, _ := strings.Cut(files[fileOffers], "\n")
	if header != strings.Join(offerColNames(), "\t") {
		t.Fatalf("the embedded offers.tsv header is not offerCols' names in order")
	}
	if ofFields != len(offerCols.Get()) {
		t.Fatalf("ofFields is %d, offerCols has %d columns", ofFields, len(offerCols.Get()))
	}
	for name, mk := range offerCtxs(t, files) {
		t.Run(name, func(t *testing.T) { offerRowsBoth(t, body+"\n"+body, mk) })
	}
	std := make([]int, len(offerCols.Get()))
	for i := range std {
		std[i] = i
	}
	moved := append([]int{1, 0}, std[2:]...)
	for _, tc := range []struct {
		name  string
		cols  []column[model.Offer]
		order []int
		want  bool
	}{
		{"standard", offerCols.Get(), std, true},
		{"columns moved", offerCols.Get(), moved, false},
		{"a column missing", offerCols.Get(), std[:len(std)-1], false},
		{"other columns", offerCols.Get()[1:], std[:len(std)-1], false},
	} {
		if got := isOfferStandard(tc.cols, tc.order); got != tc.want {
			t.Errorf("%s: isOfferStandard %v, want %v", tc.name, got, tc.want)
		}
	}
}

// offerColNames are offerCols' names in order.
func offerColNames() []string {
	names := make([]string, len(offerCols.Get()))
	for i, c := range offerCols.Get() {
		names[i] = c.name
	}
	return names
}

// FuzzOfferRows: any offers.tsv body after the standard header decodes
// through decodeOfferRows to decodeRows' records or decodeRows' error.
func FuzzOfferRows(f *testing.F) {
	files := embeddedFiles()
	lines := strings.SplitAfter(files[fileOffers], "\n")
	for _, l := range lines[1:min(len(lines), 8)] {
		f.Add(l)
	}
	f.Add(strings.Join(lines[1:4], ""))
	f.Add(strings.Repeat("\t", len(offerCols.Get())-1) + "\n")
	f.Add(strings.Repeat("0\t", len(offerCols.Get())-1) + "0")
	f.Add(strings.Repeat("\t", len(offerCols.Get())))
	f.Add("aws\tp5\tH100\t8\n\n")
	f.Fuzz(func(t *testing.T, body string) {
		for name, mk := range offerCtxs(t, files) {
			t.Run(name, func(t *testing.T) { offerRowsBoth(t, body, mk) })
		}
	})
}
