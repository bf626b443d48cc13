package advisor

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// lengthsAnswers is a generation job of 8B in BF16 on the test catalog
// with the request lengths given (0: not given), at the interactive
// class: one stream, whose job pays each prompt's prefill on top of its
// decode (a batch-class job runs as vLLM batches it: batch_test.go).
func lengthsAnswers(prompt, output int) model.Answers {
	a := model.DefaultAnswers()
	a.Model, a.Latency = "llama-3.1-8b", model.LatencyInteractive
	a.DurationMode, a.JobTokens = model.DurationJob, 1e9
	a.PromptTokens, a.OutputTokens = prompt, output
	return a
}

// TestRequestLengthsReachTheJob: the prompt and output lengths given
// reach the estimate. The first token prefills the prompt given; a job
// pays one prompt's prefill per output at the offer's prefill speed on
// top of its decode time (and so lasts longer than the decode-only job on
// the same offer, at no lower cost: a term may cover both); without them the job counts generated tokens only,
// and the assumptions say which.
func TestRequestLengthsReachTheJob(t *testing.T) {
	cat := testCatalog()
	opts := Options{Top: 50}
	plain := Recommend(cat, lengthsAnswers(0, 0), opts)
	if len(plain.Recommendations) == 0 {
		t.Fatalf("nothing recommended: %v", plain.Notes)
	}
	if !hasAssumption(plain, "generated tokens only") {
		t.Errorf("no decode-only assumption in %q", plain.Requirement.Assumptions)
	}
	decodeOnly := map[string]model.Recommendation{}
	for _, r := range plain.Recommendations {
		s := r.Speed
		if s.ThroughputTokensSec > 0 && !nearRel(s.JobHours, 1e9/s.ThroughputTokensSec/3600) {
			t.Errorf("%s: %.1f job hours, want %.1f", r.InstanceType, s.JobHours, 1e9/s.ThroughputTokensSec/3600)
		}
		decodeOnly[r.Provider+"/"+r.InstanceType+"/"+string(r.PriceModel)] = r
	}
	for _, c := range []struct{ prompt, output int }{{1024, 1024}, {8192, 256}, {128, 2048}} {
		res := Recommend(cat, lengthsAnswers(c.prompt, c.output), opts)
		if !hasAssumption(res, "prefills one "+model.FormatContext(c.prompt)+"-token prompt per "+model.FormatContext(c.output)) {
			t.Errorf("%v: no prefill assumption in %q", c, res.Requirement.Assumptions)
		}
		compared := 0
		for _, r := range res.Recommendations {
			s := r.Speed
			if s.PromptTokens != c.prompt {
				t.Errorf("%v %s: the first token assumes a %d-token prompt", c, r.InstanceType, s.PromptTokens)
			}
			if s.ThroughputTokensSec <= 0 || s.PrefillTokensPerSec <= 0 {
				continue
			}
			want := 1e9 * (1/s.ThroughputTokensSec + float64(c.prompt)/float64(c.output)/s.PrefillTokensPerSec) / 3600
			if !nearRel(s.JobHours, want) {
				t.Errorf("%v %s: %.2f job hours, want %.2f", c, r.InstanceType, s.JobHours, want)
			}
			if d, ok := decodeOnly[r.Provider+"/"+r.InstanceType+"/"+string(r.PriceModel)]; ok && d.Speed.ThroughputTokensSec == s.ThroughputTokensSec {
				compared++
				if !(s.JobHours > d.Speed.JobHours) || r.TotalUSD < d.TotalUSD {
					t.Errorf("%v %s: %.1f h $%.0f with the prefill, %.1f h $%.0f without", c, r.InstanceType, s.JobHours, r.TotalUSD, d.Speed.JobHours, d.TotalUSD)
				}
			}
		}
		if compared == 0 && c.prompt+c.output <= 8192 {
			t.Errorf("%v: no offer to compare with the decode-only job", c)
		}
	}
}

// TestRequestLengthsSetABlankContext: with no context given, a request
// longer than the serving default sets the context (the KV cache holds
// the whole request), said in the assumptions; a prompt alone sets the
// first-token time and not the job.
func TestRequestLengthsSetABlankContext(t *testing.T) {
	cat := testCatalog()
	a := lengthsAnswers(16384, 16384)
	a.DurationMode, a.JobTokens, a.Latency = model.DurationWallClock, 0, model.LatencyInteractive
	res := Recommend(cat, a, Options{})
	if res.Requirement.Context != 32768 || !res.Requirement.ContextDefault {
		t.Errorf("context %d (default %v), want 32768 from the lengths", res.Requirement.Context, res.Requirement.ContextDefault)
	}
	if !hasAssumption(res, "prompt and output per request given") {
		t.Errorf("no context assumption in %q", res.Requirement.Assumptions)
	}
	short := Recommend(cat, lengthsAnswers(512, 0), Options{})
	if short.Requirement.Context != 8192 {
		t.Errorf("a short prompt moved the default context to %d", short.Requirement.Context)
	}
	if !hasAssumption(short, "generated tokens only") {
		t.Errorf("a prompt without an output length: %q", short.Requirement.Assumptions)
	}
}

// TestRequestLengthsNotForImages: an image model says the lengths are not
// used rather than dropping them silently.
func TestRequestLengthsNotForImages(t *testing.T) {
	a := model.DefaultAnswers()
	a.Model, a.PromptTokens, a.OutputTokens = fluxPreset.Name, 77, 1
	res := Recommend(testCatalog(), a, Options{})
	if !hasAssumption(res, "do not apply to an image model") {
		t.Errorf("image model with lengths: %q", res.Requirement.Assumptions)
	}
}
