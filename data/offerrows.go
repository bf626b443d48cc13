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
// every one of its columns in its own place. A column list that has
// drifted from decodeOfferLine's fields (ofFields) is never standard:
// such a file takes the generic decoder, slower but right, until
// decodeOfferLine follows (TestOfferRowsMatchGeneric says where).
func isOfferStandard(cols []column[model.Offer], order []int) bool {
	std := offerCols()
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

// Field numbers of the standard offers.tsv header (offerCols' order;
// TestOfferRowsMatchGeneric and FuzzOfferRows check them against it).
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
	ofPlanRegions
	ofPriceDate
	ofPriceDateNote
	ofOnDemandRegion
	ofPricedZones
	ofOnDemandZones
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
	internAt := -1 // the field after which the row's detail is interned (the last)
	if ctx != nil {
		details, in = ctx.details, ctx.in
		if details != nil {
			for j, c := range offerCols() {
				if c.name == details.last {
					internAt = j
				}
			}
		}
	}
	if internAt >= 0 && internAt != ofRetiredSource {
		// A detail interner of another header, whose last detail column
		// is not the standard one: the generic decoder interns there.
		order := make([]int, ofFields)
		for i := range order {
			order[i] = i
		}
		return decodeRows(name, rest, lineNo, order, offerCols(), ctx, dst)
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
			return 0, fmt.Errorf("%s: line %d: column %s: %w", name, lineNo, offerCols()[at].name, err)
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

// decodeOfferLine decodes one line of a standard offers.tsv into o (zero),
// its fields cut in order, each set by code of its own (no call through a
// table, no switch on the field's number, whose jump the CPU cannot
// foresee). It returns how many fields the line has (up to ofFields),
// whether it has more, and a field's error with the field's number.
func decodeOfferLine(o *model.Offer, line string, ctx *tsvCtx, stream bool) (got, at int, extra bool, err error) {
	var s string
	whole, more := line, true
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofProvider
		}
		if o.Provider, err = ctx.keptField(s); err != nil {
			return 0, ofProvider, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofInstanceType
		}
		if o.InstanceType, err = ctx.keptField(s); err != nil {
			return 0, ofInstanceType, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofGPU
		}
		if o.GPU, err = ctx.keptField(s); err != nil {
			return 0, ofGPU, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofGPUCount
		}
		if o.GPUCount, err = decInt(s); err != nil {
			return 0, ofGPUCount, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofGPUFraction
		}
		if o.GPUFraction, err = parseNum(s); err != nil {
			return 0, ofGPUFraction, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofVRAM
		}
		if o.VRAMGiB, err = parseNum(s); err != nil {
			return 0, ofVRAM, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofVCPUs
		}
		if o.VCPUs, err = parseNum(s); err != nil {
			return 0, ofVCPUs, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofMemory
		}
		if o.MemoryGiB, err = parseNum(s); err != nil {
			return 0, ofMemory, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofCurrency
		}
		o.Currency = model.Currency(ctx.str(s))
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofOnDemand
		}
		if o.OnDemand, err = parseNum(s); err != nil {
			return 0, ofOnDemand, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofOnDemandMax
		}
		if ownDetail(o, ctx).OnDemandMax, err = parseNum(s); err != nil {
			return 0, ofOnDemandMax, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofSpot
		}
		if o.Spot, err = parseNum(s); err != nil {
			return 0, ofSpot, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofSpotMax
		}
		if ownDetail(o, ctx).SpotMax, err = parseNum(s); err != nil {
			return 0, ofSpotMax, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofDaily
		}
		if ownDetail(o, ctx).Daily, err = parseNum(s); err != nil {
			return 0, ofDaily, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofWeekly
		}
		if ownDetail(o, ctx).Weekly, err = parseNum(s); err != nil {
			return 0, ofWeekly, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofMonthly
		}
		if ownDetail(o, ctx).Monthly, err = parseNum(s); err != nil {
			return 0, ofMonthly, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofYearly
		}
		if ownDetail(o, ctx).Yearly, err = parseNum(s); err != nil {
			return 0, ofYearly, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofPlanRegions
		}
		if ownDetail(o, ctx).PlanRegions, err = decodeRegionList(s, ctx); err != nil {
			return 0, ofPlanRegions, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofPriceDate
		}
		if o.PriceDate, err = ctx.keptField(s); err != nil {
			return 0, ofPriceDate, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofPriceDateNote
		}
		if ownDetail(o, ctx).PriceDateNote, err = ctx.keptField(s); err != nil {
			return 0, ofPriceDateNote, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofOnDemandRegion
		}
		if ownDetail(o, ctx).OnDemandRegion, err = ctx.keptField(s); err != nil {
			return 0, ofOnDemandRegion, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofPricedZones
		}
		if ownDetail(o, ctx).PricedZones, err = decInt(s); err != nil {
			return 0, ofPricedZones, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofOnDemandZones
		}
		if ownDetail(o, ctx).OnDemandZones, err = decodeZonePrices(s, ctx); err != nil {
			return 0, ofOnDemandZones, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofSpotZones
		}
		if ownDetail(o, ctx).SpotZones, err = decodeZonePrices(s, ctx); err != nil {
			return 0, ofSpotZones, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofInterruption
		}
		if ownDetail(o, ctx).Interruption, err = decodeBuckets(s, ctx); err != nil {
			return 0, ofInterruption, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofInterruptionDate
		}
		if ownDetail(o, ctx).InterruptionDate, err = ctx.keptField(s); err != nil {
			return 0, ofInterruptionDate, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofCommit1y
		}
		if ownDetail(o, ctx).Commit1yOff, err = parseNum(s); err != nil {
			return 0, ofCommit1y, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofCommit3y
		}
		if ownDetail(o, ctx).Commit3yOff, err = parseNum(s); err != nil {
			return 0, ofCommit3y, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofCommitSource
		}
		if ownDetail(o, ctx).CommitSource, err = ctx.keptField(s); err != nil {
			return 0, ofCommitSource, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofInterconnect
		}
		o.Interconnect = model.Interconnect(ctx.str(s))
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofVCPUType
		}
		o.VCPUType = model.VCPUType(ctx.str(s))
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofFormFactor
		}
		if ownDetail(o, ctx).FormFactor, err = ctx.keptField(s); err != nil {
			return 0, ofFormFactor, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofRDMA
		}
		if o.RDMA, err = decTri(s); err != nil {
			return 0, ofRDMA, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofHyperthread
		}
		if o.Hyperthreaded, err = decTri(s); err != nil {
			return 0, ofHyperthread, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofNVMeWiped
		}
		if o.LocalNVMeWiped, err = decTri(s); err != nil {
			return 0, ofNVMeWiped, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofMarketplace
		}
		if o.Marketplace, err = decBool(s); err != nil {
			return 0, ofMarketplace, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofRegions
		}
		if o.Regions, err = ctx.keptList(s); err != nil {
			return 0, ofRegions, false, err
		}
	} else {
		o.Regions = []string{}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofSources
		}
		if o.Sources, err = ctx.sourcesOf(s); err != nil {
			return 0, ofSources, false, err
		}
	} else {
		o.Sources = []string{}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofInterconnectNote
		}
		if ownDetail(o, ctx).InterconnectNote, err = ctx.keptField(s); err != nil {
			return 0, ofInterconnectNote, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofInterNodeNetwork
		}
		if o.InterNodeNetwork, err = ctx.keptField(s); err != nil {
			return 0, ofInterNodeNetwork, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofVCPUNote
		}
		if ownDetail(o, ctx).VCPUNote, err = ctx.keptField(s); err != nil {
			return 0, ofVCPUNote, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofLocalNVMe
		}
		if ownDetail(o, ctx).LocalNVMe, err = ctx.keptField(s); err != nil {
			return 0, ofLocalNVMe, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofPriceNote
		}
		if ownDetail(o, ctx).PriceNote, err = ctx.keptField(s); err != nil {
			return 0, ofPriceNote, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofNotes
		}
		if ownDetail(o, ctx).Notes, err = ctx.keptField(s); err != nil {
			return 0, ofNotes, false, err
		}
	}
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofRetired
		}
		if ownDetail(o, ctx).Retired, err = ctx.keptField(s); err != nil {
			return 0, ofRetired, false, err
		}
	}
	short := !more // the line ends before its last field
	s, line, more = cutField(line)
	if s != "" {
		if stream {
			ctx.col = ofRetiredSource
		}
		if ownDetail(o, ctx).RetiredSource, err = ctx.keptField(s); err != nil {
			return 0, ofRetiredSource, false, err
		}
	}
	if short {
		return strings.Count(whole, "\t") + 1, 0, false, nil
	}
	return ofFields, 0, more, nil
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
