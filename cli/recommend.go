package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
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

Exit codes: 0 offers found, 1 a failure while running, 2 bad input (a flag,
the answers file or the overlay; the message names it), 3 nothing fits.

Flags:
`

func runRecommend(args []string, env environ, stdout, stderr io.Writer) int {
	fs := newFlagSet("recommend")
	common := commonFlags{env: env}
	common.register(fs)
	var af answerFlags
	af.register(fs)
	answersFile := fs.String("answers", "", "start from the answers of a decision record `FILE`; the flags given override them")
	format := fs.String("format", "table", "output `FORMAT`: table, json, toml, skypilot or dstack (a launch config for the best offer)")
	top := fs.Int("top", 10, "the `N` best recommendations to print")
	withinBudget := fs.Bool("within-budget", false, "hide the offers over the budget (a note says how many)")
	if code, ok := parseFlags(fs, args, recommendHelp, env, stdout, stderr); !ok {
		return code
	}
	lang, _ := common.language() // a bad --lang is prepare's error; until then English
	fail := func(code int, format string, args ...any) int {
		errLine(stderr, lang, "recommend", fmt.Sprintf(format, args...))
		return code
	}
	switch *format {
	case "table", "json", "toml", "skypilot", "dstack":
	default:
		return fail(exitUsage, "%s", tf(tErrUnknownFormat, lang, echo(*format), "table, json, toml, skypilot"+orWord(lang)+"dstack"))
	}
	if *top < 1 || *top > 10000 {
		return fail(exitUsage, "%s", tf(tErrTopRange, lang, *top))
	}
	ss, code, msg := prepare(&common, af, "answers", *answersFile)
	catalogWarnings(stderr, "recommend", ss.notices, ss.lang)
	if code != exitOK {
		return fail(code, "%s", msg)
	}
	cat, a, notes := ss.cat, ss.answers, ss.notes
	for _, n := range notes {
		errLine(stderr, lang, "recommend", tf(tErrNote, lang, n))
	}
	opt := advisor.Options{Top: *top, Lang: lang, WithinBudget: *withinBudget, Explain: true}
	if *format != "json" && *format != "toml" {
		// The table prints the other sizes of #1 alone; a launch file
		// none (the JSON and the record carry every recommendation's).
		opt.Sizes = 1
	}
	eng := ss.eng
	res := eng.Recommend(a, opt)
	switch *format {
	case "skypilot", "dstack":
		if len(res.Recommendations) == 0 {
			break
		}
		if code := writeLaunch(stdout, stderr, "recommend", launch.Tool(*format), &res.Recommendations[0], a, lang); code != exitOK {
			return code
		}
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
			Tool:          "gpupick " + Version,
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
		writeTable(stdout, cat, a, res, lang)
	}
	if len(res.Recommendations) == 0 {
		return exitNoFit
	}
	return exitOK
}
