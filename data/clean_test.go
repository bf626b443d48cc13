package data

import (
	"strings"
	"sync"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

var (
	testRefOnce sync.Once
	testTables  *tables
	testRefErr  error
)

// testReference returns a fresh reference built from the embedded GPU
// table, instance families and facts (no need for ../shared).
func testReference(t testing.TB) *reference {
	t.Helper()
	testRefOnce.Do(func() { testTables, testRefErr = embeddedTables() })
	if testRefErr != nil {
		t.Fatal(testRefErr)
	}
	return newReference(testTables.gpus, testTables.families, testTables.facts)
}

// parseRows parses a SkyPilot CSV given as text.
func parseRows(t *testing.T, csv string) []SkyRow {
	t.Helper()
	rows, err := ParseSkyPilot(strings.NewReader(csv), "test.csv")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestGPUNameNormalisation(t *testing.T) {
	ref := testReference(t)
	tests := []struct {
		name   string
		accel  string
		memGiB float64
		form   string
		want   string
	}{
		{"A6000 plain", "A6000", 48, "", "RTX A6000"},
		{"RTXA6000", "RTXA6000", 48, "", "RTX A6000"},
		{"RTX-A6000", "RTX-A6000", 48, "", "RTX A6000"},
		{"case and punctuation", "rtx_a6000", 0, "", "RTX A6000"},
		{"A100 with 81920 MiB is the 80 GB part", "A100", 81920.0 / 1024, "SXM", "A100-80GB SXM4"},
		{"A100 with 40960 MiB on an SXM host", "A100", 40, "SXM", "A100-40GB SXM4"},
		{"A100 80 GB PCIe", "A100", 80, "PCIe", "A100-80GB PCIe"},
		{"A100 80 GB, form not stated", "A100", 80, "", "A100-80GB PCIe or A100-80GB SXM4"},
		{"H100 94 GB is the NVL", "H100", 95830.0 / 1024, "", "H100 NVL"},
		{"H100 80 GB SXM", "H100", 81559.0 / 1024, "SXM", "H100 SXM5"},
		{"H100 80 GB PCIe", "H100", 80, "PCIe", "H100 PCIe"},
		{"H100 80 GB, form not stated", "H100", 80, "", "H100 PCIe or H100 SXM5"},
		{"V100 32 GB", "V100-32GB", 32, "", "V100 SXM2 32GB"},
		{"usable vs marketed memory (A10G 22888 MiB)", "A10G", 22888.0 / 1024, "", "A10G"},
		{"RTX 3060 12 GB vs 3060 Ti 8 GB", "RTX3060", 8, "", "GeForce RTX 3060 Ti"},
		{"Chinese cloud name", "NVIDIA A10", 24, "", "A10"},
		{"unknown accelerator", "Virtex UltraScale (VU9P)", 0, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ref.gpus.identify(tc.accel, tc.memGiB, tc.form)
			if got.Name != tc.want {
				t.Errorf("identify(%q, %v, %q) = %q, want %q (note %q)", tc.accel, tc.memGiB, tc.form, got.Name, tc.want, got.Note)
			}
		})
	}
}

// TestAmbiguousGPUTakesTheWorseFigures: a GPU whose variant the provider
// does not state keeps the facts its variants share and, of a capability
// figure they differ on, the lowest (the worse case the offer is ranked
// on), said so in its source; a figure one variant lacks stays unknown,
// and so do other facts that differ.
func TestAmbiguousGPUTakesTheWorseFigures(t *testing.T) {
	ref := testReference(t)
	for _, cands := range [][]string{{"H100 PCIe", "H100 SXM5"}, {"A100-80GB PCIe", "A100-80GB SXM4"}, {"A100-40GB PCIe", "A100-40GB SXM4", "A100-80GB PCIe", "A100-80GB SXM4"}} {
		g := ref.gpus.ambiguousGPU(cands)
		gs := make([]model.GPU, len(cands))
		for i, c := range cands {
			gs[i] = ref.gpus.gpus[c]
		}
		for _, f := range []struct {
			name string
			get  func(*model.GPU) float64
		}{
			{"memory", func(g *model.GPU) float64 { return g.VRAMGiB }},
			{"bandwidth", func(g *model.GPU) float64 { return g.MemBandwidthGBs }},
			{"fp32", func(g *model.GPU) float64 { return g.FP32TFLOPS }},
			{"bf16", func(g *model.GPU) float64 { return g.BF16TFLOPS }},
			{"fp8", func(g *model.GPU) float64 { return g.FP8TFLOPS }},
		} {
			want := f.get(&gs[0])
			for i := range gs {
				if v := f.get(&gs[i]); v <= 0 || want <= 0 {
					want = 0
				} else {
					want = min(want, v)
				}
			}
			if got := f.get(&g); got != want {
				t.Errorf("%v: %s %v, want %v (the lowest the variants state)", cands, f.name, got, want)
			}
		}
		if g.Architecture != gs[0].Architecture {
			t.Errorf("%v: the shared architecture lost: %q", cands, g.Architecture)
		}
		if tdp := gs[0].TDPWatts; tdp != gs[1].TDPWatts && g.TDPWatts != 0 {
			t.Errorf("%v: TDP differs (%d vs %d) yet the synthetic GPU says %d", cands, tdp, gs[1].TDPWatts, g.TDPWatts)
		}
		if !isSynthetic(g) || !strings.Contains(g.Source, "lower figure where they differ") {
			t.Errorf("%v: synthetic GPU not marked or the worse case not said: source %q", cands, g.Source)
		}
	}
	// The bandwidths of the A100-80GB forms differ: the synthetic GPU has
	// the PCIe card's, so its speed is known and no better than either.
	pcie := ref.gpus.gpus["A100-80GB PCIe"]
	if g := ref.gpus.ambiguousGPU([]string{"A100-80GB PCIe", "A100-80GB SXM4"}); g.MemBandwidthGBs != pcie.MemBandwidthGBs || g.MemBandwidthGBs <= 0 {
		t.Errorf("A100-80GB either form: bandwidth %v, want the PCIe card's %v", g.MemBandwidthGBs, pcie.MemBandwidthGBs)
	}
}

func TestPerGPUMemory(t *testing.T) {
	tests := []struct {
		name  string
		cloud string
		row   SkyRow
		want  float64
	}{
		{"most clouds: SizeInMiB per GPU", "aws", SkyRow{Count: 8, GPUMiB: 81920, GPUTotalMiB: 655360}, 80},
		{"Vast: SizeInMiB is the total, divided by count", "vast", SkyRow{Count: 4, GPUMiB: 98304, GPUTotalMiB: 98304}, 24},
		{"Vast one GPU", "vast", SkyRow{Count: 1, GPUMiB: 32607}, 31.8},
		{"Lambda: total is per GPU, ignored", "lambda", SkyRow{Count: 8, GPUMiB: 16384, GPUTotalMiB: 16384}, 16},
		{"DigitalOcean: total is per GPU, ignored", "do", SkyRow{Count: 8, GPUMiB: 81559, GPUTotalMiB: 81559}, 79.6},
		{"Lambda without SizeInMiB: total not used", "lambda", SkyRow{Count: 8, GPUTotalMiB: 16384}, 0},
		{"RunPod: GB, not MiB", "runpod", SkyRow{Count: 2, GPUMiB: 80, GPUTotalMiB: 160}, 80},
		{"Nebius: 0 stays unknown here", "nebius", SkyRow{Count: 8, GPUMiB: 0, GPUTotalMiB: 0}, 0},
		{"only a total: divided by count", "oci", SkyRow{Count: 2, GPUTotalMiB: 49152}, 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := perGPUMemGiB(tc.cloud, tc.row)
			if !testcheck.NearAbs(got, tc.want, 1e-9) {
				t.Errorf("perGPUMemGiB(%s) = %v, want %v", tc.cloud, got, tc.want)
			}
		})
	}
}

