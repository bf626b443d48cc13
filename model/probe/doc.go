// Package probe parses what a rented machine says about itself — the output
// of `nvidia-smi --query-gpu=name,memory.total,pci.bus_id --format=csv`,
// `nvidia-smi -L`, `nvidia-smi topo -m`, `lscpu`, `nproc`, /proc/meminfo,
// `lsblk -b -d -o NAME,SIZE,ROTA,TYPE,MODEL` and `df -P -B1` — so that
// `gpupick verify` can compare the machine with the decision record.
//
// The parsers are pure (text in, values out, no I/O) and never panic; a
// text they cannot read is an error naming the command and what was
// expected. Fixtures of real outputs are in testdata/ (see its README for
// where each came from).
package probe
