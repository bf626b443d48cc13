package data

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// errHas reports whether err is an error whose text holds every part.
func errHas(err error, parts ...string) bool {
	if err == nil {
		return false
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			return false
		}
	}
	return true
}

const factsMoreHead = "provider,scope,fact_type,value,confidence,catalog_rows_affected,source\n"

func TestParseFactsMoreErrors(t *testing.T) {
	tests := []struct{ rows, want string }{
		{",all,nvlink,x,primary,,https://a\n", "must not be empty"},
		{"runpod,all,,x,primary,,https://a\n", "must not be empty"},
		{"runpod,all,nvlink,yes,primary,,\n", "without a source"},
		{"runpod,all,nvlink,x,p,,https://a\nrunpod,other,nvlink,y,p,,https://b\n", "appears twice"},
	}
	for _, tc := range tests {
		_, err := parseFactsMore(strings.NewReader(factsMoreHead+tc.rows), "more.csv")
		if !errHas(err, tc.want, "more.csv: line") {
			t.Errorf("%q: error %v, want a line number and %q", tc.rows, err, tc.want)
		}
	}
	rows, err := parseFactsMore(strings.NewReader(factsMoreHead+"Cudo,all,interconnect/vcpu,nothing found,,156,\n"), "more.csv")
	if err != nil || len(rows) != 1 || rows[0].Key() != "cudo/interconnect/vcpu" || !rows[0].nothingFound() {
		t.Errorf("a nothing-found row without a source: %v %+v", err, rows)
	}
}

func TestCheckFactsFrom(t *testing.T) {
	rows := []factsMoreRow{
		{Line: 2, Provider: "runpod", FactType: "form_factor_names", Value: "ids", Source: "https://r"},
		{Line: 3, Provider: "vast", FactType: "pcie_fields", Value: "pci_gen", Source: "https://v"},
		{Line: 4, Provider: "cudo", FactType: "interconnect/vcpu", Value: "nothing found"},
	}
	tests := []struct {
		from   string
		unused string
		want   string // error text, "" = accepted
	}{
		{"runpod/form_factor_names", "cudo/interconnect/vcpu,vast/pcie_fields", ""},
		{"runpod/form_factor_names;vast/pcie_fields", "cudo/interconnect/vcpu", ""},
		{"", "cudo/interconnect/vcpu,runpod/form_factor_names,vast/pcie_fields", ""},
		{"runpod/nvlink", "", `no row "runpod/nvlink"`},
		{"cudo/interconnect/vcpu", "", "records nothing found"},
	}
	for _, tc := range tests {
		unused, err := checkFactsFrom([]factRule{{Line: 7, From: tc.from}}, rows)
		if tc.want != "" {
			if !errHas(err, tc.want, "line 7") {
				t.Errorf("from %q: error %v, want %q", tc.from, err, tc.want)
			}
			continue
		}
		if err != nil || strings.Join(unused, ",") != tc.unused {
			t.Errorf("from %q: unused %v (%v), want %s", tc.from, unused, err, tc.unused)
		}
	}
}

// TestInstanceFactsMoreAccountedFor checks that every row of the reference
// data's instance_facts_more.csv is either restated in facts/offer_facts.csv
// (a row naming it in column from) or listed here with the reason it gives
// no offer fact. A new row fails the test until it is one or the other.
func TestInstanceFactsMoreAccountedFor(t *testing.T) {
	needShared(t)
	f, err := os.Open(filepath.Join(sharedDir, fileFactsMore))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := parseFactsMore(f, fileFactsMore)
	if err != nil {
		t.Fatal(err)
	}
	facts, err := openParse(embFS, "facts/offer_facts.csv", parseFacts)
	if err != nil {
		t.Fatal(err)
	}
	unused, err := checkFactsFrom(facts, rows)
	if err != nil {
		t.Fatal(err)
	}
	notIngested := map[string]string{
		"runpod/inter_node_network":      "Instant Clusters are not in the SkyPilot catalog",
		"runpod/commitment_price_fields": "live API fields; no values are stored",
		"nebius/intra_node_and_host":     "already in instance_families.csv (the Nebius B200 row cites the same MLPerf file)",
		"cudo/interconnect/vcpu":         "nothing found",
		"seeweb/interconnect/vcpu":       "nothing found",
		"paperspace/interconnect/vcpu":   "nothing found",
	}
	for _, k := range unused {
		if _, ok := notIngested[k]; !ok {
			t.Errorf("%s row %s is neither restated in facts/offer_facts.csv (column from) nor listed as not ingested", fileFactsMore, k)
		}
		delete(notIngested, k)
	}
	for k := range notIngested {
		t.Errorf("%s is listed as not ingested but a fact names it, or the row is gone", k)
	}
}

