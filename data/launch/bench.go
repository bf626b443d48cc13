package launch

import (
	"fmt"
	"io"
	"strings"
)

// BenchStep is one step of the trial benchmark: a title echoed before it,
// and the commands it runs (each an argv, quoted for the shell when
// written). Guard, when set, is a program that must exist for the step to
// run; otherwise the step says it was skipped.
type BenchStep struct {
	Title    string
	Guard    string
	Commands [][]string
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

// BenchSteps are the trial benchmark's steps: GPU model and memory, the
// link matrix, matmul throughput, disk read speed and download speed.
func BenchSteps() []BenchStep {
	return []BenchStep{
		{Title: "GPU model and memory", Guard: "nvidia-smi", Commands: [][]string{{"nvidia-smi", "--query-gpu=name,memory.total,pci.bus_id", "--format=csv"}}},
		{Title: "links between the GPUs (NV# = NVLink, PIX/PXB/PHB/NODE/SYS = PCIe)", Guard: "nvidia-smi", Commands: [][]string{{"nvidia-smi", "topo", "-m"}}},
		{Title: "matmul throughput (needs python3 with torch)", Guard: "python3", Commands: [][]string{{"python3", "-c", matmulPy}}},
		{Title: "disk write then read speed (4 GiB, direct I/O)", Guard: "dd", Commands: [][]string{
			{"dd", "if=/dev/zero", "of=gpupick-bench.tmp", "bs=1M", "count=4096", "oflag=direct", "status=none"},
			{"dd", "if=gpupick-bench.tmp", "of=/dev/null", "bs=1M", "iflag=direct"},
			{"rm", "-f", "gpupick-bench.tmp"}}},
		{Title: "download speed (1 GB test file)", Guard: "curl", Commands: [][]string{{"curl", "-s", "-o", "/dev/null", "-w", "download: %{speed_download} bytes/s\\n", "https://speed.cloudflare.com/__down?bytes=1000000000"}}},
		{Title: "vCPUs usable and RAM", Guard: "nproc", Commands: [][]string{{"nproc"}, {"grep", "MemTotal", "/proc/meminfo"}}},
	}
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
		for _, c := range s.Commands {
			q := make([]string, len(c))
			for i, a := range c {
				q[i] = shellQuote(a)
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
