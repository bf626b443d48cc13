package data

import (
	"context"
	"errors"
	"fmt"
	"github.com/gpupick/gpupick/internal/testenv"
	"io/fs"
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

// testNow is the clock of the import tests: after every date they give.
func testNow() time.Time { return time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC) }

// importOpts are the options of a test import of dir dated date. The
// shrink guard is off: the test catalogs are far smaller than the
// embedded one (TestShrinkGuard tests it).
func importOpts(opts LoadOptions, dir, date string) ImportOptions {
	return ImportOptions{Dir: dir, CacheDir: opts.CacheDir, Date: date, Now: testNow, AllowShrink: true}
}

func TestImportThenLoadPicksNewest(t *testing.T) {
	opts := testOptions(t)
	// The files' modification time says nothing of the prices: --date does.
	mtime := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, mtime)
	res, err := Import(importOpts(opts, dir, "2027-03-01"))
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
	if h100.OnDemand != 29 || h100.GPU != "H100 SXM5" || h100.PriceDate != "2027-03-01" || len(h100.Sources) == 0 || !strings.HasSuffix(h100.Sources[0], "vms.csv") {
		t.Errorf("imported offer %+v", h100)
	}

	// An older import loses to the embedded catalog.
	dir2 := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, mtime)
	if _, err := Import(importOpts(opts, dir2, "2025-01-01")); err != nil {
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
	if _, err := Import(importOpts(opts, good, "2027-03-01")); err != nil {
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
			if _, err := Import(importOpts(opts, bad, "2027-03-02")); err == nil {
				t.Fatal("import of a bad catalog succeeded")
			}
			after, err := os.ReadFile(filepath.Join(opts.ImportedDir(), fileOffers))
			if err != nil || string(after) != string(before) {
				t.Errorf("the previous import was changed (err %v)", err)
			}
		})
	}
	if _, err := Import(importOpts(opts, t.TempDir(), "2027-03-02")); err == nil || !strings.Contains(err.Error(), "no SkyPilot catalog") {
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
	want := "cached catalog " + dir + " is damaged ("
	if cat.Info.Origin != "embedded" || len(cat.Info.Warnings) != 1 || !strings.HasPrefix(cat.Info.Warnings[0], want) ||
		!strings.Contains(cat.Info.Warnings[0], "); using the embedded catalog") {
		t.Errorf("info %+v, want one notice starting %q", cat.Info, want)
	}
}

// importedLambda returns load options whose cache holds an import of
// lambdaCSV dated 2027-03-01.
func importedLambda(t *testing.T) LoadOptions {
	t.Helper()
	opts := testOptions(t)
	dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, time.Now())
	if _, err := Import(importOpts(opts, dir, "2027-03-01")); err != nil {
		t.Fatal(err)
	}
	return opts
}

// A cache file that is a named pipe makes Load skip the cached catalog at
// once, with a notice, instead of waiting for a writer.
func TestLoadCacheFIFONotice(t *testing.T) {
	opts := importedLambda(t)
	offers := filepath.Join(opts.ImportedDir(), fileOffers)
	os.Remove(offers)
	testenv.Mkfifo(t, offers)
	done := make(chan *model.Catalog, 1)
	go func() {
		cat, err := Load(opts)
		if err != nil {
			t.Error(err)
		}
		done <- cat
	}()
	select {
	case cat := <-done:
		if cat == nil || cat.Info.Origin != "embedded" || len(cat.Info.Warnings) != 1 ||
			!strings.Contains(cat.Info.Warnings[0], "is damaged ("+offers+" is a named pipe, not a regular file") {
			t.Errorf("info %+v", cat.Info)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load hangs on a named pipe in the cache")
	}
}

// Strings read from a cached catalog are cleaned: the cache folder is
// outside the binary and anything may have written it.
func TestLoadCacheStringsCleaned(t *testing.T) {
	opts := importedLambda(t)
	p := filepath.Join(opts.ImportedDir(), fileOffers)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	evil := strings.ReplaceAll(string(b), "us-east-1", "us-east-1\x1b]0;pwned\x07\u202e")
	if evil == string(b) {
		t.Fatal("the test did not change the cache")
	}
	os.WriteFile(p, []byte(evil), 0o644)
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if cat.Info.Origin != "imported" || len(cat.Info.Warnings) != 0 {
		t.Fatalf("info %+v", cat.Info)
	}
	if o := offerByKey(t, cat, "lambda/gpu_8x_h100_sxm5"); strings.Join(o.Regions, ",") != "us-east-1" {
		t.Errorf("regions %q", o.Regions)
	}
}

// A named pipe in an import folder is refused at once, as bad input.
func TestImportRefusesFIFO(t *testing.T) {
	opts := testOptions(t)
	dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, time.Now())
	fifo := filepath.Join(dir, "aws", "vms.csv")
	os.MkdirAll(filepath.Dir(fifo), 0o755)
	testenv.Mkfifo(t, fifo)
	done := make(chan error, 1)
	go func() {
		_, err := Import(importOpts(opts, dir, "2027-03-01"))
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), fifo+" is a named pipe, not a regular file") || !IsInput(err) || !errors.Is(err, ErrNotRegular) {
			t.Errorf("error %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("import hangs on a named pipe")
	}
}

