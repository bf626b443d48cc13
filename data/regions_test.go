package data

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/gpupick/gpupick/model"
)

// unlocatedRegions are the region names of the catalog whose location the
// reference data leaves unknown (regions/README.md, "What stays unknown"):
// Hyperbolic's marketplace has one region, "default"; Tencent's ECM edge
// SKUs name no zone; no source gives the country of Lambda's
// europe-south-1.
var unlocatedRegions = []string{"hyperbolic/default", "lambda/europe-south-1", "tencent/edge nodes (not specified)"}

// offerPlaces lists every region or zone an offer names: its regions, the
// zones of its spot and on-demand prices and its plan regions.
func offerPlaces(o *model.Offer) []string {
	d := o.Detail()
	out := slices.Clone(o.Regions)
	for _, z := range d.SpotZones {
		out = append(out, z.Zone)
	}
	for _, z := range d.OnDemandZones {
		out = append(out, z.Zone)
	}
	return append(out, d.PlanRegions...)
}

// Every region and zone an offer of the embedded catalog names has a row
// in the region table, located unless the reference data leaves it
// unknown; the table has no row no offer uses.
func TestEveryRegionHasAPlace(t *testing.T) {
	cat := embeddedCatalog(t)
	f := model.NewRegionFilter(nil, cat)
	used := map[*model.Place]bool{}
	var unlocated []string
	for i := range cat.Offers {
		o := &cat.Offers[i]
		for _, where := range offerPlaces(o) {
			p := f.PlaceOf(o.Provider, where)
			if p == nil {
				t.Errorf("%s: %q has no row in facts/regions.csv", o.Key(), where)
				continue
			}
			if !used[p] && p.Country == "" {
				unlocated = append(unlocated, p.Provider+"/"+p.Region)
			}
			used[p] = true
		}
	}
	slices.Sort(unlocated)
	if !slices.Equal(unlocated, unlocatedRegions) {
		t.Errorf("regions of unknown location %v, want exactly %v (the ones the reference data leaves unknown)", unlocated, unlocatedRegions)
	}
	for i := range cat.Places {
		p := &cat.Places[i]
		if !used[p] {
			t.Errorf("facts/regions.csv: %s %s: no offer names it", p.Provider, p.Region)
		}
		if p.Country != "" && (p.Source == "" || p.CountryName == "") {
			t.Errorf("%s %s: located without a source or country name", p.Provider, p.Region)
		}
	}
}

// The pitfalls the reference data's README lists (a prefix is no
// country) hold in the embedded table through the groups.
func TestRegionGroupsOnTheCatalog(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, c := range []struct {
		term, provider, region string
		in                     bool
	}{
		{"eu", "aws", "eu-west-2", false}, // London
		{"europe", "aws", "eu-west-2", true},
		{"eu", "ibm", "eu-gb", false},
		{"uk", "ibm", "eu-gb", true},
		{"cn", "alibaba", "cn-hongkong", false},
		{"mainland-china", "vast", "Hong Kong, HK, AS", false},
		{"greater-china", "alibaba", "cn-hongkong", true},
		{"cn", "alibaba", "cn-shanghai", true},
		{"中国", "tencent", "ap-shanghai-4", true},
		{"cn", "tencent", "ap-hongkong-2", false},
		{"china", "vast", "Taiwan, TW, AS", false},
		{"us", "azure", "eastus", true},
		{"美国", "tencent", "na-ashburn-2", true},
		{"us", "vast", "Georgia, US, NA", true},
		{"europe", "vast", "Sverdlovsk Oblast, RU, EU", false},
		{"middle-east", "gcp", "me-west1", true},
		{"asia", "lambda", "me-west-1", false}, // Israel is in the Middle East group, not asia
		{"europe", "verda", "FIN-03", true},
		{"de", "lambda", "europe-central-1", true},
		{"ap-shanghai", "tencent", "ap-shanghai-4", true},
		{"上海", "tencent", "ap-shanghai-2", true},
		{"上海", "alibaba", "cn-shanghai", true},
		{"华东", "tencent", "ap-nanjing-1", true},
		{"us-east", "aws", "us-east-1/use1-az6", true},
		{"europe", "gcp", "europe-west4-a", true},
		{"oceania", "lambda", "australia-east-1", true},
	} {
		f := model.NewRegionFilter([]string{c.term}, cat)
		if ok, _ := f.Match(c.provider, c.region); ok != c.in {
			t.Errorf("--region %s on %s %q: %v, want %v", c.term, c.provider, c.region, ok, c.in)
		}
	}
	// A located group never takes a region of unknown location.
	f := model.NewRegionFilter([]string{"us", "europe", "asia"}, cat)
	for _, u := range unlocatedRegions {
		prov, reg, _ := strings.Cut(u, "/")
		if ok, known := f.Match(prov, reg); ok || known {
			t.Errorf("%s: Match = %v, %v; an unknown location passes no group and is reported unknown", u, ok, known)
		}
	}
}

