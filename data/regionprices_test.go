package data

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// foldAWS folds AWS rows (awsHeader's columns) of one instance type.
func foldAWS(t *testing.T, rows string) model.Offer {
	t.Helper()
	ref := testReference(t)
	items, _ := cleanSkyRows("aws", parseRows(t, awsHeader+rows), nil, ref.families)
	offers := ref.foldSky("aws", items, skySource{URL: "test", Date: "2026-11-29"})
	if len(offers) != 1 {
		t.Fatalf("%d offers, want 1", len(offers))
	}
	return offers[0]
}

// awsRow is a p5.48xlarge row priced on demand and spot in a zone ("" is
// no price).
func awsRow(price, spot, region, zone string) string {
	gi := `"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 655360}"`
	return "p5.48xlarge,H100,8.0,192.0,2048.0," + gi + "," + price + "," + spot + "," + region + "," + zone + ",x86_64,ssd,True,3800.0,8.0\n"
}

// A folded offer keeps its prices place by place whenever one price does
// not hold in every place it is listed in: prices that differ, or a place
// without one (which must not take another's).
func TestFoldPricesRegionByRegion(t *testing.T) {
	zp := func(pairs ...any) []model.ZonePrice {
		var out []model.ZonePrice
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, model.ZonePrice{Zone: pairs[i].(string), Price: pairs[i+1].(float64)})
		}
		return out
	}
	for _, c := range []struct {
		name           string
		rows           string
		onDemand, spot []model.ZonePrice
	}{
		{"one price everywhere",
			awsRow("55.04", "9.5", "us-east-1", "use1-az1") + awsRow("55.04", "9.5", "eu-west-1", "euw1-az1"),
			nil, nil},
		{"prices differ by region",
			awsRow("55.04", "9.5", "us-east-1", "use1-az1") + awsRow("63.2", "9.5", "eu-west-1", "euw1-az1"),
			zp("eu-west-1", 63.2, "us-east-1", 55.04), nil},
		{"a region's zones: its cheapest",
			awsRow("55.04", "9.5", "us-east-1", "use1-az1") + awsRow("57", "9.5", "us-east-1", "use1-az2") + awsRow("63.2", "9.5", "eu-west-1", "euw1-az1"),
			zp("eu-west-1", 63.2, "us-east-1", 55.04), nil},
		{"a region without an on-demand price",
			awsRow("55.04", "9.5", "us-east-1", "use1-az1") + awsRow("", "9.5", "ap-northeast-3", "apne3-az1"),
			zp("us-east-1", 55.04), nil},
		{"spot in one zone only",
			awsRow("55.04", "9.5", "us-east-1", "use1-az1") + awsRow("55.04", "", "us-east-1", "use1-az2"),
			nil, zp("us-east-1/use1-az1", 9.5)},
		{"spot differs by zone",
			awsRow("55.04", "9.5", "us-east-1", "use1-az1") + awsRow("55.04", "12", "eu-west-1", "euw1-az1"),
			nil, zp("eu-west-1/euw1-az1", 12.0, "us-east-1/use1-az1", 9.5)},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := foldAWS(t, c.rows)
			d := o.Detail()
			if !reflect.DeepEqual(nilIfEmpty(d.OnDemandZones), nilIfEmpty(c.onDemand)) {
				t.Errorf("on-demand zones %v, want %v", d.OnDemandZones, c.onDemand)
			}
			if !reflect.DeepEqual(nilIfEmpty(d.SpotZones), nilIfEmpty(c.spot)) {
				t.Errorf("spot zones %v, want %v", d.SpotZones, c.spot)
			}
			checkZonePrices(t, &o)
		})
	}
}

// nilIfEmpty makes an empty list nil, for comparisons.
func nilIfEmpty[E any](s []E) []E {
	if len(s) == 0 {
		return nil
	}
	return s
}

