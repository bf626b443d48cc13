package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCat runs `gpupick catalog ARGS` with temporary cache and config dirs
// (never the real home) and returns exit code, stdout and stderr.
func runCat(t *testing.T, dirs []string, args ...string) (int, string, string) {
	t.Helper()
	if dirs == nil {
		dirs = []string{t.TempDir(), t.TempDir()}
	}
	args = append(args, "--cache-dir", dirs[0], "--config-dir", dirs[1])
	var out, errb bytes.Buffer
	code := runCatalog(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCatalogListJSON(t *testing.T) {
	code, out, errs := runCat(t, nil, "list", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var offers []map[string]any
	if err := json.Unmarshal([]byte(out), &offers); err != nil {
		t.Fatal(err)
	}
	if len(offers) < 750 {
		t.Fatalf("%d offers", len(offers))
	}
	for _, k := range []string{"provider", "instance_type", "regions", "gpu", "gpu_count", "vram_gib", "vcpus", "memory_gib",
		"currency", "on_demand_hourly", "spot_hourly", "interconnect", "rdma", "vcpu_type", "local_nvme", "sources"} {
		for i, o := range offers {
			if _, ok := o[k]; !ok {
				t.Fatalf("offer %d (%v) has no key %q", i, o["instance_type"], k)
			}
		}
	}
}

func TestCatalogListFilters(t *testing.T) {
	code, out, errs := runCat(t, nil, "list", "--format", "json", "--gpu", "H100:8", "--provider", "aws,gcp", "--max-price", "60")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var offers []struct {
		Provider string  `json:"provider"`
		GPU      string  `json:"gpu"`
		Count    int     `json:"gpu_count"`
		Price    float64 `json:"on_demand_hourly"`
	}
	if err := json.Unmarshal([]byte(out), &offers); err != nil {
		t.Fatal(err)
	}
	if len(offers) == 0 {
		t.Fatal("no H100:8 offer on aws/gcp under $60")
	}
	for _, o := range offers {
		if !strings.Contains(o.GPU, "H100") || o.Count != 8 || (o.Provider != "aws" && o.Provider != "gcp") || o.Price > 60 || o.Price <= 0 {
			t.Errorf("filtered offer %+v", o)
		}
	}
	// "A10" must not match the A100.
	_, out, _ = runCat(t, nil, "list", "--format", "json", "--gpu", "A10")
	if strings.Contains(out, `"gpu": "A100`) || !strings.Contains(out, `"gpu": "A10"`) {
		t.Error("--gpu A10 matched the wrong GPUs")
	}
	// A CNY price cap converts CNY offers only through the catalog's rate.
	code, out, _ = runCat(t, nil, "list", "--currency", "CNY", "--max-price", "10", "--provider", "alibaba,aws", "--min-vram", "20GB")
	if code != 0 || !strings.Contains(out, "alibaba") || strings.Contains(out, "p5.48xlarge") {
		t.Errorf("CNY cap: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "≈ converted at 1 USD = ") {
		t.Errorf("converted prices not explained:\n%s", out)
	}
}

func TestCatalogListTable(t *testing.T) {
	code, out, _ := runCat(t, nil, "list", "--gpu", "L40S", "--provider", "aws")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"GPU", "QTY", "PROVIDER", "INSTANCE", "VRAM", "vCPUs", "RAM", "PRICE/h", "SPOT/h", "REGIONS", "LINK", "vCPU TYPE",
		"g6e.48xlarge", "pcie", "dedicated", "snapshot read 2026-11-29"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = runCat(t, nil, "list", "--provider", "aws", "--gpu", "H200")
	if !strings.Contains(out, "p5e.48xlarge") || !strings.Contains(out, "unknown") {
		t.Errorf("an unknown price is not shown as unknown:\n%s", out)
	}
}

func TestCatalogUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "missing subcommand"},
		{[]string{"frobnicate"}, `unknown subcommand "frobnicate"`},
		{[]string{"list", "--format", "xml"}, `--format "xml": unknown format (use table or json)`},
		{[]string{"list", "--currency", "EUR"}, `--currency "EUR"`},
		{[]string{"list", "--gpu", "H100:x"}, `--gpu "H100:x"`},
		{[]string{"list", "--min-vram", "lots"}, `--min-vram "lots"`},
		{[]string{"list", "--max-price", "-3"}, `--max-price "-3"`},
		{[]string{"list", "--provider", "nosuchcloud"}, `--provider "nosuchcloud": unknown provider`},
		{[]string{"list", "--bogus"}, "unknown flag -bogus"},
		{[]string{"show"}, "missing INSTANCE"},
		{[]string{"stats", "--format", "yaml"}, `--format "yaml"`},
		{[]string{"import"}, "--skypilot DIR is required"},
		{[]string{"update", "--max-mb", "0"}, "--max-mb 0"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runCatalog(tc.args, &out, &errb)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(errb.String(), tc.want) || strings.Count(strings.TrimSpace(errb.String()), "\n") > 0 {
				t.Errorf("stderr %q, want one line containing %q", errb.String(), tc.want)
			}
		})
	}
}

