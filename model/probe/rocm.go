package probe

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// The AMD probes' commands, as their faults name them.
const (
	probeROCmSMI  = "rocm-smi --showproductname --showmeminfo vram"
	probeROCmTopo = "rocm-smi --showtopo"
)

// rocmLine is one "GPU[n] : Key: value" line of rocm-smi's text output
// (ROCm 4 to 7 print the index in brackets, tabs or spaces around the
// colon).
var rocmLine = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^GPU\[(\d+)\]\s*:\s*(.+?):\s*(.*)$`)
}}

// rocmCardKey is a card of `rocm-smi --json`: "card0".
var rocmCardKey = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^card(\d+)$`) }}

// maxROCmGPUs bounds the GPU index rocm-smi may name (a partitioned node
// shows up to 64 logical GPUs).
const maxROCmGPUs = 1024

// ParseROCmSMI reads `rocm-smi --showproductname --showmeminfo vram`: the
// GPUs' names ("Card series", or "Card model" when the series is a bare
// device id) and their memory ("VRAM Total Memory (B)", in bytes). It
// takes the text output ("GPU[0] : Card series: AMD Instinct MI300X
// OAM") and the same command's --json output ({"card0": {...}}). Lines of
// other sections (GPU use, power) are skipped; a GPU with no name has
// Name "", one with no memory line MemoryMiB 0 (unknown).
func ParseROCmSMI(s string) ([]GPU, error) {
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") {
		return parseROCmJSON(t)
	}
	cards := map[int]map[string]string{}
	for _, line := range lines(s) {
		m := rocmLine.Get().FindStringSubmatch(line)
		if m == nil {
			continue // banners, section titles, warnings
		}
		i, err := strconv.Atoi(m[1])
		if err != nil || i >= maxROCmGPUs {
			return nil, fault(probeROCmSMI, FaultROCmIndex, clip(m[1]))
		}
		if cards[i] == nil {
			cards[i] = map[string]string{}
		}
		cards[i][strings.ToLower(strings.TrimSpace(m[2]))] = strings.TrimSpace(m[3])
	}
	return rocmGPUs(cards)
}

// parseROCmJSON reads `rocm-smi ... --json`: an object of "cardN" objects
// of string values ("system" and other keys are skipped).
func parseROCmJSON(s string) ([]GPU, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return nil, fault(probeROCmSMI, FaultROCmJSON, clip(err.Error()))
	}
	cards := map[int]map[string]string{}
	for k, v := range raw {
		m := rocmCardKey.Get().FindStringSubmatch(k)
		if m == nil {
			continue
		}
		i, err := strconv.Atoi(m[1])
		if err != nil || i >= maxROCmGPUs {
			return nil, fault(probeROCmSMI, FaultROCmIndex, clip(m[1]))
		}
		var fields map[string]any
		if err := json.Unmarshal(v, &fields); err != nil {
			return nil, fault(probeROCmSMI, FaultROCmJSON, clip(k+": "+err.Error()))
		}
		c := map[string]string{}
		for fk, fv := range fields {
			if str, ok := fv.(string); ok {
				c[strings.ToLower(strings.TrimSpace(fk))] = strings.TrimSpace(str)
			}
		}
		cards[i] = c
	}
	return rocmGPUs(cards)
}

// rocmGPUs turns rocm-smi's fields by GPU index into GPUs, in index order.
func rocmGPUs(cards map[int]map[string]string) ([]GPU, error) {
	idx := make([]int, 0, len(cards))
	for i := range cards {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	out := make([]GPU, 0, len(idx))
	for _, i := range idx {
		c := cards[i]
		g := GPU{Name: rocmName(c), BusID: c["pci bus"]}
		if v, ok := c["vram total memory (b)"]; ok && v != "N/A" {
			b, err := strconv.ParseFloat(v, 64)
			if err != nil || !(b >= 0 && b <= 1<<50) { // NaN too
				return nil, fault(probeROCmSMI, FaultROCmMemory, i, clip(v))
			}
			g.MemoryMiB = b / (1 << 20)
		}
		out = append(out, g)
	}
	return out, nil
}

// rocmName is a GPU's name: its card series ("AMD Instinct MI300X OAM";
// old releases print a bare device id there, "0x738c"), else its card
// model when that is a name, else "".
func rocmName(c map[string]string) string {
	for _, k := range []string{"card series", "card model", "device name"} {
		if v := c[k]; v != "" && v != "N/A" && !strings.HasPrefix(v, "0x") {
			return v
		}
	}
	return ""
}

// ParseROCmTopo reads the "Link Type between two GPUs" matrix of
// `rocm-smi --showtopo` (XGMI = Infinity Fabric, PCIE; 0 on the diagonal)
// into a Topology: the same matrix nvidia-smi topo -m gives, with
// rocm-smi's words as entries. The weight, hops and NUMA sections are
// skipped.
func ParseROCmTopo(s string) (Topology, error) {
	var t Topology
	var head []string
	in := false
	for _, line := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "=") {
			// A section title: "==== Link Type between two GPUs ====".
			if in && head != nil {
				break
			}
			in = strings.Contains(strings.ToLower(line), "link type between two gpus")
			continue
		}
		f := strings.Fields(line)
		if !in || len(f) == 0 {
			continue
		}
		if head == nil {
			if f[0] != "GPU0" {
				return Topology{}, fault(probeROCmTopo, FaultTopoNoHeader)
			}
			head = f
			continue
		}
		n := countGPUCols(head)
		if err := t.addRow(probeROCmTopo, f, n); err != nil {
			return Topology{}, err
		}
		row := len(t.Links) - 1
		t.Links[row][row%n] = "X" // rocm-smi writes 0 on the diagonal
	}
	if head == nil {
		return Topology{}, fault(probeROCmTopo, FaultROCmNoLinkTable)
	}
	if len(t.Links) != countGPUCols(head) {
		return Topology{}, fault(probeROCmTopo, FaultTopoRows, len(t.Links), countGPUCols(head))
	}
	return t, nil
}