func TestCleanPrices(t *testing.T) {
	tests := []struct {
		name            string
		cloud           string
		row             SkyRow
		wantOD, wantSpt float64
	}{
		{"Vast spot 0.00 means none", "vast", SkyRow{Price: 0.44, HasPrice: true, Spot: 0, HasSpot: true}, 0.44, 0},
		{"real spot kept", "aws", SkyRow{Price: 13.10904, HasPrice: true, Spot: 7.7235, HasSpot: true}, 13.10904, 7.7235},
		{"blank price kept as unknown", "aws", SkyRow{HasPrice: false, Spot: 5, HasSpot: true}, 0, 5},
		{"blank spot is none", "lambda", SkyRow{Price: 6.32, HasPrice: true}, 6.32, 0},
		{"RunPod spot copying the price is a placeholder", "runpod", SkyRow{Price: 1.39, HasPrice: true, Spot: 1.39, HasSpot: true}, 1.39, 0},
		{"Azure spot copying the price is a placeholder", "azure", SkyRow{Price: 6.98, HasPrice: true, Spot: 6.98, HasSpot: true}, 6.98, 0},
		{"AWS spot equal to on-demand is real", "aws", SkyRow{Price: 2, HasPrice: true, Spot: 2, HasSpot: true}, 2, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			od, sp, _ := cleanPrices(tc.cloud, tc.row)
			if od != tc.wantOD || sp != tc.wantSpt {
				t.Errorf("cleanPrices = %v, %v; want %v, %v", od, sp, tc.wantOD, tc.wantSpt)
			}
		})
	}
}

