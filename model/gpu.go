package model

// GPU holds the hardware facts of one GPU model or variant. A zero number
// means the figure is unknown (no source gave it), never that it is zero.
type GPU struct {
	// Name is the canonical name, unique in a catalog (e.g. "H100 SXM5",
	// "A100-80GB PCIe"). Offers refer to GPUs by this name.
	Name         string `json:"name" toml:"name"`
	Vendor       string `json:"vendor" toml:"vendor"`
	Architecture string `json:"architecture" toml:"architecture"`
	ReleaseYear  int    `json:"release_year,omitempty" toml:"release_year,omitempty"`
	// VRAMGiB is the memory of one GPU as marketed (the "80 GB" of an
	// H100), nominal.
	VRAMGiB float64 `json:"vram_gib" toml:"vram_gib"`
	// UsableGiB is the memory a program can allocate on one GPU as the
	// driver reports it (nvidia-smi memory.total, rocminfo), 0 when no
	// source gave it; UsableSource cites it.
	UsableGiB    float64 `json:"usable_gib,omitempty" toml:"usable_gib,omitempty"`
	UsableSource string  `json:"usable_source,omitempty" toml:"usable_source,omitempty"`
	// MemBandwidthGBs is peak memory bandwidth in GB/s.
	MemBandwidthGBs float64 `json:"mem_bandwidth_gbs" toml:"mem_bandwidth_gbs"`
	FP32TFLOPS      float64 `json:"fp32_tflops" toml:"fp32_tflops"`
	// BF16TFLOPS is dense FP16/BF16 tensor throughput with FP32 accumulate.
	BF16TFLOPS float64 `json:"bf16_tflops" toml:"bf16_tflops"`
	// FP8TFLOPS is dense FP8 tensor throughput.
	FP8TFLOPS float64 `json:"fp8_tflops" toml:"fp8_tflops"`
	// INT8TOPS is dense INT8 tensor throughput.
	INT8TOPS float64 `json:"int8_tops" toml:"int8_tops"`
	FP8      Tri     `json:"fp8_supported" toml:"fp8_supported"`
	BF16     Tri     `json:"bf16_supported" toml:"bf16_supported"`
	// NVLink is Yes when the GPU model has NVLink (SXM or bridge), No when a
	// source says it has none.
	NVLink     Tri    `json:"nvlink" toml:"nvlink"`
	NVLinkNote string `json:"nvlink_note,omitempty" toml:"nvlink_note,omitempty"`
	PCIeGen    int    `json:"pcie_gen,omitempty" toml:"pcie_gen,omitempty"`
	TDPWatts   int    `json:"tdp_watts,omitempty" toml:"tdp_watts,omitempty"`
	FormFactor string `json:"form_factor,omitempty" toml:"form_factor,omitempty"`
	Source     string `json:"source" toml:"source"`
	Notes      string `json:"notes,omitempty" toml:"notes,omitempty"`
	// Aliases are the names catalogs list this GPU under ("A6000",
	// "RTXA6000", "RTX-A6000"), for matching what a user types.
	Aliases []string `json:"aliases,omitempty" toml:"aliases,omitempty"`
}

// DecimalGiB is one decimal gigabyte in GiB (1e9 / 2^30). A GPU whose
// usable memory no source measured is taken at its marketed figure read as
// decimal gigabytes: every measured GPU reports at least that much (T4 "16
// GB" 15.0 GiB, L4 "24 GB" 22.5 GiB, H100 "80 GB" 79.6 GiB, B200 "192 GB"
// 179.1 GiB), so it is the worse case.
const DecimalGiB = 1e9 / (1 << 30)

// Usable returns the usable memory of nominal GiB of this GPU (a whole
// GPU, or a slice an offer lists) and whether a measured figure backs it:
// the measured share of the marketed memory, or without one the marketed
// figure read as decimal gigabytes. A nil GPU is unknown.
//
// An offer that lists about the whole GPU (at least wholeShare of the
// GPU's marketed figure, read as GB or GiB: providers write 288, 268.6 or
// 262 for one B300) gets the GPU's one figure, whatever number the offer
// wrote; only a slice (a MIG or vGPU share) is scaled by its own figure.
func (g *GPU) Usable(nominal float64) (usable float64, measured bool) {
	if g != nil && g.VRAMGiB > 0 && nominal >= wholeShare*g.VRAMGiB*DecimalGiB {
		if g.UsableGiB > 0 {
			return g.UsableGiB, true
		}
		return g.VRAMGiB * DecimalGiB, false
	}
	if g != nil && g.UsableGiB > 0 && g.VRAMGiB > 0 {
		return nominal * min(g.UsableGiB/g.VRAMGiB, 1), true
	}
	return nominal * DecimalGiB, false
}

// wholeShare is the share of a GPU's marketed memory above which an
// offer's figure is the whole GPU: providers' figures for one GPU differ by
// the GB/GiB reading and the driver's reserve (at most 9%: 288 GB is 268.2
// GiB), a slice is at most a half.
const wholeShare = 0.85
