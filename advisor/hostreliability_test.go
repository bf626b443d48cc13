package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestMarketHostReliabilityWarning: a marketplace host whose reliability
// score is under hostReliabilityFloor has its marketplace-host warning
// name its score and the floor, in English and Chinese; a host at or
// above it, and a marketplace offer with no host facts, keep the general
// warning. The score is read as the typed value (model.MarketHost), not
// from a note.
func TestMarketHostReliabilityWarning(t *testing.T) {
	host := func(rel float32) func(o *model.Offer) {
		return func(o *model.Offer) {
			o.Marketplace = true
			o.Host = &model.MarketHost{OfferID: 1, HostID: 2, MachineID: 3, ListedAs: "RTX 4090", Verification: model.HostVerified, Reliability: rel}
		}
	}
	base := testOffer("vast", "rtx4090", "GeForce RTX 4090", 1, 0.35)
	tests := []struct {
		name  string
		offer model.Offer
		want  map[string][]string // lang -> phrases of the warning
	}{
		{"host at 90.0%", mod(base, host(0.9)), map[string][]string{
			"en": {"reliability score of 90.0%", "under the 95% gpupick asks of a host (its own rule)"},
			"zh": {"可靠性评分 90.0%", "低于 gpupick 对主机要求的 95%"}}},
		{"host at 94.9%", mod(base, host(0.949)), map[string][]string{"en": {"reliability score of 94.9%"}}},
		{"host at 95%", mod(base, host(0.95)), map[string][]string{"en": {"reliability, network and price vary from host to host"}}},
		{"host at 99.6%", mod(base, host(0.996)), map[string][]string{"en": {"reliability, network and price vary from host to host"}}},
		{"marketplace offer, no host facts", mod(base, func(o *model.Offer) { o.Marketplace = true }), map[string][]string{
			"en": {"reliability, network and price vary from host to host"}}},
	}
	for _, tc := range tests {
		for lang, phrases := range tc.want {
			res := Recommend(catWith(tc.offer), statedVRAM(10)(), Options{Top: 5, Lang: lang})
			if len(res.Recommendations) == 0 {
				t.Fatalf("%s: no recommendation; notes %v", tc.name, res.Notes)
			}
			var msg string
			n := 0
			for _, w := range res.Recommendations[0].Warnings {
				if w.Code == model.WarnMarketplaceHost {
					msg, n = w.Message, n+1
				}
			}
			if n != 1 {
				t.Errorf("%s (%s): %d marketplace-host warnings, want 1", tc.name, lang, n)
			}
			for _, p := range phrases {
				if !strings.Contains(msg, p) {
					t.Errorf("%s (%s): warning %q lacks %q", tc.name, lang, msg, p)
				}
			}
		}
	}
}
