package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestRecommendationCarriesOfferOrigin: a recommendation says whether the
// user's overlay set its offer's price or added the offer, as the catalog
// marks it, so the launch export can tell a negotiated price or a private
// instance type from a launcher's list; public offers say public.
func TestRecommendationCarriesOfferOrigin(t *testing.T) {
	cat := testCatalog()
	marked := map[string]model.OfferOrigin{"cloudA/h100x8": model.OriginOverlayPrice, "cloudB/h200x8": model.OriginOverlayOffer}
	for i := range cat.Offers {
		cat.Offers[i].Origin = marked[cat.Offers[i].Key()]
	}
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 4)
	a.Latency = model.LatencyBatch
	res := Recommend(cat, a, Options{Top: 50})
	seen := map[model.OfferOrigin]int{}
	for _, r := range res.Recommendations {
		want := marked[r.Provider+"/"+r.InstanceType]
		if r.OfferOrigin != want {
			t.Errorf("%s/%s: offer origin %v, want %v", r.Provider, r.InstanceType, r.OfferOrigin, want)
		}
		seen[r.OfferOrigin]++
	}
	for _, o := range []model.OfferOrigin{model.OriginPublic, model.OriginOverlayPrice, model.OriginOverlayOffer} {
		if seen[o] == 0 {
			t.Errorf("no recommendation with origin %v among %v: the test checks nothing for it", o, names(res))
		}
	}
}
