package model

// PriceQuote is the cost of the GPUs for the run under one price model
// (storage and egress are the same under every model: see HiddenCosts).
// Amounts are in USD (converted when the offer is priced in another
// currency) and, in the display currency, in Hourly and Total.
type PriceQuote struct {
	Name      PriceModel `json:"name" toml:"name"`
	HourlyUSD float64    `json:"hourly_usd" toml:"hourly_usd"`
	TotalUSD  float64    `json:"total_usd" toml:"total_usd"`
	Hourly    float64    `json:"hourly" toml:"hourly"`
	Total     float64    `json:"total" toml:"total"`
	// BilledHours is the hours paid for under this model (a commitment pays
	// every hour of its term share; spot adds re-run time).
	BilledHours float64 `json:"billed_hours" toml:"billed_hours"`
	// BreakEvenHoursPerWeek is the weekly use above which this model is
	// cheaper than on-demand (0 when it does not apply).
	BreakEvenHoursPerWeek float64 `json:"break_even_hours_per_week,omitempty" toml:"break_even_hours_per_week,omitempty"`
	// Estimate marks a price derived from a published discount rather than
	// a listed price.
	Estimate bool   `json:"estimate" toml:"estimate"`
	Note     string `json:"note,omitempty" toml:"note,omitempty"`
	// UpTo marks an estimate from an "up to" maximum discount: a best case,
	// never a firm price.
	UpTo bool `json:"up_to,omitempty" toml:"up_to,omitempty"`
	// Eligible is true when this model may be chosen for the run (spot is
	// not for a job that cannot be interrupted; an "up to" estimate is not a
	// price to plan on). Ineligible quotes are shown for comparison.
	Eligible bool `json:"eligible" toml:"eligible"`
	// WithinBudget reports whether this model keeps the run within the
	// budget (true when no budget was given).
	WithinBudget bool `json:"within_budget" toml:"within_budget"`
	// CalendarHours is the calendar time the model pays for or covers (a
	// plan or commitment term may be longer than the run).
	CalendarHours float64 `json:"calendar_hours,omitempty" toml:"calendar_hours,omitempty"`
	// Region is the region or zone whose price this is ("" when all share
	// it); PriceRange the lowest and highest price across the offer's
	// zones (RangeLow, RangeHigh), per hour for all nodes in the display
	// currency, where they differ.
	Region    string  `json:"region,omitempty" toml:"region,omitempty"`
	RangeLow  float64 `json:"range_low,omitempty" toml:"range_low,omitempty"`
	RangeHigh float64 `json:"range_high,omitempty" toml:"range_high,omitempty"`
	// Interruption is AWS's spot interruption bucket for the region of the
	// price ("5-10%"), dated InterruptionDate; "unknown" where no figure is
	// published. OverheadHours is the re-run time it adds.
	Interruption     string  `json:"interruption,omitempty" toml:"interruption,omitempty"`
	InterruptionDate string  `json:"interruption_date,omitempty" toml:"interruption_date,omitempty"`
	OverheadHours    float64 `json:"overhead_hours,omitempty" toml:"overhead_hours,omitempty"`
	// Assumptions state what a hybrid (or spot) price assumes, one a line.
	Assumptions []string `json:"assumptions,omitempty" toml:"assumptions,omitempty"`
}

// HiddenCosts are the costs of a run besides the GPUs, in USD and in the
// display currency, with the reason for each. A price the provider does
// not publish is replaced by a stated, conservative estimate (the highest
// published price of the provider's class) with its Estimated flag set,
// and counted. Only when no estimate can be made is the cost 0 with its
// Unknown flag set: it is not counted in Recommendation.Total, which is
// then a lower bound.
type HiddenCosts struct {
	StorageUSD float64 `json:"storage_usd" toml:"storage_usd"`
	EgressUSD  float64 `json:"egress_usd" toml:"egress_usd"`
	Storage    float64 `json:"storage" toml:"storage"`
	Egress     float64 `json:"egress" toml:"egress"`
	// StorageUnknown and EgressUnknown mark a run that stores data or sends
	// it out on a provider whose price for it is not known.
	StorageUnknown bool `json:"storage_unknown,omitempty" toml:"storage_unknown,omitempty"`
	EgressUnknown  bool `json:"egress_unknown,omitempty" toml:"egress_unknown,omitempty"`
	// StorageEstimated and EgressEstimated mark a cost priced at the
	// estimate of the provider's class because the provider publishes no
	// price for it (the notes say which published price it is).
	StorageEstimated bool     `json:"storage_estimated,omitempty" toml:"storage_estimated,omitempty"`
	EgressEstimated  bool     `json:"egress_estimated,omitempty" toml:"egress_estimated,omitempty"`
	Notes            []string `json:"notes,omitempty" toml:"notes,omitempty"`
}

