package advisor

import (
	"fmt"
	"math/rand/v2"

	"github.com/gpupick/gpupick/model"
)

// Test GPUs with the figures of /work/shared/data/gpu_specs.csv (each row
// of that file cites its sources: NVIDIA datasheets and spec aggregators)
// and the usable memory nvidia-smi reports (data/facts/gpu_facts.csv).
var testGPUs = []model.GPU{
	{Name: "H100 SXM5", Architecture: "Hopper", ReleaseYear: 2022, UsableGiB: 81559.0 / 1024, VRAMGiB: 80, MemBandwidthGBs: 3350, FP32TFLOPS: 67, BF16TFLOPS: 989.5, FP8TFLOPS: 1979, FP8: model.Yes, BF16: model.Yes, NVLink: model.Yes, FormFactor: "SXM5", Source: "gpu_specs.csv"},
	{Name: "H100 PCIe", Architecture: "Hopper", ReleaseYear: 2022, VRAMGiB: 80, MemBandwidthGBs: 2000, FP32TFLOPS: 51, BF16TFLOPS: 756.5, FP8TFLOPS: 1513, FP8: model.Yes, BF16: model.Yes, FormFactor: "PCIe card, dual-slot", Source: "gpu_specs.csv"},
	{Name: "H200 SXM", Architecture: "Hopper", ReleaseYear: 2023, UsableGiB: 143771.0 / 1024, VRAMGiB: 141, MemBandwidthGBs: 4800, FP32TFLOPS: 67, BF16TFLOPS: 989.5, FP8TFLOPS: 1979, FP8: model.Yes, BF16: model.Yes, NVLink: model.Yes, FormFactor: "SXM5", Source: "gpu_specs.csv"},
	{Name: "A100-80GB SXM4", Architecture: "Ampere", ReleaseYear: 2020, UsableGiB: 80, VRAMGiB: 80, MemBandwidthGBs: 2039, FP32TFLOPS: 19.5, BF16TFLOPS: 312, FP8: model.No, BF16: model.Yes, NVLink: model.Yes, FormFactor: "SXM4", Source: "gpu_specs.csv"},
	{Name: "A100-80GB PCIe", Architecture: "Ampere", ReleaseYear: 2020, UsableGiB: 80, VRAMGiB: 80, MemBandwidthGBs: 1935, FP32TFLOPS: 19.5, BF16TFLOPS: 312, FP8: model.No, BF16: model.Yes, FormFactor: "PCIe card, dual-slot, passive", Source: "gpu_specs.csv"},
	{Name: "A100-40GB SXM4", Architecture: "Ampere", ReleaseYear: 2020, UsableGiB: 40, VRAMGiB: 40, MemBandwidthGBs: 1555, FP32TFLOPS: 19.5, BF16TFLOPS: 312, FP8: model.No, BF16: model.Yes, NVLink: model.Yes, FormFactor: "SXM4", Source: "gpu_specs.csv"},
	{Name: "L4", Architecture: "Ada Lovelace", ReleaseYear: 2023, UsableGiB: 23034.0 / 1024, VRAMGiB: 24, MemBandwidthGBs: 300, FP32TFLOPS: 30.3, BF16TFLOPS: 121, FP8TFLOPS: 242.5, FP8: model.Yes, BF16: model.Yes, FormFactor: "PCIe card", Source: "gpu_specs.csv"},
	{Name: "T4", Architecture: "Turing", ReleaseYear: 2018, UsableGiB: 15, VRAMGiB: 16, MemBandwidthGBs: 320, FP32TFLOPS: 8.1, BF16TFLOPS: 65.13, FP8: model.No, BF16: model.No, FormFactor: "PCIe card", Source: "gpu_specs.csv"},
	{Name: "RTX A6000", Architecture: "Ampere", ReleaseYear: 2020, VRAMGiB: 48, MemBandwidthGBs: 768, FP32TFLOPS: 38.7, BF16TFLOPS: 154.8, FP8: model.No, BF16: model.Yes, FormFactor: "PCIe card", Source: "gpu_specs.csv"},
	{Name: "GeForce RTX 4090", Architecture: "Ada Lovelace", ReleaseYear: 2022, UsableGiB: 24564.0 / 1024, VRAMGiB: 24, MemBandwidthGBs: 1008, FP32TFLOPS: 82.6, BF16TFLOPS: 165.2, FP8: model.Yes, BF16: model.Yes, FormFactor: "consumer PCIe card", Source: "gpu_specs.csv"},
	{Name: "B200 (HGX, 1000 W)", Architecture: "Blackwell", ReleaseYear: 2024, UsableGiB: 183359.0 / 1024, VRAMGiB: 192, MemBandwidthGBs: 8000, BF16TFLOPS: 2250, FP8TFLOPS: 4500, FP8: model.Yes, BF16: model.Yes, NVLink: model.Yes, FormFactor: "SXM (HGX B200 baseboard)", Source: "gpu_specs.csv"},
	{Name: "A10G", Architecture: "Ampere", UsableGiB: 23028.0 / 1024, VRAMGiB: 24, MemBandwidthGBs: 600, FP32TFLOPS: 31.52, FP8: model.No, BF16: model.Yes, FormFactor: "PCIe card", Source: "gpu_specs.csv"},
	{Name: "Instinct MI300X", Vendor: "AMD", Architecture: "CDNA 3", ReleaseYear: 2023, UsableGiB: 196592.0 / 1024, VRAMGiB: 192, MemBandwidthGBs: 5300, FP32TFLOPS: 163.4, BF16TFLOPS: 1307.4, FP8TFLOPS: 2600, FP8: model.Yes, BF16: model.Yes, FormFactor: "OAM", Source: "gpu_specs.csv"},
	{Name: "GeForce RTX 3060 (12 GB)", Architecture: "Ampere", ReleaseYear: 2021, VRAMGiB: 12, MemBandwidthGBs: 360, FP32TFLOPS: 12.76, FP8: model.No, BF16: model.Yes, FormFactor: "consumer PCIe card", Source: "gpu_specs.csv"},
	{Name: "GH200 (96 GB HBM3)", Vendor: "NVIDIA", Architecture: "Hopper (+ Grace CPU)", ReleaseYear: 2023, VRAMGiB: 96, MemBandwidthGBs: 4000, FP32TFLOPS: 67, BF16TFLOPS: 989, FP8TFLOPS: 1979, FP8: model.Yes, BF16: model.Yes, FormFactor: "Superchip module (72-core Grace CPU + H100-class GPU)", Source: "gpus.tsv"},
	// A GPU the catalog knows by name only: no bandwidth, no TFLOPS.
	{Name: "Mystery X1", VRAMGiB: 48, Source: "test"},
	{Name: "V100 SXM2 16GB", Vendor: "NVIDIA", Architecture: "Volta", ReleaseYear: 2017, VRAMGiB: 16, MemBandwidthGBs: 900, BF16TFLOPS: 125, FP8: model.No, BF16: model.No, NVLink: model.Yes, FormFactor: "SXM2", Source: "gpu_specs.csv"},
	{Name: "K80 (per GPU)", Vendor: "NVIDIA", Architecture: "Kepler", ReleaseYear: 2014, VRAMGiB: 12, MemBandwidthGBs: 240.6, FP8: model.No, BF16: model.No, FormFactor: "PCIe card", Source: "gpu_specs.csv"},
}

