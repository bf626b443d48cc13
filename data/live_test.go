package data

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gpupick/gpupick/model"
)

// liveFixture reads a fixture of testdata/live (README.md there says
// where its shape comes from).
func liveFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "live", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// liveServer answers a POST to path with body (status 200) and records
// the request body it got; every other request is a 404.
func liveServer(t *testing.T, path string, handler func(w http.ResponseWriter)) (*httptest.Server, *string) {
	t.Helper()
	var got string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != path || r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			http.NotFound(w, r)
			return
		}
		b, _ := io.ReadAll(r.Body)
		got = string(b)
		handler(w)
	}))
	t.Cleanup(srv.Close)
	return srv, &got
}

// fetchedAt is the fetch time of an update run at testNow.
var fetchedAt = testNow().UTC().Format(time.RFC3339)

// liveUpdate runs an update of a live source against srv.
func liveUpdate(ctx context.Context, srv *httptest.Server, source, base string, opts LoadOptions, maxBytes int64) (*ImportResult, error) {
	return Update(ctx, UpdateOptions{Source: source, BaseURL: base, CacheDir: opts.CacheDir, Client: srv.Client(),
		MaxBytes: maxBytes, Now: testNow, AllowShrink: true})
}

// TestVastUpdate: the bundles search's offers become Vast offers, one per
// host offer, dated, sourced, carrying their fetch time, with the
// marketplace facts the search gives (reliability, verification,
// datacenter, speeds, disk, place, max duration, min bid as spot).
func TestVastUpdate(t *testing.T) {
	opts := testOptions(t)
	fixture := liveFixture(t, "vast_bundles.json")
	srv, req := liveServer(t, "/api/v0/bundles/", func(w http.ResponseWriter) { io.WriteString(w, fixture) })
	res, err := liveUpdate(context.Background(), srv, "vast", srv.URL+"/api/v0", opts, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"rentable":{"eq":true}`, `"rented":{"eq":false}`, `"type":"on-demand"`} {
		if !strings.Contains(*req, want) {
			t.Errorf("request %s lacks %s", *req, want)
		}
	}
	if res.Offers != 3 || len(res.Report) != 1 || !strings.Contains(res.Report[0], "1 offer(s) dropped: no CPU cores") {
		t.Errorf("result %+v: want 3 offers and the one with cpu_cores null reported", res)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	byType := map[string]model.Offer{}
	for _, o := range offersOf(cat, "vast") {
		byType[o.InstanceType] = o
	}
	if len(byType) != 3 {
		t.Fatalf("%d Vast offers, want the search's 3 (the embedded ones replaced)", len(byType))
	}
	tests := []struct {
		typ, gpu, region string
		n                int
		od, spot         float64
		vcpus, mem       float64
		notes            []string
	}{
		{"1x-RTX_4090-m37228-o21348645", "GeForce RTX 4090", "Ontario, CA, NA", 1, 0.35, 0.2, 8, 31,
			[]string{"reliability 99.6%", "verified", "consumer-hosted", "max rental 36.5 days", "host 98979"}},
		{"8x-H100_SXM-m9001-o30000001", "H100 SXM5", "Texas, US, NA", 8, 17.6, 0, 224, 2015,
			[]string{"datacenter", "max rental 180.0 days", "reliability 99.9%"}},
		{"2x-A100_SXM4-m9002-o30000002", "A100-80GB SXM4", "", 2, 2.4, 1.1, 32, 251,
			[]string{"unverified", "max rental 7.0 days"}},
	}
	for _, tc := range tests {
		o, ok := byType[tc.typ]
		if !ok {
			t.Errorf("no offer %s among %v", tc.typ, keysOf(byType))
			continue
		}
		d := o.Detail()
		if o.GPU != tc.gpu || o.GPUCount != tc.n || o.OnDemand != tc.od || o.Spot != tc.spot || o.VCPUs != tc.vcpus || o.MemoryGiB != tc.mem {
			t.Errorf("%s: %s x%d od %v spot %v vcpus %v mem %v", tc.typ, o.GPU, o.GPUCount, o.OnDemand, o.Spot, o.VCPUs, o.MemoryGiB)
		}
		if (tc.region == "") != (len(o.Regions) == 0) || tc.region != "" && o.Regions[0] != tc.region {
			t.Errorf("%s: regions %v, want %q", tc.typ, o.Regions, tc.region)
		}
		if o.PriceDate != "2027-06-01" || d.FetchedAt != fetchedAt || o.Sources[0] != srv.URL+"/api/v0/bundles/" || !o.Marketplace {
			t.Errorf("%s: date %s, fetched %s, sources %v, marketplace %v", tc.typ, o.PriceDate, d.FetchedAt, o.Sources, o.Marketplace)
		}
		for _, n := range tc.notes {
			if !strings.Contains(o.NotesText(false), n) {
				t.Errorf("%s: notes %q lack %q", tc.typ, o.NotesText(false), n)
			}
		}
		if net, disk, pn := o.NetworkText(false), o.LocalDiskText(false), o.PriceNoteText(false); !strings.Contains(net, "Mb/s down") || !strings.Contains(disk, "GB host disk") || !strings.Contains(pn, "/GB/month") {
			t.Errorf("%s: network %q, disk %q, price note %q", tc.typ, net, disk, pn)
		}
	}
}

// keysOf lists a map's keys (a failure message).
func keysOf(m map[string]model.Offer) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestRunPodUpdate: the gpuTypes answer becomes RunPod offers per GPU
// type, cloud and GPU count, in stock only, with the 1/3/6-month prices as
// the monthly, 3-month and 6-month plans of the secure pods, and the
// minimum bid as spot.
func TestRunPodUpdate(t *testing.T) {
	opts := testOptions(t)
	fixture := liveFixture(t, "runpod_gputypes.json")
	srv, req := liveServer(t, "/graphql", func(w http.ResponseWriter) { io.WriteString(w, fixture) })
	res, err := liveUpdate(context.Background(), srv, "runpod", srv.URL+"/graphql", opts, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"gpuTypes", "oneMonthPrice", "threeMonthPrice", "sixMonthPrice", "minimumBidPrice", "stockStatus", "secureCloud: true"} {
		if !strings.Contains(*req, want) {
			t.Errorf("query %s lacks %s", *req, want)
		}
	}
	// H100: secure and community x {1,2,4,8}; 4090: community x {1,2}
	// (secure out of stock); A100: secure x {1,2,4} (no community).
	if res.Offers != 13 || len(res.Report) != 1 || !strings.Contains(res.Report[0], "2 GPU type(s) out of stock") {
		t.Errorf("result %+v: want 13 offers, the 2 out-of-stock clouds reported", res)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	byType := map[string]model.Offer{}
	for _, o := range offersOf(cat, "runpod") {
		byType[o.InstanceType] = o
	}
	h := model.HoursPerMonth
	tests := []struct {
		typ           string
		od, spot      float64
		month, m3, m6 float64
		vcpus, mem    float64
	}{
		{"1x_H100-SXM_SECURE", 2.99, 1.75, 2.79 * h, 2.69 * 3 * h, 2.59 * 6 * h, 16, 125},
		{"8x_H100-SXM_SECURE", 8 * 2.99, 8 * 1.75, 8 * 2.79 * h, 8 * 2.69 * 3 * h, 8 * 2.59 * 6 * h, 0, 0},
		{"1x_H100-SXM_COMMUNITY", 2.69, 1.5, 0, 0, 0, 12, 100},
		{"2x_RTX4090_COMMUNITY", 0.68, 0.4, 0, 0, 0, 0, 0},
		{"4x_A100-80GB-SXM_SECURE", 4 * 1.89, 4 * 1.05, 4 * 1.79 * h, 0, 4 * 1.64 * 6 * h, 0, 0},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
	for _, tc := range tests {
		o, ok := byType[tc.typ]
		if !ok {
			t.Errorf("no offer %q among %v", tc.typ, keysOf(byType))
			continue
		}
		d := o.Detail()
		if !near(o.OnDemand, tc.od) || !near(o.Spot, tc.spot) || !near(d.Monthly, tc.month) || !near(d.Months3, tc.m3) || !near(d.Months6, tc.m6) {
			t.Errorf("%s: od %v spot %v monthly %v 3mo %v 6mo %v", tc.typ, o.OnDemand, o.Spot, d.Monthly, d.Months3, d.Months6)
		}
		if o.VCPUs != tc.vcpus || o.MemoryGiB != tc.mem || o.GPU == "" {
			t.Errorf("%s: GPU %q vcpus %v mem %v", tc.typ, o.GPU, o.VCPUs, o.MemoryGiB)
		}
		if o.PriceDate != "2027-06-01" || d.FetchedAt != fetchedAt || o.Sources[0] != srv.URL+"/graphql" || !strings.Contains(o.Notes, "stock ") {
			t.Errorf("%s: date %s fetched %s sources %v notes %q", tc.typ, o.PriceDate, d.FetchedAt, o.Sources, o.Notes)
		}
	}
	if _, ok := byType["1x_RTX4090_SECURE"]; ok {
		t.Error("an out-of-stock cloud became an offer")
	}
}

// TestLiveUpdateFaultsKeepCache: every fault of a live source (404, 500,
// cut JSON, wrong fields, an empty list, a body over the limit, a slow
// drip, a redirect to plain HTTP, a GraphQL error) fails the update and
// leaves the previous cache byte for byte.
func TestLiveUpdateFaultsKeepCache(t *testing.T) {
	vast, runpod := liveFixture(t, "vast_bundles.json"), liveFixture(t, "runpod_gputypes.json")
	for _, src := range []struct {
		name, path, body, empty, wrong, fieldErr string
	}{
		{"vast", "/api/v0/bundles/", vast, `{"offers": []}`, strings.Replace(vast, `"dph_base": 0.35`, `"dph_base": "0.35"`, 1), "field offers.dph_base"},
		{"runpod", "/graphql", runpod, `{"data": {"gpuTypes": []}}`, strings.Replace(runpod, `"memoryInGb": 80,`, ``, 1), "field memoryInGb is missing"},
	} {
		t.Run(src.name, func(t *testing.T) {
			opts := testOptions(t)
			release := make(chan struct{})
			var mode atomic.Value
			mode.Store("")
			srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body)
				if r.URL.Path != src.path {
					http.NotFound(w, r)
					return
				}
				switch mode.Load().(string) {
				case "500":
					http.Error(w, "boom", http.StatusInternalServerError)
				case "cut":
					io.WriteString(w, src.body[:len(src.body)/2])
				case "wrong":
					io.WriteString(w, src.wrong)
				case "empty":
					io.WriteString(w, src.empty)
				case "huge":
					io.WriteString(w, src.body+strings.Repeat(" ", 4096))
				case "gqlerror":
					io.WriteString(w, `{"errors": [{"message": "rate limited"}]}`)
				case "redirect":
					http.Redirect(w, r, "http://127.0.0.1:1"+src.path, http.StatusFound)
				case "drip":
					io.WriteString(w, src.body[:10])
					w.(http.Flusher).Flush()
					<-release // until the test ends: the client must give up by itself
				default:
					io.WriteString(w, src.body)
				}
			}))
			t.Cleanup(srv.Close)
			t.Cleanup(func() { close(release) }) // runs before srv.Close
			base := srv.URL + strings.TrimSuffix(strings.TrimSuffix(src.path, "bundles/"), "/")
			if _, err := liveUpdate(context.Background(), srv, src.name, base, opts, 0); err != nil {
				t.Fatal(err)
			}
			before := readDir(t, opts.UpdatedDir())
			for _, tc := range []struct{ mode, base, want string }{
				{"404", srv.URL + "/nowhere", "HTTP 404"},
				{"500", base, "HTTP 500"},
				{"cut", base, "not JSON"},
				{"wrong", base, src.fieldErr},
				{"empty", base, "yields no GPU offer"},
				{"huge", base, "more than the limit"},
				{"gqlerror", base, map[string]string{"vast": "no \"offers\" list", "runpod": "rate limited"}[src.name]},
				{"redirect", base, "not https refused"},
				{"drip", base, "gave up"},
			} {
				mode.Store(tc.mode)
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				if tc.mode == "drip" {
					cancel()
					ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
				}
				_, err := liveUpdate(ctx, srv, src.name, tc.base, opts, int64(len(src.body)+100))
				cancel()
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s: error %v, want %q", tc.mode, err, tc.want)
				}
				if after := readDir(t, opts.UpdatedDir()); fmt.Sprint(after) != fmt.Sprint(before) {
					t.Errorf("%s: the previous update was changed", tc.mode)
				}
			}
		})
	}
}

// TestLiveSourcesOnlyTheirProvider: a live source asked for another
// provider refuses before any request.
func TestLiveSourcesOnlyTheirProvider(t *testing.T) {
	opts := testOptions(t)
	for _, name := range []string{"vast", "runpod"} {
		_, err := Update(context.Background(), UpdateOptions{Source: name, BaseURL: "https://127.0.0.1:1/x", CacheDir: opts.CacheDir,
			Providers: []string{"aws"}, Now: testNow})
		if err == nil || !strings.Contains(err.Error(), "only (got aws)") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestParseLiveErrorsNameTheField: a strict reader names the item and the
// field of what it refuses.
func TestParseLiveErrorsNameTheField(t *testing.T) {
	vast := liveFixture(t, "vast_bundles.json")
	for _, tc := range []struct{ in, want string }{
		{`[]`, "not JSON"},
		{`{}`, `no "offers" list`},
		{`{"offers": [{}]}`, "offer 1: field id is missing"},
		{strings.Replace(vast, `"reliability2": 0.999,`, `"reliability2": 1.5,`, 1), "offer 2 (id 30000001): field reliability2: 1.5 is not plausible"},
		{strings.Replace(vast, `"num_gpus": 8`, `"num_gpus": 7.5`, 1), "field num_gpus: 7.5 is not a whole number"},
		{strings.Replace(vast, `"cpu_cores_effective": 8,`, `"cpu_cores_effective": 64,`, 1), "cpu_cores_effective: 64 is more than cpu_cores 32"},
		{vast + "{}", "more than one JSON value"},
		{strings.Replace(vast, `"verification": "unverified"`, `"verification": "pending"`, 1), `offer 3 (id 30000002): field verification "pending": want verified, unverified or deverified`},
		{strings.Replace(vast, `"host_id": 5001,`, `"host_id": 4294967296,`, 1), "offer 2 (id 30000001): field host_id: 4294967296 is not an id gpupick keeps (want 1 to 4294967295)"},
		{strings.Replace(vast, `"machine_id": 9001,`, `"machine_id": 0,`, 1), "field machine_id: 0 is not an id gpupick keeps"},
	} {
		if _, err := ParseVastBundles([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("vast %.40q: %v, want %q", tc.in, err, tc.want)
		}
	}
	runpod := liveFixture(t, "runpod_gputypes.json")
	for _, tc := range []struct{ in, want string }{
		{`{"data": null}`, "no data.gpuTypes list"},
		{`{"data": {"gpuTypes": [{"id": ""}]}}`, "GPU type 1: field id is missing"},
		{strings.Replace(runpod, `"securePrice": 2.99`, `"securePrice": -1`, 1), "(NVIDIA H100 80GB HBM3): field securePrice: -1 is not plausible"},
		{strings.Replace(runpod, `"minVcpu": 16, "minMemory": 125`, `"minVcpu": 16, "minMemory": "x"`, 1), "field data.gpuTypes.secure.minMemory"},
	} {
		if _, err := ParseRunPodGPUTypes([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("runpod %.40q: %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestLiveStale: a live offer is stale LiveStaleHours after its fetch
// time; a catalog offer never is by this rule.
func TestLiveStale(t *testing.T) {
	o := model.Offer{}.WithDetail(model.OfferDetail{FetchedAt: fetchedAt})
	for _, tc := range []struct {
		after time.Duration
		stale bool
	}{{0, false}, {model.LiveStaleHours * time.Hour, false}, {model.LiveStaleHours*time.Hour + time.Minute, true}} {
		if got := o.LiveStale(testNow().Add(tc.after)); got != tc.stale {
			t.Errorf("%v after the fetch: stale %v, want %v", tc.after, got, tc.stale)
		}
	}
	if (&model.Offer{}).LiveStale(testNow().Add(1000 * time.Hour)) {
		t.Error("an offer without a fetch time is stale")
	}
}

// errLive is a fault a fuzz target must never turn into a panic.
var errLive = errors.New("live")

func FuzzParseVastBundles(f *testing.F) {
	f.Add([]byte(liveFixture(f, "vast_bundles.json")))
	f.Add([]byte(`{"offers": [{"id": 1, "num_gpus": 1e300}]}`))
	f.Add([]byte(`{"offers": null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		offers, err := ParseVastBundles(b)
		if err != nil {
			return
		}
		ref := fuzzRef(t)
		for _, v := range offers {
			o, why := ref.vastOffer(v, Remote{Date: "2027-06-01"})
			if why == "" && (o.GPUCount < 1 || o.OnDemand <= 0 || math.IsNaN(o.MemoryGiB) || math.IsInf(o.MemoryGiB, 0)) {
				t.Errorf("offer %+v from a checked answer: %v", o, errLive)
			}
		}
	})
}

func FuzzParseRunPodGPUTypes(f *testing.F) {
	f.Add([]byte(liveFixture(f, "runpod_gputypes.json")))
	f.Add([]byte(`{"errors": [{"message": "x"}]}`))
	f.Add([]byte(`{"data": {"gpuTypes": [{"id": "a", "displayName": "H100", "memoryInGb": 80, "maxGpuCount": 1e9}]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		types, err := ParseRunPodGPUTypes(b)
		if err != nil {
			return
		}
		ref := fuzzRef(t)
		for _, g := range types {
			low := &RunPodLowest{StockStatus: new(string)}
			o := ref.runpodOffer(g, RunPodSecure, 1, low, 1, Remote{Date: "2027-06-01"})
			if o.GPUCount != 1 || o.Detail().Monthly < 0 {
				t.Errorf("offer %+v from a checked answer: %v", o, errLive)
			}
		}
	})
}

// fuzzRef is the embedded build's reference tables.
func fuzzRef(t *testing.T) *reference {
	t.Helper()
	b, err := embeddedBuild()
	if err != nil {
		t.Fatal(err)
	}
	return b.ref
}
