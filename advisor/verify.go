package advisor

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/probe"
)

// Check is one line of `gpupick verify`: what the record expects, what the
// machine shows, and whether a failure matters (exit 1).
type Check struct {
	Name     string `json:"name"`
	Expected string `json:"expected"`
	Found    string `json:"found"`
	// Pass is true when the machine meets the expectation; Skipped when
	// either side is unknown (not probed, or not in the catalog).
	Pass    bool `json:"pass"`
	Skipped bool `json:"skipped,omitempty"`
	// Matters marks a check whose failure means the machine is not the
	// one chosen (wrong GPUs, a slower link, fewer CPUs or less memory).
	Matters bool `json:"matters"`
}

// memTolerance is the share by which nvidia-smi's memory.total may fall
// below the catalog's GPU memory: the driver reserves some (the catalog's
// usable figures: A10G 22.5 of 24 GiB, L4 22.5 of 24 GiB, 6.3%).
const memTolerance = 0.07

// ramTolerance is the share of RAM the kernel and firmware keep from
// MemTotal (a 2048 GiB instance shows a few percent less).
const ramTolerance = 0.05

var modelToken = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z]*\d+[A-Za-z]*`) })

// gpuModelMatches reports whether nvidia-smi's name shows the catalog GPU's
// model number (H100 in "NVIDIA H100 80GB HBM3", A6000 in "NVIDIA RTX A6000").
func gpuModelMatches(catalog, found string) bool {
	tok := modelToken().FindString(catalog)
	if tok == "" {
		return false
	}
	norm := func(s string) string { return strings.ToLower(strings.NewReplacer(" ", "", "-", "").Replace(s)) }
	return strings.Contains(norm(found), norm(tok))
}

// Verify compares a machine with the recommendation chosen in a record and
// the catalog's offer for it (nil when the catalog no longer has it: the
// host checks are then skipped).
func Verify(rec model.Recommendation, offer *model.Offer, m probe.Machine) []Check {
	var out []Check
	add := func(c Check) { out = append(out, c) }

	// GPUs: model, count, memory. A MIG slice counts as the GPU.
	foundName, count, memGiB := "none", len(m.GPUs), 0.0
	if len(m.GPUs) > 0 {
		foundName, memGiB = m.GPUs[0].Name, m.GPUs[0].MemoryMiB/1024
	}
	if len(m.MIG) > 0 {
		foundName += " MIG " + m.MIG[0].Profile
		count, memGiB = len(m.MIG), m.MIG[0].MemoryGB
	}
	add(Check{Name: "GPU model", Expected: rec.GPU, Found: foundName, Pass: len(m.GPUs) > 0 && gpuModelMatches(rec.GPU, foundName), Matters: true})
	add(Check{Name: "GPU count", Expected: fmt.Sprint(rec.GPUCount), Found: fmt.Sprint(count), Pass: count == rec.GPUCount, Matters: true})
	wantMem := 0.0
	if rec.GPUCount > 0 {
		wantMem = rec.VRAMGiB / float64(rec.GPUCount)
	}
	memCheck := Check{Name: "GPU memory (each)", Expected: gibText(wantMem), Found: gibText(memGiB), Matters: true}
	if wantMem <= 0 || memGiB <= 0 {
		memCheck.Skipped = true
	} else {
		memCheck.Pass = memGiB >= wantMem*(1-memTolerance)
	}
	add(memCheck)

	// Link between the GPUs.
	want := string(model.InterconnectUnknown)
	if offer != nil {
		want = string(offer.Interconnect)
	}
	if rec.GPUCount <= 1 {
		want = probe.LinkSingle
	}
	link := Check{Name: "GPU link", Expected: orUnknown(want), Found: "not probed", Matters: true}
	if m.Topology != nil {
		link.Found = m.Topology.Kind()
	}
	switch {
	case want == probe.LinkSingle:
		link.Pass, link.Matters = true, false
		if m.Topology == nil {
			link.Found = probe.LinkSingle
		}
	case m.Topology == nil || want == "":
		link.Skipped = true
	default:
		link.Pass = linkRank(link.Found) >= linkRank(want)
	}
	add(link)

	// Host: vCPUs, threads per core, RAM, local NVMe.
	if offer == nil {
		return append(out, Check{Name: "host (vCPUs, RAM, disks)", Expected: "unknown: the offer is not in the catalog", Found: "-", Skipped: true})
	}
	cpus := Check{Name: "vCPUs usable", Expected: count0(offer.VCPUs), Found: "not probed", Matters: true}
	switch {
	case m.NProc > 0:
		cpus.Found = fmt.Sprint(m.NProc)
		if m.CPU != nil && m.CPU.CPUs > m.NProc {
			cpus.Found = fmt.Sprintf("%d (of %d on the host: a container limit)", m.NProc, m.CPU.CPUs)
		}
		cpus.Pass = offer.VCPUs > 0 && float64(m.NProc) >= offer.VCPUs
	case m.CPU != nil:
		cpus.Found = fmt.Sprint(m.CPU.CPUs)
		cpus.Pass = offer.VCPUs > 0 && float64(m.CPU.CPUs) >= offer.VCPUs
	}
	cpus.Skipped = offer.VCPUs <= 0 || cpus.Found == "not probed"
	add(cpus)

	tpc := Check{Name: "threads per core", Expected: "unknown", Found: "not probed"}
	switch offer.Hyperthreaded {
	case model.Yes:
		tpc.Expected = "2 (vCPUs are hyperthreads)"
	case model.No:
		tpc.Expected = "1 (a vCPU is a core)"
	}
	if m.CPU != nil && m.CPU.ThreadsPerCore > 0 {
		tpc.Found = fmt.Sprint(m.CPU.ThreadsPerCore)
	}
	switch {
	case tpc.Expected == "unknown" || tpc.Found == "not probed":
		tpc.Skipped = true
	case offer.Hyperthreaded == model.Yes:
		tpc.Pass = m.CPU.ThreadsPerCore >= 2
	default:
		tpc.Pass = m.CPU.ThreadsPerCore == 1
	}
	add(tpc)

	ram := Check{Name: "RAM", Expected: gibText(offer.MemoryGiB), Found: gibText(m.MemKiB / (1 << 20)), Matters: true}
	if offer.MemoryGiB <= 0 || m.MemKiB <= 0 {
		ram.Skipped = true
	} else {
		ram.Pass = m.MemKiB/(1<<20) >= offer.MemoryGiB*(1-ramTolerance)
	}
	add(ram)

	nvme := Check{Name: "local NVMe", Expected: orUnknown(offer.Detail().LocalNVMe), Found: "not probed"}
	if m.Disks != nil {
		n, size := 0, 0.0
		for _, d := range m.Disks {
			if d.NVMe() && !strings.Contains(d.Model, "Elastic Block Store") {
				n++
				size += d.SizeBytes
			}
		}
		nvme.Found = fmt.Sprintf("%d NVMe disks, %.0f GB", n, size/1e9)
		wantNVMe := offer.Detail().LocalNVMe != "" && !strings.HasPrefix(strings.ToLower(offer.Detail().LocalNVMe), "none")
		nvme.Pass = !wantNVMe || n > 0
	}
	nvme.Skipped = offer.Detail().LocalNVMe == "" || m.Disks == nil
	add(nvme)
	return out
}

// linkRank orders links from slowest: a faster link than expected passes.
func linkRank(l string) int {
	switch l {
	case probe.LinkNVSwitch:
		return 3
	case probe.LinkNVLink, string(model.InterconnectInfinityFabric):
		return 2
	case probe.LinkPCIe:
		return 1
	}
	return 0
}

// Mismatch reports whether a check that matters failed.
func Mismatch(checks []Check) bool {
	for _, c := range checks {
		if c.Matters && !c.Pass && !c.Skipped {
			return true
		}
	}
	return false
}

// gibText formats a size in GiB, "unknown" when unknown.
func gibText(v float64) string { return orUnknown(model.FormatGiB(v)) }

// count0 formats a whole count, "unknown" when unknown.
func count0(v float64) string { return orUnknown(model.FormatWhole(v)) }

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
