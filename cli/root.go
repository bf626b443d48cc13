package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Version is the build's version: `gpupick version` prints it, and the
// records and launch files name the tool with it. main sets it from its own
// version (set at build time with -ldflags "-X main.version=...") before it
// calls Main.
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
// name) and returns the exit code: it reads the environment once and
// dispatches to the command args name, or opens the wizard.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := readEnviron(os.Getenv)
	if len(args) == 0 {
		return runWizard(args, env, stdin, stdout, stderr)
	}
	out := &output{w: stdout}
	cmd, code := args[0], exitOK
	switch cmd {
	case "recommend":
		code = runRecommend(args[1:], env, out, stderr)
	case "catalog":
		code = runCatalog(args[1:], env, out, stderr)
	case "models":
		code = runModels(args[1:], env, out, stderr)
	case "export":
		code = runExport(args[1:], env, out, stderr)
	case "plan":
		code = runPlan(args[1:], env, out, stderr)
	case "verify":
		code = runVerify(args[1:], env, out, stderr)
	case "help", "-h", "-help", "--help":
		cmd, code = "", runWizard([]string{"--help"}, env, stdin, out, stderr)
	case "version", "-version", "--version":
		if len(args) > 1 {
			lang := argsLang(nil, args, env)
			errLine(stderr, lang, "version", tf(tErrUnexpectedArg, lang, echo(args[1])))
			return exitUsage
		}
		cmd = ""
		fmt.Fprintln(out, "gpupick", Version)
	default:
		if !strings.HasPrefix(cmd, "-") {
			lang, _ := (&commonFlags{env: env}).language()
			errLine(stderr, lang, "", tf(tErrUnknownCmd, lang, cmd))
			return exitUsage
		}
		return runWizard(args, env, stdin, stdout, stderr)
	}
	if cmd == "catalog" && len(args) > 1 && !strings.HasPrefix(args[1], "-") {
		cmd += " " + args[1]
	}
	return out.report(code, cmd, argsLang(nil, args[1:], env), stderr)
}

const usageText = `gpupick — which cloud GPU to rent, on which price model, for how much.

Usage:
  gpupick [--load FILE] [--lang en|zh] [--catalog FILE] [answer flags]
                             open the wizard (questions left, live offers right);
                             the answer flags of recommend set its starting answers
  gpupick recommend [flags]  the same advice headless (--help for the flags)
  gpupick catalog list|show|stats|import|update
                             browse, check and refresh the GPU catalog
  gpupick models             list the model presets
  gpupick export --to skypilot|dstack FILE.toml
                             a launch config for the record's choice
  gpupick plan FILE.toml     a trial plan: top 3 candidates, cost, benchmark
  gpupick verify FILE.toml [--from DIR]
                             check the rented machine against the record
  gpupick version            (also --version)

Exit codes: 0 ok, 1 a failure while running, 2 bad input (flag, answers
file, overlay, URL), 3 nothing fits, 130 wizard left with ctrl+c unsaved.

Environment: NO_COLOR disables colour; ACCESSIBLE=1 asks the questions as
plain line prompts; LANG=zh_CN.UTF-8 (or --lang zh) shows the Chinese UI.
`
