package cli

import (
	"errors"
	"flag"
	"io"
	"strings"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

const catalogUsage = `gpupick catalog — browse, check and refresh the GPU catalog.

Usage:
  gpupick catalog list   [--gpu NAME[:N]] [--min-vram 80GB] [--provider a,b] [--region europe,de,us-east]
                         [--max-price 2.5] [--format table|json] [--currency USD|CNY] [--lang en|zh]
  gpupick catalog show   INSTANCE [--provider KEY] [--format text|json] [--lang en|zh]
  gpupick catalog stats  [--format text|json] [--lang en|zh]
  gpupick catalog import --skypilot DIR --date YYYY-MM-DD [--allow-shrink] [--lang en|zh]
                         (DIR e.g. ~/.sky/catalogs/v8; --date: the day it was fetched;
                         another source: --source NAME --dir DIR)
  gpupick catalog update [--source NAME] [--base-url URL] [--timeout 5m] [--allow-shrink] [--lang en|zh]
                         (or GPUPICK_CATALOG_URL)

Every subcommand takes --catalog FILE (an overlay with private offers or
negotiated prices), --cache-dir DIR, --config-dir DIR and --lang en|zh.
List, show and stats print their text in Chinese with --lang zh (or
LANG=zh_CN.UTF-8), import and update their summary; every subcommand's
errors are framed in that language; the JSON stays English.

Import and update refuse to replace a provider's offers with fewer than
half as many (a header-only or cut CSV) unless --allow-shrink is given.
Exit codes: 0 success, 1 a failure while running (network, disk), 2 bad
input (a bad flag, overlay file, import folder or URL).
`

// catalogFlags are the flags every catalog subcommand takes.
type catalogFlags struct {
	overlay   string
	currency  string
	cacheDir  string
	configDir string
	format    string
	lang      commonFlags // --lang and the locale (catalogTextCommand's subcommands)
}

// catalogCommand starts a subcommand's flags ("catalog NAME") with the
// shared catalog flags and the output formats it accepts ("" for none).
func catalogCommand(name, formats string) (*flag.FlagSet, *catalogFlags) {
	fs := newFlagSet("catalog " + name)
	cf := &catalogFlags{}
	cf.register(fs, formats)
	return fs, cf
}

// catalogTextCommand is catalogCommand for a subcommand that prints text
// for people (list, show, stats, and import and update's summary): it also
// takes --lang, resolved as
// recommend resolves it (commonFlags.language: --lang, else the locale of
// env).
func catalogTextCommand(name, formats string, env environ) (*flag.FlagSet, *catalogFlags) {
	fs, cf := catalogCommand(name, formats)
	cf.lang.env = env
	fs.StringVar(&cf.lang.lang, "lang", "", flagHelp(tUseLangText))
	return fs, cf
}

func (c *catalogFlags) register(fs *flag.FlagSet, formats string) {
	fs.StringVar(&c.overlay, "catalog", "", flagHelp(tUseCatalog))
	fs.StringVar(&c.currency, "currency", "", flagHelp(tUseCurrencyCatalog))
	fs.StringVar(&c.cacheDir, "cache-dir", "", flagHelp(tUseCacheDir))
	fs.StringVar(&c.configDir, "config-dir", "", flagHelp(tUseConfigDir))
	if formats != "" {
		fs.StringVar(&c.format, "format", strings.SplitN(formats, "|", 2)[0], flagHelp(tUseFormat, formats))
	}
}

// options turns the flags into load options.
func (c *catalogFlags) options() data.LoadOptions {
	return data.LoadOptions{CacheDir: c.cacheDir, ConfigDir: c.configDir, OverlayPath: c.overlay}
}

// load loads the catalog the flags name and prints its load notices (a
// damaged cached catalog) on stderr. On failure it prints the error and
// returns a nil catalog and the exit code: 2 for bad input (a bad or
// unreadable --catalog file), 1 otherwise.
func (c *catalogFlags) load(stderr io.Writer, cmd, lang string) (*model.Catalog, int) {
	cat, err := data.Load(c.options())
	if err != nil {
		return nil, catalogFail(stderr, exitCode(err), cmd, errors.New(catalogError(err, lang)), lang)
	}
	catalogWarnings(stderr, "", cat.Info.Warnings, lang)
	return cat, exitOK
}

// check validates --currency and --format; the error names the flag and
// is in lang.
func (c *catalogFlags) check(formats, lang string) (model.Currency, error) {
	var cur model.Currency
	if c.currency != "" {
		var err error
		if cur, err = model.ParseCurrency(c.currency); err != nil {
			return "", errors.New(tf(tErrUnknownCurrency, lang, c.currency))
		}
	}
	if formats != "" && !containsWord(strings.Split(formats, "|"), c.format) {
		return "", errors.New(tf(tErrUnknownFormat, lang, c.format, strings.ReplaceAll(formats, "|", orWord(lang))))
	}
	return cur, nil
}

// containsWord reports whether list holds s.
func containsWord(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// runCatalog is `gpupick catalog` without a known subcommand (cobra runs
// list, show, stats, import and update): the error names the subcommands.
func runCatalog(args []string, env environ, stdout, stderr io.Writer) int {
	lang, _ := (&commonFlags{env: env}).language()
	if len(args) == 0 {
		errLine(stderr, lang, "catalog", tErrMissingSub.in(lang))
		return exitUsage
	}
	errLine(stderr, lang, "catalog", tf(tErrUnknownSub, lang, args[0]))
	return exitUsage
}

// catalogFail prints a one-line error, framed in lang, and returns the
// exit code.
func catalogFail(stderr io.Writer, code int, cmd string, err error, lang string) int {
	errLine(stderr, lang, "catalog "+cmd, err.Error())
	return code
}
