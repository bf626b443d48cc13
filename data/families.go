package data

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// familyRule is one row of instance_families.csv: facts that hold for every
// instance type matching a shell-glob pattern of one provider.
type familyRule struct {
	Line        int
	Provider    string
	Patterns    []string // shell globs on InstanceType (';' alternatives)
	GPUModel    string
	Form        string // gpu_form_factor text
	Intra       string // intra_node_interconnect text
	InterNode   string
	RDMA        string
	VCPUType    string
	Hyperthread string
	LocalNVMe   string
	Notes       string
	Sources     []string
	Accels      []string // catalog_accelerator_names (may be empty)
	Counts      []int    // catalog_gpu_counts (may be empty)
}

// parseFamilies reads instance_families.csv.
func parseFamilies(r io.Reader, name string) ([]familyRule, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "family_pattern", "gpu_form_factor", "intra_node_interconnect", "vcpu_type", "source_url"); err != nil {
		return nil, err
	}
	var out []familyRule
	for i := range t.rows {
		f := familyRule{
			Line:        t.lines[i],
			Provider:    strings.ToLower(t.get(i, "provider")),
			Patterns:    model.SplitOn(t.get(i, "family_pattern"), ";"),
			GPUModel:    t.get(i, "gpu_model"),
			Form:        t.get(i, "gpu_form_factor"),
			Intra:       t.get(i, "intra_node_interconnect"),
			InterNode:   t.get(i, "inter_node_network"),
			RDMA:        t.get(i, "gpudirect_rdma"),
			VCPUType:    t.get(i, "vcpu_type"),
			Hyperthread: t.get(i, "vcpu_is_hyperthread"),
			LocalNVMe:   t.get(i, "local_nvme"),
			Notes:       t.get(i, "notes"),
			Sources:     model.SplitOn(t.get(i, "source_url"), " ; "),
			Accels:      model.SplitOn(t.get(i, "catalog_accelerator_names"), ";"),
		}
		if f.Provider == "" || len(f.Patterns) == 0 {
			return nil, fmt.Errorf("%s: line %d: provider and family_pattern must not be empty", name, f.Line)
		}
		for _, c := range model.SplitOn(t.get(i, "catalog_gpu_counts"), ";") {
			n, err := strconv.Atoi(c)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%s: line %d: column catalog_gpu_counts: %q is not a GPU count", name, f.Line, c)
			}
			f.Counts = append(f.Counts, n)
		}
		out = append(out, f)
	}
	return out, nil
}

