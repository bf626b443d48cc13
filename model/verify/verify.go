package verify

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/probe"
)

// Check is one line of `gpupick verify`: what the record expects, what the
// machine shows, and whether a failure matters (exit 1).
//
// Name, Expected, Found and Hint are text in the language Compare was given.
// The JSON of `gpupick verify --json` is always made in English, whatever
// --lang says: its keys and its values are for machines (scripts compare
// them), and the same record and machine give the same JSON everywhere. ID
// is the stable key of the check in every language.
type Check struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Expected string `json:"expected"`
	Found    string `json:"found"`
	// Pass is true when the machine meets the expectation; Skipped when
	// either side is unknown (not probed, or not in the catalog).
	Pass    bool `json:"pass"`
	Skipped bool `json:"skipped,omitempty"`
	// Matters marks a check whose failure means the machine is not the
	// one chosen (wrong GPUs, a slower link, fewer CPUs or less memory,
	// local NVMe the offer promised and the machine lacks).
	Matters bool `json:"matters"`
	// Hint says what to do about a failed or unprobed check ("" when
	// nothing).
	Hint string `json:"hint,omitempty"`
}

// The IDs of the checks.
const (
	CheckGPUModel  = "gpu_model"
	CheckGPUCount  = "gpu_count"
	CheckGPUMemory = "gpu_memory"
	CheckGPULink   = "gpu_link"
	CheckHost      = "host"
	CheckVCPUs     = "vcpus"
	CheckThreads   = "threads_per_core"
	CheckRAM       = "ram"
	CheckNVMe      = "local_nvme"
)

// memTolerance is the share by which nvidia-smi's memory.total may fall
// below the catalog's GPU memory: the driver reserves some (the catalog's
// usable figures: A10G 22.5 of 24 GiB, L4 22.5 of 24 GiB, 6.3%).
const memTolerance = 0.07

// ramTolerance is the share of RAM the kernel and firmware keep from
// MemTotal (a 2048 GiB instance shows a few percent less).
const ramTolerance = 0.05

// diskTolerance is the share by which the local NVMe found may fall below
// the size the catalog lists: catalogs mix up GB and GiB (a 960 GB disk is
// 7.4% short of 960 GiB), so only a larger shortfall is a smaller disk.
const diskTolerance = 0.10

