package data

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// gpuhuntFixture reads a fixture of testdata/gpuhunt (see its README).
func gpuhuntFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "gpuhunt", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// zipOf packs files into a zip archive, as publish_catalog.sh's zip -j.
func zipOf(t testing.TB, files map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for name, body := range files {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// gpuhuntTree is a published gpuhunt catalog tree served under /v3: for
// each provider (gpuhunt's name) its version file and catalog.zip.
func gpuhuntTree(t testing.TB, version string, csvs map[string]string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for p, body := range csvs {
		files["/v3/"+p+"/version"] = version + "\n"
		files["/v3/"+p+"/"+version+"/catalog.zip"] = zipOf(t, map[string]string{p + ".csv": body})
	}
	return files
}

// gpuhuntNow is the clock of the gpuhunt update tests.
func gpuhuntNow() time.Time { return time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC) }

// gpuhuntUpdateOpts are the options of a test update from srv's /v3.
func gpuhuntUpdateOpts(opts LoadOptions, srv *httptest.Server) UpdateOptions {
	return UpdateOptions{Source: "gpuhunt", BaseURL: srv.URL + "/v3", CacheDir: opts.CacheDir, Client: srv.Client(), Now: gpuhuntNow, AllowShrink: true}
}

func TestGpuhuntUpdate(t *testing.T) {
	opts := testOptions(t)
	csvs := map[string]string{}
	for _, p := range []string{"aws", "gcp", "lambdalabs", "runpod", "cloudrift"} {
		csvs[p] = gpuhuntFixture(t, p+".csv")
	}
	srv, _ := catalogServer(t, gpuhuntTree(t, "20261201-4321", csvs), nil)
	res, err := Update(context.Background(), gpuhuntUpdateOpts(opts, srv))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Providers, ","); got != "aws,gcp,lambda,runpod" {
		t.Errorf("providers %s (cloudrift is not a gpupick provider; the others have no version file)", got)
	}
	if got := strings.Join(res.Skipped, ","); got != "azure,nebius,oci,verda" {
		t.Errorf("skipped %s", got)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	zipURL := func(p string) string { return srv.URL + "/v3/" + p + "/20261201-4321/catalog.zip" }
	// Each offer merges into the embedded one of its key: gpuhunt's
	// prices win where they are newer, its place keeps that price, the
	// offer is dated by the newest price and sourced by gpuhunt first.
	for _, tc := range []struct {
		key, gpu string
		count    int
		place    string
		onDemand float64
		source   string
	}{
		{"aws/p4d.24xlarge", "A100-40GB SXM4", 8, "us-east-1", 21.5, zipURL("aws")},
		{"aws/g5.xlarge", "A10G", 1, "eu-west-1", 1.123, zipURL("aws")},
		{"gcp/a2-highgpu-1g", "A100-40GB SXM4", 1, "us-central1", 2.42771, zipURL("gcp")},
		{"gcp/g2-standard-4", "L4", 1, "us-central1", 0.70683, zipURL("gcp")},
		{"lambda/gpu_8x_h100_sxm5", "H100 SXM5", 8, "us-east-1", 23.92, zipURL("lambdalabs")},
		{"lambda/gpu_1x_gh200", "GH200 (96 GB HBM3)", 1, "us-east-3", 1.49, zipURL("lambdalabs")},
	} {
		o := offerByKey(t, cat, tc.key)
		if o.GPU != tc.gpu || o.GPUCount != tc.count || placePrice(o, tc.place) != tc.onDemand {
			t.Errorf("%s: %s x%d, %v in %s; want %s x%d at %v", tc.key, o.GPU, o.GPUCount, placePrice(o, tc.place), tc.place, tc.gpu, tc.count, tc.onDemand)
		}
		if o.PriceDate != "2026-12-01" || len(o.Sources) == 0 || o.Sources[0] != tc.source {
			t.Errorf("%s: dated %q sourced %v, want the version's day 2026-12-01 and %s first", tc.key, o.PriceDate, o.Sources, tc.source)
		}
	}
	// Each price's source and date, read back from the cached catalog.
	note := originsText(offerByKey(t, cat, "aws/p4d.24xlarge").Detail().PriceOrigins)
	for _, want := range []string{"on demand us-east-1, on demand us-west-2, spot us-east-1 from " + zipURL("aws") + " (2026-12-01)", "(2026-11-29)"} {
		if !strings.Contains(note, want) {
			t.Errorf("p4d price origins %q lack %q", note, want)
		}
	}
	// RunPod lists one pod id at several GPU counts: one offer each, under
	// the embedded catalog's (SkyPilot's) name, so that gpuhunt's rows and
	// the embedded offer of the same GPU, count and cloud are one offer:
	// the datacenter EU-RO-1 priced from gpuhunt as the country RO, the
	// other countries kept from the embedded snapshot.
	embedded := embeddedCatalog(t)
	for _, tc := range []struct {
		typ      string
		count    int
		gpuhunt  float64
		embedded float64
	}{{"1x_A100-80GB_SECURE", 1, 1.64, 1.39}, {"2x_A100-80GB_SECURE", 2, 3.28, 2.78}} {
		was := offerByKey(t, embedded, "runpod/"+tc.typ)
		o := offerByKey(t, cat, "runpod/"+tc.typ)
		if o.GPU != "A100-80GB PCIe" || o.GPUCount != tc.count || placePrice(o, "RO") != tc.gpuhunt || placePrice(o, "US") != tc.embedded ||
			placePrice(was, "US") != tc.embedded || !slices.Equal(o.Regions, was.Regions) || !slices.Contains(o.Sources, zipURL("runpod")) {
			t.Errorf("%s: %s x%d, RO %v US %v, regions %v (embedded %v), sources %v; want gpuhunt's %v in RO beside the embedded %v",
				tc.typ, o.GPU, o.GPUCount, placePrice(o, "RO"), placePrice(o, "US"), o.Regions, was.Regions, o.Sources, tc.gpuhunt, tc.embedded)
		}
	}
	// The Instant Cluster row is an offer of its own, named apart from the
	// 8-GPU Secure Cloud pod; no offer keeps gpuhunt's GPU id as its name.
	if o := offerByKey(t, cat, "runpod/8x_H100-SXM_CLUSTER"); o.GPU != "H100 SXM5" || o.GPUCount != 8 {
		t.Errorf("cluster offer: %s x%d", o.GPU, o.GPUCount)
	}
	if got, want := len(offersOf(cat, "runpod")), len(offersOf(embedded, "runpod"))+1; got != want {
		t.Errorf("%d RunPod offers after the update, want the embedded %d and the cluster", got, want-1)
	}
	for _, o := range offersOf(cat, "runpod") {
		if strings.Contains(o.InstanceType, "NVIDIA") {
			t.Errorf("a RunPod offer keeps gpuhunt's GPU id as its name: %s", o.InstanceType)
		}
	}
	for _, o := range cat.Offers {
		if o.Provider == "gcp" && strings.HasPrefix(o.InstanceType, "v5litepod") {
			t.Errorf("a TPU became an offer: %s", o.Key())
		}
		if o.Provider == "aws" && o.InstanceType == "m5.large" {
			t.Error("a CPU-only row became an offer")
		}
	}
}

// TestGpuhuntGPUNames checks that every NVIDIA and AMD GPU name gpuhunt's
// constraints.py knows, with its memory, names one GPU of the catalog's
// table, or is one gpupick's table lacks (said here, so that a new name is
// a decision, not a silent unknown).
func TestGpuhuntGPUNames(t *testing.T) {
	b, err := embeddedBuild()
	if err != nil {
		t.Fatal(err)
	}
	lacking := map[string]bool{ // consumer and workstation cards no gpupick offer uses
		"A16": true, "A4500": true, "RTX2060": true, "RTX2060SUPER": true, "RTX2070": true, "RTX2070SUPER": true,
		"RTX2080": true, "RTX2080SUPER": true, "RTX2080Ti": true, "RTX3050": true, "RTX3060": true, "RTX3060Ti": true,
		"RTX3070": true, "RTX3070Ti": true, "RTX3080": true, "RTX3080Ti": true, "RTX3090Ti": true, "RTX4060": true,
		"RTX4060Ti": true, "RTX4070": true, "RTX4070SUPER": true, "RTX4070Ti": true, "RTX4070TiSUPER": true,
		"RTX4080": true, "RTX4080SUPER": true, "RTX5060": true, "RTX5060Ti": true, "RTX5070": true, "RTX5070Ti": true,
		"RTX5080": true, "RTX2000Ada": true, "RTXPRO4500": true, "MI100": true, "MI210": true, "MI250": true, "MI250X": true, "MI300A": true,
		// data-centre GPUs the table has no row for yet (never a guessed spec)
		"H200NVL": true, "GB200": true, "MI325X": true, "MI355X": true,
	}
	// constraints.py's KNOWN_NVIDIA_GPUS and KNOWN_AMD_GPUS (name, GB).
	known := []struct {
		name string
		mem  float64
	}{
		{"A10", 24}, {"A16", 16}, {"A40", 48}, {"A100", 40}, {"A100", 80}, {"A10G", 24}, {"A4000", 16}, {"A4500", 20},
		{"A5000", 24}, {"A6000", 48}, {"H100", 80}, {"H100NVL", 94}, {"H200", 141}, {"H200NVL", 141}, {"B200", 180},
		{"GB200", 186}, {"B300", 270}, {"L4", 24}, {"L40", 48}, {"L40S", 48}, {"P100", 16}, {"RTX3090", 24},
		{"RTX4090", 24}, {"RTX5090", 32}, {"RTX6000", 24}, {"RTX4000Ada", 20}, {"RTX6000Ada", 48}, {"RTXPRO6000", 96},
		{"T4", 16}, {"V100", 16}, {"V100", 32}, {"GH200", 96}, {"MI300X", 192}, {"MI325X", 256}, {"MI355X", 288},
	}
	for _, k := range known {
		name := k.name
		if a, ok := gpuhuntGPUAliases.Get()[name]; ok {
			name = a
		}
		m := b.ref.gpus.identify(name, k.mem, "")
		switch {
		case lacking[k.name] && m.Name != "":
			t.Errorf("%s %v GB is listed as lacking but names %q: take it off the list", k.name, k.mem, m.Name)
		case !lacking[k.name] && m.Name == "":
			t.Errorf("%s %v GB names no GPU of the table: %s", k.name, k.mem, m.Note)
		}
	}
}

func TestGpuhuntImport(t *testing.T) {
	opts := testOptions(t)
	dir := writeSkyDir(t, map[string]string{"lambdalabs.csv": gpuhuntFixture(t, "lambdalabs.csv"), "version": "20261130-77\n"}, time.Now())
	res, err := Import(ImportOptions{Source: "gpuhunt", Dir: dir, CacheDir: opts.CacheDir, Date: "2026-11-30", Now: gpuhuntNow, AllowShrink: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Offers < 3 || strings.Join(res.Providers, ",") != "lambda" {
		t.Errorf("result %+v", res)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	o := offerByKey(t, cat, "lambda/gpu_1x_a10")
	if o.PriceDate != "2026-11-30" || o.Sources[0] != filepath.Join(dir, "lambdalabs.csv") {
		t.Errorf("dated %s sourced %v", o.PriceDate, o.Sources)
	}
	_, err = Import(ImportOptions{Source: "gpuhunt", Dir: t.TempDir(), CacheDir: opts.CacheDir, Date: "2026-11-30", Now: gpuhuntNow})
	if err == nil || !strings.Contains(err.Error(), "no gpuhunt catalog CSV here (want one of aws.csv") || !IsInput(err) {
		t.Errorf("empty folder: %v", err)
	}
	_, err = Import(ImportOptions{Source: "gpuhunt", Dir: dir, CacheDir: opts.CacheDir, Now: gpuhuntNow})
	if err == nil || !strings.Contains(err.Error(), "version (YYYYMMDD-run) names the day") {
		t.Errorf("no date: %v", err)
	}
}

// dripServer serves a version file, then a catalog.zip one byte at a
// time until the client gives up.
func dripServer(t *testing.T) *httptest.Server {
	t.Helper()
	release := make(chan struct{})
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/version") {
			fmt.Fprintln(w, "20261201-1")
			return
		}
		for {
			if _, err := w.Write([]byte{'P'}); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-release:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	return srv
}

// bigServer serves a version file and a catalog.zip of n bytes, without a
// Content-Length (chunked), so only the read limit can stop it.
func bigServer(t *testing.T, n int) *httptest.Server {
	t.Helper()
	chunk := bytes.Repeat([]byte("PK"), 1<<15)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/version") {
			fmt.Fprintln(w, "20261201-1")
			return
		}
		for sent := 0; sent < n; sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestGpuhuntFaultsKeepPreviousCatalog(t *testing.T) {
	opts := testOptions(t)
	good := gpuhuntTree(t, "20261201-10", map[string]string{"lambdalabs": gpuhuntFixture(t, "lambdalabs.csv")})
	srv, _ := catalogServer(t, good, nil)
	if _, err := Update(context.Background(), gpuhuntUpdateOpts(opts, srv)); err != nil {
		t.Fatal(err)
	}
	before := readCacheFiles(t, opts.UpdatedDir())
	lambdaZip := good["/v3/lambdalabs/20261201-10/catalog.zip"]
	tree := func(csv string) map[string]string {
		return gpuhuntTree(t, "20261201-11", map[string]string{"lambdalabs": csv})
	}
	header := strings.SplitAfter(gpuhuntFixture(t, "lambdalabs.csv"), "\n")[0]
	tests := []struct {
		name   string
		files  map[string]string
		status map[string]int
		want   string
	}{
		{"404 catalog.zip", map[string]string{"/v3/lambdalabs/version": "20261201-11"}, nil, "not found, though"},
		{"500 version", good, map[string]int{"/v3/aws/version": 500}, "HTTP 500"},
		{"500 catalog.zip", good, map[string]int{"/v3/lambdalabs/20261201-10/catalog.zip": 500}, "HTTP 500"},
		{"truncated zip", map[string]string{"/v3/lambdalabs/version": "20261201-10", "/v3/lambdalabs/20261201-10/catalog.zip": lambdaZip[:len(lambdaZip)/2]}, nil, "not a whole zip archive"},
		{"zip without the CSV", map[string]string{"/v3/lambdalabs/version": "20261201-10", "/v3/lambdalabs/20261201-10/catalog.zip": zipOf(t, map[string]string{"aws.csv": header})}, nil, "holds no lambdalabs.csv (holds aws.csv)"},
		{"wrong columns", tree(lambdaCSV), nil, `no column "instance_name"`},
		{"header only", tree(header), nil, "a header and no row"},
		{"bad cell", tree(strings.Replace(gpuhuntFixture(t, "lambdalabs.csv"), ",False,", ",maybe,", 1)), nil, `column spot: "maybe" is not a boolean`},
		{"bad version", map[string]string{"/v3/lambdalabs/version": "latest"}, nil, `"latest" is not a gpuhunt catalog version`},
		{"future version", map[string]string{"/v3/lambdalabs/version": "20271201-1"}, nil, "dated after today"},
		{"nothing there", map[string]string{}, nil, "no gpuhunt catalog version for any provider"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := catalogServer(t, tc.files, tc.status)
			_, err := Update(context.Background(), gpuhuntUpdateOpts(opts, srv))
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "the previous catalog is kept") {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			sameCacheFiles(t, opts.UpdatedDir(), before)
		})
	}
	t.Run("200 MB body", func(t *testing.T) {
		srv := bigServer(t, 200<<20)
		o := gpuhuntUpdateOpts(opts, srv)
		o.Providers = []string{"lambda"}
		_, err := Update(context.Background(), o)
		if err == nil || !strings.Contains(err.Error(), "more than the limit of 67108864 bytes") {
			t.Fatalf("error %v", err)
		}
		sameCacheFiles(t, opts.UpdatedDir(), before)
	})
	t.Run("slow drip", func(t *testing.T) {
		srv := dripServer(t)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		o := gpuhuntUpdateOpts(opts, srv)
		o.Providers = []string{"lambda"}
		_, err := Update(ctx, o)
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "gave up") {
			t.Fatalf("error %v", err)
		}
		sameCacheFiles(t, opts.UpdatedDir(), before)
	})
	t.Run("redirect to plain HTTP", func(t *testing.T) {
		srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://127.0.0.1:1"+r.URL.Path, http.StatusFound)
		}))
		t.Cleanup(srv.Close)
		_, err := Update(context.Background(), gpuhuntUpdateOpts(opts, srv))
		if !errors.Is(err, ErrPlainRedirect) {
			t.Fatalf("error %v", err)
		}
		sameCacheFiles(t, opts.UpdatedDir(), before)
	})
}