const gcpHeader = "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,SpotPrice\n"

func TestGCPHostPlusAccelerator(t *testing.T) {
	rows := parseRows(t, gcpHeader+
		// The README's sanity check: a2-highgpu-1g + A100 x1 in us-central1-a.
		"a2-highgpu-1g,12.0,85.0,,,,us-central1,us-central1-a,0.73948,0.1\n"+
		",,,A100,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 40960}}]},us-central1,us-central1-a,2.93391,1.0\n"+
		// a4: host price 0.0, the accelerator row is the whole price.
		"a4-highgpu-8g,224.0,3968.0,,,,us-central1,us-central1-b,0.0,0.0\n"+
		",,,B200,8,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 184320}}]},us-central1,us-central1-b,90.0,30.0\n"+
		// An accelerator row with no host row in its zone is dropped.
		",,,A100,16,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 40960}}]},us-central1,us-central1-a,40.0,\n"+
		// T4 x1 attaches to the cheapest N1 host with >= 4 vCPUs and >= 16 GiB.
		"n1-standard-4,4.0,15.0,,,,us-central1,us-central1-a,0.19,0.04\n"+
		"n1-highmem-4,4.0,26.0,,,,us-central1,us-central1-a,0.236,0.05\n"+
		"n1-highmem-8,8.0,52.0,,,,us-central1,us-central1-a,0.47,0.1\n"+
		",,,T4,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}]},us-central1,us-central1-a,0.35,0.07\n"+
		// TPUs are left out.
		",,,tpu-v4-8,1,,us-central1,us-central1-a,12.0,\n")
	items, report := combineGCP(rows)
	byType := map[string]skyItem{}
	for _, it := range items {
		byType[it.InstanceType] = it
	}
	t.Run("sanity check 0.73948 + 2.93391 = 3.67339", func(t *testing.T) {
		it, ok := byType["a2-highgpu-1g"]
		if !ok {
			t.Fatalf("no a2-highgpu-1g item in %v", items)
		}
		if it.Price != 3.67339 || it.Spot != 1.1 {
			t.Errorf("price %v spot %v, want 3.67339 and 1.1", it.Price, it.Spot)
		}
		if it.VCPUs != 12 || it.MemoryGiB != 85 || it.Count != 1 || it.MemGiB != 40 {
			t.Errorf("host specs not joined: %+v", it)
		}
	})
	t.Run("a4 host price 0", func(t *testing.T) {
		it := byType["a4-highgpu-8g"]
		if it.Price != 90 || it.Spot != 30 {
			t.Errorf("a4 price %v spot %v, want the accelerator's 90 / 30", it.Price, it.Spot)
		}
	})
	t.Run("accelerator without host row dropped", func(t *testing.T) {
		for _, it := range items {
			if it.Count == 16 {
				t.Errorf("A100 x16 kept without a host row: %+v", it)
			}
		}
		if !strings.Contains(strings.Join(report, "\n"), "1 accelerator rows dropped") {
			t.Errorf("drop not reported: %v", report)
		}
	})
	t.Run("N1 host for attached GPUs", func(t *testing.T) {
		it, ok := byType["n1-highmem-4+1xT4"]
		if !ok {
			t.Fatalf("no n1-highmem-4+1xT4 in %v", items)
		}
		if it.Price != 0.586 || it.VCPUs != 4 || it.MemoryGiB != 26 {
			t.Errorf("T4 on N1: %+v, want price 0.586 on 4 vCPUs / 26 GiB", it)
		}
	})
	t.Run("TPU left out", func(t *testing.T) {
		if !strings.Contains(strings.Join(report, "\n"), "1 TPU rows left out") {
			t.Errorf("TPU not reported: %v", report)
		}
	})
}

