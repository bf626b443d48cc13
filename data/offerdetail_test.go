package data

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// familyFiles encodes the embedded catalog with each offer copied n times
// under another instance type name: every copy has its original's detail.
func familyFiles(t *testing.T, n int) (catalogFiles, *model.Catalog) {
	t.Helper()
	cat := embeddedCatalog(t)
	base := cat.Offers
	cat.Offers = nil
	for i := range n {
		for _, o := range base {
			if i > 0 {
				o.InstanceType = fmt.Sprintf("%s-copy%d", o.InstanceType, i)
			}
			cat.Offers = append(cat.Offers, o)
		}
	}
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	return files, cat
}

func TestDecodeSharesEqualDetails(t *testing.T) {
	// Four copies make offers.tsv long enough to be decoded in parallel
	// chunks: the interning must hold across them.
	files, _ := familyFiles(t, 4)
	if len(files[fileOffers]) < 2*tsvChunkBytes {
		t.Fatalf("offers.tsv is %d bytes: too short for a parallel decode", len(files[fileOffers]))
	}
	cat, _, err := decodeCatalog("families", files)
	if err != nil {
		t.Fatal(err)
	}
	byContent := map[string]*model.OfferDetail{}
	pointers := map[*model.OfferDetail]string{}
	shared := 0
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.Extra == nil {
			continue
		}
		key := fmt.Sprintf("%#v", *o.Detail())
		if p, ok := byContent[key]; ok {
			if p != o.Detail() {
				t.Fatalf("%s: an equal detail is a copy of its own, not the decode's shared one", o.Key())
			}
			shared++
		}
		byContent[key] = o.Detail()
		if k, ok := pointers[o.Detail()]; ok && k != key {
			t.Fatalf("%s: offers with different details share one", o.Key())
		}
		pointers[o.Detail()] = key
	}
	if shared == 0 {
		t.Fatal("no two offers share a detail, though every offer has three copies")
	}

	// Copy on write: changing one offer's detail leaves the others of its
	// family as they were.
	var first *model.Offer
	var siblings []*model.Offer
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.Extra == nil {
			continue
		}
		if first == nil {
			first = o
		} else if o.Detail() == first.Detail() {
			siblings = append(siblings, o)
		}
	}
	if len(siblings) == 0 {
		t.Fatal("no offer shares the first offer's detail")
	}
	note := siblings[0].Detail().PriceNote
	first.EditDetail().PriceNote = "edited"
	for _, s := range siblings {
		if s.Detail().PriceNote != note {
			t.Fatalf("%s: editing %s changed its sibling's price note to %q", s.Key(), first.Key(), s.Detail().PriceNote)
		}
	}
}

// TestDecodeDetailColumnsInAnyOrder checks that the columns of
// offers.tsv matched by header name still decode every detail field
// whatever their order (the interning waits for the header's last detail
// column).
func TestDecodeDetailColumnsInAnyOrder(t *testing.T) {
	files, want := familyFiles(t, 2)
	lines := strings.Split(strings.TrimSuffix(files[fileOffers], "\n"), "\n")
	for i, l := range lines {
		f := strings.Split(l, "\t")
		for a, b := 0, len(f)-1; a < b; a, b = a+1, b-1 {
			f[a], f[b] = f[b], f[a]
		}
		lines[i] = strings.Join(f, "\t")
	}
	reversed := catalogFiles{}
	for k, v := range files {
		reversed[k] = v
	}
	reversed[fileOffers] = strings.Join(lines, "\n") + "\n"
	for name, fs := range map[string]catalogFiles{"file order": files, "reversed columns": reversed} {
		got, _, err := decodeCatalog(name, fs)
		if err != nil {
			t.Fatal(err)
		}
		sortOffers(want.Offers)
		if len(got.Offers) != len(want.Offers) {
			t.Fatalf("%s: %d offers, want %d", name, len(got.Offers), len(want.Offers))
		}
		for i := range got.Offers {
			if g, w := got.Offers[i].Fields(), want.Offers[i].Fields(); !reflect.DeepEqual(g, w) {
				t.Fatalf("%s: offer %s decodes as\n%+v\nwant\n%+v", name, w.InstanceType, g, w)
			}
		}
	}
}

// TestOverrideLeavesSharedDetailAlone applies an overlay override to one
// offer of a family that shares its detail: the override's prices and note
// reach that offer only.
func TestOverrideLeavesSharedDetailAlone(t *testing.T) {
	files, _ := familyFiles(t, 2)
	cat, _, err := decodeCatalog("families", files)
	if err != nil {
		t.Fatal(err)
	}
	var edited, sibling *model.Offer
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.Extra == nil || o.Detail().OnDemandMax == 0 || strings.Contains(o.InstanceType, "-copy") {
			continue
		}
		for j := range cat.Offers {
			if c := &cat.Offers[j]; c.InstanceType == o.InstanceType+"-copy1" && c.Provider == o.Provider && c.Detail() == o.Detail() {
				edited, sibling = o, c
			}
		}
		if edited != nil {
			break
		}
	}
	if edited == nil {
		t.Fatal("no offer with a price range shares its detail with its copy")
	}
	before := sibling.Fields()
	applyOverride(edited, overlayOverride{Discount: 0.5, Note: "negotiated"}, "overlay.toml")
	if got := edited.Detail().OnDemandMax; got != roundPrice(before.OnDemandMax*0.5) {
		t.Errorf("the overridden offer's on-demand maximum is %v, want half of %v", got, before.OnDemandMax)
	}
	if !strings.Contains(edited.Detail().PriceNote, "negotiated") {
		t.Errorf("the overridden offer's price note %q lacks the override's note", edited.Detail().PriceNote)
	}
	if after := sibling.Fields(); !reflect.DeepEqual(after, before) {
		t.Errorf("overriding %s changed %s, which shared its detail:\n%+v\nwant\n%+v", edited.Key(), sibling.Key(), after, before)
	}
}

// TestDetailKeyHasEveryField changes each field of a detail in turn: the
// interner's key must change with it, or two offers that differ in that
// field alone would share one detail.
func TestDetailKeyHasEveryField(t *testing.T) {
	base := model.OfferDetail{SpotZones: []model.ZonePrice{{Zone: "a", Price: 1}}, Interruption: []model.RegionBucket{{Region: "r", Bucket: 1}}}
	want := keyOf(&base)
	typ := reflect.TypeFor[model.OfferDetail]()
	for f := range typ.Fields() {
		d := base
		v := reflect.ValueOf(&d).Elem().FieldByIndex(f.Index)
		switch v.Kind() {
		case reflect.String:
			v.SetString("changed")
		case reflect.Float64:
			v.SetFloat(0.5)
		case reflect.Int:
			v.SetInt(7)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 2, 2)) // another list, as the list tables give for another field
		default:
			t.Fatalf("field %s: kind %s not covered by this test", f.Name, v.Kind())
		}
		if keyOf(&d) == want {
			t.Errorf("changing OfferDetail.%s leaves the interner's key as it was: add it to detailKey", f.Name)
		}
	}
}
