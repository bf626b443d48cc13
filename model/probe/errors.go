package probe

import (
	"fmt"
	"strings"
)

// Fault is what a probe's output gets wrong (or that it is missing): the
// kind of an Error, whose English text is FaultText's format of the
// error's Args. A caller that words the error in another language keeps
// the format's verbs (the advisor's verify texts do, and test it).
type Fault int

// The faults of the probes' outputs.
const (
	FaultNoGPUProbe      Fault = iota // neither GPU listing was saved: Args the NVIDIA command and file, the AMD command and file
	FaultGPUColumns                   // nvidia-smi --query-gpu: Args line number, line
	FaultGPUMemory                    // nvidia-smi --query-gpu: Args line number, memory.total
	FaultMIGOrphan                    // nvidia-smi -L: Args line number
	FaultGPUListLine                  // nvidia-smi -L: Args line number, line
	FaultLscpuCount                   // lscpu: Args key, value
	FaultLscpuNoCPUs                  // lscpu: no Args
	FaultNproc                        // nproc: Args value
	FaultMemTotal                     // /proc/meminfo: Args value
	FaultNoMemTotal                   // /proc/meminfo: no Args
	FaultLsblkLine                    // lsblk: Args line number, line
	FaultLsblkSize                    // lsblk: Args line number, SIZE
	FaultDfLine                       // df: Args line number, line
	FaultDfSize                       // df: Args line number, Size, Available
	FaultTopoRow                      // nvidia-smi topo -m or rocm-smi --showtopo: Args row name, row expected
	FaultTopoEntries                  // nvidia-smi topo -m: Args row name, entries, columns
	FaultTopoNoHeader                 // nvidia-smi topo -m: no Args
	FaultTopoRows                     // nvidia-smi topo -m: Args rows, columns
	FaultROCmIndex                    // rocm-smi: Args the GPU index
	FaultROCmJSON                     // rocm-smi --json: Args the decoder's error
	FaultROCmMemory                   // rocm-smi: Args GPU index, VRAM Total Memory (B)
	FaultROCmNoLinkTable              // rocm-smi --showtopo: no Args
	FaultGPUNone                      // nvidia-smi --query-gpu: Args the command (the output lists no GPU)

	FaultCount // the number of faults
)

// faultTexts are the faults' English formats.
var faultTexts = [FaultCount]string{
	FaultGPUColumns:      "line %d %q: want name, memory.total, pci.bus_id separated by commas",
	FaultGPUMemory:       "line %d: memory.total %q is not a size in MiB",
	FaultMIGOrphan:       "line %d: a MIG device before any GPU line",
	FaultGPUListLine:     `line %d %q: want "GPU n: NAME (UUID: ...)" or "MIG profile Device n: ..."`,
	FaultLscpuCount:      "%s %q is not a count",
	FaultLscpuNoCPUs:     `no "CPU(s):" line (is this the output of lscpu?)`,
	FaultNproc:           "%q is not a CPU count",
	FaultMemTotal:        "MemTotal %q is not a size in kB",
	FaultNoMemTotal:      "no MemTotal line",
	FaultLsblkLine:       "line %d %q: want NAME SIZE ROTA TYPE [MODEL] (run lsblk -b -d -o NAME,SIZE,ROTA,TYPE,MODEL)",
	FaultLsblkSize:       "line %d: SIZE %q is not bytes (run lsblk with -b)",
	FaultDfLine:          "line %d %q: want Filesystem Size Used Available Capacity Mounted-on (run df -P -B1)",
	FaultDfSize:          "line %d: sizes %q, %q are not bytes (run df with -B1)",
	FaultTopoRow:         "row %q where GPU%d was expected",
	FaultTopoEntries:     "row %s has %d entries for %d GPU columns",
	FaultTopoNoHeader:    "no header line starting with GPU0 (is this the output of nvidia-smi topo -m?)",
	FaultTopoRows:        "%d GPU rows for %d GPU columns",
	FaultNoGPUProbe:      "no GPU listing: save the output of `%s` as %s (NVIDIA) or of `%s` as %s (AMD)",
	FaultROCmIndex:       "GPU index %q is not a GPU number below 1024",
	FaultROCmJSON:        "not rocm-smi's JSON (%s): save the command's output as it prints it",
	FaultROCmMemory:      "GPU[%d]: VRAM Total Memory (B) %q is not a size in bytes",
	FaultROCmNoLinkTable: `no "Link Type between two GPUs" table starting with GPU0 (is this the output of rocm-smi --showtopo?)`,
	FaultGPUNone:         "no GPU row: the file is empty or holds only the header, not a GPU machine's listing; save the output of `%s` on the rented machine",
}

// FaultText is the fault's English format (of an Error's Args).
func FaultText(f Fault) string {
	if f < 0 || f >= FaultCount {
		return fmt.Sprintf("fault %d", int(f))
	}
	return faultTexts[f]
}

// Error is a probe output's fault: the saved file it is in (set by Parse),
// the command whose output it is ("nvidia-smi -L"; empty for a missing
// output), and the fault with its figures and the text it quotes.
type Error struct {
	File  string
	Probe string
	Fault Fault
	Args  []any
}

// Error is the English text: "gpus.csv: nvidia-smi --query-gpu: line 2:
// memory.total \"lots\" is not a size in MiB".
func (e *Error) Error() string {
	var parts []string
	for _, p := range []string{e.File, e.Probe} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(append(parts, fmt.Sprintf(FaultText(e.Fault), e.Args...)), ": ")
}

// fault is the Error of the probe's fault f, without its file.
func fault(probe string, f Fault, args ...any) error {
	return &Error{Probe: probe, Fault: f, Args: args}
}

// The commands whose outputs more than one parser's faults name.
const (
	probeGPUQuery = "nvidia-smi --query-gpu"
	probeGPUList  = "nvidia-smi -L"
	probeTopo     = "nvidia-smi topo -m"
)

// inFile is err in the saved file: an Error with its File set, any other
// error prefixed with the file.
func inFile(file string, err error) error {
	if e, ok := err.(*Error); ok {
		c := *e
		c.File = file
		return &c
	}
	return fmt.Errorf("%s: %w", file, err)
}