// Every group's note says what it is, every group's countries are in
// the table or a real code, and no name is two groups'.
func TestRegionGroupsFile(t *testing.T) {
	cat := embeddedCatalog(t)
	names := map[string]bool{}
	for _, g := range cat.RegionGroups {
		if g.Note == "" || g.Source == "" {
			t.Errorf("group %s: no note or source", g.Name)
		}
		names[g.Name] = true
		for _, a := range g.Aliases {
			names[a] = true
		}
	}
	for _, want := range []string{"eu", "eea", "europe", "us", "north-america", "na", "south-america", "latam", "asia",
		"middle-east", "me", "apac", "mainland-china", "cn", "china", "greater-china", "oceania", "africa",
		"欧洲", "欧盟", "美国", "亚洲", "中国大陆", "中国"} {
		if !names[want] {
			t.Errorf("no group is named %q", want)
		}
	}
	group := func(name string) []string {
		for _, g := range cat.RegionGroups {
			if g.Name == name {
				return g.Countries
			}
		}
		t.Fatalf("no group %s", name)
		return nil
	}
	eu, europe := group("eu"), group("europe")
	if len(eu) != 27 || slices.Contains(eu, "GB") || slices.Contains(eu, "CH") || slices.Contains(eu, "NO") {
		t.Errorf("eu is the 27 member states only: %v", eu)
	}
	for _, c := range eu {
		if !slices.Contains(europe, c) {
			t.Errorf("europe lacks EU member %s", c)
		}
	}
	if !slices.Contains(europe, "GB") || !slices.Contains(europe, "CH") || slices.Contains(europe, "RU") {
		t.Errorf("europe is EEA + GB + CH without RU: %v", europe)
	}
	if cn := group("mainland-china"); !slices.Equal(cn, []string{"CN"}) {
		t.Errorf("mainland-china = %v, want CN alone", cn)
	}
}

func TestTencentZoneNames(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		err  string
	}{
		{"上海四区", []string{"上海四区"}, ""},
		{"广州三区/四区", []string{"广州三区", "广州四区"}, ""},
		{"上海二区/三区/四区", []string{"上海二区", "上海三区", "上海四区"}, ""},
		{" 北京四区/五区 ", []string{"北京四区", "北京五区"}, ""},
		{"弗吉尼亚二区", []string{"弗吉尼亚二区"}, ""},
		{"edge nodes (not specified)", nil, "not a Tencent zone name"},
		{"四区", nil, "not a Tencent zone name"},
		{"广州三区/", nil, "is not a zone number"},
		{"广州三区/四", nil, "is not a zone number"},
		{"", nil, "not a Tencent zone name"},
	} {
		got, err := tencentZoneNames(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one saying %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func FuzzTencentZoneNames(f *testing.F) {
	for _, s := range []string{"上海四区", "广州三区/四区", "上海二区/三区/四区", "a/b", "区", "/", "一区/二区/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		names, err := tencentZoneNames(s)
		if err != nil {
			if !strings.Contains(err.Error(), "Tencent zone") && !strings.Contains(err.Error(), "zone number") {
				t.Fatalf("%q: error %v does not say what a zone name is", s, err)
			}
			return
		}
		if len(names) != strings.Count(strings.TrimSpace(s), "/")+1 {
			t.Fatalf("%q: %d zones from %d parts", s, len(names), strings.Count(s, "/")+1)
		}
		for _, n := range names {
			if !strings.HasSuffix(n, "区") || strings.Contains(n, "/") {
				t.Fatalf("%q: zone %q", s, n)
			}
		}
	})
}

// tencentZoneID is the form of Tencent's zone ids: region id, a number.
var tencentZoneID = regexp.MustCompile(`^[a-z]+-[a-z]+(-[a-z]+)?-[0-9]+$`)

// Tencent's offers carry its zone ids, each with its Chinese names as
// aliases, not the Chinese names the source writes (广州三区/四区 is two
// zones); only ECM's "edge nodes (not specified)" stays as the source has it.
func TestTencentOffersCarryZoneIDs(t *testing.T) {
	cat := embeddedCatalog(t)
	f := model.NewRegionFilter(nil, cat)
	zones := 0
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.Provider != "tencent" {
			continue
		}
		for _, where := range offerPlaces(o) {
			if where == "edge nodes (not specified)" {
				continue
			}
			zones++
			if !tencentZoneID.MatchString(where) {
				t.Errorf("%s: region %q is not a Tencent zone id", o.Key(), where)
				continue
			}
			p := f.PlaceOf("tencent", where)
			if p == nil || !slices.ContainsFunc(p.Aliases, func(a string) bool {
				return strings.ContainsFunc(a, func(r rune) bool { return unicode.Is(unicode.Han, r) })
			}) {
				t.Errorf("%s: zone %s has no Chinese name among its aliases", o.Key(), where)
			}
		}
	}
	if zones == 0 {
		t.Fatal("no Tencent zone in the catalog")
	}
}

