// Command gpupick tells you which cloud GPU instance to rent for a workload,
// on which price model, what the whole run will cost, and what will bite
// you. Without a subcommand it opens the wizard; `gpupick recommend` runs
// the same advisor headless for scripts.
//
// Exit codes: 0 success, 1 a failure while running, 2 a usage error (bad
// flag or value; the message names the flag and the accepted forms).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "recommend":
			return runRecommend(args[1:], stdout, stderr)
		case "catalog":
			return runCatalog(args[1:], stdout, stderr)
		case "models":
			return runModels(args[1:], stdout, stderr)
		case "help", "-h", "-help", "--help":
			fmt.Fprint(stdout, usageText)
			return exitOK
		case "version", "-version", "--version":
			fmt.Fprintln(stdout, "gpupick", version)
			return exitOK
		}
		if !strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "gpupick: unknown command %q (use recommend, catalog, models, help, or no command for the wizard)\n", args[0])
			return exitUsage
		}
	}
	return runWizard(args, stdin, stdout, stderr)
}

const usageText = `gpupick — which cloud GPU to rent, on which price model, for how much.

Usage:
  gpupick [--load FILE] [--lang en|zh] [--currency USD|CNY] [--catalog FILE]
                             open the wizard (questions left, live offers right)
  gpupick recommend [flags]  the same advice headless (--help for the flags)
  gpupick catalog list|show|stats|import|update
                             browse, check and refresh the GPU catalog
  gpupick models             list the model presets
  gpupick version

Environment: NO_COLOR disables colour; ACCESSIBLE=1 asks the questions as
plain line prompts; LANG=zh_CN.UTF-8 (or --lang zh) shows the Chinese UI.
`

// commonFlags are accepted by the wizard and by recommend.
type commonFlags struct {
	catalog  string
	currency string
	lang     string
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.catalog, "catalog", "", "overlay `FILE` with private offers or negotiated prices (TOML)")
	fs.StringVar(&c.currency, "currency", "", "display currency: USD or CNY")
	fs.StringVar(&c.lang, "lang", "", "language: en or zh (default from LANG)")
}

// loadCatalog loads the newest catalog with the optional overlay and
// prints its load notices (a damaged cached catalog) on stderr.
func (c *commonFlags) loadCatalog() (*model.Catalog, error) {
	opts := data.DefaultLoadOptions()
	if c.catalog != "" {
		opts.OverlayPath = c.catalog
	}
	cat, err := data.Load(opts)
	if err == nil {
		for _, n := range cat.Info.Warnings {
			fmt.Fprintln(os.Stderr, "gpupick:", n)
		}
	}
	return cat, err
}

// language resolves --lang, then LC_ALL, LC_MESSAGES and LANG.
func (c *commonFlags) language() (string, error) {
	switch strings.ToLower(c.lang) {
	case "en", "zh":
		return strings.ToLower(c.lang), nil
	case "":
	default:
		return "", fmt.Errorf("--lang %q: unknown language (use en or zh)", c.lang)
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := os.Getenv(v); s != "" {
			if strings.HasPrefix(strings.ToLower(s), "zh") {
				return "zh", nil
			}
			return "en", nil
		}
	}
	return "en", nil
}

// newFlagSet returns a FlagSet that reports errors itself instead of
// printing usage to stderr.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, printing help on -h and a one-line error on a bad
// flag. It returns an exit code and false when the caller should stop.
func parseFlags(fs *flag.FlagSet, args []string, help string, stdout, stderr io.Writer) (int, bool) {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, help)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return exitOK, false
	}
	if err != nil {
		msg := err.Error()
		if rest, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			msg = "unknown flag " + rest
		}
		fmt.Fprintf(stderr, "gpupick %s: %s (see gpupick %s --help)\n", fs.Name(), msg, fs.Name())
		return exitUsage, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gpupick %s: unexpected argument %q (see gpupick %s --help)\n", fs.Name(), fs.Arg(0), fs.Name())
		return exitUsage, false
	}
	return exitOK, true
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func runWizard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("wizard")
	var common commonFlags
	common.register(fs)
	load := fs.String("load", "", "open the wizard with the answers of a decision record `FILE`")
	accessible := fs.Bool("accessible", false, "ask the questions as plain line prompts (also ACCESSIBLE=1)")
	if code, ok := parseFlags(fs, args, usageText+"\nWizard flags:\n", stdout, stderr); !ok {
		return code
	}
	lang, err := common.language()
	if err != nil {
		fmt.Fprintln(stderr, "gpupick:", err)
		return exitUsage
	}
	answers := model.DefaultAnswers()
	loadedFrom := ""
	if *load != "" {
		rec, err := data.ReadRecord(*load)
		if err != nil {
			fmt.Fprintln(stderr, "gpupick: --load:", err)
			return exitUsage
		}
		answers = rec.Answers
		loadedFrom = *load
	}
	switch {
	case common.currency != "":
		cur, err := model.ParseCurrency(common.currency)
		if err != nil {
			fmt.Fprintf(stderr, "gpupick: --currency %q: unknown currency (use USD or CNY)\n", common.currency)
			return exitUsage
		}
		answers.Currency = cur
	case lang == "zh" && loadedFrom == "":
		// Chinese UI: show prices in yuan unless told otherwise.
		answers.Currency = model.CNY
	}
	cat, err := common.loadCatalog()
	if err != nil {
		fmt.Fprintln(stderr, "gpupick:", err)
		return exitCode(err) // 2 for a bad --catalog file
	}
	in, _ := stdin.(*os.File)
	out, _ := stdout.(*os.File)
	acc := *accessible || envOn("ACCESSIBLE") || in == nil || out == nil || !isTerminal(in) || !isTerminal(out)
	err = ui.Run(ui.Config{
		Catalog:    cat,
		Answers:    answers,
		LoadedFrom: loadedFrom,
		Lang:       lang,
		Save:       data.WriteRecord,
		Version:    version,
		Accessible: acc,
		In:         stdin,
		Out:        stdout,
	})
	if err != nil {
		fmt.Fprintln(stderr, "gpupick:", err)
		return exitFail
	}
	return exitOK
}

// envOn reports whether an environment variable is set to something other
// than "", "0" or "false".
func envOn(name string) bool {
	v := strings.ToLower(strings.TrimSpace(os.Getenv(name)))
	return v != "" && v != "0" && v != "false"
}
