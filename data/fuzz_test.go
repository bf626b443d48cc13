package data

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// FuzzSkyPilotCSV feeds arbitrary text to the SkyPilot importer: parsing,
// cleaning (as several clouds, GCP's host/accelerator join included) and
// folding must never panic, and every offer built must be valid on its own.
func FuzzSkyPilotCSV(f *testing.F) {
	f.Add(lambdaCSV)
	f.Add(awsHeader + "p5.48xlarge,H100,8.0,192.0,2048.0,\"{'Gpus': [{'Name': 'H100', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 655360}\",55.04,9.5,us-east-1,use1-az1,x86_64,ssd,True,3800.0,8.0\n")
	f.Add(gcpHeader + "a2-highgpu-1g,12.0,85.0,,,,us-central1,us-central1-a,0.73948,0.1\n,,,A100,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 40960}}]},us-central1,us-central1-a,2.93391,1.0\n")
	f.Add("InstanceType,AcceleratorName,AcceleratorCount,Price\nx,A100,0.5,1\n")
	f.Add("InstanceType,AcceleratorName,AcceleratorCount,Price,GpuInfo\nx,A100,1,1,\"{'Gpus': [{'Name': \"\n")
	f.Add("\ufeffInstanceType,AcceleratorName,AcceleratorCount,Price\n\"a\"\"b\",H100,8,1e308\n")
	f.Add("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n\"gpu\x1b[31m\x07\",H100,8,NaN,\"us\u202e\x1b]0;t\x07\"\n")
	f.Add("InstanceType,AcceleratorName,AcceleratorCount,Price\nx\u009b2J,A100\x00,1,Inf\n")
	f.Add("\xff\xfeI\x00n\x00s\x00t\x00")
	f.Add("I\x00n\x00s\x00t\x00,\x00A\x00")
	f.Add("InstanceType,AcceleratorName,AcceleratorCount,Price\nx,H100,0,1\n")
	ref := testReference(f)
	var mu sync.Mutex
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := ParseSkyPilot(strings.NewReader(text), "fuzz.csv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.csv") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		mu.Lock()
		defer mu.Unlock()
		ref.ambiguous = map[string]model.GPU{}
		cat := &model.Catalog{GPUs: map[string]model.GPU{}}
		for k, g := range ref.gpus.gpus {
			cat.GPUs[k] = g
		}
		for _, cloud := range []string{"aws", "gcp", "vast", "runpod", "lambda"} {
			items, _ := cleanSkyRows(cloud, rows, []SkyRow{{Region: "US"}}, ref.families)
			offers := ref.foldSky(cloud, items, skySource{URL: "fuzz"})
			for k, g := range ref.ambiguous {
				cat.GPUs[k] = g
			}
			for i := range offers {
				cat.Offers = []model.Offer{offers[i]}
				if err := Validate(cat); err != nil {
					t.Fatalf("%s offer %q is invalid: %v", cloud, offers[i].InstanceType, err)
				}
				if s, bad := unsafeString(&offers[i]); bad {
					t.Fatalf("%s offer keeps a terminal control: %q", cloud, s)
				}
				// The place-by-place prices' lowest is the offer's.
				o := &offers[i]
				for _, l := range []struct {
					zones  []model.ZonePrice
					lowest float64
				}{{o.Detail().OnDemandZones, o.OnDemand}, {o.Detail().SpotZones, o.Spot}} {
					if len(l.zones) > 0 && slices.MinFunc(l.zones, func(a, b model.ZonePrice) int { return cmp.Compare(a.Price, b.Price) }).Price != l.lowest {
						t.Fatalf("%s offer %q: lowest price %v is not its zones' lowest %v", cloud, o.InstanceType, l.lowest, l.zones)
					}
				}
			}
		}
	})
}

