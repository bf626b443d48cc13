package systemtest

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// Helpers shared by the advisor's system tests (advisor_*_test.go).

// advisorEmbedded is the embedded catalog (data.Embedded); a catalog that
// does not decode stops the test.
func advisorEmbedded(tb testing.TB) *model.Catalog {
	tb.Helper()
	cat, err := data.Embedded()
	if err != nil {
		tb.Fatalf("embedded catalog: %v", err)
	}
	return cat
}

// withModel is the default answers for a workload on a model preset at a
// precision (the batch latency class for training).
func withModel(w model.Workload, preset string, p model.Precision) model.Answers {
	a := model.DefaultAnswers()
	a.Workload, a.Model, a.Precision = w, preset, p
	if w.Training() {
		a.Latency = model.LatencyBatch
	}
	return a
}

func noteWith(res model.Result, s string) bool {
	for _, n := range res.Notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

func warning(r *model.Recommendation, code string) (model.Warning, bool) {
	i := slices.IndexFunc(r.Warnings, func(w model.Warning) bool { return w.Code == code })
	if i < 0 {
		return model.Warning{}, false
	}
	return r.Warnings[i], true
}

// rankScenario ranks the embedded catalog for the default answers that
// setup changes, top offers; it fails the test for answers that do not
// validate or a ranking with no offer.
func rankScenario(t *testing.T, cat *model.Catalog, setup func(a *model.Answers), top int) model.Result {
	t.Helper()
	a := model.DefaultAnswers()
	setup(&a)
	a.Normalize()
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	res := advisor.Recommend(cat, a, advisor.Options{Top: top})
	if len(res.Recommendations) == 0 {
		t.Fatalf("no recommendation; notes %v", res.Notes)
	}
	return res
}

// top is the result's first recommendation; a result with none stops the
// test with its notes (why nothing was recommended) instead of panicking.
func top(t testing.TB, res model.Result) *model.Recommendation {
	t.Helper()
	return testcheck.At(t, res.Recommendations, 0, "recommendations %v; notes %v", instanceTypes(res), res.Notes)
}

// instanceTypes are the instance types a result recommends, in order.
func instanceTypes(res model.Result) []string {
	var out []string
	for _, r := range res.Recommendations {
		out = append(out, r.InstanceType)
	}
	return out
}