// globMatch reports whether s matches a shell glob in which '*' matches any
// run of characters and '?' one character; every other character, '[' too,
// is literal (the patterns in the data use only '*').
func globMatch(pattern, s string) bool {
	p, n := 0, 0
	star, mark := -1, 0
	for n < len(s) {
		switch {
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[n]):
			p++
			n++
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, n
			p++
		case star >= 0:
			p = star + 1
			mark++
			n = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// matchesAny reports whether s matches one of the globs.
func matchesAny(patterns []string, s string) bool {
	for _, p := range patterns {
		if globMatch(p, s) {
			return true
		}
	}
	return false
}

// containsFold reports whether list holds s (ASCII case-insensitive).
func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// matchFamily picks the family row of an instance type. When several rows
// match (GCP's n1-* rows differ only by accelerator), the one listing the
// accelerator wins, then the one listing the GPU count.
func matchFamily(rules []familyRule, provider, instanceType, accel string, count int) *familyRule {
	var best *familyRule
	bestScore := -1
	for i := range rules {
		f := &rules[i]
		if f.Provider != provider || !matchesAny(f.Patterns, instanceType) {
			continue
		}
		score := 0
		if len(f.Accels) > 0 {
			if !containsFold(f.Accels, accel) {
				continue
			}
			score += 2
		}
		for _, c := range f.Counts {
			if c == count {
				score++
				break
			}
		}
		if score > bestScore {
			best, bestScore = f, score
		}
	}
	if best != nil {
		return best
	}
	// No row lists this accelerator: fall back to a pattern match alone.
	for i := range rules {
		f := &rules[i]
		if f.Provider == provider && matchesAny(f.Patterns, instanceType) && len(f.Accels) == 0 {
			return f
		}
	}
	return nil
}

// familyCountRe finds a GPU count stated in a family's gpu_model
// ("H100 80GB x8").
var familyCountRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\bx(\d+)$`) }}

// statedCount returns the GPU count a family row states for a single
// instance type (a pattern without wildcards), or 0.
func (f *familyRule) statedCount() int {
	if len(f.Patterns) != 1 || strings.ContainsAny(f.Patterns[0], "*?") {
		return 0
	}
	m := familyCountRe.Get().FindStringSubmatch(strings.TrimSpace(f.GPUModel))
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// familyMemRe finds a per-GPU memory in a family's gpu_model ("A100 80GB
// PCIe (1-4)").
var familyMemRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`(\d+)\s?GB\b`) }}

// statedMemGiB returns the per-GPU memory a family row states when it
// states exactly one, else 0.
func (f *familyRule) statedMemGiB() float64 {
	m := familyMemRe.Get().FindAllStringSubmatch(f.GPUModel, -1)
	if len(m) != 1 {
		return 0
	}
	v, _ := strconv.ParseFloat(m[0][1], 64)
	return v
}

// classifyInterconnect maps an intra-node interconnect text to the enum:
// NVSwitch; NVLink (a mesh, ring or bridges); PCIe when the text says PCIe
// only or that there is none; single for "n/a (single GPU)". Texts that say
// "not documented" or "not stated" stay unknown, even where they mention
// what the GPU could do.
func classifyInterconnect(s string) model.Interconnect {
	l := strings.ToLower(strings.TrimSpace(s))
	switch {
	case l == "", strings.HasPrefix(l, "not "), strings.HasPrefix(l, "per host"), strings.HasPrefix(l, "unknown"):
		return model.InterconnectUnknown
	case strings.HasPrefix(l, "n/a (single"), strings.HasPrefix(l, "n/a (partial"), strings.HasPrefix(l, "n/a (vgpu"):
		return model.InterconnectSingle
	case strings.HasPrefix(l, "n/a"):
		return model.InterconnectUnknown
	case strings.Contains(l, "nvswitch"):
		return model.InterconnectNVSwitch
	case strings.HasPrefix(l, "none"), strings.Contains(l, "pcie only"), strings.HasPrefix(l, "no ("), strings.HasPrefix(l, "no,"), l == "no", l == "pcie":
		return model.InterconnectPCIe
	case strings.HasPrefix(l, "yes"), strings.Contains(l, "nvlink"):
		return model.InterconnectNVLink
	}
	return model.InterconnectUnknown
}

// classifyVCPU maps a vCPU text to the enum by its first word.
func classifyVCPU(s string) model.VCPUType {
	l := strings.ToLower(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(l, "dedicated"):
		return model.VCPUDedicated
	case strings.HasPrefix(l, "shared"):
		return model.VCPUShared
	case strings.HasPrefix(l, "burstable"):
		return model.VCPUBurstable
	case strings.HasPrefix(l, "container"):
		return model.VCPUContainer
	case strings.HasPrefix(l, "marketplace"):
		return model.VCPUMarketplace
	case strings.HasPrefix(l, "vgpu-fraction"), strings.HasPrefix(l, "gpu-fraction"):
		return model.VCPUGPUFraction
	}
	return model.VCPUUnknown
}

// classifyWiped reads whether a local-disk text says the data is lost on
// stop (Yes), survives it (No), or does not say (Unknown).
func classifyWiped(s string) model.Tri {
	l := strings.ToLower(s)
	switch {
	case l == "", strings.Contains(l, "not verified"), strings.HasPrefix(l, "none"):
		return model.Unknown
	case strings.Contains(l, "ephemeral"), strings.Contains(l, "lost on stop"), strings.Contains(l, "discarded on stop"),
		strings.Contains(l, "erased on stop"), strings.Contains(l, "wiped on stop"):
		return model.Yes
	case strings.Contains(l, "persists while instance exists"), strings.Contains(l, "survives stop"):
		return model.No
	}
	return model.Unknown
}
