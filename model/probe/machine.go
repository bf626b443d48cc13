package probe

import (
	"errors"
)

// Command is one probe: what verify runs on the machine and the file its
// output is saved as in a --from folder.
type Command struct {
	File string
	Argv []string
	// Optional probes may be missing (no MIG, no lsblk in a container).
	Optional bool
}

// Commands are the probes, in the order verify runs them.
var Commands = []Command{
	{File: "gpus.csv", Argv: []string{"nvidia-smi", "--query-gpu=name,memory.total,pci.bus_id", "--format=csv"}},
	{File: "gpus-list.txt", Argv: []string{"nvidia-smi", "-L"}, Optional: true},
	{File: "topo.txt", Argv: []string{"nvidia-smi", "topo", "-m"}, Optional: true},
	{File: "lscpu.txt", Argv: []string{"lscpu"}, Optional: true},
	{File: "nproc.txt", Argv: []string{"nproc"}, Optional: true},
	{File: "meminfo.txt", Argv: []string{"cat", "/proc/meminfo"}, Optional: true},
	{File: "lsblk.txt", Argv: []string{"lsblk", "-b", "-d", "-o", "NAME,SIZE,ROTA,TYPE,MODEL"}, Optional: true},
	{File: "df.txt", Argv: []string{"df", "-P", "-B1"}, Optional: true},
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

// Parse reads the outputs of the probes, by Command.File. A required output
// that is missing, or any output that does not parse, is an error naming it.
func Parse(outputs map[string]string) (Machine, error) {
	var m Machine
	var errs []error
	for _, c := range Commands {
		s, ok := outputs[c.File]
		if !ok {
			if !c.Optional {
				errs = append(errs, &Error{File: c.File, Fault: FaultMissing, Args: []any{c.Argv}})
			}
			continue
		}
		var err error
		switch c.File {
		case "gpus.csv":
			m.GPUs, err = ParseGPUQuery(s)
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
