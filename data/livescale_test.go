package data

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// liveRowAllocs bounds the allocations a streamed read of a live catalog
// makes per offer row (issue 24). A live offer's notes are its own (its
// offer, host and machine ids); while they were in the detail, each row
// kept a ~400-byte detail of its own, one allocation a row (this test
// read 1.23 a row then, 20000 details); the notes are on the offer now,
// the rows share their details and their strings are copied into arenas
// (0.05 a row, 3 details). The bound is 5 times that, a fifth of before.
const liveRowAllocs = 0.25

// liveCopies is how many live rows the test reads.
const liveCopies = 20_000

// TestLiveRowsShareDetails reads a catalog of Vast offers, each with notes
// and an instance type of its own as the reader writes them (copies of the
// fixture's offers), on a cached catalog's read path: every row keeps its
// own notes and its fetch time, the rows of one fixture offer share one
// detail, and the read stays within liveRowAllocs allocations a row.
func TestLiveRowsShareDetails(t *testing.T) {
	opts := testOptions(t)
	fixture := liveFixture(t, "vast_bundles.json")
	srv, _ := liveServer(t, "/api/v0/bundles/", func(w http.ResponseWriter) { io.WriteString(w, fixture) })
	if _, err := liveUpdate(context.Background(), srv, "vast", srv.URL+"/api/v0", opts, 0); err != nil {
		t.Fatal(err)
	}
	loaded, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	live := offersOf(loaded, "vast")
	if len(live) == 0 {
		t.Fatal("the fixture gave no Vast offer")
	}
	cat := *loaded
	cat.Offers = make([]model.Offer, 0, liveCopies)
	for i := range liveCopies {
		o := live[i%len(live)]
		o.InstanceType = fmt.Sprintf("%s-%d", o.InstanceType, i)
		o.Notes = fmt.Sprintf("%s; copy %d", o.Notes, i)
		cat.Offers = append(cat.Offers, o)
	}
	files, err := EncodeFiles(&cat)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*model.Offer{}
	for i := range cat.Offers {
		want[cat.Offers[i].InstanceType] = &cat.Offers[i]
	}
	details := map[*model.OfferDetail]bool{}
	for i := range got.Offers {
		o := &got.Offers[i]
		w, ok := want[o.InstanceType]
		if !ok {
			t.Fatalf("offer %s was not written", o.Key())
		}
		if o.Notes != w.Notes || o.Detail().FetchedAt != w.Detail().FetchedAt || o.Detail().FetchedAt == "" {
			t.Fatalf("%s: notes %q fetched %q, want %q fetched %q", o.Key(), o.Notes, o.Detail().FetchedAt, w.Notes, w.Detail().FetchedAt)
		}
		details[o.Extra] = true
	}
	if len(got.Offers) != liveCopies {
		t.Fatalf("%d offers read, want %d", len(got.Offers), liveCopies)
	}
	// One detail per fixture offer, per decoding goroutine at most.
	if limit := 4 * len(live); len(details) > limit {
		t.Errorf("%d details among %d rows of %d distinct details: want at most %d (rows with their own notes share their details)",
			len(details), liveCopies, len(live), limit)
	}
	allocs := testing.AllocsPerRun(2, func() {
		if _, err := ReadFolder(dir); err != nil {
			t.Fatal(err)
		}
	})
	if perRow := allocs / liveCopies; perRow > liveRowAllocs {
		t.Errorf("%.0f allocations reading %d live rows: %.2f a row, want at most %v", allocs, liveCopies, perRow, liveRowAllocs)
	}
}
