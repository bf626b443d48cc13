package systemtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// The live scale benchmark (issue 24): a catalog of 100k live marketplace
// offers merged onto the embedded catalog, measured as BenchmarkScale
// measures a grown one (load, index, recommend, process). The offers are
// the readers' own: two fetches of Vast.ai's bundles search and RunPod's
// gpuTypes (answers built here in the shapes of data/testdata/live, served
// over local TLS to `catalog update --source vast|runpod`), each offer
// dated, sourced and stamped with its fetch time; the fetches then meet the
// embedded offers through the one merge rule (data.MergeOffers): the
// earlier fetch onto the embedded catalog, the later onto that, so the
// offers both fetches list (a fifth of Vast's, all of RunPod's) carry the
// later fetch's prices, plans and fetch time.

// liveVastGPU is one GPU as Vast lists it: its name and memory (MB) as the
// bundles search gives them, a price per GPU-hour and the GPU counts hosts
// split a machine into.
type liveVastGPU struct {
	name   string
	mib    float64
	hourly float64
	counts []int
}

// liveVastGPUs are GPUs hosts list on Vast (names and memories of the
// search's answers; prices are test values, not quotes).
var liveVastGPUs = []liveVastGPU{
	{"RTX 4090", 24564, 0.35, []int{1, 2, 4, 8}},
	{"RTX 3090", 24576, 0.2, []int{1, 2, 4, 8}},
	{"RTX 5090", 32607, 0.6, []int{1, 2, 4, 8}},
	{"RTX A6000", 49140, 0.45, []int{1, 2, 4, 8}},
	{"L40S", 46068, 0.75, []int{1, 2, 4, 8}},
	{"A100 SXM4", 81920, 1.1, []int{1, 2, 4, 8}},
	{"A100 PCIE", 40960, 0.7, []int{1, 2, 4}},
	{"H100 SXM", 81559, 2.0, []int{1, 2, 4, 8}},
	{"H100 PCIE", 81559, 1.7, []int{1, 2, 4}},
	{"H200", 143771, 2.6, []int{1, 8}},
	{"Tesla V100", 16384, 0.15, []int{1, 2, 4, 8}},
}

// liveVastPlaces are Vast geolocations (data/facts/regions.csv's forms).
var liveVastPlaces = []string{
	"Alberta, CA, NA", "Arizona, US, NA", "British Columbia, CA, NA", "Bulgaria, BG, EU", "CA, NA",
	"Czechia, CZ, EU", "Denmark, DK, EU", "Estonia, EE, EU", "Florida, US, NA", "France, FR, EU",
	"Georgia, US, NA", "Germany, DE, EU", "Hong Kong, HK, AS", "Iceland, IS, EU", "Japan, JP, AS",
	"Maryland, US, NA", "Michigan, US, NA", "Norway, NO, EU", "Ontario, CA, NA", "Oregon, US, NA",
	"Poland, PL, EU", "Romania, RO, EU", "South Korea, KR, AS", "Sweden, SE, EU", "Taiwan, TW, AS",
	"The Netherlands, NL, EU", "US, NA", "Vietnam, VN, AS",
}

