package data

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// skyItem is one cleaned SkyPilot row: one instance type in one zone or
// region, with GCP host and accelerator prices combined and every known
// source error fixed. Items of the same instance type are later folded into
// one offer.
type skyItem struct {
	Line         int
	InstanceType string
	Accel        string
	GPUInfoName  string
	Count        int
	Fraction     float64 // share of one GPU for a partial-GPU size (0 = whole GPUs)
	VCPUs        float64
	MemoryGiB    float64
	MemGiB       float64 // per-GPU memory from the source, cleaned; 0 unknown
	Price        float64 // 0 unknown
	Spot         float64 // 0 none
	Region       string
	Zone         string // the availability zone, "" when the source has none
	LocalDisk    string
	Arch         string
	Notes        []string
}

// nonGPUAccelerators are accelerators in SkyPilot's catalogs that are not
// GPUs and out of gpupick's scope (AWS f1/f2 FPGAs); TPUs are recognised by
// their "tpu-" prefix.
// Made on first use, not at start-up (issue 26).
var nonGPUAccelerators = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"Virtex UltraScale (VU9P)":   true,
		"Virtex UltraScale+ (VU47P)": true,
	}
}}

// isOutOfScope reports whether a row's accelerator is not a GPU.
func isOutOfScope(accel string) bool {
	return nonGPUAccelerators.Get()[accel] || strings.HasPrefix(strings.ToLower(accel), "tpu-")
}

// perGPUMemGiB returns a row's per-GPU memory in GiB following the
// per-cloud rules of the reference data's README (checked on every
// multi-GPU row):
//   - most clouds: GpuInfo MemoryInfo.SizeInMiB is per GPU;
//   - Lambda and DigitalOcean: SizeInMiB is per GPU and TotalGpuMemoryInMiB
//     wrongly equals it, so the total is never used there;
//   - Vast: SizeInMiB holds the total of all GPUs: divide by the count;
//   - RunPod: SizeInMiB holds GB, not MiB;
//   - Nebius (all rows) and Seeweb RTX PRO 6000: 0, unknown (filled later
//     from the GPU table).
//
// When SizeInMiB is absent but a total is present (and the cloud is not
// Lambda or DO) the total is divided by the count.
func perGPUMemGiB(cloud string, r SkyRow) (gib float64, note string) {
	count := r.Count
	switch cloud {
	case "vast":
		if r.GPUMiB > 0 && count > 0 {
			return round1(r.GPUMiB / count / 1024), "Vast lists the total GPU memory as per-GPU memory: divided by the GPU count"
		}
	case "runpod":
		if r.GPUMiB > 0 {
			return r.GPUMiB, "RunPod's GpuInfo memory is in GB, not MiB"
		}
	}
	if r.GPUMiB > 0 {
		return round1(r.GPUMiB / 1024), ""
	}
	if r.GPUTotalMiB > 0 && count > 0 && cloud != "lambda" && cloud != "do" {
		return round1(r.GPUTotalMiB / count / 1024), ""
	}
	return 0, ""
}

// round1 rounds to one decimal.
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// cleanPrices turns SkyPilot's price cells into the catalog's convention:
// 0 is unknown (on-demand) or none (spot). A spot price of 0 is never a
// real price: Vast writes 0.00 on every row to mean "no spot price".
func cleanPrices(cloud string, r SkyRow) (price, spot float64, notes []string) {
	if r.HasPrice && r.Price > 0 {
		price = r.Price
	} else {
		notes = append(notes, "no on-demand price in the source (unknown)")
	}
	switch {
	case r.HasSpot && r.Spot > 0 && r.Spot == price && (cloud == "runpod" || cloud == "azure"):
		// RunPod (every row) and Azure's H100 v5 rows copy the on-demand
		// price into SpotPrice: a placeholder, not a spot quote.
		notes = append(notes, "the source's spot price equals the on-demand price (a placeholder, not a spot quote): spot price unknown")
	case r.HasSpot && r.Spot > 0:
		spot = r.Spot
	case r.HasSpot && cloud == "vast":
		notes = append(notes, "Vast's SpotPrice 0.00 means no spot price")
	}
	return price, spot, notes
}

