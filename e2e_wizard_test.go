package main

// End-to-end tests of the wizard: the real binary in tmux, answered step
// by step like a person would, resized, exported, and loaded again.

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

const e2eWait = 15 * time.Second

func TestWizardEveryStepResizeExportLoad(t *testing.T) {
	bin := buildBinary(t)
	s := startTmux(t, bin, 140, 40, nil)
	s.waitFor(t, "What will the GPUs do?", e2eWait)
	s.waitFor(t, "prices as of", e2eWait)

	// 1 workload: inference.
	s.send("Enter")
	s.waitFor(t, "Pick a preset", e2eWait)
	// 2 model: a preset, typed.
	s.send("C-u")
	s.sendText("llama-3.1-70b")
	s.waitFor(t, "Llama-3.1-70B", e2eWait)
	s.send("Enter")
	s.waitFor(t, "Number format of the weights", e2eWait)
	// 3 precision: int4.
	s.sendText("6")
	s.send("Enter")
	s.waitFor(t, "Longer context", e2eWait)
	// 4 context and users.
	s.send("C-u")
	s.sendText("32k")
	s.send("Tab", "C-u")
	s.sendText("4")
	s.send("Enter")
	s.waitFor(t, "How fast must", e2eWait)
	// 5 latency: real-time.
	s.sendText("1")
	s.send("Enter")
	s.waitFor(t, "Rent for a calendar period", e2eWait)
	// 6 duration: 3 months, 40 hours a week.
	s.send("Enter", "C-u")
	s.sendText("3mo")
	s.send("Tab", "C-u")
	s.sendText("40")
	s.send("Enter")
	s.waitFor(t, "Jobs that checkpoint", e2eWait)
	// 7 interruptible: yes.
	s.sendText("1")
	s.send("Enter")
	s.waitFor(t, "Per hour, per month", e2eWait)
	// 8 budget.
	s.sendText("5000/mo")
	s.send("Enter")
	s.waitFor(t, "Narrow the offers", e2eWait)
	// 9 scale and filters: two nodes at most, three providers.
	s.send("Tab", "Tab")
	s.sendText("2")
	s.send("Tab")
	s.sendText("aws, gcp, lambda")
	s.send("Tab", "Tab", "Enter")
	s.waitFor(t, "Storage and internet egress", e2eWait)
	// 10 data and egress.
	s.sendText("200GB")
	s.send("Tab")
	s.sendText("50GB")
	s.send("Enter")
	screen := s.waitFor(t, "· offers", e2eWait)
	for _, want := range []string{"llama-3.1-70b", "int4", "32k ctx · 4 concurrent", "Real-time", "3mo · 40 h/wk", "yes, spot ok", "$5000/mo", "200GB / 50GB", "Price models for this run"} {
		if !strings.Contains(screen, want) {
			t.Errorf("140x40 screen lacks %q:\n%s", want, screen)
		}
	}
	checkNoZeroPrice(t, screen)
	// The data and egress were given: each hidden cost is an amount,
	// "free" or "unknown", never "-"; the order is the advisor's, "best".
	if m := regexp.MustCompile(`storage (\S+) · egress (\S+)`).FindStringSubmatch(screen); m == nil || m[1] == "-" || m[1] == "none" || m[2] == "-" || m[2] == "none" {
		t.Errorf("hidden costs %q:\n%s", m, screen)
	}
	if !strings.Contains(screen, "sort: best") {
		t.Errorf("the default order is not called best:\n%s", screen)
	}

	// Wide: the selected offer's instance name is whole in its row.
	s.resize(200, 50)
	screen = s.waitFor(t, "sort: best", e2eWait)
	if m := regexp.MustCompile(`(?m)^.*│ (\S+) (\S+) · `).FindStringSubmatch(screen); m == nil {
		t.Errorf("no detail title at 200x50:\n%s", screen)
	} else if !regexp.MustCompile(`▸\s+` + regexp.QuoteMeta(m[1]) + `\s+` + regexp.QuoteMeta(m[2]) + ` `).MatchString(screen) {
		t.Errorf("the selected row cuts %s %s at 200x50:\n%s", m[1], m[2], screen)
	}
	checkFits(t, screen, 200, 50)

	// Resize: stacked at 80x24, too small at 50x12, and back.
	s.resize(80, 24)
	screen = s.waitFor(t, strings.Repeat("─", 80), e2eWait)
	checkFits(t, screen, 80, 24)
	s.resize(50, 12)
	s.waitFor(t, "Terminal too small", e2eWait)
	s.resize(140, 40)
	s.waitFor(t, "Steps", e2eWait)

	// Export to the default path, in the session's directory.
	s.send("C-s")
	s.waitFor(t, "Save decision record to: ./gpupick.toml", e2eWait)
	s.send("Enter")
	path := filepath.Join(s.dir(), "gpupick.toml")
	s.waitFor(t, "saved ", e2eWait)
	rec, err := data.ReadRecord(path)
	if err != nil {
		t.Fatalf("exported record: %v", err)
	}
	a := rec.Answers
	if a.Model != "llama-3.1-70b" || a.Precision != model.INT4 || a.Context != 32768 || a.Batch != 4 ||
		a.Latency != model.LatencyRealtime || a.HoursPerWeek != 40 || !a.Interruptible || a.MaxNodes != 2 ||
		strings.Join(a.Providers, ",") != "aws,gcp,lambda" || a.DataGB != 200 || a.EgressGB != 50 ||
		a.Budget.Period != model.BudgetMonthly || a.Budget.Amount != 5000 {
		t.Errorf("exported answers %+v", a)
	}
	if rec.SchemaVersion != model.RecordSchemaVersion || rec.Requirement.VRAMGiB <= 0 || rec.Catalog.SnapshotDate == "" {
		t.Errorf("exported record %+v", rec)
	}
	// Saving again asks before overwriting.
	s.send("C-s", "Enter")
	s.waitFor(t, "exists. Overwrite? y/n", e2eWait)
	s.send("n", "Escape")
	s.send("C-c")

	// --load reopens the wizard with the same answers.
	l := startTmux(t, bin, 140, 40, nil, "--load", path)
	screen = l.waitFor(t, "loaded "+path, e2eWait)
	screen = l.waitFor(t, "prices as of", e2eWait)
	for _, want := range []string{"llama-3.1-70b", "int4", "32k ctx · 4 concurrent", "Real-time", "3mo · 40 h/wk", "yes, spot ok", "$5000/mo", "aws,gcp,lambda", "200GB / 50GB"} {
		if !strings.Contains(screen, want) {
			t.Errorf("loaded screen lacks %q:\n%s", want, screen)
		}
	}
	l.send("C-c")
}

