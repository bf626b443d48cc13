package launch

import (
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// What a Run does, for the header comment and the tests.
const (
	RunServe    = "serve"    // vllm serve, a service on servePort
	RunEmbed    = "embed"    // vllm serve in pooling mode
	RunBatch    = "batch"    // vllm run-batch, a job over a file
	RunPretrain = "pretrain" // Megatron-LM pretrain_gpt.py under torchrun
	RunFineTune = "finetune" // torchtune tune run
	RunUser     = "user"     // the user's own command
)

// servePort is the port vLLM's OpenAI server listens on (its --port
// default, vllm/entrypoints/openai/cli_args.py) and the port exported.
const servePort = 8000

// healthPath is vLLM's readiness endpoint: it answers 200 once the engine
// has loaded the model (vllm/entrypoints/openai/api_server.py, /health).
const healthPath = "/health"

// Where the run keeps what must outlive the machine.
const (
	// checkpointDir is the persistent mount a training run saves to and
	// resumes from.
	checkpointDir = "/checkpoints"
	// dataDir is the persistent mount a batch job reads its requests
	// from and writes its results to.
	dataDir = "/data"
	// modelDir is where a fine-tune downloads the preset's weights.
	modelDir = "/tmp/model"
)

// Environment variables the exported runs read.
const (
	// envHFToken is the Hugging Face token for gated models: a secret
	// the launcher takes from the user's environment at launch, never a
	// value in the file.
	envHFToken = "HF_TOKEN"
	// envModel names the model when the plan has no preset (a model
	// given by its parameter count) or the preset's checkpoint cannot run
	// at the planned precision: the user gives it at launch.
	envModel = "MODEL_ID"
	// envCommand is the user's command where gpupick has no standard one
	// (a diffusion pipeline, a model without a recipe).
	envCommand = "RUN_COMMAND"
	// envData is the tokenized data a pre-training run reads (Megatron's
	// --data-path: the prefix of its .bin/.idx files).
	envData = "DATA_PATH"
	// envBucket names the bucket behind the persistent mount (SkyPilot
	// substitutes it into file_mounts); the user names it at launch.
	envBucket = "CHECKPOINT_BUCKET"
)

// Run is what an exported config runs: its commands and what they need
// from the launcher. Lines are shell commands run in order in one shell
// (dstack's commands; SkyPilot's run joins them with newlines).
type Run struct {
	Kind string
	// Summary says in a sentence what runs, for the header comment.
	Summary string
	// Setup installs what the run needs before it starts.
	Setup []string
	Lines []string
	// Image is the pinned container image, "" for the launcher's default.
	Image string
	// Port is the port a service listens on, 0 for a job.
	Port int
	// Required are environment variables the user must give at launch
	// (no value in the file); Secrets the same for secrets.
	Required []string
	Secrets  []string
	// Mount is the persistent storage mount path ("" for none).
	Mount string
	// Managed is set for a spot training job: the launcher must recover
	// it after an interruption (SkyPilot managed job, dstack retry).
	Managed bool
	// MultiNode is set when the commands read the launcher's node rank
	// and head address.
	MultiNode bool
}

// NewRun works out what a job runs: the user's command when the answers
// give one (--run-command), else the workload's standard command.
func NewRun(j Job) Run {
	var r Run
	a := j.Answers
	switch {
	case strings.TrimSpace(a.RunCommand) != "":
		r = Run{Kind: RunUser, Summary: "the command given with --run-command", Lines: []string{a.RunCommand}}
	case j.Preset != nil && j.Preset.IsDiffusion():
		// No standard serving engine runs diffusion pipelines the way
		// vLLM runs language models: the user's command runs.
		r = userRun(fmt.Sprintf("the user's command for %s (no standard server runs diffusion pipelines; set %s)", j.Preset.Name, envCommand))
	case a.Workload == model.WorkloadPretrain:
		r = pretrainRun(j)
	case a.Workload.Training():
		r = fineTuneRun(j)
	case a.Workload == model.WorkloadVRAM:
		r = userRun(fmt.Sprintf("the user's command (the plan states memory only; set %s)", envCommand))
	case a.Workload == model.WorkloadEmbed || (j.Preset != nil && j.Preset.IsEncoder()):
		r = embedRun(j)
	case a.Latency == model.LatencyBatch:
		r = batchRun(j)
	default:
		r = serveRun(j)
	}
	if j.Rec != nil && j.Rec.Nodes > 1 {
		r.MultiNode = r.MultiNode || r.Kind == RunUser
	}
	if a.Workload.Training() && j.Rec != nil && j.Rec.PriceModel == model.PriceSpot {
		r.Managed = true
	}
	if r.Kind != RunUser || j.Preset != nil {
		r.Secrets = append(r.Secrets, envHFToken)
	}
	return r
}

// userRun runs the user's command, asked for at launch.
func userRun(summary string) Run {
	return Run{Kind: RunUser, Summary: summary, Lines: []string{`bash -c "$` + envCommand + `"`}, Required: []string{envCommand}}
}

// modelID is the model the engine loads: the preset's Hugging Face id, or
// $MODEL_ID (asked at launch) when there is no preset or its checkpoint
// is not in the planned precision (asked reports the latter).
func (j *Job) modelID() (id string, asked bool) {
	if j.Preset == nil || j.Preset.HFID == "" {
		return "$" + envModel, true
	}
	prec := j.precision()
	switch prec {
	case model.INT8, model.INT4, model.FP4:
		// A 4- or 8-bit integer or NVFP4 plan needs a checkpoint
		// quantised that way (vLLM reads its quantization_config); the
		// preset's id is the 16-bit release.
		return "$" + envModel, true
	case model.MXFP4:
		if j.Preset.ExpertFormat != model.ExpertMXFP4 {
			return "$" + envModel, true
		}
	}
	if ck := j.Preset.CheckpointPrecision; ck != "" && prec.BytesPerParam() > ck.BytesPerParam() {
		// A plan wider than the release (DeepSeek-V3 in bf16) needs a
		// converted copy (DeepSeek's inference/fp8_cast_bf16.py): vLLM
		// loads the release in its own format (its quantization_config).
		return "$" + envModel, true
	}
	return j.Preset.HFID, false
}

// vllmParallel is the parallel flags of the plan for vLLM (names per
// vllm/engine/arg_utils.py @ 99d7eb5d, EngineArgs.add_cli_args):
// --tensor-parallel-size, --pipeline-parallel-size, --data-parallel-size
// (data-parallel attention for an expert-parallel MoE, or copies of a
// model that fits fewer GPUs than the node has) and
// --enable-expert-parallel.
func vllmParallel(rec *model.Recommendation) []string {
	tp := max(rec.TensorParallel, 1)
	args := []string{"--tensor-parallel-size", fmt.Sprint(tp)}
	if rec.PipelineParallel > 1 {
		args = append(args, "--pipeline-parallel-size", fmt.Sprint(rec.PipelineParallel))
	}
	dp := 1
	switch {
	case rec.DataParallelAttention && rec.ExpertParallel > tp:
		// Attention runs data parallel on each expert-parallel GPU:
		// vLLM's expert-parallel group is data parallel x tensor
		// parallel.
		dp = rec.ExpertParallel / tp
	case rec.Replicas > 1:
		dp = rec.Replicas
	}
	if dp > 1 {
		args = append(args, "--data-parallel-size", fmt.Sprint(dp))
	}
	if rec.ExpertParallel > 1 {
		args = append(args, "--enable-expert-parallel")
	}
	return args
}

// vllmArgs is the engine flags of a generation plan after the model:
// parallelism, the context, the KV-cache format, speculative decoding and
// the quantisation the checkpoint needs.
func vllmArgs(j Job) []string {
	args := vllmParallel(j.Rec)
	if c := j.context(); c > 0 {
		args = append(args, "--max-model-len", fmt.Sprint(c))
	}
	if j.Answers.KVCache == model.KVCacheFP8 {
		// fp8 is one of --kv-cache-dtype's values (CacheDType; fp8 =
		// fp8_e4m3 on CUDA and ROCm per its help text).
		args = append(args, "--kv-cache-dtype", "fp8")
	}
	if j.precision() == model.FP8 && j.Preset != nil {
		// vLLM quantises a 16-bit checkpoint to FP8 as it loads it
		// (--quantization fp8, dynamic per-tensor scales); a checkpoint
		// already in FP8 names the same method in its config, which vLLM
		// accepts.
		args = append(args, "--quantization", "fp8")
	}
	if j.Answers.Speculative == model.SpecMTP && j.Preset != nil && j.Preset.MTP {
		// The checkpoint's MTP layer drafts one token (SpeculativeConfig
		// method "mtp", vllm/config/speculative.py).
		args = append(args, "--speculative-config", `{"method": "mtp", "num_speculative_tokens": 1}`)
	}
	return args
}

// vllmRun is a vLLM run of kind: the image for the GPUs, and the model
// asked at launch when the plan has none to name.
func vllmRun(j Job, kind string) (r Run, id string) {
	id, asked := j.modelID()
	r = Run{Kind: kind, Image: j.servingImage()}
	if asked {
		r.Required = append(r.Required, envModel)
	}
	return r, id
}

// serveRun starts vLLM's OpenAI-compatible server.
func serveRun(j Job) Run {
	r, id := vllmRun(j, RunServe)
	r.Port = servePort
	args := append([]string{"vllm", "serve", quoteArg(id)}, vllmArgs(j)...)
	args = append(args, "--host", "0.0.0.0", "--port", fmt.Sprint(servePort))
	r.Summary = fmt.Sprintf("vLLM serving %s on port %d (OpenAI API; ready when %s answers)", shownModel(id), servePort, healthPath)
	r.Lines = multiNodeVLLM(j, strings.Join(args, " "), &r)
	return r
}

// embedRun serves an embedding or reranking model with vLLM's pooling
// runner (--runner pooling, RunnerOption in vllm/config/model.py): an
// embedding model answers /v1/embeddings, a reranker /score and /rerank.
func embedRun(j Job) Run {
	r, id := vllmRun(j, RunEmbed)
	r.Port = servePort
	args := append([]string{"vllm", "serve", quoteArg(id), "--runner", "pooling"}, vllmParallel(j.Rec)...)
	if c := j.context(); c > 0 {
		args = append(args, "--max-model-len", fmt.Sprint(c))
	}
	args = append(args, "--host", "0.0.0.0", "--port", fmt.Sprint(servePort))
	what := "embeddings (/v1/embeddings)"
	if j.Preset != nil && j.Preset.Kind == model.KindReranker {
		what = "rerank scores (/score, /rerank)"
	}
	r.Summary = fmt.Sprintf("vLLM's pooling runner serving %s of %s on port %d", what, shownModel(id), servePort)
	r.Lines = []string{strings.Join(args, " ")}
	return r
}

// batchRun runs vLLM's offline batch runner (`vllm run-batch -i FILE -o
// FILE --model M`, vllm/entrypoints/cli/run_batch.py and
// vllm/entrypoints/openai/run_batch.py: one OpenAI request per line) over
// a requests file on the persistent data mount.
func batchRun(j Job) Run {
	r, id := vllmRun(j, RunBatch)
	r.Mount = dataDir
	args := []string{"vllm", "run-batch", "-i", dataDir + "/requests.jsonl", "-o", dataDir + "/results.jsonl", "--model", quoteArg(id)}
	args = append(args, vllmArgs(j)...)
	r.Summary = fmt.Sprintf("vLLM's batch runner over %s/requests.jsonl (one OpenAI request per line) with %s, results in %s/results.jsonl", dataDir, shownModel(id), dataDir)
	r.Lines = multiNodeVLLM(j, strings.Join(args, " "), &r)
	return r
}

// multiNodeVLLM spreads a vLLM command over the nodes as vLLM's
// multi-node serving does it: a Ray cluster (head on the first node, the
// others join it) and the engine started on the head with the Ray
// executor (--distributed-executor-backend ray) once every node has joined
// (the head polls Ray's live nodes rather than sleeping a fixed time). One
// node runs it alone.
func multiNodeVLLM(j Job, cmd string, r *Run) []string {
	if j.Rec.Nodes <= 1 {
		return []string{cmd}
	}
	r.MultiNode = true
	return []string{
		`if [ "$NODE_RANK" = 0 ]; then ray start --head --port 6379; else ray start --address "$MASTER_ADDR:6379" --block; fi`,
		`if [ "$NODE_RANK" = 0 ]; then until [ "$(python3 -c 'import ray; ray.init(address="auto", logging_level="ERROR"); print(sum(n["Alive"] for n in ray.nodes()))' 2>/dev/null)" = "$NNODES" ]; do sleep 5; done; fi`,
		`if [ "$NODE_RANK" = 0 ]; then ` + cmd + ` --distributed-executor-backend ray; fi`,
	}
}

// shownModel names the model in the summary.
func shownModel(id string) string {
	if strings.HasPrefix(id, "$") {
		return "the model named in " + strings.TrimPrefix(id, "$")
	}
	return id
}

// quoteArg quotes an argument for the shell, leaving a $VARIABLE
// expandable.
func quoteArg(s string) string {
	if strings.HasPrefix(s, "$") {
		return `"` + s + `"`
	}
	return shellQuote(s)
}
