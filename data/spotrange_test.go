package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

const spotHead = "provider,discount_min_pct,discount_max_pct,source_url,quality,note\n"

func TestParseSpotRanges(t *testing.T) {
	for _, tc := range []struct{ name, text, err string }{
		{"good", spotHead + "gcp,60,91,https://g,primary,n\n", ""},
		{"no source", spotHead + "gcp,60,91,,primary,n\n", "column source_url: empty"},
		{"min not below max", spotHead + "gcp,91,60,https://g,primary,n\n", "91 is not below 60"},
		{"percent as fraction text", spotHead + "gcp,60%,91,https://g,primary,n\n", `column discount_min_pct: "60%"`},
		{"over 100", spotHead + "gcp,60,120,https://g,primary,n\n", "column discount_max_pct"},
		{"twice", spotHead + "gcp,60,91,https://g,primary,n\ngcp,50,90,https://g,primary,n\n", "has a row already"},
		{"missing column", "provider,discount_min_pct\ngcp,60\n", "discount_max_pct"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseSpotRanges(strings.NewReader(tc.text), "facts/spot_discounts.csv")
			switch {
			case tc.err == "" && (err != nil || len(got) != 1 || got[0].Min != 60 || got[0].Max != 91):
				t.Errorf("got %+v, %v", got, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), "facts/spot_discounts.csv")):
				t.Errorf("error %v, want one naming the file and %q", err, tc.err)
			}
		})
	}
}

func TestApplySpotRanges(t *testing.T) {
	pols := map[string]model.Policy{"gcp": {Provider: "gcp", SpotDiscountMax: model.Discount{Fraction: 0.91, UpTo: true}}}
	if err := applySpotRanges(pols, []spotRange{{Line: 2, Provider: "gcp", Min: 60, Max: 91, Source: "https://g ; https://h"}}); err != nil {
		t.Fatal(err)
	}
	if p := pols["gcp"]; p.SpotDiscountMin.Fraction != 0.6 || p.SpotDiscountMax.Fraction != 0.91 || len(p.Sources) != 2 {
		t.Errorf("policy %+v", p)
	}
	// A top that disagrees with provider_policies.csv is an error, never an override.
	if err := applySpotRanges(pols, []spotRange{{Line: 2, Provider: "gcp", Min: 60, Max: 90, Source: "s"}}); err == nil || !strings.Contains(err.Error(), "provider_policies.csv gives 91%") {
		t.Errorf("disagreeing top: %v", err)
	}
	if err := applySpotRanges(pols, []spotRange{{Line: 3, Provider: "nosuch", Min: 1, Max: 2, Source: "s"}}); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("unknown provider: %v", err)
	}
}

// The embedded catalog carries Google's stated 60-91% for GCP spot.
func TestEmbeddedGCPSpotRange(t *testing.T) {
	cat, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	pol := cat.Policies["gcp"]
	if lo, hi, ok := pol.SpotRange(); !ok || lo != 0.6 || hi != 0.91 || !strings.Contains(pol.SpotDiscountMin.Source, "cloud.google.com") {
		t.Errorf("gcp spot range %v-%v (%v) from %q", lo, hi, ok, pol.SpotDiscountMin.Source)
	}
}

// FuzzSpotRanges: any text either fails with an error naming the file or
// gives ranges with 0 <= min < max < 100, each with a source.
func FuzzSpotRanges(f *testing.F) {
	f.Add(spotHead + "gcp,60,91,https://g,primary,n\n")
	f.Add(spotHead + "gcp,NaN,91,https://g,primary,n\n")
	f.Add(spotHead + "gcp,-0,1e2,https://g,primary,\"a, b\"\n")
	f.Fuzz(func(t *testing.T, text string) {
		rs, err := parseSpotRanges(strings.NewReader(text), "fuzz.csv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.csv") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		for _, r := range rs {
			if !(r.Min >= 0 && r.Min < r.Max && r.Max < 100) || r.Source == "" || r.Provider == "" {
				t.Fatalf("range %+v", r)
			}
		}
	})
}