// liveVastAnswer is a bundles search answer listing the offers with ids
// [first, last): eight offers a host (so 12.5k hosts for 100k offers), four
// a machine, each host's own GPU, place and price level; fetch 2 reprices
// an offer by up to ±3%.
func liveVastAnswer(first, last, fetch int) []byte {
	var w bytes.Buffer
	w.WriteString(`{"offers": [`)
	for i := first; i < last; i++ {
		host := i / 8
		g := liveVastGPUs[(host*7)%len(liveVastGPUs)]
		n := g.counts[i%len(g.counts)]
		price := g.hourly * float64(n) * (0.75 + float64((host*31)%50)/100)
		if fetch == 2 {
			price *= 1 + float64(i%7-3)/100
		}
		bid := "null"
		if host%3 != 0 {
			bid = fmt.Sprintf("%.4f", price*0.55)
		}
		verified := "verified"
		if host%4 == 0 {
			verified = "unverified"
		}
		if i > first {
			w.WriteByte(',')
		}
		fmt.Fprintf(&w, `
 {"id": %d, "host_id": %d, "machine_id": %d, "gpu_name": %q, "num_gpus": %d, "gpu_ram": %g, "gpu_total_ram": %g,
  "cpu_cores": 128, "cpu_cores_effective": %d, "cpu_ram": 515000, "disk_space": %d, "dph_base": %.4f, "dph_total": %.4f,
  "min_bid": %s, "storage_cost": 0.15, "reliability2": %.4f, "verification": %q, "hosting_type": %d,
  "inet_up": %d, "inet_down": %d, "geolocation": %q, "duration": %d, "rentable": true, "rented": false}`,
			40_000_000+i, 100_000+host, 500_000+i/4, g.name, n, g.mib, g.mib*float64(n),
			16*n, 200+(i%9)*100, price, price*1.03, bid, 0.9+float64(host%100)/1000, verified, host%5/4,
			100+host%900, 200+host%1700, liveVastPlaces[(host*13)%len(liveVastPlaces)], 86400*(1+host%90))
	}
	w.WriteString("\n]}\n")
	return w.Bytes()
}

// liveRunPodTypes are GPU types of RunPod's gpuTypes answer: id, display
// name, memory (GB), price per GPU-hour (test values).
var liveRunPodTypes = []struct {
	id, display string
	gb, price   float64
}{
	{"NVIDIA H100 80GB HBM3", "H100 SXM", 80, 2.99}, {"NVIDIA H100 PCIe", "H100 PCIe", 80, 2.39},
	{"NVIDIA H100 NVL", "H100 NVL", 94, 2.79}, {"NVIDIA H200", "H200 SXM", 141, 3.99},
	{"NVIDIA A100-SXM4-80GB", "A100 SXM", 80, 1.89}, {"NVIDIA A100 80GB PCIe", "A100 PCIe", 80, 1.64},
	{"NVIDIA GeForce RTX 4090", "RTX 4090", 24, 0.69}, {"NVIDIA GeForce RTX 3090", "RTX 3090", 24, 0.43},
	{"NVIDIA RTX A6000", "RTX A6000", 48, 0.76}, {"NVIDIA L40S", "L40S", 48, 0.86},
	{"NVIDIA L40", "L40", 48, 0.99}, {"NVIDIA L4", "L4", 24, 0.43},
	{"NVIDIA RTX 6000 Ada Generation", "RTX 6000 Ada", 48, 0.77}, {"NVIDIA A40", "A40", 48, 0.4},
	{"NVIDIA GeForce RTX 5090", "RTX 5090", 32, 0.94}, {"NVIDIA B200", "B200", 180, 5.99},
	{"AMD Instinct MI300X OAM", "MI300X", 192, 2.49},
}

// liveRunPodAnswer is a gpuTypes answer of every type in stock in both
// clouds with its 1/3/6-month prices; fetch 2 reprices by 2%.
func liveRunPodAnswer(fetch int) []byte {
	var w bytes.Buffer
	w.WriteString(`{"data": {"gpuTypes": [`)
	for i, t := range liveRunPodTypes {
		p := t.price
		if fetch == 2 {
			p *= 0.98
		}
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(&w, `
 {"id": %q, "displayName": %q, "manufacturer": "Nvidia", "memoryInGb": %g, "maxGpuCount": 8,
  "securePrice": %.4f, "communityPrice": %.4f, "oneMonthPrice": %.4f, "threeMonthPrice": %.4f, "sixMonthPrice": %.4f,
  "secure": {"minimumBidPrice": %.4f, "uninterruptablePrice": %.4f, "minVcpu": 16, "minMemory": 125, "stockStatus": "High"},
  "community": {"minimumBidPrice": %.4f, "uninterruptablePrice": %.4f, "minVcpu": 12, "minMemory": 100, "stockStatus": "Low"}}`,
			t.id, t.display, t.gb, p, p*0.9, p*0.93, p*0.9, p*0.87, p*0.6, p, p*0.55, p*0.9)
	}
	w.WriteString("\n]}}\n")
	return w.Bytes()
}

