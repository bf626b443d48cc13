package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
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

// writeLaunch writes the launch config, or the launcher's refusal (exit 2).
func writeLaunch(stdout, stderr io.Writer, cmd string, tool launch.Tool, choice *model.Recommendation, a model.Answers, lang string) int {
	err := launch.Export(stdout, tool, choice, a)
	var ue *launch.UnsupportedError
	if errors.As(err, &ue) {
		errLine(stderr, lang, cmd, ue.Text(lang))
		return exitUsage
	}
	if err != nil {
		errLine(stderr, lang, cmd, err.Error())
		return exitFail
	}
	return exitOK
}

// writeLaunchFile writes the launch config of a recommendation to path
// atomically (the wizard's ctrl+x). A launcher that cannot run the offer
// returns its *launch.UnsupportedError and nothing is written.
func writeLaunchFile(path string, tool ui.LaunchTool, rec *model.Recommendation, a model.Answers, overwrite bool) error {
	t, err := launch.ParseTool(string(tool))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := launch.Export(&buf, t, rec, a); err != nil {
		return err
	}
	return data.WriteFile(path, buf.Bytes(), overwrite)
}

// splitFile takes the first argument that is not a flag or a flag's value
// (the record file) out of args, so that flags may follow it.
func splitFile(args []string) (string, []string) {
	var rest []string
	file := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if file == "" && i+1 < len(args) {
				file = args[i+1]
			}
			return file, rest
		case len(a) > 1 && a[0] == '-':
			rest = append(rest, a)
			if !hasValue(a) && i+1 < len(args) && !isBoolFlag(a) {
				rest = append(rest, args[i+1])
				i++
			}
		case file == "":
			file = a
		default:
			rest = append(rest, a)
		}
	}
	return file, rest
}

func hasValue(flag string) bool {
	for _, r := range flag {
		if r == '=' {
			return true
		}
	}
	return false
}

// isBoolFlag lists the boolean flags of export, plan and verify.
func isBoolFlag(flag string) bool {
	switch flag {
	case "-h", "-help", "--help", "--json", "-json":
		return true
	}
	return false
}
