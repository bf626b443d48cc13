package advisor

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestNearestKnownWhenNoneMeets: when no listed offer is known to meet
// the latency class (FLUX.1-dev at 1 s per image, which no known GPU
// reaches), a note names the known configuration that comes nearest and
// the limit it misses, the fewest GPUs of two as near; when an offer
// meets the class, no such note.
func TestNearestKnownWhenNoneMeets(t *testing.T) {
	h100 := testOffer("cloudA", "h100x1", "H100 SXM5", 1, 3)
	h100x8 := testOffer("cloudA", "hgx-h100", "H100 SXM5", 8, 24)
	a6000 := testOffer("cloudB", "a6000x1", "RTX A6000", 1, 0.8)
	mystery := testOffer("cloudB", "mystery", "Mystery X1", 1, 0.5)
	nearest := func(res model.Result) string {
		i := slices.IndexFunc(res.Notes, func(n string) bool { return strings.HasPrefix(n, "no offer is known to meet") })
		if i < 0 {
			return ""
		}
		return res.Notes[i]
	}
	realtime := answers(model.WorkloadInference, "flux.1-dev", model.BF16, 0, 1)
	realtime.Latency = model.LatencyRealtime
	res := Recommend(catWith(mystery, a6000, h100x8, h100), realtime, Options{})
	if n := nearest(res); !strings.Contains(n, "1× H100 SXM5") || !strings.Contains(n, "s per image against 1 s") {
		t.Errorf("realtime FLUX: note %q, want the single H100 as the nearest known, against 1 s", n)
	}
	interactive := answers(model.WorkloadInference, "flux.1-dev", model.BF16, 0, 1)
	res = Recommend(catWith(mystery, a6000, h100), interactive, Options{})
	if n := nearest(res); n != "" {
		t.Errorf("interactive FLUX, which an H100 meets: note %q", n)
	}
	zh := Recommend(catWith(mystery, h100), realtime, Options{Lang: "zh"})
	if !slices.ContainsFunc(zh.Notes, func(n string) bool { return strings.Contains(n, "已知最接近的是 1× H100 SXM5") }) {
		t.Errorf("no nearest note in Chinese: %v", zh.Notes)
	}
}
