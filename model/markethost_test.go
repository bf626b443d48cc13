package model

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unsafe"
)

// goodHost is a host whose every fact is in range.
func goodHost() MarketHost {
	return MarketHost{OfferID: 21348645, HostID: 98979, MachineID: 37228, ListedAs: "RTX 4090", Verification: HostVerified,
		Reliability: 0.9964528, MaxRentalDays: 36.45, InetDownMbps: 910.7, InetUpMbps: 850.2, DiskGB: 512.5,
		StorageUSDPerGBMonth: 0.15, Datacenter: No}
}

// TestMarketHostCheck: each fact out of its range (or NaN, or infinite)
// is refused naming its column; a host in range passes.
func TestMarketHostCheck(t *testing.T) {
	if h := goodHost(); h.Check() != nil {
		t.Fatalf("a host in range refused: %v", h.Check())
	}
	tests := []struct {
		column string
		set    func(h *MarketHost)
	}{
		{"host_offer_id", func(h *MarketHost) { h.OfferID = 0 }},
		{"host_id", func(h *MarketHost) { h.HostID = 0 }},
		{"host_machine_id", func(h *MarketHost) { h.MachineID = 0 }},
		{"host_reliability", func(h *MarketHost) { h.Reliability = 1.01 }},
		{"host_reliability", func(h *MarketHost) { h.Reliability = float32(math.NaN()) }},
		{"host_reliability", func(h *MarketHost) { h.Reliability = -0.1 }},
		{"host_max_rental_days", func(h *MarketHost) { h.MaxRentalDays = float32(math.Inf(1)) }},
		{"host_inet_down_mbps", func(h *MarketHost) { h.InetDownMbps = float32(math.NaN()) }},
		{"host_inet_up_mbps", func(h *MarketHost) { h.InetUpMbps = 2e7 }},
		{"host_disk_gb", func(h *MarketHost) { h.DiskGB = -1 }},
		{"host_storage_usd_gb_month", func(h *MarketHost) { h.StorageUSDPerGBMonth = float32(math.NaN()) }},
		{"host_verification", func(h *MarketHost) { h.Verification = 0 }},
	}
	for _, tc := range tests {
		h := goodHost()
		tc.set(&h)
		err := h.Check()
		if err == nil || !strings.HasPrefix(err.Error(), tc.column) {
			t.Errorf("%+v: error %v, want it to name %s", h, err, tc.column)
		}
	}
}

// TestOfferHostTexts: an offer's shown texts put its host's words before
// its own, in the language asked; an offer with no host shows its own.
func TestOfferHostTexts(t *testing.T) {
	h := goodHost()
	o := Offer{Host: &h, Spot: 0.2, Notes: "GPU told apart by its memory", InterNodeNetwork: ""}
	o = o.WithDetail(OfferDetail{PriceNote: "price per host"})
	tests := []struct {
		got  string
		want []string
	}{
		{o.NotesText(false), []string{"Vast offer 21348645, host 98979, machine 37228; listed as RTX 4090; reliability 99.6%; verified; consumer-hosted; max rental 36.5 days; interruptible from the min bid $0.2/h (paused when outbid); GPU told apart by its memory"}},
		{o.NotesText(true), []string{"可靠性 99.6%", "已验证", "个人主机", "最长租期 36.5 天", "最低出价 $0.2/小时", "GPU told apart by its memory"}},
		{o.NetworkText(false), []string{"internet 911 Mb/s down, 850 Mb/s up (the host's, measured by Vast)"}},
		{o.LocalDiskText(false), []string{"512 GB host disk available"}},
		{o.PriceNoteText(false), []string{"storage billed on top: $0.15/GB/month for the disk you allocate, also while stopped; price per host"}},
		{o.PriceNoteText(true), []string{"存储另计：所分配磁盘 $0.15/GB/月", "; price per host"}},
	}
	for _, tc := range tests {
		for _, w := range tc.want {
			if !strings.Contains(tc.got, w) {
				t.Errorf("%q lacks %q", tc.got, w)
			}
		}
	}
	h.Datacenter, h.Verification = Yes, HostDeverified
	if got := o.NotesText(false); !strings.Contains(got, "; datacenter;") || !strings.Contains(got, "deverified") {
		t.Errorf("datacenter, deverified host: %q", got)
	}
	plain := Offer{Notes: "own", InterNodeNetwork: "100 Gbps"}
	if plain.NotesText(true) != "own" || plain.NetworkText(false) != "100 Gbps" || plain.LocalDiskText(false) != "" {
		t.Errorf("an offer with no host: %q %q %q", plain.NotesText(true), plain.NetworkText(false), plain.LocalDiskText(false))
	}
}

// TestHostVerificationStrict: the three states read back from their
// words; any other word, a case or space variant, and the empty word are
// refused naming the three; no state marshals.
func TestHostVerificationStrict(t *testing.T) {
	for _, v := range []HostVerification{HostVerified, HostUnverified, HostDeverified} {
		b, err := v.MarshalText()
		if err != nil {
			t.Fatalf("%d: %v", v, err)
		}
		var back HostVerification
		if err := back.UnmarshalText(b); err != nil || back != v {
			t.Errorf("%q read back as %d (%v), want %d", b, back, err, v)
		}
	}
	for _, w := range []string{"", "Verified", " verified", "pending"} {
		if v, err := ParseHostVerification(w); err == nil || !strings.Contains(err.Error(), "verified, unverified or deverified") {
			t.Errorf("%q: %d, %v; want an error naming the states", w, v, err)
		}
	}
	if _, err := HostVerification(0).MarshalText(); err == nil {
		t.Error("no state marshals")
	}
	if _, err := HostVerification(9).MarshalText(); err == nil {
		t.Error("state 9 marshals")
	}
}

// TestMarketHostJSONRoundTrip: a host's facts come back equal from their
// JSON, the float32 measurements in their own shortest form (0.15 is
// written 0.15, not 0.15000000596), the verification as its word; at the
// largest ids and facts the validator lets through.
func TestMarketHostJSONRoundTrip(t *testing.T) {
	top := goodHost()
	top.OfferID, top.HostID, top.MachineID = MaxHostID, MaxHostID, MaxHostID
	top.MaxRentalDays, top.InetDownMbps = float32(HostFactsLimit.RentalDays), float32(HostFactsLimit.Mbps)
	top.DiskGB, top.StorageUSDPerGBMonth, top.Reliability = float32(HostFactsLimit.DiskGB), float32(HostFactsLimit.StoragePerGBMonth), 1
	for _, h := range []MarketHost{goodHost(), top} {
		if err := h.Check(); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		var back MarketHost
		if err := json.Unmarshal(b, &back); err != nil || back != h {
			t.Errorf("%s read back as %+v (%v)", b, back, err)
		}
		if h == goodHost() && (!strings.Contains(string(b), `"storage_usd_per_gb_month":0.15,`) || !strings.Contains(string(b), `"verification":"verified"`)) {
			t.Errorf("JSON %s: want 0.15 and the word verified", b)
		}
	}
	if err := json.Unmarshal([]byte(`{"verification": "pending"}`), new(MarketHost)); err == nil {
		t.Error("an unknown verification read from JSON")
	}
}

// TestMarketHostSize: a host stays 56 bytes on 64-bit machines (a live
// catalog holds 100k of them; 112 before its fields were narrowed).
func TestMarketHostSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) == 8 && unsafe.Sizeof(MarketHost{}) != 56 {
		t.Errorf("MarketHost is %d bytes, want 56", unsafe.Sizeof(MarketHost{}))
	}
}
