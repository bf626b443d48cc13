package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

const recommendHelp = `Usage: gpupick recommend [flags]

Runs the advisor headless and prints the ranked offers. Every flag mirrors a
wizard question; --answers FILE starts from a saved decision record and the
flags given override it.

Examples:
  gpupick recommend --workload inference --model llama-3.1-8b --format json
  gpupick recommend --workload qlora --params 70B --precision int4 --tokens 2B --interruptible
  gpupick recommend --params 8B --duration 3mo --hours-per-week 40 --budget 3000/mo --currency CNY

Flags:
`

// answerFlags are the flags that set answers, as typed.
type answerFlags struct {
	s             map[string]*string
	interruptible bool
	gradCkpt      bool
}

// answerFlagDefs lists the string flags in the order they are applied, with
// their help text.
var answerFlagDefs = []struct{ name, usage string }{
	{"workload", "inference, finetune, lora, qlora, pretrain or vram"},
	{"model", "model preset, e.g. llama-3.1-8b, qwen2.5-72b, or a Hugging Face id (see gpupick models)"},
	{"params", "parameter count, e.g. 70B, 7.5b, 405 billion (instead of --model)"},
	{"vram", "GPU memory the job needs when you know it, e.g. 80GB (workload vram)"},
	{"precision", "fp32, bf16, fp16, fp8, int8 or int4"},
	{"context", "context length in tokens, e.g. 8k, 128k"},
	{"batch", "concurrent users (inference) or sequences per GPU (training)"},
	{"users", "concurrent users (the same as --batch)"},
	{"latency", "realtime, interactive or batch"},
	{"duration", "wall-clock length of the run, e.g. 8h, 2w, 3mo"},
	{"hours-per-week", "hours the GPUs run each week, e.g. 40, 8h/d, 24/7"},
	{"tokens", "job size in tokens (train on / generate), e.g. 2B; ranks by cost to finish"},
	{"budget", "spending cap, e.g. 2.5/h, 3000/mo, 500 (total), ¥20/h"},
	{"gpu", "only this GPU, e.g. H100, A100-80GB, RTX4090"},
	{"gpus", "GPUs per node"},
	{"nodes", "most nodes to use"},
	{"provider", "only these providers, comma-separated, e.g. aws,gcp,alibaba"},
	{"region", "only these regions, comma-separated (prefixes match)"},
	{"data", "data and checkpoints stored during the run, e.g. 500GB"},
	{"egress", "data sent to the internet over the run, e.g. 2TB"},
	{"sharding", "none, zero1, zero2, zero3 or fsdp (multi-GPU training)"},
}

func (f *answerFlags) register(fs *flag.FlagSet) {
	f.s = map[string]*string{}
	for _, d := range answerFlagDefs {
		f.s[d.name] = fs.String(d.name, "", d.usage)
	}
	fs.BoolVar(&f.interruptible, "interruptible", false, "the job checkpoints and may be interrupted (allows spot)")
	fs.BoolVar(&f.gradCkpt, "grad-checkpointing", true, "training recomputes activations (gradient checkpointing); --grad-checkpointing=false turns it off")
}

// flagError is a usage error that names the flag.
func flagError(name, value string, err error) error {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		c := *fe
		c.Field = "--" + name
		c.Value = value
		return &c
	}
	return fmt.Errorf("--%s %q: %v", name, value, err)
}