func TestImportDate(t *testing.T) {
	now := time.Date(2027, 6, 1, 15, 0, 0, 0, time.UTC)
	tests := []struct{ in, want, err string }{
		{"2027-03-01", "2027-03-01", ""},
		{" 2027-03-01 ", "2027-03-01", ""},
		{"2027-06-02", "2027-06-02", ""}, // tomorrow: another time zone's today
		{"", "", "no date: SkyPilot's CSVs carry none, and a file's modification time says when it was copied, not when the prices were read; " +
			"give the day the catalog was fetched with --date YYYY-MM-DD (in a skypilot-catalog checkout, git log -1 --format=%cs tells it)"},
		{"2027-13-01", "", `--date "2027-13-01" is not a date (want YYYY-MM-DD`},
		{"2027-02-30", "", `--date "2027-02-30" is not a date`},
		{"01/03/2027", "", `--date "01/03/2027" is not a date`},
		{"2027-06-03", "", "--date 2027-06-03 is in the future"},
		{"2019-12-31", "", "--date 2019-12-31 is before SkyPilot's catalogs existed (want the day the catalog was fetched, 2020 or later)"},
	}
	sky, ok := LookupSource(DefaultSource)
	if !ok {
		t.Fatal("no SkyPilot source")
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := checkSnapshotDate(sky, tc.in, now)
			if tc.err == "" {
				if err != nil || got != tc.want {
					t.Errorf("got %q, %v; want %q", got, err, tc.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("error %v, want %q", err, tc.err)
			}
		})
	}
	// Without a date an import is refused as bad input and stores nothing.
	opts := testOptions(t)
	dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, time.Now())
	o := importOpts(opts, dir, "")
	if _, err := Import(o); err == nil || !IsInput(err) || !strings.Contains(err.Error(), "--date YYYY-MM-DD") {
		t.Errorf("error %v", err)
	}
	if _, err := os.Stat(opts.ImportedDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an undated import was stored: %v", err)
	}
}

const lambdaHeader = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"

