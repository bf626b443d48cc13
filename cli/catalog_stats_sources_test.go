package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

var updateStats = flag.Bool("update-stats", false, "rewrite testdata/stats golden files")

// datesAsOf is the load time of datesCatalog.
var datesAsOf = time.Date(2027, 6, 1, 12, 0, 0, 0, time.UTC)

// datesCatalog is the embedded catalog's tables with five offers: an
// Alibaba type merged from a 2023 price sheet (its monthly price, one
// region) and a 2024 API (hourly prices), one read from the sheet only,
// two live Vast.ai hosts fetched 7 h (stale) and 1 h (fresh) before the
// load, and an undated Azure offer.
func datesCatalog(t *testing.T) *model.Catalog {
	t.Helper()
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sheet := model.Offer{Provider: "alibaba", InstanceType: "ecs.gn7i-c8g1.2xlarge", GPU: "A10", GPUCount: 1, Currency: model.CNY,
		Regions: []string{"cn-beijing", "cn-hangzhou"}, OnDemand: 10, PriceDate: "2023-06-01", Sources: []string{"https://sheet.example/2023"}}.
		WithDetail(model.OfferDetail{Monthly: 4000})
	api := model.Offer{Provider: "alibaba", InstanceType: "ecs.gn7i-c8g1.2xlarge", GPU: "A10", GPUCount: 1, Currency: model.CNY,
		Regions: []string{"cn-beijing"}, OnDemand: 12, Spot: 3, PriceDate: "2024-01-10", Sources: []string{"https://api.example/2024"}}
	only := model.Offer{Provider: "alibaba", InstanceType: "ecs.gn6i-c4g1.xlarge", GPU: "T4", GPUCount: 1, Currency: model.CNY,
		Regions: []string{"cn-hangzhou"}, OnDemand: 8, PriceDate: "2023-06-01", Sources: []string{"https://sheet.example/2023"}}
	host := func(name string, ago time.Duration) model.Offer {
		return model.Offer{Provider: "vast", InstanceType: name, GPU: "RTX 4090", GPUCount: 1, Currency: model.USD, Marketplace: true,
			Regions: []string{"US"}, OnDemand: 0.4, PriceDate: "2027-06-01", Sources: []string{"https://console.vast.ai/api/v0/bundles/"}}.
			WithDetail(model.OfferDetail{FetchedAt: datesAsOf.Add(-ago).Format(time.RFC3339)})
	}
	undated := model.Offer{Provider: "azure", InstanceType: "Standard_NC4as_T4_v3", GPU: "T4", GPUCount: 1, Currency: model.USD,
		Regions: []string{"eastus"}, OnDemand: 0.5, Sources: []string{"https://azure.example/vms.csv"}}.
		WithDetail(model.OfferDetail{PriceDateNote: "old catalog format, date unknown"})
	cat.Offers = data.MergeOffers([]model.Offer{sheet, only}, []model.Offer{api, host("host-1", 7*time.Hour), host("host-2", time.Hour), undated})
	cat.Info.AsOf = datesAsOf
	return cat
}

// checkGolden compares got with testdata/stats/name, rewritten by
// -update-stats.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "stats", name)
	if *updateStats {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cli -run %s -update-stats)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n%s", path, got)
	}
}

// catalog stats names, provider by provider, the sources of the offers'
// prices with their date range, a merged offer under each of its prices'
// sources with that price's date (not the offer's newest), the undated
// and the live offers (stale ones apart), in both languages and in JSON.
func TestStatsSourceDates(t *testing.T) {
	cat := datesCatalog(t)
	r := buildStats(cat)
	want := []sourceStat{
		{Provider: "alibaba", Source: "https://sheet.example/2023", Offers: 2, Oldest: "2023-06-01", Newest: "2023-06-01"},
		{Provider: "alibaba", Source: "https://api.example/2024", Offers: 1, Oldest: "2024-01-10", Newest: "2024-01-10"},
		{Provider: "azure", Source: "https://azure.example/vms.csv", Offers: 1, Undated: 1},
		{Provider: "vast", Source: "https://console.vast.ai/api/v0/bundles/", Offers: 2, Oldest: "2027-06-01", Newest: "2027-06-01", Live: 2, Stale: 1},
	}
	b, _ := json.Marshal(r.Sources)
	w, _ := json.Marshal(want)
	if !bytes.Equal(b, w) {
		t.Errorf("sources\n%s\nwant\n%s", b, w)
	}
	total := 0
	for _, p := range r.Providers {
		total += p.Offers
	}
	if total != len(cat.Offers) {
		t.Errorf("providers count %d offers of %d", total, len(cat.Offers))
	}
	for _, lang := range []string{"en", "zh"} {
		var out bytes.Buffer
		writeSourceStats(&out, r.Sources, lang)
		checkGolden(t, "sources."+lang+".txt", out.Bytes())
		// Too wide for 72 columns: numbered short forms in the rows, the
		// full sources below, the empty live column kept (a live offer).
		out.Reset()
		fw := newFitWriter(&out, 72)
		writeSourceStats(fw, r.Sources, lang)
		if err := fw.Flush(); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "sources."+lang+".72.txt", out.Bytes())
	}
	var js bytes.Buffer
	if err := writeJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Sources []sourceStat `json:"sources"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Sources) != len(want) || back.Sources[3].Stale != 1 {
		t.Errorf("stats JSON sources %+v (%v)", back.Sources, err)
	}
}

// catalog show says when a live offer was fetched, how long ago, whether
// it is stale and how to refresh it, and names each price's source and
// date of a merged offer, in both languages and in JSON.
func TestShowLiveAndPriceOrigins(t *testing.T) {
	cat := datesCatalog(t)
	for _, lang := range []string{"en", "zh"} {
		var out bytes.Buffer
		for _, key := range []string{"alibaba/ecs.gn7i-c8g1.2xlarge", "vast/host-1", "vast/host-2"} {
			for i := range cat.Offers {
				if o := &cat.Offers[i]; o.Key() == key {
					writeShow(&out, cat, o, "", lang)
					out.WriteString("\n")
				}
			}
		}
		checkGolden(t, "show."+lang+".txt", out.Bytes())
		for _, want := range map[string][]string{
			"en": {"2027-06-01T05:00:00Z, 7.0 h ago: STALE", "2027-06-01T11:00:00Z, 1.0 h ago (live prices are current for 6 h)",
				"plan monthly: https://sheet.example/2023 (2023-06-01)"},
			"zh": {"已过 7.0 小时：已过时", "套餐 包月：https://sheet.example/2023（2023-06-01）"},
		}[lang] {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: show lacks %q", lang, want)
			}
		}
	}
	s, ok := liveOf(cat, &cat.Offers[len(cat.Offers)-2])
	if !ok || !s.Stale || s.AgeHours == nil || *s.AgeHours != 7 {
		t.Errorf("live state of the stale host %+v", s)
	}
	cat.Info.AsOf = time.Time{}
	if s, _ := liveOf(cat, &cat.Offers[len(cat.Offers)-1]); !s.Stale || s.AgeHours != nil || !strings.Contains(s.text("vast", "en"), "age that cannot be told") {
		t.Errorf("with no load time, the fresh host reads %+v", s)
	}
}
