package data

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// parseGPUSpecs reads gpu_specs.csv (one row per GPU model or variant, every
// row citing its sources) into GPU facts. catalog_accelerator_names becomes
// the GPU's aliases: the names under which catalogs list it.
func parseGPUSpecs(r io.Reader, name string) ([]model.GPU, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("name", "vendor", "vram_gib", "source", "catalog_accelerator_names"); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []model.GPU
	for i := range t.rows {
		g := model.GPU{
			Name:         t.get(i, "name"),
			Vendor:       t.get(i, "vendor"),
			Architecture: t.get(i, "architecture"),
			NVLinkNote:   t.get(i, "nvlink"),
			FormFactor:   t.get(i, "form_factor"),
			Source:       t.get(i, "source"),
			Notes:        t.get(i, "notes"),
			Aliases:      model.SplitOn(t.get(i, "catalog_accelerator_names"), ";"),
		}
		if g.Name == "" {
			return nil, fmt.Errorf("%s: line %d: column name is empty", name, t.lines[i])
		}
		if seen[g.Name] {
			return nil, fmt.Errorf("%s: line %d: GPU %q appears twice", name, t.lines[i], g.Name)
		}
		seen[g.Name] = true
		for _, f := range []struct {
			col string
			dst *float64
		}{
			{"vram_gib", &g.VRAMGiB},
			{"mem_bandwidth_gbps", &g.MemBandwidthGBs},
			{"fp32_tflops", &g.FP32TFLOPS},
			{"fp16_bf16_tensor_tflops_dense", &g.BF16TFLOPS},
			{"fp8_tflops_dense", &g.FP8TFLOPS},
			{"int8_tops_dense", &g.INT8TOPS},
		} {
			v, _, err := t.num(i, f.col)
			if err != nil {
				return nil, err
			}
			*f.dst = v
		}
		for _, f := range []struct {
			col string
			dst *int
		}{
			{"release_year", &g.ReleaseYear},
			{"pcie_gen", &g.PCIeGen},
			{"tdp_watts", &g.TDPWatts},
		} {
			v, _, err := t.num(i, f.col)
			if err != nil {
				return nil, err
			}
			*f.dst = int(v)
		}
		if g.FP8, err = triCell(t, i, "fp8_supported"); err != nil {
			return nil, err
		}
		if g.BF16, err = triCell(t, i, "bf16_supported"); err != nil {
			return nil, err
		}
		g.NVLink = nvlinkTri(g.NVLinkNote)
		out = append(out, g)
	}
	return out, nil
}

// triCell reads a yes/no/blank column.
func triCell(t *table, i int, col string) (model.Tri, error) {
	tri, ok := parseTri(t.get(i, col))
	if !ok {
		return model.Unknown, fmt.Errorf("%s: line %d: column %s: %q is not yes, no or blank", t.name, t.lines[i], col, t.get(i, col))
	}
	return tri, nil
}

// parseTri reads "yes…", "no…", "true", "false" or blank.
func parseTri(s string) (model.Tri, bool) {
	l := strings.ToLower(strings.TrimSpace(s))
	switch {
	case l == "" || l == "unknown":
		return model.Unknown, true
	case l == "yes" || l == "true" || strings.HasPrefix(l, "yes ") || strings.HasPrefix(l, "yes(") || strings.HasPrefix(l, "yes:"):
		return model.Yes, true
	case l == "no" || l == "false" || strings.HasPrefix(l, "no ") || strings.HasPrefix(l, "no(") || strings.HasPrefix(l, "no:"):
		return model.No, true
	}
	return model.Unknown, false
}

// nvlinkTri reads gpu_specs.csv's nvlink column: "yes: …" and "bridge…"
// (an NVLink bridge for PCIe cards) are Yes, "no…" is No, anything else
// (blank, NVLink-C2C only) is Unknown.
func nvlinkTri(s string) model.Tri {
	l := strings.ToLower(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(l, "yes"), strings.HasPrefix(l, "bridge"):
		return model.Yes
	case strings.HasPrefix(l, "no"):
		return model.No
	}
	return model.Unknown
}

// gpuFactFields are the GPU fields facts/gpu_facts.csv may fill.
// Made on first use, not at start-up (issue 26).
var gpuFactFields = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"nvlink": true, "mem_bandwidth_gbs": true, "fp32_tflops": true, "bf16_tflops": true,
		"fp8_tflops": true, "int8_tops": true, "vram_gib": true, "architecture": true,
		"release_year": true, "tdp_watts": true, "pcie_gen": true, "fp8_supported": true,
		"bf16_supported": true, "form_factor": true, "alias": true, "usable_mib": true,
	}
}}

