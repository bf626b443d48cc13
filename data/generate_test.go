package data

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testenv"
	"github.com/gpupick/gpupick/model"
)

// sharedDir is the reference data folder relative to this package.
const sharedDir = "../../shared/data"

// needShared skips a test when the reference data is not next to the
// repository (a user's clone builds from the committed catalog alone);
// under CI, where the data is always laid beside the clone, it fails.
func needShared(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(sharedDir, "gpu_specs.csv")); err != nil {
		testenv.Missing(t, "reference data not found at %s (only present in the development workspace): %v", sharedDir, err)
	}
}

func TestRegenerateReproducesCommittedCatalog(t *testing.T) {
	needShared(t)
	files, err := Generate(os.DirFS(sharedDir), os.DirFS("facts"))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		got, err := os.ReadFile(filepath.Join("catalog", n))
		if err != nil {
			t.Errorf("catalog/%s: %v (run go generate ./data)", n, err)
			continue
		}
		if !bytes.Equal(got, files[n]) {
			t.Errorf("catalog/%s differs from a fresh generation (run go generate ./data and commit)", n)
		}
	}
	entries, err := os.ReadDir("catalog")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := files[e.Name()]; !ok {
			t.Errorf("catalog/%s is not produced by the generator (stale file)", e.Name())
		}
	}
	// Deterministic: a second run gives the same bytes.
	again, err := Generate(os.DirFS(sharedDir), os.DirFS("facts"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if !bytes.Equal(again[n], files[n]) {
			t.Errorf("%s: two generations differ", n)
		}
	}
}

func TestGCPSanityCheckOnReferenceData(t *testing.T) {
	needShared(t)
	var rows []SkyRow
	for _, f := range []string{"gcp_vms_gpu.csv", "gcp_vms_host.csv"} {
		b, err := os.ReadFile(filepath.Join(sharedDir, "skypilot", f))
		if err != nil {
			t.Fatal(err)
		}
		r, err := ParseSkyPilot(bytes.NewReader(b), f)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	items, _ := combineGCP(rows)
	found := false
	for _, it := range items {
		if it.InstanceType == "a2-highgpu-1g" && it.Line > 0 && it.Region == "us-central1" && it.Price == 3.67339 {
			found = true
		}
	}
	if !found {
		t.Error("no a2-highgpu-1g item priced 0.73948 + 2.93391 = 3.67339 in us-central1 (README sanity check)")
	}
}

// embeddedCatalog decodes the embedded catalog or fails the test, as it
// does when the catalog has no offers.
func embeddedCatalog(t testing.TB) *model.Catalog {
	t.Helper()
	cat, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Offers) == 0 {
		t.Fatal("the embedded catalog has no offers")
	}
	return cat
}

// offerByKey finds an offer.
func offerByKey(t *testing.T, cat *model.Catalog, key string) *model.Offer {
	t.Helper()
	for i := range cat.Offers {
		if cat.Offers[i].Key() == key {
			return &cat.Offers[i]
		}
	}
	t.Fatalf("no offer %s in the catalog", key)
	return nil
}

func TestEmbeddedCatalogAcceptance(t *testing.T) {
	cat := embeddedCatalog(t)
	if err := Validate(cat); err != nil {
		t.Fatalf("embedded catalog invalid: %v", err)
	}
	providers, types := map[string]bool{}, map[string]bool{}
	known := 0
	for i := range cat.Offers {
		o := &cat.Offers[i]
		providers[o.Provider] = true
		types[o.Key()] = true
		if o.Interconnect != model.InterconnectUnknown && o.VCPUType != model.VCPUUnknown {
			known++
		}
	}
	for _, p := range []string{"aws", "gcp", "azure", "lambda", "runpod", "vast", "nebius", "oci", "cudo", "hyperstack",
		"verda", "ibm", "paperspace", "do", "fluidstack", "seeweb", "hyperbolic", "alibaba", "tencent", "featurize"} {
		if !providers[p] {
			t.Errorf("provider %s missing", p)
		}
	}
	if len(providers) < 20 {
		t.Errorf("%d providers, want at least 20", len(providers))
	}
	if len(types) < 750 {
		t.Errorf("%d instance types, want at least 750", len(types))
	}
	t.Logf("%d providers, %d instance types, interconnect and vCPU type both known for %.1f%% of offers",
		len(providers), len(types), 100*float64(known)/float64(len(cat.Offers)))
	if cat.Info.SnapshotDate != "2026-11-29" || cat.Info.Origin != "embedded" {
		t.Errorf("info %+v", cat.Info)
	}
}

