package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"time"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
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

// recommendOptions are recommend's command line, parsed.
type recommendOptions struct {
	session      sessionFlags // --catalog, --lang and the answer flags
	answersFile  string       // --answers: the record the answers start from
	format       string       // table, json, toml, skypilot, dstack or dstack-fleet
	top          int
	withinBudget bool
	verbose      bool // --verbose: the table prints the notes, not their count
}

// runRecommend implements `gpupick recommend`: it parses the command line
// and runs recommend.
func runRecommend(args []string, env environ, stdout, stderr io.Writer) int {
	fs := newFlagSet("recommend")
	o := recommendOptions{session: sessionFlags{common: commonFlags{env: env}}}
	o.session.register(fs)
	fs.StringVar(&o.answersFile, "answers", "", flagHelp(tUseAnswers))
	fs.StringVar(&o.format, "format", "table", flagHelp(tUseFormatRecommend))
	newIntFlag(fs, &o.top, "top", 10, 1, maxTop, tAccTop, flagHelp(tUseTop))
	newBoolFlag(fs, &o.withinBudget, "within-budget", flagHelp(tUseWithinBudget))
	newBoolFlag(fs, &o.verbose, "verbose", flagHelp(tUseVerbose))
	if code, ok := parseFlags(fs, args, tLongRecommend, env, stdout, stderr); !ok {
		return code
	}
	return recommend(o, stdout, stderr)
}

// recommend checks the options, prepares the session (the catalog and the
// answers), ranks the offers and prints them in the format asked: exit 3
// when nothing fits.
func recommend(o recommendOptions, stdout, stderr io.Writer) int {
	lang, _ := o.session.common.language() // a bad --lang is prepare's error; until then English
	fail := failer(stderr, lang, "recommend")
	switch o.format {
	case "table", "json", "toml", "skypilot", "dstack", "dstack-fleet":
	default:
		return fail(exitUsage, "%s", tf(tErrUnknownFormat, lang, echo(o.format), "table, json, toml, skypilot, dstack"+orWord(lang)+"dstack-fleet"))
	}
	ss, code, msg := prepare(&o.session.common, o.session.answers, "answers", o.answersFile)
	catalogWarnings(stderr, "recommend", ss.notices, ss.lang)
	if code != exitOK {
		return fail(code, "%s", msg)
	}
	for _, n := range ss.notes {
		errLine(stderr, lang, "recommend", tf(tErrNote, lang, n.In(text.LangOf(lang))))
	}
	if o.withinBudget && !ss.answers.Budget.IsSet() {
		// Nothing would be hidden: the flag would be ignored without a word.
		return fail(exitUsage, "%s", tErrWithinNoBudget.in(lang))
	}
	opt := advisor.Options{Top: o.top, Lang: lang, WithinBudget: o.withinBudget, Explain: true}
	if o.format != "json" && o.format != "toml" {
		// The table prints the other sizes of #1 alone; a launch file
		// none (the JSON and the record carry every recommendation's).
		opt.Sizes = 1
	}
	res := ss.eng.Recommend(ss.answers, opt)
	if code := writeRecommendations(stdout, stderr, o, ss, res, lang); code != exitOK {
		return code
	}
	if len(res.Recommendations) == 0 {
		return exitNoFit
	}
	return exitOK
}

// writeRecommendations prints the result in format: the launch config of
// #1 (nothing when nothing fits), the JSON of the result, a decision record
// with #1 as its choice, or the table in lang. It returns the exit code of
// a failure to write, else exitOK. The table fits the width of the
// environment (COLUMNS, the terminal or 80) and prints the notes with
// --verbose, else their count.
func writeRecommendations(stdout, stderr io.Writer, o recommendOptions, ss session, res model.Result, lang string) int {
	fail := failer(stderr, lang, "recommend")
	format := o.format
	switch format {
	case "skypilot", "dstack", "dstack-fleet":
		if len(res.Recommendations) == 0 {
			return exitOK
		}
		return writeLaunch(stdout, stderr, "recommend", launch.Tool(format), launch.NewJob(&res.Recommendations[0], ss.answers, res.Requirement, ss.cat), lang)
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
			Tool:          "gpupick " + toolVersion.Get(),
			Catalog:       res.Catalog,
			Answers:       ss.answers,
			Requirement:   res.Requirement,
		}
		if len(res.Recommendations) > 0 {
			rec.Choice = &res.Recommendations[0]
		}
		if err := data.EncodeRecord(stdout, rec); err != nil {
			return fail(exitFail, "%v", err)
		}
	default:
		// The table goes out in one write, not one a line (issue 26: some
		// fifty system calls); nothing goes to stderr while it is made.
		var table bytes.Buffer
		fw := newFitWriter(&table, o.session.common.env.width())
		writeTable(fw, ss.cat, ss.answers, res, tableView{lang: lang, verbose: o.verbose})
		err := fw.Flush()
		if err == nil {
			_, err = stdout.Write(table.Bytes())
		}
		if err != nil {
			return fail(exitFail, "%v", err)
		}
	}
	return exitOK
}
