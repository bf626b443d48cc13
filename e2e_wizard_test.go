package main

// End-to-end tests of the wizard: the real binary in tmux, answered step
// by step like a person would, resized, exported, and loaded again.

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// TestWizardEveryStepResizeExportLoad answers every step at 140x40, checks
// the summary and the ranking, resizes, exports the record and loads it.
func TestWizardEveryStepResizeExportLoad(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	s := startTmux(t, bin, 140, 40, nil)
	s.waitFor("the first question and a ranking", func(sc string) bool {
		return shows("What will the GPUs do?", "prices as of")(sc) && ranked(sc)
	})

	// 1 workload: inference.
	s.send("Enter")
	s.waitText("Pick a preset")
	// 2 model: a preset, typed.
	s.send("C-u")
	s.sendText("llama-3.1-70b")
	s.waitText("Llama-3.1-70B")
	s.send("Enter")
	s.waitText("Number format of the weights")
	// 3 precision: int4 (auto is 1).
	s.sendText("7")
	s.send("Enter")
	s.waitText("Longer context")
	// 4 context and users.
	s.send("C-u")
	s.sendText("32k")
	s.send("Tab", "C-u")
	s.sendText("4")
	s.send("Tab", "C-u")
	s.sendText("2k")
	s.send("Tab", "C-u")
	s.sendText("512")
	s.send("Enter", "Enter", "Enter") // the output length, then speculative decoding and the KV cache at their defaults
	s.waitText("How fast must")
	// 5 latency: real-time.
	s.sendText("1")
	s.send("Enter")
	s.waitText("Rent for a calendar period")
	// 6 duration: 3 months, 40 hours a week.
	s.send("Enter", "C-u")
	s.sendText("3mo")
	s.send("Tab", "C-u")
	s.sendText("40")
	s.send("Enter")
	s.waitText("Jobs that checkpoint")
	// 7 interruptible: yes, then the checkpoint interval (blank: 30 min).
	s.sendText("1")
	s.send("Enter")
	s.waitText("Checkpoint every")
	s.send("Enter")
	s.waitText("Per hour, per month")
	// 8 budget.
	s.sendText("5000/mo")
	s.send("Enter")
	s.waitText("Narrow the offers")
	// 9 scale and filters: two nodes at most, three providers.
	s.send("Tab", "Tab")
	s.sendText("2")
	s.send("Tab")
	s.sendText("aws, gcp, lambda")
	s.send("Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Enter") // regions, currency, then the margin and the hard requirements
	s.waitText("Storage and internet egress")
	// 10 data and egress, and the launch export's command left to the
	// standard one.
	s.sendText("200GB")
	s.send("Tab")
	s.sendText("50GB")
	s.send("Tab", "Enter")
	// The summary shows every answer, and the ranking is the one for the
	// data and egress given: each hidden cost is an amount, "free" or
	// "unknown", never "-" or "none" (a ranking asked for earlier shows
	// "none").
	summary := []string{"· offers", "llama-3.1-70b", "int4", "32k ctx · 4 concurrent", "Real-time", "3mo · 40 h/wk",
		"yes, spot ok", "$5000/mo", "200GB / 50GB", "Price models for this run"}
	screen := s.waitFor(fmt.Sprintf("the offers focused, %q and hidden costs that are amounts", summary),
		func(sc string) bool { return shows(summary...)(sc) && ranked(sc) && hiddenCostsGiven(sc) })
	checkNoZeroPrice(t, screen)
	// The order is the advisor's, "best".
	if !strings.Contains(screen, "sort: best") {
		t.Errorf("the default order is not called best:\n%s", screen)
	}

	// Wide: the selected offer's instance name is whole in its row.
	s.resize(200, 50)
	screen = s.waitFor("the 200x50 frame with the selected offer's provider and instance whole in its row",
		func(sc string) bool { return laidOutAt(200)(sc) && selectedWhole(sc) })
	checkFits(t, screen, 200, 50)

	// Resize: stacked at 80x24, too small at 50x12, and back.
	s.resize(80, 24)
	screen = s.waitFor("the stacked 80x24 frame", func(sc string) bool {
		return laidOutAt(80)(sc) && strings.Contains(sc, strings.Repeat("─", 80))
	})
	checkFits(t, screen, 80, 24)
	s.resize(50, 12)
	s.waitText("Terminal too small")
	s.resize(140, 40)
	s.waitFor("the 140x40 frame with its step list", func(sc string) bool {
		return laidOutAt(140)(sc) && strings.Contains(sc, "Steps")
	})

	// Export to the default path, in the session's directory.
	s.send("C-s")
	s.waitText("Save decision record to: ./gpupick.toml")
	s.send("Enter")
	path := filepath.Join(s.dir(), "gpupick.toml")
	s.waitText("saved ")
	rec, err := data.ReadRecord(path)
	if err != nil {
		t.Fatalf("exported record: %v", err)
	}
	a := rec.Answers
	if a.Model != "llama-3.1-70b" || a.Precision != model.INT4 || a.Context != 32768 || a.Batch != 4 ||
		a.PromptTokens != 2048 || a.OutputTokens != 512 ||
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
	s.waitText("exists. Overwrite? y/n")
	s.send("n", "Escape")
	s.send("C-c")

	// --load reopens the wizard with the same answers.
	l := startTmux(t, bin, 140, 40, nil, "--load", path)
	loaded := []string{"loaded " + path, "llama-3.1-70b", "int4", "32k ctx · 4 concurrent", "Real-time", "3mo · 40 h/wk",
		"yes, spot ok", "$5000/mo", "aws,gcp,lambda", "200GB / 50GB"}
	l.waitFor(fmt.Sprintf("the loaded answers %q and a ranking", loaded),
		func(sc string) bool { return shows(loaded...)(sc) && ranked(sc) })
	l.send("C-c")
	l.waitExit()
}