// liveFetch runs `catalog update --source <source>` against a local TLS
// server answering body, at now, into a fresh cache, and returns the live
// offers it stored (the readers' offers, as the cached catalog holds
// them) and the catalog's GPU table.
func liveFetch(b *testing.B, source string, body []byte, now time.Time) ([]model.Offer, map[string]model.GPU) {
	b.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	opts := data.LoadOptions{CacheDir: b.TempDir(), ConfigDir: b.TempDir(), NoOverlay: true}
	_, err := data.Update(context.Background(), data.UpdateOptions{Source: source, BaseURL: srv.URL + "/api",
		CacheDir: opts.CacheDir, Client: srv.Client(), MaxBytes: int64(len(body)) + 1,
		Now: func() time.Time { return now }, AllowShrink: true})
	if err != nil {
		b.Fatal(err)
	}
	cat, err := data.Load(opts)
	if err != nil {
		b.Fatal(err)
	}
	var live []model.Offer
	for _, o := range cat.Offers {
		if o.Provider == source && o.Detail().FetchedAt != "" {
			live = append(live, o)
		}
	}
	return live, cat.GPUs
}

// liveVastHalves fetches the Vast offers with ids [first, last) of one
// fetch as two updates of half of them each, adds the GPUs they list to
// gpus and returns the offers of both.
func liveVastHalves(b *testing.B, first, last, fetch int, at time.Time, gpus map[string]model.GPU) []model.Offer {
	b.Helper()
	mid := first + (last-first)/2
	var offers []model.Offer
	for _, r := range [][2]int{{first, mid}, {mid, last}} {
		got, vastGPUs := liveFetch(b, "vast", liveVastAnswer(r[0], r[1], fetch), at)
		offers = append(offers, got...)
		for k, g := range vastGPUs {
			gpus[k] = g
		}
	}
	return offers
}

// liveMergedFiles writes the embedded catalog with n live offers merged
// onto it (see the file comment) into a folder and returns it.
func liveMergedFiles(b *testing.B, n int) string {
	b.Helper()
	emb, err := data.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	at1 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	at2 := at1.Add(18 * time.Hour)
	runpod1, _ := liveFetch(b, "runpod", liveRunPodAnswer(1), at1)
	runpod2, gpus := liveFetch(b, "runpod", liveRunPodAnswer(2), at2)
	vastN := n - len(runpod2)
	// Each fetch is read in two halves: one answer of 60k offers is more
	// than a cache holds (data's maxCachedOffers, 50k).
	vast1, vast2 := liveVastHalves(b, 0, vastN*3/5, 1, at1, gpus), liveVastHalves(b, vastN*2/5, vastN, 2, at2, gpus)
	merged := data.MergeOffers(emb.Offers, append(vast1, runpod1...))
	merged = data.MergeOffers(merged, append(vast2, runpod2...))
	// A live offer is one carrying a fetch time: RunPod's secure offers
	// the embedded catalog also lists (same key) are merged into one, not
	// added, so the live count is not the growth over the embedded offers.
	// The later fetch wins every offer it lists (a fifth of Vast's are in
	// both, and all of RunPod's).
	stamp2 := at2.Format(time.RFC3339)
	var live, newer int
	for i := range merged {
		switch merged[i].Detail().FetchedAt {
		case "":
		case stamp2:
			live++
			newer++
		default:
			live++
		}
	}
	if live != n {
		b.Fatalf("%d live offers merged, want %d", live, n)
	}
	if want := len(vast2) + len(runpod2); newer != want {
		b.Fatalf("%d merged offers carry the later fetch time, want %d", newer, want)
	}
	cat := *emb
	cat.Offers = merged
	cat.GPUs = gpus
	if err := data.Validate(&cat); err != nil {
		b.Fatal(err)
	}
	return writeFolder(b, &cat)
}

// BenchmarkScaleLive is BenchmarkScale's measures on the embedded catalog
// with 100k live offers merged onto it; its figures compare with
// BenchmarkScale/offers=100k's.
func BenchmarkScaleLive(b *testing.B) {
	b.Run("offers=100k", func(b *testing.B) {
		benchScaleFolder(b, liveMergedFiles(b, 100_000))
	})
}
