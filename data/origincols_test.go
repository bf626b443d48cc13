package data

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// originCtx is a sources table of three lines for the price_origins tests.
func originCtx() *tsvCtx {
	c := &tsvCtx{ids: map[string]int{}}
	c.sourceIDs([]string{"https://a.example/prices.csv", "sheet 2023 (third-party)", "https://b.example/?x=1|2"})
	return c
}

// An offer's price origins survive the catalog's files: the embedded
// catalog with a merged offer (a place with '|', '=' and ':' in its name,
// a source with '|', an undated price) reads back equal.
func TestPriceOriginsRoundTrip(t *testing.T) {
	cat := embeddedCatalog(t)
	i := slices.IndexFunc(cat.Offers, func(o model.Offer) bool { return o.OnDemand > 0 })
	o := cat.Offers[i]
	o.Regions = []string{"us-east-1", "Sichuan, CN | AS=1:2"}
	o.PriceDate, o.Sources = "", []string{"sheet 2023 (third-party)"}
	o.EditDetail().OnDemandZones, o.EditDetail().Monthly = nil, 4000
	newer := o.WithDetail(model.OfferDetail{})
	newer.PriceDate, newer.Sources, newer.OnDemand = "2024-01-10", []string{"https://b.example/?x=1|2"}, o.OnDemand*2
	newer.Regions = []string{"Sichuan, CN | AS=1:2"}
	merged := MergeOffers([]model.Offer{o}, []model.Offer{newer})[0]
	if len(merged.Detail().PriceOrigins) < 2 {
		t.Fatalf("the merge named no price origins: %+v", merged.Detail())
	}
	cat.Offers[i] = merged
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := decodeCatalog("round trip", files)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := back.Offers[i].Detail().PriceOrigins, merged.Detail().PriceOrigins; !reflect.DeepEqual(got, want) {
		t.Errorf("price origins after a round trip %+v, want %+v", got, want)
	}
}

// A bad price_origins item is refused naming the item and the form.
func TestPriceOriginsRejects(t *testing.T) {
	for _, tc := range []struct{ field, want string }{
		{"xx:us-east-1=0@2024-01-10", `kind "xx"`},
		{"od=0@2024-01-10", `kind "od=0@2024-01-10"`},
		{"od:us-east-1@2024-01-10", "no place="},
		{"od:=0@2024-01-10", "no place="},
		{"od:us-east-1=0", "no @date"},
		{"od:us-east-1=9@2024-01-10", `source id "9" is not in sources.tsv`},
		{"od:us-east-1=a@2024-01-10", `source id "a"`},
		{"plan:monthly=1@2024-13-01", `date "2024-13-01"`},
		{"od:us-east-1=0@2024-01-10|spot:x=1@June", `"spot:x=1@June" is not kind:place=source@date`},
	} {
		_, err := decodePriceOrigins(tc.field, originCtx())
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "e.g. od:us-east-1=3@2024-01-10") {
			t.Errorf("%q: error %v, want %q and the form", tc.field, err, tc.want)
		}
	}
	want := []model.PriceOrigin{{Kind: model.PriceKindOnDemand, Place: "us-east-1", Source: "https://a.example/prices.csv", Date: "2024-01-10"},
		{Kind: model.PriceKindPlan, Place: "monthly", Source: "sheet 2023 (third-party)"},
		{Kind: model.PriceKindSpot, Place: "a|b", Source: "https://b.example/?x=1|2", Date: "2023-06-01"}}
	// Read alone, and as a streamed decode reads it (its strings copied
	// into the goroutine's arena, an undated price's empty date too).
	for _, ctx := range []*tsvCtx{originCtx(), arenaCtx()} {
		got, err := decodePriceOrigins(`od:us-east-1=0@2024-01-10|plan:monthly=1@|spot:a\|b=2@2023-06-01`, ctx)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("good field (arena %v): %+v, %v; want %+v", ctx.in != nil, got, err, want)
		}
	}
}

// arenaCtx is originCtx as a goroutine of a streamed decode has it, with
// an intern table and its arena.
func arenaCtx() *tsvCtx {
	return originCtx().forStream(1)
}

// FuzzPriceOrigins: any price_origins field is read or refused, never a
// panic, and one read (as a streamed decode reads it) writes back to a
// field that reads the same.
func FuzzPriceOrigins(f *testing.F) {
	f.Add(`od:us-east-1=0@2024-01-10|plan:monthly=1@|spot:a\|b=2@2023-06-01`)
	f.Add("od:x=0@")
	f.Fuzz(func(t *testing.T, s string) {
		ctx := arenaCtx()
		got, err := decodePriceOrigins(s, ctx)
		if err != nil {
			return
		}
		d := model.OfferDetail{PriceOrigins: got}
		col := priceOriginCol("price_origins", func(d *model.OfferDetail) *[]model.PriceOrigin { return &d.PriceOrigins })
		back, err := decodePriceOrigins(col.enc(&d, ctx), ctx)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("%q read as %+v, written back reads %+v (%v)", s, got, back, err)
		}
	})
}
