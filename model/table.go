package model

// entry is one row of a lookup table kept as a slice of entries rather
// than a map: the linker lays a slice literal out in the binary, where a
// map literal is built by the package's initialisation on every start
// (issue 26). The tables are small, and a scan of a few entries is as fast
// as hashing the key.
type entry[K comparable, V any] struct {
	key K
	val V
}

// lookup returns the value of key in table; ok is false when it has none.
func lookup[K comparable, V any](table []entry[K, V], key K) (v V, ok bool) {
	for _, e := range table {
		if e.key == key {
			return e.val, true
		}
	}
	return v, false
}