// checkPlacesFrom holds the facts file to the reference data it restates.
func TestCheckPlacesFrom(t *testing.T) {
	zones := map[string]tencentZone{
		"上海四区": {Region: "ap-shanghai", Zone: "ap-shanghai-4", ZoneZH: "上海四区"},
		"上海五区": {Region: "ap-shanghai", Zone: "ap-shanghai-5", ZoneZH: "上海五区"},
	}
	rows := []regionCountryRow{
		{Line: 2, Provider: "aws", Region: "eu-west-2", Country: "GB", Confidence: "high"},
		{Line: 3, Provider: "tencent", Region: "上海四区/五区", Country: "CN", Confidence: "high"},
		{Line: 4, Provider: "hyperbolic", Region: "default", Confidence: "unknown"},
	}
	good := func() []model.Place {
		return []model.Place{
			{Provider: "aws", Region: "eu-west-2", Country: "GB", Confidence: "high"},
			{Provider: "tencent", Region: "ap-shanghai-4", Country: "CN", Confidence: "high", Aliases: []string{"上海四区"}},
			{Provider: "tencent", Region: "ap-shanghai-5", Country: "CN", Confidence: "high", Aliases: []string{"上海五区"}},
			{Provider: "hyperbolic", Region: "default", Confidence: "unknown"},
		}
	}
	if err := checkPlacesFrom(good(), rows, zones); err != nil {
		t.Fatalf("the table as the reference data has it: %v", err)
	}
	for _, c := range []struct {
		name   string
		change func([]model.Place) []model.Place
		want   string
	}{
		{"another country", func(p []model.Place) []model.Place { p[0].Country = "IE"; return p }, `"IE"`},
		{"another confidence", func(p []model.Place) []model.Place { p[0].Confidence = "medium"; return p }, "confidence medium"},
		{"a zone left out", func(p []model.Place) []model.Place { return slices.Delete(p, 2, 3) }, "no row tencent ap-shanghai-5"},
		{"no Chinese alias", func(p []model.Place) []model.Place { p[1].Aliases = nil; return p }, "Chinese name 上海四区"},
		{"a row made up", func(p []model.Place) []model.Place {
			return append(p, model.Place{Provider: "aws", Region: "mars-1", Country: "US", Confidence: "high"})
		}, "aws mars-1 restates no row"},
	} {
		err := checkPlacesFrom(c.change(good()), rows, zones)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %s", c.name, err, c.want)
		}
	}
	bad := append(slices.Clone(rows), regionCountryRow{Line: 5, Provider: "tencent", Region: "上海九区", Country: "CN", Confidence: "high"})
	if err := checkPlacesFrom(good(), bad, zones); err == nil || !strings.Contains(err.Error(), "上海九区 is not in") {
		t.Errorf("a zone the zone table lacks: %v", err)
	}
}

