package data

import (
	"fmt"
	"io"
	"strings"
)

// SkyRow is one row of a SkyPilot catalog vms.csv (or of an extract of
// one), with its numbers parsed. Blank numbers are 0 with the matching Has
// flag false; nothing is cleaned yet (see the clean* functions).
type SkyRow struct {
	Line         int // line in the source file (header is line 1)
	InstanceType string
	Accelerator  string  // AcceleratorName as written
	Count        float64 // AcceleratorCount (0 when blank)
	VCPUs        float64
	MemoryGiB    float64
	// GPUInfoName is the GPU name inside GpuInfo (or GpuInfo itself when
	// it is a bare name, as on IBM, Paperspace and Azure).
	GPUInfoName string
	// GPUMiB is GpuInfo's MemoryInfo.SizeInMiB as written: per GPU on most
	// clouds, the total on Vast, GB (not MiB) on RunPod, 0 when unknown.
	GPUMiB float64
	// GPUTotalMiB is GpuInfo's TotalGpuMemoryInMiB as written.
	GPUTotalMiB float64
	Price       float64
	HasPrice    bool
	Spot        float64
	HasSpot     bool
	Region      string
	Zone        string
	// LocalDisk summarises AWS's LocalDiskType, NVMeSupported,
	// LocalDiskSize and LocalDiskCount columns ("" elsewhere).
	LocalDisk string
	Arch      string
}

// skyRequired are the columns every SkyPilot vms.csv has.
var skyRequired = []string{"InstanceType", "AcceleratorName", "AcceleratorCount", "Price"}

// maxSkyCount bounds AcceleratorCount; SkyPilot's largest is 16.
const maxSkyCount = 1024

// maxHourly bounds an hourly price (the dearest real instance costs a few
// hundred dollars an hour).
const maxHourly = 1e6

// ParseSkyPilot reads one SkyPilot vms.csv by column name. name is used in
// errors ("aws/vms.csv: line 12: column Price: ..."). Rows are returned in
// file order; no row is dropped here.
func ParseSkyPilot(r io.Reader, name string) ([]SkyRow, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require(skyRequired...); err != nil {
		return nil, err
	}
	rows := make([]SkyRow, 0, len(t.rows))
	for i := range t.rows {
		row := SkyRow{
			Line:         t.lines[i],
			InstanceType: t.get(i, "InstanceType"),
			Accelerator:  t.get(i, "AcceleratorName"),
			Region:       t.get(i, "Region"),
			Zone:         t.get(i, "AvailabilityZone"),
			Arch:         t.get(i, "Arch"),
		}
		var ok bool
		for _, f := range []struct {
			col string
			dst *float64
			has *bool
			max float64
		}{
			{"AcceleratorCount", &row.Count, nil, maxSkyCount},
			{"vCPUs", &row.VCPUs, nil, 1e5},
			{"MemoryGiB", &row.MemoryGiB, nil, 1e8},
			{"Price", &row.Price, &row.HasPrice, maxHourly},
			{"SpotPrice", &row.Spot, &row.HasSpot, maxHourly},
		} {
			v, has, err := t.num(i, f.col)
			if err != nil {
				return nil, err
			}
			if v > f.max {
				return nil, fmt.Errorf("%s: line %d: column %s: %v is not plausible (at most %v)", name, row.Line, f.col, v, f.max)
			}
			*f.dst = v
			if f.has != nil {
				*f.has = has
			}
		}
		if row.Accelerator != "" && row.Count == 0 && t.get(i, "AcceleratorCount") != "" {
			return nil, fmt.Errorf("%s: line %d: column AcceleratorCount: 0 GPUs on a row of %s (want 1 or more, or a fraction of one GPU such as 0.25; leave AcceleratorName empty for an instance without a GPU)", name, row.Line, clip(row.Accelerator, 40))
		}
		if row.Count > 1 && row.Count != float64(int(row.Count)) {
			return nil, fmt.Errorf("%s: line %d: column AcceleratorCount: %v is neither a whole number nor a fraction of one GPU", name, row.Line, row.Count)
		}
		row.GPUInfoName, row.GPUMiB, row.GPUTotalMiB, ok = parseGPUInfo(t.get(i, "GpuInfo"))
		if !ok {
			return nil, fmt.Errorf("%s: line %d: column GpuInfo: cannot read %q (want a dict with Gpus, Name and MemoryInfo.SizeInMiB, or a bare GPU name)", name, row.Line, clip(t.get(i, "GpuInfo"), 60))
		}
		row.LocalDisk = awsLocalDisk(t, i)
		rows = append(rows, row)
	}
	return rows, nil
}

