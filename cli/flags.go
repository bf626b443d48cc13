package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

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
	empty := ""
	if err == nil {
		empty = emptyStringFlag(fs)
	}
	if err != nil || fs.NArg() > 0 || empty != "" {
		lang := argsLang(fs, args, env)
		var msg string
		switch {
		case flagValueRefusal(fs) != nil:
			msg = flagValueRefusal(fs).text(lang)
		case err != nil:
			msg = echo(flagErrorText(err, lang))
		case empty != "":
			msg = tf(tErrEmptyFlag, lang, empty)
		default:
			msg = tf(tErrUnexpectedArg, lang, echo(fs.Arg(0)))
		}
		errLine(stderr, lang, fs.Name(), tf(tErrSeeHelp, lang, msg, fs.Name()))
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

// printFlags writes a flag set's help with flags spelled --flag, as the
// README and the error messages spell them.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if _, ok := f.Value.(*answerFlag); ok {
			name = "VALUE"
		}
		var b strings.Builder
		fmt.Fprintf(&b, "  --%s", f.Name)
		if af, ok := f.Value.(*answerFlag); ok && af.spec.Bool {
			name = ""
		}
		if name != "" {
			b.WriteString(" " + name)
		}
		b.WriteString("\n    \t")
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if af, ok := f.Value.(*answerFlag); ok {
			if d := af.spec.Default(); d != "" && af.as == af.spec.Name {
				fmt.Fprintf(&b, " (default %s)", d)
			}
		} else if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w, b.String())
	})
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