func TestCatalogShow(t *testing.T) {
	code, out, errs := runCat(t, nil, "show", "p5.48xlarge")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"AWS (Amazon Web Services) (aws)", "H100 SXM5", "nvswitch", "sources:",
		"https://github.com/skypilot-org/skypilot-catalog/blob/", "gpu facts (H100 SXM5)", "provider policy", "up to 72% off"} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCat(t, nil, "show", "GT4.41XLARGE948", "--currency", "USD")
	if code != 0 || !strings.Contains(out, "≈$") || !strings.Contains(out, "converted at 1 USD = ") {
		t.Errorf("CNY offer shown in USD: exit %d\n%s", code, out)
	}
	code, _, errs = runCat(t, nil, "show", "p5.48xlargeX")
	if code != 1 || !strings.Contains(errs, "no offer named") {
		t.Errorf("unknown instance: exit %d %q", code, errs)
	}
	code, out, _ = runCat(t, nil, "show", "--format", "json", "g6e.xlarge")
	if code != 0 || !strings.Contains(out, `"gpu_facts"`) || !strings.Contains(out, `"policy"`) {
		t.Errorf("json show: exit %d\n%.400s", code, out)
	}
}

func TestCatalogStats(t *testing.T) {
	code, out, errs := runCat(t, nil, "stats", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r statsReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Providers) < 20 || r.InstanceTypes < 750 || r.Offers != r.InstanceTypes || r.GPUModels < 40 || r.Regions < 100 {
		t.Errorf("stats %+v", r)
	}
	if r.PriceDates["2026-11-29"] == 0 || r.PriceDates["2024-12-30"] == 0 {
		t.Errorf("price dates %v", r.PriceDates)
	}
	for _, k := range []string{"interconnect", "vcpu_type", "on_demand_hourly", "gpu"} {
		if v, ok := r.Unknown[k]; !ok || v < 0 || v > 1 {
			t.Errorf("unknown share of %s: %v", k, v)
		}
	}
	_, text, _ := runCat(t, nil, "stats")
	for _, want := range []string{"providers: ", "share of offers with the fact unknown", "interconnect", "exchange rate: 1 USD = ", "cleaning (source errors handled)"} {
		if !strings.Contains(text, want) {
			t.Errorf("stats text lacks %q", want)
		}
	}
}

const lambdaCSV = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n" +
	"gpu_8x_h100_sxm5,H100,8.0,208.0,1800.0,29.0,us-east-1,\"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\",\n"

func TestCatalogImportAndOverlay(t *testing.T) {
	dirs := []string{t.TempDir(), t.TempDir()}
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "lambda"), 0o755)
	os.WriteFile(filepath.Join(src, "lambda", "vms.csv"), []byte(lambdaCSV), 0o644)
	code, out, errs := runCat(t, dirs, "import", "--skypilot", src, "--date", "2026-11-29", "--allow-shrink")
	if code != 0 || !strings.Contains(out, "imported 1 offers of lambda") {
		t.Fatalf("import: exit %d\n%s%s", code, out, errs)
	}
	_, out, _ = runCat(t, dirs, "stats")
	if !strings.Contains(out, "catalog: imported") {
		t.Errorf("stats does not say the catalog is imported:\n%.300s", out)
	}
	overlay := filepath.Join(t.TempDir(), "o.toml")
	os.WriteFile(overlay, []byte("[[override]]\nprovider = \"lambda\"\ndiscount = 0.5\n"), 0o644)
	code, out, _ = runCat(t, dirs, "list", "--provider", "lambda", "--format", "json", "--catalog", overlay)
	if code != 0 || !strings.Contains(out, `"on_demand_hourly": 14.5`) {
		t.Errorf("overlay on the import: exit %d\n%s", code, out)
	}
	os.WriteFile(overlay, []byte("[[override]]\nprovider = \"lambda\"\ndiscount = 5\n"), 0o644)
	code, _, errs = runCat(t, dirs, "list", "--catalog", overlay)
	if code != 2 || !strings.Contains(errs, overlay+":3:") {
		t.Errorf("bad overlay: exit %d %q", code, errs)
	}
	code, _, errs = runCat(t, dirs, "import", "--skypilot", filepath.Join(src, "nope"), "--date", "2026-11-29")
	if code != 2 || !strings.Contains(errs, "nope does not exist") {
		t.Errorf("missing import dir: exit %d %q", code, errs)
	}
}

func TestCatalogUpdate(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/cat/lambda/vms.csv" {
			fmt.Fprint(w, lambdaCSV)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	old := updateClient
	updateClient = srv.Client()
	defer func() { updateClient = old }()
	dirs := []string{t.TempDir(), t.TempDir()}
	code, out, errs := runCat(t, dirs, "update", "--base-url", srv.URL+"/cat", "--allow-shrink")
	if code != 0 || !strings.Contains(out, "updated 1 offers of lambda") || !strings.Contains(out, "kept from the embedded catalog") {
		t.Fatalf("update: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs = runCat(t, dirs, "update", "--base-url", "http://"+srv.Listener.Addr().String()+"/cat")
	if code != 2 || !strings.Contains(errs, "only https") {
		t.Errorf("plain http: exit %d %q", code, errs)
	}
}
