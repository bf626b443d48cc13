package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/ui"
)

// wizardOptions are the wizard's command line, parsed.
type wizardOptions struct {
	session    sessionFlags // --catalog, --lang and the answer flags: the starting answers
	load       string       // --load: the record the answers start from
	accessible bool         // --accessible: plain line prompts
	lang       string       // the language of the command line's messages (argsLang)
}

// runWizard implements `gpupick` without a subcommand (and its --help): it
// parses the command line and opens the wizard.
func runWizard(args []string, env environ, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("wizard")
	o := wizardOptions{session: sessionFlags{common: commonFlags{env: env}}}
	o.session.register(fs)
	fs.StringVar(&o.load, "load", "", flagHelp(tUseLoad))
	newBoolFlag(fs, &o.accessible, "accessible", flagHelp(tUseAccessible))
	if code, ok := parseFlags(fs, args, tLongRoot, env, stdout, stderr); !ok {
		return code
	}
	o.lang = argsLang(fs, args, env)
	return wizard(o, stdin, stdout, stderr)
}

// wizard runs the wizard on the terminal of stdin and stdout (as line
// prompts when either is not a terminal): its session prepared before the
// terminal starts, or in its first command when nothing can be refused
// (startsQuiet). It returns 130 when the wizard was left unsaved.
func wizard(o wizardOptions, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := failer(stderr, o.lang, "")
	env, common, af := o.session.common.env, &o.session.common, o.session.answers
	in, _ := stdin.(*os.File)
	out, _ := stdout.(*os.File)
	acc := o.accessible || env.accessible || in == nil || out == nil || !isTerminal(in) || !isTerminal(out)
	cfg := ui.Config{
		LoadedFrom: o.load,
		Save:       data.WriteRecord,
		Launch:     writeLaunchFile,
		Refresh:    wizardRefresh(common, o.lang),
		Version:    toolVersion.Get(),
		Accessible: acc,
		NoColor:    env.noColor,
		In:         stdin,
		Out:        stdout,
	}
	if startsQuiet(common, af, o.load) {
		// Nothing the user gave can be refused and no notice can come, so
		// the terminal starts first and the catalog loads (the embedded
		// tables, nothing to decode) and indexes in the wizard's first
		// command, while the terminal waits for its first frame. Loading
		// before the terminal started competed with its start-up for the
		// cores and put the first frame 0.2–0.4 ms later in the pty
		// harness (issue 14); the ranking is ready well before the first
		// frame either way.
		cfg.Pending = sync.OnceValues(func() (ui.Config, error) {
			ss, code, msg := prepare(common, af, "load", o.load)
			if code != exitOK {
				return cfg, &startFailure{code, msg}
			}
			return sessionConfig(cfg, ss), nil
		})
	} else {
		ss, code, msg := prepare(common, af, "load", o.load)
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

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
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
