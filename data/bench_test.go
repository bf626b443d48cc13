package data

import "testing"

// BenchmarkLoadCatalog measures decoding and indexing the embedded catalog
// (offers, GPU and policy maps, presets, rates). Target: under 5 ms and
// under 30 MB allocated per load.
func BenchmarkLoadCatalog(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		cat, err := Embedded()
		if err != nil {
			b.Fatal(err)
		}
		if len(cat.Offers) == 0 {
			b.Fatal("no offers")
		}
	}
}
