package data

import (
	"fmt"
	"io"
	"strings"
)

// GpuhuntRow is one row of a gpuhunt catalog CSV (dstack's gpuhunt,
// storage.py: CATALOG_V2_FIELDS), with its numbers parsed: one instance
// type in one location at one price, on demand or spot (a spot price is a
// row of its own).
type GpuhuntRow struct {
	Line         int // line in the file (header is line 1)
	InstanceName string
	// Location is a region (AWS, Azure, OCI, Lambda, Nebius, Verda), a
	// zone (GCP: "us-central1-a") or a datacenter (RunPod, CloudRift).
	Location string
	Price    float64 // per hour, USD
	CPUs     float64
	// MemoryGB is the instance's RAM as gpuhunt states it ("amount of
	// RAM in GB"; its collectors fill it from the providers' GiB figures).
	MemoryGB float64
	GPUCount float64
	GPUName  string // gpuhunt's GPU name ("A100", "H100NVL", "RTX4090"); "" for none
	// GPUMemoryGiB is one GPU's memory as gpuhunt states it (its AWS
	// collector reads MiB / 1024, the others its GPU table's figure); 0
	// when blank.
	GPUMemoryGiB float64
	Spot         bool
	DiskGB       float64
	// GPUVendor is "nvidia", "amd", "google", "intel" or "" (old catalogs:
	// NVIDIA when there are GPUs, gpuhunt's own rule).
	GPUVendor string
	Flags     []string
	CPUArch   string // "x86", "arm" or "" (old catalogs: x86)
}

// GpuhuntFields are gpuhunt's CATALOG_V2_FIELDS, the columns of a
// published catalog CSV, in order (storage.py).
var GpuhuntFields = []string{
	"instance_name", "location", "price", "cpu", "memory", "gpu_count", "gpu_name",
	"gpu_memory", "spot", "disk_size", "gpu_vendor", "flags", "cpu_arch", "provider_data",
}

// gpuhuntRequired are the columns every gpuhunt catalog has had: the ones
// its item_from_row requires, and the GPU's name and memory. gpu_vendor and
// cpu_arch came later (storage.py reads catalogs without them).
var gpuhuntRequired = []string{"instance_name", "location", "price", "cpu", "memory", "gpu_count", "gpu_name", "gpu_memory", "spot"}

// gpuhuntNonEmpty are the columns storage.py's _load_required refuses
// blank.
var gpuhuntNonEmpty = []string{"instance_name", "location", "price", "cpu", "memory", "gpu_count", "spot"}

// ParseGpuhunt reads one gpuhunt catalog CSV by column name. name is used
// in errors ("aws.csv: line 12: column price: ..."). It is strict where
// gpuhunt's own reader skips a row: a bad row is an error naming its line
// and column, so a changed format never passes half read. A file with a
// header and no row is an error (an empty catalog is never published).
func ParseGpuhunt(r io.Reader, name string) ([]GpuhuntRow, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require(gpuhuntRequired...); err != nil {
		return nil, fmt.Errorf("%w: not a gpuhunt catalog CSV (want the columns of gpuhunt's CATALOG_V2_FIELDS: %s)", err, strings.Join(GpuhuntFields, ", "))
	}
	if len(t.rows) == 0 {
		return nil, fmt.Errorf("%s: a header and no row: the catalog is empty (gpuhunt never publishes one; try again after its next hourly run)", name)
	}
	rows := make([]GpuhuntRow, 0, len(t.rows))
	for i := range t.rows {
		row, err := gpuhuntRow(t, i)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// gpuhuntRow reads row i of a gpuhunt table.
func gpuhuntRow(t *table, i int) (GpuhuntRow, error) {
	line := t.lines[i]
	for _, col := range gpuhuntNonEmpty {
		if t.get(i, col) == "" {
			return GpuhuntRow{}, fmt.Errorf("%s: line %d: column %s is empty (gpuhunt requires it)", t.name, line, col)
		}
	}
	row := GpuhuntRow{
		Line: line, InstanceName: t.get(i, "instance_name"), Location: t.get(i, "location"),
		GPUName: t.get(i, "gpu_name"), GPUVendor: strings.ToLower(t.get(i, "gpu_vendor")),
		Flags: strings.Fields(t.get(i, "flags")), CPUArch: strings.ToLower(t.get(i, "cpu_arch")),
	}
	for _, f := range []struct {
		col string
		dst *float64
		max float64
	}{
		{"price", &row.Price, maxHourly},
		{"cpu", &row.CPUs, 1e5},
		{"memory", &row.MemoryGB, 1e8},
		{"gpu_count", &row.GPUCount, maxSkyCount},
		{"gpu_memory", &row.GPUMemoryGiB, maxGPUMiB / 1024},
		{"disk_size", &row.DiskGB, 1e9},
	} {
		v, _, err := t.num(i, f.col)
		if err != nil {
			return GpuhuntRow{}, err
		}
		if v > f.max {
			return GpuhuntRow{}, fmt.Errorf("%s: line %d: column %s: %v is not plausible (at most %v)", t.name, line, f.col, v, f.max)
		}
		*f.dst = v
	}
	if row.GPUCount != float64(int(row.GPUCount)) {
		return GpuhuntRow{}, fmt.Errorf("%s: line %d: column gpu_count: %v is not a whole number (gpuhunt writes an int)", t.name, line, row.GPUCount)
	}
	switch s := strings.ToLower(t.get(i, "spot")); s {
	case "true", "false":
		row.Spot = s == "true"
	default:
		return GpuhuntRow{}, fmt.Errorf("%s: line %d: column spot: %q is not a boolean (want True or False)", t.name, line, clip(t.get(i, "spot"), 20))
	}
	if row.GPUCount > 0 && row.GPUName == "" {
		return GpuhuntRow{}, fmt.Errorf("%s: line %d: column gpu_name is empty while gpu_count is %v (want the GPU's name)", t.name, line, row.GPUCount)
	}
	return row, nil
}
