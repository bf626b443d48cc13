package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// recommend prints what a gate costs under "Why #1" in the table and as
// tradeoffs in the JSON: Qwen2.5-14B at 128k context for 4 users, whose
// first-token limit forces a dear pick; and FLUX.1-dev under the realtime
// class is not said to meet it.
func TestRecommendGateAndImageClass(t *testing.T) {
	isolate(t)
	args := []string{"recommend", "--model", "qwen2.5-14b", "--context", "128k", "--users", "4", "--top", "3"}
	code, out, errs := runCLI(t, args...)
	if code != 0 || !strings.Contains(out, "Why #1:") || !strings.Contains(out, "first-token limit makes #1 cost") {
		t.Fatalf("exit %d, stderr %q; the table does not price the first-token limit:\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, append(args, "--format", "json")...)
	var res struct {
		Recommendations []struct {
			TotalUSD float64 `json:"total_usd"`
		} `json:"recommendations"`
		Tradeoffs []struct {
			Gate     string  `json:"gate"`
			TotalUSD float64 `json:"total_usd"`
			Text     string  `json:"text"`
		} `json:"tradeoffs"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || len(res.Recommendations) == 0 {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	found := false
	for _, g := range res.Tradeoffs {
		if g.Gate == "first-token" && g.TotalUSD > 0 && g.TotalUSD*1.5 <= res.Recommendations[0].TotalUSD && g.Text != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("no first-token tradeoff at two thirds of #1's cost or less in the JSON: %+v", res.Tradeoffs)
	}
	code, out, _ = runCLI(t, "recommend", "--model", "flux.1-dev", "--latency", "realtime", "--top", "3", "--format", "json")
	var img struct {
		Requirement struct {
			MaxSecondsPerImage float64 `json:"max_s_per_image"`
		} `json:"requirement"`
		Recommendations []struct {
			Speed struct {
				MeetsLatency    bool    `json:"meets_latency"`
				SecondsPerImage float64 `json:"seconds_per_image"`
			} `json:"speed"`
		} `json:"recommendations"`
	}
	if err := json.Unmarshal([]byte(out), &img); err != nil || code != 0 || len(img.Recommendations) == 0 {
		t.Fatalf("flux: exit %d, %v:\n%s", code, err, out)
	}
	if img.Requirement.MaxSecondsPerImage != 1 {
		t.Errorf("flux realtime: limit %v s per image", img.Requirement.MaxSecondsPerImage)
	}
	for i, r := range img.Recommendations {
		if r.Speed.MeetsLatency && (r.Speed.SecondsPerImage <= 0 || r.Speed.SecondsPerImage > 1) {
			t.Errorf("flux realtime #%d meets the class at %.1f s per image", i+1, r.Speed.SecondsPerImage)
		}
	}
}