// readCacheFiles reads every file of a cache folder.
func readCacheFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range cacheFiles {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		out[f] = string(b)
	}
	return out
}

// sameCacheFiles fails unless every file of the cache folder is byte for
// byte what it was.
func sameCacheFiles(t *testing.T, dir string, before map[string]string) {
	t.Helper()
	for f, b := range readCacheFiles(t, dir) {
		if b != before[f] {
			t.Errorf("%s changed", f)
		}
	}
}

// FuzzGpuhuntCSV checks that the gpuhunt reader never panics, and that
// what it accepts has the shape it promises: a row for each data line,
// whole GPU counts, plausible numbers, printable text.
func FuzzGpuhuntCSV(f *testing.F) {
	for _, p := range []string{"aws", "gcp", "lambdalabs", "runpod", "cloudrift"} {
		f.Add(gpuhuntFixture(f, p+".csv"))
	}
	f.Add("instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot\nx,y,1e308,1,1,1.5,A100,80,True\n")
	f.Add("instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot\n\"a\x1b[2J\",\"us\u202e\",NaN,-1,1,1,,80,TRUE\n")
	f.Add("\ufeffinstance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot,spot\n")
	f.Fuzz(func(t *testing.T, s string) {
		rows, err := ParseGpuhunt(strings.NewReader(s), "fuzz.csv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.csv") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		if len(rows) == 0 {
			t.Error("accepted a file with no row")
		}
		for _, r := range rows {
			if r.GPUCount != float64(int(r.GPUCount)) || r.Price > maxHourly || r.Price < 0 || r.InstanceName == "" || r.Location == "" {
				t.Errorf("accepted row %+v", r)
			}
			if r.GPUCount > 0 && r.GPUName == "" {
				t.Errorf("accepted GPUs without a name: %+v", r)
			}
			for _, s := range []string{r.InstanceName, r.Location, r.GPUName} {
				if !utf8.ValidString(s) || text.Safe(s) != s {
					t.Errorf("unsafe text %q", s)
				}
			}
		}
		b, err := embeddedBuild()
		if err != nil {
			t.Fatal(err)
		}
		batch := b.gpuhuntBatch(gpuhuntSet{rows: map[string][]SkyRow{"lambda": gpuhuntSkyRows("lambda", rows)}, sources: map[string]skySource{"lambda": {URL: "fuzz.csv", Date: "2026-12-01"}}})
		for _, o := range batch.Offers {
			if o.Provider != "lambda" || o.PriceDate != "2026-12-01" || o.OnDemand < 0 {
				t.Errorf("offer %+v", o)
			}
		}
	})
}

// placePrice is an offer's on-demand price in a place: its zone list's,
// else its one price where it is offered.
func placePrice(o *model.Offer, place string) float64 {
	for _, z := range o.Detail().OnDemandZones {
		if z.Zone == place {
			return z.Price
		}
	}
	if slices.Contains(o.Regions, place) {
		return o.OnDemand
	}
	return 0
}
