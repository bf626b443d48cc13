package cli

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// tableView is how the recommend table is printed: in lang, and with the
// notes (verbose) or only their count.
type tableView struct {
	lang    string
	verbose bool
}

// writeTable prints the recommend table: what the run needs, the ranked
// offers, the ways back, the warnings of #1 and then the notes (or their
// count, with --verbose to show them), then the rest of what the table
// says of #1, with the headings in v.lang (the advisor writes the notes in
// it already).
func writeTable(w io.Writer, cat *model.Catalog, a model.Answers, res model.Result, v tableView) {
	lang := v.lang
	writeNeed(w, a, res, lang)
	writeRanked(w, a, res, lang)
	writeOnRequest(w, res, lang)
	printSuggestions(w, res, lang)
	writeWarnings(w, res, lang)
	// With no offer ranked the notes are the answer (why offers were
	// left out): they are printed whole.
	writeNotes(w, res.Notes, tableView{lang: v.lang, verbose: v.verbose || len(res.Recommendations) == 0})
	writeFirst(w, a, res, lang)
	writeRate(w, cat, res, lang)
}

// writeNotes prints the advisor's notes after the warnings: each with
// verbose, else one line with their count and the flag that shows them.
func writeNotes(w io.Writer, notes []string, v tableView) {
	switch {
	case len(notes) == 0:
		return
	case !v.verbose:
		key := tRecNotesFolded
		if len(notes) == 1 {
			key = tRecNoteFolded
		}
		fmt.Fprintf(w, "\n"+key.in(v.lang)+"\n", len(notes))
		return
	}
	fmt.Fprintln(w)
	for _, n := range notes {
		fmt.Fprintf(w, tRecNote.in(v.lang)+"\n", n)
	}
}

// writeWarnings prints the warnings of #1, each with its severity, code
// and text, in lang.
func writeWarnings(w io.Writer, res model.Result, lang string) {
	if len(res.Recommendations) > 0 && len(res.Recommendations[0].Warnings) > 0 {
		fmt.Fprintln(w, "\n"+tRecWarnings.in(lang))
		for _, wn := range res.Recommendations[0].Warnings {
			fmt.Fprintf(w, tRecWarnLine.in(lang)+"\n", severityName(wn.Severity, lang), wn.Code, wn.Message)
		}
	}
}

// writeFirst prints what the table says of #1 under the notes: its
// hidden costs, cost per image, price models, the hours of a job,
// its other sizes, why it is first and its risks, in lang. Each part is
// printed only when it has something to say.
func writeFirst(w io.Writer, a model.Answers, res model.Result, lang string) {
	if len(res.Recommendations) > 0 && res.Recommendations[0].HiddenCosts.Estimated() {
		fmt.Fprintln(w, "\n"+tRecHidden.in(lang))
		for _, n := range res.Recommendations[0].HiddenCosts.Notes {
			fmt.Fprintln(w, "  "+n)
		}
	}
	if len(res.Recommendations) > 0 && res.Recommendations[0].PerImage > 0 {
		r := &res.Recommendations[0]
		fmt.Fprintf(w, "\n"+tRecImagesOn.in(lang)+"\n", model.FormatNumber(math.Round(r.Speed.SecondsPerImage*10)/10), model.FormatNumber(math.Round(r.Speed.ImagesPerHour)), perImageMoney(r.PerImage, res.Currency, r.Converted, lang))
	}
	if len(res.Recommendations) > 0 && res.Recommendations[0].PerMillionTokens > 0 {
		r := &res.Recommendations[0]
		fmt.Fprintf(w, "\n"+tRecEmbedOn.in(lang)+"\n", model.FormatNumber(math.Round(r.Speed.ThroughputTokensSec)), model.FormatNumber(math.Round(r.Speed.RequestsPerSec)),
			model.FormatContext(r.Speed.PromptTokens), perImageMoney(r.PerMillionTokens, res.Currency, r.Converted, lang))
	}
	if len(res.Recommendations) > 0 {
		printPriceModels(w, &res.Recommendations[0], res.Currency, lang)
	}
	if len(res.Recommendations) > 0 && a.DurationMode == model.DurationJob {
		printJobRun(w, &res.Recommendations[0], lang)
	}
	if len(res.Recommendations) > 0 {
		printOtherSizes(w, &res.Recommendations[0], res.Currency, lang)
	}
	if len(res.WhyFirst) > 0 {
		fmt.Fprintln(w, "\n"+tRecWhy.in(lang))
		for _, line := range res.WhyFirst {
			fmt.Fprintln(w, "  "+line)
		}
	}
	if len(res.Recommendations) > 0 && len(res.Recommendations[0].Risk) > 0 {
		fmt.Fprintf(w, "\n"+tRecRisk.in(lang)+"\n", res.Recommendations[0].RiskPercent)
		for _, k := range res.Recommendations[0].Risk {
			fmt.Fprintln(w, "  "+k.Text)
		}
	}
}

