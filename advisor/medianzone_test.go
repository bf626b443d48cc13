package advisor

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// stableMedian is the median zone by definition: the zones' positions
// sorted stably by price, the lower middle one.
func stableMedian(zones []model.ZonePrice) int {
	idx := make([]int, len(zones))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch pa, pb := zones[a].Price, zones[b].Price; {
		case pa < pb:
			return -1
		case pb < pa:
			return 1
		}
		return 0
	})
	return idx[(len(zones)-1)/2]
}

// TestMedianZone: the median zone is the lower middle of the zones
// ordered by price, the first listed among equal prices, for lists of
// every length up to 80 with many ties.
func TestMedianZone(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var scratch []zoneRank
	for n := 2; n <= 80; n++ {
		for trial := 0; trial < 20; trial++ {
			zones := make([]model.ZonePrice, n)
			for i := range zones {
				zones[i] = model.ZonePrice{Zone: "z", Price: float64(rng.IntN(1+n/3)) / 4}
			}
			if got, want := medianZone(zones, &scratch), stableMedian(zones); got != want {
				t.Fatalf("%v: median zone %d, want %d", zones, got, want)
			}
		}
	}
	zones := []model.ZonePrice{{Zone: "a", Price: 3}, {Zone: "b", Price: 1}, {Zone: "c", Price: 2}, {Zone: "d", Price: 2}}
	if got := medianZone(zones, &scratch); got != 2 {
		t.Errorf("median of 3, 1, 2, 2 is zone %d, want 2 (the first 2 listed)", got)
	}
}

// BenchmarkMedianZone is the median zone of lists as long as the
// embedded catalog's (7 to 58 zones, some prices tied).
func BenchmarkMedianZone(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var lists [][]model.ZonePrice
	for _, n := range []int{7, 12, 22, 26, 38, 40, 44, 58} {
		zones := make([]model.ZonePrice, n)
		for i := range zones {
			zones[i] = model.ZonePrice{Zone: "z", Price: float64(rng.IntN(4*n)) / 16}
		}
		lists = append(lists, zones)
	}
	var scratch []zoneRank
	for b.Loop() {
		for _, zones := range lists {
			medianZone(zones, &scratch)
		}
	}
}
