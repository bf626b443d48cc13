package advisor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// classifyByMap is classify worked out with a map of the keys: the
// definition classify is held to.
func classifyByMap[K comparable](n int, key func(int) K) ([]int32, int) {
	ids := map[K]int32{}
	out := make([]int32, n)
	for i := range out {
		k := key(i)
		id, ok := ids[k]
		if !ok {
			id = int32(len(ids))
			ids[k] = id
		}
		out[i] = id
	}
	return out, len(ids)
}

// TestClassifyIsTheMap: classify numbers keys as a map of them does —
// first appearance first, -0 the class of 0, each NaN a class of its own
// (a NaN equals nothing) — with a good hash, one that keeps few fields,
// and one that sends every key to one slot.
func TestClassifyIsTheMap(t *testing.T) {
	type key struct {
		n int
		v float64
		s string
	}
	floats := []float64{0, math.Copysign(0, -1), 1, 1.5, -2, math.NaN(), math.Inf(1)}
	hashes := map[string]func(key) uint64{
		"good":     func(k key) uint64 { return hashMix(hashMix(uint64(k.n), floatWord(k.v)), uint64(len(k.s))) },
		"partial":  func(k key) uint64 { return uint64(k.n) },
		"constant": func(key) uint64 { return 0 },
	}
	rng := rand.New(rand.NewPCG(26, 6))
	for _, n := range []int{0, 1, 7, 8, 9, 100, 1000} {
		keys := make([]key, n)
		for i := range keys {
			keys[i] = key{rng.IntN(5), floats[rng.IntN(len(floats))], []string{"", "a", "b"}[rng.IntN(3)]}
		}
		at := func(i int) key { return keys[i] }
		want, wantN := classifyByMap(n, at)
		for name, h := range hashes {
			got, gotN := classify(n, at, h)
			if gotN != wantN || !slices.Equal(got, want) {
				t.Errorf("%d keys, %s hash: %d classes %v, the map gives %d %v", n, name, gotN, got, wantN, want)
			}
		}
	}
}

// TestKeyTableGrows: a keyTable sized for a few items finds every one of
// many, equal keys found as the first item that had them, through its
// growths, whatever the hash.
func TestKeyTableGrows(t *testing.T) {
	keys := make([]int, 5000)
	for i := range keys {
		keys[i] = i % 1700 // items 1700 on repeat the first 1700 keys
	}
	for name, h := range map[string]func(int) uint64{
		"good":     func(k int) uint64 { return hashMix(0, uint64(k)) },
		"constant": func(int) uint64 { return 7 },
	} {
		n := len(keys)
		if name == "constant" {
			n = 2000 // every probe walks the table: keep it short
		}
		tb := newKeyTable(2, func(i int32) int { return keys[i] }, h)
		for i := range n {
			first := tb.find(keys[i])
			switch {
			case i < 1700 && first != -1:
				t.Fatalf("%s hash: item %d's new key found at %d", name, i, first)
			case i < 1700:
				tb.add(int32(i))
			case int(first) != i%1700:
				t.Fatalf("%s hash: item %d's key found at %d, want %d", name, i, first, i%1700)
			}
		}
	}
}
