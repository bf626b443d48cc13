package data

import (
	_ "embed"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// The catalog's files, which the binary does not embed (its tables are
// generated from them): the tests check the tables and the codec against
// them.
var (
	//go:embed catalog/offers.tsv
	embOffers string
	//go:embed catalog/sources.tsv
	embSources string
	//go:embed catalog/texts.tsv
	embTexts string
	//go:embed catalog/gpus.tsv
	embGPUs string
	//go:embed catalog/policies.json
	embPolicies string
	//go:embed catalog/models.tsv
	embModels string
	//go:embed catalog/fx.tsv
	embFX string
	//go:embed catalog/regions.tsv
	embRegions string
	//go:embed catalog/region_groups.tsv
	embRegionGroups string
)

// embeddedFiles is the embedded catalog as text files.
func embeddedFiles() catalogFiles {
	return catalogFiles{
		fileInfo: embInfo, fileOffers: embOffers, fileSources: embSources, fileTexts: embTexts, fileGPUs: embGPUs,
		filePolicies: embPolicies, fileModels: embModels, fileFX: embFX,
		fileRegions: embRegions, fileRegionGroups: embRegionGroups,
	}
}

// decodedEmbedded decodes the embedded catalog from its files, as Embedded
// did before the tables were generated.
func decodedEmbedded(t *testing.T) *model.Catalog {
	t.Helper()
	cat, _, err := decodeCatalog("embedded catalog", embeddedFiles())
	if err != nil {
		t.Fatal(err)
	}
	cat.Info.Origin = originEmbedded
	return cat
}

// firstFieldDiff names the first exported field in which two structs
// differ, or "" when they are equal.
func firstFieldDiff(a, b any) string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			return va.Type().Field(i).Name
		}
	}
	return ""
}

// The generated tables (embedded_catalog.go) are a decode of the catalog's
// TSV files, offer by offer and field by field, and Embedded hands them out
// with the info and policies of the files.
func TestEmbeddedTablesMatchTSV(t *testing.T) {
	want := decodedEmbedded(t)
	got, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	const regen = "(run go generate ./data)"
	if len(got.Offers) != len(want.Offers) {
		t.Fatalf("embedded_catalog.go has %d offers, catalog/offers.tsv %d %s", len(got.Offers), len(want.Offers), regen)
	}
	for i := range want.Offers {
		if f := firstFieldDiff(got.Offers[i], want.Offers[i]); f != "" {
			t.Fatalf("offer %d (%s): field %s is %#v in embedded_catalog.go, %#v in catalog/offers.tsv %s", i, want.Offers[i].Key(),
				f, reflect.ValueOf(got.Offers[i]).FieldByName(f).Interface(), reflect.ValueOf(want.Offers[i]).FieldByName(f).Interface(), regen)
		}
	}
	if len(got.GPUs) != len(want.GPUs) {
		t.Fatalf("embedded_catalog.go has %d GPUs, catalog/gpus.tsv %d %s", len(got.GPUs), len(want.GPUs), regen)
	}
	for name, w := range want.GPUs {
		if f := firstFieldDiff(got.GPUs[name], w); f != "" {
			t.Fatalf("GPU %s: field %s differs between embedded_catalog.go and catalog/gpus.tsv %s", name, f, regen)
		}
	}
	if len(got.Models) != len(want.Models) {
		t.Fatalf("embedded_catalog.go has %d presets, catalog/models.tsv %d %s", len(got.Models), len(want.Models), regen)
	}
	for i := range want.Models {
		if f := firstFieldDiff(got.Models[i], want.Models[i]); f != "" {
			t.Fatalf("preset %s: field %s differs between embedded_catalog.go and catalog/models.tsv %s", want.Models[i].Name, f, regen)
		}
	}
	if !reflect.DeepEqual(got.Places, want.Places) || len(got.Places) == 0 {
		t.Fatalf("the region table differs between embedded_catalog.go (%d rows) and catalog/regions.tsv (%d) %s", len(got.Places), len(want.Places), regen)
	}
	if !reflect.DeepEqual(got.RegionGroups, want.RegionGroups) || len(got.RegionGroups) == 0 {
		t.Fatalf("the region groups differ between embedded_catalog.go and catalog/region_groups.tsv %s", regen)
	}
	if !reflect.DeepEqual(got.FX, want.FX) {
		t.Fatalf("exchange rates differ between embedded_catalog.go and catalog/fx.tsv %s", regen)
	}
	if !reflect.DeepEqual(got.Policies, want.Policies) {
		t.Fatalf("policies differ between embedded_policies.go and catalog/policies.json %s", regen)
	}
	if !reflect.DeepEqual(got.Info, want.Info) {
		t.Fatalf("info %+v, want %+v", got.Info, want.Info)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("the embedded catalog differs from a decode of its files")
	}
}