// Estimated reports whether a part of the run's cost is a class estimate
// rather than the provider's published price.
func (h *HiddenCosts) Estimated() bool { return h.StorageEstimated || h.EgressEstimated }

// Partial reports whether a part of the run's cost is unknown, so that the
// all-in total counts only the known parts.
func (h *HiddenCosts) Partial() bool { return h.StorageUnknown || h.EgressUnknown }

// AllIn is the one definition of a run's all-in cost: the GPUs plus the
// known storage and egress (in one currency). An unknown part counts as
// nothing here, so the caller marks the total as partial (HiddenCosts.Partial)
// and ranks it after known totals.
func AllIn(gpu, storage, egress float64) float64 { return gpu + storage + egress }

// Speed is the estimated performance of the workload on one recommendation.
// Zero means not estimated (unknown GPU figures, or not relevant).
type Speed struct {
	DecodeTokensPerSec  float64 `json:"decode_tokens_per_s,omitempty" toml:"decode_tokens_per_s,omitempty"`   // per stream
	PrefillTokensPerSec float64 `json:"prefill_tokens_per_s,omitempty" toml:"prefill_tokens_per_s,omitempty"` // whole deployment
	TimeToFirstTokenSec float64 `json:"ttft_s,omitempty" toml:"ttft_s,omitempty"`
	ThroughputTokensSec float64 `json:"throughput_tokens_per_s,omitempty" toml:"throughput_tokens_per_s,omitempty"` // all streams / training tokens
	// JobHours is the wall-clock hours a job-size run takes on this offer.
	JobHours float64 `json:"job_hours,omitempty" toml:"job_hours,omitempty"`
	// Utilisation is the assumed fraction of peak compute (MFU) used.
	Utilisation float64 `json:"utilisation,omitempty" toml:"utilisation,omitempty"`
	// MeetsLatency is false when the offer is too slow for the latency class.
	MeetsLatency bool `json:"meets_latency" toml:"meets_latency"`
	// Unknown is true when the GPU's bandwidth or TFLOPS are not known, so
	// no speed was estimated and the latency class could not be checked.
	Unknown bool `json:"unknown,omitempty" toml:"unknown,omitempty"`
	// BandwidthUtilisation is the assumed fraction of peak memory bandwidth
	// reached while decoding (tensor-parallel losses included).
	BandwidthUtilisation float64 `json:"bandwidth_utilisation,omitempty" toml:"bandwidth_utilisation,omitempty"`
	// PromptTokens is the prompt length the first-token time assumes.
	PromptTokens int `json:"prompt_tokens,omitempty" toml:"prompt_tokens,omitempty"`
	// Engine is the inference engine the speed models (EngineVLLM for
	// serving and batch generation of a language model); empty where no
	// engine is modelled.
	Engine Engine `json:"engine,omitempty" toml:"engine,omitempty"`
	// Concurrency is the sequences a batch generation job runs at once
	// over the whole configuration (all replicas), as the engine sizes
	// it to the memory; 0 outside batch jobs.
	Concurrency int `json:"concurrency,omitempty" toml:"concurrency,omitempty"`
	// SecondsPerImage is the time of one image of a diffusion pipeline on
	// one GPU at the requirement's resolution and steps; ImagesPerHour is
	// the whole configuration's rate (every GPU runs a copy).
	SecondsPerImage float64 `json:"seconds_per_image,omitempty" toml:"seconds_per_image,omitempty"`
	ImagesPerHour   float64 `json:"images_per_hour,omitempty" toml:"images_per_hour,omitempty"`
	// RequestsPerSec is the inputs an embedding or reranking model
	// encodes per second over the whole configuration, each of the
	// requirement's sequence length (ThroughputTokensSec is the same in
	// tokens); 0 for other workloads.
	RequestsPerSec float64 `json:"requests_per_s,omitempty" toml:"requests_per_s,omitempty"`

	// CommShare is the share of a step (a decode step, or a training
	// micro-batch) spent moving data between GPUs and not hidden behind
	// compute.
	CommShare float64 `json:"comm_share,omitempty" toml:"comm_share,omitempty"`
	// Link is how the GPUs of a node exchange data: "nvswitch", "nvlink",
	// "nvlink-bridge", "infinity-fabric" or "pcie-host" (PCIe, copies
	// through host memory); empty for one GPU. NodeLink is how nodes do:
	// "rdma" or "tcp"; empty for one node.
	Link     string `json:"link,omitempty" toml:"link,omitempty"`
	NodeLink string `json:"node_link,omitempty" toml:"node_link,omitempty"`
	// LinkAssumed is true when the offer does not document how its GPUs
	// are linked and PCIe through host memory was assumed.
	LinkAssumed bool `json:"link_assumed,omitempty" toml:"link_assumed,omitempty"`
	// LinkGBs is the bus bandwidth per GPU assumed on Link (GB/s, one
	// direction); NodeGbps the NIC rate of a node assumed on NodeLink.
	LinkGBs  float64 `json:"link_gbs,omitempty" toml:"link_gbs,omitempty"`
	NodeGbps float64 `json:"node_gbps,omitempty" toml:"node_gbps,omitempty"`
	// Reason explains in a sentence what communication costs this
	// configuration and why (empty when nothing moves between GPUs).
	Reason string `json:"reason,omitempty" toml:"reason,omitempty"`
}

