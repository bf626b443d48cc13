package systemtest

import (
	"math"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// TestEmbeddedTenTBEgressCounted: 10 TB of egress on the embedded catalog
// is never counted as nothing: every recommendation's egress is a
// published price or a labelled estimate, and one priced at 0 is on a
// provider whose published tiers make 10 TB a month free. The GCP, Azure
// and OCI internet egress tiers are filled.
func TestEmbeddedTenTBEgressCounted(t *testing.T) {
	cat := advisorEmbedded(t)
	for _, p := range []string{"gcp", "azure", "oci"} {
		if pol := cat.Policies[p]; !pol.EgressKnown || len(pol.EgressTiers) == 0 {
			t.Errorf("%s: internet egress tiers not filled: %+v", p, pol.EgressTiers)
		}
	}
	a := model.DefaultAnswers()
	a.EgressGB = 10000
	a.Normalize()
	res := advisor.Recommend(cat, a, advisor.Options{Top: 30})
	if len(res.Recommendations) == 0 {
		t.Fatalf("no recommendation: %v", res.Notes)
	}
	for _, r := range res.Recommendations {
		h := r.HiddenCosts
		if h.EgressUnknown {
			t.Errorf("%s %s: egress unknown", r.Provider, r.InstanceType)
		}
		if h.EgressUSD == 0 {
			pol := cat.Policies[r.Provider]
			if h.EgressEstimated || !pol.EgressKnown || !egressFree(&pol, 10000) {
				t.Errorf("%s %s: 10 TB of egress priced at 0 (policy %+v)", r.Provider, r.InstanceType, pol.EgressTiers)
			}
		}
	}
}

// egressFree reports whether a policy's published tiers make gb of egress
// a month free: within the free allowance, or in tiers priced at 0.
func egressFree(pol *model.Policy, gb float64) bool {
	prev := 0.0
	for _, t := range pol.EgressTiers {
		hi := t.UpToGB
		if hi <= 0 {
			hi = math.Inf(1)
		}
		if min(hi, gb) > max(prev, pol.EgressFreeGBMonth) && t.PerGB > 0 {
			return false
		}
		if prev = hi; hi >= gb {
			break
		}
	}
	return true
}
