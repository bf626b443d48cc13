package data

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// fileCNFamilies is the reference data's table of Alibaba ECS GPU
// instance types (cn/2026-12-01/README.md): GPU model, sizes and
// interconnect per type, each row with its source, the basis of its GPU
// name (gpu_model_basis) and a confidence.
const fileCNFamilies = "cn/2026-12-01/alibaba_families.csv"

// cnFamily is one row of alibaba_families.csv.
type cnFamily struct {
	instanceType string
	gpu          string // the GPU as the row writes it, with its caveat
	count, frac  string
	memGB        string
	vcpus, ram   string
	interconnect string
	network      string
	storage      string
	basis        string // official-doc, official-doc-2021, official-computenest, third-party, inferred, not-named
	source, date string
	confidence   string
}

// parseCNFamilies reads alibaba_families.csv into its rows by instance
// type; a type listed twice is an error.
func parseCNFamilies(r io.Reader, name string) (map[string]cnFamily, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("instance_type", "gpu", "gpu_count", "gpu_fraction", "gpu_mem_gb", "vcpus", "mem_gib",
		"interconnect", "network_gbps", "local_storage", "gpu_model_basis", "source_url", "source_date", "confidence"); err != nil {
		return nil, err
	}
	out := map[string]cnFamily{}
	for i := range t.rows {
		f := cnFamily{instanceType: t.get(i, "instance_type"), gpu: t.get(i, "gpu"), count: t.get(i, "gpu_count"),
			frac: t.get(i, "gpu_fraction"), memGB: t.get(i, "gpu_mem_gb"), vcpus: t.get(i, "vcpus"), ram: t.get(i, "mem_gib"),
			interconnect: t.get(i, "interconnect"), network: t.get(i, "network_gbps"), storage: t.get(i, "local_storage"),
			basis: t.get(i, "gpu_model_basis"), source: t.get(i, "source_url"), date: t.get(i, "source_date"),
			confidence: t.get(i, "confidence")}
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		if !strings.HasPrefix(f.instanceType, "ecs.") {
			return nil, fmt.Errorf("%s: column instance_type: %q is not an Alibaba ECS type (ecs.…)", at, f.instanceType)
		}
		if _, dup := out[f.instanceType]; dup {
			return nil, fmt.Errorf("%s: column instance_type: %s is listed twice", at, f.instanceType)
		}
		if f.confidence == "" {
			return nil, fmt.Errorf("%s: column confidence is empty: every fact says how far to trust it", at)
		}
		for _, col := range []string{"gpu_count", "vcpus", "mem_gib"} {
			if _, _, err := t.num(i, col); err != nil {
				return nil, err
			}
		}
		out[f.instanceType] = f
	}
	return out, nil
}

// accelerator is the GPU name to look up in the GPU table ("A100" of
// "NVIDIA A100 40GB (named in 2021 official doc)"), "" where the row
// names no model (gpu_model_basis not-named).
func (f cnFamily) accelerator() string {
	if f.basis == "not-named" {
		return ""
	}
	s, _, _ := strings.Cut(f.gpu, "(")
	s = strings.TrimPrefix(strings.TrimSpace(s), "NVIDIA ")
	name, _, _ := strings.Cut(s, " ")
	return name
}

// cnAccelerator is the name to look the row's GPU up by: its whole name
// where the GPU table knows it ("V100 SXM2 32GB"), else the model alone
// ("A100" of "A100 40GB", told apart by the memory).
func (ref *reference) cnAccelerator(f cnFamily) string {
	name := f.accelerator()
	if name == "" {
		return ""
	}
	s, _, _ := strings.Cut(f.gpu, "(")
	full := strings.TrimPrefix(strings.TrimSpace(s), "NVIDIA ")
	if len(ref.gpus.byAlias[aliasKey(full)]) == 1 {
		return full
	}
	return name
}

// form is "SXM" where the row's interconnect names NVSwitch (an NVSwitch
// board holds SXM modules), else "".
func (f cnFamily) form() string {
	if strings.Contains(strings.ToLower(f.interconnect), "nvswitch") {
		return "SXM"
	}
	return ""
}

// gpuNote says where the GPU name comes from and how far to trust it,
// for the offer's notes.
func (f cnFamily) gpuNote() string {
	return fmt.Sprintf("GPU per %s: %s (basis %s; confidence: %s)", fileCNFamilies, f.gpu, f.basis, f.confidence)
}

// nvlinkCell is the row's interconnect in the words cn_gpu_offers.csv's
// nvlink column uses, so classifyInterconnect reads it one way: yes (…)
// for NVLink or NVSwitch, no (…) for PCIe without NVLink, unknown (…)
// otherwise; the row's text stays inside.
func (f cnFamily) nvlinkCell() string {
	l := strings.ToLower(f.interconnect)
	switch {
	case f.interconnect == "":
		return ""
	case strings.HasPrefix(l, "n/a"):
		return f.interconnect
	case strings.Contains(l, "no nvlink"), strings.HasPrefix(l, "pcie") && !strings.Contains(l, "nvlink"):
		return "no (" + f.interconnect + ")"
	case strings.Contains(l, "nvswitch") && f.count != "8":
		// A share of the family's switched 8-GPU board: no provider
		// documents how a share is partitioned, so NVLink, not NVSwitch.
		return "yes (NVLink, a share of the family's 8-GPU switched board)"
	case strings.Contains(l, "nvswitch"), strings.Contains(l, "nvlink"):
		return "yes (" + f.interconnect + ")"
	}
	return "unknown (" + f.interconnect + ")"
}