const awsHeader = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone,Arch,LocalDiskType,NVMeSupported,LocalDiskSize,LocalDiskCount\n"

func TestZoneFoldingAndPriceRange(t *testing.T) {
	ref := testReference(t)
	gi := `"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 655360}"`
	rows := parseRows(t, awsHeader+
		"p5.48xlarge,H100,8.0,192.0,2048.0,"+gi+",55.04,9.5,us-east-1,use1-az1,x86_64,ssd,True,3800.0,8.0\n"+
		"p5.48xlarge,H100,8.0,192.0,2048.0,"+gi+",55.04,9.37,us-east-1,use1-az2,x86_64,ssd,True,3800.0,8.0\n"+
		"p5.48xlarge,H100,8.0,192.0,2048.0,"+gi+",63.2,12.0,eu-west-1,euw1-az1,x86_64,ssd,True,3800.0,8.0\n"+
		"p5.48xlarge,H100,8.0,192.0,2048.0,"+gi+",,,ap-northeast-3,apne3-az1,x86_64,ssd,True,3800.0,8.0\n")
	items, _ := cleanSkyRows("aws", rows, nil, ref.families)
	offers := ref.foldSky("aws", items, skySource{URL: "test", Date: "2026-11-29"})
	if len(offers) != 1 {
		t.Fatalf("%d offers, want the 4 zone rows folded into 1", len(offers))
	}
	o := offers[0]
	if got := strings.Join(o.Regions, ","); got != "ap-northeast-3,eu-west-1,us-east-1" {
		t.Errorf("regions %q", got)
	}
	if o.OnDemand != 55.04 || o.Detail().OnDemandMax != 63.2 || o.Spot != 9.37 || o.Detail().SpotMax != 12 {
		t.Errorf("price range %v-%v, spot %v-%v", o.OnDemand, o.Detail().OnDemandMax, o.Spot, o.Detail().SpotMax)
	}
	if !strings.Contains(o.Detail().PriceNote, "no price in ap-northeast-3") {
		t.Errorf("region without a price not noted: %q", o.Detail().PriceNote)
	}
	if o.GPU != "H100 SXM5" || o.Interconnect != model.InterconnectNVSwitch || o.VCPUType != model.VCPUDedicated {
		t.Errorf("family facts not joined: gpu %q interconnect %q vcpu %q", o.GPU, o.Interconnect, o.VCPUType)
	}
}

// foldOne folds a test's cleaned SkyPilot rows of one cloud into offers
// and returns the first; none stops the test.
func foldOne(t *testing.T, ref *reference, cloud string, items []skyItem) *model.Offer {
	t.Helper()
	return testcheck.At(t, ref.foldSky(cloud, items, skySource{URL: "test"}), 0, "offers folded from %d %s rows", len(items), cloud)
}

func TestBlankPricesStayUnknown(t *testing.T) {
	ref := testReference(t)
	rows := parseRows(t, awsHeader+
		"p5e.48xlarge,H200,8.0,192.0,2048.0,\"{'Gpus': [{'Name': 'H200', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 144384}}]}\",,,us-east-2,use2-az1,x86_64,ssd,True,3840.0,8.0\n")
	items, _ := cleanSkyRows("aws", rows, nil, ref.families)
	o := foldOne(t, ref, "aws", items)
	if o.OnDemand != 0 || o.Spot != 0 {
		t.Errorf("blank prices became %v / %v", o.OnDemand, o.Spot)
	}
	if !strings.Contains(o.Notes, "no on-demand price in the source (unknown)") {
		t.Errorf("unknown price not noted: %q", o.Notes)
	}
	if len(o.Regions) != 1 {
		t.Errorf("the region of an unpriced offer was lost: %v", o.Regions)
	}
}

