package data

import (
	"fmt"

	"github.com/gpupick/gpupick/model"
)

// A file's offers.tsv almost always has the standard header: offerCols'
// names, in order. Its rows are then decoded by decodeOfferRows, which
// cuts the fields in order and sets each offer field directly
// (decodeOfferLine, generated from offercols.tsv into offercols_gen.go),
// without the generic decoder's two indirect calls a field (the column's
// decoder and its field accessor). Any other header (an older gpupick's,
// columns moved) goes through decodeRows. The two give the same records
// and the same errors (TestOfferRowsMatchGeneric, FuzzOfferRows).

// rowsDecoder decodes the lines of a table body into dst as decodeRows
// does with the header's column order.
type rowsDecoder[T any] func(name, rest string, lineNo int, ctx *tsvCtx, dst []T) (int, error)

// rowsFor returns the decoder of a table's rows: decodeOfferRows for
// offerCols in the standard order, else decodeRows.
func rowsFor[T any](cols []column[T], order []int) rowsDecoder[T] {
	if oc, ok := any(cols).([]column[model.Offer]); ok && isOfferStandard(oc, order) {
		return func(name, rest string, lineNo int, ctx *tsvCtx, dst []T) (int, error) {
			return decodeOfferRows(name, rest, lineNo, ctx, any(dst).([]model.Offer))
		}
	}
	return func(name, rest string, lineNo int, ctx *tsvCtx, dst []T) (int, error) {
		return decodeRows(name, rest, lineNo, order, cols, ctx, dst)
	}
}

// isOfferStandard reports whether cols is offerCols and the header gives
// every one of its columns in its own place. offerCols and decodeOfferLine
// are generated from one table (offercols.tsv), so they cannot drift apart.
func isOfferStandard(cols []column[model.Offer], order []int) bool {
	std := offerCols.Get()
	if len(cols) != ofFields || len(cols) != len(std) || &cols[0] != &std[0] || len(order) != len(cols) {
		return false
	}
	for i, j := range order {
		if i != j {
			return false
		}
	}
	return true
}

// decodeOfferRows is decodeRows for offers.tsv with the standard header.
func decodeOfferRows(name, rest string, lineNo int, ctx *tsvCtx, dst []model.Offer) (int, error) {
	n := 0
	var line string
	stream := ctx != nil && ctx.in != nil
	var details *detailInterner
	var in *interner
	internAt := -1 // the field after which the row's detail is interned (the last)
	if ctx != nil {
		details, in = ctx.details, ctx.in
		if details != nil {
			for j, c := range offerCols.Get() {
				if c.name == details.last {
					internAt = j
				}
			}
		}
	}
	if internAt >= 0 && internAt != ofLastDetail {
		// A detail interner of another header, whose last detail column
		// is not the standard one: the generic decoder interns there.
		order := make([]int, ofFields)
		for i := range order {
			order[i] = i
		}
		return decodeRows(name, rest, lineNo, order, offerCols.Get(), ctx, dst)
	}
	for rest != "" {
		lineNo++
		line, rest = cutLine(rest)
		if line == "" {
			continue
		}
		o := &dst[n]
		got, at, extra, err := decodeOfferLine(o, line, ctx, stream)
		if err != nil {
			return 0, fmt.Errorf("%s: line %d: column %s: %w", name, lineNo, offerCols.Get()[at].name, err)
		}
		if got < ofFields {
			return 0, fmt.Errorf("%s: line %d: %d fields, want %d", name, lineNo, got, ofFields)
		}
		if extra {
			return 0, fmt.Errorf("%s: line %d: more than %d fields", name, lineNo, ofFields)
		}
		dropZeroDetail(o, details)
		if internAt >= 0 {
			details.intern(o, in)
		}
		n++
	}
	return n, nil
}

// ownDetail is the row's own detail to write a detail field in: made (or
// taken from the interner's spares) on the row's first detail field.
func ownDetail(o *model.Offer, ctx *tsvCtx) *model.OfferDetail {
	if o.Extra == nil {
		var d *model.OfferDetail
		if ctx != nil {
			d = ctx.details.scratch()
		} else {
			d = new(model.OfferDetail)
		}
		o.Extra = d // SetDetail would drop it while it is still zero
		return d
	}
	return o.Extra
}

// dropZeroDetail gives the offer no detail when its own is zero (its
// detail fields held only zeros), as SetDetail would, and puts that one
// back for a later row.
func dropZeroDetail(o *model.Offer, t *detailInterner) {
	if o.Extra != nil && o.Extra.IsZero() {
		if t != nil {
			t.spare.Put(o.Extra)
		}
		o.Extra = nil
	}
}
