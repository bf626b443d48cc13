package data

import (
	"context"
	"fmt"
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

// testOptions returns load options that never touch the real home.
func testOptions(t *testing.T) LoadOptions {
	t.Helper()
	return LoadOptions{CacheDir: t.TempDir(), ConfigDir: t.TempDir()}
}

// lambdaCSV is a small SkyPilot Lambda catalog.
const lambdaCSV = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n" +
	"gpu_8x_h100_sxm5,H100,8.0,208.0,1800.0,29.0,us-east-1,\"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\",\n" +
	"gpu_1x_a10,A10,1.0,30.0,200.0,0.75,us-west-1,\"{'Gpus': [{'Name': 'A10', 'Manufacturer': 'NVIDIA', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 24576}}], 'TotalGpuMemoryInMiB': 24576}\",\n"

// writeSkyDir writes a SkyPilot-layout folder (<cloud>/vms.csv).
func writeSkyDir(t *testing.T, files map[string]string, mtime time.Time) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadEmbeddedByDefault(t *testing.T) {
	cat, err := Load(testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if cat.Info.Origin != "embedded" || cat.Info.SnapshotDate != "2026-11-29" || len(cat.Info.Warnings) != 0 {
		t.Errorf("info %+v", cat.Info)
	}
}

func TestImportThenLoadPicksNewest(t *testing.T) {
	opts := testOptions(t)
	newer := time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC)
	dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, newer)
	res, err := ImportSkyPilot(dir, opts.CacheDir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Offers != 2 || strings.Join(res.Providers, ",") != "lambda" || res.SnapshotDate != "2027-03-01" {
		t.Errorf("result %+v", res)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if cat.Info.Origin != "imported" || cat.Info.SnapshotDate != "2027-03-01" || cat.Info.Path != opts.ImportedDir() {
		t.Fatalf("info %+v", cat.Info)
	}
	var lambda []string
	aws := 0
	for _, o := range cat.Offers {
		switch o.Provider {
		case "lambda":
			lambda = append(lambda, o.InstanceType)
		case "aws":
			aws++
		}
	}
	if strings.Join(lambda, ",") != "gpu_1x_a10,gpu_8x_h100_sxm5" {
		t.Errorf("lambda offers %v: the import should replace the embedded ones", lambda)
	}
	if aws == 0 {
		t.Error("other providers lost: the embedded AWS offers should stay")
	}
	h100 := offerByKey(t, cat, "lambda/gpu_8x_h100_sxm5")
	if h100.OnDemand != 29 || h100.GPU != "H100 SXM5" || h100.PriceDate != "2027-03-01" || !strings.HasSuffix(h100.Sources[0], "vms.csv") {
		t.Errorf("imported offer %+v", h100)
	}

	// An older import loses to the embedded catalog.
	older := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	dir2 := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, older)
	if _, err := ImportSkyPilot(dir2, opts.CacheDir); err != nil {
		t.Fatal(err)
	}
	if cat, err = Load(opts); err != nil {
		t.Fatal(err)
	}
	if cat.Info.Origin != "embedded" {
		t.Errorf("origin %q, want embedded (the import is older)", cat.Info.Origin)
	}
}

func TestImportKeepsPreviousOnFailure(t *testing.T) {
	opts := testOptions(t)
	good := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC))
	if _, err := ImportSkyPilot(good, opts.CacheDir); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(opts.ImportedDir(), fileOffers))
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]map[string]string{
		"bad number":  {"lambda/vms.csv": strings.Replace(lambdaCSV, "29.0", "lots", 1)},
		"no header":   {"lambda/vms.csv": "x\n"},
		"no GPU rows": {"lambda/vms.csv": "InstanceType,AcceleratorName,AcceleratorCount,Price\ncpu-1,,,0.1\n"},
	}
	for name, files := range tests {
		t.Run(name, func(t *testing.T) {
			bad := writeSkyDir(t, files, time.Now())
			if _, err := ImportSkyPilot(bad, opts.CacheDir); err == nil {
				t.Fatal("import of a bad catalog succeeded")
			}
			after, err := os.ReadFile(filepath.Join(opts.ImportedDir(), fileOffers))
			if err != nil || string(after) != string(before) {
				t.Errorf("the previous import was changed (err %v)", err)
			}
		})
	}
	if _, err := ImportSkyPilot(t.TempDir(), opts.CacheDir); err == nil || !strings.Contains(err.Error(), "no SkyPilot catalog") {
		t.Errorf("empty folder: %v", err)
	}
}