// applyGPUFacts fills blanks of the GPU table from facts/gpu_facts.csv
// (columns gpu, field, value, source_url, note). Field usable_mib is the
// memory the driver reports as usable (nvidia-smi memory.total), with its
// source kept as the GPU's UsableSource. A fact may only fill a
// blank: a value that contradicts gpu_specs.csv is an error, so the two
// files never disagree silently. Each used source is appended to the GPU's
// Source and each note to its Notes.
func applyGPUFacts(gpus []model.GPU, r io.Reader, name string) error {
	t, err := readTable(r, name)
	if err != nil {
		return err
	}
	if err := t.require("gpu", "field", "value", "source_url", "note"); err != nil {
		return err
	}
	idx := map[string]int{}
	for i := range gpus {
		idx[gpus[i].Name] = i
	}
	for i := range t.rows {
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		gi, ok := idx[t.get(i, "gpu")]
		if !ok {
			return fmt.Errorf("%s: column gpu: %q is not a GPU of gpu_specs.csv", at, t.get(i, "gpu"))
		}
		g := &gpus[gi]
		field, val, src := t.get(i, "field"), t.get(i, "value"), t.get(i, "source_url")
		if !gpuFactFields.Get()[field] {
			return fmt.Errorf("%s: column field: unknown field %q", at, field)
		}
		if src == "" {
			return fmt.Errorf("%s: column source_url: empty (every fact cites its source)", at)
		}
		if err := setGPUField(g, field, val); err != nil {
			return fmt.Errorf("%s: %s %s: %w", at, g.Name, field, err)
		}
		if field == "usable_mib" {
			g.UsableSource = src
		}
		if !strings.Contains(g.Source, src) {
			g.Source = joinNonEmpty(" ; ", g.Source, src)
		}
		if note := t.get(i, "note"); note != "" {
			g.Notes = joinNonEmpty(" ", g.Notes, "["+field+"] "+note)
		}
	}
	return nil
}

// setGPUField fills one blank GPU field from its text value.
func setGPUField(g *model.GPU, field, val string) error {
	num := func(dst *float64) error {
		v, err := parseNum(val)
		if err != nil {
			return err
		}
		if *dst != 0 && *dst != v {
			return fmt.Errorf("gpu_specs.csv already says %v, the fact says %v", *dst, v)
		}
		*dst = v
		return nil
	}
	integer := func(dst *int) error {
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return fmt.Errorf("%q is not a whole number", val)
		}
		if *dst != 0 && *dst != v {
			return fmt.Errorf("gpu_specs.csv already says %d, the fact says %d", *dst, v)
		}
		*dst = v
		return nil
	}
	text := func(dst *string) error {
		if *dst != "" && *dst != val {
			return fmt.Errorf("gpu_specs.csv already says %q", *dst)
		}
		*dst = val
		return nil
	}
	tri := func(dst *model.Tri) error {
		v, ok := parseTri(val)
		if !ok || v == model.Unknown {
			return fmt.Errorf("%q is not yes or no", val)
		}
		if *dst != model.Unknown && *dst != v {
			return fmt.Errorf("gpu_specs.csv already says %v", *dst)
		}
		*dst = v
		return nil
	}
	switch field {
	case "nvlink":
		v := nvlinkTri(val)
		if v == model.Unknown {
			return fmt.Errorf("%q: want yes…, bridge… or no…", val)
		}
		if g.NVLink != model.Unknown && g.NVLink != v {
			return fmt.Errorf("gpu_specs.csv already says %q", g.NVLinkNote)
		}
		g.NVLink = v
		if g.NVLinkNote == "" {
			g.NVLinkNote = val
		}
		return nil
	case "mem_bandwidth_gbs":
		return num(&g.MemBandwidthGBs)
	case "fp32_tflops":
		return num(&g.FP32TFLOPS)
	case "bf16_tflops":
		return num(&g.BF16TFLOPS)
	case "fp8_tflops":
		return num(&g.FP8TFLOPS)
	case "int8_tops":
		return num(&g.INT8TOPS)
	case "vram_gib":
		return num(&g.VRAMGiB)
	case "usable_mib":
		// The driver's memory.total in MiB; kept in GiB. It cannot exceed
		// the marketed memory read as binary GiB by more than rounding.
		v, err := parseNum(val)
		if err != nil || v <= 0 {
			return fmt.Errorf("%q is not a memory size in MiB", val)
		}
		if g.UsableGiB != 0 && g.UsableGiB != v/1024 {
			return fmt.Errorf("already %v GiB", g.UsableGiB)
		}
		if g.VRAMGiB > 0 && v/1024 > g.VRAMGiB*1.01 {
			return fmt.Errorf("%v MiB is more than the %v GiB marketed", v, g.VRAMGiB)
		}
		g.UsableGiB = v / 1024
		return nil
	case "architecture":
		return text(&g.Architecture)
	case "form_factor":
		return text(&g.FormFactor)
	case "release_year":
		return integer(&g.ReleaseYear)
	case "tdp_watts":
		return integer(&g.TDPWatts)
	case "pcie_gen":
		return integer(&g.PCIeGen)
	case "fp8_supported":
		return tri(&g.FP8)
	case "bf16_supported":
		return tri(&g.BF16)
	case "alias":
		for _, a := range g.Aliases {
			if a == val {
				return nil
			}
		}
		g.Aliases = append(g.Aliases, val)
		return nil
	}
	return fmt.Errorf("unknown field")
}

