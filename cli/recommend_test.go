package cli

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// isolate points the user cache and config dirs into a temporary directory
// so no test reads or writes the real home.
func isolate(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("LANG", "C.UTF-8")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
}

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// jsonResult mirrors the stable JSON names scripts rely on.
type jsonResult struct {
	Requirement struct {
		VRAMGiB   float64            `json:"vram_gib"`
		Breakdown map[string]float64 `json:"breakdown"`
	} `json:"requirement"`
	Recommendations []struct {
		Provider     string   `json:"provider"`
		InstanceType string   `json:"instance_type"`
		Region       string   `json:"region"`
		GPU          string   `json:"gpu"`
		GPUCount     int      `json:"gpu_count"`
		Nodes        int      `json:"nodes"`
		VRAMGiB      float64  `json:"vram_gib"`
		PriceModel   string   `json:"price_model"`
		HourlyUSD    float64  `json:"hourly_usd"`
		TotalUSD     float64  `json:"total_usd"`
		RiskPercent  int      `json:"risk_percent"`
		Shortfalls   []string `json:"shortfalls"`
		WithinBudget *bool    `json:"within_budget"`
		PriceModels  []struct {
			Name      string  `json:"name"`
			HourlyUSD float64 `json:"hourly_usd"`
			TotalUSD  float64 `json:"total_usd"`
		} `json:"price_models"`
		Warnings []struct {
			Code     string `json:"code"`
			Severity string `json:"severity"`
			Message  string `json:"message"`
		} `json:"warnings"`
	} `json:"recommendations"`
}

// The acceptance example: at least 5 recommendations, each with
// enough VRAM, with the stable JSON names.
func TestRecommendJSON(t *testing.T) {
	isolate(t)
	code, out, errs := runCLI(t, "recommend", "--workload", "inference", "--params", "8B", "--precision", "bf16", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res jsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, out)
	}
	// 8B parameters in BF16 are 16 GB of weights alone (8e9 x 2 bytes).
	if res.Requirement.VRAMGiB < 8e9*2/(1<<30) {
		t.Errorf("requirement %.1f GiB is below the weights alone", res.Requirement.VRAMGiB)
	}
	if len(res.Recommendations) < 5 {
		t.Fatalf("%d recommendations, want at least 5", len(res.Recommendations))
	}
	for i, r := range res.Recommendations {
		if r.Provider == "" || r.InstanceType == "" || r.GPUCount < 1 || r.Nodes < 1 || r.PriceModel == "" || r.WithinBudget == nil {
			t.Errorf("#%d lacks a stable field: %+v", i+1, r)
		}
		if r.VRAMGiB*float64(r.Nodes) < res.Requirement.VRAMGiB {
			t.Errorf("#%d %s/%s has %.1f GiB x %d nodes < requirement %.1f", i+1, r.Provider, r.InstanceType, r.VRAMGiB, r.Nodes, res.Requirement.VRAMGiB)
		}
		if !(r.HourlyUSD > 0) || !(r.TotalUSD > 0) || math.IsInf(r.TotalUSD, 0) {
			t.Errorf("#%d prices %v %v", i+1, r.HourlyUSD, r.TotalUSD)
		}
		if len(r.PriceModels) == 0 || r.PriceModels[0].Name == "" {
			t.Errorf("#%d has no price_models", i+1)
		}
		// The order compares the total with its risk penalties (within the
		// same budget group and shortfalls).
		if i > 0 {
			p := res.Recommendations[i-1]
			rc := func(total float64, risk int) float64 { return total * (1 + float64(risk)/100) }
			if rc(r.TotalUSD, r.RiskPercent) < rc(p.TotalUSD, p.RiskPercent)*(1-1e-9) && len(r.Shortfalls) == len(p.Shortfalls) && r.WithinBudget != nil && *r.WithinBudget == *p.WithinBudget {
				t.Errorf("#%d total %.2f (+%d%% risk) ranks after a dearer #%d (%.2f, +%d%%)", i+1, r.TotalUSD, r.RiskPercent, i, p.TotalUSD, p.RiskPercent)
			}
		}
	}
}

