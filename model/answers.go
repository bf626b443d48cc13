package model

// Workload is what the GPUs will do.
type Workload string

// The workloads gpupick advises on.
const (
	WorkloadInference Workload = "inference"
	WorkloadFineTune  Workload = "finetune" // full fine-tuning
	WorkloadLoRA      Workload = "lora"
	WorkloadQLoRA     Workload = "qlora"
	WorkloadPretrain  Workload = "pretrain"
	WorkloadVRAM      Workload = "vram" // "I know my VRAM": the user states the memory
	// WorkloadEmbed: embedding or reranking, a forward pass over each
	// input with no generation (prefill only, no KV cache kept).
	WorkloadEmbed Workload = "embed"
)

// Workloads lists the workloads in the order the wizard offers them.
var Workloads = []Workload{WorkloadInference, WorkloadFineTune, WorkloadLoRA, WorkloadQLoRA, WorkloadPretrain, WorkloadVRAM, WorkloadEmbed}

// Training reports whether the workload trains weights.
func (w Workload) Training() bool {
	return w == WorkloadFineTune || w == WorkloadLoRA || w == WorkloadQLoRA || w == WorkloadPretrain
}

// Precision is the number format of the weights (and compute).
type Precision string

// The precisions gpupick knows.
const (
	FP32 Precision = "fp32"
	BF16 Precision = "bf16"
	FP16 Precision = "fp16"
	FP8  Precision = "fp8"
	INT8 Precision = "int8"
	INT4 Precision = "int4"
	// FP4 is NVIDIA's NVFP4: E2M1 values with an FP8 (E4M3) scale per 16.
	FP4 Precision = "fp4"
	// MXFP4 is the OCP Microscaling format: E2M1 values with an 8-bit
	// power-of-two (E8M0) scale per 32.
	MXFP4 Precision = "mxfp4"
	// PrecisionAuto is the default answer: the format the model's
	// checkpoint ships in (ModelPreset.CheckpointPrecision), as vLLM's
	// --dtype auto and the checkpoint's quantization_config load it; BF16
	// when the catalog does not record it. It is an answer, never a
	// sizing: the advisor resolves it where the preset is known, and the
	// requirement carries the concrete precision (Requirement.Precision).
	PrecisionAuto Precision = "auto"
)

// precisionList is PrecisionAuto and the concrete precisions: the one
// array Precisions and PrecisionChoices slice (laid out by the linker, no
// copy made at start-up).
var precisionList = [...]Precision{PrecisionAuto, FP32, BF16, FP16, FP8, INT8, INT4, FP4, MXFP4}

// Precisions lists the concrete precisions from widest to narrowest.
var Precisions = precisionList[1:]

// PrecisionChoices are the accepted answers of the precision question:
// PrecisionAuto (the default) first, then Precisions.
var PrecisionChoices = precisionList[:]

// Resolve is the concrete precision of an answer: p itself when given,
// else (PrecisionAuto or blank) the checkpoint's format, or BF16 when the
// checkpoint's is not known ("").
func (p Precision) Resolve(checkpoint Precision) Precision {
	switch {
	case p != PrecisionAuto && p != "":
		return p
	case checkpoint != "":
		return checkpoint
	}
	return BF16
}

// BytesPerParam is the storage of one weight, without quantisation metadata.
func (p Precision) BytesPerParam() float64 {
	switch p {
	case FP32:
		return 4
	case BF16, FP16:
		return 2
	case FP8, INT8:
		return 1
	case INT4, FP4, MXFP4:
		return 0.5
	}
	return 0
}

// FP4 reports whether the precision is a 4-bit floating-point format
// (NVFP4 or MXFP4), which runs natively only on GPUs with FP4 tensor cores.
func (p Precision) FP4() bool { return p == FP4 || p == MXFP4 }

// Latency is how fast answers must come back.
type Latency string

// Latency classes.
const (
	LatencyRealtime    Latency = "realtime"    // streaming chat: >= 30 tokens/s per stream, first token within 1 s
	LatencyInteractive Latency = "interactive" // >= 10 tokens/s per stream, first token within 2 s
	LatencyBatch       Latency = "batch"       // throughput only
)

// Latencies lists the latency classes from strictest to loosest.
var Latencies = []Latency{LatencyRealtime, LatencyInteractive, LatencyBatch}

// DurationMode says how the length of the run is given.
type DurationMode string

// Duration modes.
const (
	// DurationWallClock: the GPUs are rented for a calendar period, used
	// HoursPerWeek hours each week ("3 months of serving, 40 h a week").
	DurationWallClock DurationMode = "wallclock"
	// DurationJob: the run is a job of a given size (JobTokens); it lasts as
	// long as the hardware needs, so a faster GPU can be the cheaper run.
	DurationJob DurationMode = "job"
)

