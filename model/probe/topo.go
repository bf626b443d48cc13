package probe

import (
	"slices"
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
	// LinkInfinityFabric: some pairs over AMD Infinity Fabric (xGMI), as
	// rocm-smi --showtopo shows them (XGMI); the same word as
	// model.InterconnectInfinityFabric.
	LinkInfinityFabric = "infinity-fabric"
)

// Topology is the GPU-to-GPU part of `nvidia-smi topo -m` or of the link
// types of `rocm-smi --showtopo`: Links[i][j] is the entry between GPU i
// and GPU j ("X", "NV18", "PIX", "SYS", ...; "XGMI", "PCIE" from rocm-smi).
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
		if err := t.addRow(probeTopo, f, countGPUCols(head)); err != nil {
			return Topology{}, err
		}
	}
	if head == nil {
		return Topology{}, fault(probeTopo, FaultTopoNoHeader)
	}
	if len(t.Links) != countGPUCols(head) {
		return Topology{}, fault(probeTopo, FaultTopoRows, len(t.Links), countGPUCols(head))
	}
	return t, nil
}

// addRow adds the matrix row of the fields f ("GPU2", then an entry for
// each of the n GPU columns and any affinity columns after them) to t: the
// row must be the next GPU's and hold n entries.
func (t *Topology) addRow(probe string, f []string, n int) error {
	row := len(t.Links)
	if f[0] != "GPU"+strconv.Itoa(row) {
		return fault(probe, FaultTopoRow, clip(f[0]), row)
	}
	if len(f)-1 < n {
		return fault(probe, FaultTopoEntries, f[0], len(f)-1, n)
	}
	t.Links = append(t.Links, slices.Clone(f[1:1+n]))
	return nil
}

// countGPUCols is the number of GPU columns a header starts with.
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
// none does, LinkSingle for one GPU; LinkInfinityFabric when some pairs
// are linked by xGMI (rocm-smi's XGMI).
func (t Topology) Kind() string {
	n := len(t.Links)
	if n <= 1 {
		return LinkSingle
	}
	nv, xgmi, pairs := 0, 0, 0
	same := ""
	uniform := true
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			pairs++
			e := t.Links[i][j]
			if strings.EqualFold(e, "XGMI") {
				xgmi++
			}
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
	case xgmi > 0 && nv == 0:
		return LinkInfinityFabric
	case nv == 0:
		return LinkPCIe
	case nv == pairs && uniform && n > 2:
		return LinkNVSwitch
	}
	return LinkNVLink
}
