package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// sampleOverlay overrides prices, adds a private offer and a policy.
const sampleOverlay = `# negotiated with AWS
[[override]]
provider = "aws"
discount = 0.30
note = "EDP 2026"

[[override]]
provider = "lambda"
instance_type = "gpu_8x_h100_sxm5"
on_demand_hourly = 20.0

[[offer]]
provider = "mylab"
instance_type = "8xH100-node"
gpu = "H100-SXM"
gpu_count = 8
vcpus = 96
memory_gib = 1024
on_demand_hourly = 16.0
interconnect = "nvswitch"
rdma = "yes"
regions = ["basement"]

[policy.aws]
commit_1y = 0.40
note = "quoted by our account manager"
`

func TestOverlayApplies(t *testing.T) {
	cat := embeddedCatalog(t)
	before := *offerByKey(t, cat, "aws/p5.48xlarge")
	if err := ApplyOverlay(cat, "catalog.toml", []byte(sampleOverlay)); err != nil {
		t.Fatal(err)
	}
	p5 := offerByKey(t, cat, "aws/p5.48xlarge")
	if want := roundPrice(before.OnDemand * 0.7); p5.OnDemand != want {
		t.Errorf("p5 on-demand %v, want 30%% off %v = %v", p5.OnDemand, before.OnDemand, want)
	}
	if want := roundPrice(before.Spot * 0.7); p5.Spot != want {
		t.Errorf("p5 spot %v, want %v", p5.Spot, want)
	}
	if !strings.Contains(p5.Detail().PriceNote, "30% off") || len(p5.Sources) == 0 || p5.Sources[len(p5.Sources)-1] != "user overlay catalog.toml" {
		t.Errorf("override not cited: note %q sources %v", p5.Detail().PriceNote, p5.Sources)
	}
	if l := offerByKey(t, cat, "lambda/gpu_8x_h100_sxm5"); l.OnDemand != 20 || l.Detail().OnDemandMax != 0 {
		t.Errorf("lambda price %v-%v, want 20", l.OnDemand, l.Detail().OnDemandMax)
	}
	mine := offerByKey(t, cat, "mylab/8xH100-node")
	if mine.GPU != "H100 SXM5" || mine.VRAMGiB != 80 || mine.Currency != model.USD || mine.RDMA != model.Yes {
		t.Errorf("private offer %+v", mine)
	}
	if cat.Policies["aws"].Commit1y.Fraction != 0.4 || cat.Policies["aws"].CommitMax.Fraction != 0.72 {
		t.Errorf("aws policy %+v", cat.Policies["aws"])
	}
	if _, ok := cat.Policies["mylab"]; !ok {
		t.Error("no policy entry for the private provider")
	}
	if cat.Info.Origin != "embedded+overlay" || cat.Info.Overlay != "catalog.toml" {
		t.Errorf("info %+v", cat.Info)
	}
}

func TestOverlayErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // all must appear in the error
	}{
		{"unknown top-level key", "colour = 1\n", []string{"catalog.toml:1:", `unknown key "colour"`}},
		{"unknown key in an offer", "[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu_count = 1\nprice = 2\n",
			[]string{"catalog.toml:5:", `"offer.price"`}},
		{"wrong type", "[[offer]]\nprovider = \"x\"\ngpu_count = \"eight\"\n", []string{"catalog.toml:3:", "gpu_count", "not a whole number"}},
		{"negative price", "[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu_count = 1\non_demand_hourly = -2.5\n",
			[]string{"catalog.toml:5:", `key "offer.on_demand_hourly": -2.5 is out of range: want a price per hour (whole instance) from 0 to 100000`}},
		{"NaN price", "[[offer]]\nprovider = \"x\"\non_demand_hourly = nan\n",
			[]string{"catalog.toml:3:", `key "offer.on_demand_hourly": "NaN" is not a number: want a price per hour (whole instance) from 0 to 100000`}},
		{"infinite price", "[[override]]\nprovider = \"aws\"\nspot_hourly = inf\n",
			[]string{"catalog.toml:3:", `key "override.spot_hourly": "+Inf" is not a number`, "from 0 to 100000"}},
		{"minus infinity", "[[offer]]\nprovider = \"x\"\nmonthly = -inf\n", []string{"catalog.toml:3:", `"offer.monthly"`, "not a number", "a price per month from 0 to 100000000"}},
		{"NaN as a string", "[[offer]]\nprovider = \"x\"\nyearly = \"NaN\"\n", []string{"catalog.toml:3:", `"offer.yearly"`, "not a number", "a price per year"}},
		{"absurd hourly price", "[[override]]\nprovider = \"aws\"\non_demand_hourly = 1e12\n",
			[]string{"catalog.toml:3:", `"override.on_demand_hourly"`, "1000000000000 is out of range", "from 0 to 100000"}},
		{"absurd GPU memory", "[[offer]]\nprovider = \"x\"\nvram_gib = 80000\n", []string{"catalog.toml:3:", `"offer.vram_gib"`, "GiB per GPU from 0 to 4096"}},
		{"NaN vCPUs", "[[offer]]\nprovider = \"x\"\nvcpus = nan\n", []string{"catalog.toml:3:", `"offer.vcpus"`, "a vCPU count from 0 to 100000"}},
		{"NaN discount", "[[override]]\nprovider = \"aws\"\ndiscount = nan\n", []string{"catalog.toml:3:", `"override.discount"`, "not a number"}},
		{"infinite discount", "[policy.aws]\ncommit_1y = inf\n", []string{"catalog.toml:2:", `"policy.aws.commit_1y"`, "not a number"}},
		{"escape in a provider key", "[[override]]\nprovider = \"aws\\u001b[2J\"\ndiscount = 0.1\n", []string{"catalog.toml:2:", "provider", "not a provider key"}},
		{"zero GPUs", "[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu_count = 0\n", []string{"catalog.toml:4:", "gpu_count", "want 1 to"}},
		{"missing gpu_count", "[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu = \"A100-80GB SXM4\"\non_demand_hourly = 2\n",
			[]string{"catalog.toml:1:", `"gpu_count" is missing`}},
		{"discount of 100%", "[[override]]\nprovider = \"aws\"\ndiscount = 1.0\n", []string{"catalog.toml:3:", "discount", "below 1"}},
		{"discount as percent", "[[override]]\nprovider = \"aws\"\ndiscount = 30\n", []string{"catalog.toml:3:", "discount"}},
		{"override matching nothing", "[[override]]\nprovider = \"aws\"\ninstance_type = \"nope.*\"\ndiscount = 0.1\n",
			[]string{"catalog.toml:3:", `instance_type "nope.*" matches no offer of provider "aws"`, "a pattern takes * (any run of characters) and ?"}},
		{"override matching nothing, close names", "[[override]]\nprovider = \"aws\"\ninstance_type = \"p6.*\"\ndiscount = 0.1\n",
			[]string{"catalog.toml:3:", "matches no offer", "closest instance types: p6-b200.48xlarge"}},
		{"override of another pattern syntax", "[[override]]\nprovider = \"aws\"\ninstance_type = \"p5[[\"\ndiscount = 0.1\n",
			[]string{"catalog.toml:3:", `instance_type "p5[[": '[' is not pattern syntax`, "a pattern takes *"}},
		{"override of a brace pattern", "[[override]]\nprovider = \"aws\"\ninstance_type = \"p{4,5}.*\"\ndiscount = 0.1\n",
			[]string{"catalog.toml:3:", "'{' is not pattern syntax"}},
		{"override of an unknown provider", "[[override]]\nprovider = \"awz\"\ndiscount = 0.1\n",
			[]string{"catalog.toml:2:", `provider "awz" has no offer in the catalog (known providers: `, "aws, azure", "did you mean aws?", "use a known provider's key, or add awz's offers with [[offer]]"}},
		{"policy of an unknown provider", "[policy.nope]\ncommit_1y = 0.2\n",
			[]string{"catalog.toml:1:", "[policy.nope]", `provider "nope" has no offer in the catalog (known providers: `}},
		{"instance type in upper case", "[[offer]]\nprovider = \"aws\"\ninstance_type = \"P5.48XLARGE\"\ngpu = \"H100 SXM5\"\ngpu_count = 8\non_demand_hourly = 0.01\n",
			[]string{"catalog.toml:3:", "aws/P5.48XLARGE is already in the catalog as aws/p5.48xlarge"}},
		{"instance type with a trailing space", "[[offer]]\nprovider = \"aws\"\ninstance_type = \"p5.48xlarge \"\n",
			[]string{"catalog.toml:3:", `"offer.instance_type": "p5.48xlarge " ends with a space: remove it`}},
		{"instance type with a leading space", "[[offer]]\nprovider = \"mylab\"\ninstance_type = \" lab-1\"\n",
			[]string{"catalog.toml:3:", "starts with a space: remove it"}},
		{"instance type with a zero-width space", "[[offer]]\nprovider = \"mylab\"\ninstance_type = \"lab-1\\u200b\"\n",
			[]string{"catalog.toml:3:", `"lab-1\u200b" holds the invisible character U+200B: remove it`}},
		{"instance type with an escape", "[[offer]]\nprovider = \"mylab\"\ninstance_type = \"evil\\u001b[31mbox\"\n",
			[]string{"catalog.toml:3:", "holds the control character U+001B"}},
		{"regions not an array", "[[offer]]\nprovider = \"mylab\"\nregions = \"us-east-1\"\n",
			[]string{"catalog.toml:3:", `key "offer.regions": must be an array, e.g. regions = ["us-east-1"]`}},
		{"a TSV file", "InstanceType\tAcceleratorName\tPrice\nlab-1\tH100\t1.0\n",
			[]string{"catalog.toml:1:", "looks like TSV", "an overlay is TOML"}},
		{"a CSV file", "InstanceType,AcceleratorName,Price\nlab-1,H100,1.0\n",
			[]string{"catalog.toml:1:", "looks like CSV", "an overlay is TOML"}},
		{"override with nothing to do", "[[override]]\nprovider = \"aws\"\n", []string{"catalog.toml:1:", "nothing to override"}},
		{"upper-case provider", "[[override]]\nprovider = \"AWS\"\ndiscount = 0.1\n", []string{"catalog.toml:2:", "provider", "lower case"}},
		{"unknown GPU", "[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu = \"Z9000\"\ngpu_count = 1\non_demand_hourly = 1\n",
			[]string{"catalog.toml:4:", `"gpu"`, "Z9000"}},
		{"NVLink on a GPU without it", "[[offer]]\nprovider = \"x\"\ninstance_type = \"y\"\ngpu = \"L40S\"\ngpu_count = 4\non_demand_hourly = 1\ninterconnect = \"nvlink\"\n",
			[]string{"catalog.toml:7:", "interconnect", "no NVLink"}},
		{"bad interconnect word", "[[offer]]\ninterconnect = \"infiniband\"\n", []string{"catalog.toml:2:", "interconnect", "nvswitch"}},
		{"duplicate of a catalog offer", "[[offer]]\nprovider = \"aws\"\ninstance_type = \"p5.48xlarge\"\ngpu = \"H100 SXM5\"\ngpu_count = 8\non_demand_hourly = 1\n",
			[]string{"catalog.toml:3:", "already in the catalog"}},
		{"bad policy discount", "[policy.aws]\ncommit_3y = 1.5\n", []string{"catalog.toml:2:", "commit_3y"}},
		{"syntax error", "[[offer]]\nprovider = \"x\n", []string{"catalog.toml:2:"}},
		{"second offer's line", "[[offer]]\nprovider = \"a\"\ninstance_type = \"b\"\ngpu = \"L4\"\ngpu_count = 1\non_demand_hourly = 1\n\n[[offer]]\nprovider = \"a\"\ninstance_type = \"c\"\ngpu = \"L4\"\ngpu_count = 1\n",
			[]string{"catalog.toml:8:", "[[offer]] #2", "no price"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cat := embeddedCatalog(t)
			err := ApplyOverlay(cat, "catalog.toml", []byte(tc.src))
			if err == nil {
				t.Fatalf("no error for %q", tc.src)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if strings.Count(err.Error(), "\n") > 0 {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

func TestGPUNameMatches(t *testing.T) {
	cat := embeddedCatalog(t)
	tests := []struct {
		gpu, query string
		want       bool
	}{
		{"H100 SXM5", "H100", true},
		{"H100 SXM5", "h100-sxm", true},
		{"H100 PCIe or H100 SXM5", "H100", true},
		{"A100-80GB PCIe", "A10", false},
		{"A10", "A10", true},
		{"A100-80GB PCIe", "A100", true},
		{"RTX A6000", "A6000", true},
		{"RTX A6000", "rtx-a6000", true},
		{"GeForce RTX 4090", "4090", true},
		{"GeForce RTX 4090", "RTX4090", true},
		{"RTX 6000 Ada Generation", "RTX 6000 Ada", true},
		{"Quadro RTX 6000 (Turing, 24 GB)", "RTX6000", true},
		{"L40S", "L40", false},
		{"", "H100", false},
		{"H100 SXM5", "", false},
	}
	for _, tc := range tests {
		if got := GPUNameMatches(cat, tc.gpu, tc.query); got != tc.want {
			t.Errorf("GPUNameMatches(%q, %q) = %v, want %v", tc.gpu, tc.query, got, tc.want)
		}
	}
}

// Every string an overlay brings is cleaned of terminal controls before it
// reaches the catalog (an instance type holding one is refused instead:
// TestOverlayErrors).
func TestOverlayStringsCleaned(t *testing.T) {
	cat := embeddedCatalog(t)
	src := "[[offer]]\nprovider = \"mylab\"\ninstance_type = \"evilbox\"\ngpu = \"L4\"\ngpu_count = 1\n" +
		"on_demand_hourly = 1.5\nregions = [\"eu\\u202e1\", \"\\u001b]0;pwned\\u0007us\"]\nnotes = \"line1\\nline2\\u009b2J\"\n" +
		"sources = [\"\\u001b]8;;http://x\\u001b\\\\link\"]\n\n" +
		"[[override]]\nprovider = \"aws\"\ninstance_type = \"p5.48xlarge\"\ndiscount = 0.1\nnote = \"deal\\u001b[0m\\u2066!\"\n"
	if err := ApplyOverlay(cat, "o.toml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	o := offerByKey(t, cat, "mylab/evilbox")
	if strings.Join(o.Regions, ",") != "eu1,us" || o.Notes != "line1 line2" || len(o.Sources) == 0 || o.Sources[0] != "link" {
		t.Errorf("offer not cleaned: %q %q %q", o.Regions, o.Notes, o.Sources)
	}
	if p := offerByKey(t, cat, "aws/p5.48xlarge"); !strings.Contains(p.Detail().PriceNote, "(deal!)") {
		t.Errorf("override note not cleaned: %q", p.Detail().PriceNote)
	}
}

// TestOverlayMarksOrigin: an offer the overlay adds is marked as added
// (and stays so when an override then sets its price), a public offer
// whose price it overrides as the overlay's price, and every offer it
// leaves alone as public, so the launch export can tell a negotiated price
// and a private instance type from the launchers' list.
func TestOverlayMarksOrigin(t *testing.T) {
	cat := embeddedCatalog(t)
	const src = `[[offer]]
provider = "aws"
instance_type = "p5-reserved-8x"
regions = ["us-east-1"]
gpu = "H100 SXM5"
gpu_count = 8
on_demand_hourly = 20.0

[[override]]
provider = "aws"
instance_type = "p5*"
discount = 0.30
`
	if err := ApplyOverlay(cat, "catalog.toml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]model.OfferOrigin{
		"aws/p5-reserved-8x":      model.OriginOverlayOffer,
		"aws/p5.48xlarge":         model.OriginOverlayPrice,
		"aws/p4d.24xlarge":        model.OriginPublic,
		"lambda/gpu_8x_h100_sxm5": model.OriginPublic,
	} {
		if got := offerByKey(t, cat, key).Origin; got != want {
			t.Errorf("%s: origin %v, want %v", key, got, want)
		}
	}
	if emb := offerByKey(t, embeddedCatalog(t), "aws/p5.48xlarge"); emb.Origin != model.OriginPublic {
		t.Errorf("the overlay marked the embedded catalog's own offer: %v", emb.Origin)
	}
}