func TestParsePlacesRejects(t *testing.T) {
	const head = "provider,region,country_code,country,city,aliases,confidence,source_url,quote\n"
	for _, c := range []struct{ name, row, want string }{
		{"upper-case provider", "AWS,us-east-1,US,United States,,,high,https://x,q", "column provider"},
		{"no region", "aws,,US,United States,,,high,https://x,q", "column region"},
		{"bad code", "aws,us-east-1,USA,United States,,,high,https://x,q", "column country_code"},
		{"located without country", "aws,us-east-1,,,,,high,https://x,q", "use confidence unknown"},
		{"unknown with country", "aws,us-east-1,US,United States,,,unknown,,q", "names a country"},
		{"bad confidence", "aws,us-east-1,US,United States,,,sure,https://x,q", "column confidence"},
		{"no source", "aws,us-east-1,US,United States,,,high,,q", "cites its source"},
		{"unknown without why", "aws,x,,,,,unknown,,", "say why"},
		{"twice", "aws,us-east-1,US,United States,,,high,https://x,q\naws,US-EAST-1,US,United States,,,high,https://x,q", "appears twice"},
	} {
		_, err := parsePlaces(strings.NewReader(head+c.row+"\n"), "regions.csv")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "regions.csv") {
			t.Errorf("%s: error %v, want one naming the file and %q", c.name, err, c.want)
		}
	}
}

func TestParseRegionGroupsRejects(t *testing.T) {
	const head = "name,aliases,countries,note,note_zh,source\n"
	for _, c := range []struct{ name, rows, want string }{
		{"upper-case", "Europe,,DE,n,z,s", "lower-case"},
		{"a space", "north america,,US,n,z,s", "without spaces"},
		{"no countries", "eu,,,n,z,s", "column countries: empty"},
		{"bad code", "eu,,DEU,n,z,s", "alpha-2"},
		{"no note", "eu,,DE,,z,s", "columns note, note_zh and source"},
		{"no Chinese note", "eu,,DE,n,,s", "columns note, note_zh and source"},
		{"a name twice", "eu,europe,DE,n,z,s\neurope,,DE,n,z,s", `name "europe" is also group eu's`},
	} {
		_, err := parseRegionGroups(strings.NewReader(head+c.rows+"\n"), "groups.csv")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "groups.csv") {
			t.Errorf("%s: error %v, want one naming the file and %q", c.name, err, c.want)
		}
	}
}

// FuzzRegionFacts feeds arbitrary text to the region table's parsers: an
// error names the file, and what they accept Validate accepts.
func FuzzRegionFacts(f *testing.F) {
	places, _ := os.ReadFile(filepath.Join("facts", "regions.csv"))
	groups, _ := os.ReadFile(filepath.Join("facts", "region_groups.csv"))
	f.Add(string(places[:min(len(places), 2000)]), string(groups))
	f.Add("provider,region,country_code,country,city,aliases,confidence,source_url,quote\naws,x,US,US,,a;;b,high,u,q\n", "name,aliases,countries,note,note_zh,source\nx,,US,n,z,s\n")
	f.Fuzz(func(t *testing.T, placeText, groupText string) {
		cat := &model.Catalog{}
		var err error
		if cat.Places, err = parsePlaces(strings.NewReader(placeText), "regions.csv"); err != nil {
			if !strings.HasPrefix(err.Error(), "regions.csv") {
				t.Fatalf("error does not name the file: %v", err)
			}
			cat.Places = nil
		}
		if cat.RegionGroups, err = parseRegionGroups(strings.NewReader(groupText), "groups.csv"); err != nil {
			if !strings.HasPrefix(err.Error(), "groups.csv") {
				t.Fatalf("error does not name the file: %v", err)
			}
			cat.RegionGroups = nil
		}
		if err := Validate(cat); err != nil {
			t.Fatalf("parsed tables do not validate: %v", err)
		}
	})
}

