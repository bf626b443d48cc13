package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
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
// name), reading the environment once, and returns the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(args, stdin, stdout, stderr)
}

// environ is what gpupick reads from the environment: read once, in run,
// and passed down to the commands and the wizard.
type environ struct {
	locale     string // LC_ALL, else LC_MESSAGES, else LANG ("" when none is set)
	noColor    bool   // NO_COLOR is set to anything
	accessible bool   // ACCESSIBLE is set to other than "", "0" or "false"
}

// readEnviron reads the environment through getenv.
func readEnviron(getenv func(string) string) environ {
	var e environ
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := getenv(v); s != "" {
			e.locale = s
			break
		}
	}
	e.noColor = getenv("NO_COLOR") != ""
	v := strings.ToLower(strings.TrimSpace(getenv("ACCESSIBLE")))
	e.accessible = v != "" && v != "0" && v != "false"
	return e
}

// run dispatches a command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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

// commonFlags are accepted by the wizard and by recommend.
type commonFlags struct {
	catalog string
	lang    string
	env     environ // the environment, for the language when --lang is not given
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.catalog, "catalog", "", "overlay `FILE` with private offers or negotiated prices (TOML)")
	fs.StringVar(&c.lang, "lang", "", "language: en or zh (default from LANG)")
}

// loadCatalog loads the newest catalog with the optional overlay, and
// returns what the user should be told about it (a damaged cache).
func (c *commonFlags) loadCatalog() (*model.Catalog, []string, error) {
	opts := data.DefaultLoadOptions()
	if c.catalog != "" {
		opts.OverlayPath = c.catalog
	}
	cat, err := data.Load(opts)
	var notices []string
	if err == nil {
		notices = cat.Info.Warnings
	}
	return cat, notices, err
}

// session is what a run starts from: the language, the catalog and what
// the user must be told about it, the answers (a record's, then the
// flags'), the notes on what the flags imply, and a loaded record's choice.
type session struct {
	lang    string
	cat     *model.Catalog
	eng     *advisor.Engine  // the catalog's engine, its index built from the moment the catalog loads
	env     *model.AnswerEnv // the catalog's providers, regions and GPUs for the answers' parsers
	notices []string
	answers model.Answers
	notes   []string
	choice  *model.Recommendation
}

// prepare resolves the language, loads the catalog, starts from a record
// (file, given with the flag flagName) or the defaults (in yuan for the
// Chinese UI), applies the answer flags and validates the answers once, at
// the edge. On error it returns the exit code and the message.
func prepare(common *commonFlags, af answerFlags, flagName, file string) (session, int, string) {
	var s session
	var err error
	if s.lang, err = common.language(); err != nil {
		return s, exitUsage, err.Error()
	}
	if s.cat, s.notices, err = common.loadCatalog(); err != nil {
		return s, exitCode(err), catalogError(err, s.lang)
	}
	// The index is built while the answers are read and checked (and, for
	// the wizard, while the terminal starts); the first ranking waits for it.
	s.eng = advisor.New(s.cat)
	go s.eng.Index()
	s.answers = model.DefaultAnswers()
	if s.lang == "zh" {
		s.answers.Currency = model.CNY
	}
	if file != "" {
		rec, err := data.ReadRecord(file)
		if err != nil {
			return s, exitUsage, tf(tErrRecord, s.lang, flagName, answerErrText(err, s.lang))
		}
		s.answers, s.choice = rec.Answers, rec.Choice
	}
	s.env = model.NewAnswerEnv(s.cat, advisor.MatchGPU) // its name sets are built only when an answer names a provider, region or GPU
	if s.notes, err = af.apply(&s.answers, s.env); err != nil {
		return s, exitUsage, tf(tErrAnswer, s.lang, answerErrText(err, s.lang))
	}
	if err := validateAnswers(&s.answers, s.env, flagName, file, af); err != nil {
		return s, exitUsage, tf(tErrAnswer, s.lang, answerErrText(err, s.lang))
	}
	return s, exitOK, ""
}

// validateAnswers normalises and checks the answers once, at the edge, so
// the advisor receives valid answers. A problem is named by the flag when
// the flag was given, else by the record key of the answers file.
func validateAnswers(a *model.Answers, env *model.AnswerEnv, flagName, file string, af answerFlags) error {
	a.Normalize()
	err := a.ValidateWith(env)
	if err == nil {
		return nil
	}
	var fe *model.FieldError
	if errors.As(err, &fe) && file != "" {
		if s, ok := model.SpecByName(fe.Field); ok {
			given := false
			for _, g := range af.given() {
				given = given || g.Spec.ID == s.ID
			}
			if !given {
				c := *fe
				c.Field = "[answers] " + s.Key
				return fmt.Errorf("--%s %s: %w", flagName, echo(file), &c)
			}
		}
	}
	return flagNamed(err)
}

// echo cuts what the user typed to at most 80 characters for an error.
func echo(s string) string { return model.Shorten(s, 79) }