func TestWizardChineseNoColor(t *testing.T) {
	bin := buildBinary(t)
	s := startTmux(t, bin, 80, 24, []string{"NO_COLOR=1"}, "--lang", "zh", "--currency", "CNY")
	screen := s.waitFor(t, "价格截至", e2eWait)
	for _, want := range []string{"工作负载", "推理服务", "需要", "¥", "目录 内置", "排序：推荐"} {
		if !strings.Contains(screen, want) {
			t.Errorf("zh screen lacks %q:\n%s", want, screen)
		}
	}
	checkFits(t, screen, 80, 24)
	raw := s.tmux("capture-pane", "-e", "-p", "-t", s.name)
	if regexp.MustCompile(`\x1b\[[0-9;]*(3[0-7]|38|4[0-7]|48|9[0-7])[;m]`).MatchString(raw) {
		t.Errorf("NO_COLOR screen has colour:\n%q", raw)
	}
	s.send("C-c")
}

func TestWizardAccessible(t *testing.T) {
	bin := buildBinary(t)
	s := startTmux(t, bin, 100, 30, []string{"ACCESSIBLE=1"})
	s.waitFor(t, "Workload (type a number or a name) [Inference]:", e2eWait)
	s.sendText("2")
	s.send("Enter")
	s.waitFor(t, "Model or parameter count", e2eWait)
	s.sendText("8B")
	s.send("Enter")
	for i := 0; i < 19; i++ { // full fine-tuning also asks for checkpointing and sharding
		s.send("Enter")
	}
	s.waitFor(t, "Best offers", e2eWait)
	s.waitFor(t, "Save the decision record to", e2eWait)
	s.sendText("-")
	s.send("Enter")
	s.waitFor(t, "Not saved.", e2eWait)
}

// checkFits fails when the screen has more lines or wider lines than the
// terminal.
func checkFits(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) > h {
		t.Errorf("%d lines on a %d-line screen", len(lines), h)
	}
	for _, l := range lines {
		if n := len([]rune(strings.TrimRight(l, " "))); n > w {
			t.Errorf("line wider than %d: %q", w, l)
		}
	}
}

// checkNoZeroPrice fails when a price of zero is shown: unknown prices
// must read "-" or "unknown".
func checkNoZeroPrice(t *testing.T, screen string) {
	t.Helper()
	if m := regexp.MustCompile(`[$¥]0(\.0+)?([^.0-9]|$)`).FindString(screen); m != "" {
		t.Errorf("zero price %q shown:\n%s", m, screen)
	}
}