// Engine names the software a speed estimate models.
type Engine string

// EngineVLLM is vLLM, the engine gpupick models for serving and batch
// generation of language models.
const EngineVLLM Engine = "vLLM"

// SetupTime is what a run spends before its first useful step: getting
// the machine, pulling the container image, downloading the weights and
// loading them onto the GPUs. A job-size run is billed for it.
type SetupTime struct {
	// Class is the provider class the provisioning time assumes:
	// "hyperscaler-vm", "neocloud-vm" or "container" (a marketplace host
	// or a container platform).
	Class        string  `json:"class" toml:"class"`
	ProvisionSec float64 `json:"provision_s" toml:"provision_s"`
	ImagePullSec float64 `json:"image_pull_s" toml:"image_pull_s"`
	DownloadSec  float64 `json:"download_s" toml:"download_s"`
	LoadSec      float64 `json:"load_s" toml:"load_s"`
	// CheckpointGB is the checkpoint each node downloads (0 for
	// pre-training, whose weights start random).
	CheckpointGB float64 `json:"checkpoint_gb" toml:"checkpoint_gb"`
	// Hours is the whole set-up.
	Hours float64 `json:"hours" toml:"hours"`
}

// Shortfalls of a recommendation.
const (
	// ShortHeadroom: the spare GPU memory is below the safety margin.
	ShortHeadroom = "headroom-below-margin"
	// ShortFP8WeightOnly: FP8 was asked on a GPU without FP8 tensor cores,
	// so it runs weight-only at 16-bit compute.
	ShortFP8WeightOnly = "fp8-weight-only"
	// ShortFP4WeightOnly: FP4 or MXFP4 was asked on a GPU without FP4
	// tensor cores, so it runs weight-only (dequantised in the kernel) at
	// 16-bit compute.
	ShortFP4WeightOnly = "fp4-weight-only"
	// ShortBF16AsFP16: BF16 was asked on a GPU without BF16, so it runs
	// in FP16 (narrower range: cast weights, loss scaling in training).
	ShortBF16AsFP16 = "bf16-as-fp16"
	// ShortLatencyMargin: the estimated decode speed meets the latency
	// class by less than the estimate's tested tolerance, so the run may
	// miss the class.
	ShortLatencyMargin = "latency-margin"
	// ShortHostRAMUnknown: the catalog does not know the host's RAM, so
	// whether the software can load and run the job there is not known
	// (the worse case: it cannot).
	ShortHostRAMUnknown = "host-ram-unknown"
	// ShortLongJob: the job, with no deadline given, runs beyond two years
	// of wall-clock even on the most nodes allowed.
	ShortLongJob = "wall-clock-over-2-years"
)