// writeRate prints the exchange rate the converted prices used, when the
// display currency is not USD.
func writeRate(w io.Writer, cat *model.Catalog, res model.Result, lang string) {
	if cat != nil && res.Currency != model.USD {
		if r, ok := cat.Rate(model.USD, res.Currency); ok {
			fmt.Fprintf(w, "\n"+tRecConverted.in(lang)+"\n", model.FormatNumber(r.Rate), res.Currency, r.Date, r.Source)
		}
	}
}

// writeNeed prints what the run needs: the memory and its parts, the run's
// length, the budget and the catalog the offers come from, in lang.
func writeNeed(w io.Writer, a model.Answers, res model.Result, lang string) {
	req := res.Requirement
	var parts []string
	for _, p := range req.Breakdown.Parts() {
		parts = append(parts, fmt.Sprintf("%s %.1f", partName(p.Name, lang), p.GiB))
	}
	what := workloadName(a.Workload, lang)
	if req.Model != "" {
		what += " " + req.Model
	} else if req.ParamsB > 0 {
		what += " " + model.FormatParams(req.ParamsB)
	}
	need := fmt.Sprintf("%.1f GiB", req.VRAMGiB)
	if len(parts) == 0 {
		// A stated memory (--workload vram) has no parts: no empty brackets.
		fmt.Fprintf(w, tRecNeedWhole.in(lang)+"\n", need, what, req.Precision)
	} else {
		fmt.Fprintf(w, tRecNeed.in(lang)+"\n", need, strings.Join(parts, tListSep.in(lang)), what, req.Precision)
	}
	if a.DurationMode == model.DurationJob {
		unit := tRecTokens
		if req.Image != nil {
			unit = tRecImages
		}
		fmt.Fprintf(w, tRecRunJob.in(lang)+"\n", model.FormatCount(a.JobTokens), unit.in(lang))
	} else {
		fmt.Fprintf(w, tRecRunPeriod.in(lang)+"\n", durationIn(a.DurationHours, lang), model.FormatNumber(a.HoursPerWeek), fmt.Sprintf("%.0f", a.GPUHours()))
	}
	if a.Budget.IsSet() {
		fmt.Fprintf(w, tRecBudget.in(lang)+"\n", budgetIn(a.Budget, lang))
	}
	fmt.Fprintf(w, tRecCatalog.in(lang)+"\n\n", originIn(res.Catalog.Origin, lang), res.Catalog.SnapshotDate, res.Considered, res.Matched)
}

// writeRanked prints the ranked offers, one row each (or that nothing
// fits), the headings and the words of the cells in lang.
func writeRanked(w io.Writer, a model.Answers, res model.Result, lang string) {
	if len(res.Recommendations) == 0 {
		fmt.Fprintln(w, tRecNoFit.in(lang))
	} else {
		tw := newCLITable(w).fitTo(rankedFit(a.Budget.IsSet())...)
		fmt.Fprintln(tw, tRecHeader.in(lang))
		for i, r := range res.Recommendations {
			gpus := fmt.Sprintf("%s x%d", r.GPU, r.GPUCount)
			if r.GPU == "" {
				gpus = fmt.Sprintf("%s x%d", tUnknown.in(lang), r.GPUCount)
			}
			if r.Nodes > 1 {
				gpus += fmt.Sprintf(tRecNodes.in(lang), r.Nodes)
			}
			budget := tRecOK.in(lang)
			if !r.WithinBudget {
				budget = tRecOver.in(lang)
			}
			if !a.Budget.IsSet() {
				budget = "-"
			}
			// The WARNINGS column names the warnings: by their ids
			// (Warning.Code, the ids of the JSON and the record) in
			// English, by their short Chinese names (model.WarningName)
			// in Chinese; the JSON keeps the codes in every language.
			var codes []string
			for _, wn := range r.Warnings {
				codes = append(codes, model.WarningName(wn.Code).In(text.LangOf(lang) == text.ZH))
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%.0f GiB\t%s\t%s\t%s\t%s\t%s\n", i+1, r.Provider, r.InstanceType, gpus,
				r.VRAMGiB*float64(max(r.Nodes, 1)), priceModelName(r.PriceModel, lang), money(r.Hourly, res.Currency, r.Converted, lang),
				totalCell(&r, res.Currency, lang), budget, strings.Join(codes, " "))
		}
		tw.Flush()
	}
}