// cnComplete completes cn_gpu_offers.csv's Alibaba rows from the family
// table before they become offers: a row that names no GPU gets the
// family table's (its basis and confidence in the offer's notes, column
// gpu_note), a per-GPU memory or interconnect the row leaves unknown
// gets the family table's; a type the price sheet lacks is added as a
// row with its facts and no price (listed, never priced).
func (ref *reference) cnComplete(t *table) {
	if ref.cnFamilies == nil {
		return
	}
	t.addCol("gpu_note")
	t.addCol("gpu_form")
	seen := map[string]bool{}
	for i := range t.rows {
		if cnProviders.Get()[t.get(i, "provider")].key != "alibaba" {
			continue
		}
		it := t.get(i, "instance_type")
		seen[it] = true
		f, ok := ref.cnFamilies[it]
		if !ok {
			continue
		}
		if t.get(i, "gpu_model") == "" && f.accelerator() != "" {
			t.set(i, "gpu_model", ref.cnAccelerator(f))
			t.set(i, "gpu_note", f.gpuNote())
			t.set(i, "source_url", joinNonEmpty(" ; ", t.get(i, "source_url"), f.source))
		}
		for col, v := range map[string]string{"gpu_vram_gib": f.memGB, "gpu_count": f.count, "vcpus": f.vcpus, "memory_gib": f.ram} {
			if t.get(i, col) == "" && f.frac == "" {
				t.set(i, col, v)
			}
		}
		t.set(i, "gpu_form", f.form())
		if nv := f.nvlinkCell(); classifyInterconnect(t.get(i, "nvlink")) == "" && classifyInterconnect(nv) != "" {
			t.set(i, "nvlink", nv)
		}
	}
	for _, it := range slices.Sorted(maps.Keys(ref.cnFamilies)) {
		if !seen[it] {
			ref.cnAddSpecRow(t, ref.cnFamilies[it])
		}
	}
}

// cnAddSpecRow appends a price-sheet row for a type only the family table
// names: its facts, no region and no price.
func (ref *reference) cnAddSpecRow(t *table, f cnFamily) {
	cpu := "dedicated"
	if strings.HasPrefix(f.instanceType, "ecs.ebm") {
		cpu = "dedicated (bare metal)"
	}
	vals := map[string]string{
		"provider": "Alibaba Cloud", "instance_type": f.instanceType, "gpu_model": ref.cnAccelerator(f), "gpu_form": f.form(),
		"gpu_count": f.count, "gpu_fraction": f.frac, "gpu_vram_gib": f.memGB, "vcpus": f.vcpus, "memory_gib": f.ram,
		"cpu_mode": cpu, "nvlink": f.nvlinkCell(), "local_disk": f.storage, "network_gbps": f.network,
		"source_url": f.source, "source_date": f.date, "gpu_note": f.gpuNote(),
		"billing_notes": "not in the price sheets: " + cnOnRequest,
	}
	if f.accelerator() == "" {
		vals["gpu_note"] = joinNonEmpty("; ", "the source does not name the GPU model: "+f.gpu, "confidence: "+f.confidence)
	}
	t.rows = append(t.rows, make([]string, t.width()))
	t.lines = append(t.lines, 0)
	for col, v := range vals {
		if t.has(col) {
			t.set(len(t.rows)-1, col, v)
		}
	}
}

// width is the number of fields a row of the table has room for.
func (t *table) width() int {
	w := 0
	for _, j := range t.cols {
		w = max(w, j+1)
	}
	return w
}

// addCol adds an empty column to the table unless it has one by the name.
func (t *table) addCol(col string) {
	if !t.has(col) {
		t.cols[col] = t.width()
	}
}

// set writes a value into a column of row i (which must exist).
func (t *table) set(i int, col, v string) {
	j := t.cols[col]
	for len(t.rows[i]) <= j {
		t.rows[i] = append(t.rows[i], "")
	}
	t.rows[i][j] = v
}

// cnOnRequest is what an offer whose price no source publishes says in
// place of one.
const cnOnRequest = "price on request (no published price found; never counted as free)"

// fileGPUsAdded is the facts folder's table of GPUs the reference data's
// gpu_specs.csv lacks (the H20 of Alibaba's gn8v and ebmgn8v), in
// gpu_specs.csv's columns, each row with its sources.
const fileGPUsAdded = "gpus_added.csv"

// addGPUs appends the facts folder's GPUs to the GPU table; a GPU the
// table already has is an error (a fact changes through gpu_facts.csv).
func addGPUs(gpus, added []model.GPU) ([]model.GPU, error) {
	for _, a := range added {
		for _, g := range gpus {
			if g.Name == a.Name {
				return nil, fmt.Errorf("facts/%s: GPU %q is already in gpu_specs.csv: change its fields in facts/gpu_facts.csv instead", fileGPUsAdded, a.Name)
			}
		}
		gpus = append(gpus, a)
	}
	return gpus, nil
}