// language resolves --lang, then the locale (LC_ALL, LC_MESSAGES and LANG).
func (c *commonFlags) language() (string, error) {
	switch strings.ToLower(c.lang) {
	case "en", "zh":
		return strings.ToLower(c.lang), nil
	case "":
	default:
		return "", errors.New(tf(tErrUnknownLang, "en", c.lang))
	}
	if strings.HasPrefix(strings.ToLower(c.env.locale), "zh") {
		return "zh", nil
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
// flag, in the language of the command line (argsLang: --lang, else the
// locale of env). It returns an exit code and false when the caller should
// stop.
func parseFlags(fs *flag.FlagSet, args []string, help string, env environ, stdout, stderr io.Writer) (int, bool) {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, help)
		printFlags(stdout, fs)
		return exitOK, false
	}
	if err != nil || fs.NArg() > 0 {
		lang := argsLang(fs, args, env)
		var msg string
		if err != nil {
			msg = echo(flagErrorText(err, lang))
		} else {
			msg = tf(tErrUnexpectedArg, lang, echo(fs.Arg(0)))
		}
		errLine(stderr, lang, fs.Name(), tf(tErrSeeHelp, lang, msg, fs.Name()))
		return exitUsage, false
	}
	return exitOK, true
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func runWizard(args []string, env environ, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("wizard")
	common := commonFlags{env: env}
	common.register(fs)
	var af answerFlags
	af.register(fs)
	load := fs.String("load", "", "open the wizard with the answers of a decision record `FILE`")
	accessible := fs.Bool("accessible", false, "ask the questions as plain line prompts (also ACCESSIBLE=1)")
	if code, ok := parseFlags(fs, args, usageText+"\nWizard flags:\n", env, stdout, stderr); !ok {
		return code
	}
	lang := argsLang(fs, args, env)
	fail := func(code int, format string, args ...any) int {
		errLine(stderr, lang, "", fmt.Sprintf(format, args...))
		return code
	}
	in, _ := stdin.(*os.File)
	out, _ := stdout.(*os.File)
	acc := *accessible || env.accessible || in == nil || out == nil || !isTerminal(in) || !isTerminal(out)
	cfg := ui.Config{
		LoadedFrom: *load,
		Save:       data.WriteRecord,
		Launch:     writeLaunchFile,
		Version:    Version,
		Accessible: acc,
		NoColor:    env.noColor,
		In:         stdin,
		Out:        stdout,
	}
	if startsQuiet(&common, af, *load) {
		// Nothing the user gave can be refused and no notice can come, so
		// the terminal starts first and the catalog loads (the embedded
		// tables, nothing to decode) and indexes in the wizard's first
		// command, while the terminal waits for its first frame. Loading
		// before the terminal started competed with its start-up for the
		// cores and put the first frame 0.2–0.4 ms later in the pty
		// harness (issue 14); the ranking is ready well before the first
		// frame either way.
		cfg.Pending = sync.OnceValues(func() (ui.Config, error) {
			ss, code, msg := prepare(&common, af, "load", *load)
			if code != exitOK {
				return cfg, &startFailure{code, msg}
			}
			return sessionConfig(cfg, ss), nil
		})
	} else {
		ss, code, msg := prepare(&common, af, "load", *load)
		catalogWarnings(stderr, "", ss.notices, ss.lang)
		if code != exitOK {
			return fail(code, "%s", msg)
		}
		cfg = sessionConfig(cfg, ss)
	}
	err := ui.Run(cfg)
	if errors.Is(err, ui.ErrQuitUnsaved) {
		return exitInterrupted
	}
	var sf *startFailure
	if errors.As(err, &sf) {
		return fail(sf.code, "%s", sf.msg)
	}
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	return exitOK
}

// sessionConfig is the wizard's configuration cfg with what a session
// gives it: the catalog, its engine and answer environment, the answers.
func sessionConfig(cfg ui.Config, ss session) ui.Config {
	cfg.Catalog, cfg.Engine, cfg.Env = ss.cat, ss.eng, ss.env
	cfg.Answers, cfg.Choice, cfg.Notices, cfg.Lang = ss.answers, ss.choice, ss.notices, ss.lang
	return cfg
}

// startFailure is a prepare that failed after the terminal started: its
// exit code and message.
type startFailure struct {
	code int
	msg  string
}

func (f *startFailure) Error() string { return f.msg }

// startsQuiet reports whether the wizard may start its terminal before the
// catalog has loaded: no answer flag, record or overlay that could be
// refused (exit 2 before the terminal starts), a language that resolves,
// and no cached catalog or default overlay whose notices or errors belong
// on stderr before the terminal starts.
func startsQuiet(common *commonFlags, af answerFlags, load string) bool {
	if common.catalog != "" || load != "" || len(af.given()) > 0 {
		return false
	}
	if _, err := common.language(); err != nil {
		return false
	}
	opts := data.DefaultLoadOptions()
	for _, p := range []string{opts.OverlayFile(), opts.ImportedDir(), opts.UpdatedDir()} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	return true
}
