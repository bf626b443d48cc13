package verify

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// nvmeKind is what an offer's local-disk text promises.
type nvmeKind uint8

// The kinds of local-disk promise.
const (
	nvmeUnknown  nvmeKind = iota // the catalog says nothing
	nvmeUnlisted                 // it names a local disk but not NVMe (a temp disk, a host disk)
	nvmeNone                     // network disks only
	nvmeOptional                 // local disks can be added, not part of the offer
	nvmeYes                      // local NVMe comes with the offer
)

// nvmePromise is the local NVMe an offer promises: disks and bytes are
// lower bounds (0 when the catalog does not list them).
type nvmePromise struct {
	kind  nvmeKind
	disks int
	bytes float64
}

var (
	// nvmeCountSize is "8 x 3800 GB", "16x3.84 TB", "1-4 x 960 GiB" (the
	// lower count of a range).
	nvmeCountSize = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`(\d+)(?:\s*-\s*\d+)?\s*x\s*(\d+(?:\.\d+)?)\s*(gib|gb|tib|tb)\b`)
	}}
	// nvmeSize is "28000 GiB", "7.68 TB", "375 / 750 / 1500 GiB" or
	// "180-2880 GiB" (the first, smallest, figure of a list or range).
	nvmeSize = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`(\d+(?:\.\d+)?)(?:\s*[-/]\s*\d+(?:\.\d+)?)*\s*(gib|gb|tib|tb)\b`)
	}}
	// nvmeDrives is "(8 NVMe drives)", "(2 drives)".
	nvmeDrives = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\((\d+)\s+(?:nvme\s+)?drives\)`) }}
)

// maxDiskBytes bounds a size read from the catalog (an exabyte): a larger
// figure is a typo, read as no size.
const maxDiskBytes = 1e18

// diskUnits are the bytes of the units catalogs give disk sizes in.
// Made on first use, not at start-up (issue 26).
var diskUnits = lazy.Value[map[string]float64]{New: func() map[string]float64 {
	return map[string]float64{"gb": 1e9, "gib": 1 << 30, "tb": 1e12, "tib": 1 << 40}
}}

// parseNVMePromise reads an offer's LocalNVMe text (model.OfferDetail),
// free text in the catalog's words: "8 x 3800 GB ssd (NVMe) (this size, per
// SkyPilot); …", "28000 GiB local storage (8 NVMe drives)", "16x3.84 TB
// NVMe", "bundled Local SSD 6000 GiB; …", "none (EBS only)", "optional
// Local SSD". Only the first clause (up to ";") describes the offer; the
// rest is about the family or persistence. A local disk the text does not
// call NVMe is unlisted, except GCP's bundled Local SSD: GCP attaches the
// Local SSD of the machine types that bundle it over NVMe (public lsblk
// listings show it as disks of model "nvme_card0", "nvme_card1"…, beside
// the boot disk "nvme_card-pd"; GKE's local-SSD settings say "Uses NVMe
// interfaces"). It never fails: a text it cannot read is unknown or
// unlisted, and the check is then skipped.
func parseNVMePromise(s string) nvmePromise {
	low := strings.ToLower(strings.TrimSpace(s))
	if first, _, ok := strings.Cut(low, ";"); ok {
		low = strings.TrimSpace(first)
	}
	switch {
	case low == "":
		return nvmePromise{}
	case strings.HasPrefix(low, "none"):
		return nvmePromise{kind: nvmeNone}
	case strings.Contains(low, "optional"):
		return nvmePromise{kind: nvmeOptional}
	case !strings.Contains(low, "nvme") && !strings.HasPrefix(low, "bundled local ssd"):
		return nvmePromise{kind: nvmeUnlisted}
	}
	p := nvmePromise{kind: nvmeYes}
	if m := nvmeCountSize.Get().FindStringSubmatch(low); m != nil {
		n, err1 := strconv.Atoi(m[1])
		size, err2 := strconv.ParseFloat(m[2], 64)
		if b := float64(n) * size * diskUnits.Get()[m[3]]; err1 == nil && err2 == nil && n > 0 && n < 1<<10 && b <= maxDiskBytes {
			p.disks, p.bytes = n, b
			return p
		}
	}
	if m := nvmeSize.Get().FindStringSubmatch(low); m != nil {
		if size, err := strconv.ParseFloat(m[1], 64); err == nil && size*diskUnits.Get()[m[2]] <= maxDiskBytes {
			p.bytes = size * diskUnits.Get()[m[2]]
		}
	}
	if m := nvmeDrives.Get().FindStringSubmatch(low); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n < 1<<10 {
			p.disks = n
		}
	}
	return p
}
