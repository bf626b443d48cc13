package model

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// offerSizeBound is the most bytes an Offer may take (issue 14: a
// 1M-offer catalog within 600 MB peak; it was 568 bytes before the rarely
// read fields, the form factor and the local disks moved to OfferDetail,
// 248 after; 264 since the notes moved out of OfferDetail (issue 24): a
// marketplace offer's notes are its own, so in the detail they gave each
// live offer a ~400-byte detail of its own, where 16 bytes an offer let
// the live offers share their details; 1M offers peaked at 444 MB).
// Growing the hot struct must be a decision, so this test fails first.
const offerSizeBound = 272

func TestOfferSizeBound(t *testing.T) {
	if got := unsafe.Sizeof(Offer{}); got > offerSizeBound {
		t.Errorf("unsafe.Sizeof(Offer{}) = %d bytes, bound %d: move a rarely read field into OfferDetail or raise the bound with a reason", got, offerSizeBound)
	}
}

// sampleDetail sets every field of a detail, lists included.
func sampleDetail() OfferDetail {
	return OfferDetail{
		OnDemandMax: 2, SpotMax: 1.5, Daily: 30, Weekly: 200, Monthly: 700, Yearly: 8000,
		OnDemandRegion: "us-east-1", PricedZones: 3,
		SpotZones:        []ZonePrice{{Zone: "us-east-1a", Price: 1}, {Zone: "us-east-1b", Price: 1.5}},
		Interruption:     []RegionBucket{{Region: "us-east-1", Bucket: 2}},
		InterruptionDate: "2025-06-28", Commit1yOff: 0.3, Commit3yOff: 0.5, CommitSource: "https://example.com/cud",
		PriceNote: "price <on request> & tickets", PriceDateNote: "old catalog format, date unknown",
		InterconnectNote: "NVLink bridge", VCPUNote: "dedicated", Retired: "2025-09-30",
		RetiredSource: "https://example.com/retire",
		PriceOrigins: []PriceOrigin{{Kind: PriceKindOnDemand, Place: "us-east-1", Source: "https://a.example/new", Date: "2025-06-28"},
			{Kind: PriceKindPlan, Place: "monthly", Source: "https://b.example/old", Date: "2023-06-01"}},
	}
}

func TestOfferDetailZeroAndShared(t *testing.T) {
	var o Offer
	if o.Extra != nil || o.Detail() == nil || !o.Detail().IsZero() {
		t.Fatalf("an offer without a detail must read a zero, non-nil detail")
	}
	o.SetDetail(&OfferDetail{})
	if o.Extra != nil {
		t.Error("SetDetail of a zero detail keeps a detail: want none")
	}
	o.EditDetail().PriceNote = "x"
	if !zeroDetail.IsZero() {
		t.Fatal("EditDetail wrote the shared zero detail")
	}
	if o.Detail().PriceNote != "x" {
		t.Errorf("EditDetail's write is lost: %q", o.Detail().PriceNote)
	}
}

func TestEditDetailCopyOnWrite(t *testing.T) {
	shared := sampleDetail()
	tests := []struct {
		name string
		edit func(o *Offer)
		read func(d *OfferDetail) any
	}{
		{"a string", func(o *Offer) { o.EditDetail().PriceNote = "changed" }, func(d *OfferDetail) any { return d.PriceNote }},
		{"a price", func(o *Offer) { o.EditDetail().Monthly *= 2 }, func(d *OfferDetail) any { return d.Monthly }},
		{"a count", func(o *Offer) { o.EditDetail().PricedZones++ }, func(d *OfferDetail) any { return d.PricedZones }},
		{"a spot zone in place", func(o *Offer) { o.EditDetail().SpotZones[0].Price = 9 }, func(d *OfferDetail) any { return d.SpotZones[0].Price }},
		{"an interruption bucket in place", func(o *Offer) { o.EditDetail().Interruption[0].Bucket = 4 }, func(d *OfferDetail) any { return d.Interruption[0].Bucket }},
		{"a list appended", func(o *Offer) {
			d := o.EditDetail()
			d.SpotZones = append(d.SpotZones[:1], ZonePrice{Zone: "z", Price: 7})
		}, func(d *OfferDetail) any { return d.SpotZones[1] }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := Offer{Provider: "p", InstanceType: "a"}
			d := shared.clone()
			a.SetDetail(d)
			b := a // a copy of the value shares the detail
			c := Offer{Provider: "p", InstanceType: "c"}
			c.SetDetail(d) // another offer of the family
			before := tc.read(d)
			tc.edit(&a)
			if got := tc.read(a.Detail()); reflect.DeepEqual(got, before) {
				t.Fatalf("the edit did not change the edited offer (%v)", got)
			}
			for name, o := range map[string]*Offer{"the value copy": &b, "the offer sharing it": &c} {
				if got := tc.read(o.Detail()); !reflect.DeepEqual(got, before) {
					t.Errorf("%s changed: %v, want %v", name, got, before)
				}
			}
			if !reflect.DeepEqual(*d, shared) {
				t.Error("the shared detail itself changed")
			}
		})
	}
}

