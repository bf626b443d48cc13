package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// commonFlags are accepted by the wizard and by recommend.
type commonFlags struct {
	catalog string
	lang    string
	env     environ // the environment, for the language when --lang is not given
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.catalog, "catalog", "", flagHelp(tUseCatalog))
	fs.StringVar(&c.lang, "lang", "", flagHelp(tUseLang))
}

// loadCatalog loads the newest catalog with the optional overlay, and
// returns what the user should be told about it (a damaged cache).
func (c *commonFlags) loadCatalog() (*model.Catalog, []string, error) {
	cat, err := data.Load(c.loadOptions())
	var notices []string
	if err == nil {
		notices = cat.Info.Warnings
	}
	return cat, notices, err
}

// loadOptions are the options loadCatalog loads with: the user's cache
// and config dirs, the overlay --catalog names.
func (c *commonFlags) loadOptions() data.LoadOptions {
	opts := data.DefaultLoadOptions()
	if c.catalog != "" {
		opts.OverlayPath = c.catalog
	}
	return opts
}

// loadEngine is loadCatalog for a command that ranks: the catalog with its
// engine, whose index is being built. The preload's (startPreload) when
// it loaded with the same options, else loaded now and the index started.
func (c *commonFlags) loadEngine() (*model.Catalog, *advisor.Engine, []string, error) {
	if cat, notices, eng, err, ok := c.env.preload.take(c.loadOptions()); ok {
		return cat, eng, notices, err
	}
	cat, notices, err := c.loadCatalog()
	if err != nil {
		return nil, nil, nil, err
	}
	eng := advisor.New(cat)
	go eng.Index()
	return cat, eng, notices, nil
}

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

// parseFlags is where a command's run function hands its flag set to
// cobra (commandFlags, env.flags): while the command tree is built it
// declares fs and stops the run function (false); when the command runs it
// gives fs the values cobra parsed and args, cobra's positional arguments,
// and refuses an argument left over or a text flag given empty with a
// one-line error in the language of the command line. It returns an exit
// code and false when the caller should stop.
func parseFlags(fs *flag.FlagSet, args []string, help cliMsg, env environ, stdout, stderr io.Writer) (int, bool) {
	cf := env.flags
	if cf == nil || cf.declaring {
		if cf != nil {
			cf.fs, cf.help = fs, help
		}
		return exitOK, false
	}
	if err := cf.replay(fs, args); err != nil {
		errLine(stderr, "en", fs.Name(), err.Error())
		return exitUsage, false
	}
	empty := emptyStringFlag(fs)
	if fs.NArg() > 0 || empty != "" {
		lang := argsLang(fs, args, env)
		msg := tf(tErrUnexpectedArg, lang, echo(fs.Arg(0)))
		if empty != "" {
			msg = tf(tErrEmptyFlag, lang, empty)
		}
		name := strings.TrimPrefix(fs.Name(), "wizard")
		errLine(stderr, lang, name, seeHelp(lang, name, msg))
		return exitUsage, false
	}
	return exitOK, true
}

// argsLang is the language of a command line's messages before its flags
// are parsed (a usage error comes before --lang is known): the value of
// --lang (or -lang, --lang=V) in args when fs takes --lang (a nil fs: any
// command's args, as Main reads them) and it is en or zh, else the locale
// of env.
func argsLang(fs *flag.FlagSet, args []string, env environ) string {
	c := commonFlags{env: env}
	if f := langFlag(fs); f != "" {
		c.lang = f
	}
	if fs == nil || fs.Lookup("lang") != nil {
		for i, a := range args {
			if a == "--" {
				break
			}
			name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if !strings.HasPrefix(a, "-") || name != "lang" {
				continue
			}
			if !hasVal && i+1 < len(args) {
				val = args[i+1]
			}
			if v := strings.ToLower(val); v == "en" || v == "zh" {
				c.lang = v
			}
		}
	}
	lang, _ := c.language()
	return lang
}

// langFlag is the value of fs's --lang when it was set to en or zh, else "".
func langFlag(fs *flag.FlagSet) string {
	if fs == nil {
		return ""
	}
	v := ""
	fs.Visit(func(f *flag.Flag) {
		if s := strings.ToLower(f.Value.String()); f.Name == "lang" && (s == "en" || s == "zh") {
			v = s
		}
	})
	return v
}

// splitFile takes the record file, the first positional argument, out of
// args (cobra's positional arguments: flags may come before or after it).
func splitFile(args []string) (string, []string) {
	if len(args) == 0 {
		return "", nil
	}
	return args[0], args[1:]
}

// emptyStringFlag names a text flag given with an empty (or blank) value
// (`--answers ""`, `--catalog ""`), which would otherwise read as the flag
// not given and be ignored without a word; "" when there is none.
func emptyStringFlag(fs *flag.FlagSet) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		if name == "" && fmt.Sprintf("%T", f.Value) == "*flag.stringValue" && strings.TrimSpace(f.Value.String()) == "" {
			name = f.Name
		}
	})
	return name
}
