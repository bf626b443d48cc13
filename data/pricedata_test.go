package data

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/internal/testenv"
	"github.com/gpupick/gpupick/model"
)

// sharedFile opens a file of ../shared/data; when it is absent the test
// skips, or fails under CI (testenv.Missing).
func sharedFile(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedDir, name))
	if err != nil {
		testenv.Missing(t, "reference data not found at %s (only present in the development workspace): %v", sharedDir, err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// The committed-use discounts derived from GCP's firm prices match the
// table of ../shared/data/commitments/README.md (A2 37%/65%, A3 High
// 30.6%/56.1%, A3 Mega 31.2%/56.4%, G2 37%/55%) within 0.1 point, and A2
// Ultra, which has no committed price in the source, gets none.
func TestGCPCommittedDiscounts(t *testing.T) {
	fams, err := parseGCPCUD(sharedFile(t, fileGCPCUD), fileGCPCUD)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]float64{"a2-highgpu": {0.37, 0.65}, "a3-highgpu": {0.306, 0.561}, "a3-megagpu": {0.312, 0.564}, "g2-standard": {0.37, 0.55}}
	got := map[string]cudFamily{}
	for _, f := range fams {
		got[f.prefix] = f
	}
	for fam, w := range want {
		f, ok := got[fam]
		if !ok {
			t.Errorf("%s: no committed discount", fam)
			continue
		}
		if !testcheck.NearAbs(f.off1y, w[0], 0.001) || !testcheck.NearAbs(f.off3y, w[1], 0.001) {
			t.Errorf("%s: %.3f/%.3f, README says %.3f/%.3f", fam, f.off1y, f.off3y, w[0], w[1])
		}
		if f.source == "" {
			t.Errorf("%s: no source", fam)
		}
	}
	if _, ok := got["a2-ultragpu"]; ok {
		t.Errorf("a2-ultragpu has no committed price in the source, got %+v", got["a2-ultragpu"])
	}
	// The firm price of a2-highgpu-1g in us-central1: SkyPilot's host
	// (0.73948) plus accelerator (2.93391) on demand, 37% off, is the
	// source's 1-year price of 1,689.37 USD per 730 h within 0.5%.
	od := 0.73948 + 2.93391
	if p := od * (1 - got["a2-highgpu"].off1y); !testcheck.NearAbs(p, 1689.3711392/730, 0.005*p) {
		t.Errorf("a2-highgpu-1g 1-year $%.4f/h, the source's is $%.4f/h", p, 1689.3711392/730)
	}
}

func TestPriceDataRefusesBadRows(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
		parse            func(string) error
	}{
		{"cud number", "machine_type,region,ondemand_usd_month,cud_1y_usd_month,cud_3y_usd_month,source\na2-highgpu-1g,us,x,1,1,s\n", "column ondemand_usd_month",
			func(s string) error { _, err := parseGCPCUD(strings.NewReader(s), "c.csv"); return err }},
		{"cud family", "machine_type,region,ondemand_usd_month,cud_1y_usd_month,cud_3y_usd_month,source\na2,us,2,1,1,s\n", "no family prefix",
			func(s string) error { _, err := parseGCPCUD(strings.NewReader(s), "c.csv"); return err }},
		{"cud disagree", "machine_type,region,ondemand_usd_month,cud_1y_usd_month,cud_3y_usd_month,source\na2-x-1g,us,2,1,1,s\na2-x-2g,us,2,1.5,1,s\n", "differ",
			func(s string) error { _, err := parseGCPCUD(strings.NewReader(s), "c.csv"); return err }},
		{"cud above on-demand", "machine_type,region,ondemand_usd_month,cud_1y_usd_month,cud_3y_usd_month,source\na2-x-1g,us,2,3,1,s\n", "not below",
			func(s string) error { _, err := parseGCPCUD(strings.NewReader(s), "c.csv"); return err }},
		{"terms months", "provider,policy,value,unit,conditions,source\nrunpod,commit_term,3;six,months,,s\n", "not a list of months",
			func(s string) error { _, err := parseCommitTerms(strings.NewReader(s), "t.csv"); return err }},
		{"spot index", "region,os,instance_type,interruption_index,interruption_frequency\nus,Linux,g5,7,>20%\n", "column interruption_index",
			func(s string) error { _, err := parseAWSSpot(strings.NewReader(s), "s.csv"); return err }},
		{"spot label", "region,os,instance_type,interruption_index,interruption_frequency\nus,Linux,g5,1,<5%\n", "does not match",
			func(s string) error { _, err := parseAWSSpot(strings.NewReader(s), "s.csv"); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.parse(tc.text)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// Nebius raised on-demand prices from 2026-10-01 (H100 to 4.50, H200 to
// 5.40 USD/GPU-h, commitment_terms.csv); a catalog price below that
// predates the rise and is replaced, dated and cited; an L40S, which the
// rise does not name, is flagged only.
func TestNebiusRise(t *testing.T) {
	d, err := parseCommitTerms(sharedFile(t, fileCommitTerms), fileCommitTerms)
	if err != nil {
		t.Fatal(err)
	}
	offers := []model.Offer{
		{Provider: "nebius", InstanceType: "h100x8", GPU: "H100 SXM5", GPUCount: 8, OnDemand: 23.6, PriceDate: "2026-11-29"},
		{Provider: "nebius", InstanceType: "h200x1", GPU: "H200 SXM", GPUCount: 1, OnDemand: 3.5},
		{Provider: "nebius", InstanceType: "l40s", GPU: "L40S", GPUCount: 1, OnDemand: 1.5},
		{Provider: "nebius", InstanceType: "h100new", GPU: "H100 SXM5", GPUCount: 1, OnDemand: 4.5, PriceDate: "2026-11-29"},
	}
	applyNebiusRise(offers, d)
	for _, tc := range []struct {
		i    int
		od   float64
		date string
		note string
	}{{0, 36, nebiusRiseDate, "predates"}, {1, 5.4, nebiusRiseDate, "predates"}, {2, 1.5, "", "may predate"}, {3, 4.5, "2026-11-29", ""}} {
		o := offers[tc.i]
		if !testcheck.NearAbs(o.OnDemand, tc.od, 1e-9) || o.PriceDate != tc.date || !strings.Contains(o.Detail().PriceNote, tc.note) {
			t.Errorf("%s: $%g dated %q note %q; want $%g dated %q noting %q", o.InstanceType, o.OnDemand, o.PriceDate, o.Detail().PriceNote, tc.od, tc.date, tc.note)
		}
	}
}

// AWS's spot feed: a row as the file has it, and types it does not cover
// left without a rate.
func TestAWSSpotBuckets(t *testing.T) {
	bs, err := parseAWSSpot(sharedFile(t, fileAWSSpot), fileAWSSpot)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, b := range bs["g4dn.xlarge"] {
		if b.Region == "af-south-1" {
			found = b.Bucket == 4 // af-south-1,Linux,g4dn.xlarge,4,>20%
		}
	}
	if !found {
		t.Errorf("af-south-1 g4dn.xlarge Linux: want bucket 4 (>20%%), got %+v", bs["g4dn.xlarge"])
	}
	for _, it := range []string{"p5e.48xlarge", "p6-b200.48xlarge"} {
		if len(bs[it]) > 0 {
			t.Errorf("%s is not covered by the feed (spot/README.md) but has %+v", it, bs[it])
		}
	}
}

// FuzzPriceDataCSV: any text is either refused with an error or read
// without a panic by the commitment and spot parsers.
func FuzzPriceDataCSV(f *testing.F) {
	f.Add("machine_type,region,ondemand_usd_month,cud_1y_usd_month,cud_3y_usd_month,source\na2-highgpu-1g,us,2,1,1,s\n")
	f.Add("provider,policy,value,unit,conditions,source\nrunpod,commit_term,3;6,months,,s\nnebius,ondemand_price_change,H100 3.85->4.50; CPU x 1->2,USD,,s\n")
	f.Add("region,os,instance_type,interruption_index,interruption_frequency\nus,Linux,g5,1,5-10%\n")
	f.Fuzz(func(t *testing.T, text string) {
		if fams, err := parseGCPCUD(strings.NewReader(text), "f.csv"); err == nil {
			for _, fm := range fams {
				if !(fm.off1y > 0 && fm.off1y < 1) || !(fm.off3y > 0 && fm.off3y < 1) {
					t.Fatalf("discount %+v out of range", fm)
				}
			}
		}
		if d, err := parseCommitTerms(strings.NewReader(text), "f.csv"); err == nil {
			for _, ct := range d.terms {
				for _, m := range ct.months {
					if m <= 0 || m > 120 {
						t.Fatalf("term %d months", m)
					}
				}
			}
		}
		if bs, err := parseAWSSpot(strings.NewReader(text), "f.csv"); err == nil {
			for _, l := range bs {
				for _, b := range l {
					if b.Bucket < 0 || b.Bucket >= len(model.InterruptionBuckets) {
						t.Fatalf("bucket %d", b.Bucket)
					}
				}
			}
		}
	})
}