// Hosting of an offer.
const (
	HostingDatacenter  = "datacenter"  // the provider's own data centre
	HostingMarketplace = "marketplace" // a marketplace or community host
)

// RiskPenalty is one risk the ranking prices in: a share added to the
// all-in cost when offers are ordered.
type RiskPenalty struct {
	Code    string `json:"code" toml:"code"`
	Percent int    `json:"percent" toml:"percent"`
	Text    string `json:"text" toml:"text"`
}

// Recommendation is one ranked way to run the workload: an offer, how many
// nodes of it, the price model that makes the run cheapest, and what to
// watch out for.
type Recommendation struct {
	Offer *Offer `json:"-" toml:"-"`

	Provider     string `json:"provider" toml:"provider"`
	InstanceType string `json:"instance_type" toml:"instance_type"`
	// Region is the region the chosen price applies to: the region of the
	// lowest on-demand price, of the spot zone used, the one the region
	// filter asked for, or the offer's only region; empty only when the
	// catalog does not say.
	Region string `json:"region" toml:"region"`
	// Zone is the zone within Region whose price is used, where the
	// price is a zone's (spot): "us-south1-b", or "us-east-1/use1-az4"
	// for an AWS zone ID.
	Zone     string `json:"zone,omitempty" toml:"zone,omitempty"`
	GPU      string `json:"gpu" toml:"gpu"`
	GPUCount int    `json:"gpu_count" toml:"gpu_count"` // per node
	Nodes    int    `json:"nodes" toml:"nodes"`
	// VRAMGiB is the GPU memory of one node.
	VRAMGiB float64 `json:"vram_gib" toml:"vram_gib"`
	// NeedPerGPUGiB is the memory each GPU must hold in this configuration.
	NeedPerGPUGiB float64 `json:"need_per_gpu_gib" toml:"need_per_gpu_gib"`
	// Headroom is the spare share of GPU memory: (have - need) / have.
	Headroom float64 `json:"headroom" toml:"headroom"`
	// TensorParallel and PipelineParallel are the parallel degrees assumed.
	TensorParallel   int `json:"tensor_parallel,omitempty" toml:"tensor_parallel,omitempty"`
	PipelineParallel int `json:"pipeline_parallel,omitempty" toml:"pipeline_parallel,omitempty"`
	// ExpertParallel is the GPUs a mixture-of-experts model's experts are
	// spread over whole (vLLM's --enable-expert-parallel: each GPU holds
	// its own experts instead of a slice of every one); 0 or 1 when the
	// experts are split like the other layers.
	ExpertParallel int `json:"expert_parallel,omitempty" toml:"expert_parallel,omitempty"`
	// DataParallelAttention is set when each of the ExpertParallel GPUs
	// runs attention for its own requests (vLLM's --data-parallel-size
	// with expert parallelism) rather than a tensor-parallel slice of it.
	DataParallelAttention bool `json:"data_parallel_attention,omitempty" toml:"data_parallel_attention,omitempty"`

	// PriceModel is the cheapest available model for this run; HourlyUSD is
	// its GPU rate (all nodes) and GPUTotalUSD the GPUs for the whole run
	// under it. TotalUSD is the all-in cost of the run (AllIn: GPUs, storage
	// and egress); when HiddenCosts.Partial() it counts only the known parts
	// and is a lower bound. Hourly, GPUTotal and Total are the same in the
	// display currency; Currency is the offer's own currency. Totals are 0
	// when the run's length is unknown.
	PriceModel   PriceModel   `json:"price_model" toml:"price_model"`
	HourlyUSD    float64      `json:"hourly_usd" toml:"hourly_usd"`
	TotalUSD     float64      `json:"total_usd" toml:"total_usd"`
	Hourly       float64      `json:"hourly" toml:"hourly"`
	Total        float64      `json:"total" toml:"total"`
	GPUTotalUSD  float64      `json:"gpu_total_usd" toml:"gpu_total_usd"`
	GPUTotal     float64      `json:"gpu_total" toml:"gpu_total"`
	Currency     Currency     `json:"currency" toml:"currency"`
	Converted    bool         `json:"converted" toml:"converted"`
	WithinBudget bool         `json:"within_budget" toml:"within_budget"`
	PriceModels  []PriceQuote `json:"price_models" toml:"price_models"`
	HiddenCosts  HiddenCosts  `json:"hidden_costs" toml:"hidden_costs"`
	// PerImageUSD and PerImage are the GPU cost of one image of a diffusion
	// pipeline under the chosen price model (its hourly rate over the
	// images the configuration makes in an hour); 0 for a language model
	// or an unknown speed.
	PerImageUSD float64 `json:"per_image_usd,omitempty" toml:"per_image_usd,omitempty"`
	PerImage    float64 `json:"per_image,omitempty" toml:"per_image,omitempty"`
	// PerMillionTokensUSD and PerMillionTokens are the GPU cost of
	// embedding a million tokens under the chosen price model (its hourly
	// rate over the tokens the configuration encodes in an hour); 0 for
	// other workloads or an unknown speed.
	PerMillionTokensUSD float64 `json:"usd_per_million_tokens,omitempty" toml:"usd_per_million_tokens,omitempty"`
	PerMillionTokens    float64 `json:"per_million_tokens,omitempty" toml:"per_million_tokens,omitempty"`
	// RunHours is the hours the GPUs run (wall-clock share, or job time
	// plus set-up for a job-size run).
	RunHours float64 `json:"run_hours" toml:"run_hours"`
	// Setup is the set-up before the run, with its parts.
	Setup SetupTime `json:"setup" toml:"setup"`
	// StoredGB is what the run keeps on disk, as priced in HiddenCosts:
	// the user's data and, for a training run, one checkpoint (weights and
	// optimizer state, or the adapter's). The checkpoint downloaded first
	// (Setup.CheckpointGB) is not kept; a record written before the
	// checkpoint was added to the data holds the data alone.
	StoredGB float64   `json:"stored_gb,omitempty" toml:"stored_gb,omitempty"`
	Speed    Speed     `json:"speed" toml:"speed"`
	Warnings []Warning `json:"warnings" toml:"warnings"`
	// Shortfalls say how the offer falls short of the job as asked
	// (ShortHeadroom, ShortFP8WeightOnly); an offer with fewer ranks first
	// within its budget group and latency tier.
	Shortfalls []string `json:"shortfalls,omitempty" toml:"shortfalls,omitempty"`
	// Risk lists the penalties the default order adds to the all-in cost
	// for ranking (never to the totals shown); RiskPercent is their
	// compounded total (each penalty raises the cost the others raised).
	Risk []RiskPenalty `json:"risk,omitempty" toml:"risk,omitempty"`
	// Interconnect is the offer's GPU-to-GPU link (nvswitch, nvlink, pcie,
	// single, infinity-fabric, or unknown), Hosting HostingDatacenter or
	// HostingMarketplace, VCPUType its host CPUs (dedicated, shared, ...,
	// or unknown).
	Interconnect string `json:"interconnect" toml:"interconnect"`
	Hosting      string `json:"hosting" toml:"hosting"`
	VCPUType     string `json:"vcpu_type" toml:"vcpu_type"`
	RiskPercent  int    `json:"risk_percent" toml:"risk_percent"`
	// OfferOrigin says whether the user's catalog overlay set the
	// offer's price ("overlay-price": the quote is a negotiated price, not
	// the launchers' list price) or added the offer ("overlay-offer": an
	// instance type no public catalog lists); absent, as in records
	// written before it existed, for a public offer at its list price.
	OfferOrigin OfferOrigin `json:"offer_origin,omitempty" toml:"offer_origin,omitzero"`

	// AllInUSD and AllIn repeat TotalUSD and Total (the all-in cost), for
	// records and scripts written when Total was the GPUs alone.
	AllInUSD float64 `json:"all_in_usd" toml:"all_in_usd"`
	AllIn    float64 `json:"all_in" toml:"all_in"`
	// CalendarHours is the calendar length of the run on this offer.
	CalendarHours float64 `json:"calendar_hours" toml:"calendar_hours"`
	// Sharding is the training sharding strategy assumed ("none", "zero1",
	// "zero2", "zero3", "fsdp"); empty for inference.
	Sharding string `json:"sharding,omitempty" toml:"sharding,omitempty"`
	// Layout is how a training run splits over the GPUs and the launcher
	// it needs; nil for inference.
	Layout *TrainLayout `json:"layout,omitempty" toml:"layout,omitempty"`
	// Replicas is the number of model copies serving in parallel on one
	// node (inference with fewer tensor-parallel GPUs than the node has).
	Replicas int `json:"replicas,omitempty" toml:"replicas,omitempty"`
	// GPUsUsed is the number of GPUs the configuration puts to work (all
	// nodes); the rest of the node idles.
	GPUsUsed int `json:"gpus_used" toml:"gpus_used"`
	// OtherSizes are the rows of the same product at its other GPU counts
	// that the ranking lists (the provider sells it as one instance name
	// but for the count), in order of GPUs: the ranking lists a product
	// once, at its best-ranked size, this one.
	OtherSizes []OfferRow `json:"other_sizes,omitempty" toml:"other_sizes,omitempty"`
	// SizesOmitted is set when the product has other sizes that a ranking
	// asked for the first recommendations' alone did not list
	// (advisor.Options.Sizes); expanding the offer lists them.
	SizesOmitted bool `json:"-" toml:"-"`
}

