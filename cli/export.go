package cli

import (
	"fmt"
	"io"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
)

const exportHelp = `Usage: gpupick export --to skypilot|dstack FILE.toml

Writes a launch config for the offer chosen in a decision record to stdout:
a SkyPilot task (sky launch task.yaml) or a dstack task (save it as
NAME.dstack.yml; dstack apply -f NAME.dstack.yml). A provider or GPU the
launcher does not know is refused with exit 2, never a broken file.

Flags:
`

func runExport(args []string, env environ, stdout, stderr io.Writer) int {
	fs := newFlagSet("export")
	to := fs.String("to", "", "the launcher: skypilot or dstack")
	lang := fs.String("lang", "", "language of messages: en or zh (default from LANG)")
	file, rest := splitFile(args)
	if code, ok := parseFlags(fs, rest, exportHelp, env, stdout, stderr); !ok {
		return code
	}
	l, _ := (&commonFlags{lang: *lang, env: env}).language()
	fail := func(code int, format string, args ...any) int {
		errLine(stderr, l, "export", fmt.Sprintf(format, args...))
		return code
	}
	tool, err := launch.ParseTool(*to)
	if err != nil {
		return fail(exitUsage, "--to %v", err)
	}
	if file == "" {
		return fail(exitUsage, "%s", tf(tErrNeedRecord, l, "export"))
	}
	rec, err := data.ReadRecord(file)
	if err != nil {
		return fail(exitUsage, "%s", answerErrText(err, l))
	}
	return writeLaunch(stdout, stderr, "export", tool, rec.Choice, rec.Answers, l)
}
