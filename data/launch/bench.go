package launch

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// BenchStep is one step of the trial benchmark: a title echoed before it,
// and the commands it runs (each an argv, quoted for the shell when
// written). Guard, when set, is a program that must exist for the step to
// run; otherwise the step says it was skipped.
type BenchStep struct {
	Title    string
	Guard    string
	Commands [][]string
	// Files are written (by name, a heredoc each) before the commands
	// run: a program a command starts.
	Files map[string]string
}

// matmulPy is the throughput check run with python3: a bf16 matmul of
// 8192×8192 repeated 50 times, timed on the GPU, printed in TFLOPS.
const matmulPy = `import time, torch
n = 8192
a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
for _ in range(5): a @ b
torch.cuda.synchronize(); t = time.time()
for _ in range(50): a @ b
torch.cuda.synchronize(); dt = time.time() - t
print(f"bf16 matmul: {2 * n**3 * 50 / dt / 1e12:.1f} TFLOPS")`

// allreducePy is the training proxy run under torchrun when no training
// framework is installed: on every GPU a bf16 matmul (the step's compute)
// then an all-reduce of 1 GiB (its gradient exchange), timed, with the
// all-reduce's bus bandwidth (NCCL's definition: 2(n-1)/n of the bytes per
// second). torch.distributed's "nccl" backend is RCCL on ROCm.
const allreducePy = `import os, time, torch, torch.distributed as dist
dist.init_process_group("nccl"); r = dist.get_rank(); n = dist.get_world_size()
torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", 0)))
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
g = torch.ones(512 * 2**20, device="cuda", dtype=torch.bfloat16)
for _ in range(3): a @ a; dist.all_reduce(g)
torch.cuda.synchronize(); t = time.time()
for _ in range(10): a @ a; dist.all_reduce(g)
torch.cuda.synchronize(); dt = (time.time() - t) / 10
t = time.time(); dist.all_reduce(g); torch.cuda.synchronize(); ar = time.time() - t
if r == 0: print(f"proxy step (matmul + 1 GiB all-reduce over {n} GPUs): {dt*1000:.1f} ms; all-reduce bus bandwidth {2*(n-1)/n*2**30/ar/1e9:.1f} GB/s")
dist.destroy_process_group()`

// poolingPy times vLLM's pooling runner embedding 512 inputs of the plan's
// length (LLM(..., runner="pooling").embed, vllm/entrypoints/llm.py; the
// runner option as the export's --runner pooling): argv model, tokens,
// tensor-parallel size.
const poolingPy = `import sys, time
from vllm import LLM
m, n, tp = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
llm = LLM(model=m, runner="pooling", tensor_parallel_size=tp)
x = [{"prompt_token_ids": [1000 + (i + j) % 20000 for j in range(n)]} for i in range(512)]
llm.embed(x[:16]); t = time.time(); llm.embed(x); dt = time.time() - t
print(f"pooling throughput: {512 / dt:.1f} inputs/s ({512 * n / dt:.0f} tokens/s)")`

// decodePy reads the two `vllm bench latency --output-json` files: the
// time to first token is the 1-token run's average latency, the decode
// speed per stream the extra tokens of the long run over its extra time.
const decodePy = `import json
a = json.load(open("gpupick-ttft.json"))["avg_latency"]; b = json.load(open("gpupick-decode.json"))["avg_latency"]
print(f"time to first token: {a:.3f} s; decode per stream: {127 / (b - a):.1f} tokens/s")`

// benchOutputLen is the tokens the decode run generates per request.
const benchOutputLen = 128

