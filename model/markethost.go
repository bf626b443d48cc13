package model

import (
	"fmt"
	"math"
	"strings"
)

// MarketHost is what a marketplace lists about the host of one offer
// (Vast.ai's bundles search): the ids, the host's record and its
// machine's network, disk and storage price. The facts are kept as typed
// values, one small struct an offer, and put into words only when shown
// (HostTexts, the one formatter of catalog show, the JSON, the wizard
// and the notes): as text each offer's were a string of its own (issue
// 24). It is shared by copies of an Offer: never written once set.
//
// A live catalog holds one for each of 100k offers, so it is kept small
// (56 bytes): 32-bit ids (MaxHostID bounds them), float32 measurements
// (7 significant digits; they are shown with at most 4: a reliability of
// 99.6%, 36.5 days, 911 Mb/s, 512 GB, $0.15/GB/month) and a one-byte
// verification.
type MarketHost struct {
	// ListedAs is the GPU's name as the marketplace lists it ("RTX
	// 4090"), before it is matched to the GPU table.
	ListedAs string `json:"listed_as" toml:"listed_as"`
	// OfferID is the marketplace's id of the offer (Vast's id); HostID
	// the host's (host_id) and MachineID the host's machine's
	// (machine_id), each 1 to MaxHostID. An offer with a MarketHost has an
	// OfferID above 0.
	OfferID   uint32 `json:"offer_id" toml:"offer_id"`
	HostID    uint32 `json:"host_id" toml:"host_id"`
	MachineID uint32 `json:"machine_id" toml:"machine_id"`
	// Reliability is the host's reliability score as the marketplace
	// computes it from its record, 0 to 1 (Vast's reliability2).
	Reliability float32 `json:"reliability" toml:"reliability"`
	// MaxRentalDays is the longest rental the host allows, in days
	// (Vast's duration, in seconds, / 86400).
	MaxRentalDays float32 `json:"max_rental_days" toml:"max_rental_days"`
	// InetDownMbps and InetUpMbps are the host's internet speeds in Mb/s,
	// as the marketplace measured them (inet_down, inet_up).
	InetDownMbps float32 `json:"inet_down_mbps" toml:"inet_down_mbps"`
	InetUpMbps   float32 `json:"inet_up_mbps" toml:"inet_up_mbps"`
	// DiskGB is the host disk the offer may allocate, in GB (disk_space).
	DiskGB float32 `json:"disk_gb" toml:"disk_gb"`
	// StorageUSDPerGBMonth is the price of the allocated disk in USD per
	// GB-month, billed on top of the hourly price, also while the
	// instance is stopped (storage_cost).
	StorageUSDPerGBMonth float32 `json:"storage_usd_per_gb_month" toml:"storage_usd_per_gb_month"`
	// Verification is the marketplace's check of the machine.
	Verification HostVerification `json:"verification" toml:"verification"`
	// Datacenter is Yes for a host in a datacenter (Vast's hosting_type
	// 1 or more), No for a consumer-hosted one.
	Datacenter Tri `json:"datacenter" toml:"datacenter"`
}

// MaxHostID is the largest marketplace id a MarketHost keeps (the
// validator's and the readers' bound: 2^32-1; Vast's offer ids are near
// 3e7, its host and machine ids near 1e5).
const MaxHostID = math.MaxUint32

// HostVerification is a marketplace's verification status of a host's
// machine: one of the states Vast's CLI names, read strictly
// (ParseHostVerification); the zero value is no state.
type HostVerification uint8

// The verification states Vast's CLI names (vast.py: verified,
// unverified, deverified: a machine that lost its verification).
const (
	HostVerified HostVerification = iota + 1
	HostUnverified
	HostDeverified
)

// hostVerificationWords are the states as the marketplace words them,
// by value.
var hostVerificationWords = [...]string{HostVerified: "verified", HostUnverified: "unverified", HostDeverified: "deverified"}

// String is the state as the marketplace words it ("verified"), "" for
// none.
func (v HostVerification) String() string {
	if int(v) < len(hostVerificationWords) {
		return hostVerificationWords[v]
	}
	return fmt.Sprintf("HostVerification(%d)", uint8(v))
}

// ParseHostVerification reads a state as the marketplace words it; any
// other word is an error naming the three.
func ParseHostVerification(s string) (HostVerification, error) {
	for v, w := range hostVerificationWords {
		if w != "" && w == s {
			return HostVerification(v), nil
		}
	}
	return 0, fmt.Errorf("verification %q: want %s, %s or %s", s, HostVerified, HostUnverified, HostDeverified)
}

// Name is the state's name in English and Chinese (the state's word
// for a value that is none of them).
func (v HostVerification) Name() Name {
	if n, ok := lookup(hostVerificationNames, v); ok {
		return n
	}
	return Name{v.String(), v.String()}
}

// MarshalText writes the state as the marketplace words it.
func (v HostVerification) MarshalText() ([]byte, error) {
	if v == 0 || int(v) >= len(hostVerificationWords) {
		return nil, fmt.Errorf("no verification state %d", uint8(v))
	}
	return []byte(v.String()), nil
}

// UnmarshalText reads the state strictly (ParseHostVerification).
func (v *HostVerification) UnmarshalText(b []byte) (err error) {
	*v, err = ParseHostVerification(string(b))
	return err
}

// HostFactsLimit bounds a MarketHost's numbers (the validator's ranges:
// each is a plausible upper end, well above any listed value).
var HostFactsLimit = struct{ Mbps, DiskGB, StoragePerGBMonth, RentalDays float64 }{
	Mbps: 1e7, DiskGB: 1e9, StoragePerGBMonth: 1e4, RentalDays: 1e11 / 86400,
}

