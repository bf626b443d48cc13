// Command offercols writes data/offercols_gen.go, the code of every column
// of offers.tsv, from the column table data/offercols.tsv (one row a
// column, in file order: its name, its kind, whether it is a field of
// model.Offer or of model.OfferDetail, and the field). Run it through
// `go generate ./data`; it rewrites the file only when it changes, and its
// output depends on the table and the model types alone.
//
// It writes, per column, the generic codec's entry (offerCols), the field
// number (ofProvider, …) and the column's block of the standard-header
// decoder (decodeOfferLine: the fields cut in order, each set by code of
// its own); and, from every field of model.OfferDetail, the detail
// interner's key (detailKey, keyOf) and the copy of a detail's texts
// (cloneDetailTexts). It reads model's types by reflection to check each
// row against its field, so a row that names a missing field or a kind
// that does not fit the field's type is an error naming the row.
//
// It does not import package data, so it runs even when a change to the
// table or the model has left package data unbuildable.
package main

import (
	"flag"
	"fmt"
	"github.com/gpupick/gpupick/internal/genfile"
	"os"
)

func main() {
	table := flag.String("table", "offercols.tsv", "the column table of offers.tsv")
	out := flag.String("out", "offercols_gen.go", "the Go file to write")
	flag.Parse()
	if err := run(*table, *out); err != nil {
		fmt.Fprintln(os.Stderr, "offercols:", err)
		os.Exit(1)
	}
}

// run reads the table and writes out unless it already holds the code.
func run(table, out string) error {
	text, err := os.ReadFile(table)
	if err != nil {
		return err
	}
	cols, err := parseTable(table, string(text))
	if err != nil {
		return err
	}
	src, err := generate(cols)
	if err != nil {
		return err
	}
	return genfile.WriteChanged(os.Stdout, out, src)
}
