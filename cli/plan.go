package cli

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
)

const planHelp = `Usage: gpupick plan FILE.toml [--hours H] [--catalog FILE]

Re-runs the record's answers on the catalog and plans a trial: 3
candidates for H hours each (the record's saved choice and the ranking's
best others), ordered by the resource the workload is bound by per unit of
price (memory bandwidth for decoding, TFLOPS for training, prefill and
embedding), the figure the plan expects of each, the trial's total cost, a
benchmark script for each (its GPUs' vendor tools and the workload's own
measure: vLLM's decode speed and first token, the pooling throughput, a
training step proxy), and the rule that turns the results into a choice.

Flags:
`

// planOptions are plan's command line, parsed.
type planOptions struct {
	common commonFlags
	file   string  // the decision record
	hours  float64 // --hours: each candidate's trial
}

// runPlan implements `gpupick plan FILE.toml`: it parses the command line
// and runs plan.
func runPlan(args []string, env environ, stdout, stderr io.Writer) int {
	fs := newFlagSet("plan")
	o := planOptions{common: commonFlags{env: env}}
	o.common.register(fs)
	o.hours = advisor.DefaultTrialHours
	fs.Var(&hoursFlag{name: "hours", p: &o.hours, hi: maxTrialHours}, "hours", flagHelp(tUseHours))
	file, rest := splitFile(args)
	if code, ok := parseFlags(fs, rest, tLongPlan, env, stdout, stderr); !ok {
		return code
	}
	o.file = file
	return plan(o, stdout, stderr)
}

// plan re-runs the record's answers and prints the trial of the first
// candidates: exit 3 when nothing fits.
func plan(o planOptions, stdout, stderr io.Writer) int {
	lang, _ := o.common.language() // a bad --lang is prepare's error; until then English
	fail := failer(stderr, lang, "plan")
	if o.file == "" {
		return fail(exitUsage, "%s", tf(tErrNeedRecord, lang, "plan"))
	}
	ss, code, msg := prepare(&o.common, answerFlags{}, "answers", o.file)
	if code != exitOK {
		return fail(code, "%s", msg)
	}
	res := advisor.Recommend(ss.cat, ss.answers, advisor.Options{Top: advisor.TrialSize, Lang: ss.lang, NoSuggestions: true}) // a plan shows no ways back
	if len(res.Recommendations) == 0 && ss.choice == nil {
		fmt.Fprintln(stdout, tPlanNoFit.in(ss.lang))
		return exitNoFit
	}
	preset := launch.NewJob(nil, ss.answers, res.Requirement, ss.cat).Preset
	tr := advisor.PlanTrial(res, ss.choice, ss.cat.GPUs, advisor.TrialMeasureOf(ss.answers, preset), o.hours)
	fw := newFitWriter(stdout, o.common.env.width())
	if err := writePlan(fw, res, tr, ss, ss.lang); err != nil {
		return fail(exitFail, "%v", err)
	}
	if err := fw.Flush(); err != nil {
		return fail(exitFail, "%v", err)
	}
	return exitOK
}

// writePlan prints a trial plan: the candidates, what each costs and the
// figure the plan expects of it, the total, the decision rule and the
// benchmark scripts (one for candidates that run the same), in lang. When
// the width leaves no room for the expected figures in the table they
// follow it, one line a candidate.
func writePlan(w io.Writer, res model.Result, tr advisor.Trial, ss session, lang string) error {
	fmt.Fprintf(w, tPlanTitle.in(lang)+"\n\n", len(tr.Candidates), model.FormatNumber(tr.Hours), originIn(res.Catalog.Origin, lang), res.Catalog.SnapshotDate)
	// #, PROVIDER, INSTANCE, GPUS, PRICE MODEL, PER HOUR, TRIAL, EXPECTED:
	// the expected figures move under the table, then the names are cut.
	tw := newCLITable(w).fitTo(dropCol(planExpectedCol), cutNames(2, 18), cutCol(3, cutEnd, 14),
		cutNames(2, 12), cutCol(3, cutEnd, 10), cutCol(1, cutEnd, 8))
	fmt.Fprintln(tw, tPlanHeader.in(lang))
	for i, c := range tr.Candidates {
		r := c.Rec
		mark := ""
		switch {
		case c.FromRecord:
			mark = tPlanSavedGone.in(lang)
		case c.Saved:
			mark = tPlanSaved.in(lang)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s%s\t%d×%s%s\t%s\t%s\t%s\t%s\n", i+1, r.Provider, r.InstanceType, mark, r.GPUCount, r.GPU, nodesText(r.Nodes, lang), priceModelName(c.PriceModel, lang),
			planMoney(c.Hourly, tr.Currency, r.Converted, lang), planMoney(c.Cost, tr.Currency, r.Converted, lang), tr.Expected(c, lang))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write the plan: %w", err)
	}
	if tw.dropped(planExpectedCol) {
		fmt.Fprintln(w, "\n"+tPlanExpected.in(lang))
		for i, c := range tr.Candidates {
			fmt.Fprintf(w, "  #%d  %s\n", i+1, tr.Expected(c, lang))
		}
	}
	t := planMoney(tr.Total, tr.Currency, tr.Converted, lang)
	if tr.Unknown {
		t += tPlanUnknown.in(lang)
	}
	fmt.Fprintf(w, "\n"+tPlanTotal.in(lang)+"\n\n", t)
	fmt.Fprintln(w, tPlanRule.in(lang))
	for _, line := range advisor.TrialRule(tr.Measure, lang) {
		fmt.Fprintln(w, "  "+line)
	}
	return writeBenchScripts(w, tr, res.Requirement, ss, lang)
}

// planExpectedCol is the plan table's EXPECTED column.
const planExpectedCol = 7

// writeBenchScripts writes the candidates' benchmark scripts: one when
// every candidate runs the same (same GPU vendor, parallel layout and
// model), else one per group of candidates, headed by their numbers.
func writeBenchScripts(w io.Writer, tr advisor.Trial, req model.Requirement, ss session, lang string) error {
	var scripts []string
	var whom [][]string
	for i, c := range tr.Candidates {
		var b strings.Builder
		if err := launch.WriteBenchScript(&b, launch.BenchSteps(launch.NewJob(c.Rec, ss.answers, req, ss.cat))); err != nil {
			return fmt.Errorf("write the benchmark script: %w", err)
		}
		k := slices.Index(scripts, b.String())
		if k < 0 {
			scripts, whom, k = append(scripts, b.String()), append(whom, nil), len(scripts)
		}
		whom[k] = append(whom[k], "#"+strconv.Itoa(i+1))
	}
	for k, s := range scripts {
		head := tPlanScript.in(lang)
		if len(scripts) > 1 {
			head = fmt.Sprintf(tPlanScriptFor.in(lang), strings.Join(whom[k], ", "))
		}
		if _, err := fmt.Fprintf(w, "\n%s\n\n", head); err != nil {
			return fmt.Errorf("write the benchmark script: %w", err)
		}
		if err := writeRaw(w, s); err != nil {
			return fmt.Errorf("write the benchmark script: %w", err)
		}
	}
	return nil
}

// planMoney is money with "unknown" in lang.
func planMoney(v float64, cur model.Currency, converted bool, lang string) string {
	s := money(v, cur, converted, lang)
	if s == "unknown" {
		return tUnknown.in(lang)
	}
	return s
}

func nodesText(n int, lang string) string {
	if n > 1 {
		return fmt.Sprintf(tNodes.in(lang), n)
	}
	return ""
}