// Check reports the first fact of h out of its range, naming its column
// of offers.tsv:
// ids of 1 to MaxHostID, a reliability of 0 to 1, the rest finite, not
// negative and within HostFactsLimit, the verification one of the states.
func (h *MarketHost) Check() error {
	for _, f := range []struct {
		name string
		v    uint32
	}{{"host_offer_id", h.OfferID}, {"host_id", h.HostID}, {"host_machine_id", h.MachineID}} {
		if f.v == 0 {
			return fmt.Errorf("%s %d: want an id from 1 to %d", f.name, f.v, uint32(MaxHostID))
		}
	}
	for _, f := range []struct {
		name string
		v    float32
		max  float64
	}{
		{"host_reliability", h.Reliability, 1},
		{"host_max_rental_days", h.MaxRentalDays, HostFactsLimit.RentalDays},
		{"host_inet_down_mbps", h.InetDownMbps, HostFactsLimit.Mbps},
		{"host_inet_up_mbps", h.InetUpMbps, HostFactsLimit.Mbps},
		{"host_disk_gb", h.DiskGB, HostFactsLimit.DiskGB},
		{"host_storage_usd_gb_month", h.StorageUSDPerGBMonth, HostFactsLimit.StoragePerGBMonth},
	} {
		if v := float64(f.v); math.IsNaN(v) || v < 0 || v > f.max {
			return fmt.Errorf("%s %v: want 0 to %v", f.name, f.v, f.max)
		}
	}
	if h.Verification == 0 || int(h.Verification) >= len(hostVerificationWords) {
		return fmt.Errorf("host_verification %d: want %s, %s or %s", uint8(h.Verification), HostVerified, HostUnverified, HostDeverified)
	}
	return nil
}

// HostTexts are a marketplace host's facts in words: the one formatter
// of every place that shows them. Each is "" for an offer with no host.
type HostTexts struct {
	// Network is the host's internet ("internet 800 Mb/s down, 500 Mb/s
	// up (the host's, measured by Vast)").
	Network string
	// Disk is the disk the offer may allocate.
	Disk string
	// Storage is the price of that disk, billed on top.
	Storage string
	// Notes are the ids, listed name, reliability, verification, hosting,
	// max rental and, with a min bid, how interruptible rent works.
	Notes string
}

// Texts puts h's facts into words, in Chinese when zh; minBid is the
// offer's min bid per hour (Offer.Spot), 0 for none.
func (h *MarketHost) Texts(minBid float64, zh bool) HostTexts {
	if h == nil {
		return HostTexts{}
	}
	w := hostWords[0]
	if zh {
		w = hostWords[1]
	}
	hosting := w.consumer
	if h.Datacenter == Yes {
		hosting = w.datacenter
	} else if h.Datacenter == Unknown {
		hosting = w.hostingUnknown
	}
	notes := []string{
		fmt.Sprintf(w.ids, h.OfferID, h.HostID, h.MachineID),
		fmt.Sprintf(w.listedAs, h.ListedAs),
		fmt.Sprintf(w.reliability, h.Reliability*100),
		h.Verification.Name().In(zh),
		hosting,
		fmt.Sprintf(w.maxRental, h.MaxRentalDays),
	}
	if minBid > 0 {
		notes = append(notes, fmt.Sprintf(w.minBid, minBid))
	}
	return HostTexts{
		Network: fmt.Sprintf(w.network, h.InetDownMbps, h.InetUpMbps),
		Disk:    fmt.Sprintf(w.disk, h.DiskGB),
		Storage: fmt.Sprintf(w.storage, h.StorageUSDPerGBMonth),
		Notes:   strings.Join(notes, w.sep),
	}
}

// Joined is every text of t in one line, in the language they were put
// in (zh: Chinese separators): the wizard's line on a host.
func (t HostTexts) Joined(zh bool) string {
	sep := hostWords[0].sep
	if zh {
		sep = hostWords[1].sep
	}
	var parts []string
	for _, s := range []string{t.Notes, t.Network, t.Disk, t.Storage} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, sep)
}

// hostJoin joins a host's text and the offer's own text of the same
// fact ("; " between), either of which may be empty.
func hostJoin(host, own string) string {
	switch {
	case host == "":
		return own
	case own == "":
		return host
	}
	return host + "; " + own
}

// hostTrim is own without the host's text hostJoin put before it: what
// an offer read back from its flat fields (JSON, TOML) keeps of its own.
func hostTrim(joined, host string) string {
	if host == "" {
		return joined
	}
	if joined == host {
		return ""
	}
	return strings.TrimPrefix(joined, host+"; ")
}

// NetworkText is the offer's inter-node network in words: its host's
// internet (a marketplace offer) and the stated InterNodeNetwork.
func (o *Offer) NetworkText(zh bool) string {
	return hostJoin(o.Host.Texts(o.Spot, zh).Network, o.InterNodeNetwork)
}

// LocalDiskText is the offer's local disk in words: its host's disk and
// the detail's LocalNVMe.
func (o *Offer) LocalDiskText(zh bool) string {
	return hostJoin(o.Host.Texts(o.Spot, zh).Disk, o.Detail().LocalNVMe)
}

// PriceNoteText is the offer's price caveats in words: its host's
// storage price and the detail's PriceNote.
func (o *Offer) PriceNoteText(zh bool) string {
	return hostJoin(o.Host.Texts(o.Spot, zh).Storage, o.Detail().PriceNote)
}

// NotesText is the offer's notes in words: its host's facts and Notes.
func (o *Offer) NotesText(zh bool) string {
	return hostJoin(o.Host.Texts(o.Spot, zh).Notes, o.Notes)
}
