package cli

import (
	"fmt"
	"io"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
)

const planHelp = `Usage: gpupick plan FILE.toml [--hours H] [--catalog FILE]

Re-runs the record's answers on the catalog and plans a trial: the top 3
candidates for H hours each, the trial's total cost, a benchmark script to
run on each, and the rule that turns the results into a choice.

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
	fs.Float64Var(&o.hours, "hours", advisor.DefaultTrialHours, "the `H` hours each candidate is rented for the trial")
	file, rest := splitFile(args)
	if code, ok := parseFlags(fs, rest, planHelp, env, stdout, stderr); !ok {
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
	if o.hours <= 0 || o.hours > 168 {
		return fail(exitUsage, "%s", tf(tErrHoursRange, lang, o.hours))
	}
	if o.file == "" {
		return fail(exitUsage, "%s", tf(tErrNeedRecord, lang, "plan"))
	}
	ss, code, msg := prepare(&o.common, answerFlags{}, "answers", o.file)
	if code != exitOK {
		return fail(code, "%s", msg)
	}
	res := advisor.Recommend(ss.cat, ss.answers, advisor.Options{Top: advisor.TrialSize, Lang: ss.lang, NoSuggestions: true}) // a plan shows no ways back
	if len(res.Recommendations) == 0 {
		fmt.Fprintln(stdout, tPlanNoFit.in(ss.lang))
		return exitNoFit
	}
	if err := writePlan(stdout, res, advisor.PlanTrial(res, o.hours), ss.lang); err != nil {
		return fail(exitFail, "%v", err)
	}
	return exitOK
}

// writePlan prints a trial plan: the candidates and what each costs, the
// total, the decision rule and the benchmark script, in lang.
func writePlan(w io.Writer, res model.Result, tr advisor.Trial, lang string) error {
	fmt.Fprintf(w, tPlanTitle.in(lang)+"\n\n", len(tr.Candidates), model.FormatNumber(tr.Hours), originIn(res.Catalog.Origin, lang), res.Catalog.SnapshotDate)
	tw := newCLITable(w)
	fmt.Fprintln(tw, tPlanHeader.in(lang))
	for i, c := range tr.Candidates {
		r := c.Rec
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d×%s%s\t%s\t%s\t%s\n", i+1, r.Provider, r.InstanceType, r.GPUCount, r.GPU, nodesText(r.Nodes, lang), priceModelName(c.PriceModel, lang),
			planMoney(c.Hourly, tr.Currency, r.Converted, lang), planMoney(c.Cost, tr.Currency, r.Converted, lang))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write the plan: %w", err)
	}
	t := planMoney(tr.Total, tr.Currency, tr.Converted, lang)
	if tr.Unknown {
		t += tPlanUnknown.in(lang)
	}
	fmt.Fprintf(w, "\n"+tPlanTotal.in(lang)+"\n\n", t)
	fmt.Fprintln(w, tPlanRule.in(lang))
	for _, line := range advisor.TrialRule(lang) {
		fmt.Fprintln(w, "  "+line)
	}
	fmt.Fprintln(w, "\n"+tPlanScript.in(lang))
	fmt.Fprintln(w)
	return launch.WriteBenchScript(w, launch.BenchSteps())
}

// planMoney is money with "unknown" in lang.
func planMoney(v float64, cur model.Currency, converted bool, lang string) string {
	s := money(v, cur, converted)
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