func TestWithDetailCopies(t *testing.T) {
	d := sampleDetail()
	o := Offer{Provider: "p"}.WithDetail(d)
	d.SpotZones[0].Price = 99
	d.VCPUNote = "later"
	if o.Detail().SpotZones[0].Price == 99 || o.Detail().VCPUNote == "later" {
		t.Error("WithDetail kept the caller's detail or lists: a later write reached the offer")
	}
}

// TestOfferFieldsHaveEveryField checks that the flat form names each
// field of Offer and OfferDetail once, so a field added to either is not
// silently left out of the JSON.
func TestOfferFieldsHaveEveryField(t *testing.T) {
	want := map[string]bool{}
	for _, typ := range []reflect.Type{reflect.TypeFor[Offer](), reflect.TypeFor[OfferDetail]()} {
		for f := range typ.Fields() {
			if f.IsExported() && f.Name != "Extra" {
				if want[f.Name] {
					t.Errorf("field %s is in both Offer and OfferDetail", f.Name)
				}
				want[f.Name] = true
			}
		}
	}
	got := map[string]bool{}
	for f := range reflect.TypeFor[OfferFields]().Fields() {
		got[f.Name] = true
		if !want[f.Name] {
			t.Errorf("OfferFields.%s is no field of Offer or OfferDetail", f.Name)
		}
	}
	for n := range want {
		if !got[n] {
			t.Errorf("OfferFields lacks %s: it would be left out of the JSON", n)
		}
	}
}

func TestOfferJSONIsItsFields(t *testing.T) {
	o := Offer{Provider: "aws", InstanceType: "p4d.24xlarge", Regions: []string{"us-east-1"}, GPU: "A100", GPUCount: 8,
		OnDemand: 1.5, Spot: 0.5, PriceDate: "2025-06-28", Sources: []string{"https://a.example/?x=1&y=<2>"}, Notes: "a note"}.WithDetail(sampleDetail())
	for _, html := range []bool{true, false} {
		var viaOffer, viaFields bytes.Buffer
		for buf, v := range map[*bytes.Buffer]any{&viaOffer: []Offer{o}, &viaFields: []OfferFields{o.Fields()}} {
			enc := json.NewEncoder(buf)
			enc.SetEscapeHTML(html)
			enc.SetIndent("", "  ")
			if err := enc.Encode(v); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(viaOffer.Bytes(), viaFields.Bytes()) {
			t.Errorf("escape HTML %v: an Offer's JSON differs from its flat fields':\n%s\nwant\n%s", html, viaOffer.Bytes(), viaFields.Bytes())
		}
	}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var back Offer
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Fields(), o.Fields()) {
		t.Errorf("JSON round trip changed the offer:\n%+v\nwant\n%+v", back.Fields(), o.Fields())
	}
	var bare Offer
	if err := json.Unmarshal([]byte(`{"provider":"x","regions":[],"sources":[]}`), &bare); err != nil || bare.Extra != nil {
		t.Errorf("an offer with no detail key decodes with a detail (%v)", err)
	}
	// The keys keep the order they always had: prices before dates, the
	// sources, notes and retirement last.
	keys := jsonKeys(t, b)
	order := []string{"provider", "on_demand_hourly", "on_demand_hourly_max", "spot_hourly", "spot_zones", "price_note", "price_date", "price_date_note", "form_factor", "sources", "notes", "retired", "retired_source"}
	last := -1
	for _, k := range order {
		i := slices.Index(keys, k)
		if i <= last {
			t.Errorf("key %q out of order in %v", k, keys)
		}
		last = i
	}
}

// jsonKeys returns the keys of a JSON object in the order they appear.
func jsonKeys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestNoWriteThroughDetail scans the tree for an assignment through
// Detail() or the Extra pointer: either may be shared by many offers (or
// be the shared zero detail), so a write must go through EditDetail.
func TestNoWriteThroughDetail(t *testing.T) {
	write := regexp.MustCompile(`\.(Detail\(\)|Extra)\.\w+(\[[^\]]*\])?(\.\w+)?\s*([-+*/]?=[^=]|\+\+|--)`)
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if write.MatchString(line) {
				t.Errorf("%s:%d: writes through a shared detail (use EditDetail): %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestOfferDetailFieldsDrift: IsZero and clone name OfferDetail's fields
// one by one; a field added to the struct must reach both. Each field in
// turn is made non-zero: IsZero must say so, and a clone must hold an
// equal value that shares no list with the original.
func TestOfferDetailFieldsDrift(t *testing.T) {
	rt := reflect.TypeOf(OfferDetail{})
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		var d OfferDetail
		v := reflect.ValueOf(&d).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Float64:
			v.SetFloat(0.5)
		case reflect.Int:
			v.SetInt(2)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(f.Type, 1, 1))
		default:
			t.Fatalf("field %s: kind %v not covered by this test; extend it (and IsZero, clone)", f.Name, v.Kind())
		}
		if d.IsZero() {
			t.Errorf("IsZero is true with %s set: IsZero does not check it", f.Name)
		}
		c := d.clone()
		cv := reflect.ValueOf(c).Elem().Field(i)
		if !reflect.DeepEqual(cv.Interface(), v.Interface()) {
			t.Errorf("clone lost %s", f.Name)
		}
		if v.Kind() == reflect.Slice && cv.Pointer() == v.Pointer() {
			t.Errorf("clone shares the %s list with the original", f.Name)
		}
	}
}
