package model

import (
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// One GPU has one usable memory, whatever figure an offer writes for the
// whole GPU (B300: RunPod 288, AWS 268.6, Verda 262): the measured figure,
// or the marketed one read as decimal GB; a slice (half an A100) keeps its
// share of the measured figure.
func TestUsableOneFigurePerGPU(t *testing.T) {
	b300 := GPU{Name: "B300 (HGX)", VRAMGiB: 288}
	a100 := GPU{Name: "A100-80GB SXM4", VRAMGiB: 80, UsableGiB: 79.25}
	for _, tc := range []struct {
		g        *GPU
		nominal  float64
		want     float64
		measured bool
	}{
		{&b300, 288, 288 * DecimalGiB, false},
		{&b300, 268.6, 288 * DecimalGiB, false},
		{&b300, 262, 288 * DecimalGiB, false},
		{&a100, 80, 79.25, true},
		{&a100, 79.6, 79.25, true},
		{&a100, 40, 40 * 79.25 / 80, true},
		{&a100, 10, 10 * 79.25 / 80, true},
		{nil, 24, 24 * DecimalGiB, false},
	} {
		got, m := tc.g.Usable(tc.nominal)
		if !testcheck.NearAbs(got, tc.want, 1e-9) || m != tc.measured {
			t.Errorf("%v.Usable(%v) = %v, %v; want %v, %v", tc.g, tc.nominal, got, m, tc.want, tc.measured)
		}
	}
}
