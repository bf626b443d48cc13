package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRecommendDeadline is the case: a 70B pre-train on 1T tokens
// within 30 days is planned on several nodes and every run listed
// finishes in time; the deadline is in the JSON requirement and the TOML
// record. Given without a job, or out of range, it is refused (exit 2)
// naming the flag.
func TestRecommendDeadline(t *testing.T) {
	isolate(t)
	args := []string{"recommend", "--workload", "pretrain", "--model", "llama-3.1-70b", "--tokens", "1T", "--deadline", "30d"}
	code, out, errs := runCLI(t, append(args, "--format", "json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Requirement struct {
			DeadlineHours float64 `json:"deadline_hours"`
		} `json:"requirement"`
		Recommendations []struct {
			InstanceType  string  `json:"instance_type"`
			Nodes         int     `json:"nodes"`
			RunHours      float64 `json:"run_hours"`
			CalendarHours float64 `json:"calendar_hours"`
			HourlyUSD     float64 `json:"hourly_usd"`
			GPUTotalUSD   float64 `json:"gpu_total_usd"`
			Speed         struct {
				NodeLink string `json:"node_link"`
			} `json:"speed"`
		} `json:"recommendations"`
		Notes []string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	if res.Requirement.DeadlineHours != 720 || len(res.Recommendations) == 0 {
		t.Fatalf("deadline %v h, %d recommendations; notes %v", res.Requirement.DeadlineHours, len(res.Recommendations), res.Notes)
	}
	top := res.Recommendations[0]
	if top.Nodes < 2 || top.Speed.NodeLink != "rdma" {
		t.Errorf("top pick %s on %d node(s) over %q; want several nodes over RDMA", top.InstanceType, top.Nodes, top.Speed.NodeLink)
	}
	// The GPUs' total is the hourly price of all nodes times the hours.
	if d := top.GPUTotalUSD - top.HourlyUSD*top.RunHours; d > 1e-6*top.GPUTotalUSD || d < -1e-6*top.GPUTotalUSD {
		t.Errorf("GPU total $%.0f is not $%.2f/h x %.1f h", top.GPUTotalUSD, top.HourlyUSD, top.RunHours)
	}
	for i, r := range res.Recommendations {
		if r.CalendarHours <= 0 || r.CalendarHours > 720 || r.RunHours > 720 {
			t.Errorf("#%d %s x%d nodes: %.0f h, over the 720 h deadline", i+1, r.InstanceType, r.Nodes, r.CalendarHours)
		}
	}

	code, out, errs = runCLI(t, append(args, "--format", "toml")...)
	if code != exitOK || !strings.Contains(out, "deadline_hours = 720") {
		t.Errorf("toml: exit %d, %s; want deadline_hours = 720 in:\n%s", code, errs, out)
	}

	for _, bad := range [][]string{
		{"recommend", "--workload", "pretrain", "--model", "llama-3.1-70b", "--deadline", "30d", "--duration", "2w"},
		{"recommend", "--params", "8B", "--deadline", "30d"},
		{"recommend", "--params", "8B", "--tokens", "1B", "--deadline", "0d"},
		{"recommend", "--params", "8B", "--tokens", "1B", "--deadline", "soon"},
	} {
		code, _, errs := runCLI(t, bad...)
		if code != exitUsage || !strings.Contains(errs, "--deadline") {
			t.Errorf("%v: exit %d, %q; want exit %d naming --deadline", bad[1:], code, errs, exitUsage)
		}
	}
}
