package model

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestOfferOriginRecord: a recommendation's offer origin goes through the
// JSON and TOML of a record and back; a public offer writes no key, so a
// record without the key (written before it existed) reads as public; a
// value that is no origin is an error naming the values it takes.
func TestOfferOriginRecord(t *testing.T) {
	for _, tc := range []struct {
		origin OfferOrigin
		key    string // the key's text in JSON; "" when it is left out
	}{
		{OriginPublic, ""},
		{OriginOverlayPrice, `"offer_origin":"overlay-price"`},
		{OriginOverlayOffer, `"offer_origin":"overlay-offer"`},
	} {
		rec := Recommendation{Provider: "aws", InstanceType: "p5.48xlarge", OfferOrigin: tc.origin}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatalf("%v: %v", tc.origin, err)
		}
		if got := strings.Contains(string(b), `"offer_origin"`); got != (tc.key != "") || tc.key != "" && !strings.Contains(string(b), tc.key) {
			t.Errorf("%v: JSON %s, want key %q", tc.origin, b, tc.key)
		}
		var back Recommendation
		if err := json.Unmarshal(b, &back); err != nil || back.OfferOrigin != tc.origin {
			t.Errorf("%v: JSON round trip gives %v (%v)", tc.origin, back.OfferOrigin, err)
		}
		var buf bytes.Buffer
		if err := toml.NewEncoder(&buf).Encode(rec); err != nil {
			t.Fatalf("%v: %v", tc.origin, err)
		}
		if got := strings.Contains(buf.String(), "offer_origin"); got != (tc.key != "") {
			t.Errorf("%v: TOML has offer_origin %v, want %v:\n%s", tc.origin, got, tc.key != "", buf.String())
		}
		back = Recommendation{}
		if _, err := toml.Decode(buf.String(), &back); err != nil || back.OfferOrigin != tc.origin {
			t.Errorf("%v: TOML round trip gives %v (%v)", tc.origin, back.OfferOrigin, err)
		}
	}
	var old Recommendation
	if err := json.Unmarshal([]byte(`{"provider":"aws","instance_type":"p5.48xlarge"}`), &old); err != nil || old.OfferOrigin != OriginPublic {
		t.Errorf("a record without offer_origin reads %v (%v), want public", old.OfferOrigin, err)
	}
	err := json.Unmarshal([]byte(`{"offer_origin":"private"}`), &old)
	if err == nil || !strings.Contains(err.Error(), "overlay-offer") {
		t.Errorf("offer_origin \"private\": error %v, want one naming the values", err)
	}
	if _, err := OfferOrigin(9).MarshalText(); err == nil {
		t.Error("an origin that is none marshals without an error")
	}
}

// TestOfferOriginFromOverlay: only the overlay's origins say so.
func TestOfferOriginFromOverlay(t *testing.T) {
	for o, want := range map[OfferOrigin]bool{OriginPublic: false, OriginOverlayPrice: true, OriginOverlayOffer: true, 7: false} {
		if got := o.FromOverlay(); got != want {
			t.Errorf("%d.FromOverlay() = %v, want %v", o, got, want)
		}
	}
}

// FuzzOfferOriginText: reading any text never panics, and an origin read
// writes back the text it was read from (or "public" from "").
func FuzzOfferOriginText(f *testing.F) {
	for _, s := range []string{"", "public", "overlay-price", "overlay-offer", "Overlay-Offer", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o OfferOrigin
		if err := o.UnmarshalText([]byte(s)); err != nil {
			return
		}
		b, err := o.MarshalText()
		if err != nil || string(b) != s && !(s == "" && string(b) == "public") {
			t.Errorf("%q reads as %v, writes %q (%v)", s, o, b, err)
		}
	})
}