var modelToken = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z]*\d+[A-Za-z]*`) }}

// gpuModelMatches reports whether nvidia-smi's name shows the catalog GPU's
// model number (H100 in "NVIDIA H100 80GB HBM3", A6000 in "NVIDIA RTX A6000").
func gpuModelMatches(catalog, found string) bool {
	tok := modelToken.Get().FindString(catalog)
	if tok == "" {
		return false
	}
	norm := func(s string) string { return strings.ToLower(strings.NewReplacer(" ", "", "-", "").Replace(s)) }
	return strings.Contains(norm(found), norm(tok))
}

// probeHint is the hint of a check whose probe output is missing: save the
// output of the probe that writes file.
func (l lang) probeHint(file string) string {
	for _, c := range probe.Commands {
		if c.File == file {
			return l.v(vHintProbe, strings.Join(c.Argv, " "), c.File)
		}
	}
	return ""
}

// Compare compares a machine with the recommendation chosen in a record and
// the catalog's offer for it (nil when the catalog no longer has it: the
// host checks are then skipped). The checks' texts are in language ("zh…"
// Chinese, else English; JSON output passes "en", see Check).
func Compare(rec model.Recommendation, offer *model.Offer, m probe.Machine, language string) []Check {
	l := langOf(language)
	var out []Check
	add := func(c Check) { out = append(out, c) }

	// GPUs: model, count, memory. A MIG slice counts as the GPU.
	foundName, count, memGiB := l.v(vNoGPU), len(m.GPUs), 0.0
	if len(m.GPUs) > 0 {
		foundName, memGiB = m.GPUs[0].Name, m.GPUs[0].MemoryMiB/1024
	}
	if len(m.MIG) > 0 {
		foundName += " MIG " + m.MIG[0].Profile
		count, memGiB = len(m.MIG), m.MIG[0].MemoryGB
	}
	gpuModel := Check{ID: CheckGPUModel, Name: l.v(vNameGPUModel), Expected: rec.GPU, Found: foundName, Pass: len(m.GPUs) > 0 && gpuModelMatches(rec.GPU, foundName), Matters: true}
	if len(m.GPUs) > 0 && m.GPUs[0].Name == "" {
		// rocm-smi's memory section without its product names.
		gpuModel.Found, gpuModel.Skipped, gpuModel.Hint = l.v(vNotProbed), true, l.probeHint(probe.FileAMDGPUs)
	}
	add(gpuModel)
	add(Check{ID: CheckGPUCount, Name: l.v(vNameGPUCount), Expected: fmt.Sprint(rec.GPUCount), Found: fmt.Sprint(count), Pass: count == rec.GPUCount, Matters: true})
	wantMem := 0.0
	if rec.GPUCount > 0 {
		wantMem = rec.VRAMGiB / float64(rec.GPUCount)
	}
	memCheck := Check{ID: CheckGPUMemory, Name: l.v(vNameGPUMemory), Expected: l.gib(wantMem), Found: l.gib(memGiB), Matters: true}
	if wantMem <= 0 || memGiB <= 0 {
		memCheck.Skipped = true
	} else {
		memCheck.Pass = memGiB >= wantMem*(1-memTolerance)
	}
	add(memCheck)

	add(l.linkCheck(rec, offer, m))

	// Host: vCPUs, threads per core, RAM, local NVMe.
	if offer == nil {
		return append(out, Check{ID: CheckHost, Name: l.v(vNameHost), Expected: l.v(vNotInCatalog), Found: l.v(vNothing), Skipped: true})
	}
	add(l.cpuCheck(offer, m))
	add(l.threadsCheck(offer, m))

	ram := Check{ID: CheckRAM, Name: l.v(vNameRAM), Expected: l.gib(offer.MemoryGiB), Found: l.gib(m.MemKiB / (1 << 20)), Matters: true}
	if m.MemKiB <= 0 {
		ram.Found = l.v(vNotProbed)
		if offer.MemoryGiB > 0 {
			ram.Hint = l.probeHint("meminfo.txt")
		}
	}
	if offer.MemoryGiB <= 0 || m.MemKiB <= 0 {
		ram.Skipped = true
	} else {
		ram.Pass = m.MemKiB/(1<<20) >= offer.MemoryGiB*(1-ramTolerance)
	}
	add(ram)
	add(l.nvmeCheck(parseNVMePromise(offer.LocalDiskText(false)), m))
	return out
}

// linkCheck compares the link between the GPUs with the offer's.
func (l lang) linkCheck(rec model.Recommendation, offer *model.Offer, m probe.Machine) Check {
	want := string(model.InterconnectUnknown)
	if offer != nil {
		want = string(offer.Interconnect)
	}
	if rec.GPUCount <= 1 {
		want = probe.LinkSingle
	}
	link := Check{ID: CheckGPULink, Name: l.v(vNameGPULink), Expected: l.link(want), Found: l.v(vNotProbed), Matters: true}
	found := ""
	if m.Topology != nil {
		found = m.Topology.Kind()
		link.Found = l.link(found)
	}
	switch {
	case want == probe.LinkSingle:
		link.Pass, link.Matters = true, false
		if m.Topology == nil {
			link.Found = l.link(probe.LinkSingle)
		}
	case m.Topology == nil || want == "":
		link.Skipped = true
		if m.Topology == nil && want != "" {
			link.Hint = l.probeHint("topo.txt")
		}
	default:
		link.Pass = linkRank(found) >= linkRank(want)
	}
	return link
}

// cpuCheck compares the CPUs this process may use with the offer's vCPUs.
func (l lang) cpuCheck(offer *model.Offer, m probe.Machine) Check {
	cpus := Check{ID: CheckVCPUs, Name: l.v(vNameVCPUs), Expected: l.count(offer.VCPUs), Found: l.v(vNotProbed), Matters: true}
	probed := true
	switch {
	case m.NProc > 0:
		cpus.Found = fmt.Sprint(m.NProc)
		if m.CPU != nil && m.CPU.CPUs > m.NProc {
			cpus.Found = l.v(vContainerLimit, m.NProc, m.CPU.CPUs)
		}
		cpus.Pass = offer.VCPUs > 0 && float64(m.NProc) >= offer.VCPUs
		if !cpus.Pass && m.CPU != nil && m.CPU.CPUs > m.NProc {
			cpus.Hint = l.v(vHintContainer)
		}
	case m.CPU != nil:
		cpus.Found = fmt.Sprint(m.CPU.CPUs)
		cpus.Pass = offer.VCPUs > 0 && float64(m.CPU.CPUs) >= offer.VCPUs
	default:
		probed = false
	}
	cpus.Skipped = offer.VCPUs <= 0 || !probed
	if !probed && offer.VCPUs > 0 {
		cpus.Hint = l.probeHint("nproc.txt")
	}
	return cpus
}

// threadsCheck compares lscpu's threads per core with whether the offer's
// vCPUs are hyperthreads (a difference does not matter).
func (l lang) threadsCheck(offer *model.Offer, m probe.Machine) Check {
	tpc := Check{ID: CheckThreads, Name: l.v(vNameThreads), Expected: l.v(vUnknown), Found: l.v(vNotProbed)}
	known := offer.Hyperthreaded == model.Yes || offer.Hyperthreaded == model.No
	switch offer.Hyperthreaded {
	case model.Yes:
		tpc.Expected = l.v(vThreadsHT)
	case model.No:
		tpc.Expected = l.v(vThreadsCore)
	}
	probed := m.CPU != nil && m.CPU.ThreadsPerCore > 0
	if probed {
		tpc.Found = fmt.Sprint(m.CPU.ThreadsPerCore)
	}
	switch {
	case !known || !probed:
		tpc.Skipped = true
		if known && !probed {
			tpc.Hint = l.probeHint("lscpu.txt")
		}
	case offer.Hyperthreaded == model.Yes:
		tpc.Pass = m.CPU.ThreadsPerCore >= 2
	default:
		tpc.Pass = m.CPU.ThreadsPerCore == 1
	}
	return tpc
}

// nvmeCheck compares the machine's local NVMe disks with what the offer
// promises. It matters when the offer promises local NVMe; it is skipped
// when the catalog does not say (or the disks were not probed).
func (l lang) nvmeCheck(want nvmePromise, m probe.Machine) Check {
	c := Check{ID: CheckNVMe, Name: l.v(vNameNVMe), Expected: l.nvmeExpected(want), Found: l.v(vNotProbed), Matters: want.kind == nvmeYes}
	n, size := 0, 0.0
	for _, d := range m.Disks {
		if d.LocalNVMe() {
			n++
			size += d.SizeBytes
		}
	}
	if m.Disks != nil {
		c.Found = l.v(vNVMeFoundNone)
		if n > 0 {
			c.Found = l.v(vNVMeFound, n, gbText(size))
		}
	}
	switch {
	case want.kind == nvmeUnknown || want.kind == nvmeOptional || want.kind == nvmeUnlisted:
		c.Skipped = true
	case m.Disks == nil:
		c.Skipped = true
		if want.kind == nvmeYes {
			c.Hint = l.probeHint("lsblk.txt")
		}
	case want.kind == nvmeNone:
		c.Pass = true
	default:
		c.Pass = n > 0 && n >= want.disks && size >= want.bytes*(1-diskTolerance)
		if !c.Pass {
			c.Hint = l.v(vHintNVMe)
		}
	}
	return c
}

// nvmeKindKeys are the expected texts of the promises without a size.
// Made on first use, not at start-up (issue 26).
var nvmeKindKeys = lazy.Value[map[nvmeKind]verifyKey]{New: func() map[nvmeKind]verifyKey {
	return map[nvmeKind]verifyKey{nvmeUnknown: vUnknown, nvmeNone: vNVMeWantNone, nvmeOptional: vNVMeOptional, nvmeUnlisted: vNVMeUnlisted}
}}

// nvmeExpected is the expected column of the NVMe check.
func (l lang) nvmeExpected(want nvmePromise) string {
	switch {
	case want.kind != nvmeYes:
		return l.v(nvmeKindKeys.Get()[want.kind])
	case want.disks > 0 && want.bytes > 0:
		return l.v(vNVMeWantDisks, want.disks, gbText(want.bytes))
	case want.bytes > 0:
		return l.v(vNVMeWantSize, gbText(want.bytes))
	}
	return l.v(vNVMeWantAny)
}

// gbText formats bytes as whole decimal gigabytes (lsblk -b sizes / 1e9).
func gbText(bytes float64) string { return strconv.FormatFloat(bytes/1e9, 'f', 0, 64) }

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

// gib formats a size in GiB, unknown when unknown.
func (l lang) gib(v float64) string { return l.orUnknown(model.FormatGiB(v)) }

// count formats a whole count, unknown when unknown.
func (l lang) count(v float64) string { return l.orUnknown(model.FormatWhole(v)) }

func (l lang) orUnknown(s string) string {
	if s == "" {
		return l.v(vUnknown)
	}
	return s
}