// hiddenCosts matches the detail's hidden costs of storage and egress.
var hiddenCosts = regexp.MustCompile(`storage (\S+) · egress (\S+)`)

// hiddenCostsGiven is the condition that the selected offer's hidden costs
// are priced for data and egress that were given: neither "-" nor "none".
func hiddenCostsGiven(screen string) bool {
	m := hiddenCosts.FindStringSubmatch(screen)
	return m != nil && m[1] != "-" && m[1] != "none" && m[2] != "-" && m[2] != "none"
}

// detailTitle matches the selected offer's detail title in the wide
// layout: provider and instance, whole.
var detailTitle = regexp.MustCompile(`(?m)^.*│ (\S+) (\S+) · `)

// selectedWhole is the condition that the selected row shows the provider
// and instance of the detail title whole, not cut.
func selectedWhole(screen string) bool {
	m := detailTitle.FindStringSubmatch(screen)
	return m != nil && regexp.MustCompile(`▸\s+`+regexp.QuoteMeta(m[1])+`\s+`+regexp.QuoteMeta(m[2])+` `).MatchString(screen)
}

// TestWizardChineseNoColor checks the Chinese wizard in yuan without
// colour: the ranked offers are priced in ¥ and no colour is drawn.
func TestWizardChineseNoColor(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	s := startTmux(t, bin, 80, 24, []string{"NO_COLOR=1"}, "--lang", "zh", "--currency", "CNY")
	wants := []string{"价格截至", "工作负载", "推理服务", "需要", "¥", "目录 内置", "排序：推荐"}
	screen := s.waitFor(fmt.Sprintf("a Chinese screen showing %q and offers priced in yuan", wants),
		func(sc string) bool { return shows(wants...)(sc) && offerRowCNY.MatchString(sc) })
	checkFits(t, screen, 80, 24)
	raw := s.tmux("capture-pane", "-e", "-p", "-t", s.name)
	if regexp.MustCompile(`\x1b\[[0-9;]*(3[0-7]|38|4[0-7]|48|9[0-7])[;m]`).MatchString(raw) {
		t.Errorf("NO_COLOR screen has colour:\n%q", raw)
	}
	s.send("C-c")
	s.waitExit()
}

// offerRowCNY matches a ranked offer priced in yuan.
var offerRowCNY = regexp.MustCompile(`\d+×[^│\n]*¥\d`)