// OfferRow is one listed offer as the advisor ranks it, without the detail
// of a Recommendation (price-model table, warnings, notes): what a list of
// every fitting offer holds to show, filter and sort them. Its figures are
// those of the offer's Recommendation under the same answers.
type OfferRow struct {
	Offer *Offer `json:"-" toml:"-"`
	// Index is the offer's position in the catalog's Offers.
	Index        int    `json:"index" toml:"index"`
	Provider     string `json:"provider" toml:"provider"`
	InstanceType string `json:"instance_type" toml:"instance_type"`
	Region       string `json:"region" toml:"region"`
	GPU          string `json:"gpu" toml:"gpu"`
	GPUCount     int    `json:"gpu_count" toml:"gpu_count"`
	Nodes        int    `json:"nodes" toml:"nodes"`
	// VRAMGiB is the GPU memory of one node; Headroom the spare share.
	VRAMGiB    float64    `json:"vram_gib" toml:"vram_gib"`
	Headroom   float64    `json:"headroom" toml:"headroom"`
	PriceModel PriceModel `json:"price_model" toml:"price_model"`
	// Hourly, GPUTotal and Total (all-in) are in the display currency.
	Hourly       float64 `json:"hourly" toml:"hourly"`
	GPUTotal     float64 `json:"gpu_total" toml:"gpu_total"`
	Total        float64 `json:"total" toml:"total"`
	Converted    bool    `json:"converted" toml:"converted"`
	WithinBudget bool    `json:"within_budget" toml:"within_budget"`
	// StorageUnknown and EgressUnknown are those of HiddenCosts.
	StorageUnknown bool `json:"storage_unknown,omitempty" toml:"storage_unknown,omitempty"`
	EgressUnknown  bool `json:"egress_unknown,omitempty" toml:"egress_unknown,omitempty"`
	// StorageEstimated and EgressEstimated are those of HiddenCosts.
	StorageEstimated bool `json:"storage_estimated,omitempty" toml:"storage_estimated,omitempty"`
	EgressEstimated  bool `json:"egress_estimated,omitempty" toml:"egress_estimated,omitempty"`
}

