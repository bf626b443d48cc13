package advisor

import (
	"fmt"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// trialRec is a recommendation priced at hourly under pm, with an
// on-demand quote of onDemand (none when 0).
func trialRec(name string, pm model.PriceModel, hourly, onDemand float64) model.Recommendation {
	r := model.Recommendation{Provider: "p", InstanceType: name, GPU: "H100 SXM5", GPUCount: 1, PriceModel: pm, Hourly: hourly}
	if onDemand > 0 {
		r.PriceModels = append(r.PriceModels, model.PriceQuote{Name: model.PriceOnDemand, Hourly: onDemand})
	}
	r.PriceModels = append(r.PriceModels, model.PriceQuote{Name: pm, Hourly: hourly})
	return r
}

func TestPlanTrial(t *testing.T) {
	for _, tc := range []struct {
		name    string
		recs    []model.Recommendation
		hours   float64
		models  []model.PriceModel
		costs   []float64
		total   float64
		unknown bool
	}{
		{"on-demand and spot are rented as chosen",
			[]model.Recommendation{trialRec("a", model.PriceOnDemand, 2, 2), trialRec("b", model.PriceSpot, 0.8, 2.4)}, 2,
			[]model.PriceModel{model.PriceOnDemand, model.PriceSpot}, []float64{4, 1.6}, 5.6, false},
		{"a commitment is tried on demand",
			[]model.Recommendation{trialRec("a", model.PriceReserved3, 1, 3), trialRec("b", model.PriceMonthly, 1.5, 2.5)}, 1,
			[]model.PriceModel{model.PriceOnDemand, model.PriceOnDemand}, []float64{3, 2.5}, 5.5, false},
		{"a monthly plan without an hourly price is unknown, not counted",
			[]model.Recommendation{trialRec("a", model.PriceMonthly, 1.5, 0), trialRec("b", model.PriceOnDemand, 2, 2)}, 1,
			[]model.PriceModel{model.PriceOnDemand, model.PriceOnDemand}, []float64{0, 2}, 2, true},
		{"only the top three",
			[]model.Recommendation{trialRec("a", model.PriceOnDemand, 1, 1), trialRec("b", model.PriceOnDemand, 2, 2), trialRec("c", model.PriceOnDemand, 3, 3), trialRec("d", model.PriceOnDemand, 4, 4)}, 0.5,
			[]model.PriceModel{model.PriceOnDemand, model.PriceOnDemand, model.PriceOnDemand}, []float64{0.5, 1, 1.5}, 3, false},
		{"nothing fits", nil, 1, nil, nil, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := PlanTrial(model.Result{Recommendations: tc.recs, Currency: model.USD}, tc.hours)
			if len(tr.Candidates) != len(tc.costs) {
				t.Fatalf("%d candidates %v, want %d", len(tr.Candidates), tr.Candidates, len(tc.costs))
			}
			for i, c := range tr.Candidates {
				if c.Rec != &tc.recs[i] {
					t.Errorf("#%d is %v, want the ranking's #%d", i+1, c, i+1)
				}
				if c.PriceModel != tc.models[i] || !testcheck.NearAbs(c.Cost, tc.costs[i], 1e-9) || c.Unknown != (tc.costs[i] == 0) {
					t.Errorf("#%d %v, want %s costing %v", i+1, c, tc.models[i], tc.costs[i])
				}
			}
			if !testcheck.NearAbs(tr.Total, tc.total, 1e-9) || tr.Unknown != tc.unknown || tr.Hours != tc.hours {
				t.Errorf("total %v unknown %v hours %v, want %v %v %v", tr.Total, tr.Unknown, tr.Hours, tc.total, tc.unknown, tc.hours)
			}
		})
	}
}

func TestTrialRuleBothLanguages(t *testing.T) {
	for i, k := range trialRule {
		checkPair(t, fmt.Sprintf("trial rule %d", i), texts[k], false)
	}
	en, zh := TrialRule("en"), TrialRule("zh-CN")
	if len(en) != len(trialRule) || len(zh) != len(en) || en[0] == zh[0] || !hasHan(zh[0]) {
		t.Errorf("TrialRule: en %q zh %q", en, zh)
	}
}
