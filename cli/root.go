package cli

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"os"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// Version is the version the build set: main sets it from its own (set at
// build time with -ldflags "-X main.version=...") before it calls Main.
// What `gpupick version` prints, and what the records and launch files
// name the tool with, is toolVersion: this, or when it is "dev" what the
// build info says.
var Version = "dev"

// Exit codes.
const (
	exitOK          = 0
	exitFail        = 1
	exitUsage       = 2
	exitNoFit       = 3
	exitInterrupted = 130
)

// Main runs gpupick with the command line args (without the program's
// name) and returns the exit code: it reads the environment once, builds
// the command tree (commands.go) and runs it with cobra; the help is the
// tree's (help.go), and Main writes the one error line of a refused
// command line or a failed command; the root without a subcommand opens
// the wizard.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := readEnviron(os.Getenv)
	env.preload = startPreload(args)
	env.terminal = terminalWidth(stdout)
	lang := argsLang(nil, args, env)
	t := newTree(args, env, lang, stdin, stdout, stderr)
	err := t.root.ExecuteContext(context.Background())
	if err == nil {
		err = t.refused
	}
	if err != nil {
		t.errorLine(colorprofile.NewWriter(stderr, os.Environ()), err)
	}
	switch {
	case err != nil:
		if t.out.err == nil {
			t.code = exitUsage // cobra refused the command line
		}
	case t.wizard:
		return t.code // the wizard draws on the terminal, not through out
	}
	return t.out.report(t.code, t.ran, lang, stderr)
}

// refuse keeps err, a command line refused (a flag, an argument) or a
// command's error, for Main to report, and tells cobra of none, so that
// the first refusal is the one reported.
func (t *tree) refuse(err error) error {
	if t.refused == nil {
		t.refused = err
	}
	return nil
}

// errorHeader is the colour of the command's name in an error line:
// fang's error header's, which is the same on a dark and a light
// background.
func errorHeader() color.Color { return helpColors(lipgloss.LightDark(true)).ErrorHeader[1] }

// errorLine writes the one line "gpupick CMD: MESSAGE" in the language of
// the command line, the command's name styled on a terminal.
func (t *tree) errorLine(w io.Writer, err error) {
	if t.out.err != nil {
		return // a failed write to stdout: report says it
	}
	cmd, msg := "", echo(err.Error())
	var ue *usageError
	if errors.As(err, &ue) {
		cmd, msg = ue.cmd, ue.msg
	}
	name := "gpupick"
	if cmd != "" {
		name += " " + cmd
	}
	bold := lipgloss.NewStyle().Bold(true).Foreground(errorHeader())
	fmt.Fprintln(w, tf(tErrLine, t.lang, bold.Render(name), msg))
}

const usageText = `gpupick — which cloud GPU to rent, on which price model, for how much.

Without a command, gpupick opens the wizard (questions left, live offers
right); the answer flags of recommend set its starting answers. The
commands below run the same advisor headless and manage the catalog and
the decision records.

Examples:
  gpupick --lang zh --model qwen2.5-72b
  gpupick recommend --workload inference --model llama-3.1-8b --format json
  gpupick export --to skypilot decision.toml > task.sky.yaml
  gpupick completion bash > ~/.local/share/bash-completion/completions/gpupick

Exit codes: 0 ok, 1 a failure while running, 2 bad input (flag, answers
file, overlay, URL), 3 nothing fits, 130 wizard left with ctrl+c unsaved.

Environment: NO_COLOR disables colour; ACCESSIBLE=1 asks the questions as
plain line prompts; LANG=zh_CN.UTF-8 (or --lang zh) shows the Chinese UI.
`
