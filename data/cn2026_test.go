package data

import (
	"os"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// The 2026-12-01 Chinese reference data reaches the embedded catalog:
// GPU models for Alibaba types the price sheet left unnamed (gn7 A100
// 40 GB on NVSwitch per Alibaba's 2021 doc, gn8v H20 inferred and said
// so), types only the family doc lists (ebmgn8v), and the 包月 prices of
// cn_prices.csv in cn-shanghai only, with their date, source caveat and
// confidence in the offer.
func TestCNFamiliesAndMonthlyPricesReachCatalog(t *testing.T) {
	cat := embeddedCatalog(t)
	tests := []struct {
		key, gpu string
		count    int
		ic       string
		monthly  float64
		note     string // in Notes
	}{
		{"alibaba/ecs.gn7-c13g1.26xlarge", "A100-40GB SXM4", 8, "nvswitch", 121280, "official-doc-2021; confidence: high"},
		{"alibaba/ecs.gn7-c13g1.13xlarge", "A100-40GB SXM4", 4, "nvlink", 60640, "official-doc-2021"},
		{"alibaba/ecs.ebmgn7.26xlarge", "A100-40GB SXM4", 8, "nvswitch", 0, "official-doc-2021"},
		{"alibaba/ecs.gn8v-8x.48xlarge", "H20", 8, "nvlink", 0, "inferred; doc does not name the GPU"},
		{"alibaba/ecs.ebmgn8v.48xlarge", "H20", 8, "nvlink", 0, "official-computenest; confidence: high"},
		{"alibaba/ecs.gn5-c8g1.14xlarge", "P100 PCIe 16GB or P100 SXM2 16GB", 8, "", 0, "NVIDIA P100"},
		{"alibaba/ecs.gn7e-c16g1.32xlarge", "A100-80GB PCIe or A100-80GB SXM4", 8, "nvlink", 133408, "third-party"},
	}
	for _, tt := range tests {
		o := offerByKey(t, cat, tt.key)
		d := o.Detail()
		if o.GPU != tt.gpu || o.GPUCount != tt.count || string(o.Interconnect) != tt.ic {
			t.Errorf("%s: %d x %q on %q, want %d x %q on %q", tt.key, o.GPUCount, o.GPU, o.Interconnect, tt.count, tt.gpu, tt.ic)
		}
		if !strings.Contains(o.Notes, tt.note) {
			t.Errorf("%s: notes %q lack %q", tt.key, o.Notes, tt.note)
		}
		if d.Monthly != tt.monthly {
			t.Errorf("%s: monthly %v, want %v", tt.key, d.Monthly, tt.monthly)
		}
		if tt.monthly > 0 {
			if len(d.PlanRegions) != 1 || d.PlanRegions[0] != "cn-shanghai" {
				t.Errorf("%s: monthly price holds in %v, want cn-shanghai only", tt.key, d.PlanRegions)
			}
			for _, want := range []string{"cn-shanghai: pay-as-you-go", "monthly", "2023-06", "third-party transcription", "confidence: medium"} {
				if !strings.Contains(d.PriceNote, want) {
					t.Errorf("%s: price note %q lacks %q", tt.key, d.PriceNote, want)
				}
			}
		}
		if o.OnDemand == 0 && d.Monthly == 0 && !strings.Contains(o.Notes, "price on request") {
			t.Errorf("%s: no price and no 'price on request' (notes %q)", tt.key, o.Notes)
		}
	}
	if g, ok := cat.GPUs["H20"]; !ok || g.MemBandwidthGBs != 4000 || !strings.Contains(g.Notes, "INFERENCE PART") {
		t.Errorf("H20 in the GPU table: %+v, want 4000 GB/s and marked an inference part", g)
	}
}

// A ratio the data suggests but no source states (包月 ≈ 480 or 288 ×
// 按量) is never a price: every Alibaba monthly price is one of
// cn_prices.csv's 包月 figures, and the spot rules carry no derived row.
func TestCNDerivedRatioIsNeverAPrice(t *testing.T) {
	needShared(t)
	f, err := os.Open(sharedDir + "/" + fileCNPrices)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	plans, err := parseCNPrices(f, fileCNPrices)
	if err != nil {
		t.Fatal(err)
	}
	published := map[string]float64{}
	for _, p := range plans {
		published[p.instanceType] = p.monthly
	}
	cat := embeddedCatalog(t)
	n := 0
	for i := range cat.Offers {
		o := &cat.Offers[i]
		m := o.Detail().Monthly
		if o.Provider != "alibaba" || m == 0 {
			continue
		}
		n++
		if want, ok := published[o.InstanceType]; !ok || !testcheck.NearAbs(m, want, 1e-9) {
			t.Errorf("%s: monthly %v is not a published 包月 price (cn_prices.csv: %v, listed %v)", o.Key(), m, want, ok)
		}
	}
	if n < 25 {
		t.Errorf("%d Alibaba offers with a monthly price, want the 30 types of cn_prices.csv (some merge)", n)
	}
	for _, p := range cat.Policies {
		if strings.Contains(p.SpotNote+strings.Join(p.Notes, " "), "derived_monthly") {
			t.Errorf("%s: a derived ratio reached the policy: %q", p.Provider, p.SpotNote)
		}
	}
}

// The spot rules of cn_discounts_spot.csv: Alibaba up to 90% off with
// about 5 minutes' notice, Tencent down to 10% of pay-as-you-go (90% off)
// with 2 minutes', each with its confidence.
func TestCNSpotRules(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, tt := range []struct {
		prov       string
		notice     float64
		protection string
	}{{"alibaba", 300, "spot_protection_period: 1 hour"}, {"tencent", 120, "spot_protection_period: none stated"}} {
		p := cat.Policies[tt.prov]
		if p.SpotDiscountMax.Fraction != 0.9 || !p.SpotDiscountMax.UpTo || !strings.Contains(p.SpotDiscountMax.Note, "confidence: high") {
			t.Errorf("%s: spot discount %+v, want up to 90%% with its confidence", tt.prov, p.SpotDiscountMax)
		}
		if p.SpotNoticeSeconds != tt.notice {
			t.Errorf("%s: notice %v s, want %v", tt.prov, p.SpotNoticeSeconds, tt.notice)
		}
		if !strings.Contains(p.SpotNote, tt.protection) {
			t.Errorf("%s: spot note lacks %q: %q", tt.prov, tt.protection, p.SpotNote)
		}
	}
}

func TestCNSpotDiscountPct(t *testing.T) {
	for _, tt := range []struct {
		value, unit string
		want        float64
		err         string
	}{
		{"up to 90% off pay-as-you-go", "fraction of PAYG", 90, ""},
		{"0.1 to 1.0 of PAYG ('最低1折')", "fraction of PAYG", 90, ""},
		{"0.2 of PAYG", "fraction of PAYG", 80, ""},
		{"none", "text", 0, "states no number"},
		{"150% off", "text", 0, "neither a percentage"},
		{"3 of PAYG", "fraction of PAYG", 0, "neither a percentage"},
	} {
		got, err := cnSpotDiscountPct(tt.value, tt.unit)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: err %v, want %q", tt.value, err, tt.err)
			}
			continue
		}
		if err != nil || !testcheck.NearAbs(got, tt.want, 1e-9) {
			t.Errorf("%q: %v, %v; want %v", tt.value, got, err, tt.want)
		}
	}
}

