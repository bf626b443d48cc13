package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestStoredWithData: what a training run keeps on disk is the user's data
// and one checkpoint besides, priced as storage; serving keeps the data
// alone. Before, --data replaced the checkpoint, so a fine-tune with data
// priced no checkpoint and its launch disk had no room for one.
func TestStoredWithData(t *testing.T) {
	cat := testCatalog()
	run := func(w model.Workload, dataGB float64) model.Recommendation {
		a := answers(w, "llama-3.1-8b", model.BF16, 4096, 1)
		a.Latency = model.LatencyBatch
		a.DataGB = dataGB
		return *top(t, Recommend(cat, a, Options{Top: 1}))
	}
	const data = 2000
	bare, withData := run(model.WorkloadFineTune, 0), run(model.WorkloadFineTune, data)
	// llama-3.1-8b's checkpoint: 8B weights and Adam states, ~16 bytes a
	// parameter (the estimate's own figure, so only its presence is held).
	if bare.StoredGB < 8*8 {
		t.Fatalf("fine-tune without data keeps %.0f GB, want its checkpoint (over 64 GB)", bare.StoredGB)
	}
	if withData.StoredGB != data+bare.StoredGB {
		t.Errorf("fine-tune with %d GB of data keeps %.0f GB, want the data and the checkpoint %.0f", data, withData.StoredGB, data+bare.StoredGB)
	}
	if withData.Provider == bare.Provider && withData.HiddenCosts.StorageUSD <= bare.HiddenCosts.StorageUSD && bare.HiddenCosts.StorageUSD > 0 {
		t.Errorf("storage priced %.2f with data, %.2f without", withData.HiddenCosts.StorageUSD, bare.HiddenCosts.StorageUSD)
	}
	if s := run(model.WorkloadInference, data).StoredGB; s != data {
		t.Errorf("serving with %d GB of data keeps %.0f GB, want the data alone", data, s)
	}
}
