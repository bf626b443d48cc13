package data

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

func TestTSVEscapeRoundTrip(t *testing.T) {
	for _, s := range []string{"", "plain", "tab\there", "new\nline", `back\slash`, "pipe|in|text", "\r\n\t\\|", "阿里云 ¥8"} {
		got, err := tsvUnescape(tsvEscape(s, false))
		if err != nil || got != s {
			t.Errorf("field %q -> %q (%v)", s, got, err)
		}
		if strings.ContainsAny(tsvEscape(s, true), "\t\n\r") {
			t.Errorf("escaped %q still holds a tab or newline", s)
		}
	}
	lists := [][]string{{}, {"a"}, {"a", "b"}, {"x|y", `z\`, ""}, {"Denmark, DK, EU", ", CA, NA"}}
	for _, l := range lists {
		got, err := tsvSplitList(tsvList(l))
		if err != nil {
			t.Fatal(err)
		}
		if len(l) == 1 && l[0] == "" {
			continue
		}
		if !reflect.DeepEqual(got, l) && !(len(l) == 0 && len(got) == 0) {
			t.Errorf("list %q -> %q", l, got)
		}
	}
	for _, bad := range []string{`ends\`, `\q`} {
		if _, err := tsvUnescape(bad); err == nil {
			t.Errorf("tsvUnescape(%q) accepted", bad)
		}
	}
}

func TestCatalogEncodeDecodeRoundTrip(t *testing.T) {
	cat := embeddedCatalog(t)
	files, err := encodeCatalog(cat, CleaningReport())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if want := embeddedFiles()[name]; text != want {
			t.Errorf("%s: re-encoding the embedded catalog changes it", name)
		}
	}
	back, _, err := decodeCatalog("round trip", files)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Offers, cat.Offers) || !reflect.DeepEqual(back.GPUs, cat.GPUs) {
		t.Error("decoded offers or GPUs differ after a round trip")
	}
}

// A models.tsv written before the checkpoint_precision column decodes:
// its presets have no recorded checkpoint format (16 bits assumed).
func TestModelsWithoutCheckpointPrecision(t *testing.T) {
	files := catalogFiles{}
	for k, v := range embeddedFiles() {
		files[k] = v
	}
	lines := strings.Split(strings.TrimSuffix(files[fileModels], "\n"), "\n")
	col := slices.Index(strings.Split(lines[0], "\t"), "checkpoint_precision")
	if col < 0 {
		t.Fatal("models.tsv has no checkpoint_precision column")
	}
	for i, l := range lines {
		f := strings.Split(l, "\t")
		lines[i] = strings.Join(slices.Delete(f, col, col+1), "\t")
	}
	files[fileModels] = strings.Join(lines, "\n") + "\n"
	cat, _, err := decodeCatalog("old", files)
	if err != nil {
		t.Fatal(err)
	}
	p, err := model.FindPreset(cat.Models, "deepseek-v3")
	if err != nil || p.CheckpointPrecision != "" || p.ParamsB != 671 {
		t.Errorf("deepseek-v3 from a models.tsv without the column: %+v, %v", p, err)
	}
}

func TestDecodeErrorsNameFileLineColumn(t *testing.T) {
	good := embeddedFiles()
	tests := []struct {
		name, file, text, want string
	}{
		{"unknown column", fileOffers, "provider\tcolour\n", `offers.tsv: line 1: unknown column "colour"`},
		{"missing column", fileFX, "from\tto\n", `fx.tsv: line 1: column "rate" is missing`},
		{"bad number", fileFX, "from\tto\trate\tdate\tsource\nUSD\tCNY\tseven\t2025-02\tx\n", `fx.tsv: line 2: column rate: "seven" is not a number`},
		{"too few fields", fileFX, "from\tto\trate\tdate\tsource\nUSD\tCNY\n", "fx.tsv: line 2: 2 fields, want 5"},
		{"bad source id", fileOffers, badSourceRow(good[fileOffers]), `offers.tsv: line 2: column sources: source id "99999" is not in sources.tsv`},
		{"schema", fileInfo, "key\tvalue\nschema\t9\n", `catalog schema "9"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := catalogFiles{}
			for k, v := range good {
				files[k] = v
			}
			files[tc.file] = tc.text
			_, _, err := decodeCatalog("cat", files)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestValidateRejects(t *testing.T) {
	tests := []struct {
		name   string
		change func(c *model.Catalog)
		want   string
	}{
		{"duplicate offer", func(c *model.Catalog) { c.Offers = append(c.Offers, c.Offers[0]) }, "appears twice"},
		{"negative price", func(c *model.Catalog) { c.Offers[0].OnDemand = -1 }, "on_demand_hourly -1"},
		{"max below min", func(c *model.Catalog) { c.Offers[0].OnDemand, c.Offers[0].EditDetail().OnDemandMax = 5, 4 }, "below on_demand_hourly"},
		{"unknown GPU", func(c *model.Catalog) { c.Offers[0].GPU = "Z9000" }, `"Z9000" is not in the GPU table`},
		{"bad interconnect", func(c *model.Catalog) { c.Offers[0].Interconnect = "ib" }, `interconnect "ib"`},
		{"NVLink on an L40S", func(c *model.Catalog) {
			c.Offers[0].GPU, c.Offers[0].GPUCount, c.Offers[0].Interconnect = "L40S", 4, model.InterconnectNVLink
		}, "has no NVLink"},
		{"CNY without a rate", func(c *model.Catalog) { c.FX = nil; c.Offers[0].Currency = model.CNY }, "no USD/CNY rate"},
		{"no source", func(c *model.Catalog) { c.Offers[0].Sources = nil }, "no source"},
		{"discount of 100%", func(c *model.Catalog) { p := c.Policies["aws"]; p.CommitMax.Fraction = 1; c.Policies["aws"] = p }, "commit_max fraction 1"},
		{"bad rate date", func(c *model.Catalog) { c.FX[0].Date = "Feb 2025" }, `date "Feb 2025"`},
		{"checkpoint precision auto", func(c *model.Catalog) { c.Models[0].CheckpointPrecision = "auto" }, `checkpoint_precision "auto": want one of fp32`},
		{"host facts off a marketplace", func(c *model.Catalog) { h := testHost(); c.Offers[0].Host, c.Offers[0].Marketplace = &h, false }, "not marked marketplace"},
		{"host reliability NaN", func(c *model.Catalog) {
			h := testHost()
			h.Reliability = float32(math.NaN())
			c.Offers[0].Host, c.Offers[0].Marketplace = &h, true
		}, "host_reliability NaN: want 0 to 1"},
		{"host with no offer id", func(c *model.Catalog) {
			h := testHost()
			h.OfferID = 0
			c.Offers[0].Host, c.Offers[0].Marketplace = &h, true
		}, "host_offer_id 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cat := embeddedCatalog(t)
			tc.change(cat)
			err := Validate(cat)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate error %v, want %q", err, tc.want)
			}
		})
	}
}

// badSourceRow is an offers.tsv with one empty offer citing source 99999.
func badSourceRow(offers string) string {
	header := strings.SplitN(offers, "\n", 2)[0]
	cols := strings.Split(header, "\t")
	row := make([]string, len(cols))
	for i, c := range cols {
		if c == "sources" {
			row[i] = "99999"
		}
	}
	return header + "\n" + strings.Join(row, "\t") + "\n"
}

// EncodeFiles writes the embedded catalog as its committed files (info.tsv
// without the cleaning report, which is the generator's), and
// ReadFolder reads a folder of them back to the same offers, GPUs,
// presets, rates and policies.
func TestEncodeFilesReadFolderRoundTrip(t *testing.T) {
	cat := embeddedCatalog(t)
	files, err := EncodeFiles(cat)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range files {
		if want, ok := embeddedFiles()[name]; ok && name != fileInfo && string(b) != want {
			t.Errorf("%s: EncodeFiles of the embedded catalog differs from the committed file", name)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	back, err := ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Offers, cat.Offers) || !reflect.DeepEqual(back.GPUs, cat.GPUs) ||
		!reflect.DeepEqual(back.Models, cat.Models) || !reflect.DeepEqual(back.FX, cat.FX) || !reflect.DeepEqual(back.Policies, cat.Policies) {
		t.Error("ReadFolder of the encoded files differs from the catalog")
	}
	if err := os.Remove(filepath.Join(dir, fileOffers)); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFolder(dir); err == nil || !strings.Contains(err.Error(), fileOffers) {
		t.Errorf("a folder without offers.tsv: error %v, want one naming the file", err)
	}
}

// testHost is a Vast host's facts, every one in range.
func testHost() model.MarketHost {
	return model.MarketHost{OfferID: 21348645, HostID: 98979, MachineID: 37228, ListedAs: "RTX 4090", Verification: model.HostVerified,
		Reliability: 0.9964528, MaxRentalDays: 36.45, InetDownMbps: 910.7, InetUpMbps: 850.2, DiskGB: 512.5,
		StorageUSDPerGBMonth: 0.15, Datacenter: model.Yes}
}

// TestHostColumnsRoundTrip: a marketplace host's facts are written as
// the host columns' numbers and read back equal, with the offer's own
// notes apart from them; a host field that is no number or id is refused
// naming its column.
func TestHostColumnsRoundTrip(t *testing.T) {
	cat := embeddedCatalog(t)
	h := testHost()
	o := &cat.Offers[0]
	o.Host, o.Marketplace, o.Notes = &h, true, "own note"
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(files[fileOffers], "reliability 99.6%") || !strings.Contains(files[fileOffers], "\t0.9964528\t") {
		t.Errorf("offers.tsv holds the host's words, or not its reliability as a number")
	}
	back, _, err := decodeCatalog("cat", files)
	if err != nil {
		t.Fatal(err)
	}
	got := offerByKey(t, back, o.Key())
	if got.Host == nil || *got.Host != h || got.Notes != "own note" {
		t.Errorf("read back host %+v notes %q, want %+v and the own note", got.Host, got.Notes, h)
	}
	for i := range back.Offers {
		if b := &back.Offers[i]; b.Key() != o.Key() && b.Host != nil {
			t.Fatalf("%s read with a host", b.Key())
		}
	}
	for col, bad := range map[string]string{"host_reliability": "NaN", "host_offer_id": "1e3", "host_inet_down_mbps": "-5",
		"host_id": "4294967296", "host_machine_id": "-1", "host_verification": "pending", "host_disk_gb": "1e39"} {
		lines := strings.Split(files[fileOffers], "\n")
		header := strings.Split(lines[0], "\t")
		row := strings.Split(lines[1], "\t")
		for i, c := range header {
			if c == col {
				row[i] = bad
			}
		}
		f := catalogFiles{}
		for k, v := range files {
			f[k] = v
		}
		f[fileOffers] = lines[0] + "\n" + strings.Join(row, "\t") + "\n"
		if _, _, err := decodeCatalog("cat", f); err == nil || !strings.Contains(err.Error(), "column "+col) {
			t.Errorf("%s %q: error %v, want it to name the column", col, bad, err)
		}
	}
}

// TestNum32RoundTrip: a 32-bit measurement is written in the fewest
// digits that read back to the same float32 (0.15 as "0.15"), at the
// ends of its range and over random bit patterns; numbers past float32's
// range, NaN and negatives are refused.
func TestNum32RoundTrip(t *testing.T) {
	vals := []float32{0.15, 0.9964528, 36.45, 1e7, 1e9, math.MaxFloat32, math.SmallestNonzeroFloat32, 1157407.4}
	rng := rand.New(rand.NewPCG(5, 7))
	for len(vals) < 20000 {
		v := math.Float32frombits(rng.Uint32() &^ (1 << 31))
		if !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) {
			vals = append(vals, v)
		}
	}
	for _, v := range vals {
		s := fmtNum32(v)
		back, err := decNum32(s)
		if err != nil || back != v {
			t.Fatalf("%v written %q read back %v (%v)", v, s, back, err)
		}
	}
	if s := fmtNum32(0.15); s != "0.15" {
		t.Errorf("0.15 written %q", s)
	}
	for _, bad := range []string{"NaN", "Inf", "-1", "1e39", "x"} {
		if _, err := decNum32(bad); err == nil {
			t.Errorf("%q read as a number", bad)
		}
	}
}

// TestPlainDecimal32MatchesParseFloat: the fast path reads each plain
// decimal it takes as strconv.ParseFloat(s, 32) does, over whole numbers
// up to 2^24 with 0 to 10 digits after the point; it leaves the other
// forms to ParseFloat.
func TestPlainDecimal32MatchesParseFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for range 200000 {
		m := rng.Uint32N(1 << 24)
		k := rng.IntN(11)
		s := strconv.FormatUint(uint64(m), 10)
		if k > 0 {
			s = strings.Repeat("0", max(0, k+1-len(s))) + s
			s = s[:len(s)-k] + "." + s[len(s)-k:]
		}
		got, ok := plainDecimal32(s)
		want, err := strconv.ParseFloat(s, 32)
		if !ok || err != nil || got != float32(want) {
			t.Fatalf("%q: %v %v, ParseFloat %v %v", s, got, ok, float32(want), err)
		}
	}
	for _, s := range []string{"", ".", "16777216", "1e3", "-1", "0.12345678901", "1.2.3", "NaN", "+1"} {
		if _, ok := plainDecimal32(s); ok {
			t.Errorf("%q taken by the fast path", s)
		}
	}
}

// FuzzDecNum32: any field reads without a panic; a field read is a
// finite number not below 0, equal to ParseFloat(s, 32)'s reading.
func FuzzDecNum32(f *testing.F) {
	for _, s := range []string{"0.15", "911", "0.9964528", "1e39", "16777217", ".5", "1.", "NaN", "-0", "3.4028235e38"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := decNum32(s)
		if err != nil {
			return
		}
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) || v < 0 {
			t.Fatalf("%q read as %v", s, v)
		}
		if s == "" {
			return
		}
		if want, perr := strconv.ParseFloat(s, 32); perr != nil || float32(want) != v {
			t.Fatalf("%q read as %v, ParseFloat %v %v", s, v, float32(want), perr)
		}
	})
}
