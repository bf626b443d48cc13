package probe

import (
	"strconv"
	"strings"
)

// Link kinds between the GPUs of a machine, as Topology.Kind reports them;
// the same words as model.Interconnect.
const (
	LinkNVSwitch = "nvswitch" // every pair over the same bonded NVLinks (an NVSwitch fabric)
	LinkNVLink   = "nvlink"   // some pairs over NVLink (bridges, a ring)
	LinkPCIe     = "pcie"     // no NVLink between any pair
	LinkSingle   = "single"   // one GPU
)

// Topology is the GPU-to-GPU part of `nvidia-smi topo -m`: Links[i][j] is
// the entry between GPU i and GPU j ("X", "NV18", "PIX", "SYS", ...).
type Topology struct {
	Links [][]string
}

// ParseTopo reads the matrix of `nvidia-smi topo -m` (tabs or spaces; NIC
// rows and columns, the affinity columns and the legend are ignored).
func ParseTopo(s string) (Topology, error) {
	var t Topology
	var head []string
	for _, line := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if head == nil {
			if strings.HasPrefix(f[0], "GPU") {
				head = f
			}
			continue
		}
		if f[0] == "Legend:" {
			break
		}
		if !strings.HasPrefix(f[0], "GPU") {
			continue
		}
		row := len(t.Links)
		if f[0] != "GPU"+strconv.Itoa(row) {
			return Topology{}, fault(probeTopo, FaultTopoRow, clip(f[0]), row)
		}
		var links []string
		for _, h := range head {
			if !strings.HasPrefix(h, "GPU") {
				break
			}
			links = append(links, "")
		}
		if len(f)-1 < len(links) {
			return Topology{}, fault(probeTopo, FaultTopoEntries, f[0], len(f)-1, len(links))
		}
		copy(links, f[1:1+len(links)])
		t.Links = append(t.Links, links)
	}
	if head == nil {
		return Topology{}, fault(probeTopo, FaultTopoNoHeader)
	}
	if len(t.Links) != countGPUCols(head) {
		return Topology{}, fault(probeTopo, FaultTopoRows, len(t.Links), countGPUCols(head))
	}
	return t, nil
}

func countGPUCols(head []string) int {
	n := 0
	for _, h := range head {
		if !strings.HasPrefix(h, "GPU") {
			break
		}
		n++
	}
	return n
}

// GPUs is the number of GPUs in the matrix.
func (t Topology) GPUs() int { return len(t.Links) }

// Kind says how the GPUs are linked: LinkNVSwitch when every pair shows the
// same bonded NVLinks (NV#: what an NVSwitch baseboard shows, e.g. NV18 on
// HGX H100, NV12 on HGX A100), LinkNVLink when some pairs do, LinkPCIe when
// none does, LinkSingle for one GPU.
func (t Topology) Kind() string {
	n := len(t.Links)
	if n <= 1 {
		return LinkSingle
	}
	nv, pairs := 0, 0
	same := ""
	uniform := true
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			pairs++
			e := t.Links[i][j]
			if strings.HasPrefix(e, "NV") {
				nv++
				if same == "" {
					same = e
				} else if e != same {
					uniform = false
				}
			}
		}
	}
	switch {
	case nv == 0:
		return LinkPCIe
	case nv == pairs && uniform && n > 2:
		return LinkNVSwitch
	}
	return LinkNVLink
}
