package launch

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// benchCases are trial scripts for an NVIDIA and an AMD serving choice, a
// batch job, an embedding model and a fine-tune.
var benchCases = []struct {
	name string
	job  Job
	want []string // lines the script must run
	not  []string // and must not
}{
	{"serve-h100-tp2", Job{Rec: &model.Recommendation{GPU: "H100 SXM5", GPUCount: 2, TensorParallel: 2, Speed: model.Speed{PromptTokens: 2048}}, Preset: llama70B, Vendor: "NVIDIA",
		Answers: model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyInteractive}},
		[]string{"nvidia-smi topo -m", "vllm bench latency --model meta-llama/Llama-3.1-70B --tensor-parallel-size 2 --input-len 2048 --output-len 1 ", "--output-len 128 "},
		[]string{"rocm-smi", "vllm bench throughput"}},
	{"serve-mi300x-tp8", Job{Rec: &model.Recommendation{GPU: "Instinct MI300X", GPUCount: 8, TensorParallel: 8, Speed: model.Speed{PromptTokens: 4096}}, Preset: llama70B, Vendor: "AMD",
		Answers: model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyInteractive}},
		[]string{"rocm-smi --showproductname --showmeminfo vram", "rocm-smi --showtopo", "--tensor-parallel-size 8 --input-len 4096"},
		[]string{"nvidia-smi"}},
	{"batch-no-preset", Job{Rec: &model.Recommendation{GPU: "L40S", GPUCount: 1}, Vendor: "NVIDIA",
		Answers: model.Answers{Workload: model.WorkloadInference, Latency: model.LatencyBatch}},
		[]string{`vllm bench latency --model "$MODEL_ID"`, "vllm bench throughput --model \"$MODEL_ID\" --tensor-parallel-size 1 --input-len 1000 --output-len 128 --num-prompts 200", "set MODEL_ID"},
		nil},
	{"lora-mi300x-8", Job{Rec: &model.Recommendation{GPU: "Instinct MI300X", GPUCount: 8}, Preset: llama70B, Vendor: "AMD", Answers: model.Answers{Workload: model.WorkloadLoRA}},
		[]string{"torchrun --nproc-per-node 8 gpupick-step.py", "cat > gpupick-step.py <<'GPUPICK_EOF'", "a proxy, not the launcher'\\''s step"},
		[]string{"vllm", "nvidia-smi"}},
}

// TestBenchScripts: each script measures its workload on its vendor's
// tools, matches its golden file (go test ./data/launch -run
// TestBenchScripts -update rewrites them) and is valid bash (bash -n, when
// bash is there).
func TestBenchScripts(t *testing.T) {
	for _, tc := range benchCases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteBenchScript(&buf, BenchSteps(tc.job)); err != nil {
				t.Fatal(err)
			}
			s := buf.String()
			for _, w := range tc.want {
				if !strings.Contains(s, w) {
					t.Errorf("script lacks %q", w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(s, w) {
					t.Errorf("script has %q", w)
				}
			}
			name := filepath.Join("testdata", "bench", tc.name+".sh")
			if *update {
				if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if want, err := os.ReadFile(name); err != nil || string(want) != s {
				t.Errorf("%s differs from the script (%v; run with -update after checking):\n%s", name, err, s)
			}
			if bash, err := exec.LookPath("bash"); err == nil {
				if out, err := exec.Command(bash, "-n", name).CombinedOutput(); err != nil {
					t.Errorf("bash -n %s: %v %s", name, err, out)
				}
			}
		})
	}
}