// BudgetPeriod says what a budget caps.
type BudgetPeriod string

// Budget periods.
const (
	BudgetHourly  BudgetPeriod = "hour"
	BudgetMonthly BudgetPeriod = "month"
	BudgetTotal   BudgetPeriod = "total"
)

// Budget is a spending cap. An Amount of 0 means no budget.
type Budget struct {
	Amount   float64      `json:"amount" toml:"amount"`
	Period   BudgetPeriod `json:"period" toml:"period"`
	Currency Currency     `json:"currency" toml:"currency"`
}

// IsSet reports whether a budget was given.
func (b Budget) IsSet() bool { return b.Amount > 0 }

// String formats the budget the way ParseBudget reads it ("$2.5/h").
func (b Budget) String() string { return b.Text(false) }

// HoursPerMonth is the average number of hours in a month (8766 / 12).
const HoursPerMonth = 730.5

// HoursPerWeekFull is a week of round-the-clock use.
const HoursPerWeekFull = 168.0

// Answers are everything the user told gpupick about the workload. The
// wizard, the headless flags and a loaded TOML record all produce Answers;
// the advisor turns them into a requirement and recommendations.
type Answers struct {
	Workload Workload `json:"workload" toml:"workload"`
	// Model is a preset name ("llama-3.1-8b"); empty when only ParamsB is given.
	Model string `json:"model,omitempty" toml:"model,omitempty,omitzero"`
	// ParamsB is the parameter count in billions (taken from the preset when
	// Model is set and ParamsB is 0).
	ParamsB float64 `json:"params_b,omitempty" toml:"params_b,omitempty,omitzero"`
	// KnownVRAMGiB is the memory the user says the job needs (WorkloadVRAM).
	KnownVRAMGiB float64 `json:"known_vram_gib,omitempty" toml:"known_vram_gib,omitempty,omitzero"`
	// Precision is the number format asked for: PrecisionAuto (the
	// default: the checkpoint's own) or a precision of Precisions, kept as
	// given. Read the requirement's for the concrete one.
	Precision Precision `json:"precision" toml:"precision"`
	// Context is the sequence length in tokens (prompt + output); 0 means
	// the advisor's default for the model and workload (serving: 8192, or
	// the model's maximum when shorter; training: 2048).
	Context int `json:"context" toml:"context,omitzero"`
	// PromptTokens and OutputTokens are the lengths of one request of a
	// text-generation run, in tokens: the prompt read (prefilled) and the
	// tokens generated (vLLM's benchmarks' --input-len and --output-len;
	// the ISL/OSL of published throughput tables). 0 means not given: the
	// first-token time assumes a prompt of half the context, and a job's
	// time counts its generated tokens only. Given, the first token
	// prefills this prompt, a job also pays the prefill of one prompt per
	// OutputTokens generated, and a blank context is at least their sum.
	PromptTokens int `json:"prompt_tokens,omitempty" toml:"prompt_tokens,omitempty,omitzero"`
	OutputTokens int `json:"output_tokens,omitempty" toml:"output_tokens,omitempty,omitzero"`
	// Speculative is the speculative decoding a served model runs: ""
	// or SpecNone (off, the default) or SpecMTP (its MTP layers draft).
	Speculative Speculative `json:"speculative,omitempty" toml:"speculative,omitempty,omitzero"`
	// KVCache is the KV cache's storage format when serving: "" (auto,
	// the checkpoint's), KVCacheFP8 or KVCacheBF16.
	KVCache KVCache `json:"kv_cache,omitempty" toml:"kv_cache,omitempty,omitzero"`
	// RunCommand is the user's own command for the launch export's run,
	// replacing the workload's standard one (vllm serve, torchtune,
	// Megatron-LM); "" for the standard one.
	RunCommand string `json:"run_command,omitempty" toml:"run_command,omitempty,omitzero"`
	// ModelConfig is the architecture read from a Hugging Face config.json
	// (--model-config) in place of a preset or a size: the record keeps
	// the file's path and what it gave, so it loads without the file.
	ModelConfig *ModelConfig `json:"model_config,omitempty" toml:"model_config,omitempty"`
	// Batch is the number of concurrent users / sequences for inference, or
	// the micro-batch of sequences per GPU for training.
	Batch   int     `json:"batch" toml:"batch"`
	Latency Latency `json:"latency" toml:"latency"`

	DurationMode DurationMode `json:"duration_mode" toml:"duration_mode"`
	// DurationHours is the calendar length of a wall-clock run in hours.
	DurationHours float64 `json:"duration_hours,omitempty" toml:"duration_hours,omitempty,omitzero"`
	// HoursPerWeek is how many hours a week the GPUs run (default 168).
	HoursPerWeek float64 `json:"hours_per_week,omitempty" toml:"hours_per_week,omitempty,omitzero"`
	// JobTokens is the size of a job: tokens to train on (all epochs) or
	// tokens to generate.
	JobTokens float64 `json:"job_tokens,omitempty" toml:"job_tokens,omitempty,omitzero"`
	// DeadlineHours is the calendar time a job must finish within, set-up
	// included (0: no deadline); only a job-size run has one.
	DeadlineHours float64 `json:"deadline_hours,omitempty" toml:"deadline_hours,omitempty,omitzero"`

	// Interruptible: the job checkpoints and can be stopped and resumed, so
	// spot / preemptible capacity is acceptable.
	Interruptible bool   `json:"interruptible" toml:"interruptible"`
	Budget        Budget `json:"budget" toml:"budget"`

	// Scale and filters.
	GPU       string   `json:"gpu,omitempty" toml:"gpu,omitempty,omitzero"`             // GPU name filter
	GPUs      int      `json:"gpus,omitempty" toml:"gpus,omitempty,omitzero"`           // GPUs per node, 0 = any
	MaxNodes  int      `json:"max_nodes,omitempty" toml:"max_nodes,omitempty,omitzero"` // 0 = advisor default
	Providers []string `json:"providers,omitempty" toml:"providers,omitempty,omitzero"`
	Regions   []string `json:"regions,omitempty" toml:"regions,omitempty,omitzero"`
	Currency  Currency `json:"currency" toml:"currency"`

	// Data: GB stored for data and checkpoints during the run, and GB sent
	// out to the internet over the whole run.
	DataGB   float64 `json:"data_gb,omitempty" toml:"data_gb,omitempty,omitzero"`
	EgressGB float64 `json:"egress_gb,omitempty" toml:"egress_gb,omitempty,omitzero"`

	// Training knobs: gradient checkpointing (on by default, as in the
	// QLoRA and Hugging Face PEFT training scripts) and the sharding strategy used
	// when more than one GPU is used ("none", "zero1", "zero2", "zero3",
	// "fsdp"; empty = advisor default).
	GradCheckpointing bool   `json:"grad_checkpointing" toml:"grad_checkpointing"`
	Sharding          string `json:"sharding,omitempty" toml:"sharding,omitempty,omitzero"`

	// Safety margin and hard requirements. HeadroomPct is the spare GPU
	// memory in percent below which an offer is listed only when nothing
	// else fits (0: the advisor's 10%). Interconnect ("nvlink" accepts
	// NVSwitch too, "nvswitch"), Hosting ("datacenter": no marketplace or
	// community hosts) and VCPU ("dedicated") are "" for any; an offer
	// whose fact is unknown fails them. MinVCPUsPerGPU is 0 for any;
	// ExcludeProviders are provider keys never listed.
	HeadroomPct int `json:"headroom_pct,omitempty" toml:"headroom_pct,omitempty,omitzero"`
	// CheckpointMinutes is how often an interruptible job checkpoints (0:
	// DefaultCheckpointMinutes): the work a spot interruption loses.
	CheckpointMinutes float64  `json:"checkpoint_minutes,omitempty" toml:"checkpoint_minutes,omitempty,omitzero"`
	Interconnect      string   `json:"interconnect,omitempty" toml:"interconnect,omitempty,omitzero"`
	Hosting           string   `json:"hosting,omitempty" toml:"hosting,omitempty,omitzero"`
	VCPU              string   `json:"vcpu,omitempty" toml:"vcpu,omitempty,omitzero"`
	MinVCPUsPerGPU    int      `json:"min_vcpus_per_gpu,omitempty" toml:"min_vcpus_per_gpu,omitempty,omitzero"`
	ExcludeProviders  []string `json:"exclude_providers,omitempty" toml:"exclude_providers,omitempty,omitzero"`
}