// BenchSteps are the trial benchmark's steps for a job: the GPUs (model,
// memory, links) in their vendor's tool (nvidia-smi, or rocm-smi on AMD
// GPUs), matmul throughput, the workload's own measure (decode speed and
// first token under vLLM for serving and batch generation, the pooling
// throughput for an embedding model, a matmul + all-reduce training step
// proxy), disk read speed, download speed, vCPUs and RAM. A step whose
// program is missing says it was skipped.
func BenchSteps(j Job) []BenchStep {
	steps := gpuSteps(j.amd())
	steps = append(steps, BenchStep{Title: "matmul throughput (needs python3 with torch; ROCm's PyTorch answers torch.cuda too)", Guard: "python3", Commands: [][]string{{"python3", "-c", matmulPy}}})
	steps = append(steps, workloadSteps(j)...)
	return append(steps,
		BenchStep{Title: "disk write then read speed (4 GiB, direct I/O)", Guard: "dd", Commands: [][]string{
			{"dd", "if=/dev/zero", "of=gpupick-bench.tmp", "bs=1M", "count=4096", "oflag=direct", "status=none"},
			{"dd", "if=gpupick-bench.tmp", "of=/dev/null", "bs=1M", "iflag=direct"},
			{"rm", "-f", "gpupick-bench.tmp"}}},
		BenchStep{Title: "download speed (1 GB test file)", Guard: "curl", Commands: [][]string{{"curl", "-s", "-o", "/dev/null", "-w", "download: %{speed_download} bytes/s\\n", "https://speed.cloudflare.com/__down?bytes=1000000000"}}},
		BenchStep{Title: "vCPUs usable and RAM", Guard: "nproc", Commands: [][]string{{"nproc"}, {"grep", "MemTotal", "/proc/meminfo"}}},
	)
}

// gpuSteps list the GPUs and their links in the vendor's tool, the same
// commands `gpupick verify` runs (their outputs saved under verify's file
// names read with verify --from).
func gpuSteps(amd bool) []BenchStep {
	if amd {
		return []BenchStep{
			{Title: "GPU model and memory", Guard: "rocm-smi", Commands: [][]string{{"rocm-smi", "--showproductname", "--showmeminfo", "vram"}}},
			{Title: "links between the GPUs (XGMI = Infinity Fabric, PCIE = PCIe)", Guard: "rocm-smi", Commands: [][]string{{"rocm-smi", "--showtopo"}}},
		}
	}
	return []BenchStep{
		{Title: "GPU model and memory", Guard: "nvidia-smi", Commands: [][]string{{"nvidia-smi", "--query-gpu=name,memory.total,pci.bus_id", "--format=csv"}}},
		{Title: "links between the GPUs (NV# = NVLink, PIX/PXB/PHB/NODE/SYS = PCIe)", Guard: "nvidia-smi", Commands: [][]string{{"nvidia-smi", "topo", "-m"}}},
	}
}