// changeAll changes, in place, every string, number and flag reachable
// from v through exported fields, slices, pointers and map values; not
// through a pointer field of an Offer, which package model shares between
// offers copy-on-write (a write through it is a bug of its own, which
// package model's tests look for).
func changeAll(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			changeAll(v.Elem())
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(v.String() + "~changed")
		}
	case reflect.Float64:
		if v.CanSet() {
			v.SetFloat(v.Float() + 1)
		}
	case reflect.Int:
		if v.CanSet() {
			v.SetInt(v.Int() + 1)
		}
	case reflect.Bool:
		if v.CanSet() {
			v.SetBool(!v.Bool())
		}
	case reflect.Struct:
		offer := v.Type() == reflect.TypeFor[model.Offer]()
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if f.IsExported() && !(offer && f.Type.Kind() == reflect.Pointer) {
				changeAll(v.Field(i))
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			changeAll(v.Index(i))
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			val := reflect.New(it.Value().Type()).Elem()
			val.Set(it.Value())
			changeAll(val)
			v.SetMapIndex(it.Key(), val)
		}
	}
}

// A caller that changes everything in its embedded catalog, lists and all,
// leaves the tables, and so the next caller's catalog, as they were.
func TestEmbeddedCatalogIsACopy(t *testing.T) {
	a := embeddedCatalog(t)
	changeAll(reflect.ValueOf(a))
	if a.Offers[0].Provider == embeddedOffers[0].Provider {
		t.Fatal("changeAll changed nothing")
	}
	b, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	want := decodedEmbedded(t)
	for i := range want.Offers {
		if f := firstFieldDiff(b.Offers[i], want.Offers[i]); f != "" {
			t.Fatalf("offer %s: a change to one catalog reached the next (field %s)", want.Offers[i].Key(), f)
		}
	}
	if !reflect.DeepEqual(b, want) {
		t.Fatal("a change to one catalog reached the next")
	}
}

// Load's catalog without an overlay reads the offer table itself; with an
// overlay, which changes offers in place (prices, notes, sources), it
// works on copies, so the next Load and Embedded are as the files say.
func TestLoadOverlayLeavesTheTable(t *testing.T) {
	dir := t.TempDir()
	overlay := filepath.Join(dir, "catalog.toml")
	// The policy section appends the overlay to the policy's sources,
	// which Load shares with the table (policyMap).
	if err := os.WriteFile(overlay, []byte("[[override]]\nprovider = \"aws\"\ndiscount = 0.5\nnote = \"test\"\n[policy.aws]\ncommit_1y = 0.3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := LoadOptions{CacheDir: filepath.Join(dir, "cache"), ConfigDir: filepath.Join(dir, "config"), OverlayPath: overlay}
	over, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if sharesEmbedded(over.Offers) {
		t.Fatal("an overlaid catalog holds the offer table itself")
	}
	table := map[string]float64{}
	for i := range embeddedOffers {
		table[embeddedOffers[i].Key()] = embeddedOffers[i].OnDemand
	}
	changed := 0
	for i := range over.Offers {
		if p, ok := table[over.Offers[i].Key()]; ok && over.Offers[i].OnDemand != p {
			changed++
		}
	}
	if changed == 0 {
		t.Fatal("the overlay changed no offer's price")
	}
	want := decodedEmbedded(t)
	for _, get := range []func() (*model.Catalog, error){
		Embedded,
		func() (*model.Catalog, error) {
			return Load(LoadOptions{CacheDir: opts.CacheDir, ConfigDir: opts.ConfigDir, NoOverlay: true})
		},
	} {
		cat, err := get()
		if err != nil {
			t.Fatal(err)
		}
		for i := range want.Offers {
			if f := firstFieldDiff(cat.Offers[i], want.Offers[i]); f != "" {
				t.Fatalf("offer %s: the overlay of one Load reached the table (field %s)", want.Offers[i].Key(), f)
			}
		}
		if !reflect.DeepEqual(cat.Policies, want.Policies) {
			t.Fatal("the overlay of one Load reached the policy table")
		}
	}
	if p := over.Policies["aws"]; p.Commit1y.Fraction != 0.3 || !slices.ContainsFunc(p.Sources, func(s string) bool { return strings.Contains(s, overlay) }) {
		t.Fatalf("the overlay's policy was not applied: %+v", p)
	}
}

// Load marks its catalog Builtin (the advisor then ranks it with the index
// built with the binary) only when it is the embedded catalog as built in:
// not when an overlay changed it, nor a catalog Embedded gives to change.
func TestLoadBuiltin(t *testing.T) {
	dir := t.TempDir()
	overlay := filepath.Join(dir, "catalog.toml")
	if err := os.WriteFile(overlay, []byte("[[override]]\nprovider = \"aws\"\ndiscount = 0.5\nnote = \"test\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := LoadOptions{CacheDir: filepath.Join(dir, "cache"), ConfigDir: filepath.Join(dir, "config")}
	over := plain
	over.OverlayPath = overlay
	for _, c := range []struct {
		name string
		opts LoadOptions
		want bool
	}{{"no cache, no overlay", plain, true}, {"an overlay", over, false}} {
		cat, err := Load(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if cat.Info.Builtin != c.want || cat.Info.Builtin != sharesEmbedded(cat.Offers) {
			t.Errorf("%s: Builtin %v (offers the table itself: %v), want %v", c.name, cat.Info.Builtin, sharesEmbedded(cat.Offers), c.want)
		}
	}
	if cat, err := Embedded(); err != nil || cat.Info.Builtin {
		t.Errorf("Embedded: Builtin %v (err %v), want a catalog to change, not marked", cat != nil && cat.Info.Builtin, err)
	}
}