// DefaultAnswers returns the answers every wizard step starts from: pressing
// enter all the way asks for serving Llama 3.1 8B in its checkpoint's
// format (PrecisionAuto: BF16) to one interactive user for a month.
func DefaultAnswers() Answers {
	return Answers{
		Workload:      WorkloadInference,
		Model:         "llama-3.1-8b",
		Precision:     PrecisionAuto,
		Batch:         1,
		Latency:       LatencyInteractive,
		DurationMode:  DurationWallClock,
		DurationHours: HoursPerMonth,
		HoursPerWeek:  HoursPerWeekFull,
		Currency:      USD,

		GradCheckpointing: true,
	}
}

// Normalize fills unset (zero) fields with defaults that do not change
// the meaning of what was given. It never replaces a value that was given,
// however wrong: Validate refuses those. An unset context stays 0: its
// default depends on the model and the workload, which the advisor knows.
func (a *Answers) Normalize() {
	if a.Workload == "" {
		a.Workload = WorkloadInference
	}
	if a.Precision == "" {
		a.Precision = PrecisionAuto
	}
	if a.Batch == 0 {
		a.Batch = 1
	}
	if a.Latency == "" {
		a.Latency = LatencyInteractive
		if a.Workload.Training() {
			a.Latency = LatencyBatch
		}
	}
	if a.DurationMode == "" {
		a.DurationMode = DurationWallClock
		if a.JobTokens > 0 {
			a.DurationMode = DurationJob
		}
	}
	if a.DurationMode == DurationWallClock && a.DurationHours == 0 {
		a.DurationHours = HoursPerMonth
	}
	if a.HoursPerWeek == 0 {
		a.HoursPerWeek = HoursPerWeekFull
	}
	if a.Currency == "" {
		a.Currency = USD
	}
	if a.Budget.IsSet() && a.Budget.Currency == "" {
		a.Budget.Currency = a.Currency
	}
	if a.Budget.IsSet() && a.Budget.Period == "" {
		a.Budget.Period = BudgetTotal
	}
}