// awsLocalDisk summarises AWS's instance-store columns, e.g.
// "4 x 1000 GB ssd (NVMe)".
func awsLocalDisk(t *table, i int) string {
	typ := t.get(i, "LocalDiskType")
	size := t.get(i, "LocalDiskSize")
	if typ == "" && size == "" {
		return ""
	}
	count := strings.TrimSuffix(t.get(i, "LocalDiskCount"), ".0")
	size = strings.TrimSuffix(size, ".0")
	s := size + " GB " + typ
	if count != "" && count != "1" {
		s = count + " x " + s
	}
	if strings.EqualFold(t.get(i, "NVMeSupported"), "true") {
		s += " (NVMe)"
	}
	return strings.TrimSpace(s)
}

// parseGPUInfo reads SkyPilot's GpuInfo cell. The format varies by cloud: a
// Python-dict-like string with single quotes (most), JSON with double quotes
// (Verda), lower-case keys (DigitalOcean), null manufacturer (Hyperstack),
// or a bare GPU name (IBM, Paperspace, Azure). It never panics; ok is false
// only for a dict it cannot make sense of.
func parseGPUInfo(s string) (name string, perMiB, totalMiB float64, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", 0, 0, true
	}
	if s[0] != '{' {
		return s, 0, 0, true
	}
	low := asciiLower(s)
	if !strings.Contains(low, "gpus") {
		return "", 0, 0, false
	}
	name, _ = dictString(s, low, "name")
	var err error
	if v, found := dictRaw(low, "sizeinmib"); found {
		if perMiB, err = parseNum(strings.Trim(v, `'"`)); err != nil || perMiB > maxGPUMiB {
			return "", 0, 0, false
		}
	}
	if v, found := dictRaw(low, "totalgpumemoryinmib"); found {
		if totalMiB, err = parseNum(strings.Trim(v, `'"`)); err != nil || totalMiB > maxGPUMiB*maxSkyCount {
			return "", 0, 0, false
		}
	}
	return name, perMiB, totalMiB, true
}

// dictRaw finds key (lower-case, quoted with ' or ") in the lower-cased
// dict text and returns the raw scalar after its colon.
func dictRaw(low, key string) (string, bool) {
	for _, q := range []string{"'", `"`} {
		k := q + key + q
		i := strings.Index(low, k)
		if i < 0 {
			continue
		}
		rest := strings.TrimLeft(low[i+len(k):], " \t")
		if !strings.HasPrefix(rest, ":") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t")
		end := strings.IndexAny(rest, ",}]")
		if end < 0 {
			end = len(rest)
		}
		return strings.TrimSpace(rest[:end]), true
	}
	return "", false
}

// dictString returns the quoted string value of key, keeping the original
// case (s and low have the same byte offsets).
func dictString(s, low, key string) (string, bool) {
	for _, q := range []string{"'", `"`} {
		k := q + key + q
		i := strings.Index(low, k)
		if i < 0 {
			continue
		}
		j := i + len(k)
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j >= len(s) || s[j] != ':' {
			continue
		}
		j++
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j >= len(s) || (s[j] != '\'' && s[j] != '"') {
			return "", false // null or a number
		}
		quote := s[j]
		end := strings.IndexByte(s[j+1:], quote)
		if end < 0 {
			return "", false
		}
		return s[j+1 : j+1+end], true
	}
	return "", false
}

// clip shortens s for an error message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// maxGPUMiB bounds one GPU's memory (64 TiB).
const maxGPUMiB = 64 << 20

// asciiLower lower-cases ASCII letters only, so that byte offsets in the
// result match the input.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
