package launch

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
	yaml "go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Presets as the catalog has them (the fields the run reads).
var (
	llama8B  = &model.ModelPreset{Name: "llama-3.1-8b", HFID: "meta-llama/Llama-3.1-8B", Layers: 32, Hidden: 4096, FFN: 14336, Heads: 32, KVHeads: 8, HeadDim: 128, MaxContext: 131072}
	llama70B = &model.ModelPreset{Name: "llama-3.1-70b", HFID: "meta-llama/Llama-3.1-70B", Layers: 80, Hidden: 8192, FFN: 28672, Heads: 64, KVHeads: 8, HeadDim: 128, MaxContext: 131072}
	l405B    = &model.ModelPreset{Name: "llama-3.1-405b", HFID: "meta-llama/Llama-3.1-405B", Layers: 126, Hidden: 16384, FFN: 53248, Heads: 128, KVHeads: 8, HeadDim: 128, MaxContext: 131072}
	dsV3     = &model.ModelPreset{Name: "deepseek-v3", HFID: "deepseek-ai/DeepSeek-V3", Layers: 61, Hidden: 7168, Heads: 128, KVHeads: 128, Experts: 256, ExpertsUsed: 8, MTP: true}
	bgeM3    = &model.ModelPreset{Name: "bge-m3", HFID: "BAAI/bge-m3", Kind: model.KindEmbedding}
	reranker = &model.ModelPreset{Name: "bge-reranker-v2-m3", HFID: "BAAI/bge-reranker-v2-m3", Kind: model.KindReranker}
	flux     = &model.ModelPreset{Name: "flux.1-dev", HFID: "black-forest-labs/FLUX.1-dev", Kind: model.KindDiffusion}
)

// runCase is one exported workload, checked in both launchers.
type runCase struct {
	name   string
	job    Job
	kind   string
	want   []string // substrings of the run
	absent []string // substrings the run must not have
}

// h100 is an offer of n H100s per node on n nodes.
func h100(gpus, nodes int, pm model.PriceModel) *model.Recommendation {
	return &model.Recommendation{Provider: "aws", InstanceType: "p5.48xlarge", Region: "us-east-1", GPU: "H100 SXM5", GPUCount: gpus, Nodes: nodes, VRAMGiB: 80 * float64(gpus), PriceModel: pm, HourlyUSD: 98}
}

func withRec(r *model.Recommendation, f func(*model.Recommendation)) *model.Recommendation {
	f(r)
	return r
}