// GPUHours is the number of hours the GPUs are billed for a wall-clock run:
// calendar weeks times hours per week.
func (a *Answers) GPUHours() float64 {
	hpw := a.HoursPerWeek
	if hpw <= 0 || hpw > HoursPerWeekFull {
		hpw = HoursPerWeekFull
	}
	return a.DurationHours * hpw / HoursPerWeekFull
}

// FieldError is a problem with one answer: the answer's name (its flag
// without dashes; the CLI and the record codec name it their way), the
// value as typed (cut short), why it was refused, what was wrong, the
// names it could have meant, and how to fix it. Allowed lists every value
// a closed set takes (the catalog's providers), so that a caller words the
// fix in its own language without parsing Fix. MsgZH and FixZH are Msg
// and Fix in Chinese (model/errtext.go); Text formats the error in either
// language.
type FieldError struct {
	Field      string
	Value      string
	Reason     Reason
	Msg        string
	Candidates []string
	Fix        string
	Allowed    []string
	MsgZH      string
	FixZH      string
}

// Error formats "field "value": msg; did you mean a, b? (fix)" (Text in
// English).
func (e *FieldError) Error() string { return e.Text(false) }

// Validate checks the answers as stored (from a record, the flags or the
// wizard) against the registry, and returns the first problem as a
// *FieldError naming the answer, or nil. NaN, infinities and values out of
// range are refused, never replaced.
func (a *Answers) Validate() error {
	for i := range registry {
		if err := registry[i].Check(a); err != nil {
			return err
		}
	}
	switch a.Workload {
	case WorkloadVRAM:
		if a.KnownVRAMGiB <= 0 {
			return newErr("vram", "", ReasonMissing, tx("no memory size given"), tx("give the memory the job needs, e.g. 80GB"))
		}
	default:
		if a.Model == "" && a.ParamsB <= 0 && a.ModelConfig == nil {
			return newErr("model", "", ReasonMissing, tx("no model or size given"), tx("name a model with --model or give a parameter count such as --params 8B"))
		}
	}
	if a.DurationMode == DurationJob && a.Workload != WorkloadVRAM && a.JobTokens <= 0 {
		return newErr("tokens", "", ReasonMissing, tx("a job needs a size"), tx("give the tokens to process, e.g. --tokens 2B"))
	}
	return nil
}

// ValidateWith is Validate, then checks the answers that name things
// against the catalog: the model must be a preset, the GPU filter must
// match an offer's GPU, the providers and regions must exist. A nil env
// checks nothing more.
func (a *Answers) ValidateWith(env *AnswerEnv) error {
	if err := a.Validate(); err != nil {
		return err
	}
	if !env.known() {
		return nil
	}
	for _, id := range []AnswerID{AnsModel, AnsGPU, AnsProviders, AnsRegions, AnsExcludeProviders} {
		s := &registry[id]
		if !s.AppliesTo(a) {
			continue
		}
		raw := s.Format(a)
		if id == AnsModel && a.Model == "" {
			continue
		}
		probe := *a
		if err := s.Parse(raw, &probe, env); err != nil {
			return err
		}
		if id == AnsModel {
			a.Model = probe.Model // the preset's own spelling of a name it answers to
			if probe.Precision != a.Precision {
				// A quantised release (-AWQ) says its precision: taken
				// for auto, refused against another one.
				if a.Precision != PrecisionAuto && a.Precision != "" {
					return newErr("precision", string(a.Precision), ReasonConflict,
						txf("given with model %s, which says %s", short(raw, maxEcho), probe.Precision),
						txf("give precision %s, or name the model without its quantisation suffix", probe.Precision))
				}
				a.Precision = probe.Precision
			}
		}
	}
	return nil
}