// checkZonePrices checks what every offer's place-by-place prices
// promise: the offer's lowest price is their lowest, each place lies in
// the offer's regions, and the lists are sorted.
func checkZonePrices(t *testing.T, o *model.Offer) {
	t.Helper()
	d := o.Detail()
	for _, l := range []struct {
		name   string
		zones  []model.ZonePrice
		lowest float64
	}{{"on-demand", d.OnDemandZones, o.OnDemand}, {"spot", d.SpotZones, o.Spot}} {
		if len(l.zones) == 0 {
			continue
		}
		lo := l.zones[0].Price
		for i, z := range l.zones {
			lo = min(lo, z.Price)
			if i > 0 && l.zones[i-1].Zone >= z.Zone {
				t.Errorf("%s: %s zones not sorted: %v", o.Key(), l.name, l.zones)
			}
			if !inRegions(o.Regions, z.Zone) {
				t.Errorf("%s: %s zone %s lies in none of the regions %v", o.Key(), l.name, z.Zone, o.Regions)
			}
		}
		if lo != l.lowest {
			t.Errorf("%s: lowest %s price %v, the zones' lowest %v", o.Key(), l.name, l.lowest, lo)
		}
	}
	for _, r := range d.PlanRegions {
		if !slices.Contains(o.Regions, r) {
			t.Errorf("%s: plan region %s is not a region of the offer %v", o.Key(), r, o.Regions)
		}
	}
	if len(d.PlanRegions) >= len(o.Regions) && len(d.PlanRegions) > 0 {
		t.Errorf("%s: plan regions %v are all the regions: the list is for a limit only", o.Key(), d.PlanRegions)
	}
}

// inRegions reports whether a zone (or region) lies in one of regions:
// it is one, or starts with one at a boundary.
func inRegions(regions []string, zone string) bool {
	for _, r := range regions {
		if zone == r || strings.HasPrefix(zone, r) && strings.ContainsRune("-/_", rune(zone[len(r)])) {
			return true
		}
	}
	return false
}

// Every offer of the embedded catalog keeps the promise of its
// place-by-place prices; the catalog has such lists at all.
func TestEmbeddedZonePrices(t *testing.T) {
	cat := embeddedCatalog(t)
	var od, spot, plan int
	for i := range cat.Offers {
		o := &cat.Offers[i]
		checkZonePrices(t, o)
		d := o.Detail()
		od += min(len(d.OnDemandZones), 1)
		spot += min(len(d.SpotZones), 1)
		plan += min(len(d.PlanRegions), 1)
	}
	if od == 0 || spot == 0 || plan == 0 {
		t.Errorf("offers with on-demand zones %d, spot zones %d, plan regions %d: want some of each", od, spot, plan)
	}
}

// cnCSV is a cn_gpu_offers.csv with the given rows (provider, type,
// region, hourly, monthly, note).
func cnCSV(rows ...[6]string) string {
	var b strings.Builder
	b.WriteString("provider,instance_type,gpu_model,gpu_count,gpu_fraction,gpu_vram_gib,vcpus,memory_gib,cpu_mode,nvlink,local_disk,network_gbps,region,price_hourly_cny,price_daily_cny,price_weekly_cny,price_monthly_cny,price_yearly_cny,spot_price_cny,billing_notes,source_url,price_source_url,price_source_date\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%s,%s,NVIDIA T4,1,,16,8,32,dedicated,n/a,,3,%s,%s,,,%s,,,%s,https://src,https://price,2024-12-30\n", r[0], r[1], r[2], r[3], r[4], r[5])
	}
	return b.String()
}

// cnRef is the test reference with Tencent's zones and the region table's
// countries of the embedded catalog.
func cnRef(t *testing.T) *reference {
	t.Helper()
	ref := testReference(t)
	ref.tencentZones = map[string]tencentZone{}
	ref.placeCountry = map[string]string{}
	for _, p := range embeddedCatalog(t).Places {
		ref.placeCountry[placeKey(p.Provider, p.Region)] = p.Country
		if p.Provider == "tencent" && len(p.Aliases) > 0 {
			ref.tencentZones[p.Aliases[0]] = tencentZone{Zone: p.Region, ZoneZH: p.Aliases[0]}
		}
	}
	return ref
}