// apply sets the answers from the flags given on the command line, in a
// fixed order, and reports the first bad value.
func (f *answerFlags) apply(fs *flag.FlagSet, a *model.Answers, cat *model.Catalog) error {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	for _, d := range answerFlagDefs {
		if !set[d.name] {
			continue
		}
		v := *f.s[d.name]
		var err error
		switch d.name {
		case "workload":
			a.Workload, err = model.ParseWorkload(v)
		case "model":
			var p *model.ModelPreset
			if p, err = model.FindPreset(cat.Models, v); err == nil {
				a.Model = p.Name
				if !set["params"] {
					a.ParamsB = 0
				}
			}
		case "params":
			a.ParamsB, err = model.ParseParams(v)
			if err == nil && !set["model"] {
				a.Model = ""
			}
		case "vram":
			a.KnownVRAMGiB, err = model.ParseSize("vram", v)
			if err == nil && !set["workload"] {
				a.Workload = model.WorkloadVRAM
			}
		case "precision":
			a.Precision, err = model.ParsePrecision(v)
		case "context":
			a.Context, err = model.ParseContext(v)
		case "batch", "users":
			a.Batch, err = model.ParseCount(d.name, v)
		case "latency":
			a.Latency, err = model.ParseLatency(v)
		case "duration":
			a.DurationHours, err = model.ParseDuration(v)
			if err == nil && !set["tokens"] {
				a.DurationMode = model.DurationWallClock
			}
		case "hours-per-week":
			a.HoursPerWeek, err = model.ParseHoursPerWeek(v)
		case "tokens":
			a.JobTokens, err = model.ParseTokens(v)
			if err == nil {
				a.DurationMode = model.DurationJob
			}
		case "budget":
			a.Budget, err = model.ParseBudget(v, a.Currency)
		case "gpu":
			a.GPU = strings.TrimSpace(v)
		case "gpus":
			a.GPUs, err = model.ParseCount("gpus", v)
		case "nodes":
			a.MaxNodes, err = model.ParseCount("nodes", v)
		case "provider":
			a.Providers, err = parseProviders(v, cat)
		case "region":
			a.Regions = splitList(v)
		case "data":
			a.DataGB, err = model.ParseSize("data", v)
		case "egress":
			a.EgressGB, err = model.ParseSize("egress", v)
		case "sharding":
			a.Sharding = strings.ToLower(strings.TrimSpace(v))
		}
		if err != nil {
			return flagError(d.name, v, err)
		}
	}
	if set["interruptible"] {
		a.Interruptible = f.interruptible
	}
	if set["grad-checkpointing"] {
		a.GradCheckpointing = f.gradCkpt
	}
	return nil
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// parseProviders checks provider keys against the catalog.
func parseProviders(s string, cat *model.Catalog) ([]string, error) {
	known := knownProviders(cat)
	var out []string
	for _, p := range splitList(strings.ToLower(s)) {
		if !known[p] {
			return nil, &model.FieldError{Field: "provider", Value: p, Msg: "unknown provider", Fix: "use one of " + strings.Join(sortedKeys(known), ", ")}
		}
		out = append(out, p)
	}
	return out, nil
}

// fieldFlag maps an answers validation error to the flag that sets it.
var fieldFlag = map[string]string{
	"params": "params", "vram": "vram", "workload": "workload", "precision": "precision", "context": "context",
	"batch": "batch", "latency": "latency", "duration_mode": "tokens", "tokens": "tokens", "duration": "duration",
	"budget": "budget", "currency": "currency", "gpus": "gpus", "data": "data", "sharding": "sharding", "model": "model",
}

func runRecommend(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("recommend")
	var common commonFlags
	common.register(fs)
	var af answerFlags
	af.register(fs)
	answersFile := fs.String("answers", "", "start from the answers of a decision record `FILE`")
	format := fs.String("format", "table", "output format: table, json or toml")
	top := fs.Int("top", 10, "number of recommendations")
	withinBudget := fs.Bool("within-budget", false, "hide the offers over the budget (a note says how many)")
	if code, ok := parseFlags(fs, args, recommendHelp, stdout, stderr); !ok {
		return code
	}
	fail := func(code int, format string, args ...any) int {
		fmt.Fprintf(stderr, "gpupick recommend: "+format+"\n", args...)
		return code
	}
	switch *format {
	case "table", "json", "toml":
	default:
		return fail(exitUsage, "--format %q: unknown format (use table, json or toml)", *format)
	}
	if *top < 1 || *top > 10000 {
		return fail(exitUsage, "--top %d: out of range (use 1 to 10000)", *top)
	}
	lang, err := common.language()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	a := model.DefaultAnswers()
	if *answersFile != "" {
		rec, err := data.ReadRecord(*answersFile)
		if err != nil {
			return fail(exitUsage, "--answers: %v", err)
		}
		a = rec.Answers
	}
	if common.currency != "" {
		cur, err := model.ParseCurrency(common.currency)
		if err != nil {
			return fail(exitUsage, "%v", flagError("currency", common.currency, err))
		}
		a.Currency = cur
	}
	cat, err := common.loadCatalog()
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	if err := af.apply(fs, &a, cat); err != nil {
		return fail(exitUsage, "%v", err)
	}
	a.Normalize()
	if err := a.Validate(); err != nil {
		var fe *model.FieldError
		if errors.As(err, &fe) {
			if fl, ok := fieldFlag[fe.Field]; ok {
				c := *fe
				c.Field = "--" + fl
				err = &c
			}
		}
		return fail(exitUsage, "%v", err)
	}
	res := advisor.Recommend(cat, a, advisor.Options{Top: *top, Lang: lang, WithinBudget: *withinBudget})
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return fail(exitFail, "encode json: %v", err)
		}
	case "toml":
		rec := model.Record{
			SchemaVersion: model.RecordSchemaVersion,
			Created:       time.Now().UTC().Truncate(time.Second),
			Tool:          "gpupick " + version,
			Catalog:       res.Catalog,
			Answers:       a,
			Requirement:   res.Requirement,
		}
		if len(res.Recommendations) > 0 {
			rec.Choice = &res.Recommendations[0]
		}
		if err := data.EncodeRecord(stdout, rec); err != nil {
			return fail(exitFail, "%v", err)
		}
	default:
		writeTable(stdout, cat, a, res)
	}
	return exitOK
}