func TestRecommendBadFlags(t *testing.T) {
	isolate(t)
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"--params", "abc"}, []string{"--params", `"abc"`, "70B"}},
		{[]string{"--duration", "3m"}, []string{"--duration", "ambiguous", "mo"}},
		{[]string{"--budget", "2.5/fortnight"}, []string{"--budget", "2.5/h"}},
		{[]string{"--precision", "fp7"}, []string{"--precision", "bf16"}},
		{[]string{"--workload", "dance"}, []string{"--workload", "inference"}},
		{[]string{"--latency", "slow"}, []string{"--latency", "realtime"}},
		{[]string{"--format", "xml"}, []string{"--format", "table, json, toml, skypilot, dstack or dstack-fleet"}},
		{[]string{"--model", "gpt-9"}, []string{"--model", "gpupick models"}},
		{[]string{"--provider", "nosuchcloud"}, []string{"--provider", "aws"}},
		{[]string{"--currency", "EUR"}, []string{"--currency", "USD or CNY"}},
		{[]string{"--gpus", "two"}, []string{"--gpus", "whole number"}},
		{[]string{"--nosuchflag"}, []string{"unknown flag", "-nosuchflag"}},
		{[]string{"--tokens", "lots"}, []string{"--tokens", "2B"}},
		{[]string{"stray"}, []string{"unexpected argument"}},
	}
	for _, tt := range tests {
		code, out, errs := runCLI(t, append([]string{"recommend"}, tt.args...)...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stdout %q)", tt.args, code, out)
		}
		if strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: error is not one line: %q", tt.args, errs)
		}
		for _, w := range tt.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: error %q lacks %q", tt.args, errs, w)
			}
		}
	}
}