// The Chinese clouds' prices region by region: Tencent's zones as ids,
// its list prices (hourly and monthly) in its mainland zones only, as the
// price page says; Alibaba's hourly prices by region; Featurize's plan
// prices in every region.
func TestCNPricesRegionByRegion(t *testing.T) {
	ref := cnRef(t)
	const mainland = "prices are 标准刊例价; newer doc: mainly mainland-China reference prices"
	offers, err := ref.cnOffers(strings.NewReader(cnCSV(
		[6]string{"Tencent Cloud", "GN7.2XLARGE32", "广州三区/四区; 香港二区", "8.68", "2500", mainland},
		[6]string{"Tencent Cloud", "GT4.4XLARGE96", "广州四区; 上海四区", "28.64", "13748", mainland},
		[6]string{"Alibaba Cloud", "ecs.gn6i", "cn-shanghai", "10", "", ""},
		[6]string{"Alibaba Cloud", "ecs.gn6i", "cn-hongkong", "12", "", ""},
		[6]string{"Alibaba Cloud", "ecs.gn6i", "us-east-1", "", "", ""},
		[6]string{"Featurize", "3090 常规机型", "西南一区; 西南二区", "3.6", "1800", ""},
	)), "cn.csv")
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]*model.Offer{}
	for i := range offers {
		by[offers[i].Key()] = &offers[i]
		checkZonePrices(t, &offers[i])
	}
	gn7 := by["tencent/GN7.2XLARGE32"]
	if want := []string{"ap-guangzhou-3", "ap-guangzhou-4", "ap-hongkong-2"}; !slices.Equal(gn7.Regions, want) {
		t.Errorf("GN7 regions %v, want the zone ids %v", gn7.Regions, want)
	}
	d := gn7.Detail()
	if want := []model.ZonePrice{{Zone: "ap-guangzhou-3", Price: 8.68}, {Zone: "ap-guangzhou-4", Price: 8.68}}; !reflect.DeepEqual(d.OnDemandZones, want) {
		t.Errorf("GN7 on-demand zones %v, want the mainland zones only %v", d.OnDemandZones, want)
	}
	if want := []string{"ap-guangzhou-3", "ap-guangzhou-4"}; !slices.Equal(d.PlanRegions, want) {
		t.Errorf("GN7 plan regions %v, want %v", d.PlanRegions, want)
	}
	if !strings.Contains(d.PriceNote, "no price is known in ap-hongkong-2") {
		t.Errorf("GN7 price note %q does not say Hong Kong has no price", d.PriceNote)
	}
	if gt4 := by["tencent/GT4.4XLARGE96"].Detail(); len(gt4.OnDemandZones) != 0 || len(gt4.PlanRegions) != 0 {
		t.Errorf("GT4 is listed in mainland zones only, one price: zones %v, plan regions %v", gt4.OnDemandZones, gt4.PlanRegions)
	}
	ali := by["alibaba/ecs.gn6i"]
	if want := []model.ZonePrice{{Zone: "cn-hongkong", Price: 12}, {Zone: "cn-shanghai", Price: 10}}; !reflect.DeepEqual(ali.Detail().OnDemandZones, want) {
		t.Errorf("Alibaba on-demand zones %v, want %v (us-east-1 has none)", ali.Detail().OnDemandZones, want)
	}
	if ali.Detail().OnDemandRegion != "cn-shanghai" || ali.Detail().OnDemandMax != 12 {
		t.Errorf("Alibaba lowest price's region %q, highest %v", ali.Detail().OnDemandRegion, ali.Detail().OnDemandMax)
	}
	if fz := by["featurize/3090 常规机型"].Detail(); len(fz.OnDemandZones) != 0 || len(fz.PlanRegions) != 0 || fz.Monthly != 1800 {
		t.Errorf("Featurize: one price in both regions: %+v", fz)
	}

	// A mainland price with no mainland zone to hold it is an error.
	_, err = ref.cnOffers(strings.NewReader(cnCSV([6]string{"Tencent Cloud", "GN7.X", "香港二区", "8", "", mainland})), "cn.csv")
	if err == nil || !strings.Contains(err.Error(), "no region of ap-hongkong-2 is in mainland China") || !strings.HasPrefix(err.Error(), "cn.csv: line 2") {
		t.Errorf("mainland price without a mainland zone: %v", err)
	}
	// A zone the zone table lacks is an error naming it.
	_, err = ref.cnOffers(strings.NewReader(cnCSV([6]string{"Tencent Cloud", "GN7.X", "广州九区", "8", "", ""})), "cn.csv")
	if err == nil || !strings.Contains(err.Error(), "广州九区") {
		t.Errorf("an unknown zone: %v", err)
	}
}