func TestAzureND96isrCountCorrected(t *testing.T) {
	ref := testReference(t)
	rows := parseRows(t, "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,Generation\n"+
		"Standard_ND96isr_H100_v5,H100,12,96.0,1900,H100,98.32,98.32,eastus,V2\n")
	items, report := cleanSkyRows("azure", rows, nil, ref.families)
	if it := testcheck.At(t, items, 0, "cleaned rows; report %v", report); it.Count != 8 {
		t.Errorf("count %d, want 8 (Azure documents 8 GPUs)", it.Count)
	}
	if !strings.Contains(strings.Join(report, ""), "12->8") {
		t.Errorf("fix not reported: %v", report)
	}
	o := foldOne(t, ref, "azure", items)
	if o.GPUCount != 8 || o.Spot != 0 {
		t.Errorf("offer count %d spot %v, want 8 and no spot (the spot placeholder equals the price)", o.GPUCount, o.Spot)
	}
}

func TestMemoryZeroFilledFromGPUTable(t *testing.T) {
	ref := testReference(t)
	tests := []struct {
		name, cloud, csv string
		wantGPU          string
		wantVRAM         float64
	}{
		{"Nebius memory 0", "nebius",
			"InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n" +
				"gpu-h200-sxm_8gpu-128vcpu-1600gb,H200,8,128,1600,28.8,eu-north1,\"{'Gpus': [{'Name': 'H200', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 0}}], 'TotalGpuMemoryInMiB': 0}\",\n",
			"H200 SXM", 141},
		{"Seeweb RTX PRO 6000 memory 0", "seeweb",
			"InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n" +
				"ECS1GPU12,RTX PRO 6000 96GB,1,16,128.0,1.9,,\"{'Gpus': [{'Name': 'RTX PRO 6000 96GB', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 0}}], 'TotalGpuMemoryInMiB': 0}\",\n",
			"RTX PRO 6000 Blackwell Server Edition or RTX PRO 6000 Blackwell Workstation Edition", 96},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			items, _ := cleanSkyRows(tc.cloud, parseRows(t, tc.csv), nil, ref.families)
			o := foldOne(t, ref, tc.cloud, items)
			if o.GPU != tc.wantGPU || o.VRAMGiB != tc.wantVRAM {
				t.Errorf("gpu %q vram %v, want %q %v", o.GPU, o.VRAMGiB, tc.wantGPU, tc.wantVRAM)
			}
			if !strings.Contains(o.Notes, "taken from the GPU table") {
				t.Errorf("fill not noted: %q", o.Notes)
			}
		})
	}
}

func TestRunPodRegionsFromDatacenters(t *testing.T) {
	ref := testReference(t)
	rows := parseRows(t, "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Region,SpotPrice,Price,AvailabilityZone,GpuInfo\n"+
		"2x_A100-80GB_SECURE,A100-80GB,2.0,16.0,234.0,,2.78,2.78,,\"{'Gpus': [{'Name': 'A100 PCIe', 'Manufacturer': 'Nvidia', 'Count': 2, 'MemoryInfo': {'SizeInMiB': 80}}], 'TotalGpuMemoryInMiB': 160}\"\n")
	dcs := []SkyRow{{Region: "US", Zone: "US-TX-3"}, {Region: "US", Zone: "US-GA-1"}, {Region: "CA", Zone: "CA-MTL-1"}}
	items, _ := cleanSkyRows("runpod", rows, dcs, ref.families)
	o := foldOne(t, ref, "runpod", items)
	if got := strings.Join(o.Regions, ","); got != "CA,US" {
		t.Errorf("regions %q, want CA,US", got)
	}
	if o.GPU != "A100-80GB PCIe" || o.VRAMGiB != 80 || o.Spot != 0 || o.VCPUType != model.VCPUContainer {
		t.Errorf("offer %+v", o)
	}
}