// cleanRegion drops the empty parts of a free-text region: Vast writes
// "State, CC, Continent" and leaves the state empty on some rows
// (", CN, AS" becomes "CN, AS").
func cleanRegion(r string) string {
	return strings.Join(model.SplitOn(r, ","), ", ")
}

// cleanSkyRows turns one cloud's SkyPilot rows into items, applying the
// cleaning rules; report lists what was dropped or fixed, one line each.
// dcs are RunPod's datacenters (Region and Zone), used when RunPod rows
// carry no region.
func cleanSkyRows(cloud string, rows []SkyRow, dcs []SkyRow, families []familyRule) (items []skyItem, report []string) {
	if cloud == "gcp" {
		return combineGCP(rows)
	}
	return cleanRows(cloud, rows, dcs, families)
}

// cleanRows applies the cleaning rules to rows that each price a whole
// instance (every source's but SkyPilot's GCP catalog, whose host and
// accelerator rows combineGCP adds up first).
func cleanRows(cloud string, rows []SkyRow, dcs []SkyRow, families []familyRule) (items []skyItem, report []string) {
	var outOfScope, noGPU, noName int
	var fixedCount []string
	var runpodRegions []string
	if cloud == "runpod" {
		seen := map[string]bool{}
		for _, d := range dcs {
			if d.Region != "" && !seen[d.Region] {
				seen[d.Region] = true
				runpodRegions = append(runpodRegions, d.Region)
			}
		}
		sort.Strings(runpodRegions)
	}
	for _, r := range rows {
		if isOutOfScope(r.Accelerator) {
			outOfScope++
			continue
		}
		if r.InstanceType == "" {
			noName++
			continue
		}
		fam := matchFamily(families, cloud, r.InstanceType, r.Accelerator, int(r.Count))
		if r.Accelerator == "" && (fam == nil || containsFold(fam.Patterns, "*")) {
			noGPU++ // a CPU-only row of a full SkyPilot catalog
			continue
		}
		it := skyItem{
			Line: r.Line, InstanceType: r.InstanceType, Accel: r.Accelerator, GPUInfoName: r.GPUInfoName,
			Count: int(r.Count), VCPUs: r.VCPUs, MemoryGiB: r.MemoryGiB, Region: cleanRegion(r.Region),
			Zone: r.Zone, LocalDisk: r.LocalDisk, Arch: r.Arch,
		}
		if r.Count > 0 && r.Count < 1 {
			it.Count, it.Fraction = 1, r.Count
		}
		var note string
		it.MemGiB, note = perGPUMemGiB(cloud, r)
		if note != "" {
			it.Notes = append(it.Notes, note)
		}
		var pnotes []string
		it.Price, it.Spot, pnotes = cleanPrices(cloud, r)
		it.Notes = append(it.Notes, pnotes...)
		if fam != nil {
			if n := fam.statedCount(); n > 0 && it.Count != n {
				it.Notes = append(it.Notes, fmt.Sprintf("the SkyPilot catalog lists %d GPUs; the provider documents %d (corrected)", it.Count, n))
				fixedCount = append(fixedCount, fmt.Sprintf("%s %d->%d", r.InstanceType, it.Count, n))
				it.Count = n
			}
		}
		if cloud == "runpod" && it.Region == "" && len(runpodRegions) > 0 {
			for _, reg := range runpodRegions {
				x := it
				x.Region = reg
				items = append(items, x)
			}
			continue
		}
		items = append(items, it)
	}
	if outOfScope > 0 {
		report = append(report, fmt.Sprintf("%d rows of non-GPU accelerators (FPGAs, TPUs) left out", outOfScope))
	}
	if noGPU > 0 {
		report = append(report, fmt.Sprintf("%d rows without an accelerator (CPU-only instance types) left out", noGPU))
	}
	if noName > 0 {
		report = append(report, fmt.Sprintf("%d rows without an instance type left out", noName))
	}
	if len(fixedCount) > 0 {
		sort.Strings(fixedCount)
		fixedCount = uniqStrings(fixedCount)
		report = append(report, "GPU count corrected to the provider's documented count: "+strings.Join(fixedCount, ", "))
	}
	return items, report
}