func TestEmbeddedCatalogSourceErrorsHandled(t *testing.T) {
	cat := embeddedCatalog(t)
	t.Run("Azure ND96isr_H100_v5 has 8 GPUs", func(t *testing.T) {
		if o := offerByKey(t, cat, "azure/Standard_ND96isr_H100_v5"); o.GPUCount != 8 {
			t.Errorf("gpu_count %d", o.GPUCount)
		}
	})
	t.Run("Vast has no spot prices", func(t *testing.T) {
		for i := range cat.Offers {
			if o := &cat.Offers[i]; o.Provider == "vast" && o.Spot != 0 {
				t.Errorf("%s spot %v", o.Key(), o.Spot)
			}
		}
	})
	t.Run("Lambda 8x V100 has 16 GB per GPU", func(t *testing.T) {
		if o := offerByKey(t, cat, "lambda/gpu_8x_v100"); o.VRAMGiB != 16 {
			t.Errorf("vram %v", o.VRAMGiB)
		}
	})
	t.Run("Vast 4x RTX 3090 has 24 GB per GPU", func(t *testing.T) {
		if o := offerByKey(t, cat, "vast/4x-RTX_3090-32-65536"); o.VRAMGiB != 24 || o.GPU != "GeForce RTX 3090" {
			t.Errorf("gpu %q vram %v", o.GPU, o.VRAMGiB)
		}
	})
	t.Run("RunPod memory read as GB", func(t *testing.T) {
		if o := offerByKey(t, cat, "runpod/1x_H200-SXM_SECURE"); o.VRAMGiB != 141 {
			t.Errorf("vram %v", o.VRAMGiB)
		}
	})
	t.Run("Nebius memory from the GPU table", func(t *testing.T) {
		if o := offerByKey(t, cat, "nebius/gpu-h100-sxm_8gpu-128vcpu-1600gb"); o.VRAMGiB != 80 {
			t.Errorf("vram %v", o.VRAMGiB)
		}
	})
	t.Run("GCP a4 priced by its accelerator", func(t *testing.T) {
		if o := offerByKey(t, cat, "gcp/a4-highgpu-8g"); o.OnDemand <= 0 {
			t.Errorf("a4 price %v", o.OnDemand)
		}
	})
	t.Run("AWS p5e.48xlarge price unknown, not 0", func(t *testing.T) {
		o := offerByKey(t, cat, "aws/p5e.48xlarge")
		if o.OnDemand != 0 || !strings.Contains(o.Notes, "unknown") {
			t.Errorf("price %v notes %q", o.OnDemand, o.Notes)
		}
	})
	t.Run("Tencent keeps CNY", func(t *testing.T) {
		o := offerByKey(t, cat, "tencent/GT4.41XLARGE948")
		if o.Currency != model.CNY || o.OnDemand != 237.51 || o.Detail().Monthly != 114016 || o.Interconnect != model.InterconnectNVSwitch { // Tencent says 600 GB/s NVLink; 8 x A100 SXM4 is the HGX A100 8-GPU board
			t.Errorf("%+v", o)
		}
	})
}

