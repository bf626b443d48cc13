package model

import "fmt"

// OfferOrigin says where an offer comes from: the public catalog at its
// list price, or the user's catalog overlay (--catalog FILE), which may
// set the price of a public offer (a negotiated price, a discount) or add
// an offer of its own (a private instance type). The launchers know only
// the public offers at their list prices, so the launch export reads it.
type OfferOrigin int8

// The origins of an offer. The zero value is a public offer, so a record
// written before the field existed reads as one.
const (
	// OriginPublic is an offer of the public catalog at its list price.
	OriginPublic OfferOrigin = iota
	// OriginOverlayPrice is a public offer whose price the overlay
	// overrides ([[override]]: a negotiated price or a discount).
	OriginOverlayPrice
	// OriginOverlayOffer is an offer the overlay adds ([[offer]]): an
	// instance type the public catalog does not list.
	OriginOverlayOffer
)

// offerOrigins are the origins as records write them.
var offerOrigins = [...]string{OriginPublic: "public", OriginOverlayPrice: "overlay-price", OriginOverlayOffer: "overlay-offer"}

// String returns "public", "overlay-price" or "overlay-offer" ("" for a
// value that is none of them).
func (o OfferOrigin) String() string {
	if o < 0 || int(o) >= len(offerOrigins) {
		return ""
	}
	return offerOrigins[o]
}

// MarshalText writes the origin's name; a value that is no origin is an
// error rather than a name it does not have.
func (o OfferOrigin) MarshalText() ([]byte, error) {
	s := o.String()
	if s == "" {
		return nil, fmt.Errorf("offer origin %d: want public, overlay-price or overlay-offer", int(o))
	}
	return []byte(s), nil
}

// UnmarshalText reads an origin's name; "" reads as public.
func (o *OfferOrigin) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*o = OriginPublic
		return nil
	}
	for i, n := range offerOrigins {
		if n == string(b) {
			*o = OfferOrigin(i)
			return nil
		}
	}
	return fmt.Errorf("offer origin %q: want public, overlay-price or overlay-offer", b)
}

// FromOverlay reports whether the user's overlay set the offer's price or
// added the offer.
func (o OfferOrigin) FromOverlay() bool { return o == OriginOverlayPrice || o == OriginOverlayOffer }
