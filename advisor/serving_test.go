package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// For a service (inference on a calendar period) the spot hint speaks of
// downtime, not of lost work; for a job it speaks of checkpoints.
func TestSpotHintServingVersusJob(t *testing.T) {
	l4 := testOffer("cloudA", "l4x1", "L4", 1, 0.98)
	l4.Spot = 0.3
	for _, tc := range []struct {
		name string
		a    model.Answers
		want string
	}{
		{"service", serve("llama-3.1-8b", model.BF16, 2048, model.LatencyBatch)(), "service must not be interrupted"},
		{"job", stated(10, func(a *model.Answers) { a.DurationMode, a.JobTokens = model.DurationJob, 1e9 }), "does not checkpoint"},
	} {
		res := Recommend(catWith(l4), tc.a, Options{Top: 1})
		if len(res.Recommendations) == 0 {
			t.Fatalf("%s: nothing recommended: %v", tc.name, res.Notes)
		}
		var msg string
		for _, w := range res.Recommendations[0].Warnings {
			if w.Code == model.WarnSpotNoCheckpoint {
				msg = w.Message
			}
		}
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s: spot hint %q, want %q", tc.name, msg, tc.want)
		}
	}
}