// TestWizardAccessible answers the accessible (line by line) wizard and
// skips the save. Its output scrolls, so the waits read the transcript.
func TestWizardAccessible(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	s := startTmux(t, bin, 100, 30, []string{"ACCESSIBLE=1"})
	s.waitTranscript("Workload (type a number or a name) [Inference]:")
	s.sendText("2")
	s.send("Enter")
	s.waitTranscript("Model or parameter count")
	s.sendText("8B")
	s.send("Enter")
	for i := 0; i < 26; i++ { // full fine-tuning also asks for checkpointing and sharding; then the margin, the hard requirements and the run command
		s.send("Enter")
	}
	s.waitTranscript("Best offers", "Save the decision record to")
	s.sendText("-")
	s.send("Enter")
	s.waitTranscript("Not saved.")
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

// TestWizardLoRADatasetPricesTheJob: LoRA on llama-2-13b with a dataset
// of 500M tokens, entered through: the duration step shows the job and
// its hours on the selected offer, the summary the job, and the top
// offer's total is the job's as `gpupick recommend --tokens 500M` prices
// it (the same offer, the same total as the list shows it), not a
// 731-hour month. Leaving then asks, as the answers are not saved; y
// after ctrl+c exits 130.
func TestWizardLoRADatasetPricesTheJob(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	s, status := startTmuxStatus(t, bin, 140, 40)
	s.waitFor("the first question and a ranking", func(sc string) bool {
		return shows("What will the GPUs do?", "prices as of")(sc) && ranked(sc)
	})
	s.sendText("3") // LoRA
	s.send("Enter")
	s.waitText("Pick a preset")
	s.send("C-u")
	s.sendText("llama-2-13b")
	s.waitText("Llama-2-13b-hf")
	s.send("Enter")
	s.waitText("Number format of the weights")
	s.send("Enter")
	s.waitText("Dataset tokens")
	s.send("Tab", "Tab") // the sequence length and the micro-batch at their defaults
	s.sendText("500M")
	s.send("Enter", "Enter", "Enter") // the dataset, then checkpointing and sharding at their defaults
	jobLine := regexp.MustCompile(`job: 500M tokens ≈ [\d.]+ ?(h|d|min)`)
	s.waitFor("the duration step showing the job chosen and its hours on the selected offer", func(sc string) bool {
		return shows("step 6/10", "● Job size", "job of 500M tokens")(sc) && jobLine.MatchString(sc)
	})
	for presses := 0; ; presses++ {
		screen := s.capture()
		if offersFocused(screen) {
			break
		}
		if presses == maxEnters {
			t.Fatalf("%d presses of enter did not reach the offers:\n%s", maxEnters, screen)
		}
		before := leftColumn(screen)
		s.send("Enter")
		s.waitFor(fmt.Sprintf("the wizard to move on after enter #%d", presses+1),
			func(sc string) bool { return leftColumn(sc) != before })
	}
	top := headlessTop(t, bin, s, []string{"--workload", "lora", "--model", "llama-2-13b", "--tokens", "500M"})
	total := model.FormatMoney(top.Total, model.USD, model.MoneyCell)
	screen := s.waitFor(fmt.Sprintf("the offers focused, %s %s selected at %s for the job", top.Provider, top.InstanceType, total), func(sc string) bool {
		m := detailTitle.FindStringSubmatch(sc)
		row := selectedRowLine(sc)
		return offersFocused(sc) && m != nil && m[1] == top.Provider && m[2] == top.InstanceType &&
			strings.Contains(row, " "+total+" ") && shows("job of 500M tokens")(sc)
	})
	if strings.Contains(screen, "(731 h)") || strings.Contains(screen, "1mo · ") {
		t.Errorf("a calendar month still shows:\n%s", screen)
	}
	if top.Speed.JobHours <= 0 || math.Abs(top.RunHours-731) < 1 {
		t.Errorf("the headless top prices %g h (job %g h), not the job", top.RunHours, top.Speed.JobHours)
	}
	s.send("C-c")
	s.waitText("The answers are not saved. Leave? y leave · n/esc stay · s save")
	s.send("y")
	if code := s.exitStatus(status); code != "130" {
		t.Errorf("leaving unsaved answers with ctrl+c, y: exit %s, want 130", code)
	}
}

// leftColumn is the questions' side of a wide screen: each line up to the
// panel's border, which a press of enter changes and a ranking does not.
func leftColumn(screen string) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		left, _, _ := strings.Cut(l, "│")
		b.WriteString(left + "\n")
	}
	return b.String()
}

// selectedRowLine is the screen line of the selected offer.
func selectedRowLine(screen string) string {
	for _, l := range strings.Split(screen, "\n") {
		if _, row, ok := strings.Cut(l, "│ ▸"); ok {
			return row + " "
		}
	}
	return ""
}
