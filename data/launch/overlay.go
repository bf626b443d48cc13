package launch

import (
	"fmt"

	"github.com/gpupick/gpupick/model"
)

// This file handles offers the user's catalog overlay touched
// (model.OfferOrigin): the launchers know the providers' public instance
// types at their list prices, not a private instance type or a negotiated
// price.

// overlayRefusal refuses an offer the overlay added: the launcher's
// catalog lists the provider's public instance types (SkyPilot's CSVs,
// gpuhunt's catalog, the sources of gpupick's own), so it cannot launch a
// private one; pinned, it fails validation, unpinned it launches another
// offer.
func overlayRefusal(t Tool, rec *model.Recommendation) error {
	if rec.OfferOrigin != model.OriginOverlayOffer {
		return nil
	}
	return refuse(t, WhatInstance, rec.InstanceType, mOverlayOffer)
}

// negotiatedPrice reports whether the quote is the overlay's price of a
// public offer rather than its list price: dstack filters offers by
// max_price against gpuhunt's list price, so the export sets no cap.
func negotiatedPrice(rec *model.Recommendation) bool {
	return rec != nil && rec.OfferOrigin == model.OriginOverlayPrice
}

// overlayHeader is the comment a dstack file starts with when it leaves
// max_price out for a negotiated price, so the reader knows why it has no
// cap; "" otherwise.
func overlayHeader(t Tool, rec *model.Recommendation) string {
	if (t != DStack && t != DStackFleetTool) || !negotiatedPrice(rec) {
		return ""
	}
	price := ""
	switch {
	case rec.HourlyUSD > 0 && rec.Nodes > 1:
		price = fmt.Sprintf(" ($%.2f/h for %d nodes)", rec.HourlyUSD, rec.Nodes)
	case rec.HourlyUSD > 0:
		price = fmt.Sprintf(" ($%.2f/h)", rec.HourlyUSD)
	}
	return "# max_price is left out: the price gpupick quoted" + price + " is your negotiated price from the catalog\n" +
		"# overlay, below the list price dstack's catalog (gpuhunt) filters offers by, so a cap at it\n" +
		"# would filter the chosen offer out; add max_price at your list price if you want a cap.\n"
}
