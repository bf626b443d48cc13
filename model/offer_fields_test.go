package model

import (
	"fmt"
	"reflect"
	"testing"
)

// fillDistinct sets v (a settable value) and everything in it to non-zero
// values no other field set by the same counter has: a number or string
// takes the counter's next value, a list one element filled alike, a
// struct each of its fields. A bool can only be true; a Tri takes a
// number past Yes and No, which a copy keeps as it is, so that its three
// fields differ too. It fails on a kind it does not cover, so a new
// field's type extends it.
func fillDistinct(t *testing.T, v reflect.Value, next *int, path string) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		*next++
		v.SetString(fmt.Sprintf("s%d", *next))
	case reflect.Float64, reflect.Float32:
		*next++
		v.SetFloat(float64(*next) + 0.5)
	case reflect.Int, reflect.Int8, reflect.Int64:
		*next++
		v.SetInt(int64(*next))
	case reflect.Uint8, reflect.Uint32:
		*next++
		v.SetUint(uint64(*next))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillDistinct(t, v.Elem(), next, path)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fillDistinct(t, v.Index(0), next, path+"[0]")
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fillDistinct(t, v.Field(i), next, path+"."+v.Type().Field(i).Name)
			}
		}
	default:
		t.Fatalf("%s: kind %v not covered by this test; extend fillDistinct", path, v.Kind())
	}
}

// TestOfferFieldsRoundTrip: Fields and Offer copy the fields one by one by
// hand. An offer with every field, hot and detail, set to a value of its
// own must come back whole from Offer() of its Fields(): a field either
// leaves out reads zero, and two fields it swaps read each other's value.
// Each flat field must also hold the same-named field of the offer, the
// texts a marketplace host's facts add to (the offer has a Host) those
// texts with the host's words first.
func TestOfferFieldsRoundTrip(t *testing.T) {
	var o Offer
	var d OfferDetail
	next := 0
	ov := reflect.ValueOf(&o).Elem()
	for i := 0; i < ov.NumField(); i++ {
		if f := ov.Type().Field(i); f.IsExported() && f.Name != "Extra" {
			fillDistinct(t, ov.Field(i), &next, "Offer."+f.Name)
		}
	}
	fillDistinct(t, reflect.ValueOf(&d).Elem(), &next, "OfferDetail")
	o.SetDetail(&d)
	if o.Extra == nil {
		t.Fatal("the filled detail reads as zero")
	}

	flat := o.Fields()
	fv := reflect.ValueOf(flat)
	dv := reflect.ValueOf(o.Detail()).Elem()
	hostTexts := map[string]string{
		"InterNodeNetwork": o.NetworkText(false), "LocalNVMe": o.LocalDiskText(false),
		"PriceNote": o.PriceNoteText(false), "Notes": o.NotesText(false),
	}
	for name, text := range hostTexts {
		if own := reflect.ValueOf(o).FieldByName(name); own.IsValid() && own.String() == text || !own.IsValid() && dv.FieldByName(name).String() == text {
			t.Errorf("%s: the host's words are not in its text %q", name, text)
		}
	}
	for i := 0; i < fv.NumField(); i++ {
		name := fv.Type().Field(i).Name
		if text, ok := hostTexts[name]; ok {
			if got := fv.Field(i).String(); got != text {
				t.Errorf("Fields() sets %s to %q, want %q", name, got, text)
			}
			continue
		}
		src := ov.FieldByName(name)
		if !src.IsValid() {
			src = dv.FieldByName(name)
		}
		if !src.IsValid() {
			t.Errorf("OfferFields.%s is no field of Offer or OfferDetail", name)
			continue
		}
		if !reflect.DeepEqual(fv.Field(i).Interface(), src.Interface()) {
			t.Errorf("Fields() sets %s to %#v, the offer's is %#v", name, fv.Field(i).Interface(), src.Interface())
		}
	}

	back := flat.Offer()
	bv := reflect.ValueOf(back)
	for i := 0; i < ov.NumField(); i++ {
		if f := ov.Type().Field(i); f.IsExported() && f.Name != "Extra" {
			if got, want := bv.Field(i).Interface(), ov.Field(i).Interface(); !reflect.DeepEqual(got, want) {
				t.Errorf("Offer() of Fields(): %s is %#v, want %#v", f.Name, got, want)
			}
		}
	}
	gd, wd := reflect.ValueOf(back.Detail()).Elem(), reflect.ValueOf(&d).Elem()
	for i := 0; i < wd.NumField(); i++ {
		if got, want := gd.Field(i).Interface(), wd.Field(i).Interface(); !reflect.DeepEqual(got, want) {
			t.Errorf("Offer() of Fields(): detail %s is %#v, want %#v", wd.Type().Field(i).Name, got, want)
		}
	}
}
