package launch

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// overlayRec is the choice of launchcheck's overlay cases: 8 H100 on AWS
// in us-east-1 at $38.53/h, from the overlay as origin says.
func overlayRec(instance string, origin model.OfferOrigin) *model.Recommendation {
	return &model.Recommendation{Provider: "aws", InstanceType: instance, Region: "us-east-1", GPU: "H100 SXM5", GPUCount: 8,
		VRAMGiB: 640, Nodes: 1, PriceModel: model.PriceOnDemand, HourlyUSD: 38.53, OfferOrigin: origin}
}

// TestOverlayOfferRefused: an instance type the user's overlay added is
// refused by both launchers, with the instance type and the overlay named
// in both languages; a public offer of the same provider is exported.
func TestOverlayOfferRefused(t *testing.T) {
	for _, tool := range []Tool{SkyPilot, DStack, DStackFleetTool} {
		var buf bytes.Buffer
		err := Export(&buf, tool, Job{Rec: overlayRec("p5-reserved-8x", model.OriginOverlayOffer)})
		var ue *UnsupportedError
		if !errors.As(err, &ue) || ue.What != WhatInstance || ue.Value != "p5-reserved-8x" {
			t.Fatalf("%s: overlay offer gives %v, want a refusal of the instance type", tool, err)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: the refusal wrote %q", tool, buf.String())
		}
		for lang, word := range map[string]string{"en": "overlay", "zh": "覆盖"} {
			if msg := ue.Text(lang); !strings.Contains(msg, "p5-reserved-8x") || !strings.Contains(msg, word) {
				t.Errorf("%s %s: %q does not name the instance type and the overlay", tool, lang, msg)
			}
		}
		if err := Export(&buf, tool, Job{Rec: overlayRec("p5.48xlarge", model.OriginPublic)}); err != nil {
			t.Errorf("%s: the public p5.48xlarge is refused: %v", tool, err)
		}
	}
}

// TestNegotiatedPriceNoMaxPrice: dstack filters offers by max_price
// against gpuhunt's list price, so a price the overlay set (below the
// list) gives no max_price, and the file's header says why; a public
// offer keeps its cap and no header. SkyPilot sets no price either way.
func TestNegotiatedPriceNoMaxPrice(t *testing.T) {
	for _, tc := range []struct {
		origin model.OfferOrigin
		cap    bool
	}{
		{model.OriginPublic, true},
		{model.OriginOverlayPrice, false},
	} {
		rec := overlayRec("p5.48xlarge", tc.origin)
		for _, tool := range []Tool{DStack, DStackFleetTool, SkyPilot} {
			var buf bytes.Buffer
			if err := Export(&buf, tool, Job{Rec: rec}); err != nil {
				t.Fatalf("%s %v: %v", tool, tc.origin, err)
			}
			out := buf.String()
			hasCap := strings.Contains(out, "\nmax_price: 38.53\n")
			header := strings.Contains(out, "\n# max_price is left out") && strings.Contains(out, "negotiated")
			wantCap, wantHeader := tc.cap && tool != SkyPilot, !tc.cap && tool != SkyPilot
			if hasCap != wantCap || header != wantHeader {
				t.Errorf("%s %v: max_price %v (want %v), header %v (want %v):\n%s", tool, tc.origin, hasCap, wantCap, header, wantHeader, out)
			}
			if strings.Contains(out, "max_price: 3") && !tc.cap {
				t.Errorf("%s: a negotiated price still caps the offer:\n%s", tool, out)
			}
		}
	}
}
