package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
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
                         (DIR e.g. ~/.sky/catalogs/v8; --date: the day it was fetched)
  gpupick catalog update [--base-url URL] [--timeout 5m] [--allow-shrink] [--lang en|zh]
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
	fs.StringVar(&cf.lang.lang, "lang", "", "language of the text output: en or zh (default from LANG; JSON stays English)")
	return fs, cf
}

func (c *catalogFlags) register(fs *flag.FlagSet, formats string) {
	fs.StringVar(&c.overlay, "catalog", "", "overlay `FILE` with private offers or negotiated prices (TOML)")
	fs.StringVar(&c.currency, "currency", "", "display currency: USD or CNY (list: USD; show: the offer's own)")
	fs.StringVar(&c.cacheDir, "cache-dir", "", "folder of imported and updated catalogs (default: the user cache dir)")
	fs.StringVar(&c.configDir, "config-dir", "", "folder of the default overlay catalog.toml (default: the user config dir)")
	if formats != "" {
		fs.StringVar(&c.format, "format", strings.SplitN(formats, "|", 2)[0], "output format: "+formats)
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

// exitCode is 2 for an error caused by the user's input, else 1.
func exitCode(err error) int {
	if data.IsInput(err) {
		return exitUsage
	}
	return exitFail
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

// runCatalog implements `gpupick catalog list|show|stats|import|update`;
// env gives list, show and stats their language when --lang is not given.
func runCatalog(args []string, env environ, stdout, stderr io.Writer) int {
	lang, _ := (&commonFlags{env: env}).language()
	if len(args) == 0 {
		errLine(stderr, lang, "catalog", tErrMissingSub.in(lang))
		return exitUsage
	}
	switch args[0] {
	case "list":
		return catalogList(args[1:], env, stdout, stderr)
	case "show":
		return catalogShow(args[1:], env, stdout, stderr)
	case "stats":
		return catalogStats(args[1:], env, stdout, stderr)
	case "import":
		return catalogImport(args[1:], env, stdout, stderr)
	case "update":
		return catalogUpdate(args[1:], env, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, catalogUsage)
		return exitOK
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

// catalogError is the text of an error of data (loading, importing or
// updating a catalog) in lang: English as it is; in Chinese framed as a
// failure to load the catalog, data's own detail in English (data has no
// Chinese texts).
func catalogError(err error, lang string) string { return tf(tErrCatalogLoad, lang, err.Error()) }

// catalogWarnings prints the notices of a loaded catalog (a damaged cached
// catalog) on stderr, framed in lang: "gpupick CMD: NOTICE" ("gpupick:
// NOTICE" for cmd "").
func catalogWarnings(stderr io.Writer, cmd string, notices []string, lang string) {
	for _, n := range notices {
		errLine(stderr, lang, cmd, tf(tErrCatalogWarning, lang, n))
	}
}

// displayPrice converts an amount to the display currency (cur "" keeps the
// offer's own). converted says whether a rate was applied; ok is false when
// no rate is known.
func displayPrice(cat *model.Catalog, v float64, from, cur model.Currency) (amount float64, converted, ok bool) {
	if cur == "" || from == cur || v <= 0 {
		return v, false, true
	}
	a, ok := cat.Convert(v, from, cur)
	return a, ok, ok
}

// priceCell formats an hourly price for the table: unknown for 0, "≈"
// before a converted price, "no rate" (in lang) when no rate converts it.
func priceCell(cat *model.Catalog, v float64, from, cur model.Currency, unknown, lang string) string {
	if v <= 0 {
		return unknown
	}
	a, conv, ok := displayPrice(cat, v, from, cur)
	if !ok {
		return tCatNoRate.in(lang)
	}
	if cur == "" {
		cur = from
	}
	s := model.FormatMoney(a, cur, model.MoneyPrice)
	if s == "" {
		return unknown
	}
	if conv {
		s = "≈" + s
	}
	return s
}

// writeJSON prints v as indented JSON (UTF-8 and < > & left as they are).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// snapshotLine says which catalog the listing comes from and how old it
// is, in lang.
func snapshotLine(cat *model.Catalog, lang string) string {
	s := fmt.Sprintf(tCatSnapshot.in(lang), originIn(cat.Info.Origin, lang), cat.Info.SnapshotDate)
	if cat.Info.Path != "" {
		s += fmt.Sprintf(tCatPath.in(lang), cat.Info.Path)
	}
	return s
}

// firstWord returns the first space-separated word (a source's URL).
func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i > 0 {
		return s[:i]
	}
	return s
}

// dash shows an unknown (blank) figure as "-".
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// orUnknown shows an empty fact as "unknown" in lang.
func orUnknown(s, lang string) string {
	if s == "" {
		return tUnknown.in(lang)
	}
	return s
}

// regionsCell shows the first region and how many more.
func regionsCell(rs []string) string {
	switch len(rs) {
	case 0:
		return "-"
	case 1:
		return rs[0]
	}
	return fmt.Sprintf("%s +%d", rs[0], len(rs)-1)
}

// knownProviders is the set of providers with offers or a policy.
func knownProviders(cat *model.Catalog) map[string]bool {
	known := map[string]bool{}
	for i := range cat.Offers {
		known[cat.Offers[i].Provider] = true
	}
	return known
}

// sortedKeys returns a set's keys in order.
func sortedKeys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }

// gbCell formats a size in GB to a tenth, "-" when unknown.
func gbCell(v float64) string { return dash(model.FormatGB(v)) }

// numCell formats a count, "-" when unknown.
func numCell(v float64) string { return dash(model.FormatPlain(v)) }