// FuzzOverlayTOML feeds arbitrary text to the overlay: it must never panic,
// an error must name the file, and an accepted overlay must leave a valid
// catalog.
func FuzzOverlayTOML(f *testing.F) {
	f.Add("[[override]]\nprovider = \"aws\"\ndiscount = 0.3\n")
	f.Add("[[offer]]\nprovider = \"aws\"\ninstance_type = \"P5.48XLARGE \\u200b\"\ngpu = \"H100 SXM5\"\ngpu_count = 8\non_demand_hourly = 1\n")
	f.Add("[[override]]\nprovider = \"aws\"\ninstance_type = \"p5[[{\\\\\"\ndiscount = 0.3\n[policy.nope]\ncommit_1y = 0.2\n")
	f.Add("InstanceType\tPrice\nlab-1\t1.0\n")
	f.Add("[[offer]]\nregions = \"us-east-1\"\n")
	f.Add("[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu = \"L4\"\ngpu_count = 2\non_demand_hourly = 1.5\ncurrency = \"CNY\"\n")
	f.Add("[policy.gcp]\ncommit_3y = 0.55\n")
	f.Add("[[offer]]\ngpu_count = 99999999999999999999\n")
	f.Add("[[override]]\nprovider = \"aws\"\ninstance_type = \"*\"\non_demand_hourly = 1e308\n")
	f.Add("a = [1, \"b\"]\n[x]]\n")
	f.Add("[[override]]\nprovider = \"aws\"\non_demand_hourly = nan\n")
	f.Add("[[override]]\nprovider = \"aws\"\nspot_hourly = inf\n")
	f.Add("[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu = \"L4\"\ngpu_count = 1\nmonthly = -inf\nvram_gib = nan\n")
	f.Add("[[override]]\nprovider = \"aws\"\ndiscount = nan\n")
	f.Add("[policy.aws]\ncommit_1y = inf\ncommit_3y = -0.0\n")
	f.Add("[[offer]]\nprovider = \"x\"\ninstance_type = \"a\\u001b[31m\\u0007b\"\ngpu = \"L4\"\ngpu_count = 1\non_demand_hourly = 1\nnotes = \"\\u202e\\u009b2J\"\nregions = [\"\\u001b]0;t\\u0007\"]\n")
	f.Add("[[override]]\nprovider = \"aws\\u001b\"\ndiscount = 0.1\nnote = \"\\u2066x\"\n")
	f.Add("[[place]]\nprovider = \"mylab\"\nregion = \"fra-1\"\ncountry = \"de\"\ncity = \"\\u001b[2J\"\naliases = [\"\", \"x\"]\n")
	f.Add("[[place]]\nprovider = \"lambda\"\nregion = \"EUROPE-SOUTH-1\"\ncountry = \"IT\"\n[[place]]\nprovider = \"lambda\"\nregion = \"europe-south-1\"\ncountry = \"FR\"\n")
	base := embeddedCatalog(f)
	f.Fuzz(func(t *testing.T, text string) {
		cat := cloneCatalog(base)
		err := ApplyOverlay(cat, "fuzz.toml", []byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.toml") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		if err := Validate(cat); err != nil {
			t.Fatalf("accepted overlay left an invalid catalog: %v", err)
		}
		for i := range cat.Offers {
			o := &cat.Offers[i]
			if len(o.Sources) > 0 && strings.HasPrefix(o.Sources[len(o.Sources)-1], "user overlay") {
				if s, bad := unsafeString(o); bad {
					t.Fatalf("overlay offer %q keeps a terminal control: %q", o.InstanceType, s)
				}
			}
		}
		for _, p := range cat.Policies {
			if s, bad := unsafeString(&p); bad {
				t.Fatalf("policy %q keeps a terminal control: %q", p.Provider, s)
			}
		}
	})
}

// unsafeString returns the first string reachable from v (a pointer) that
// text.Safe would change.
func unsafeString(v any) (string, bool) {
	var found string
	var walk func(r reflect.Value) bool
	walk = func(r reflect.Value) bool {
		switch r.Kind() {
		case reflect.Pointer:
			return !r.IsNil() && walk(r.Elem())
		case reflect.String:
			if s := r.String(); text.Safe(s) != s {
				found = s
				return true
			}
		case reflect.Struct:
			for i := 0; i < r.NumField(); i++ {
				if r.Type().Field(i).IsExported() && walk(r.Field(i)) {
					return true
				}
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < r.Len(); i++ {
				if walk(r.Index(i)) {
					return true
				}
			}
		case reflect.Map:
			for it := r.MapRange(); it.Next(); {
				if walk(it.Key()) || walk(it.Value()) {
					return true
				}
			}
		}
		return false
	}
	bad := walk(reflect.ValueOf(v))
	return found, bad
}

// The embedded catalog holds no terminal control anywhere.
func TestEmbeddedCatalogIsTerminalSafe(t *testing.T) {
	cat := embeddedCatalog(t)
	if s, bad := unsafeString(cat); bad {
		t.Errorf("embedded catalog holds %q", s)
	}
}

// cloneCatalog copies what an overlay may change.
func cloneCatalog(c *model.Catalog) *model.Catalog {
	out := *c
	out.Offers = make([]model.Offer, len(c.Offers))
	for i, o := range c.Offers {
		o.Sources = append([]string(nil), o.Sources...)
		out.Offers[i] = o
	}
	out.Policies = make(map[string]model.Policy, len(c.Policies))
	for k, p := range c.Policies {
		p.Sources = append([]string(nil), p.Sources...)
		out.Policies[k] = p
	}
	return &out
}

// FuzzTSVField checks that any field survives escaping.
func FuzzTSVField(f *testing.F) {
	f.Add("a\tb|c\\d\ne")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := tsvUnescape(tsvEscape(s, true))
		if err != nil || got != s {
			t.Fatalf("%q -> %q (%v)", s, got, err)
		}
		list, err := tsvSplitList(tsvList([]string{s, s}))
		if err != nil || len(list) != 2 || list[0] != s {
			t.Fatalf("list of %q -> %q (%v)", s, list, err)
		}
	})
}
