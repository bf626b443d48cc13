package systemtest

import (
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// TestOnRequestOrderAndCut: the offers listed "price on request" come
// each once, those with a named GPU first, then the smallest node (GPU
// memory in all) first, and a shorter list (a smaller Top) is the longer
// list's beginning: the listing keeps the first offers in order as it
// finds them, so the cut must never drop one that sorts before those kept
// nor keep an offer twice that fits under several shapes.
func TestOnRequestOrderAndCut(t *testing.T) {
	cat := advisorEmbedded(t)
	a := withModel(model.WorkloadInference, "llama-3.1-8b", model.BF16)
	a.Providers = []string{"alibaba", "tencent", "featurize"}
	long := advisor.Recommend(cat, a, advisor.Options{Top: 200}).OnRequest
	if len(long) < 4 {
		t.Fatalf("%d offers on request, want at least 4 to test the order and the cut", len(long))
	}
	seen := map[string]bool{}
	for i, o := range long {
		key := o.Provider + "/" + o.InstanceType
		if seen[key] {
			t.Errorf("#%d %s listed twice", i+1, key)
		}
		seen[key] = true
		if i == 0 {
			continue
		}
		p := long[i-1]
		if p.GPU == "" && o.GPU != "" || (p.GPU == "") == (o.GPU == "") && p.VRAMGiB > o.VRAMGiB {
			t.Errorf("#%d %s (GPU %q, %.0f GiB) listed after #%d %s (GPU %q, %.0f GiB)",
				i+1, key, o.GPU, o.VRAMGiB, i, p.InstanceType, p.GPU, p.VRAMGiB)
		}
	}
	for _, top := range []int{1, 3, len(long) / 2} {
		short := advisor.Recommend(cat, a, advisor.Options{Top: top}).OnRequest
		if len(short) != top {
			t.Fatalf("Top %d: %d offers on request, want %d", top, len(short), top)
		}
		for i := range short {
			if short[i].Provider != long[i].Provider || short[i].InstanceType != long[i].InstanceType {
				t.Errorf("Top %d: #%d is %s/%s, the longer list's #%d is %s/%s", top, i+1,
					short[i].Provider, short[i].InstanceType, i+1, long[i].Provider, long[i].InstanceType)
			}
		}
	}
	t.Logf("%d offers on request", len(long))
}
