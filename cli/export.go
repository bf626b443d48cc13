package cli

import (
	"io"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
)

const exportHelp = `Usage: gpupick export --to skypilot|dstack|dstack-fleet|dstack-volume FILE.toml

Writes a launch config for the offer chosen in a decision record to stdout:
a SkyPilot task or a dstack task (save it as NAME.dstack.yml). Its header
comment gives the command that launches it (sky launch, sky jobs launch for
a spot training job, sky serve up for a server; dstack apply -f) and the
files to apply first: the cluster fleet of a multi-node dstack run
(--to dstack-fleet) and the network volume its checkpoints or data live on
(--to dstack-volume). A provider or GPU the launcher does not know is
refused with exit 2, never a broken file.

Flags:
`

// exportOptions are export's command line, parsed.
type exportOptions struct {
	to   string // --to: the launcher
	lang string // the language of the messages: --lang, else the locale
	file string // the decision record
}

// runExport implements `gpupick export --to TOOL FILE.toml`: it parses the
// command line and runs export.
func runExport(args []string, env environ, stdout, stderr io.Writer) int {
	fs := newFlagSet("export")
	var o exportOptions
	fs.StringVar(&o.to, "to", "", flagHelp(tUseTo))
	fs.StringVar(&o.lang, "lang", "", flagHelp(tUseLangMessages))
	file, rest := splitFile(args)
	if code, ok := parseFlags(fs, rest, tLongExport, env, stdout, stderr); !ok {
		return code
	}
	o.file = file
	o.lang, _ = (&commonFlags{lang: o.lang, env: env}).language()
	return export(o, stdout, stderr)
}

// export writes the launch config of the record's choice to stdout.
func export(o exportOptions, stdout, stderr io.Writer) int {
	fail := failer(stderr, o.lang, "export")
	tool, err := launch.ParseTool(o.to)
	if err != nil {
		return fail(exitUsage, "--to %v", err)
	}
	if o.file == "" {
		return fail(exitUsage, "%s", tf(tErrNeedRecord, o.lang, "export"))
	}
	rec, err := data.ReadRecord(o.file)
	if err != nil {
		return fail(exitUsage, "%s", answerErrText(err, o.lang))
	}
	// The model preset and the GPU's vendor come from the embedded
	// catalog; without it the run names no preset (the user gives the
	// model at launch) and NVIDIA images are assumed.
	cat, _ := data.Embedded()
	if err := checkExportChoice(rec.Choice, rec.Catalog, cat, o.file, o.lang); err != nil {
		return fail(exitUsage, "%v", err)
	}
	return writeLaunch(stdout, stderr, "export", tool, launch.NewJob(rec.Choice, rec.Answers, rec.Requirement, cat), o.lang)
}