// TestFactsMoreInEmbeddedCatalog spot-checks what the ingested rows did to
// the offers: each keeps the fact's source, and an inference says so.
func TestFactsMoreInEmbeddedCatalog(t *testing.T) {
	cat := embeddedCatalog(t)
	const (
		runpodTypes = "https://github.com/runpod/docs/blob/a900806e253c4f8c16da27d1a4370e72456da4cb/references/gpu-types.mdx"
		gpuhuntNeb  = "https://github.com/dstackai/gpuhunt/blob/35841515de3792fe6be73b0422ac8901b6b929c8/src/gpuhunt/providers/nebius.py"
		gpuhuntVer  = "https://github.com/dstackai/gpuhunt/blob/35841515de3792fe6be73b0422ac8901b6b929c8/src/gpuhunt/providers/verda.py"
		vastDocs    = "https://github.com/vast-ai/docs/blob/c624622622496828c1ae58edec481bba1f5d675d/cli/reference/search-offers.mdx"
	)
	tests := []struct {
		key, source string
		gpu         string // "" = not checked
		form        string
		check       func(o *model.Offer) bool
		what        string
	}{
		{"runpod/2x_H100_SECURE", runpodTypes, "H100 PCIe", "PCIe", func(o *model.Offer) bool { return strings.Contains(o.Notes, "'NVIDIA H100 PCIe'") }, "the GPU id in the notes"},
		{"runpod/8x_H100-SXM_SECURE", runpodTypes, "H100 SXM5", "SXM", func(o *model.Offer) bool { return strings.Contains(o.Notes, "UNVERIFIED, not used as a fact") }, "the draft NVLink sentence marked unverified"},
		{"runpod/4x_MI300X_SECURE", runpodTypes, "Instinct MI300X", "other", func(o *model.Offer) bool { return strings.Contains(o.Notes, "OAM") }, "the OAM id"},
		{"nebius/gpu-h200-sxm_8gpu-128vcpu-1600gb", gpuhuntNeb, "", "SXM", func(o *model.Offer) bool {
			return strings.Contains(o.InterNodeNetwork, "InfiniBand 400 Gbps") && strings.Contains(o.InterNodeNetwork, "fabric-5 (eu-west1)") && o.RDMA == model.Yes
		}, "the family's network text plus the fabrics"},
		{"verda/4A100.88V", gpuhuntVer, "A100-80GB SXM4", "SXM", func(o *model.Offer) bool {
			return strings.Contains(o.Notes, "inferred, not stated in the SkyPilot rows") && strings.HasPrefix(o.Detail().InterconnectNote, inferredPrefix)
		}, "the form factor and the link marked inferred"},
		{"verda/1V100.6V", "", "V100 PCIe 16GB or V100 SXM2 16GB", "", func(o *model.Offer) bool { return true }, "no SXM fact for V100"},
		{"lambda/gpu_8x_a100", "https://lambda.ai/instances (transcribed at https://github.com/api-evangelist/lambda-labs/blob/1929382e7f9b4777d980aec12b6fc9e04e6718cb/plans/lambda-labs-plans-pricing.yml)", "A100-40GB SXM4", "SXM",
			func(o *model.Offer) bool {
				return strings.Contains(o.Notes, "inferred, not stated in the SkyPilot row") && strings.Contains(o.Notes, "124 vCPUs")
			}, "the size match marked inferred"},
		{"vast/2x-RTX_3090-32-65536", vastDocs, "", "PCIe", func(o *model.Offer) bool {
			return strings.Contains(o.Notes, "bw_nvlink") && o.Interconnect == model.InterconnectPCIe && strings.HasPrefix(o.Detail().InterconnectNote, pcieCardPrefix)
		}, "live-only fields named, link inferred from the form factor"},
	}
	for _, tc := range tests {
		o := offerByKey(t, cat, tc.key)
		if tc.source != "" && !containsFold(o.Sources, tc.source) {
			t.Errorf("%s: sources %v lack %s", tc.key, o.Sources, tc.source)
		}
		if tc.gpu != "" && o.GPU != tc.gpu {
			t.Errorf("%s: GPU %q, want %q", tc.key, o.GPU, tc.gpu)
		}
		if o.Detail().FormFactor != tc.form {
			t.Errorf("%s: form factor %q, want %q", tc.key, o.Detail().FormFactor, tc.form)
		}
		if !tc.check(o) {
			t.Errorf("%s: want %s; notes %q; interconnect %s (%q); network %q", tc.key, tc.what, o.Notes, o.Interconnect, o.Detail().InterconnectNote, o.InterNodeNetwork)
		}
	}
}

// TestPCIeCardInferenceMarked checks every offer whose "pcie" rests on its
// GPU's form factor: several GPUs of a PCIe card, the note marked as an
// inference, no provider link text in front of it.
func TestPCIeCardInferenceMarked(t *testing.T) {
	cat := embeddedCatalog(t)
	n := 0
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if !strings.Contains(o.Detail().InterconnectNote, pcieCardPrefix) {
			continue
		}
		n++
		g := cat.GPUs[o.GPU]
		if o.Interconnect != model.InterconnectPCIe || o.GPUCount < 2 || formClass(g.FormFactor) != "PCIe" || !strings.HasPrefix(o.Detail().InterconnectNote, pcieCardPrefix) {
			t.Errorf("%s: %s for %d x %s (form %q), note %q", o.Key(), o.Interconnect, o.GPUCount, o.GPU, g.FormFactor, o.Detail().InterconnectNote)
		}
	}
	if n < 100 {
		t.Errorf("only %d offers carry the PCIe-card inference", n)
	}
}
