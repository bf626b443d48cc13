package data

import (
	"context"
	"io"
	"net/http"
	"testing"
)

// Updating one source after another keeps what each stored: vast's live
// offers are still in the catalog after runpod's update (each update wrote
// the whole cache folder with its own providers only, so the second
// dropped the first's offers).
func TestUpdatesKeepTheOtherSources(t *testing.T) {
	opts := testOptions(t)
	vast := liveFixture(t, "vast_bundles.json")
	vsrv, _ := liveServer(t, "/api/v0/bundles/", func(w http.ResponseWriter) { io.WriteString(w, vast) })
	if _, err := liveUpdate(context.Background(), vsrv, "vast", vsrv.URL+"/api/v0", opts, 0); err != nil {
		t.Fatal(err)
	}
	runpod := liveFixture(t, "runpod_gputypes.json")
	rsrv, _ := liveServer(t, "/graphql", func(w http.ResponseWriter) { io.WriteString(w, runpod) })
	res, err := liveUpdate(context.Background(), rsrv, "runpod", rsrv.URL+"/graphql", opts, 0)
	if err != nil {
		t.Fatal(err)
	}
	if res.Offers != 13 {
		t.Errorf("runpod update stored %d offers of its own, want 13", res.Offers)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	live := map[string]int{}
	for _, p := range []string{"vast", "runpod"} {
		for _, o := range offersOf(cat, p) {
			if o.Detail().FetchedAt != "" {
				live[p]++
			}
		}
	}
	if live["vast"] != 3 || live["runpod"] != 13 {
		t.Errorf("live offers after both updates: %v, want vast 3 and runpod 13", live)
	}
}