func TestShrinkGuard(t *testing.T) {
	opts := testOptions(t)
	imp := func(csv string, allow bool) (*ImportResult, error) {
		dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": csv}, time.Now())
		o := importOpts(opts, dir, "2027-03-01")
		o.AllowShrink = allow
		return Import(o)
	}
	// With no import yet, the embedded catalog's Lambda offers are the
	// baseline: a header-only CSV would drop them all.
	_, err := imp(lambdaHeader, false)
	var se *ShrinkError
	if !errors.As(err, &se) || len(se.Shrinks) != 1 || se.Shrinks[0].Provider != "lambda" || se.Shrinks[0].New != 0 || se.Shrinks[0].Old < 10 {
		t.Fatalf("header-only import: %v", err)
	}
	for _, want := range []string{"imported: refused: it would take lambda from ", " offers to 0, losing more than half", "pass --allow-shrink"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if !IsInput(err) {
		t.Error("a shrinking import is not marked as bad input")
	}
	// --allow-shrink lets a small catalog replace a large one.
	if res, err := imp(lambdaCSV, true); err != nil || res.Offers != 2 {
		t.Fatalf("allowed shrink: %v", err)
	}
	// Now the previous import (2 offers) is the baseline.
	tests := []struct {
		name  string
		csv   string
		allow bool
		want  string
	}{
		{"header only", lambdaHeader, false, "lambda from 2 offers to 0"},
		{"header only, allowed", lambdaHeader, true, "yields no GPU offer"},
		{"half of them is not more than half", lambdaHeader + strings.SplitAfter(lambdaCSV, "\n")[1], false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := imp(tc.csv, tc.allow)
			if tc.want == "" {
				if err != nil || res.Offers != 1 {
					t.Fatalf("import: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			cat, err := Load(opts)
			if err != nil || cat.Info.Origin != "imported" || len(offersOf(cat, "lambda")) != 2 {
				t.Errorf("the previous import was not kept: %v", err)
			}
		})
	}
}

// offersOf returns a provider's offers.
func offersOf(cat *model.Catalog, provider string) []model.Offer {
	var out []model.Offer
	for _, o := range cat.Offers {
		if o.Provider == provider {
			out = append(out, o)
		}
	}
	return out
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
	res, err := Update(context.Background(), UpdateOptions{BaseURL: srv.URL + "/v9/", CacheDir: opts.CacheDir, Client: srv.Client(), Now: now, AllowShrink: true})
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
	if o := offerByKey(t, cat, "lambda/gpu_8x_h100_sxm5"); len(o.Sources) == 0 || o.Sources[0] != srv.URL+"/v9/lambda/vms.csv" {
		t.Errorf("source %v", o.Sources)
	}
}

func TestUpdateFailuresKeepPreviousCatalog(t *testing.T) {
	opts := testOptions(t)
	first, _ := catalogServer(t, map[string]string{"/lambda/vms.csv": lambdaCSV}, nil)
	if _, err := Update(context.Background(), UpdateOptions{BaseURL: first.URL, CacheDir: opts.CacheDir, Client: first.Client(), AllowShrink: true}); err != nil {
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
			_, err := Update(context.Background(), UpdateOptions{BaseURL: srv.URL, CacheDir: opts.CacheDir, Client: srv.Client(), MaxBytes: tc.max, AllowShrink: true})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			after, err := os.ReadFile(filepath.Join(opts.UpdatedDir(), fileOffers))
			if err != nil || string(after) != string(before) {
				t.Errorf("the previous update was changed (err %v)", err)
			}
		})
	}
	t.Run("shrink refused", func(t *testing.T) {
		srv, _ := catalogServer(t, map[string]string{"/lambda/vms.csv": lambdaHeader}, nil)
		_, err := Update(context.Background(), UpdateOptions{BaseURL: srv.URL, CacheDir: opts.CacheDir, Client: srv.Client()})
		var se *ShrinkError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), "updated: refused: it would take lambda from 2 offers to 0") || IsInput(err) {
			t.Fatalf("error %v", err)
		}
		after, err := os.ReadFile(filepath.Join(opts.UpdatedDir(), fileOffers))
		if err != nil || string(after) != string(before) {
			t.Errorf("the previous update was changed (err %v)", err)
		}
	})
	t.Run("plain http refused", func(t *testing.T) {
		_, err := Update(context.Background(), UpdateOptions{BaseURL: "http://127.0.0.1:1/x", CacheDir: opts.CacheDir})
		if err == nil || !strings.Contains(err.Error(), "only https") || !IsInput(err) {
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

func TestUpdateRedirects(t *testing.T) {
	opts := testOptions(t)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/moved/lambda/vms.csv":
			http.Redirect(w, r, "/real/lambda/vms.csv", http.StatusFound)
		case "/plain/lambda/vms.csv":
			http.Redirect(w, r, "http://127.0.0.1:1/lambda/vms.csv", http.StatusFound)
		case "/real/lambda/vms.csv":
			fmt.Fprint(w, lambdaCSV)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	up := func(base string) (*ImportResult, error) {
		return Update(context.Background(), UpdateOptions{BaseURL: srv.URL + base, CacheDir: opts.CacheDir, Client: srv.Client(), AllowShrink: true})
	}
	if res, err := up("/moved"); err != nil || res.Offers != 2 {
		t.Fatalf("https to https redirect: %v", err)
	}
	_, err := up("/plain")
	want := srv.URL + "/plain/lambda/vms.csv redirects to http://127.0.0.1:1/lambda/vms.csv: redirect to a URL that is not https refused"
	if !errors.Is(err, ErrPlainRedirect) || !strings.Contains(err.Error(), want) || IsInput(err) {
		t.Errorf("error %v, want %q", err, want)
	}
}

// stallServer answers every request, sends part of a body when partial is
// true, and then stalls until the client gives up or the test ends.
func stallServer(t *testing.T, partial bool) *httptest.Server {
	t.Helper()
	release := make(chan struct{})
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if partial {
			fmt.Fprint(w, lambdaHeader)
			w.(http.Flusher).Flush()
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs before srv.Close
	return srv
}

func TestUpdateTimeout(t *testing.T) {
	for _, partial := range []bool{false, true} {
		t.Run(fmt.Sprint("partial body ", partial), func(t *testing.T) {
			opts := testOptions(t)
			srv := stallServer(t, partial)
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := Update(ctx, UpdateOptions{BaseURL: srv.URL, CacheDir: opts.CacheDir, Client: srv.Client()})
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "gave up") || IsInput(err) {
					t.Errorf("error %v", err)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("Update ignores its context")
			}
		})
	}
}
