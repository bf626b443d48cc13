package main

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// col is one row of the column table: a column of offers.tsv.
type col struct {
	name     string // the header name
	kind     *kind
	detail   bool   // a field of model.OfferDetail
	host     bool   // a field of model.MarketHost (else, neither, of model.Offer)
	field    string // the field's name
	optional bool   // a file written before the column existed may lack it
	typ      reflect.Type
}

// kind is how a column's field is written and read: the codec's column
// constructor (codec.go, pricecols.go), the call that decodes a non-empty
// field in decodeOfferLine, and the Go type it fits.
type kind struct {
	name string
	// ctor is the column constructor of the generic codec.
	ctor string
	// dec decodes the field s ("%s" is s), returning the value and an
	// error; conv, instead, converts it with no error (a text's type).
	dec  string
	conv bool
	// empty, when set, is what an empty field sets an offer field to
	// (a list's empty list); otherwise an empty field leaves it zero.
	empty string
	// fits reports whether the kind can hold a field of type t.
	fits func(t reflect.Type) bool
	// detailOnly: the constructor makes a column of model.OfferDetail.
	detailOnly bool
}

var stringType = reflect.TypeFor[string]()

// kinds are the column kinds the table may name.
var kinds = map[string]*kind{
	"str":  {ctor: "strCol", dec: "ctx.keptField(s)", fits: is[string]},
	"text": {ctor: "textCol", conv: true, fits: func(t reflect.Type) bool { return t.Kind() == reflect.String && t != stringType }},
	"num":  {ctor: "numCol", dec: "parseNum(s)", fits: is[float64]},
	"int":  {ctor: "intCol", dec: "decInt(s)", fits: is[int]},
	// A marketplace id: a whole number of 32 bits.
	"id": {ctor: "idCol", dec: "decID(s)", fits: is[uint32]},
	// A measurement kept in 32 bits (a host's speeds, disk, price).
	"num32": {ctor: "num32Col", dec: "decNum32(s)", fits: is[float32]},
	// A host's verification state, read strictly.
	"verification": {ctor: "verificationCol", dec: "model.ParseHostVerification(s)", fits: is[model.HostVerification]},
	"tri":          {ctor: "triCol", dec: "decTri(s)", fits: is[model.Tri]},
	"bool":         {ctor: "boolCol", dec: "decBool(s)", fits: is[bool]},
	"list":         {ctor: "listCol", dec: "ctx.keptList(s)", empty: "[]string{}", fits: is[[]string]},
	// The id of a line of texts.tsv: a long text many offers repeat (a
	// note), written once.
	"note": {ctor: "noteCol", dec: "ctx.noteOf(s)", fits: is[string]},
	// The ids of sources.tsv's lines.
	"sources": {ctor: "sourcesCol", dec: "ctx.sourcesOf(s)", empty: "[]string{}", fits: is[[]string]},
	// A list of region names, "" for none.
	"regions": {ctor: "regionListCol", dec: "decodeRegionList(s, ctx)", fits: is[[]string], detailOnly: true},
	"zones":   {ctor: "zonePriceCol", dec: "decodeZonePrices(s, ctx)", fits: is[[]model.ZonePrice], detailOnly: true},
	"buckets": {ctor: "bucketCol", dec: "decodeBuckets(s, ctx)", fits: is[[]model.RegionBucket], detailOnly: true},
	// Each price's kind, place, source (a line of sources.tsv) and date.
	"origins": {ctor: "priceOriginCol", dec: "decodePriceOrigins(s, ctx)", fits: is[[]model.PriceOrigin], detailOnly: true},
}

func init() {
	for name, k := range kinds {
		k.name = name
	}
}

// is reports whether t is T.
func is[T any](t reflect.Type) bool { return t == reflect.TypeFor[T]() }

// tableHeader is the column table's header line.
const tableHeader = "column\tkind\tin\tfield\toptional"

// parseTable reads the column table (name names it in errors) and checks
// each row against model's types.
func parseTable(name, text string) ([]col, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if lines[0] != tableHeader {
		return nil, fmt.Errorf("%s: line 1: want the header %q", name, tableHeader)
	}
	var cols []col
	seen := map[string]bool{}
	for i, line := range lines[1:] {
		c, err := parseRow(line)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", name, i+2, err)
		}
		for _, key := range []string{"column " + c.name, "field " + c.field} {
			if seen[key] {
				return nil, fmt.Errorf("%s: line %d: %s appears twice", name, i+2, key)
			}
			seen[key] = true
		}
		cols = append(cols, c)
	}
	if len(cols) < 2 {
		return nil, fmt.Errorf("%s: want at least two columns", name)
	}
	if err := checkDetails(cols); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return cols, nil
}

// parseRow reads one row of the table.
func parseRow(line string) (col, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return col{}, fmt.Errorf("%d fields, want 5 (%s)", len(f), strings.ReplaceAll(tableHeader, "\t", ", "))
	}
	c := col{name: f[0], field: f[3]}
	if c.name == "" || strings.ContainsAny(c.name, " |\\") {
		return c, fmt.Errorf("column name %q: want a name without spaces, '|' or '\\'", c.name)
	}
	var ok bool
	if c.kind, ok = kinds[f[1]]; !ok {
		return c, fmt.Errorf("column %s: unknown kind %q (one of str, text, num, int, id, tri, bool, list, note, sources, regions, zones, buckets, origins)", c.name, f[1])
	}
	owner := reflect.TypeFor[model.Offer]()
	switch f[2] {
	case "offer":
	case "detail":
		c.detail = true
		owner = reflect.TypeFor[model.OfferDetail]()
	case "host":
		c.host = true
		owner = reflect.TypeFor[model.MarketHost]()
	default:
		return c, fmt.Errorf("column %s: in is %q, want offer, detail or host", c.name, f[2])
	}
	switch f[4] {
	case "":
	case "yes":
		c.optional = true
	default:
		return c, fmt.Errorf("column %s: optional is %q, want yes or empty", c.name, f[4])
	}
	sf, ok := owner.FieldByName(c.field)
	if !ok || !sf.IsExported() || len(sf.Index) != 1 {
		return c, fmt.Errorf("column %s: %s has no field %q (add it to the model first)", c.name, owner, c.field)
	}
	c.typ = sf.Type
	if !c.kind.fits(c.typ) {
		return c, fmt.Errorf("column %s: kind %s cannot hold %s.%s, a %s", c.name, c.kind.name, owner, c.field, c.typ)
	}
	if c.host && !c.optional {
		return c, fmt.Errorf("column %s: a column of model.MarketHost must be optional (an offer with no host has none)", c.name)
	}
	if c.kind.detailOnly && !c.detail {
		return c, fmt.Errorf("column %s: kind %s holds a field of model.OfferDetail only", c.name, c.kind.name)
	}
	return c, nil
}

// checkDetails checks that every field of model.OfferDetail is a column:
// the detail interner's key is made of the columns' fields, and a field it
// left out would make two offers that differ in it alone share a detail.
func checkDetails(cols []col) error {
	has := map[string]bool{}
	for _, c := range cols {
		if c.detail {
			has[c.field] = true
		}
	}
	if len(has) == 0 {
		return fmt.Errorf("no column of model.OfferDetail")
	}
	for f := range reflect.TypeFor[model.OfferDetail]().Fields() {
		if !has[f.Name] {
			return fmt.Errorf("model.OfferDetail.%s has no column: add its row", f.Name)
		}
	}
	return nil
}