var runCases = []runCase{
	{"serve 70B TP4", Job{Rec: withRec(h100(4, 1, model.PriceOnDemand), func(r *model.Recommendation) { r.TensorParallel = 4 }), Preset: llama70B, Context: 8192,
		Answers: model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyInteractive, Precision: model.BF16}},
		RunServe, []string{"vllm serve meta-llama/Llama-3.1-70B ", "--tensor-parallel-size 4", "--max-model-len 8192", "--port 8000"}, []string{"--quantization", "--data-parallel-size", "--pipeline-parallel-size"}},
	{"serve 8B replicas fp8 kv", Job{Rec: withRec(h100(8, 1, model.PriceOnDemand), func(r *model.Recommendation) { r.TensorParallel = 1; r.Replicas = 8 }), Preset: llama8B, Context: 4096,
		Answers: model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyRealtime, Precision: model.FP8, KVCache: model.KVCacheFP8}},
		RunServe, []string{"--tensor-parallel-size 1", "--data-parallel-size 8", "--kv-cache-dtype fp8", "--quantization fp8"}, nil},
	{"serve MoE EP DP-attention MTP", Job{Rec: withRec(h100(8, 1, model.PriceOnDemand), func(r *model.Recommendation) {
		r.TensorParallel, r.ExpertParallel, r.DataParallelAttention = 1, 8, true
	}), Preset: dsV3, Context: 8192, Answers: model.Answers{Workload: model.WorkloadInference, Precision: model.FP8, Speculative: model.SpecMTP}},
		RunServe, []string{"--enable-expert-parallel", "--data-parallel-size 8", "--tensor-parallel-size 1", `"method": "mtp"`}, nil},
	{"serve two nodes PP", Job{Rec: withRec(h100(8, 2, model.PriceOnDemand), func(r *model.Recommendation) { r.TensorParallel, r.PipelineParallel = 8, 2 }), Preset: l405B, Context: 8192,
		Answers: model.Answers{Workload: model.WorkloadInference, Precision: model.BF16}},
		RunServe, []string{"--pipeline-parallel-size 2", "ray start --head", "--distributed-executor-backend ray", "NODE_RANK="}, nil},
	{"serve params only", Job{Rec: h100(1, 1, model.PriceOnDemand), Context: 8192, Answers: model.Answers{Workload: model.WorkloadInference, ParamsB: 8}},
		RunServe, []string{`vllm serve "$MODEL_ID"`}, []string{"meta-llama"}},
	{"serve int4 needs a quantised checkpoint", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: llama70B, Answers: model.Answers{Workload: model.WorkloadInference, Precision: model.INT4}},
		RunServe, []string{`vllm serve "$MODEL_ID"`}, []string{"meta-llama/Llama-3.1-70B"}},
	{"batch job", Job{Rec: withRec(h100(8, 1, model.PriceSpot), func(r *model.Recommendation) { r.TensorParallel = 1; r.Replicas = 8 }), Preset: llama8B, Context: 2048,
		Answers: model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyBatch, Precision: model.BF16}},
		RunBatch, []string{"vllm run-batch -i /data/requests.jsonl -o /data/results.jsonl --model meta-llama/Llama-3.1-8B", "--data-parallel-size 8"}, []string{"--port"}},
	{"embedding", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: bgeM3, Context: 512, Answers: model.Answers{Workload: model.WorkloadEmbed}},
		RunEmbed, []string{"vllm serve BAAI/bge-m3 --runner pooling", "--max-model-len 512"}, nil},
	{"reranker", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: reranker, Answers: model.Answers{Workload: model.WorkloadEmbed}},
		RunEmbed, []string{"vllm serve BAAI/bge-reranker-v2-m3 --runner pooling"}, nil},
	{"diffusion is the user's command", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: flux, Answers: model.Answers{Workload: model.WorkloadInference}},
		RunUser, []string{`bash -c "$RUN_COMMAND"`}, []string{"vllm"}},
	{"user's command replaces the default", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: llama8B, Answers: model.Answers{Workload: model.WorkloadInference, RunCommand: "python serve.py --port 9000"}},
		RunUser, []string{"python serve.py --port 9000"}, []string{"vllm"}},
	{"lora one GPU", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: llama8B, Context: 2048, Answers: model.Answers{Workload: model.WorkloadLoRA, Precision: model.BF16}},
		RunFineTune, []string{"tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device", "output_dir=/checkpoints", "tokenizer.path=/tmp/model/original/tokenizer.model", `resume_from_checkpoint="$RESUME"`, "tune download meta-llama/Llama-3.1-8B"}, []string{"--nproc_per_node"}},
	{"full fine-tune 8 GPUs spot", Job{Rec: withRec(h100(8, 1, model.PriceSpot), func(r *model.Recommendation) {
		r.Layout = &model.TrainLayout{Launcher: model.LauncherFSDP, TensorParallel: 1, PipelineParallel: 1, ContextParallel: 1, DataParallel: 8}
	}), Preset: llama70B, Answers: model.Answers{Workload: model.WorkloadFineTune, Precision: model.BF16}},
		RunFineTune, []string{"tune run --nproc_per_node 8 full_finetune_distributed --config llama3_1/70B_full"}, nil},
	{"qlora without a torchtune config", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: dsV3, Answers: model.Answers{Workload: model.WorkloadQLoRA}},
		RunUser, []string{`bash -c "$RUN_COMMAND"`}, []string{"tune run"}},
	{"pretrain 405B on 64 nodes", Job{Rec: withRec(h100(8, 64, model.PriceOnDemand), func(r *model.Recommendation) {
		r.Layout = &model.TrainLayout{Launcher: model.LauncherMegatron, TensorParallel: 8, SequenceParallel: true, PipelineParallel: 16, ContextParallel: 2, DataParallel: 2, Sharding: "zero1", Recompute: "selective", MicroBatches: 64}
	}), Preset: l405B, Context: 8192, Answers: model.Answers{Workload: model.WorkloadPretrain, Batch: 1, JobTokens: 15.6e12}},
		RunPretrain, []string{"pretrain_gpt.py", "--tensor-model-parallel-size 8", "--pipeline-model-parallel-size 16", "--context-parallel-size 2", "--sequence-parallel",
			"--recompute-granularity selective", "--num-layers 126", "--hidden-size 16384", "--num-query-groups 8", "--seq-length 8192", "--save /checkpoints --load /checkpoints", "--node_rank \"$NODE_RANK\"", "--use-distributed-optimizer"}, nil},
	{"pretrain params only", Job{Rec: h100(8, 1, model.PriceOnDemand), Answers: model.Answers{Workload: model.WorkloadPretrain, ParamsB: 1}},
		RunUser, []string{`bash -c "$RUN_COMMAND"`}, nil},
}