// joinNonEmpty joins the non-empty parts with sep.
func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, sep)
}

// formClass reduces a form-factor text ("SXM4 (inferred from NVSwitch)",
// "PCIe card, dual-slot", "OAM …") to "SXM", "PCIe", "other" or "".
func formClass(s string) string {
	l := strings.ToLower(s)
	switch {
	case l == "":
		return ""
	case strings.Contains(l, "sxm"):
		return "SXM"
	case strings.Contains(l, "pcie"), strings.Contains(l, "pci "), strings.HasSuffix(l, "pci"):
		return "PCIe"
	case strings.Contains(l, "oam"), strings.Contains(l, "superchip"), strings.Contains(l, "module"),
		strings.HasPrefix(l, "other"), strings.Contains(l, "fpga"):
		return "other"
	}
	return ""
}

// gpuIndex identifies the GPU behind a catalog accelerator name, telling
// variants apart by memory and form factor, and holds the GPU table.
type gpuIndex struct {
	gpus    map[string]model.GPU
	byAlias map[string][]string // normalised alias -> GPU names (table order)
	order   []string            // GPU names in table order
}

// aliasKey normalises a GPU name for lookups: lower case, letters and
// digits only, so "RTX-A6000", "RTX A6000" and "rtxa6000" meet.
func aliasKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// newGPUIndex indexes GPUs by their names and aliases.
func newGPUIndex(gpus []model.GPU) *gpuIndex {
	x := &gpuIndex{gpus: make(map[string]model.GPU, len(gpus)), byAlias: map[string][]string{}}
	add := func(alias, name string) {
		k := aliasKey(alias)
		if k == "" {
			return
		}
		for _, n := range x.byAlias[k] {
			if n == name {
				return
			}
		}
		x.byAlias[k] = append(x.byAlias[k], name)
	}
	for _, g := range gpus {
		x.gpus[g.Name] = g
		x.order = append(x.order, g.Name)
	}
	for _, g := range gpus {
		for _, a := range g.Aliases {
			add(a, g.Name)
		}
	}
	// A GPU's own name is an alias of last resort: only when no catalog
	// alias claims the same key.
	for _, g := range gpus {
		if _, taken := x.byAlias[aliasKey(g.Name)]; !taken {
			add(g.Name, g.Name)
		}
	}
	return x
}

// gpuMatch is the outcome of identifying a catalog accelerator.
type gpuMatch struct {
	Name string // canonical GPU name ("" when unknown)
	// Candidates are the GPU rows still possible when the variant cannot
	// be told apart (more than one), else nil.
	Candidates []string
	Note       string
}