// Bad rows of the new tables are errors naming the file, line and column.
func TestCNTablesErrors(t *testing.T) {
	famHead := "instance_type,gpu,gpu_count,gpu_fraction,gpu_mem_gb,vcpus,mem_gib,interconnect,network_gbps,local_storage,gpu_model_basis,source_url,source_date,confidence\n"
	priceHead := "provider,instance_type,region,price_model,price_cny,unit,date,source_url,confidence\n"
	spotHead := "provider,topic,value,unit,conditions,source_url,date,quote,confidence\n"
	for _, tt := range []struct {
		name, text, want string
		parse            func(string) error
	}{
		{"family type", famHead + "gn7,A100,8,,40,8,8,,,,official-doc,u,d,high\n", "column instance_type", famParse},
		{"family twice", famHead + "ecs.a,A100,8,,40,8,8,,,,official-doc,u,d,high\necs.a,A100,8,,40,8,8,,,,official-doc,u,d,high\n", "listed twice", famParse},
		{"family confidence", famHead + "ecs.a,A100,8,,40,8,8,,,,official-doc,u,d,\n", "column confidence", famParse},
		{"family count", famHead + "ecs.a,A100,eight,,40,8,8,,,,official-doc,u,d,high\n", "column gpu_count", famParse},
		{"price model", priceHead + "Alibaba Cloud,ecs.a,cn-shanghai,yearly,1,CNY/year,2023-06,u,medium\n", "column price_model", priceParse},
		{"price unit", priceHead + "Alibaba Cloud,ecs.a,cn-shanghai,\"subscription_monthly (包月, list)\",1,CNY/hour,2023-06,u,medium\n", "column unit", priceParse},
		{"price zero", priceHead + "Alibaba Cloud,ecs.a,cn-shanghai,\"payg (按量, list)\",0,CNY/hour,2023-06,u,medium\n", "column price_cny", priceParse},
		{"spot provider", spotHead + "Baidu,spot_max_discount,up to 90%,x,,u,d,q,high\n", "column provider", spotParse},
		{"spot value", spotHead + "Alibaba Cloud,spot_max_discount,a lot,x,,u,d,q,high\n", "column value", spotParse},
	} {
		err := tt.parse(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%s: err %v, want one naming the line and %q", tt.name, err, tt.want)
		}
	}
}

func famParse(s string) error {
	_, err := parseCNFamilies(strings.NewReader(s), "f.csv")
	return err
}

func priceParse(s string) error {
	_, err := parseCNPrices(strings.NewReader(s), "p.csv")
	return err
}

func spotParse(s string) error {
	_, err := parseCNSpotRules(strings.NewReader(s), "s.csv")
	return err
}

// FuzzCNTables: the 2026-12-01 readers never panic; an error names the
// file.
func FuzzCNTables(f *testing.F) {
	f.Add("instance_type,gpu,gpu_count,gpu_fraction,gpu_mem_gb,vcpus,mem_gib,interconnect,network_gbps,local_storage,gpu_model_basis,source_url,source_date,confidence\necs.a,NVIDIA A100 (x),8,,40,8,8,NVSwitch,,,official-doc,u,d,high\n")
	f.Add("provider,instance_type,region,price_model,price_cny,unit,date,source_url,confidence\nAlibaba Cloud,ecs.a,cn-shanghai,\"payg (按量, list)\",1e308,CNY/hour,2023-06,u,medium\n")
	f.Add("provider,topic,value,unit,conditions,source_url,date,quote,confidence\nTencent Cloud,spot_discount_range,0.1 to 1.0,fraction of PAYG,,u,d,q,high\n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, parse := range []func(string) error{famParse, priceParse, spotParse} {
			if err := parse(text); err != nil && !strings.Contains(err.Error(), ".csv") {
				t.Errorf("error does not name the file: %v", err)
			}
		}
		if fam, err := parseCNFamilies(strings.NewReader(text), "f.csv"); err == nil {
			for _, f := range fam {
				_ = f.nvlinkCell()
				_ = f.accelerator()
			}
		}
	})
}
