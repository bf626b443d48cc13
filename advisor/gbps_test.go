package advisor

import (
	"regexp"
	"slices"
	"testing"
)

// gbpsOracle is the pattern gbpsRates scans for.
var gbpsOracle = regexp.MustCompile(`(?i)(\d[\d,]*(?:\.\d+)?)\s*(gbps|gb/s|gbit)`)

func oracleRates(s string) []string {
	var out []string
	for _, m := range gbpsOracle.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestGbpsRatesMatchesPattern(t *testing.T) {
	for _, s := range []string{
		"", "16 Gbps internal network", "up to 3,200 Gbps EFA", "100GB/s", "25 gbit ethernet, 10 Gbps",
		"1.5.7gbps", "1.gbps", "12,3.x 5gbps", "8x 400 Gbps InfiniBand (3.2 Tbps)", "10 GbE", "5\tGBPS",
		"50 gbpſ", "7 gb/ſ", "4 GB/S", "3 GBIT", "no figure", "2 Gb", "9 g bps", "1,,2 gbps", "0.5gbit1gbps",
	} {
		if got, want := gbpsRates(s), oracleRates(s); !slices.Equal(got, want) {
			t.Errorf("gbpsRates(%q) = %q, the pattern finds %q", s, got, want)
		}
	}
}

func FuzzGbpsRates(f *testing.F) {
	f.Add("16 Gbps internal network")
	f.Add("1.5.7gbps, 3 GB/s")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := gbpsRates(s), oracleRates(s); !slices.Equal(got, want) {
			t.Errorf("gbpsRates(%q) = %q, the pattern finds %q", s, got, want)
		}
	})
}