// Presets with the figures of /work/shared/data/model_presets.csv (each
// row cites the model card or config it was read from).
var testPresets = []model.ModelPreset{
	{Name: "llama-2-7b", HFID: "meta-llama/Llama-2-7b-hf", Family: "llama2", ParamsB: 6.738, ActiveB: 6.738, Layers: 32, Hidden: 4096, FFN: 11008, Heads: 32, KVHeads: 32, HeadDim: 128, Vocab: 32000, MaxContext: 4096, Attention: "mha", Source: "model_presets.csv"},
	{Name: "llama-2-13b", HFID: "meta-llama/Llama-2-13b-hf", Family: "llama2", ParamsB: 13.016, ActiveB: 13.016, Layers: 40, Hidden: 5120, FFN: 13824, Heads: 40, KVHeads: 40, HeadDim: 128, Vocab: 32000, MaxContext: 4096, Attention: "mha", Source: "model_presets.csv"},
	{Name: "llama-2-70b", HFID: "meta-llama/Llama-2-70b-hf", Family: "llama2", ParamsB: 68.977, ActiveB: 68.977, Layers: 80, Hidden: 8192, FFN: 28672, Heads: 64, KVHeads: 8, HeadDim: 128, Vocab: 32000, MaxContext: 4096, Attention: "gqa", Source: "model_presets.csv"},
	{Name: "llama-3.1-8b", HFID: "meta-llama/Llama-3.1-8B", Family: "llama3.1", ParamsB: 8.03, ActiveB: 8.03, Layers: 32, Hidden: 4096, FFN: 14336, Heads: 32, KVHeads: 8, HeadDim: 128, Vocab: 128256, MaxContext: 131072, Attention: "gqa", Source: "model_presets.csv"},
	{Name: "llama-3.1-70b", HFID: "meta-llama/Llama-3.1-70B", Family: "llama3.1", ParamsB: 70.554, ActiveB: 70.554, Layers: 80, Hidden: 8192, FFN: 28672, Heads: 64, KVHeads: 8, HeadDim: 128, Vocab: 128256, MaxContext: 131072, Attention: "gqa", Source: "model_presets.csv"},
	{Name: "llama-3.1-405b", HFID: "meta-llama/Llama-3.1-405B", Family: "llama3.1", ParamsB: 405.853, ActiveB: 405.853, Layers: 126, Hidden: 16384, FFN: 53248, Heads: 128, KVHeads: 8, HeadDim: 128, Vocab: 128256, MaxContext: 131072, Attention: "gqa", Source: "model_presets.csv"},
	{Name: "qwen2.5-72b", HFID: "Qwen/Qwen2.5-72B", Family: "qwen2.5", ParamsB: 72.705, ActiveB: 72.705, Layers: 80, Hidden: 8192, FFN: 29568, Heads: 64, KVHeads: 8, HeadDim: 128, Vocab: 152064, MaxContext: 131072, Attention: "gqa", Source: "model_presets.csv"},
	{Name: "qwen2.5-7b", HFID: "Qwen/Qwen2.5-7B", Family: "qwen2.5", ParamsB: 7.615, ActiveB: 7.615, Layers: 28, Hidden: 3584, FFN: 18944, Heads: 28, KVHeads: 4, HeadDim: 128, Vocab: 152064, MaxContext: 131072, Attention: "gqa", Source: "model_presets.csv"},
	{Name: "mixtral-8x7b", HFID: "mistralai/Mixtral-8x7B-v0.1", Family: "mixtral", ParamsB: 46.7, ActiveB: 12.9, Layers: 32, Hidden: 4096, FFN: 14336, Heads: 32, KVHeads: 8, HeadDim: 128, Vocab: 32000, MaxContext: 32768, Attention: "gqa", Experts: 8, ExpertsUsed: 2, Source: "model_presets.csv"},
	{Name: "deepseek-v3", HFID: "deepseek-ai/DeepSeek-V3", Family: "deepseek-v3", ParamsB: 671, ActiveB: 37, Layers: 61, Hidden: 7168, FFN: 2048, Heads: 128, KVHeads: 128, Vocab: 129280, MaxContext: 131072, Attention: "mla", Experts: 256, ExpertsUsed: 8, MTP: true,
		Notes: "MLA attention: kv_lora_rank=512; qk_rope_head_dim=64; qk_nope_head_dim=128; v_head_dim=128; q_lora_rank=1536.", Source: "model_presets.csv"},
	{Name: "falcon-180b", HFID: "tiiuae/falcon-180B", Family: "falcon", ParamsB: 179.52, ActiveB: 179.52, Layers: 80, Hidden: 14848, FFN: 59392, Heads: 232, KVHeads: 8, HeadDim: 64, Vocab: 65024, MaxContext: 2048, Attention: "gqa", Source: "model_presets.csv"},
	{Name: "gemma-2-9b", HFID: "google/gemma-2-9b", Family: "gemma2", ParamsB: 9.241, ActiveB: 9.241, Layers: 42, Hidden: 3584, FFN: 14336, Heads: 16, KVHeads: 8, HeadDim: 256, Vocab: 256000, MaxContext: 8192, Attention: "gqa",
		AttentionPattern: model.AttnHybrid, SlidingWindow: 4096, LocalPerGlobal: 1,
		Notes: "Gemma 2 alternates local sliding-window (sliding_window=4096) and global attention layers; tie_word_embeddings=true.", Source: "model_presets.csv"},
	{Name: "gemma-3-27b", HFID: "google/gemma-3-27b-it", Family: "gemma3", ParamsB: 27.432, ActiveB: 27.432, Layers: 62, Hidden: 5376, FFN: 21504, Heads: 32, KVHeads: 16, HeadDim: 128, Vocab: 262208, MaxContext: 131072, Attention: "gqa", TiedEmbedding: true,
		AttentionPattern: model.AttnHybrid, SlidingWindow: 1024, LocalPerGlobal: 5, Source: "model_presets.csv ; facts/preset_facts.csv"},
	{Name: "phi-3-mini", HFID: "microsoft/Phi-3-mini-4k-instruct", Family: "phi3", ParamsB: 3.8, ActiveB: 3.8, Layers: 32, Hidden: 3072, FFN: 8192, Heads: 32, KVHeads: 32, HeadDim: 96, Vocab: 32064, MaxContext: 4096, Attention: "mha",
		Notes: "Config sliding_window=2047. tie_word_embeddings=false.", Source: "model_presets.csv"},
	fluxPreset,
}

