package data

import (
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// A file's offers.tsv almost always has the standard header: offerCols'
// names, in order. Its rows are then decoded by decodeOfferRows, which
// cuts the fields in order and sets each offer field directly, without
// the generic decoder's two indirect calls a field (the column's decoder
// and its field accessor). Any other header (an older gpupick's, columns
// moved) goes through decodeRows. The two give the same records and the
// same errors (TestOfferRowsMatchGeneric, FuzzOfferRows).

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
// every one of its columns in its own place.
func isOfferStandard(cols []column[model.Offer], order []int) bool {
	if len(cols) != len(offerCols) || len(cols) == 0 || &cols[0] != &offerCols[0] || len(order) != len(cols) {
		return false
	}
	for i, j := range order {
		if i != j {
			return false
		}
	}
	return true
}

// Field numbers of the standard offers.tsv header (offerCols' order);
// TestOfferFieldNumbers checks them against offerCols.
const (
	ofProvider = iota
	ofInstanceType
	ofGPU
	ofGPUCount
	ofGPUFraction
	ofVRAM
	ofVCPUs
	ofMemory
	ofCurrency
	ofOnDemand
	ofOnDemandMax
	ofSpot
	ofSpotMax
	ofDaily
	ofWeekly
	ofMonthly
	ofYearly
	ofPriceDate
	ofPriceDateNote
	ofOnDemandRegion
	ofPricedZones
	ofSpotZones
	ofInterruption
	ofInterruptionDate
	ofCommit1y
	ofCommit3y
	ofCommitSource
	ofInterconnect
	ofVCPUType
	ofFormFactor
	ofRDMA
	ofHyperthread
	ofNVMeWiped
	ofMarketplace
	ofRegions
	ofSources
	ofInterconnectNote
	ofInterNodeNetwork
	ofVCPUNote
	ofLocalNVMe
	ofPriceNote
	ofNotes
	ofRetired
	ofRetiredSource
	ofFields // the number of standard fields
)

// decodeOfferRows is decodeRows for offers.tsv with the standard header.
func decodeOfferRows(name, rest string, lineNo int, ctx *tsvCtx, dst []model.Offer) (int, error) {
	n := 0
	var line string
	stream := ctx != nil && ctx.in != nil
	var details *detailInterner
	var in *interner
	internAt := -1 // the field after which the row's detail is interned
	if ctx != nil {
		details, in = ctx.details, ctx.in
		if details != nil {
			for j := range offerCols {
				if offerCols[j].name == details.last {
					internAt = j
				}
			}
		}
	}
	for rest != "" {
		lineNo++
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			line, rest = rest, ""
		}
		if line == "" {
			continue
		}
		o := &dst[n]
		field := 0
		for more := true; more; field++ {
			val := line
			i := 0
			for i < len(line) && i < shortField && line[i] != '\t' {
				i++
			}
			if i == shortField {
				if j := strings.IndexByte(line[i:], '\t'); j >= 0 {
					i += j
				} else {
					i = len(line)
				}
			}
			if i < len(line) {
				val, line = line[:i], line[i+1:]
			} else {
				more = false
			}
			if field >= ofFields {
				return 0, fmt.Errorf("%s: line %d: more than %d fields", name, lineNo, ofFields)
			}
			if val != "" {
				if stream {
					ctx.col = field
				}
				if err := setOfferField(o, field, val, ctx); err != nil {
					return 0, fmt.Errorf("%s: line %d: column %s: %w", name, lineNo, offerCols[field].name, err)
				}
			} else if field == ofRegions {
				o.Regions = []string{}
			} else if field == ofSources {
				o.Sources = []string{}
			}
			if field == internAt {
				dropZeroDetail(o, details)
				details.intern(o, in)
			}
		}
		if internAt < 0 {
			dropZeroDetail(o, details)
		}
		if field != ofFields {
			return 0, fmt.Errorf("%s: line %d: %d fields, want %d", name, lineNo, field, ofFields)
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

// setOfferField decodes the non-empty field number f of a standard row
// into o, as offerCols[f]'s decoder does.
func setOfferField(o *model.Offer, f int, s string, ctx *tsvCtx) (err error) {
	switch f {
	case ofProvider:
		o.Provider, err = ctx.keptField(s)
	case ofInstanceType:
		o.InstanceType, err = ctx.keptField(s)
	case ofGPU:
		o.GPU, err = ctx.keptField(s)
	case ofGPUCount:
		o.GPUCount, err = decInt(s)
	case ofGPUFraction:
		o.GPUFraction, err = parseNum(s)
	case ofVRAM:
		o.VRAMGiB, err = parseNum(s)
	case ofVCPUs:
		o.VCPUs, err = parseNum(s)
	case ofMemory:
		o.MemoryGiB, err = parseNum(s)
	case ofCurrency:
		o.Currency = model.Currency(ctx.str(s))
	case ofOnDemand:
		o.OnDemand, err = parseNum(s)
	case ofOnDemandMax:
		ownDetail(o, ctx).OnDemandMax, err = parseNum(s)
	case ofSpot:
		o.Spot, err = parseNum(s)
	case ofSpotMax:
		ownDetail(o, ctx).SpotMax, err = parseNum(s)
	case ofDaily:
		ownDetail(o, ctx).Daily, err = parseNum(s)
	case ofWeekly:
		ownDetail(o, ctx).Weekly, err = parseNum(s)
	case ofMonthly:
		ownDetail(o, ctx).Monthly, err = parseNum(s)
	case ofYearly:
		ownDetail(o, ctx).Yearly, err = parseNum(s)
	case ofPriceDate:
		o.PriceDate, err = ctx.keptField(s)
	case ofPriceDateNote:
		ownDetail(o, ctx).PriceDateNote, err = ctx.keptField(s)
	case ofOnDemandRegion:
		ownDetail(o, ctx).OnDemandRegion, err = ctx.keptField(s)
	case ofPricedZones:
		ownDetail(o, ctx).PricedZones, err = decInt(s)
	case ofSpotZones:
		ownDetail(o, ctx).SpotZones, err = decodeZonePrices(s, ctx)
	case ofInterruption:
		ownDetail(o, ctx).Interruption, err = decodeBuckets(s, ctx)
	case ofInterruptionDate:
		ownDetail(o, ctx).InterruptionDate, err = ctx.keptField(s)
	case ofCommit1y:
		ownDetail(o, ctx).Commit1yOff, err = parseNum(s)
	case ofCommit3y:
		ownDetail(o, ctx).Commit3yOff, err = parseNum(s)
	case ofCommitSource:
		ownDetail(o, ctx).CommitSource, err = ctx.keptField(s)
	case ofInterconnect:
		o.Interconnect = model.Interconnect(ctx.str(s))
	case ofVCPUType:
		o.VCPUType = model.VCPUType(ctx.str(s))
	case ofFormFactor:
		ownDetail(o, ctx).FormFactor, err = ctx.keptField(s)
	case ofRDMA:
		o.RDMA, err = decTri(s)
	case ofHyperthread:
		o.Hyperthreaded, err = decTri(s)
	case ofNVMeWiped:
		o.LocalNVMeWiped, err = decTri(s)
	case ofMarketplace:
		o.Marketplace, err = decBool(s)
	case ofRegions:
		o.Regions, err = ctx.keptList(s)
	case ofSources:
		o.Sources, err = ctx.sourcesOf(s)
	case ofInterconnectNote:
		ownDetail(o, ctx).InterconnectNote, err = ctx.keptField(s)
	case ofInterNodeNetwork:
		o.InterNodeNetwork, err = ctx.keptField(s)
	case ofVCPUNote:
		ownDetail(o, ctx).VCPUNote, err = ctx.keptField(s)
	case ofLocalNVMe:
		ownDetail(o, ctx).LocalNVMe, err = ctx.keptField(s)
	case ofPriceNote:
		ownDetail(o, ctx).PriceNote, err = ctx.keptField(s)
	case ofNotes:
		ownDetail(o, ctx).Notes, err = ctx.keptField(s)
	case ofRetired:
		ownDetail(o, ctx).Retired, err = ctx.keptField(s)
	case ofRetiredSource:
		ownDetail(o, ctx).RetiredSource, err = ctx.keptField(s)
	}
	return err
}
