package advisor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortedByBoundMatchesComparisonSort: the radix sort of the rows by
// shape, bound (no price last) and catalog order gives the order a plain
// comparison sort gives, with ties, unpriced rows and shapes of one row;
// permute puts the rows in that order.
func TestSortedByBoundMatchesComparisonSort(t *testing.T) {
	for _, tc := range []struct {
		name      string
		n, shapes int
		bounds    []float32
	}{
		{"few bounds, ties", 5000, 7, []float32{0, 0.5, 1, 1, 2.25, 1e-7, 3e4}},
		{"one shape, many bounds", 3000, 1, nil},
		{"every row its shape", 200, 200, nil},
		{"empty", 0, 1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tc.n)))
			rows := make([]row, tc.n)
			hot := make([]hotRow, tc.n)
			for i := range rows {
				rows[i] = row{offer: int32(i), shape: int32(rng.IntN(tc.shapes))}
				if tc.bounds != nil {
					hot[i].lbUSD = tc.bounds[rng.IntN(len(tc.bounds))]
				} else if rng.IntN(10) > 0 {
					hot[i].lbUSD = rng.Float32() * 100
				}
			}
			start := make([]int32, tc.shapes+1)
			for i := range rows {
				start[rows[i].shape+1]++
			}
			for s := 1; s < len(start); s++ {
				start[s] += start[s-1]
			}
			lb := func(h *hotRow) float32 { return h.lbUSD }
			got := sortedByBound(rows, hot, start, lb)
			want := make([]int32, tc.n)
			for i := range want {
				want[i] = int32(i)
			}
			boundOf := func(i int32) float64 {
				if b := hot[i].lbUSD; b > 0 {
					return float64(b)
				}
				return math.Inf(1)
			}
			slices.SortFunc(want, func(a, b int32) int {
				ra, rb := &rows[a], &rows[b]
				switch {
				case ra.shape != rb.shape:
					return int(ra.shape - rb.shape)
				case boundOf(a) < boundOf(b):
					return -1
				case boundOf(a) > boundOf(b):
					return 1
				}
				return int(ra.offer - rb.offer)
			})
			if !slices.Equal(got, want) {
				t.Fatalf("radix order differs from the comparison sort's")
			}
			wantRows := make([]row, tc.n)
			for k, j := range want {
				wantRows[k] = rows[j]
			}
			permute(rows, hot, got)
			if !slices.Equal(rows, wantRows) {
				t.Fatalf("permute did not put the rows in order")
			}
		})
	}
}