// fluxPreset is FLUX.1-dev as the embedded catalog has it
// (data/facts/preset_facts.csv: the diffusers quantization blog's component
// sizes, seconds per image and peak memory on an H100).
var fluxPreset = model.ModelPreset{Name: "flux.1-dev", HFID: "black-forest-labs/FLUX.1-dev", Family: "flux", ParamsB: 16.867, ActiveB: 11.9, Kind: model.KindDiffusion,
	Components: []model.PipelinePart{{Role: "denoiser", Name: "transformer", ParamsB: 11.9}, {Role: "text_encoder", Name: "t5-xxl", ParamsB: 4.76},
		{Role: "text_encoder", Name: "clip-l", ParamsB: 0.123}, {Role: "vae", Name: "vae", ParamsB: 0.084}},
	Image:  &model.ImageRef{Width: 1024, Steps: 50, Seconds: 12, GPU: "H100 SXM5", WorkspaceGiB: 4.719, Source: "huggingface/blog diffusers-quantization.md"},
	Source: "model_presets.csv ; facts/preset_facts.csv"}

// testOffer builds an offer of count GPUs of a test GPU.
func testOffer(provider, instance, gpu string, count int, od float64) model.Offer {
	o := model.Offer{
		Provider: provider, InstanceType: instance, GPU: gpu, GPUCount: count,
		Regions: []string{"us-east-1"}, Currency: model.USD, OnDemand: od,
		VCPUs: float64(16 * count), MemoryGiB: float64(64 * count),
		VCPUType: model.VCPUDedicated, RDMA: model.Unknown,
		PriceDate: "2026-11-01", Sources: []string{"test://" + provider + "/" + instance},
	}
	for _, g := range testGPUs {
		if g.Name == gpu {
			o.VRAMGiB = g.VRAMGiB
			if isSXM(&g) {
				o.EditDetail().FormFactor, o.Interconnect = "SXM", model.InterconnectNVSwitch
			} else {
				o.EditDetail().FormFactor, o.Interconnect = "PCIe", model.InterconnectPCIe
			}
		}
	}
	if count == 1 {
		o.Interconnect = model.InterconnectSingle
	}
	return o
}

