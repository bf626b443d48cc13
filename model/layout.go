package model

// Launcher is the program that starts a training run on its GPUs.
type Launcher string

// Launchers of training runs.
const (
	// LauncherFSDP is torchrun with PyTorch FSDP (or DeepSpeed ZeRO) over
	// data parallelism alone, as torchtune and TRL fine-tune.
	LauncherFSDP Launcher = "torchrun + FSDP"
	// LauncherMegatron is a Megatron-LM / NeMo launch that splits the
	// model over tensor, pipeline and context parallel GPUs as well.
	LauncherMegatron Launcher = "Megatron-style TP×PP×CP×DP"
)

// TrainLayout is how a training run splits over its GPUs:
// TensorParallel x PipelineParallel x ContextParallel x DataParallel
// GPUs in all, the ZeRO stage over the data-parallel copies, the
// activation recomputation, and the launcher that runs it.
type TrainLayout struct {
	Launcher Launcher `json:"launcher" toml:"launcher"`
	// TensorParallel GPUs split each layer's matrices (inside a node's
	// NVLink domain, with sequence parallelism when above 1).
	TensorParallel   int  `json:"tensor_parallel" toml:"tensor_parallel"`
	SequenceParallel bool `json:"sequence_parallel" toml:"sequence_parallel"`
	// PipelineParallel stages hold the layers in turn (1F1B schedule).
	PipelineParallel int `json:"pipeline_parallel" toml:"pipeline_parallel"`
	// ContextParallel GPUs split each sequence (ring attention).
	ContextParallel int `json:"context_parallel" toml:"context_parallel"`
	// DataParallel copies of the model shard each take their own
	// sequences.
	DataParallel int `json:"data_parallel" toml:"data_parallel"`
	// Sharding is the ZeRO stage over the data- and context-parallel
	// copies ("none", "zero1", "zero2", "zero3", "fsdp").
	Sharding string `json:"sharding" toml:"sharding"`
	// Recompute is the activation recomputation: "none", "selective"
	// (the core attention) or "full".
	Recompute string `json:"recompute" toml:"recompute"`
	// MicroBatches is the micro-batches each pipeline runs per optimizer
	// step, and PipelineBubble the share of a step the pipeline idles,
	// (PipelineParallel - 1) / MicroBatches (0 without a pipeline).
	MicroBatches   int     `json:"micro_batches" toml:"micro_batches"`
	PipelineBubble float64 `json:"pipeline_bubble" toml:"pipeline_bubble"`
}