func TestLoadSkipsCorruptCache(t *testing.T) {
	opts := testOptions(t)
	dir := opts.ImportedDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range cacheFiles {
		os.WriteFile(filepath.Join(dir, f), []byte("garbage\n"), 0o644)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if cat.Info.Origin != "embedded" || len(cat.Info.Warnings) != 1 || !strings.Contains(cat.Info.Warnings[0], dir) {
		t.Errorf("info %+v", cat.Info)
	}
}

func TestLoadOverlay(t *testing.T) {
	opts := testOptions(t)
	def := filepath.Join(opts.ConfigDir, "catalog.toml")
	os.WriteFile(def, []byte("[[override]]\nprovider = \"gcp\"\ndiscount = 0.1\n"), 0o644)
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if cat.Info.Origin != "embedded+overlay" || cat.Info.Overlay != def {
		t.Errorf("default overlay not applied: %+v", cat.Info)
	}
	opts.OverlayPath = filepath.Join(t.TempDir(), "missing.toml")
	if _, err := Load(opts); err == nil {
		t.Error("a missing --catalog file is not an error")
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(bad, []byte("[[offer]]\ngpu_count = -1\n"), 0o644)
	opts.OverlayPath = bad
	if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), bad+":2:") {
		t.Errorf("bad overlay error %v, want file:line", err)
	}
	opts.OverlayPath, opts.NoOverlay = "", true
	if cat, err = Load(opts); err != nil || cat.Info.Origin != "embedded" {
		t.Errorf("NoOverlay: %v %+v", err, cat.Info)
	}
}

func TestEmbeddedReturnsFreshCatalog(t *testing.T) {
	a := embeddedCatalog(t)
	a.Offers[0].OnDemand = 12345
	a.Offers[0].Sources[0] = "changed"
	a.GPUs["H100 SXM5"] = model.GPU{}
	b := embeddedCatalog(t)
	if b.Offers[0].OnDemand == 12345 || b.Offers[0].Sources[0] == "changed" || b.GPUs["H100 SXM5"].VRAMGiB == 0 {
		t.Error("a caller's change leaked into the next Embedded()")
	}
}

// catalogServer serves SkyPilot CSVs by path over TLS and counts requests.
func catalogServer(t *testing.T, files map[string]string, status map[string]int) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if code, ok := status[r.URL.Path]; ok {
			w.WriteHeader(code)
			return
		}
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func TestUpdate(t *testing.T) {
	opts := testOptions(t)
	srv, _ := catalogServer(t, map[string]string{"/v9/lambda/vms.csv": lambdaCSV}, nil)
	now := func() time.Time { return time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC) }
	res, err := Update(context.Background(), UpdateOptions{BaseURL: srv.URL + "/v9/", CacheDir: opts.CacheDir, Client: srv.Client(), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if res.Offers != 2 || strings.Join(res.Providers, ",") != "lambda" || len(res.Skipped) != len(SkyClouds)-1 || res.SnapshotDate != "2027-06-01" {
		t.Errorf("result %+v", res)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if cat.Info.Origin != "updated" || cat.Info.SnapshotDate != "2027-06-01" {
		t.Errorf("info %+v", cat.Info)
	}
	if o := offerByKey(t, cat, "lambda/gpu_8x_h100_sxm5"); o.Sources[0] != srv.URL+"/v9/lambda/vms.csv" {
		t.Errorf("source %v", o.Sources)
	}
}

func TestUpdateFailuresKeepPreviousCatalog(t *testing.T) {
	opts := testOptions(t)
	first, _ := catalogServer(t, map[string]string{"/lambda/vms.csv": lambdaCSV}, nil)
	if _, err := Update(context.Background(), UpdateOptions{BaseURL: first.URL, CacheDir: opts.CacheDir, Client: first.Client()}); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(opts.UpdatedDir(), fileOffers))
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 2048)
	tests := []struct {
		name   string
		files  map[string]string
		status map[string]int
		max    int64
		want   string
	}{
		{"server error", map[string]string{"/lambda/vms.csv": lambdaCSV}, map[string]int{"/aws/vms.csv": 500}, 0, "HTTP 500"},
		{"too large", map[string]string{"/lambda/vms.csv": lambdaCSV + big}, nil, 1024, "limit"},
		{"invalid CSV", map[string]string{"/lambda/vms.csv": strings.Replace(lambdaCSV, "29.0", "-29", 1)}, nil, 0, "negative"},
		{"nothing there", map[string]string{}, nil, 0, "no vms.csv"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := catalogServer(t, tc.files, tc.status)
			_, err := Update(context.Background(), UpdateOptions{BaseURL: srv.URL, CacheDir: opts.CacheDir, Client: srv.Client(), MaxBytes: tc.max})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			after, err := os.ReadFile(filepath.Join(opts.UpdatedDir(), fileOffers))
			if err != nil || string(after) != string(before) {
				t.Errorf("the previous update was changed (err %v)", err)
			}
		})
	}
	t.Run("plain http refused", func(t *testing.T) {
		_, err := Update(context.Background(), UpdateOptions{BaseURL: "http://127.0.0.1:1/x", CacheDir: opts.CacheDir})
		if err == nil || !strings.Contains(err.Error(), "only https") {
			t.Errorf("error %v", err)
		}
	})
	t.Run("base URL from the environment", func(t *testing.T) {
		t.Setenv(UpdateURLEnv, "ftp://example.invalid/x")
		_, err := Update(context.Background(), UpdateOptions{CacheDir: opts.CacheDir})
		if err == nil || !strings.Contains(err.Error(), "ftp://example.invalid/x") {
			t.Errorf("error %v", err)
		}
	})
}