// testCatalog is a small hand-made catalog: three USD providers with
// policies and one CNY provider, a dozen offers.
func testCatalog() *model.Catalog {
	cat := &model.Catalog{
		Info:     model.CatalogInfo{Origin: "test", SnapshotDate: "2026-11-29"},
		GPUs:     map[string]model.GPU{},
		Policies: map[string]model.Policy{},
		Models:   testPresets,
		FX:       []model.FXRate{{From: model.USD, To: model.CNY, Rate: 7.2, Date: "2026-11-01", Source: "test rate"}},
	}
	for _, g := range testGPUs {
		cat.GPUs[g.Name] = g
	}
	cat.Policies["cloudA"] = model.Policy{Provider: "cloudA", Name: "Cloud A", Currency: model.USD,
		Commit1y: model.Discount{Fraction: 0.4}, Commit3y: model.Discount{Fraction: 0.6},
		CommitReservesCapacity: model.Yes, SpotAvailable: model.Yes, SpotNoticeSeconds: 120,
		BillingGranularity: "per-second", EgressKnown: true, EgressFreeGBMonth: 100,
		EgressTiers:         []model.EgressTier{{UpToGB: 10240, PerGB: 0.09}, {PerGB: 0.05}},
		BlockStorageGBMonth: 0.08, StorageBilledWhileStopped: model.Yes, LocalDiskSurvivesStop: model.No,
		Sources: []string{"test://cloudA/policy"}}
	cat.Policies["cloudB"] = model.Policy{Provider: "cloudB", Name: "Cloud B", Currency: model.USD,
		CommitMax: model.Discount{Fraction: 0.5, UpTo: true}, CommitReservesCapacity: model.No,
		SpotAvailable: model.Yes, PreemptibleMaxHours: 24, BillingGranularity: "hourly",
		EgressKnown: true, EgressTiers: []model.EgressTier{{PerGB: 0.12}}, BlockStorageGBMonth: 0.1,
		Sources: []string{"test://cloudB/policy"}}
	cat.Policies["cnc"] = model.Policy{Provider: "cnc", Name: "CN Cloud", Currency: model.CNY,
		Commit1y: model.Discount{Fraction: 0.17}, Commit3y: model.Discount{Fraction: 0.5},
		EgressKnown: true, EgressTiers: []model.EgressTier{{PerGB: 0.8}}, BlockStorageGBMonth: 0.35,
		Sources: []string{"test://cnc/policy"}}

	add := func(o model.Offer) { cat.Offers = append(cat.Offers, o) }
	add(testOffer("cloudA", "h100x8", "H100 SXM5", 8, 98.32))
	o := testOffer("cloudA", "h100x1", "H100 SXM5", 1, 12.29)
	o.Spot = 4.1
	add(o)
	o = testOffer("cloudA", "a100-80x8", "A100-80GB SXM4", 8, 40.96)
	o.Spot = 16.5
	o.RDMA = model.Yes
	add(o)
	add(testOffer("cloudA", "a100-40x8", "A100-40GB SXM4", 8, 32.77))
	o = testOffer("cloudA", "l4x1", "L4", 1, 0.98)
	o.Spot = 0.35
	add(o)
	add(testOffer("cloudA", "t4x1", "T4", 1, 0.53))
	o = testOffer("cloudB", "a6000x1", "RTX A6000", 1, 0.8)
	o.Spot = 0.4
	add(o)
	add(testOffer("cloudB", "a6000x4", "RTX A6000", 4, 3.2))
	add(testOffer("cloudB", "h100pcie-x1", "H100 PCIe", 1, 2.49))
	add(testOffer("cloudB", "a100-80-pcie-x1", "A100-80GB PCIe", 1, 1.79))
	add(testOffer("cloudB", "h200x8", "H200 SXM", 8, 31.92))
	add(testOffer("cloudB", "b200x8", "B200 (HGX, 1000 W)", 8, 47.92))
	add(testOffer("cloudB", "mystery", "Mystery X1", 1, 0.6))
	o = testOffer("market", "rtx4090", "GeForce RTX 4090", 1, 0.35)
	o.Marketplace, o.VCPUType = true, model.VCPUMarketplace
	add(o)
	o = testOffer("cnc", "gn-a100-80", "A100-80GB SXM4", 1, 28.0)
	o.Currency, o.EditDetail().Monthly = model.CNY, 9800
	o.PriceDate = "2024-12-30"
	add(o)
	return cat
}