// identify finds the GPU for an accelerator name. memGiB is the per-GPU
// memory the source states (0 if unknown); form is "SXM", "PCIe" or "" as
// hinted by the instance name, the accelerator name or the instance family.
// When several variants remain, Name is the synthetic "A or B" entry (see
// ambiguousGPU) and Candidates lists them.
func (x *gpuIndex) identify(accel string, memGiB float64, form string) gpuMatch {
	cands := x.byAlias[aliasKey(accel)]
	if len(cands) == 0 {
		return gpuMatch{Note: fmt.Sprintf("accelerator %q is not in the GPU table", accel)}
	}
	cands = append([]string(nil), cands...)
	var note string
	if len(cands) > 1 && memGiB > 0 {
		best, keep := 0.13, []string(nil) // within 13%: usable vs marketed memory
		for _, c := range cands {
			v := x.gpus[c].VRAMGiB
			if v <= 0 {
				continue
			}
			d := relDiff(memGiB, v)
			switch {
			case d < best-1e-9:
				best, keep = d, []string{c}
			case d <= best+1e-9:
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			cands = keep
		} else {
			note = fmt.Sprintf("memory %.1f GiB matches no variant of %q", memGiB, accel)
		}
	}
	if len(cands) > 1 && form != "" {
		var keep []string
		for _, c := range cands {
			if formClass(x.gpus[c].FormFactor) == form {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			cands = keep
		}
	}
	if len(cands) == 1 {
		return gpuMatch{Name: cands[0], Note: note}
	}
	sort.Strings(cands)
	return gpuMatch{Name: strings.Join(cands, " or "), Candidates: cands,
		Note: joinNonEmpty("; ", note, fmt.Sprintf("the source does not say which variant of %s (%s)", accel, strings.Join(cands, ", ")))}
}

// relDiff is |a-b| / b.
func relDiff(a, b float64) float64 {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d / b
}

// ambiguousGPU builds the synthetic GPU entry for an offer whose variant the
// source does not state: every fact on which all candidates agree; of a
// capability figure that differs between them (memory, bandwidth, TFLOPS),
// the lowest, when every candidate states it: the worse case the offer is
// ranked on (an unknown figure would leave its speed unknown, and the offer
// below dearer ones, for a difference of a few percent: A100-80GB PCIe
// 1935 GB/s against SXM4 2039). Other facts that differ stay unknown.
func (x *gpuIndex) ambiguousGPU(cands []string) model.GPU {
	gs := make([]model.GPU, len(cands))
	for i, c := range cands {
		gs[i] = x.gpus[c]
	}
	first := gs[0]
	g := model.GPU{Name: strings.Join(cands, " or ")}
	sameI := func(get func(*model.GPU) int) int {
		v := get(&first)
		for i := range gs {
			if get(&gs[i]) != v {
				return 0
			}
		}
		return v
	}
	sameS := func(get func(*model.GPU) string) string {
		v := get(&first)
		for i := range gs {
			if get(&gs[i]) != v {
				return ""
			}
		}
		return v
	}
	sameT := func(get func(*model.GPU) model.Tri) model.Tri {
		v := get(&first)
		for i := range gs {
			if get(&gs[i]) != v {
				return model.Unknown
			}
		}
		return v
	}
	g.Vendor = sameS(func(g *model.GPU) string { return g.Vendor })
	g.Architecture = sameS(func(g *model.GPU) string { return g.Architecture })
	g.ReleaseYear = sameI(func(g *model.GPU) int { return g.ReleaseYear })
	// lowF is the lowest of a figure every candidate states, 0 (unknown)
	// when one does not: the lowest known could be above the unknown one.
	lowF := func(get func(*model.GPU) float64) float64 {
		v := get(&first)
		for i := range gs {
			f := get(&gs[i])
			if f <= 0 {
				return 0
			}
			v = min(v, f)
		}
		return v
	}
	g.VRAMGiB = lowF(func(g *model.GPU) float64 { return g.VRAMGiB })
	g.MemBandwidthGBs = lowF(func(g *model.GPU) float64 { return g.MemBandwidthGBs })
	g.FP32TFLOPS = lowF(func(g *model.GPU) float64 { return g.FP32TFLOPS })
	g.BF16TFLOPS = lowF(func(g *model.GPU) float64 { return g.BF16TFLOPS })
	g.FP8TFLOPS = lowF(func(g *model.GPU) float64 { return g.FP8TFLOPS })
	g.INT8TOPS = lowF(func(g *model.GPU) float64 { return g.INT8TOPS })
	g.FP8 = sameT(func(g *model.GPU) model.Tri { return g.FP8 })
	g.BF16 = sameT(func(g *model.GPU) model.Tri { return g.BF16 })
	g.NVLink = sameT(func(g *model.GPU) model.Tri { return g.NVLink })
	g.PCIeGen = sameI(func(g *model.GPU) int { return g.PCIeGen })
	g.TDPWatts = sameI(func(g *model.GPU) int { return g.TDPWatts })
	g.FormFactor = sameS(func(g *model.GPU) string { return g.FormFactor })
	g.Source = "variant not stated by the provider: the facts of " + strings.Join(cands, " and ") + " where they agree, the lower figure where they differ (see those GPUs for sources)"
	g.Notes = "Where the variants' memory, bandwidth or TFLOPS differ, the lowest is used: the worse case; other facts that differ are unknown here."
	return g
}