func TestVastOffersToldApartByGPU(t *testing.T) {
	ref := testReference(t)
	h := "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region\n"
	rows := parseRows(t, h+
		"1x-A100_SXM4-32-65536,A100,1,32,64.0,\"{'Gpus': [{'Name': 'A100', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 40960}}], 'TotalGpuMemoryInMiB': 40960}\",0.5,0.00,\"Texas, US, NA\"\n"+
		"1x-A100_SXM4-32-65536,A100,1,32,64.0,\"{'Gpus': [{'Name': 'A100', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\",0.9,0.00,\"Oslo, NO, EU\"\n")
	items, _ := cleanSkyRows("vast", rows, nil, ref.families)
	offers := ref.foldSky("vast", items, skySource{URL: "test"})
	if len(offers) != 2 {
		t.Fatalf("%d offers, want 2 (40 GB and 80 GB)", len(offers))
	}
	seen := map[string]bool{}
	for _, o := range offers {
		seen[o.GPU] = true
		if o.Spot != 0 || !o.Marketplace || o.VCPUType != model.VCPUMarketplace {
			t.Errorf("vast offer %s: spot %v marketplace %v vcpu %q", o.InstanceType, o.Spot, o.Marketplace, o.VCPUType)
		}
		if !strings.Contains(o.InstanceType, "[A100-") {
			t.Errorf("instance type not told apart: %q", o.InstanceType)
		}
	}
	if !seen["A100-40GB SXM4"] || !seen["A100-80GB SXM4"] {
		t.Errorf("GPUs %v", seen)
	}
}

func TestInterconnectRules(t *testing.T) {
	ref := testReference(t)
	tests := []struct {
		name  string
		offer model.Offer
		want  model.Interconnect
		note  string // prefix the interconnect note must start with ("" = any)
	}{
		{"one GPU has no peers", model.Offer{GPU: "H100 SXM5", GPUCount: 1, Interconnect: model.InterconnectNVSwitch}, model.InterconnectSingle, ""},
		{"several GPUs without NVLink talk over PCIe", model.Offer{GPU: "L40S", GPUCount: 4}, model.InterconnectPCIe, "the L40S has no NVLink"},
		{"PCIe card with an optional bridge none documents: pcie, inferred", model.Offer{GPU: "RTX A6000", GPUCount: 4}, model.InterconnectPCIe, pcieCardPrefix + "the RTX A6000 is a PCIe card"},
		{"PCIe card, NVLink not stated either way: pcie, inferred", model.Offer{GPU: "RTX A5000", GPUCount: 2}.WithDetail(model.OfferDetail{FormFactor: "PCIe"}), model.InterconnectPCIe, pcieCardPrefix},
		{"H100 NVL is sold as a bridged pair: stays unknown", model.Offer{GPU: "H100 NVL", GPUCount: 2}, model.InterconnectUnknown, ""},
		{"variant not known (PCIe or SXM): stays unknown", model.Offer{GPU: "A100-80GB PCIe or A100-80GB SXM4", GPUCount: 4}, model.InterconnectUnknown, ""},
		{"GPU without a form factor: stays unknown", model.Offer{GPU: "Radeon Pro V520", GPUCount: 4}, model.InterconnectUnknown, ""},
		{"offer says SXM: the card rule does not apply", model.Offer{GPU: "RTX A4000", GPUCount: 2}.WithDetail(model.OfferDetail{FormFactor: "SXM"}), model.InterconnectUnknown, ""},
		{"GPU count unknown: stays unknown", model.Offer{GPU: "RTX A4000"}, model.InterconnectUnknown, ""},
		{"a known interconnect is kept", model.Offer{GPU: "H100 SXM5", GPUCount: 8, Interconnect: model.InterconnectNVSwitch}, model.InterconnectNVSwitch, ""},
		{"a documented PCIe card link is kept", model.Offer{GPU: "RTX A6000", GPUCount: 2, Interconnect: model.InterconnectNVLink}.WithDetail(model.OfferDetail{InterconnectNote: "NVLink bridge"}), model.InterconnectNVLink, "NVLink bridge"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.offer
			if strings.Contains(o.GPU, " or ") {
				g := ref.gpus.ambiguousGPU(strings.Split(o.GPU, " or "))
				ref.ambiguous[o.GPU] = g
			}
			ref.gpuLevelFacts(&o)
			if o.Interconnect != tc.want {
				t.Errorf("interconnect %q, want %q", o.Interconnect, tc.want)
			}
			if !strings.HasPrefix(o.Detail().InterconnectNote, tc.note) {
				t.Errorf("note %q, want it to start with %q", o.Detail().InterconnectNote, tc.note)
			}
		})
	}
}