// syntheticCatalog builds n random offers over the test GPUs, counts of
// 1/2/4/8 and 40 providers, with a fixed seed: a stand-in for a large
// imported catalog.
func syntheticCatalog(n int, seed uint64) *model.Catalog {
	cat := testCatalog()
	cat.Offers = cat.Offers[:0]
	rng := rand.New(rand.NewPCG(seed, 1))
	counts := []int{1, 2, 4, 8}
	for i := 0; i < n; i++ {
		g := testGPUs[rng.IntN(len(testGPUs))]
		c := counts[rng.IntN(len(counts))]
		prov := fmt.Sprintf("p%02d", rng.IntN(40))
		if rng.IntN(4) == 0 {
			prov = []string{"cloudA", "cloudB", "cnc"}[rng.IntN(3)]
		}
		base := g.VRAMGiB / 24 * (0.5 + rng.Float64())
		o := testOffer(prov, fmt.Sprintf("i%06d", i), g.Name, c, base*float64(c))
		randomPrices(&o, rng, 10, 50, 5)
		cat.Offers = append(cat.Offers, o)
	}
	return cat
}

// randomPrices gives a test offer its currency (yuan for "cnc") and, at
// random, a spot price (one in three), a monthly plan (one in monthly),
// no on-demand price (one in noOD) and a cluster network (one in rdma).
func randomPrices(o *model.Offer, rng *rand.Rand, monthly, noOD, rdma int) {
	if o.Provider == "cnc" {
		o.Currency = model.CNY
		o.OnDemand *= 7.2
	}
	if rng.IntN(3) == 0 {
		o.Spot = o.OnDemand * (0.3 + 0.4*rng.Float64())
	}
	if rng.IntN(monthly) == 0 {
		o.EditDetail().Monthly = o.OnDemand * 500
	}
	if rng.IntN(noOD) == 0 {
		o.OnDemand = 0
	}
	if rng.IntN(rdma) == 0 {
		o.RDMA = model.Yes
	}
}