// TestRunPerWorkload checks each workload's command in both launchers:
// the engine or trainer it starts, flags consistent with the plan, and
// the launcher fields the run needs (port and probe for a service, the
// checkpoint mount, the values asked at launch, the managed spot job).
func TestRunPerWorkload(t *testing.T) {
	for _, tc := range runCases {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRun(tc.job)
			if r.Kind != tc.kind {
				t.Fatalf("kind %s, want %s (%s)", r.Kind, tc.kind, r.Summary)
			}
			sky, ds := bothTasks(t, tc.job)
			for tool, run := range map[Tool]string{SkyPilot: sky.Run, DStack: strings.Join(ds.Commands, "\n")} {
				for _, w := range tc.want {
					if !strings.Contains(run, w) {
						t.Errorf("%s run lacks %q:\n%s", tool, w, run)
					}
				}
				for _, w := range tc.absent {
					if strings.Contains(run, w) {
						t.Errorf("%s run has %q:\n%s", tool, w, run)
					}
				}
			}
			checkLauncherFields(t, tc.job, r, sky, ds)
		})
	}
}

// bothTasks builds a job's SkyPilot and dstack tasks.
func bothTasks(t *testing.T, j Job) (SkyTask, DStackTask) {
	t.Helper()
	sky, err := NewSkyTask(j)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := NewDStackTask(j)
	if err != nil {
		t.Fatal(err)
	}
	return sky, ds
}