func TestClassifiers(t *testing.T) {
	ic := []struct {
		in   string
		want model.Interconnect
	}{
		{"NVSwitch, NVLink gen 3, 600 GB/s per GPU", model.InterconnectNVSwitch},
		{"NVLink Full Mesh @ 600 GB/s", model.InterconnectNVLink},
		{"PCIe only (no NVLink documented)", model.InterconnectPCIe},
		{"none (GCP interconnect: N/A)", model.InterconnectPCIe},
		{"not stated by Lambda (A100 SXM4 supports NVLink3 600 GB/s)", model.InterconnectUnknown},
		{"n/a (single GPU)", model.InterconnectSingle},
		{"no (PCIe Gen4 x16 per doc)", model.InterconnectPCIe},
		{"yes (300 GB/s NVLink per doc)", model.InterconnectNVLink},
		{"unknown (not stated in doc)", model.InterconnectUnknown},
		{"", model.InterconnectUnknown},
	}
	for _, tc := range ic {
		if got := classifyInterconnect(tc.in); got != tc.want {
			t.Errorf("classifyInterconnect(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	vc := []struct {
		in   string
		want model.VCPUType
	}{
		{"dedicated (fixed-performance, not burstable)", model.VCPUDedicated},
		{"container (Pod = Docker container)", model.VCPUContainer},
		{"marketplace-host (hosts set prices)", model.VCPUMarketplace},
		{"vGPU-fraction (GPU partitioned)", model.VCPUGPUFraction},
		{"shared (CPU oversold approx 1:1.5)", model.VCPUShared},
		{"", model.VCPUUnknown},
	}
	for _, tc := range vc {
		if got := classifyVCPU(tc.in); got != tc.want {
			t.Errorf("classifyVCPU(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	wiped := []struct {
		in   string
		want model.Tri
	}{
		{"8x1000 GB NVMe SSD; ephemeral instance store: data lost on stop", model.Yes},
		{"optional Local SSD; Local SSD is discarded on stop unless preserved", model.Yes},
		{"host disk; data persists while instance exists", model.No},
		{"27.2 TB NVMe SSD (4 drives); persistence across stop not verified", model.Unknown},
		{"none (network disks only)", model.Unknown},
	}
	for _, tc := range wiped {
		if got := classifyWiped(tc.in); got != tc.want {
			t.Errorf("classifyWiped(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"p5.*", "p5.48xlarge", true},
		{"p5.*", "p5e.48xlarge", false},
		{"gpu_*x_h100_sxm5", "gpu_8x_h100_sxm5", true},
		{"*_SECURE", "1x_A40_SECURE", true},
		{"n3-H100x*", "n3-H100x8-NVLink", true},
		{"ECS*GPU*", "ECS1GPU10", true},
		{"Standard_NC*as_T4_v3", "Standard_NC4as_T4_v3", true},
		{"a3-edgegpu-8g*", "a3-edgegpu-8g-nolssd", true},
		{"?x-H100", "1x-H100", true},
		{"[ab]", "a", false},
		{"", "", true},
		{"*", "", true},
	}
	for _, tc := range tests {
		if got := globMatch(tc.pattern, tc.s); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tc.pattern, tc.s, got, tc.want)
		}
	}
}

func TestParseGPUInfo(t *testing.T) {
	tests := []struct {
		in         string
		name       string
		per, total float64
		ok         bool
	}{
		{"{'Gpus': [{'Name': 'A100', 'Manufacturer': 'NVIDIA', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 40960}}], 'TotalGpuMemoryInMiB': 327680}", "A100", 40960, 327680, true},
		{`{"Gpus": [{"Name": "B300", "Count": 1, "MemoryInfo": {"SizeInMiB": 268288}}], "TotalGpuMemoryInMiB": 268288}`, "B300", 268288, 268288, true},
		{"{'gpus': [{'name': 'h100', 'manufacturer': 'nvidia', 'count': 1.0, 'memoryinfo': {'sizeinmib': 81559}}], 'totalgpumemoryinmib': 81559}", "h100", 81559, 81559, true},
		{"{'Gpus': [{'Name': 'A100-80G-PCIe', 'Manufacturer': null, 'Count': 1, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}", "A100-80G-PCIe", 81920, 81920, true},
		{"{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}]}", "", 16384, 0, true},
		{"V100", "V100", 0, 0, true},
		{"", "", 0, 0, true},
		{"{'Gpus': [{'MemoryInfo': {'SizeInMiB': -5}}]}", "", 0, 0, false},
		{"{not a dict}", "", 0, 0, false},
	}
	for _, tc := range tests {
		name, per, total, ok := parseGPUInfo(tc.in)
		if name != tc.name || per != tc.per || total != tc.total || ok != tc.ok {
			t.Errorf("parseGPUInfo(%q) = %q %v %v %v, want %q %v %v %v", tc.in, name, per, total, ok, tc.name, tc.per, tc.total, tc.ok)
		}
	}
}

func TestParseSkyPilotErrors(t *testing.T) {
	tests := []struct {
		name, csv, want string
	}{
		{"missing column", "InstanceType,AcceleratorName\nx,y\n", `no column "AcceleratorCount"`},
		{"bad price", "InstanceType,AcceleratorName,AcceleratorCount,Price\nx,A100,1,abc\n", "line 2: column Price: \"abc\" is not a number"},
		{"negative count", "InstanceType,AcceleratorName,AcceleratorCount,Price\nx,A100,-1,1\n", "is negative"},
		{"fractional count above one", "InstanceType,AcceleratorName,AcceleratorCount,Price\nx,A100,1.5,1\n", "neither a whole number"},
		{"huge count", "InstanceType,AcceleratorName,AcceleratorCount,Price\nx,A100,100000,1\n", "not plausible"},
		{"empty file", "", "empty file"},
		{"ragged row", "InstanceType,AcceleratorName,AcceleratorCount,Price\nx,A100\n", "line 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSkyPilot(strings.NewReader(tc.csv), "test.csv")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// Vast's free-text regions lose their empty parts.
func TestCleanRegion(t *testing.T) {
	for in, want := range map[string]string{
		", CN, AS":           "CN, AS",
		"Sichuan, CN, AS":    "Sichuan, CN, AS",
		"us-east-1":          "us-east-1",
		"":                   "",
		" , , EU":            "EU",
		"Hong Kong, HK, AS ": "Hong Kong, HK, AS",
	} {
		if got := cleanRegion(in); got != want {
			t.Errorf("cleanRegion(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCleanStrings(t *testing.T) {
	type inner struct{ S string }
	type outer struct {
		A    string
		L    []string
		P    *inner
		M    map[string]inner
		T    model.Tri
		priv string
	}
	v := outer{A: "a\x1b[1m", L: []string{"\x07l"}, P: &inner{"p\u202e"}, M: map[string]inner{"k\x1b[0m": {"v\x00"}}, priv: "\x07"}
	cleanStrings(&v)
	if v.A != "a" || v.L[0] != "l" || v.P.S != "p" || len(v.M) != 1 || v.M["k"].S != "v" || v.priv != "\x07" {
		t.Errorf("cleaned %+v", v)
	}
}

// A SkyPilot CSV's values are cleaned as they are read: an instance name
// with a colour escape and a bell comes out plain.
func TestSkyPilotCSVCleaned(t *testing.T) {
	csv := "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n" +
		"\"gpu_1x\x1b[31m_a10\x07\",A10,1,0.75,\"us-\x1b]0;x\x07west\u202e-1\"\n"
	rows := parseRows(t, csv)
	if rows[0].InstanceType != "gpu_1x_a10" || rows[0].Region != "us-west-1" {
		t.Errorf("row %+v", rows[0])
	}
}

// A CSV over the read limit is refused, not cut short.
func TestCSVLimit(t *testing.T) {
	r := &capReader{r: strings.NewReader("abcdef"), left: 4, max: 4, name: "big.csv"}
	b := make([]byte, 10)
	n, err := r.Read(b)
	if n != 4 || err != nil {
		t.Fatalf("first read %d %v", n, err)
	}
	if _, err := r.Read(b); err == nil || !strings.Contains(err.Error(), "big.csv is larger than 4 bytes") {
		t.Errorf("error %v", err)
	}
	r = &capReader{r: strings.NewReader("abcd"), left: 4, max: 4, name: "fits.csv"}
	r.Read(b)
	if _, err := r.Read(b); err == nil || err.Error() != "EOF" {
		t.Errorf("a file of exactly the limit: %v, want EOF", err)
	}
}
