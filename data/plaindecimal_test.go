package data

import (
	"math"
	"strconv"
	"testing"
)

// TestPlainDecimal checks the fast path of parseNum against
// strconv.ParseFloat on the forms it takes and that it declines the rest.
func TestPlainDecimal(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"0", true}, {"1.25", true}, {"0.1", true}, {"98.32", true}, {"123456789012345", true},
		{"0.000000000000001", false}, {"1234567890123456", false}, {"1.", false}, {".5", false},
		{"-1", false}, {"1e3", false}, {"1.2.3", false}, {"", false}, {"1_0", false}, {"NaN", false},
	} {
		v, ok := plainDecimal(tc.in)
		if ok != tc.ok {
			t.Errorf("plainDecimal(%q) ok = %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if ok {
			want, err := strconv.ParseFloat(tc.in, 64)
			if err != nil || v != want {
				t.Errorf("plainDecimal(%q) = %v, strconv says %v (%v)", tc.in, v, want, err)
			}
		}
	}
}

// FuzzPlainDecimal: whenever the fast path takes a string, strconv parses
// it to the same float64 bits.
func FuzzPlainDecimal(f *testing.F) {
	for _, s := range []string{"0", "1.25", "0.30000000000001", "999999999999999", "12.5e3", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := plainDecimal(s)
		if !ok {
			return
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(v) != math.Float64bits(want) {
			t.Fatalf("plainDecimal(%q) = %v, strconv.ParseFloat = %v, %v", s, v, want, err)
		}
	})
}