// checkLauncherFields checks what a run asks of the launchers.
func checkLauncherFields(t *testing.T, j Job, r Run, sky SkyTask, ds DStackTask) {
	t.Helper()
	service := r.Port > 0 && j.Rec.Nodes <= 1
	if (sky.Service != nil) != service || (ds.Type == "service") != service || (service && (sky.Resources.Ports != servePort || ds.Port != servePort || len(ds.Probes) != 1 || sky.Service.ReadinessProbe.Path != healthPath)) {
		t.Errorf("service %v: sky %+v ports %d, dstack type %s port %d probes %v", service, sky.Service, sky.Resources.Ports, ds.Type, ds.Port, ds.Probes)
	}
	if r.Mount != "" {
		// dstack's network volume attaches to one instance: a run over
		// several nodes keeps the mount on each node's disk.
		wantVolumes := 1
		if j.Rec.Nodes > 1 {
			wantVolumes = 0
		}
		m, ok := sky.FileMounts[r.Mount]
		if !ok || m.Mode != "MOUNT" || len(ds.Volumes) != wantVolumes || (wantVolumes == 1 && ds.Volumes[0].Path != r.Mount) {
			t.Errorf("mount %s: sky %+v, dstack %+v", r.Mount, sky.FileMounts, ds.Volumes)
		}
	}
	for _, e := range r.Required {
		if v, ok := sky.Envs[e]; !ok || v != nil || !contains(ds.Env, e) {
			t.Errorf("%s is not asked at launch: sky %v, dstack %v", e, sky.Envs, ds.Env)
		}
	}
	if r.Kind != RunUser {
		if v, ok := sky.Secrets[envHFToken]; !ok || v != nil || !contains(ds.Env, envHFToken) {
			t.Errorf("HF_TOKEN is not a secret from the environment: sky %v, dstack %v", sky.Secrets, ds.Env)
		}
	}
	spotTrain := j.Answers.Workload.Training() && j.Rec.PriceModel == model.PriceSpot
	if r.Managed != spotTrain || (ds.Retry != nil) != spotTrain {
		t.Errorf("spot training %v: managed %v, dstack retry %v", spotTrain, r.Managed, ds.Retry)
	}
	wantImage := r.Image != ""
	if (sky.Resources.ImageID != "") != wantImage || (ds.Image != "") != wantImage {
		t.Errorf("image %q: sky %q dstack %q", r.Image, sky.Resources.ImageID, ds.Image)
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestMegatronLayoutUsesEveryGPU: the Megatron command's TP x PP x CP,
// times the data-parallel copies the layout has, is the GPUs of the run.
func TestMegatronLayoutUsesEveryGPU(t *testing.T) {
	for _, tc := range runCases {
		if tc.kind != RunPretrain {
			continue
		}
		sky, err := NewSkyTask(tc.job)
		if err != nil {
			t.Fatal(err)
		}
		n := func(flag string) int {
			m := regexp.MustCompile(flag + ` (\d+)`).FindStringSubmatch(sky.Run)
			if m == nil {
				t.Fatalf("%s: no %s in %s", tc.name, flag, sky.Run)
			}
			v, _ := strconv.Atoi(m[1])
			return v
		}
		got := n("--tensor-model-parallel-size") * n("--pipeline-model-parallel-size") * n("--context-parallel-size") * tc.job.Rec.Layout.DataParallel
		if want := tc.job.Rec.GPUCount * tc.job.Rec.Nodes; got != want {
			t.Errorf("%s: TP x PP x CP x DP = %d, the run has %d GPUs", tc.name, got, want)
		}
	}
}

// TestServeTensorParallelIsThePlans: vLLM's --tensor-parallel-size is the
// recommendation's tensor parallelism for every serving case.
func TestServeTensorParallelIsThePlans(t *testing.T) {
	for _, tc := range runCases {
		if tc.kind != RunServe && tc.kind != RunBatch {
			continue
		}
		run := strings.Join(NewRun(tc.job).Lines, "\n")
		if want := fmt.Sprintf("--tensor-parallel-size %d", max(tc.job.Rec.TensorParallel, 1)); !strings.Contains(run, want) {
			t.Errorf("%s: want %s in %s", tc.name, want, run)
		}
	}
}

// TestAMDGetsROCmImage: an AMD GPU serves from AMD's vLLM image.
func TestAMDGetsROCmImage(t *testing.T) {
	j := Job{Rec: &model.Recommendation{Provider: "runpod", InstanceType: "x", GPU: "Instinct MI300X", GPUCount: 8, Nodes: 1, VRAMGiB: 1536, TensorParallel: 8, PriceModel: model.PriceOnDemand, HourlyUSD: 20},
		Preset: llama70B, Vendor: "AMD", Answers: model.Answers{Workload: model.WorkloadInference}}
	sky, err := NewSkyTask(j)
	if err != nil {
		t.Fatal(err)
	}
	if sky.Resources.ImageID != "docker:"+vllmImageROCm {
		t.Errorf("AMD image %q, want %q", sky.Resources.ImageID, vllmImageROCm)
	}
	j.Vendor = "NVIDIA"
	if sky, _ = NewSkyTask(j); sky.Resources.ImageID != "docker:"+vllmImageCUDA {
		t.Errorf("NVIDIA image %q", sky.Resources.ImageID)
	}
}

// TestRunGolden writes each case's two exports to testdata and compares
// them (go test ./data/launch -run TestRunGolden -update rewrites them),
// and checks every file parses as YAML in Python when python3 with yaml
// is there.
func TestRunGolden(t *testing.T) {
	dir := filepath.Join("testdata", "run")
	var files []string
	for _, tc := range runCases {
		for _, tool := range Tools {
			var buf bytes.Buffer
			if err := Export(&buf, tool, tc.job); err != nil {
				t.Fatalf("%s %s: %v", tc.name, tool, err)
			}
			var v map[string]any
			if err := yaml.Unmarshal(buf.Bytes(), &v); err != nil {
				t.Fatalf("%s %s does not parse: %v", tc.name, tool, err)
			}
			name := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+"."+string(tool)+".yaml")
			files = append(files, name)
			if *update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(want, buf.Bytes()) {
				t.Errorf("%s differs from the golden file:\n%s", name, buf.String())
			}
		}
	}
	py, err := exec.LookPath("python3")
	if err != nil || exec.Command(py, "-c", "import yaml").Run() != nil {
		t.Log("python3 with yaml not found: the exports were parsed by Go's YAML only")
		return
	}
	script := "import sys, yaml\nfor f in sys.argv[1:]:\n    d = yaml.safe_load(open(f))\n    assert isinstance(d, dict) and ('run' in d or 'commands' in d), f\n"
	if out, err := exec.Command(py, append([]string{"-c", script}, files...)...).CombinedOutput(); err != nil {
		t.Errorf("python yaml: %v\n%s", err, out)
	}
}

// TestAMDTrainingGetsROCmImages: on AMD GPUs a torchtune fine-tune runs in
// AMD's PyTorch image without installing PyTorch's CUDA wheel over it, and
// Megatron-LM pre-training runs AMD's Megatron-LM image from its own
// checkout; on NVIDIA neither changes.
func TestAMDTrainingGetsROCmImages(t *testing.T) {
	mi300x := func(nodes int) *model.Recommendation {
		return &model.Recommendation{Provider: "runpod", InstanceType: "x", GPU: "Instinct MI300X", GPUCount: 8, Nodes: nodes, VRAMGiB: 1536, PriceModel: model.PriceOnDemand, HourlyUSD: 20,
			Layout: &model.TrainLayout{Launcher: model.LauncherMegatron, TensorParallel: 8, PipelineParallel: 1, ContextParallel: 1, DataParallel: nodes}}
	}
	tests := []struct {
		name   string
		job    Job
		image  string
		want   []string
		absent []string
	}{
		{"LoRA on MI300X", Job{Rec: mi300x(1), Preset: llama70B, Vendor: "AMD", Answers: model.Answers{Workload: model.WorkloadLoRA, Precision: model.BF16}},
			torchImageROCm, []string{"pip install torchao torchtune==", "tune run"}, []string{"pip install torch ", "nvidia"}},
		{"pre-training on MI300X", Job{Rec: mi300x(1), Preset: llama8B, Vendor: "AMD", Context: 8192, Answers: model.Answers{Workload: model.WorkloadPretrain, Batch: 1}},
			megatronImageROCm, []string{"cd /workspace/Megatron-LM", "pretrain_gpt.py --use-mcore-models --tensor-model-parallel-size 8"}, []string{"git clone", "nvcr.io"}},
		{"LoRA on H100", Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: llama8B, Vendor: "NVIDIA", Answers: model.Answers{Workload: model.WorkloadLoRA, Precision: model.BF16}},
			"", []string{"pip install torch torchao torchtune=="}, []string{"rocm"}},
		{"pre-training on H100", Job{Rec: withRec(h100(8, 1, model.PriceOnDemand), func(r *model.Recommendation) { r.Layout = mi300x(1).Layout }), Preset: llama8B, Vendor: "NVIDIA", Answers: model.Answers{Workload: model.WorkloadPretrain}},
			megatronImage, []string{"git clone https://github.com/NVIDIA/Megatron-LM.git", "cd Megatron-LM"}, []string{"rocm"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sky, ds := bothTasks(t, tc.job)
			wantSky := ""
			if tc.image != "" {
				wantSky = "docker:" + tc.image
			}
			if sky.Resources.ImageID != wantSky || ds.Image != tc.image {
				t.Errorf("images sky %q dstack %q, want %q", sky.Resources.ImageID, ds.Image, tc.image)
			}
			for tool, script := range map[Tool]string{SkyPilot: sky.Setup + sky.Run, DStack: strings.Join(ds.Commands, "\n")} {
				for _, w := range tc.want {
					if !strings.Contains(script, w) {
						t.Errorf("%s lacks %q:\n%s", tool, w, script)
					}
				}
				for _, w := range tc.absent {
					if strings.Contains(strings.ToLower(script), w) {
						t.Errorf("%s has %q:\n%s", tool, w, script)
					}
				}
			}
		})
	}
}
