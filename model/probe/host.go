package probe

import (
	"strconv"
	"strings"
)

// CPU is what `lscpu` says about the host's CPUs.
type CPU struct {
	CPUs           int // CPU(s): logical CPUs the kernel sees (the host's, in a container)
	ThreadsPerCore int
	CoresPerSocket int
	Sockets        int
	Model          string
}

// ParseLscpu reads the "Key: value" lines of `lscpu`.
func ParseLscpu(s string) (CPU, error) {
	var c CPU
	num := func(key, v string) (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1<<20 {
			return 0, fault("lscpu", FaultLscpuCount, key, clip(v))
		}
		return n, nil
	}
	var err error
	for _, line := range lines(s) {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "CPU(s)":
			c.CPUs, err = num(k, v)
		case "Thread(s) per core":
			c.ThreadsPerCore, err = num(k, v)
		case "Core(s) per socket":
			c.CoresPerSocket, err = num(k, v)
		case "Socket(s)":
			c.Sockets, err = num(k, v)
		case "Model name":
			c.Model = v
		}
		if err != nil {
			return CPU{}, err
		}
	}
	if c.CPUs == 0 {
		return CPU{}, fault("lscpu", FaultLscpuNoCPUs)
	}
	return c, nil
}

// ParseNproc reads `nproc`: the CPUs this process may use (a container's
// CPU limit shows here, not in lscpu).
func ParseNproc(s string) (int, error) {
	v := strings.TrimSpace(s)
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1<<20 {
		return 0, fault("nproc", FaultNproc, clip(v))
	}
	return n, nil
}

// ParseMeminfo reads MemTotal from /proc/meminfo, in KiB.
func ParseMeminfo(s string) (float64, error) {
	for _, line := range lines(s) {
		rest, ok := strings.CutPrefix(line, "MemTotal:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			break
		}
		v, err := strconv.ParseFloat(f[0], 64)
		if err != nil || !(v > 0 && v <= 1<<50) { // NaN too
			return 0, fault("/proc/meminfo", FaultMemTotal, clip(rest))
		}
		return v, nil
	}
	return 0, fault("/proc/meminfo", FaultNoMemTotal)
}

// Disk is one whole disk of `lsblk -b -d -o NAME,SIZE,ROTA,TYPE,MODEL`.
type Disk struct {
	Name       string
	SizeBytes  float64
	Rotational bool
	Type       string
	Model      string
}

// NVMe reports whether the disk is an NVMe device.
func (d Disk) NVMe() bool { return strings.HasPrefix(d.Name, "nvme") }

// networkModels are the MODEL strings of network volumes that clouds attach
// over NVMe, so that a disk named nvme… is not local: AWS EBS ("Amazon
// Elastic Block Store", docs.aws.amazon.com/AWSEC2/latest/UserGuide/
// nvme-ebs-volumes.html; its instance store is "Amazon EC2 NVMe Instance
// Storage"), GCP Persistent Disk and Hyperdisk ("nvme_card-pd"; its Local
// SSD is "nvme_card" or "nvme_cardN") and Azure remote disks ("MSFT NVMe
// Accelerator v1.0"; its local disks are "Microsoft NVMe Direct Disk").
// The strings are as public disk-selection scripts match them.
var networkModels = []string{"elastic block store", "nvme_card-pd", "nvme accelerator"}

// LocalNVMe reports whether the disk is a whole local NVMe disk: an NVMe
// device of type disk that is not a network volume attached over NVMe.
func (d Disk) LocalNVMe() bool {
	if !d.NVMe() || d.Type != "disk" {
		return false
	}
	model := strings.ToLower(d.Model)
	for _, n := range networkModels {
		if strings.Contains(model, n) {
			return false
		}
	}
	return true
}

// ParseLsblk reads `lsblk -b -d -o NAME,SIZE,ROTA,TYPE,MODEL`.
func ParseLsblk(s string) ([]Disk, error) {
	var out []Disk
	for i, line := range lines(s) {
		f := strings.Fields(line)
		if i == 0 && len(f) > 0 && f[0] == "NAME" {
			continue
		}
		if len(f) < 4 {
			return nil, fault("lsblk", FaultLsblkLine, i+1, clip(line))
		}
		size, err := strconv.ParseFloat(f[1], 64)
		if err != nil || !(size >= 0 && size <= 1<<60) { // NaN too
			return nil, fault("lsblk", FaultLsblkSize, i+1, clip(f[1]))
		}
		out = append(out, Disk{Name: f[0], SizeBytes: size, Rotational: f[2] == "1", Type: f[3], Model: strings.Join(f[4:], " ")})
	}
	return out, nil
}

// Mount is one line of `df -P -B1`.
type Mount struct {
	Filesystem string
	SizeBytes  float64
	AvailBytes float64
	Target     string
}

// ParseDf reads `df -P -B1` (POSIX format, sizes in bytes).
func ParseDf(s string) ([]Mount, error) {
	var out []Mount
	for i, line := range lines(s) {
		f := strings.Fields(line)
		if i == 0 && len(f) > 0 && f[0] == "Filesystem" {
			continue
		}
		if len(f) < 6 {
			return nil, fault("df", FaultDfLine, i+1, clip(line))
		}
		size, err1 := strconv.ParseFloat(f[1], 64)
		avail, err2 := strconv.ParseFloat(f[3], 64)
		if err1 != nil || err2 != nil || !(size >= 0 && size <= 1<<60 && avail >= 0 && avail <= 1<<60) { // NaN too
			return nil, fault("df", FaultDfSize, i+1, clip(f[1]), clip(f[3]))
		}
		out = append(out, Mount{Filesystem: f[0], SizeBytes: size, AvailBytes: avail, Target: strings.Join(f[5:], " ")})
	}
	return out, nil
}
