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
	if len(args) > 0 {
		switch args[0] {
		case "recommend":
			return runRecommend(args[1:], env, stdout, stderr)
		case "catalog":
			return runCatalog(args[1:], env, stdout, stderr)
		case "models":
			return runModels(args[1:], env, stdout, stderr)
		case "export":
			return runExport(args[1:], env, stdout, stderr)
		case "plan":
			return runPlan(args[1:], env, stdout, stderr)
		case "verify":
			return runVerify(args[1:], env, stdout, stderr)
		case "help", "-h", "-help", "--help":
			return runWizard([]string{"--help"}, env, stdin, stdout, stderr)
		case "version", "-version", "--version":
			fmt.Fprintln(stdout, "gpupick", Version)
			return exitOK
		}
		if !strings.HasPrefix(args[0], "-") {
			lang, _ := (&commonFlags{env: env}).language()
			errLine(stderr, lang, "", tf(tErrUnknownCmd, lang, args[0]))
			return exitUsage
		}
	}
	return runWizard(args, env, stdin, stdout, stderr)
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
