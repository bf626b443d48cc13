package probe

import (
	"errors"
	"strings"
)

// Command is one probe: what verify runs on the machine and the file its
// output is saved as in a --from folder.
type Command struct {
	File string
	Argv []string
}

// The saved files of the GPU listings: one of them is needed.
const (
	FileNVIDIAGPUs = "gpus.csv"
	FileAMDGPUs    = "rocm-smi.txt"
)

// Commands are the probes, in the order verify runs them: NVIDIA's
// (nvidia-smi) and AMD's (rocm-smi), of which a machine answers one, then
// the host's. Either GPU listing will do (see FaultNoGPUProbe); any other
// probe may be missing (no MIG, no lsblk in a container) and is reported
// as not probed.
var Commands = []Command{
	{File: FileNVIDIAGPUs, Argv: []string{"nvidia-smi", "--query-gpu=name,memory.total,pci.bus_id", "--format=csv"}},
	{File: "gpus-list.txt", Argv: []string{"nvidia-smi", "-L"}},
	{File: "topo.txt", Argv: []string{"nvidia-smi", "topo", "-m"}},
	{File: FileAMDGPUs, Argv: []string{"rocm-smi", "--showproductname", "--showmeminfo", "vram"}},
	{File: "rocm-topo.txt", Argv: []string{"rocm-smi", "--showtopo"}},
	{File: "lscpu.txt", Argv: []string{"lscpu"}},
	{File: "nproc.txt", Argv: []string{"nproc"}},
	{File: "meminfo.txt", Argv: []string{"cat", "/proc/meminfo"}},
	{File: "lsblk.txt", Argv: []string{"lsblk", "-b", "-d", "-o", "NAME,SIZE,ROTA,TYPE,MODEL"}},
	{File: "df.txt", Argv: []string{"df", "-P", "-B1"}},
}

// Machine is everything the probes found; a nil or zero part was not
// probed (its output was missing).
type Machine struct {
	GPUs     []GPU
	MIG      []MIG
	Topology *Topology
	CPU      *CPU
	NProc    int
	MemKiB   float64
	Disks    []Disk
	Mounts   []Mount
}

// Parse reads the outputs of the probes, by Command.File. No GPU listing
// (neither nvidia-smi's nor rocm-smi's), or any output that does not
// parse, is an error naming it. When both listings are saved, NVIDIA's is
// read (a machine has one vendor's driver).
func Parse(outputs map[string]string) (Machine, error) {
	var m Machine
	var errs []error
	_, nv := outputs[FileNVIDIAGPUs]
	if _, amd := outputs[FileAMDGPUs]; !nv && !amd {
		errs = append(errs, &Error{Fault: FaultNoGPUProbe, Args: []any{commandOf(FileNVIDIAGPUs), FileNVIDIAGPUs, commandOf(FileAMDGPUs), FileAMDGPUs}})
	}
	for _, c := range Commands {
		s, ok := outputs[c.File]
		if !ok {
			continue // not probed
		}
		var err error
		switch c.File {
		case FileNVIDIAGPUs:
			m.GPUs, err = ParseGPUQuery(s)
		case FileAMDGPUs:
			if !nv {
				m.GPUs, err = ParseROCmSMI(s)
			}
		case "rocm-topo.txt":
			if !nv {
				var t Topology
				if t, err = ParseROCmTopo(s); err == nil {
					m.Topology = &t
				}
			}
		case "gpus-list.txt":
			_, m.MIG, err = ParseGPUList(s)
		case "topo.txt":
			var t Topology
			if t, err = ParseTopo(s); err == nil {
				m.Topology = &t
			}
		case "lscpu.txt":
			var c CPU
			if c, err = ParseLscpu(s); err == nil {
				m.CPU = &c
			}
		case "nproc.txt":
			m.NProc, err = ParseNproc(s)
		case "meminfo.txt":
			m.MemKiB, err = ParseMeminfo(s)
		case "lsblk.txt":
			m.Disks, err = ParseLsblk(s)
		case "df.txt":
			m.Mounts, err = ParseDf(s)
		}
		if err != nil {
			errs = append(errs, inFile(c.File, err))
		}
	}
	return m, errors.Join(errs...)
}

// commandOf is the command line of the probe saved as file.
func commandOf(file string) string {
	for _, c := range Commands {
		if c.File == file {
			return strings.Join(c.Argv, " ")
		}
	}
	return ""
}