// Estimated reports whether the row's total counts a class estimate.
func (r *OfferRow) Estimated() bool { return r.StorageEstimated || r.EgressEstimated }

// Partial reports whether the row's total counts only the known parts.
func (r *OfferRow) Partial() bool { return r.StorageUnknown || r.EgressUnknown }

// RankCost is the all-in cost the default order compares: the total
// raised by each risk penalty in turn (they compound); a record that
// lists no penalties uses its RiskPercent.
func (r *Recommendation) RankCost() float64 {
	if len(r.Risk) == 0 {
		return r.TotalUSD * (1 + float64(r.RiskPercent)/100)
	}
	x := r.TotalUSD
	for _, k := range r.Risk {
		x *= 1 + float64(k.Percent)/100
	}
	return x
}

// Row is the recommendation's row of a list of offers.
func (r *Recommendation) Row(index int) OfferRow {
	return OfferRow{
		Offer: r.Offer, Index: index, Provider: r.Provider, InstanceType: r.InstanceType, Region: r.Region,
		GPU: r.GPU, GPUCount: r.GPUCount, Nodes: r.Nodes, VRAMGiB: r.VRAMGiB, Headroom: r.Headroom,
		PriceModel: r.PriceModel, Hourly: r.Hourly, GPUTotal: r.GPUTotal, Total: r.Total, Converted: r.Converted,
		WithinBudget: r.WithinBudget, StorageUnknown: r.HiddenCosts.StorageUnknown, EgressUnknown: r.HiddenCosts.EgressUnknown,
		StorageEstimated: r.HiddenCosts.StorageEstimated, EgressEstimated: r.HiddenCosts.EgressEstimated,
	}
}

