package advisor

import "math"

// keyTable finds items by their keys: an open-addressed table of item
// numbers, whose keys key gives (items are numbered by the caller, from
// 0). Where a map of the keys themselves held over 100 KB of fresh memory
// for the embedded catalog's shapes, this holds 4 bytes a slot (issue 26:
// a headless command builds the index once, in a fresh process). hash
// must give equal keys (==) equal hashes; it may give unequal keys the
// same hash (== tells them apart), so it can read some fields alone.
type keyTable[K comparable] struct {
	slots []int32 // 1 + an item's number; 0: empty
	n     int
	key   func(i int32) K
	hash  func(k K) uint64
}

// newKeyTable is a keyTable with room for hint items before it grows.
func newKeyTable[K comparable](hint int, key func(i int32) K, hash func(k K) uint64) *keyTable[K] {
	return &keyTable[K]{slots: make([]int32, tableSize(hint)), key: key, hash: hash}
}

// tableSize is the slots for n items: a power of two, at most half full.
func tableSize(n int) int {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	return size
}

// find returns the item whose key is k, -1 when none is.
func (t *keyTable[K]) find(k K) int32 {
	mask := uint64(len(t.slots) - 1)
	for h := t.hash(k) & mask; ; h = (h + 1) & mask {
		i := t.slots[h] - 1
		if i < 0 || t.key(i) == k {
			return i
		}
	}
}

// add puts item i, whose key is in no item of the table yet.
func (t *keyTable[K]) add(i int32) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]int32, 2*len(old))
		for _, s := range old {
			if s != 0 {
				t.put(s - 1)
			}
		}
	}
	t.put(i)
	t.n++
}

// put places item i in the first free slot from its key's hash.
func (t *keyTable[K]) put(i int32) {
	mask := uint64(len(t.slots) - 1)
	h := t.hash(t.key(i)) & mask
	for t.slots[h] != 0 {
		h = (h + 1) & mask
	}
	t.slots[h] = i + 1
}

// hashMix adds the word v to the hash h (a keyTable's keys).
func hashMix(h, v uint64) uint64 {
	h = (h ^ v) * 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// floatWord is a float's bits for a hash, with -0 read as 0 (they are
// equal).
func floatWord(v float64) uint64 {
	if v == 0 {
		return 0
	}
	return math.Float64bits(v)
}