// The columns of the ranked table (tRecHeader).
const (
	rankCol = iota
	providerCol
	instanceCol
	gpusCol
	vramCol
	priceModelCol
	perHourCol
	totalCol
	budgetCol
	warningsCol
)

// rankedFit is how the ranked table gives up width, in order: the budget
// column when no budget is set (it is all "-"), the warnings' codes (those
// of #1 are spelt out under the table), the memory, the budget; then the
// GPU names are cut keeping their count and the instance names keeping
// their distinguishing tail, in turns, the providers, and as a last resort
// the totals' notes on estimated parts. Rank, provider, instance, GPUs,
// price model, per hour and total always stay.
func rankedFit(budgetSet bool) []fitStep {
	var steps []fitStep
	if !budgetSet {
		steps = append(steps, dropCol(budgetCol))
	}
	return append(steps, dropCol(warningsCol), dropCol(vramCol), dropCol(budgetCol),
		cutCol(gpusCol, cutGPUs, 20), cutNames(instanceCol, 16), cutCol(gpusCol, cutGPUs, 12),
		cutNames(instanceCol, 12), cutCol(providerCol, cutEnd, 8), cutCol(totalCol, cutEnd, 8))
}

// printJobRun prints how a job-size run's hours are made up for #1: the
// job itself, the set-up with its parts, and the hours billed under the
// chosen price model (rounded up to the provider's billing increment), in
// lang.
func printJobRun(w io.Writer, r *model.Recommendation, lang string) {
	st := r.Setup
	fmt.Fprintln(w, "\n"+tRecRunFor.in(lang))
	sec := func(s float64) string { return unitsIn(seconds(s), lang) }
	fmt.Fprintf(w, tRecRunParts.in(lang), durationIn(r.Speed.JobHours, lang), durationIn(st.Hours, lang), className(st.Class, lang), sec(st.ProvisionSec), sec(st.ImagePullSec))
	if st.CheckpointGB > 0 {
		fmt.Fprintf(w, tRecRunWeights.in(lang), model.FormatNumber(math.Round(st.CheckpointGB*10)/10), sec(st.DownloadSec), sec(st.LoadSec))
	}
	fmt.Fprintf(w, tRecRunTotal.in(lang)+"\n", durationIn(r.RunHours, lang))
	for _, q := range r.PriceModels {
		if q.Name == r.PriceModel && q.BilledHours > 0 {
			fmt.Fprintf(w, tRecBilled.in(lang)+"\n", durationIn(q.BilledHours, lang), priceModelName(q.Name, lang))
		}
	}
}

// seconds formats a set-up part: whole seconds under two minutes, minutes
// above.
func seconds(s float64) string {
	if s < 120 {
		return fmt.Sprintf("%.0f s", math.Ceil(s))
	}
	return fmt.Sprintf("%.0f min", math.Round(s/60))
}

// writeOnRequest prints the offers that hold the job but have no
// published price, after the ranked ones and apart from them, in lang.
func writeOnRequest(w io.Writer, res model.Result, lang string) {
	if len(res.OnRequest) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+fmt.Sprintf(tRecOnRequest.in(lang), len(res.OnRequest)))
	// PROVIDER, INSTANCE, GPUS, VRAM, REGIONS: the regions give way first.
	tw := newCLITable(w).fitTo(cutCol(4, cutEnd, 12), cutNames(1, 16), cutCol(2, cutGPUs, 12), dropCol(4), dropCol(3))
	fmt.Fprintln(tw, tRecOnRequestHeader.in(lang))
	for _, o := range res.OnRequest {
		gpu := o.GPU
		if gpu == "" {
			gpu = tUnknown.in(lang)
		}
		regions := strings.Join(o.Regions, ",")
		if regions == "" {
			regions = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s x%d\t%.0f GiB\t%s\n", o.Provider, o.InstanceType, gpu, o.GPUCount, o.VRAMGiB, regions)
	}
	tw.Flush()
}