// --format toml writes a record that --answers reads back to the same advice.
func TestRecommendTOMLRoundTrip(t *testing.T) {
	isolate(t)
	code, out, errs := runCLI(t, "recommend", "--workload", "lora", "--model", "llama-3.1-8b", "--tokens", "500M",
		"--interruptible", "--budget", "200", "--format", "toml", "--top", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	path := filepath.Join(t.TempDir(), "rec.toml")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := data.ReadRecord(path)
	if err != nil {
		t.Fatalf("record does not load: %v\n%s", err, out)
	}
	if rec.Answers.Workload != "lora" || rec.Answers.Model != "llama-3.1-8b" || rec.Answers.JobTokens != 5e8 || !rec.Answers.Interruptible || rec.Choice == nil {
		t.Errorf("record answers = %+v, choice %v", rec.Answers, rec.Choice)
	}
	code1, j1, _ := runCLI(t, "recommend", "--answers", path, "--format", "json", "--top", "3")
	code2, j2, _ := runCLI(t, "recommend", "--workload", "lora", "--model", "llama-3.1-8b", "--tokens", "500M",
		"--interruptible", "--budget", "200", "--format", "json", "--top", "3")
	if code1 != 0 || code2 != 0 || j1 != j2 {
		t.Errorf("advice from the record differs from the flags' (exit %d, %d)", code1, code2)
	}
}

func TestRecommendTable(t *testing.T) {
	isolate(t)
	code, out, errs := runCLI(t, "recommend", "--model", "llama-3.1-70b", "--precision", "fp8", "--currency", "CNY", "--top", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Need:", "GiB", "PROVIDER", "INSTANCE", "¥", "prices as of", "converted at 1 USD"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestTopLevelCommands(t *testing.T) {
	isolate(t)
	if code, out, _ := runCLI(t, "help"); code != 0 || !strings.Contains(out, "gpupick recommend") {
		t.Errorf("help: %d %q", code, out)
	}
	if code, _, errs := runCLI(t, "frobnicate"); code != 2 || !strings.Contains(errs, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: %d %q", code, errs)
	}
	code, out, errs := runCLI(t, "models")
	if code != 0 || !strings.Contains(out, "llama-3.1-405b") || !strings.Contains(out, "deepseek-v3") {
		t.Errorf("models: %d %q %q", code, out, errs)
	}
	if code, _, errs := runCLI(t, "--lang", "fr"); code != 2 || !strings.Contains(errs, "en or zh") {
		t.Errorf("--lang fr: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "--load", "/nonexistent/x.toml"); code != 2 || !strings.Contains(errs, "--load") {
		t.Errorf("--load missing file: %d %q", code, errs)
	}
}

// TestRecommendInterconnectNVLink: --interconnect nvlink lists only offers
// whose GPUs talk over NVLink or NVSwitch, and says so in the JSON.
func TestRecommendInterconnectNVLink(t *testing.T) {
	isolate(t)
	code, out, errs := runCLI(t, "recommend", "--workload", "finetune", "--params", "13B", "--gpus", "8", "--duration", "2w", "--interconnect", "nvlink", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Recommendations []map[string]any `json:"recommendations"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	if len(res.Recommendations) == 0 {
		t.Fatal("no recommendation")
	}
	for i, r := range res.Recommendations {
		if ic, ok := r["interconnect"].(string); !ok || ic != "nvlink" && ic != "nvswitch" {
			t.Errorf("#%d has interconnect %v", i+1, r["interconnect"])
		}
		if _, ok := r["hosting"]; !ok {
			t.Errorf("#%d lacks hosting", i+1)
		}
		if _, ok := r["vcpu_type"]; !ok {
			t.Errorf("#%d lacks vcpu_type", i+1)
		}
	}
}

// A job-size run's table says how #1's hours are made up: the job, the
// set-up with its parts (the weights downloaded for a fine-tune), and
// the hours billed, which are never fewer than job plus set-up.
func TestRecommendTableJobRun(t *testing.T) {
	isolate(t)
	code, out, errOut := runCLI(t, "recommend", "--workload", "lora", "--model", "llama-3.1-8b", "--tokens", "50M", "--top", "1", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res model.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Recommendations) == 0 {
		t.Fatalf("json: %v (%d recommendations)", err, len(res.Recommendations))
	}
	r := res.Recommendations[0]
	code, table, errOut := runCLI(t, "recommend", "--workload", "lora", "--model", "llama-3.1-8b", "--tokens", "50M", "--top", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "job " + model.FormatDuration(r.Speed.JobHours) + " + set-up " + model.FormatDuration(r.Setup.Hours)
	if !strings.Contains(table, "Run for #1:") || !strings.Contains(table, want) || !strings.Contains(table, "GB weights") {
		t.Errorf("table does not show the job run %q:\n%s", want, table)
	}
	if r.Setup.Hours <= 0 || r.RunHours < r.Speed.JobHours+r.Setup.Hours-1e-9 {
		t.Errorf("run hours %.4f, job %.4f, set-up %.4f", r.RunHours, r.Speed.JobHours, r.Setup.Hours)
	}
	for _, q := range r.PriceModels {
		if q.Name == r.PriceModel && q.BilledHours < r.RunHours-1e-9 {
			t.Errorf("billed %.4f h under %s, fewer than the %.4f h run", q.BilledHours, q.Name, r.RunHours)
		}
	}
	code, wall, _ := runCLI(t, "recommend", "--model", "llama-3.1-8b", "--top", "1")
	if code != 0 || strings.Contains(wall, "Run for #1:") {
		t.Errorf("a wall-clock run prints a job run (exit %d)", code)
	}
}

// TestNoFitPrintsTheNotes: when no offer fits, the notes say why offers
// were left out, so they are printed whole without --verbose (a count of
// them would leave "No offer fits." unexplained); with offers ranked they
// fold to their count.
func TestNoFitPrintsTheNotes(t *testing.T) {
	isolate(t)
	code, out, _ := runCLI(t, "recommend", "--hosting", "datacenter", "--provider", "vast")
	if code != exitNoFit {
		t.Fatalf("exit %d, want %d (nothing fits):\n%s", code, exitNoFit, out)
	}
	if !strings.Contains(out, "hard requirements (interconnect, hosting") || strings.Contains(out, "--verbose shows them") {
		t.Errorf("no fit: want the notes whole, naming the hosting requirement:\n%s", out)
	}
	code, out, _ = runCLI(t, "recommend", "--provider", "vast")
	if code != exitOK || !strings.Contains(out, "--verbose shows them") {
		t.Errorf("offers ranked: exit %d, want the notes folded to their count:\n%s", code, out)
	}
}
