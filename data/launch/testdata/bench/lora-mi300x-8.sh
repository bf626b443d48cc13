#!/usr/bin/env bash
# gpupick trial benchmark: run on each candidate, compare the figures.
set -u

echo '== GPU model and memory'
if command -v rocm-smi >/dev/null 2>&1; then
  rocm-smi --showproductname --showmeminfo vram
else
  echo 'skipped: rocm-smi not found'
fi

echo '== links between the GPUs (XGMI = Infinity Fabric, PCIE = PCIe)'
if command -v rocm-smi >/dev/null 2>&1; then
  rocm-smi --showtopo
else
  echo 'skipped: rocm-smi not found'
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

echo '== training step proxy on 8 GPUs: matmul + all-reduce (a proxy, not the launcher'\''s step: no training framework is run)'
if command -v torchrun >/dev/null 2>&1; then
  cat > gpupick-step.py <<'GPUPICK_EOF'
import os, time, torch, torch.distributed as dist
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
dist.destroy_process_group()
GPUPICK_EOF
  torchrun --nproc-per-node 8 gpupick-step.py
else
  echo 'skipped: torchrun not found'
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
