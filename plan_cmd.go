package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data/launch"
)

const planHelp = `Usage: gpupick plan FILE.toml [--hours H] [--catalog FILE]

Re-runs the record's answers on the catalog and plans a trial: the top 3
candidates for H hours each, the trial's total cost, a benchmark script to
run on each, and the rule that turns the results into a choice.

Flags:
`

func runPlan(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("plan")
	var common commonFlags
	common.register(fs)
	hours := fs.Float64("hours", 1, "the `H` hours each candidate is rented for the trial")
	file, rest := splitFile(args)
	if code, ok := parseFlags(fs, rest, planHelp, stdout, stderr); !ok {
		return code
	}
	fail := func(code int, format string, args ...any) int {
		fmt.Fprintf(stderr, "gpupick plan: "+format+"\n", args...)
		return code
	}
	if *hours <= 0 || *hours > 168 {
		return fail(exitUsage, "--hours %v: out of range (use more than 0 and at most 168)", *hours)
	}
	if file == "" {
		return fail(exitUsage, "a decision record FILE.toml is needed (see gpupick plan --help)")
	}
	ss, code, msg := prepare(&common, answerFlags{}, "answers", file)
	if code != exitOK {
		return fail(code, "%s", msg)
	}
	res := advisor.Recommend(ss.cat, ss.answers, advisor.Options{Top: 3, Lang: ss.lang})
	if len(res.Recommendations) == 0 {
		fmt.Fprintln(stdout, "No offer fits the record's answers on this catalog: nothing to trial.")
		return exitNoFit
	}
	fmt.Fprintf(stdout, "Trial plan: the top %d candidates for %s h each (catalog %s, prices as of %s)\n\n", len(res.Recommendations), fmtHours(*hours), res.Catalog.Origin, res.Catalog.SnapshotDate)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tPROVIDER\tINSTANCE\tGPUS\tPRICE MODEL\tPER HOUR\tTRIAL")
	total, unknown := 0.0, false
	for i, r := range res.Recommendations {
		cost := r.Hourly * *hours
		if r.Hourly <= 0 {
			unknown = true
		}
		total += cost
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d×%s%s\t%s\t%s\t%s\n", i+1, r.Provider, r.InstanceType, r.GPUCount, r.GPU, nodesText(r.Nodes), r.PriceModel,
			money(r.Hourly, res.Currency, r.Converted), money(cost, res.Currency, r.Converted))
	}
	tw.Flush()
	t := money(total, res.Currency, false)
	if unknown {
		t += " (a candidate's price is unknown: not counted)"
	}
	fmt.Fprintf(stdout, "\nTrial total: %s\n\n", t)
	fmt.Fprintln(stdout, "Decision rule: on each candidate run the script below and `gpupick verify FILE.toml`.")
	fmt.Fprintln(stdout, "Drop a candidate whose verify fails (wrong GPUs, slower link, fewer CPUs or less RAM).")
	fmt.Fprintln(stdout, "Of the rest, pick the lowest price per unit of work: per-hour price divided by the")
	fmt.Fprintln(stdout, "matmul TFLOPS measured (for a download- or disk-bound job, by the slower of those speeds).")
	fmt.Fprintln(stdout, "A candidate within 10% of the best on that figure but first in the ranking keeps its place.")
	fmt.Fprintln(stdout, "\nBenchmark script (save as bench.sh, run with bash bench.sh):")
	fmt.Fprintln(stdout)
	if err := launch.WriteBenchScript(stdout, launch.BenchSteps()); err != nil {
		return fail(exitFail, "%v", err)
	}
	return exitOK
}

func fmtHours(h float64) string { return fmt.Sprintf("%g", h) }

func nodesText(n int) string {
	if n > 1 {
		return fmt.Sprintf(" ×%d nodes", n)
	}
	return ""
}
