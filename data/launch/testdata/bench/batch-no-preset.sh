#!/usr/bin/env bash
# gpupick trial benchmark: run on each candidate, compare the figures.
set -u

echo '== GPU model and memory'
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,memory.total,pci.bus_id --format=csv
else
  echo 'skipped: nvidia-smi not found'
fi

echo '== links between the GPUs (NV# = NVLink, PIX/PXB/PHB/NODE/SYS = PCIe)'
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi topo -m
else
  echo 'skipped: nvidia-smi not found'
fi

echo '== matmul throughput (needs python3 with torch; ROCm'\''s PyTorch answers torch.cuda too)'
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import time, torch
n = 8192
a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
for _ in range(5): a @ b
torch.cuda.synchronize(); t = time.time()
for _ in range(50): a @ b
torch.cuda.synchronize(); dt = time.time() - t
print(f"bf16 matmul: {2 * n**3 * 50 / dt / 1e12:.1f} TFLOPS")'
else
  echo 'skipped: python3 not found'
fi

echo '== first token and decode speed per stream with vLLM at a 1000-token prompt (needs vllm; set MODEL_ID to the model'\''s Hugging Face id)'
if command -v vllm >/dev/null 2>&1; then
  vllm bench latency --model "$MODEL_ID" --tensor-parallel-size 1 --input-len 1000 --output-len 1 --batch-size 1 --num-iters-warmup 3 --num-iters 10 --output-json gpupick-ttft.json
  vllm bench latency --model "$MODEL_ID" --tensor-parallel-size 1 --input-len 1000 --output-len 128 --batch-size 1 --num-iters-warmup 3 --num-iters 10 --output-json gpupick-decode.json
  python3 -c 'import json
a = json.load(open("gpupick-ttft.json"))["avg_latency"]; b = json.load(open("gpupick-decode.json"))["avg_latency"]
print(f"time to first token: {a:.3f} s; decode per stream: {127 / (b - a):.1f} tokens/s")'
else
  echo 'skipped: vllm not found'
fi

echo '== batch throughput with vLLM (needs vllm; set MODEL_ID to the model'\''s Hugging Face id)'
if command -v vllm >/dev/null 2>&1; then
  vllm bench throughput --model "$MODEL_ID" --tensor-parallel-size 1 --input-len 1000 --output-len 128 --num-prompts 200
else
  echo 'skipped: vllm not found'
fi

echo '== disk write then read speed (4 GiB, direct I/O)'
if command -v dd >/dev/null 2>&1; then
  dd if=/dev/zero of=gpupick-bench.tmp bs=1M count=4096 oflag=direct status=none
  dd if=gpupick-bench.tmp of=/dev/null bs=1M iflag=direct
  rm -f gpupick-bench.tmp
else
  echo 'skipped: dd not found'
fi

echo '== download speed (1 GB test file)'
if command -v curl >/dev/null 2>&1; then
  curl -s -o /dev/null -w 'download: %{speed_download} bytes/s\n' 'https://speed.cloudflare.com/__down?bytes=1000000000'
else
  echo 'skipped: curl not found'
fi

echo '== vCPUs usable and RAM'
if command -v nproc >/dev/null 2>&1; then
  nproc
  grep MemTotal /proc/meminfo
else
  echo 'skipped: nproc not found'
fi