// uniqStrings removes adjacent duplicates of a sorted slice.
func uniqStrings(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// gcpMachineRe reads the GPU count from an A-series machine type.
var gcpMachineRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(a2-highgpu|a2-megagpu|a2-ultragpu|a3-highgpu|a3-edgegpu|a3-megagpu|a3-ultragpu|a4-highgpu)-(\d+)g(-nolssd)?$`)
}}

// gcpMachineAccel maps an A-series machine family to SkyPilot's
// accelerator name (reference data README, "How to combine").
// Made on first use, not at start-up (issue 26).
var gcpMachineAccel = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"a2-highgpu": "A100", "a2-megagpu": "A100", "a2-ultragpu": "A100-80GB",
		"a3-highgpu": "H100", "a3-edgegpu": "H100", "a3-megagpu": "H100-MEGA",
		"a3-ultragpu": "H200", "a4-highgpu": "B200",
	}
}}

// gcpG2Count is the number of L4 GPUs of each g2-standard machine type, from
// GCP's machine-type docs as quoted in the reference data README (the
// SkyPilot catalog does not carry it).
// Made on first use, not at start-up (issue 26).
var gcpG2Count = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{
		"g2-standard-4": 1, "g2-standard-8": 1, "g2-standard-12": 1, "g2-standard-16": 1,
		"g2-standard-32": 1, "g2-standard-24": 2, "g2-standard-48": 4, "g2-standard-96": 8,
	}
}}

// gcpHostAccel returns the accelerator and count a GCP machine type comes
// with, or ok=false for a machine type that takes attached GPUs (n1) or
// none.
func gcpHostAccel(machine string) (accel string, count int, ok bool) {
	if m := gcpMachineRe.Get().FindStringSubmatch(machine); m != nil {
		n, _ := strconv.Atoi(m[2])
		return gcpMachineAccel.Get()[m[1]], n, true
	}
	if n, ok := gcpG2Count.Get()[machine]; ok {
		return "L4", n, true
	}
	return "", 0, false
}

// gcpN1HostCPUs is the vCPU count SkyPilot asks of the N1 host it attaches
// GPUs to (sky/catalog/gcp_catalog.py, _NUM_ACC_TO_NUM_CPU; K80 and P4 use
// its DEFAULT row); the host must also have at least 4 GiB of memory per
// vCPU (_DEFAULT_GPU_MEMORY_CPU_RATIO), and the cheapest such N1 machine in
// the zone is used, as `sky show-gpus` does.
// Made on first use, not at start-up (issue 26).
var gcpN1HostCPUs = lazy.Value[map[string]map[int]float64]{New: func() map[string]map[int]float64 {
	return map[string]map[int]float64{
		"T4":      {1: 4, 2: 8, 4: 48},
		"V100":    {1: 8, 2: 16, 4: 32, 8: 64},
		"P100":    {1: 8, 2: 16, 4: 32, 8: 64},
		"K80":     {1: 4, 2: 8, 4: 16, 8: 32, 16: 64},
		"DEFAULT": {1: 8, 2: 16, 4: 32, 8: 64, 16: 128},
	}
}}

// combineGCP prices GCP GPU VMs. SkyPilot's GCP catalog has accelerator rows
// (no instance type; the price of the GPUs alone) and host machine rows (no
// accelerator). A VM costs host + accelerator in the same zone, for both
// on-demand and spot. A-series and G2 machines come with their GPUs; T4,
// V100, P100 and P4 attach to an N1 host chosen as SkyPilot does. An
// accelerator row with no host row in its zone is not launchable and is
// dropped. The a4 host rows have price 0.0: the accelerator row is then
// the whole price.
func combineGCP(rows []SkyRow) (items []skyItem, report []string) {
	type zoneKey struct{ zone, machine string }
	hosts := map[zoneKey]SkyRow{}
	byZone := map[string][]SkyRow{}
	var accels []SkyRow
	var tpu int
	for _, r := range rows {
		switch {
		case isOutOfScope(r.Accelerator):
			tpu++
		case r.Accelerator == "" && r.InstanceType != "":
			zone := r.Zone
			if zone == "" {
				zone = r.Region
			}
			hosts[zoneKey{zone, r.InstanceType}] = r
			byZone[zone] = append(byZone[zone], r)
		case r.Accelerator != "" && r.InstanceType == "":
			accels = append(accels, r)
		case r.Accelerator != "":
			// A row with both (not in SkyPilot's GCP catalog): take it as is.
			it := skyItem{Line: r.Line, InstanceType: r.InstanceType, Accel: r.Accelerator, Count: int(r.Count),
				VCPUs: r.VCPUs, MemoryGiB: r.MemoryGiB, Region: r.Region, Zone: r.Zone}
			it.MemGiB, _ = perGPUMemGiB("gcp", r)
			it.Price, it.Spot, it.Notes = cleanPrices("gcp", r)
			items = append(items, it)
		}
	}
	// Host machine types by the accelerator they come with.
	fixed := map[string][]string{} // "A100/8" -> machine types
	seenMachine := map[string]bool{}
	for k := range hosts {
		if seenMachine[k.machine] {
			continue
		}
		seenMachine[k.machine] = true
		if acc, n, ok := gcpHostAccel(k.machine); ok {
			key := acc + "/" + strconv.Itoa(n)
			fixed[key] = append(fixed[key], k.machine)
		}
	}
	for k := range fixed {
		sort.Strings(fixed[k])
	}
	var dropped []string
	var a4 bool
	for _, a := range accels {
		zone := a.Zone
		if zone == "" {
			zone = a.Region
		}
		count := int(a.Count)
		var machines []string
		if ms, ok := fixed[a.Accelerator+"/"+strconv.Itoa(count)]; ok {
			machines = ms
		} else if m := gcpN1Host(a.Accelerator, count, byZone[zone]); m != "" {
			machines = []string{m}
		}
		joined := false
		for _, m := range machines {
			h, ok := hosts[zoneKey{zone, m}]
			if !ok {
				continue
			}
			joined = true
			it := skyItem{
				Line: a.Line, InstanceType: m, Accel: a.Accelerator, Count: count,
				VCPUs: h.VCPUs, MemoryGiB: h.MemoryGiB, Region: a.Region, Zone: a.Zone,
			}
			if _, _, attached := gcpHostAccel(m); !attached {
				it.InstanceType = fmt.Sprintf("%s+%dx%s", m, count, a.Accelerator)
				it.Notes = append(it.Notes, fmt.Sprintf("%s attached to an %s host, the host SkyPilot picks for %d x %s (%.0f vCPUs, at least 4 GiB per vCPU)", a.Accelerator, m, count, a.Accelerator, gcpN1CPUs(a.Accelerator, count)))
			}
			it.MemGiB, _ = perGPUMemGiB("gcp", a)
			it.Price, it.Spot = gcpCombine(h, a)
			if h.HasPrice && h.Price == 0 && a.Price > 0 {
				a4 = true
				it.Notes = append(it.Notes, "the host row's price is 0.0 in the source: the accelerator price is the whole price")
			}
			if it.Price == 0 {
				it.Notes = append(it.Notes, "no on-demand price in the source (unknown)")
			}
			items = append(items, it)
		}
		if !joined {
			dropped = append(dropped, fmt.Sprintf("%s x%d in %s", a.Accelerator, count, zone))
		}
	}
	if tpu > 0 {
		report = append(report, fmt.Sprintf("%d TPU rows left out", tpu))
	}
	if len(dropped) > 0 {
		sort.Strings(dropped)
		report = append(report, fmt.Sprintf("%d accelerator rows dropped: no host machine row in their zone, so not launchable (%s)", len(dropped), strings.Join(firstN(dropped, 6), "; ")))
	}
	if a4 {
		report = append(report, "a4 host rows priced 0.0: the B200 accelerator row is the whole price")
	}
	return items, report
}

// firstN returns at most n items, with "…" when cut.
func firstN(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	return append(append([]string(nil), s[:n]...), "…")
}

// gcpCombine adds host and accelerator prices: on-demand when both are
// known, spot when both have a spot price. 0 means unknown / none.
func gcpCombine(h, a SkyRow) (price, spot float64) {
	if h.HasPrice && a.HasPrice && a.Price > 0 {
		price = roundPrice(h.Price + a.Price)
	}
	if h.HasSpot && a.HasSpot && a.Spot > 0 {
		spot = roundPrice(h.Spot + a.Spot)
	}
	return price, spot
}

// roundPrice removes float noise from a sum of prices (5 decimals, as in
// SkyPilot's GCP catalog).
func roundPrice(v float64) float64 { return math.Round(v*1e5) / 1e5 }

// gcpN1CPUs is the vCPU count SkyPilot wants of the N1 host of count GPUs.
func gcpN1CPUs(accel string, count int) float64 {
	t, ok := gcpN1HostCPUs.Get()[accel]
	if !ok {
		t = gcpN1HostCPUs.Get()["DEFAULT"]
	}
	return t[count]
}

// gcpN1Host picks the N1 host for count attached GPUs in one zone: the
// cheapest n1 machine with at least SkyPilot's vCPU count and 4 GiB per
// vCPU; "" when there is none.
func gcpN1Host(accel string, count int, zoneHosts []SkyRow) string {
	cpus := gcpN1CPUs(accel, count)
	if cpus == 0 {
		return ""
	}
	best, bestPrice := "", math.Inf(1)
	for _, h := range zoneHosts {
		if !strings.HasPrefix(h.InstanceType, "n1-") || !h.HasPrice || h.Price <= 0 {
			continue
		}
		if h.VCPUs < cpus || h.MemoryGiB < 4*cpus {
			continue
		}
		if h.Price < bestPrice || h.Price == bestPrice && h.InstanceType < best {
			best, bestPrice = h.InstanceType, h.Price
		}
	}
	return best
}

// cleanStrings applies text.Safe, in place, to every string reachable from
// v (a pointer): exported struct fields, slices, arrays, pointers and maps
// (keys and values). It cleans a decoded overlay, cached catalog or
// record at the edge where it enters gpupick.
func cleanStrings(v any) { cleanValue(reflect.ValueOf(v)) }

// cleanValue is cleanStrings on a reflect.Value.
func cleanValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			cleanValue(v.Elem())
		}
	case reflect.String:
		if s := text.Safe(v.String()); s != v.String() && v.CanSet() {
			v.SetString(s)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				cleanValue(f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			cleanValue(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		type entry struct{ oldKey, key, val reflect.Value }
		var entries []entry
		for it := v.MapRange(); it.Next(); {
			k := reflect.New(it.Key().Type()).Elem()
			k.Set(it.Key())
			cleanValue(k)
			val := reflect.New(it.Value().Type()).Elem()
			val.Set(it.Value())
			cleanValue(val)
			entries = append(entries, entry{it.Key(), k, val})
		}
		for _, e := range entries {
			if !e.key.Equal(e.oldKey) {
				v.SetMapIndex(e.oldKey, reflect.Value{})
			}
			v.SetMapIndex(e.key, e.val)
		}
	}
}