// The interner shares one list among the offers of a decode whose
// on-demand zones (or plan regions) are equal, though their details
// differ, as it does for spot zones.
func TestDecodeSharesZoneLists(t *testing.T) {
	cat := embeddedCatalog(t)
	base := cat.Offers
	cat.Offers = nil
	for i := range 3 {
		for _, o := range base {
			if i > 0 {
				o.InstanceType = fmt.Sprintf("%s-copy%d", o.InstanceType, i)
				if o.Extra != nil {
					o.EditDetail().VCPUNote = fmt.Sprintf("copy %d", i) // a detail of its own
				}
			}
			cat.Offers = append(cat.Offers, o)
		}
	}
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := decodeCatalog("copies", files)
	if err != nil {
		t.Fatal(err)
	}
	first := map[string]*model.OfferDetail{}
	checked := 0
	for i := range got.Offers {
		o := &got.Offers[i]
		name, _, _ := strings.Cut(o.InstanceType, "-copy")
		d := o.Detail()
		if len(d.OnDemandZones) == 0 && len(d.PlanRegions) == 0 {
			continue
		}
		k := o.Provider + "/" + name
		f, ok := first[k]
		if !ok {
			first[k] = d
			continue
		}
		if f == d {
			t.Fatalf("%s: copies with other vCPU notes share one detail", o.Key())
		}
		if len(d.OnDemandZones) > 0 && &d.OnDemandZones[0] != &f.OnDemandZones[0] {
			t.Errorf("%s: equal on-demand zones are a list of their own", o.Key())
		}
		if len(d.PlanRegions) > 0 && &d.PlanRegions[0] != &f.PlanRegions[0] {
			t.Errorf("%s: equal plan regions are a list of their own", o.Key())
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no offer with on-demand zones or plan regions")
	}
}

// Zone prices and plan regions read back whatever the region's name: a
// marketplace's "Sichuan, CN, AS", a "=" or "|" in it.
func TestZoneListsRoundTrip(t *testing.T) {
	o := model.Offer{Provider: "x", InstanceType: "y", Regions: []string{"Sichuan, CN, AS", "a=b", "c|d"}, Currency: model.USD, OnDemand: 1, Sources: []string{"s"}}.
		WithDetail(model.OfferDetail{
			OnDemandZones: []model.ZonePrice{{Zone: "Sichuan, CN, AS", Price: 1}, {Zone: "a=b", Price: 2.5}, {Zone: "c|d", Price: 3}},
			SpotZones:     []model.ZonePrice{{Zone: `e\f`, Price: 0.5}},
			PlanRegions:   []string{"a=b", "c|d"}, Monthly: 100,
		})
	cat := &model.Catalog{Offers: []model.Offer{o}}
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _, _, err := decodeOffers("rt", files)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got[0].Detail(), *o.Detail()) {
		t.Errorf("read back %+v, want %+v", *got[0].Detail(), *o.Detail())
	}
	for _, bad := range []string{"us-east-1", "us-east-1=", "=1", "x=-1", "x=NaN", "a||b=1"} {
		if _, err := decodeZonePrices(bad, &tsvCtx{}); err == nil {
			t.Errorf("zone prices %q: no error", bad)
		}
	}
	if _, err := decodeRegionList("a||b", &tsvCtx{}); err == nil {
		t.Error("plan regions with an empty region: no error")
	}
}

// An import keeps the prices region by region through the cache folder:
// what Load reads back is what the fold made.
func TestImportKeepsPricesByRegion(t *testing.T) {
	opts := testOptions(t)
	const gi = "\"{'Gpus': [{'Name': 'A10', 'Manufacturer': 'NVIDIA', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 24576}}], 'TotalGpuMemoryInMiB': 24576}\""
	csv := "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n" +
		"gpu_1x_a10,A10,1.0,30.0,200.0,0.75,us-west-1," + gi + ",\n" +
		"gpu_1x_a10,A10,1.0,30.0,200.0,0.86,europe-central-1," + gi + ",\n" +
		"gpu_1x_a10,A10,1.0,30.0,200.0,,asia-south-1," + gi + ",\n"
	dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": csv}, testNow())
	if _, err := Import(importOpts(opts, dir, "2027-03-01")); err != nil {
		t.Fatal(err)
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	o := offerByKey(t, cat, "lambda/gpu_1x_a10")
	want := []model.ZonePrice{{Zone: "europe-central-1", Price: 0.86}, {Zone: "us-west-1", Price: 0.75}}
	if !reflect.DeepEqual(o.Detail().OnDemandZones, want) || o.OnDemand != 0.75 {
		t.Errorf("imported on-demand zones %v (lowest %v), want %v (asia-south-1 has no price)", o.Detail().OnDemandZones, o.OnDemand, want)
	}
	if ok, _ := model.NewRegionFilter([]string{"europe"}, cat).Match(o.Provider, "europe-central-1"); !ok {
		t.Error("the imported offer's europe-central-1 is not in europe: the region table was lost")
	}
}
