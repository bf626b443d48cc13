package cli

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// serveLive serves the data package's live fixtures (data/testdata/live,
// whose README says where their shapes come from) over TLS: Vast's
// bundles search at /vast/bundles/, RunPod's GraphQL at /runpod; runpod
// answers 500 while fail is set. GPUPICK_VAST_URL, GPUPICK_RUNPOD_URL and
// updateClient point at it until the test ends.
func serveLive(t *testing.T, fail *atomic.Bool) {
	t.Helper()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "data", "testdata", "live", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	vast, runpod := read("vast_bundles.json"), read("runpod_gputypes.json")
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		switch {
		case r.Method != http.MethodPost:
			http.NotFound(w, r)
		case r.URL.Path == "/vast/bundles/":
			io.WriteString(w, vast)
		case r.URL.Path == "/runpod" && fail.Load():
			http.Error(w, "boom", http.StatusInternalServerError)
		case r.URL.Path == "/runpod":
			io.WriteString(w, runpod)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Setenv(data.VastURLEnv, srv.URL+"/vast")
	t.Setenv(data.RunPodURLEnv, srv.URL+"/runpod")
	old := updateClient
	updateClient = srv.Client()
	t.Cleanup(func() { updateClient = old; srv.Close() })
}

// liveCount counts the catalog's live offers (with a fetch time) of a
// provider.
func liveCount(cat *model.Catalog, provider string) int {
	n := 0
	for i := range cat.Offers {
		if o := &cat.Offers[i]; o.Provider == provider && o.Detail().FetchedAt != "" {
			n++
		}
	}
	return n
}

// TestWizardRefreshFetchesLiveSources: the wizard's refresh names live
// sources that `catalog update` downloads; its Fetch stores a source's
// offers in the user cache as the update does and its Load reads them
// back; a failing source says why and leaves the cache as it was.
func TestWizardRefreshFetchesLiveSources(t *testing.T) {
	isolate(t)
	var fail atomic.Bool
	serveLive(t, &fail)
	r := wizardRefresh(&commonFlags{}, "en")
	for _, name := range r.Sources {
		if !slices.ContainsFunc(data.Sources(), func(s data.Source) bool { return s.Name == name && data.CanUpdate(s) }) {
			t.Errorf("live source %q is not a source catalog update downloads", name)
		}
	}
	before, err := r.Load()
	if err != nil || liveCount(before, "vast") != 0 {
		t.Fatalf("before any refresh: %v, %d live vast offers", err, liveCount(before, "vast"))
	}
	n, err := r.Fetch("vast")
	if err != nil || n != 3 {
		t.Fatalf("fetch vast: %d offers, %v", n, err)
	}
	cat, err := r.Load()
	if err != nil || liveCount(cat, "vast") != 3 {
		t.Fatalf("after fetching vast: %v, %d live vast offers", err, liveCount(cat, "vast"))
	}

	fail.Store(true)
	if _, err := r.Fetch("runpod"); err == nil || !strings.Contains(err.Error(), "HTTP 500") {
		t.Errorf("fetch runpod from a failing server: %v", err)
	}
	cat, err = r.Load()
	if err != nil || liveCount(cat, "vast") != 3 || liveCount(cat, "runpod") != 0 {
		t.Errorf("a failed fetch changed the catalog: %v, vast %d runpod %d", err, liveCount(cat, "vast"), liveCount(cat, "runpod"))
	}

	fail.Store(false)
	if n, err := r.Fetch("runpod"); err != nil || n == 0 {
		t.Fatalf("fetch runpod: %d offers, %v", n, err)
	}
	if cat, err = r.Load(); err != nil || liveCount(cat, "runpod") == 0 {
		t.Errorf("after fetching runpod: %v, %d live runpod offers", err, liveCount(cat, "runpod"))
	}
}
