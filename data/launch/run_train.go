package launch

import (
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// torchrunNodes is torchrun's rendezvous over the run's nodes from the
// variables rendezvous() sets: the node count, this node's rank, the
// head's address and the GPUs of a node.
const torchrunNodes = `--nnodes "$NNODES" --node_rank "$NODE_RANK" --master_addr "$MASTER_ADDR" --master_port 29500 --nproc_per_node "$GPUS_PER_NODE"`

// rendezvous exports NNODES, NODE_RANK, MASTER_ADDR and GPUS_PER_NODE from
// the launcher's own variables: SkyPilot's SKYPILOT_NUM_NODES,
// SKYPILOT_NODE_RANK, SKYPILOT_NODE_IPS (one per line, the head first) and
// SKYPILOT_NUM_GPUS_PER_NODE (sky/skylet/constants.py @ 93a24d47);
// dstack's DSTACK_NODES_NUM, DSTACK_NODE_RANK, DSTACK_MASTER_NODE_IP and
// DSTACK_GPUS_PER_NODE (runner/internal/runner/executor/executor.go @
// 511c318c).
func rendezvous(t Tool) []string {
	if t == DStack {
		return []string{`export NNODES=$DSTACK_NODES_NUM NODE_RANK=$DSTACK_NODE_RANK MASTER_ADDR=$DSTACK_MASTER_NODE_IP GPUS_PER_NODE=$DSTACK_GPUS_PER_NODE`}
	}
	return []string{`export NNODES=$SKYPILOT_NUM_NODES NODE_RANK=$SKYPILOT_NODE_RANK MASTER_ADDR=$(echo "$SKYPILOT_NODE_IPS" | head -n1) GPUS_PER_NODE=$SKYPILOT_NUM_GPUS_PER_NODE`}
}

// pretrainRun is a Megatron-LM pre-training run of the plan's layout:
// pretrain_gpt.py under torchrun with the tensor, pipeline and context
// parallel sizes, sequence parallelism and recomputation of the layout,
// the preset's dimensions, and --save/--load on the checkpoint mount so a
// restarted run resumes from the last checkpoint. Flag names per
// NVIDIA/Megatron-LM @ d98e8a64 (examples/llama/train_llama3_8b_h100_fp8.sh;
// recompute flags from TransformerConfig's recompute_granularity,
// recompute_method and recompute_num_layers, made flags by
// megatron/training/arguments.py's ArgumentGroupFactory). Without a preset
// there are no dimensions to give, so the user's command runs.
func pretrainRun(j Job) Run {
	p := j.Preset
	if p == nil || p.Layers == 0 || p.Hidden == 0 || p.Heads == 0 {
		return userRun(fmt.Sprintf("the user's pre-training command (the model has no preset with its dimensions; set %s)", envCommand))
	}
	l := j.Rec.Layout
	if l == nil {
		l = &model.TrainLayout{TensorParallel: 1, PipelineParallel: 1, ContextParallel: 1, DataParallel: j.Rec.GPUCount * max(j.Rec.Nodes, 1)}
	}
	seq := max(j.context(), 1)
	args := []string{"torchrun"}
	if j.Rec.Nodes > 1 {
		args = append(args, torchrunNodes)
	} else {
		args = append(args, "--nproc_per_node", fmt.Sprint(j.Rec.GPUCount))
	}
	args = append(args, "pretrain_gpt.py",
		"--use-mcore-models",
		"--tensor-model-parallel-size", fmt.Sprint(max(l.TensorParallel, 1)),
		"--pipeline-model-parallel-size", fmt.Sprint(max(l.PipelineParallel, 1)),
		"--context-parallel-size", fmt.Sprint(max(l.ContextParallel, 1)))
	if l.SequenceParallel && l.TensorParallel > 1 {
		args = append(args, "--sequence-parallel")
	}
	switch l.Recompute {
	case "full":
		args = append(args, "--recompute-granularity", "full", "--recompute-method", "uniform", "--recompute-num-layers", "1")
	case "selective":
		args = append(args, "--recompute-granularity", "selective")
	}
	if l.Sharding != "" && l.Sharding != "none" {
		// ZeRO-1 over the data-parallel copies, Megatron's distributed
		// optimizer.
		args = append(args, "--use-distributed-optimizer")
	}
	args = append(args, "--num-layers", fmt.Sprint(p.Layers), "--hidden-size", fmt.Sprint(p.Hidden), "--num-attention-heads", fmt.Sprint(p.Heads))
	if p.FFN > 0 {
		args = append(args, "--ffn-hidden-size", fmt.Sprint(p.FFN))
	}
	if p.KVHeads > 0 && p.KVHeads < p.Heads {
		args = append(args, "--group-query-attention", "--num-query-groups", fmt.Sprint(p.KVHeads))
	}
	if p.HeadDim > 0 {
		args = append(args, "--kv-channels", fmt.Sprint(p.HeadDim))
	}
	if p.Experts > 0 {
		args = append(args, "--num-experts", fmt.Sprint(p.Experts), "--moe-router-topk", fmt.Sprint(max(p.ExpertsUsed, 1)))
	}
	micro := max(j.Answers.Batch, 1)
	global := micro * max(l.DataParallel, 1) * max(l.MicroBatches, 1)
	args = append(args,
		"--seq-length", fmt.Sprint(seq), "--max-position-embeddings", fmt.Sprint(max(seq, p.MaxContext)),
		"--position-embedding-type", "rope", "--swiglu", "--normalization", "RMSNorm",
		"--untie-embeddings-and-output-weights", "--disable-bias-linear",
		"--micro-batch-size", fmt.Sprint(micro), "--global-batch-size", fmt.Sprint(global),
		"--bf16", "--lr", "0.00015",
		"--tokenizer-type", "HuggingFaceTokenizer", "--tokenizer-model", shellQuote(p.HFID),
		"--data-path", `"$`+envData+`"`,
		"--save", checkpointDir, "--load", checkpointDir, "--save-interval", "1000")
	if j.Answers.JobTokens > 0 {
		args = append(args, "--train-samples", fmt.Sprint(int64(j.Answers.JobTokens)/int64(seq)))
	}
	image, setup, dir := j.megatron()
	r := Run{
		Kind:     RunPretrain,
		Summary:  fmt.Sprintf("Megatron-LM pre-training of %s's architecture, TP %d x PP %d x CP %d x DP %d, checkpoints on %s (a restart resumes from the last)", p.Name, max(l.TensorParallel, 1), max(l.PipelineParallel, 1), max(l.ContextParallel, 1), max(l.DataParallel, 1), checkpointDir),
		Image:    image,
		Setup:    setup,
		Lines:    []string{"cd " + dir, strings.Join(args, " ")},
		Required: []string{envData},
		Mount:    checkpointDir,
	}
	if j.Rec.Nodes > 1 {
		r.MultiNode = true
	}
	return r
}

// fineTuneRun is a torchtune fine-tune of the preset with the config
// torchtune ships for it: the weights downloaded to modelDir, outputs on
// the checkpoint mount, and resume_from_checkpoint set when a recipe
// state from an earlier run is there (torchtune saves it under
// output_dir/recipe_state/recipe_state.pt, training/checkpointing at
// bd2a0fc7). A preset without a config, or no preset, runs the user's
// command.
func fineTuneRun(j Job) Run {
	if j.Preset == nil {
		return userRun(fmt.Sprintf("the user's fine-tuning command (the model has no preset; set %s)", envCommand))
	}
	gpus := j.Rec.GPUCount * max(j.Rec.Nodes, 1)
	recipe, config, tr, ok := tuneConfig(j.Preset.Name, j.Answers.Workload, gpus)
	if !ok {
		return userRun(fmt.Sprintf("the user's fine-tuning command (torchtune ships no %s config for %s on %d GPU(s); set %s)", j.Answers.Workload, j.Preset.Name, gpus, envCommand))
	}
	args := []string{"tune", "run"}
	switch {
	case j.Rec.Nodes > 1:
		args = append(args, torchrunNodes)
	case gpus > 1:
		args = append(args, "--nproc_per_node", fmt.Sprint(gpus))
	}
	args = append(args, recipe, "--config", config,
		"checkpointer.checkpoint_dir="+modelDir, "output_dir="+checkpointDir)
	for _, o := range tr.Tokenizer {
		args = append(args, strings.ReplaceAll(o, "$MODEL_DIR", modelDir))
	}
	if c := j.context(); c > 0 {
		args = append(args, fmt.Sprintf("tokenizer.max_seq_len=%d", c))
	}
	args = append(args, `resume_from_checkpoint="$RESUME"`)
	setup, image := j.tuneSetup()
	r := Run{
		Kind:    RunFineTune,
		Summary: fmt.Sprintf("torchtune %s with config %s on %s, outputs and checkpoints on %s (a restart resumes from the last)", recipe, config, j.Preset.HFID, checkpointDir),
		Setup:   []string{setup},
		Image:   image,
		Lines: []string{
			"tune download " + shellQuote(j.Preset.HFID) + " --output-dir " + modelDir,
			"RESUME=False; if [ -f " + checkpointDir + "/recipe_state/recipe_state.pt ]; then RESUME=True; fi",
			strings.Join(args, " "),
		},
		Mount:     checkpointDir,
		MultiNode: j.Rec.Nodes > 1,
	}
	return r
}
