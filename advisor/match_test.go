package advisor

import (
	"strings"
	"testing"
)

func TestMatchGPU(t *testing.T) {
	names := []string{"H100 SXM5", "H100 PCIe", "H100 NVL", "H200 SXM", "GH200 (96 GB HBM3)",
		"A100-80GB SXM4", "A100-80GB PCIe", "A100-40GB SXM4", "A800 80GB PCIe", "A10", "A10G",
		"L4", "L40S", "GeForce RTX 4090", "RTX A6000", "RTX 6000 Ada Generation", "V100 SXM2 32GB",
		"GeForce RTX 3060 (12 GB)"}
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"h100", []string{"H100 SXM5", "H100 PCIe", "H100 NVL"}},
		{"H100", []string{"H100 SXM5", "H100 PCIe", "H100 NVL"}},
		{"h100-sxm", []string{"H100 SXM5"}},
		{"h100 sxm", []string{"H100 SXM5"}},
		{"H100_SXM5", []string{"H100 SXM5"}},
		{"h100sxm", []string{"H100 SXM5"}},
		{"h200", []string{"H200 SXM"}},
		{"gh200", []string{"GH200 (96 GB HBM3)"}},
		{"a100-80", []string{"A100-80GB SXM4", "A100-80GB PCIe"}},
		{"a100 80gb", []string{"A100-80GB SXM4", "A100-80GB PCIe"}},
		{"a10080gb", []string{"A100-80GB SXM4", "A100-80GB PCIe"}},
		{"a100-80-pcie", []string{"A100-80GB PCIe"}},
		{"a100", []string{"A100-80GB SXM4", "A100-80GB PCIe", "A100-40GB SXM4"}},
		{"a10", []string{"A10", "A10G"}},
		{"l4", []string{"L4"}},
		{"4090", []string{"GeForce RTX 4090"}},
		{"rtx4090", []string{"GeForce RTX 4090"}},
		{"RTX-A6000", []string{"RTX A6000"}},
		{"rtxa6000", []string{"RTX A6000"}},
		{"v100-32", []string{"V100 SXM2 32GB"}},
		{"3060 12gb", []string{"GeForce RTX 3060 (12 GB)"}},
		{"b200", nil},
	} {
		var got []string
		for _, n := range names {
			if MatchGPU(tc.query, n) {
				got = append(got, n)
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("MatchGPU(%q) matched %q, want %q", tc.query, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("MatchGPU(%q) matched %q, want %q", tc.query, got, tc.want)
				break
			}
		}
	}
	if !MatchGPU("", "H100 SXM5") || !MatchGPU(" - ", "L4") {
		t.Error("an empty query must match everything")
	}
	if MatchGPU("h100", "") {
		t.Error("a query must not match an unnamed GPU")
	}
}

// TestContainsFold checks containsFold against lower-casing both strings.
func TestContainsFold(t *testing.T) {
	for _, tc := range []struct{ s, sub string }{
		{"H100 SXM5", "sxm"}, {"H100 PCIe", "PCIE"}, {"GeForce RTX 4090", "geforce"},
		{"A100", "sxm"}, {"", "x"}, {"abc", ""}, {"SX", "SXM"}, {"Consumer (PCIe)", "consumer"},
	} {
		want := strings.Contains(strings.ToLower(tc.s), strings.ToLower(tc.sub))
		if got := containsFold(tc.s, tc.sub); got != want {
			t.Errorf("containsFold(%q, %q) = %v, want %v", tc.s, tc.sub, got, want)
		}
	}
}