// money formats an amount in the display currency; 0 is "unknown".
func money(v float64, cur model.Currency, converted bool) string {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "unknown"
	}
	s := cur.Symbol()
	if converted {
		s = "≈" + s
	}
	switch {
	case v >= 100000:
		return s + fmt.Sprintf("%.0fk", v/1000)
	case v >= 100:
		return s + fmt.Sprintf("%.0f", v)
	case v >= 10:
		return s + fmt.Sprintf("%.1f", v)
	}
	return s + fmt.Sprintf("%.2f", v)
}

// writeTable prints the requirement, the ranked offers and any notes.
func writeTable(w io.Writer, cat *model.Catalog, a model.Answers, res model.Result) {
	req := res.Requirement
	var parts []string
	for _, p := range req.Breakdown.Parts() {
		parts = append(parts, fmt.Sprintf("%s %.1f", p.Name, p.GiB))
	}
	what := string(a.Workload)
	if req.Model != "" {
		what += " " + req.Model
	} else if req.ParamsB > 0 {
		what += " " + model.FormatParams(req.ParamsB)
	}
	fmt.Fprintf(w, "Need:    %.1f GiB GPU memory (%s) for %s in %s\n", req.VRAMGiB, strings.Join(parts, ", "), what, req.Precision)
	if a.DurationMode == model.DurationJob {
		fmt.Fprintf(w, "Run:     a job of %s tokens (cost to finish)\n", model.FormatCount(a.JobTokens))
	} else {
		fmt.Fprintf(w, "Run:     %s at %s h/week = %.0f GPU hours\n", model.FormatDuration(a.DurationHours), model.FormatNumber(a.HoursPerWeek), a.GPUHours())
	}
	if a.Budget.IsSet() {
		fmt.Fprintf(w, "Budget:  %s\n", a.Budget.String())
	}
	fmt.Fprintf(w, "Catalog: %s, prices as of %s; %d offers considered, %d fit\n\n", res.Catalog.Origin, res.Catalog.SnapshotDate, res.Considered, res.Matched)
	if len(res.Recommendations) == 0 {
		fmt.Fprintln(w, "No offer fits.")
	} else {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "#\tPROVIDER\tINSTANCE\tGPUS\tVRAM\tPRICE MODEL\tPER HOUR\tTOTAL\tBUDGET\tWARNINGS")
		for i, r := range res.Recommendations {
			gpus := fmt.Sprintf("%s x%d", r.GPU, r.GPUCount)
			if r.GPU == "" {
				gpus = fmt.Sprintf("unknown x%d", r.GPUCount)
			}
			if r.Nodes > 1 {
				gpus += fmt.Sprintf(" x%d nodes", r.Nodes)
			}
			budget := "ok"
			if !r.WithinBudget {
				budget = "over"
			}
			if !a.Budget.IsSet() {
				budget = "-"
			}
			var codes []string
			for _, wn := range r.Warnings {
				codes = append(codes, wn.Code)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%.0f GiB\t%s\t%s\t%s\t%s\t%s\n", i+1, r.Provider, r.InstanceType, gpus,
				r.VRAMGiB*float64(max(r.Nodes, 1)), r.PriceModel, money(r.Hourly, res.Currency, r.Converted),
				totalCell(&r, res.Currency), budget, strings.Join(codes, " "))
		}
		tw.Flush()
	}
	if len(res.Notes) > 0 {
		fmt.Fprintln(w)
	}
	for _, n := range res.Notes {
		fmt.Fprintln(w, "Note:", n)
	}
	for _, s := range res.Suggestions {
		fmt.Fprintf(w, "Try:   %s — %s\n", s.Change, s.Effect)
	}
	if len(res.Recommendations) > 0 && len(res.Recommendations[0].Warnings) > 0 {
		fmt.Fprintln(w, "\nWarnings for #1:")
		for _, wn := range res.Recommendations[0].Warnings {
			fmt.Fprintf(w, "  [%s] %s: %s\n", wn.Severity, wn.Code, wn.Message)
		}
	}
	if cat != nil && res.Currency != model.USD {
		if r, ok := cat.Rate(model.USD, res.Currency); ok {
			fmt.Fprintf(w, "\n≈ converted at 1 USD = %s %s (%s, %s)\n", model.FormatNumber(r.Rate), res.Currency, r.Date, r.Source)
		}
	}
}
