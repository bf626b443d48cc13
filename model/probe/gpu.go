package probe

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// GPU is one row of `nvidia-smi --query-gpu=name,memory.total,pci.bus_id
// --format=csv`.
type GPU struct {
	Name      string
	MemoryMiB float64
	BusID     string
}

// ParseGPUQuery reads the CSV of `nvidia-smi --query-gpu=name,memory.total,
// pci.bus_id --format=csv` (with or without the header, with or without
// units). An output without a GPU row (empty, or the header alone) is an
// error: nvidia-smi fails rather than print none, so it is not a GPU
// machine's listing. A memory.total of [N/A] is unknown; one that is not
// a finite size (NaN) is an error.
func ParseGPUQuery(s string) ([]GPU, error) {
	out, err := parseGPURows(s)
	if err == nil && len(out) == 0 {
		return nil, fault(probeGPUQuery, FaultGPUNone, commandOf(FileNVIDIAGPUs))
	}
	return out, err
}

// parseGPURows reads the GPU rows of ParseGPUQuery's output.
func parseGPURows(s string) ([]GPU, error) {
	var out []GPU
	for i, line := range lines(s) {
		low := strings.ToLower(line)
		if i == 0 && strings.HasPrefix(low, "name") {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) < 2 {
			return nil, fault(probeGPUQuery, FaultGPUColumns, i+1, clip(line))
		}
		mem := strings.TrimSpace(f[1])
		mem = strings.TrimSpace(strings.TrimSuffix(mem, "MiB"))
		g := GPU{Name: strings.TrimSpace(f[0])}
		if mem != "[N/A]" && mem != "N/A" {
			v, err := strconv.ParseFloat(mem, 64)
			if err != nil || !(v >= 0 && v <= 1<<24) { // NaN too
				return nil, fault(probeGPUQuery, FaultGPUMemory, i+1, clip(f[1]))
			}
			g.MemoryMiB = v
		}
		if len(f) > 2 {
			g.BusID = strings.TrimSpace(f[2])
		}
		out = append(out, g)
	}
	return out, nil
}

// MIG is one MIG device of `nvidia-smi -L`: its profile (e.g. 3g.20gb), the
// index of its parent GPU and the memory the profile names.
type MIG struct {
	Profile  string
	Parent   int
	MemoryGB float64
}

var (
	gpuLine = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^GPU (\d+): (.+?) \(UUID:`) }}
	migLine = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^MIG (\d+g\.(\d+(?:\.\d+)?)gb)\s+Device\s+\d+:`) }}
)

// ParseGPUList reads `nvidia-smi -L`: the GPUs' names and their MIG devices.
func ParseGPUList(s string) (names []string, migs []MIG, err error) {
	parent := -1
	for i, line := range lines(s) {
		if m := gpuLine.Get().FindStringSubmatch(line); m != nil {
			parent, _ = strconv.Atoi(m[1])
			names = append(names, m[2])
			continue
		}
		if m := migLine.Get().FindStringSubmatch(line); m != nil {
			if parent < 0 {
				return nil, nil, fault(probeGPUList, FaultMIGOrphan, i+1)
			}
			gb, _ := strconv.ParseFloat(m[2], 64)
			migs = append(migs, MIG{Profile: m[1], Parent: parent, MemoryGB: gb})
			continue
		}
		return nil, nil, fault(probeGPUList, FaultGPUListLine, i+1, clip(line))
	}
	return names, migs, nil
}

// lines splits s into trimmed non-empty lines.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// clip shortens a line for an error message.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}
