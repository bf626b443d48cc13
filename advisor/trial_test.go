package advisor

import (
	"fmt"
	"slices"
	"strings"
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
			tr := PlanTrial(model.Result{Recommendations: tc.recs, Currency: model.USD}, nil, nil, MeasureCompute, tc.hours)
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
	for _, k := range []textKey{kTrialRuleRun, kTrialRuleDrop, kTrialRuleKeep, kTrialRulePickDecode, kTrialRulePickStep, kTrialRulePickPooling, kTrialRulePickCompute,
		kTrialExpectDecode, kTrialExpectStep, kTrialExpectPooling, kTrialExpectCompute, kTrialUnknownFigure} {
		checkPair(t, fmt.Sprintf("trial text %d", k), texts[k], false)
	}
	for i := range trialPickKeys {
		m := TrialMeasure(i)
		en, zh := TrialRule(m, "en"), TrialRule(m, "zh-CN")
		if len(en) != 4 || len(zh) != 4 || en[2] == zh[2] || !hasHan(zh[2]) {
			t.Errorf("TrialRule(%d): en %q zh %q", m, en, zh)
		}
	}
}

// trialGPUs are two GPUs whose ranks differ by measure: "BW" has the
// bandwidth, "FL" the TFLOPS (figures made up for the order, not facts).
var trialGPUs = map[string]model.GPU{
	"BW": {Name: "BW", MemBandwidthGBs: 8000, BF16TFLOPS: 400},
	"FL": {Name: "FL", MemBandwidthGBs: 2000, BF16TFLOPS: 1000},
}

// The trial ranks by the resource the workload is bound by, per unit of
// hourly price, and always tries the saved choice.
func TestPlanTrialRanksByBoundAndKeepsChoice(t *testing.T) {
	rec := func(name, gpu string, n int, hourly float64) model.Recommendation {
		r := trialRec(name, model.PriceOnDemand, hourly, hourly)
		r.GPU, r.GPUCount, r.GPUsUsed = gpu, n, n
		return r
	}
	// The advisor's ranking: a (FL), b (BW), c (FL ×2), d (BW, dear).
	ranking := []model.Recommendation{rec("a", "FL", 1, 2), rec("b", "BW", 1, 2), rec("c", "FL", 2, 3), rec("d", "BW", 1, 10)}
	savedD := ranking[3]
	gone := rec("old", "BW", 1, 1) // the record's choice, not in today's ranking
	for _, tc := range []struct {
		name    string
		measure TrialMeasure
		saved   *model.Recommendation
		want    []string // instance types in the trial's order
		fromRec string
	}{
		// Serving decodes: 8000/2 (b) > 4000/3 (c) > 2000/2 (a).
		{"decode-bound serving ranks by bandwidth per price", MeasureDecode, nil, []string{"b", "c", "a"}, ""},
		// Training: 2000/3 (c) > 1000/2 (a) > 400/2 (b).
		{"training ranks by TFLOPS per price", MeasureStep, nil, []string{"c", "a", "b"}, ""},
		{"embedding ranks by TFLOPS per price", MeasurePooling, nil, []string{"c", "a", "b"}, ""},
		// The saved choice d is 4th in the ranking: it joins the trial
		// with the two best others, and ranks by its figure (800/h).
		{"the saved choice is tried though ranked 4th", MeasureDecode, &savedD, []string{"b", "a", "d"}, ""},
		{"a saved choice gone from the ranking is tried from the record", MeasureDecode, &gone, []string{"old", "b", "a"}, "old"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := PlanTrial(model.Result{Recommendations: ranking, Currency: model.USD}, tc.saved, trialGPUs, tc.measure, 1)
			var got []string
			saved := 0
			for _, c := range tr.Candidates {
				got = append(got, c.Rec.InstanceType)
				if c.Saved {
					saved++
					if c.Rec.InstanceType != tc.saved.InstanceType || c.FromRecord != (tc.fromRec != "") {
						t.Errorf("saved candidate %v (from record %v)", c, c.FromRecord)
					}
				}
				if c.PerPrice <= 0 {
					t.Errorf("%v: no figure per price", c)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("trial %v, want %v", got, tc.want)
			}
			if want := map[bool]int{true: 1, false: 0}[tc.saved != nil]; saved != want {
				t.Errorf("%d saved candidates, want %d", saved, want)
			}
			if tr.Measure != tc.measure || tr.Total != func() float64 {
				s := 0.0
				for _, c := range tr.Candidates {
					s += c.Cost
				}
				return s
			}() {
				t.Errorf("measure %d total %v", tr.Measure, tr.Total)
			}
		})
	}
	// A GPU the catalog has no figures for ranks last (the worse case).
	unknown := append(slices.Clone(ranking[:2]), rec("z", "??", 8, 1))
	tr := PlanTrial(model.Result{Recommendations: unknown}, nil, trialGPUs, MeasureDecode, 1)
	if last := tr.Candidates[2]; last.Rec.InstanceType != "z" || last.PerPrice != 0 || !strings.HasPrefix(tr.Expected(last, "en"), "unknown") {
		t.Errorf("unknown GPU: %v %q", tr.Candidates, tr.Expected(last, "en"))
	}
}

func TestTrialMeasureOf(t *testing.T) {
	for _, tc := range []struct {
		w    model.Workload
		want TrialMeasure
	}{{model.WorkloadInference, MeasureDecode}, {model.WorkloadLoRA, MeasureStep}, {model.WorkloadPretrain, MeasureStep}, {model.WorkloadEmbed, MeasurePooling}, {model.WorkloadVRAM, MeasureCompute}} {
		if got := TrialMeasureOf(model.Answers{Workload: tc.w}, nil); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.w, got, tc.want)
		}
	}
}