// Every catalog Load gives keeps the region table and groups: the
// embedded one, one with an overlay, and a newer import merged with the
// embedded catalog.
func TestLoadKeepsRegionTable(t *testing.T) {
	emb := embeddedCatalog(t)
	opts := testOptions(t)
	check := func(what string, cat *model.Catalog) {
		t.Helper()
		if len(cat.Places) < len(emb.Places) || len(cat.RegionGroups) != len(emb.RegionGroups) {
			t.Errorf("%s: %d places, %d groups; the embedded catalog has %d, %d", what, len(cat.Places), len(cat.RegionGroups), len(emb.Places), len(emb.RegionGroups))
		}
		if err := Validate(cat); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	check("embedded", cat)
	dir := writeSkyDir(t, map[string]string{"lambda/vms.csv": lambdaCSV}, testNow())
	if _, err := Import(importOpts(opts, dir, "2027-03-01")); err != nil {
		t.Fatal(err)
	}
	if cat, err = Load(opts); err != nil || cat.Info.Origin != "imported" {
		t.Fatalf("import: %v %+v", err, cat.Info)
	}
	check("imported", cat)
	overlay := filepath.Join(t.TempDir(), "o.toml")
	os.WriteFile(overlay, []byte("[[override]]\nprovider = \"aws\"\ndiscount = 0.1\n"), 0o644)
	opts.OverlayPath = overlay
	if cat, err = Load(opts); err != nil {
		t.Fatal(err)
	}
	check("imported+overlay", cat)
}

// An overlay's [[place]] locates its own regions (and one the table
// leaves unknown) for the region filter, never relocates a region the
// table locates, and names file, line and key on bad input.
func TestOverlayPlaces(t *testing.T) {
	const offer = "[[offer]]\nprovider = \"mylab\"\ninstance_type = \"8xH100\"\ngpu = \"H100 SXM5\"\ngpu_count = 8\non_demand_hourly = 16\nregions = [\"fra-1\"]\n"
	apply := func(text string) (*model.Catalog, error) {
		cat := embeddedCatalog(t)
		return cat, ApplyOverlay(cat, "o.toml", []byte(text))
	}
	cat, err := apply(offer + "[[place]]\nprovider = \"mylab\"\nregion = \"fra-1\"\ncountry = \"de\"\ncity = \"Frankfurt\"\n" +
		"[[place]]\nprovider = \"hyperbolic\"\nregion = \"default\"\ncountry = \"US\"\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range []string{"europe", "eu", "de", "germany", "frankfurt"} {
		if ok, known := model.NewRegionFilter([]string{term}, cat).Match("mylab", "fra-1"); !ok || !known {
			t.Errorf("--region %s: the overlay's fra-1 in Frankfurt does not pass (%v, %v)", term, ok, known)
		}
	}
	p := model.NewRegionFilter(nil, cat).PlaceOf("mylab", "fra-1")
	if p == nil || p.Confidence != "user" || p.CountryName != "Germany" || !strings.Contains(p.Source, "o.toml") {
		t.Errorf("overlay place %+v", p)
	}
	if ok, _ := model.NewRegionFilter([]string{"us"}, cat).Match("hyperbolic", "default"); !ok {
		t.Error("an overlay does not locate a region the table leaves unknown")
	}
	for _, c := range []struct{ text, want string }{
		{"[[place]]\nprovider = \"aws\"\nregion = \"eu-west-2\"\ncountry = \"DE\"\n", "o.toml:3: [[place]] #1: aws eu-west-2 is already in the region table, in GB"},
		{"[[place]]\nprovider = \"mylab\"\nregion = \"x\"\ncountry = \"Germany\"\n", "o.toml:4: key \"place.country\""},
		{"[[place]]\nprovider = \"mylab\"\ncountry = \"DE\"\n", "key \"region\" is missing"},
		{"[[place]]\nprovider = \"mylab\"\nregion = \"x\"\n", "key \"country\" is missing"},
		{"[[place]]\nprovider = \"mylab\"\nregion = \"x\"\ncountry = \"DE\"\nzone = \"a\"\n", "unknown key"},
	} {
		if _, err := apply(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.text, err, c.want)
		}
	}
}

// Load's catalog reads the embedded region table itself; an overlay's
// [[place]] works on a copy, so the next Load and Embedded are as the
// files say.
func TestLoadOverlayPlacesLeaveTheTable(t *testing.T) {
	opts := testOptions(t)
	overlay := filepath.Join(t.TempDir(), "o.toml")
	os.WriteFile(overlay, []byte("[[place]]\nprovider = \"hyperbolic\"\nregion = \"default\"\ncountry = \"US\"\n"), 0o644)
	opts.OverlayPath = overlay
	over, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if p := model.NewRegionFilter(nil, over).PlaceOf("hyperbolic", "default"); p == nil || p.Country != "US" {
		t.Fatalf("the overlay's place is not in the catalog: %+v", p)
	}
	want := decodedEmbedded(t)
	opts.OverlayPath, opts.NoOverlay = "", true
	plain, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, cat := range []*model.Catalog{plain, embeddedCatalog(t)} {
		if !reflect.DeepEqual(cat.Places, want.Places) || !reflect.DeepEqual(cat.RegionGroups, want.RegionGroups) {
			t.Fatal("an overlay's [[place]] reached the embedded region table")
		}
	}
}