func TestEmbeddedPoliciesAndRates(t *testing.T) {
	cat := embeddedCatalog(t)
	aws := cat.Policies["aws"]
	if aws.CommitMax.Fraction != 0.72 || !aws.CommitMax.UpTo || aws.Commit1y.Fraction != 0 || aws.Commit3y.Fraction != 0 {
		t.Errorf("AWS commitments: max %+v 1y %+v 3y %+v (the sources give only an up-to maximum)", aws.CommitMax, aws.Commit1y, aws.Commit3y)
	}
	if aws.SpotNoticeSeconds != 120 || aws.BillingGranularity != "per-second" || aws.BillingMinimumSeconds != 60 {
		t.Errorf("AWS spot/billing %+v", aws)
	}
	if len(aws.EgressTiers) != 4 || aws.EgressTiers[0].UpToGB != 10000 || aws.EgressTiers[0].PerGB != 0.09 || aws.EgressTiers[3].UpToGB != 0 {
		t.Errorf("AWS egress tiers %+v", aws.EgressTiers)
	}
	if az := cat.Policies["azure"]; az.StorageBilledWhileStopped != model.Yes || az.SpotNoticeSeconds != 30 {
		t.Errorf("Azure: deallocated disks are billed, 30 s notice: %+v", az)
	}
	if l := cat.Policies["lambda"]; l.SpotAvailable != model.No || l.BillingGranularity != "per-minute" {
		t.Errorf("Lambda: no spot tier, per-minute billing: %+v", l)
	}
	if o := cat.Policies["oci"]; o.SpotAvailable != model.Yes || o.SpotDiscountMax.Fraction != 0.5 || o.SpotDiscountMax.UpTo || o.EgressFreeGBMonth != 10000 {
		t.Errorf("OCI: preemptible at 50%% of the price, 10 TB free egress: %+v", o)
	}
	gcp := cat.Policies["gcp"]
	// GCP: the 24 h limit is for legacy preemptible VMs; the spot prices
	// are Spot VMs' ("Spot VMs have no maximum runtime"), so no limit
	// applies and the note says why.
	if gcp.PreemptibleMaxHours != 0 || !strings.Contains(gcp.SpotNote, "24 h limit applies to legacy preemptible VMs only") || gcp.CommitReservesCapacity != model.No {
		t.Errorf("GCP %+v", gcp)
	}
	tc := cat.Policies["tencent"]
	if tc.Commit1y.Fraction != 0.17 || tc.Commit3y.Fraction != 0.5 || !tc.Commit1y.OfMonthly || tc.Commit1y.UpTo {
		t.Errorf("Tencent terms 1y %+v 3y %+v", tc.Commit1y, tc.Commit3y)
	}
	if len(tc.Terms) != 4 || tc.Terms[0].MinMonths != 6 || tc.Terms[0].MaxMonths != 11 || tc.Terms[0].Discount.Fraction != 0.12 {
		t.Errorf("Tencent term table %+v", tc.Terms)
	}
	if tc.Currency != model.CNY || !strings.Contains(tc.Name, "腾讯云") {
		t.Errorf("Tencent name/currency %q %q", tc.Name, tc.Currency)
	}
	r, ok := cat.Rate(model.USD, model.CNY)
	if !ok || r.Rate < 6 || r.Rate > 8 || r.Date == "" || !strings.HasPrefix(r.Source, "https://") || r.Rate == 7.2 {
		t.Errorf("USD->CNY rate %+v", r)
	}
	if v, ok := cat.Convert(7.2734, model.CNY, model.USD); !ok || v < 0.999 || v > 1.001 {
		t.Errorf("convert %v %v", v, ok)
	}
}

func TestEmbeddedPresets(t *testing.T) {
	cat := embeddedCatalog(t)
	// 43 of model_presets.csv and 13 of facts/presets.csv (the Qwen3 dense
	// sizes 0.6B, 1.7B, 4B and 14B among them).
	if len(cat.Models) != 56 {
		t.Fatalf("%d presets, want 56", len(cat.Models))
	}
	// The embedding and reranking models say so (facts/preset_facts.csv).
	for name, kind := range map[string]string{"bge-m3": model.KindEmbedding, "bge-reranker-v2-m3": model.KindReranker,
		"qwen3-embedding-0.6b": model.KindEmbedding, "qwen3-embedding-8b": model.KindEmbedding, "llama-3.1-8b": ""} {
		if p, err := model.FindPreset(cat.Models, name); err != nil || p.Kind != kind || (kind != "") != p.IsEncoder() {
			t.Errorf("%s: kind %q (want %q), %v", name, p.Kind, kind, err)
		}
	}
	get := func(name string) model.ModelPreset {
		m, err := model.FindPreset(cat.Models, name)
		if err != nil {
			t.Fatal(err)
		}
		return *m
	}
	ds := get("deepseek-v3")
	if ds.KVLoraRank != 512 || ds.QKRopeHeadDim != 64 || ds.Attention != "mla" || ds.Experts == 0 || !ds.MTP {
		t.Errorf("deepseek-v3 %+v", ds)
	}
	for name, tied := range map[string]bool{"llama-3.2-1b": true, "gemma-2-9b": true, "command-r": true, "llama-3.1-8b": false, "falcon-40b": false} {
		if get(name).TiedEmbedding != tied {
			t.Errorf("%s tied = %v, want %v", name, !tied, tied)
		}
	}
	l8 := get("llama-3.1-8b")
	if l8.Layers != 32 || l8.KVHeads != 8 || l8.HeadDim != 128 || l8.Source == "" {
		t.Errorf("llama-3.1-8b %+v", l8)
	}
}