// workloadSteps measure what the workload is bound by. Serving and batch
// generation: `vllm bench latency` (vllm/benchmarks/latency.py @ 00cae075:
// --input-len, --output-len, --batch-size, --num-iters-warmup,
// --num-iters, --output-json with avg_latency, the engine's own flags
// after them; the `latency` subcommand of `vllm bench`,
// vllm/entrypoints/cli/benchmark/latency.py) once for one token (the time
// to first token at the plan's prompt) and once for benchOutputLen (decode
// per stream), and for a batch job `vllm bench throughput`
// (vllm/benchmarks/throughput.py @ 02028314: random prompts of --input-len
// when no dataset is given, --num-prompts; prints "Throughput: … output
// tokens/s"). Embedding: the pooling runner's throughput. Training: the
// matmul + all-reduce proxy under torchrun on every GPU of the node.
func workloadSteps(j Job) []BenchStep {
	a := j.Answers
	gpus := 1
	if j.Rec != nil {
		gpus = max(j.Rec.GPUCount, 1)
	}
	switch {
	case a.Workload.Training():
		return []BenchStep{{Title: fmt.Sprintf("training step proxy on %d GPUs: matmul + all-reduce (a proxy, not the launcher's step: no training framework is run)", gpus), Guard: "torchrun",
			Commands: [][]string{{"torchrun", "--nproc-per-node", fmt.Sprint(gpus), "gpupick-step.py"}}, Files: map[string]string{"gpupick-step.py": allreducePy}}}
	case a.Workload == model.WorkloadVRAM || j.Preset != nil && j.Preset.IsDiffusion():
		return nil // the matmul above is the measure
	}
	id, asked := j.modelID()
	need := "needs vllm"
	if asked {
		need += "; set " + envModel + " to the model's Hugging Face id"
	}
	tp := "1"
	if j.Rec != nil {
		tp = fmt.Sprint(max(j.Rec.TensorParallel, 1))
	}
	prompt := benchPrompt(j)
	if a.Workload == model.WorkloadEmbed || j.Preset != nil && j.Preset.IsEncoder() {
		return []BenchStep{{Title: "embedding throughput with vLLM's pooling runner (" + need + ")", Guard: "vllm",
			Commands: [][]string{{"python3", "-c", poolingPy, id, fmt.Sprint(prompt), tp}}}}
	}
	lat := func(out int, file string) []string {
		return []string{"vllm", "bench", "latency", "--model", id, "--tensor-parallel-size", tp, "--input-len", fmt.Sprint(prompt), "--output-len", fmt.Sprint(out),
			"--batch-size", "1", "--num-iters-warmup", "3", "--num-iters", "10", "--output-json", file}
	}
	steps := []BenchStep{{Title: fmt.Sprintf("first token and decode speed per stream with vLLM at a %d-token prompt (%s)", prompt, need), Guard: "vllm",
		Commands: [][]string{lat(1, "gpupick-ttft.json"), lat(benchOutputLen, "gpupick-decode.json"), {"python3", "-c", decodePy}}}}
	if a.Latency == model.LatencyBatch {
		steps = append(steps, BenchStep{Title: "batch throughput with vLLM (" + need + ")", Guard: "vllm", Commands: [][]string{{"vllm", "bench", "throughput", "--model", id, "--tensor-parallel-size", tp,
			"--input-len", fmt.Sprint(prompt), "--output-len", fmt.Sprint(benchOutputLen), "--num-prompts", "200"}}})
	}
	return steps
}

// benchPrompt is the prompt length the benchmark runs: the one the
// plan's first token assumed, else the answers', else 1,000 tokens.
func benchPrompt(j Job) int {
	if j.Rec != nil && j.Rec.Speed.PromptTokens > 0 {
		return j.Rec.Speed.PromptTokens
	}
	if j.Answers.PromptTokens > 0 {
		return j.Answers.PromptTokens
	}
	return 1000
}

// WriteBenchScript writes the steps as a bash script.
func WriteBenchScript(w io.Writer, steps []BenchStep) error {
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\n# gpupick trial benchmark: run on each candidate, compare the figures.\nset -u\n")
	for _, s := range steps {
		fmt.Fprintf(&b, "\necho %s\n", shellQuote("== "+s.Title))
		if s.Guard != "" {
			fmt.Fprintf(&b, "if command -v %s >/dev/null 2>&1; then\n", shellQuote(s.Guard))
		}
		for _, name := range slices.Sorted(maps.Keys(s.Files)) {
			fmt.Fprintf(&b, "  cat > %s <<'GPUPICK_EOF'\n%s\nGPUPICK_EOF\n", shellQuote(name), s.Files[name])
		}
		for _, c := range s.Commands {
			q := make([]string, len(c))
			for i, a := range c {
				q[i] = quoteArg(a) // $MODEL_ID stays expandable
			}
			fmt.Fprintf(&b, "  %s\n", strings.Join(q, " "))
		}
		if s.Guard != "" {
			fmt.Fprintf(&b, "else\n  echo %s\nfi\n", shellQuote("skipped: "+s.Guard+" not found"))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shellQuote quotes s for bash (single quotes; a quote inside is '\”).
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,:", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