// Result is everything the advisor returns for one set of answers.
type Result struct {
	Catalog         CatalogInfo      `json:"catalog" toml:"catalog"`
	Currency        Currency         `json:"currency" toml:"currency"`
	Requirement     Requirement      `json:"requirement" toml:"requirement"`
	Recommendations []Recommendation `json:"recommendations" toml:"recommendations"`
	// OnRequest are offers whose facts hold the workload on one node but
	// whose price no source publishes ("price on request"): listed after
	// the ranking, never ranked, since an unknown price is never counted
	// as free.
	OnRequest []OfferOnRequest `json:"price_on_request,omitempty" toml:"price_on_request,omitempty"`
	// Considered is the number of offers looked at; Matched the number that
	// fit (before the top-N cut).
	Considered int `json:"considered" toml:"considered"`
	Matched    int `json:"matched" toml:"matched"`
	// Listed is the number of offers the ranking lists (Recommendations
	// holds the first Top of them): those that fit, less offers known to be
	// too slow for the latency class when faster ones are in the same
	// budget group, less offers over the budget when they are hidden.
	Listed int `json:"listed" toml:"listed"`
	// OverBudget is the number of offers that would be listed but are over
	// the budget: they follow the offers within it, or with
	// Options.WithinBudget they are left out and OverBudgetHidden is set.
	OverBudget       int  `json:"over_budget" toml:"over_budget"`
	OverBudgetHidden bool `json:"over_budget_hidden,omitempty" toml:"over_budget_hidden,omitempty"`
	// Rows are the listed offers' rows in rank order: those of the
	// Recommendations, or every listed offer when advisor.Options.All asks
	// for them (for a list that pages; not in JSON).
	Rows        []OfferRow   `json:"-" toml:"-"`
	Suggestions []Suggestion `json:"suggestions,omitempty" toml:"suggestions,omitempty"`
	// WhyFirst says in one or two lines why the first recommendation ranks
	// before the second (cost, speed, risk).
	WhyFirst []string `json:"why_first,omitempty" toml:"why_first,omitempty"`
	// Tradeoffs say what a gate of the answers costs (the plan that would
	// lead without it) and, for a job with no deadline that runs longer
	// than six months, the plan a deadline would give; advisor's
	// WhatWouldChange works them out (their texts end WhyFirst).
	Tradeoffs []Tradeoff `json:"tradeoffs,omitempty" toml:"tradeoffs,omitempty"`
	// Notes explain an empty or partial result ("no offer fits: ...").
	Notes []string `json:"notes,omitempty" toml:"notes,omitempty"`
}

// OfferOnRequest is an offer listed with its facts and no price: one that
// holds the workload but whose price no source publishes.
type OfferOnRequest struct {
	Provider     string   `json:"provider" toml:"provider"`
	InstanceType string   `json:"instance_type" toml:"instance_type"`
	GPU          string   `json:"gpu" toml:"gpu"` // "" when the source names none
	GPUCount     int      `json:"gpu_count" toml:"gpu_count"`
	VRAMGiB      float64  `json:"vram_gib" toml:"vram_gib"` // the node's
	Regions      []string `json:"regions" toml:"regions"`
}
