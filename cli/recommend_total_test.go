package cli

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
)

// budgetJSON is the part of the JSON result about the budget and the
// all-in totals.
type budgetJSON struct {
	Listed           int  `json:"listed"`
	OverBudget       int  `json:"over_budget"`
	OverBudgetHidden bool `json:"over_budget_hidden"`
	Recommendations  []struct {
		WithinBudget *bool   `json:"within_budget"`
		Total        float64 `json:"total"`
		TotalUSD     float64 `json:"total_usd"`
		GPUTotalUSD  float64 `json:"gpu_total_usd"`
		HiddenCosts  struct {
			StorageUSD       float64 `json:"storage_usd"`
			EgressUSD        float64 `json:"egress_usd"`
			StorageUnknown   bool    `json:"storage_unknown"`
			EgressUnknown    bool    `json:"egress_unknown"`
			StorageEstimated bool    `json:"storage_estimated"`
			EgressEstimated  bool    `json:"egress_estimated"`
		} `json:"hidden_costs"`
	} `json:"recommendations"`
}

// TestRecommendOverBudgetAndAllIn: offers over the budget follow those
// within it with a count (a Note in the table, a field in JSON);
// --within-budget hides them and says how many; TOTAL is the all-in cost,
// marked when a part of it is a class estimate (or unknown).
func TestRecommendOverBudgetAndAllIn(t *testing.T) {
	isolate(t)
	t.Setenv("COLUMNS", "200") // the BUDGET column and whole totals
	args := []string{"recommend", "--budget", "0.3/h", "--egress", "2TB", "--data", "100GB", "--top", "400"}
	code, out, errOut := runCLI(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res budgetJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	over, partial := 0, 0
	for i, r := range res.Recommendations {
		if r.WithinBudget == nil {
			t.Fatalf("#%d has no within_budget", i+1)
		}
		if !*r.WithinBudget {
			over++
		} else if over > 0 {
			t.Fatalf("#%d within the budget after one over it", i+1)
		}
		h := r.HiddenCosts
		if !testcheck.NearAbs(r.TotalUSD, r.GPUTotalUSD+h.StorageUSD+h.EgressUSD, 1e-6*r.TotalUSD) {
			t.Fatalf("#%d: total_usd %v is not GPU %v + storage %v + egress %v", i+1, r.TotalUSD, r.GPUTotalUSD, h.StorageUSD, h.EgressUSD)
		}
		if h.StorageUnknown && h.StorageUSD != 0 || h.EgressUnknown && h.EgressUSD != 0 {
			t.Fatalf("#%d: an unknown price was priced: %+v", i+1, h)
		}
		if h.StorageEstimated && h.StorageUSD <= 0 || h.EgressEstimated && h.EgressUSD <= 0 {
			t.Fatalf("#%d: an estimate priced at nothing: %+v", i+1, h)
		}
		if h.StorageUnknown || h.EgressUnknown || h.StorageEstimated || h.EgressEstimated {
			partial++
		}
	}
	if over == 0 || over == len(res.Recommendations) || res.OverBudgetHidden ||
		len(res.Recommendations) == res.Listed && over != res.OverBudget {
		t.Fatalf("%d over of %d shown; over_budget %d of %d listed (hidden %v)", over, len(res.Recommendations), res.OverBudget, res.Listed, res.OverBudgetHidden)
	}
	if partial == 0 {
		t.Fatal("want offers whose egress or storage price is estimated or unknown")
	}

	// The table: a Note with the count, TOTAL marked when estimated or partial.
	_, table, _ := runCLI(t, append(args, "--verbose")...)
	if !strings.Contains(table, "Note: "+strconv.Itoa(res.OverBudget)+" offers are over the budget") {
		t.Errorf("table lacks the over-budget count %d:\n%s", res.OverBudget, table)
	}
	if !regexp.MustCompile(`(≥\$[0-9.,k]+ \+ unknown|~\$[0-9.,k]+ est\.) (storage, egress|storage|egress)`).MatchString(table) {
		t.Errorf("table does not mark an estimated or partial total:\n%s", table)
	}
	// The same marks in Chinese.
	_, zh, _ := runCLI(t, append(args, "--lang", "zh")...)
	if !regexp.MustCompile(`(≥[≈$¥0-9.,k]+ \+ 未知|[~≈][$¥0-9.,k]+ 估算) (存储, 出网流量|存储|出网流量)`).MatchString(zh) {
		t.Errorf("the Chinese table does not mark an estimated or partial total in Chinese:\n%s", zh)
	}

	// --within-budget: only offers within it, the others counted as hidden.
	_, out, _ = runCLI(t, append(args, "--within-budget", "--format", "json")...)
	var in budgetJSON
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatal(err)
	}
	if !in.OverBudgetHidden || in.OverBudget != res.OverBudget || in.Listed != res.Listed-res.OverBudget {
		t.Errorf("--within-budget: hidden %v, %d over, %d listed; without: %d over of %d", in.OverBudgetHidden, in.OverBudget, in.Listed, res.OverBudget, res.Listed)
	}
	for i, r := range in.Recommendations {
		if !*r.WithinBudget {
			t.Fatalf("--within-budget shows #%d over the budget", i+1)
		}
	}
	_, table, _ = runCLI(t, append(args, "--within-budget", "--verbose")...)
	if !strings.Contains(table, strconv.Itoa(res.OverBudget)+" offers over the budget of $0.3/h were hidden") || strings.Contains(table, " over  ") {
		t.Errorf("--within-budget table:\n%s", table)
	}
}
