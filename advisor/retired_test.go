package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// A size the provider retired before the catalog's snapshot cannot be
// rented: it is left out with a note that counts it (both languages),
// however cheap; one that retires after the snapshot is still ranked.
func TestRetiredSizesLeftOut(t *testing.T) {
	gone := testOffer("cloudA", "old", "L4", 1, 0.1)
	gone.EditDetail().Retired = "2025-09-30"
	later := testOffer("cloudA", "later", "L4", 1, 0.2)
	later.EditDetail().Retired = "2099-01-01"
	live := testOffer("cloudA", "live", "L4", 1, 0.3)
	cat := speedCatalog(gone, later, live)
	cat.Info.SnapshotDate = "2026-11-29"
	a := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 4096, 1)
	for _, lang := range []string{"en", "zh"} {
		res := Recommend(cat, a, Options{Lang: lang, Top: 5})
		var got []string
		for _, r := range res.Recommendations {
			got = append(got, r.InstanceType)
		}
		if len(got) != 2 || got[0] != "later" || got[1] != "live" {
			t.Errorf("%s: ranked %v; want the retired size left out and the others in price order", lang, got)
		}
		note := false
		for _, n := range res.Notes {
			note = note || strings.HasPrefix(n, "1 ") && (strings.Contains(n, "retired") || strings.Contains(n, "停用"))
		}
		if !note {
			t.Errorf("%s: no note counts the retired size: %v", lang, res.Notes)
		}
	}
}
