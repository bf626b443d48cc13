package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// The literal writer writes set fields by name, keeps nil and empty lists
// apart, writes non-ASCII text as escapes and pointers as &T{…}; what has
// no static literal (NaN, -0, a map, an unexported field that is set) is an
// error naming the field.
func TestLiteralWriter(t *testing.T) {
	type withHidden struct {
		A      int
		hidden int
	}
	point1 := 0.1
	cases := []struct {
		name    string
		v       any
		want    string // the literal, when no error
		wantErr string // a part of the error
	}{
		{"zero fields left out", []model.FXRate{{From: "USD", To: "CNY", Rate: 7.1}},
			`[]model.FXRate{{From: "USD", To: "CNY", Rate: 7.1},}`, ""},
		{"nil and empty lists", []model.Offer{{Provider: "a", Regions: []string{}}, {Provider: "b"}},
			`[]model.Offer{{Provider: "a", Regions: []string{}},{Provider: "b"},}`, ""},
		{"nested structs named", []model.Policy{{EgressTiers: []model.EgressTier{{UpToGB: 10, PerGB: 0.5}}}},
			`[]model.Policy{{EgressTiers: []model.EgressTier{{UpToGB: 10, PerGB: 0.5},}},}`, ""},
		{"pointer", []model.ModelPreset{{Image: &model.ImageRef{Width: 1024}}},
			`[]model.ModelPreset{{Image: &model.ImageRef{Width: 1024}},}`, ""},
		{"non-ASCII escaped", []model.Policy{{Name: "\u963f\u91cc\u4e91"}},
			`[]model.Policy{{Name: "\u963f\u91cc\u4e91"},}`, ""},
		{"exact floats", []model.FXRate{{Rate: point1 + 0.2}}, `[]model.FXRate{{Rate: 0.30000000000000004},}`, ""},
		{"NaN", []model.FXRate{{Rate: math.NaN()}}, "", "0.Rate: NaN"},
		{"map", []model.Catalog{{GPUs: map[string]model.GPU{"G": {}}}}, "", "0.GPUs: a map"},
		{"unexported set", []withHidden{{A: 1, hidden: 2}}, "", "0.hidden: unexported field"},
		{"a type of another package", []model.FXRate{{Rate: 1}}, "", "may not be named here"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			w := newLitWriter(&b)
			if _, local := c.v.([]withHidden); local || strings.Contains(c.name, "another package") {
				w.Named = []string{reflect.TypeFor[withHidden]().PkgPath()} // the test's own types stand in for package model's
			}
			w.Slice(reflect.ValueOf(c.v), "")
			if c.wantErr != "" {
				if w.Err() == nil || !strings.Contains(w.Err().Error(), c.wantErr) {
					t.Fatalf("error %v, want one with %q", w.Err(), c.wantErr)
				}
				return
			}
			if w.Err() != nil {
				t.Fatal(w.Err())
			}
			if b.String() != c.want {
				t.Errorf("got  %s\nwant %s", b.String(), c.want)
			}
		})
	}
}

// A long text met more than once is written once, as a constant, and the
// table is valid Go.
func TestCatalogTableSharesLongTexts(t *testing.T) {
	src := strings.Repeat("https://example.com/a-long-source-url", 2)
	cat := &model.Catalog{
		Offers: []model.Offer{{Provider: "a", Sources: []string{src}}, {Provider: "b", Sources: []string{src}}},
		GPUs:   map[string]model.GPU{"G": {Name: "G"}},
	}
	out, err := catalogTable(cat)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(out), src); n != 1 {
		t.Errorf("the shared source is written %d times, want once:\n%s", n, out)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "embedded_catalog.go", out, 0); err != nil {
		t.Fatalf("the table is not valid Go: %v", err)
	}
}
