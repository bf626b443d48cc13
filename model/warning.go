package model

// Severity ranks a warning.
type Severity string

// Severities from mildest to worst.
const (
	SeverityInfo     Severity = "info"
	SeverityWarn     Severity = "warn"
	SeverityCritical Severity = "critical"
)

// Rank orders severities: info 1, warn 2, critical 3.
func (s Severity) Rank() int {
	switch s {
	case SeverityInfo:
		return 1
	case SeverityWarn:
		return 2
	case SeverityCritical:
		return 3
	}
	return 0
}

// Warning codes. They are stable: scripts match on them.
const (
	WarnNoNVLink          = "no-nvlink"
	WarnSharedVCPU        = "shared-vcpu"
	WarnLowCPUPerGPU      = "low-cpu-per-gpu"
	WarnSpotNoCheckpoint  = "spot-no-checkpoint"
	WarnPreemptibleLimit  = "preemptible-limit"
	WarnCommitmentLockIn  = "commitment-lock-in"
	WarnVRAMTight         = "vram-tight"
	WarnLowBandwidth      = "low-bandwidth-decode"
	WarnFP8Unsupported    = "fp8-unsupported"
	WarnEphemeralDisk     = "ephemeral-disk"
	WarnEgressCost        = "egress-cost"
	WarnMarketplaceHost   = "marketplace-host"
	WarnPCIeVariant       = "pcie-variant"
	WarnStalePrice        = "stale-price"
	WarnUnknownPrice      = "unknown-price"
	WarnConvertedCurrency = "converted-currency"
	WarnBF16Unsupported   = "bf16-unsupported"
	WarnLegacyGPU         = "legacy-gpu"
	// WarnSpeedUnknown: the GPU's bandwidth or TFLOPS are unknown, so the
	// latency class (or a job's duration) could not be checked.
	WarnSpeedUnknown = "speed-unknown"
	// WarnSlowFirstToken: the first token comes later than the latency
	// class allows (realtime: 1 s).
	WarnSlowFirstToken = "slow-first-token"
	// WarnLatencyMargin: the estimated decode speed meets the latency
	// class by less than the estimate's tested tolerance.
	WarnLatencyMargin = "latency-margin"
	// WarnHostRAMUnknown: the host's RAM is not known, and the job needs
	// a published amount of it to load and run.
	WarnHostRAMUnknown = "host-ram-unknown"
	// WarnLongJob: a job with no deadline runs longer than six months of
	// wall-clock; the warning names the faster plan within the nodes
	// allowed.
	WarnLongJob = "long-job"
	// WarnSlowImage: a diffusion pipeline makes an image more slowly than
	// the latency class allows (seconds per image).
	WarnSlowImage = "slow-image"
	// WarnRegionUnknown: the source names no region for the offer, so
	// where it runs (and which residency rules it meets) is not known.
	WarnRegionUnknown = "region-unknown"
	// WarnROCmStack: an AMD GPU runs ROCm, and the workload needs software
	// with a known gap there (QLoRA's bitsandbytes 4-bit path, FlashAttention
	// builds, CUDA-only kernels).
	WarnROCmStack = "rocm-stack-gap"
	// WarnArmHost: the GPU's host CPU is Arm64 (GH200's Grace), where
	// x86-64-only wheels and container images do not run.
	WarnArmHost = "arm64-host"
)

// Warning is a trap a choice walks into: a stable code, a severity, a
// one-line message with the figures, and a longer explanation with its
// source.
type Warning struct {
	Code     string   `json:"code" toml:"code"`
	Severity Severity `json:"severity" toml:"severity"`
	Message  string   `json:"message" toml:"message"`
	Detail   string   `json:"detail,omitempty" toml:"detail,omitempty"`
	Source   string   `json:"source,omitempty" toml:"source,omitempty"`
}
