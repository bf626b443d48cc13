package advisor

import (
	"slices"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestNoIdleGPUs: 70B in BF16 splits over two H100s (tensor parallelism
// takes a power of two), so a 3-GPU instance idles one: it is left out
// while a 2-GPU one costs no more, and listed once it is cheaper.
func TestNoIdleGPUs(t *testing.T) {
	two := testOffer("cloudA", "h100x2", "H100 SXM5", 2, 6)
	// Another product than the 2-GPU one (a name of another spelling), so
	// that the two are not one product's sizes (rank_sizes.go).
	three := testOffer("cloudA", "three-h100", "H100 SXM5", 3, 8)
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	res := Recommend(catWith(two, three), a, Options{})
	if got := names(res); len(got) != 1 || got[0] != "h100x2" {
		t.Fatalf("want only the 2-GPU instance, got %v (notes %v)", got, res.Notes)
	}
	three.OnDemand = 5
	res = Recommend(catWith(two, three), a, Options{})
	if got := names(res); len(got) != 2 {
		t.Fatalf("a cheaper 3-GPU instance is left out: %v (notes %v)", got, res.Notes)
	}
}

// TestHardRequirementsUnknownFails: an offer whose link is undocumented
// fails --interconnect nvlink, and a note counts it.
func TestHardRequirementsUnknownFails(t *testing.T) {
	known := testOffer("cloudA", "nv", "H100 SXM5", 8, 30)
	known.Interconnect = model.InterconnectNVSwitch
	unknown := testOffer("cloudB", "unk", "H100 SXM5", 8, 20)
	unknown.Interconnect = model.InterconnectUnknown
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	a.Interconnect = model.ReqNVLink
	res := Recommend(catWith(known, unknown), a, Options{})
	if got := names(res); len(got) != 1 || got[0] != "nv" {
		t.Fatalf("want only the NVSwitch offer, got %v", got)
	}
	if res.Recommendations[0].Interconnect != "nvswitch" {
		t.Errorf("interconnect %q", res.Recommendations[0].Interconnect)
	}
	found := false
	for _, n := range res.Notes {
		found = found || n == "1 offers were left out because the catalog does not know a fact a hard requirement needs (taken as failing it)"
	}
	if !found {
		t.Errorf("no note for the unknown fact: %v", res.Notes)
	}
}

// TestWhyFirst: the top offer's reason names the runner-up and the cost.
func TestWhyFirst(t *testing.T) {
	cheap := testOffer("cloudA", "a", "H100 SXM5", 1, 2)
	dear := testOffer("cloudA", "b", "H100 SXM5", 1, 3)
	res := Recommend(catWith(cheap, dear), answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 8192, 1), Options{})
	if len(res.WhyFirst) == 0 || res.WhyFirst[0] != "33% cheaper than #2 (1× H100 SXM5)" {
		t.Fatalf("why first %q", res.WhyFirst)
	}
}

// TestIdleStopUnderRegionFilter: a scan stops a shape at its first idle
// row only where the rows are in the order of the bound it compares. Under
// a region filter they are not: a 3-GPU offer cheap elsewhere but dear in
// the region asked idles a GPU there, while a later row of the shape, dear
// elsewhere, is cheap enough there to be listed. Both scans (the full one
// and the fast one the suggestions rank with) list it.
func TestIdleStopUnderRegionFilter(t *testing.T) {
	two := testOffer("cloudA", "h100x2", "H100 SXM5", 2, 6)
	elsewhere := testOffer("cloudA", "three-a", "H100 SXM5", 3, 4.5)
	elsewhere.Regions = []string{"eu-west-1", "us-east-1"}
	d := elsewhere.EditDetail()
	d.OnDemandZones = []model.ZonePrice{{Zone: "eu-west-1", Price: 4.5}, {Zone: "us-east-1", Price: 9}}
	d.OnDemandRegion = "eu-west-1"
	here := testOffer("cloudA", "three-b", "H100 SXM5", 3, 5)
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	a.Regions = []string{"us-east-1"}
	eng := New(catWith(two, elsewhere, here))
	for _, fast := range []bool{false, true} {
		c := newCall(eng, a, langEN)
		c.fast = fast
		var got []string
		for _, cd := range c.ranked(10, false) {
			got = append(got, eng.cat.Offers[cd.idx].InstanceType)
		}
		if !slices.Contains(got, "three-b") || slices.Contains(got, "three-a") {
			t.Errorf("fast %v: listed %v, want three-b (cheaper than the 2-GPU offer in us-east-1) and not three-a (dearer there)", fast, got)
		}
	}
}

// TestIdleGroupOf: every (GPU, count) group of an index is found at its
// place in the list, and a pair the catalog has no shape of is not, over
// a catalog of 1 to 8 GPUs an instance (3, 5 and 6 too).
func TestIdleGroupOf(t *testing.T) {
	cat := syntheticCatalog(600, 5)
	for i := range cat.Offers {
		if i%4 == 0 {
			cat.Offers[i].GPUCount = []int{3, 5, 6}[i%3]
		}
	}
	ix, f := buildIndex(cat)
	have := map[idleKey]bool{}
	for i, k := range f.groups {
		have[k] = true
		if got, ok := f.idleGroupOf(k); !ok || got != int32(i) {
			t.Errorf("group %v: found at %d (%v), want %d", k, got, ok, i)
		}
	}
	if len(have) < 2*len(testGPUs) {
		t.Fatalf("%d groups: too few to test", len(have))
	}
	for g := int32(-1); g <= int32(len(ix.gpus)); g++ {
		for n := 0; n <= 16; n++ {
			if k := (idleKey{g, n}); !have[k] {
				if got, ok := f.idleGroupOf(k); ok {
					t.Errorf("%v: found at %d, but the catalog has no such group", k, got)
				}
			}
		}
	}
}
