package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gpupick/gpupick/data"
)

// catalogImport imports a catalog source's folder into the cache (gpupick
// catalog import): --source NAME (SkyPilot by default) and --dir DIR, or
// --skypilot DIR for both. Its summary and the framing of its errors are
// in --lang (or the locale of env).
func catalogImport(args []string, env environ, stdout, stderr io.Writer) int {
	fs, cf := catalogTextCommand("import", "", env)
	source := sourceFlag(fs, data.CanImport)
	sky := fs.String("skypilot", "", flagHelp(tUseSkypilot))
	dir := fs.String("dir", "", flagHelp(tUseDir))
	date := fs.String("date", "", flagHelp(tUseDate))
	allowShrink := new(bool)
	newBoolFlag(fs, allowShrink, "allow-shrink", flagHelp(tUseAllowShrinkImport))
	if code, ok := parseFlags(fs, args, tLongCatalog, env, stdout, stderr); !ok {
		return code
	}
	lang, err := cf.lang.language()
	if err != nil {
		return catalogFail(stderr, exitUsage, "import", err, "en")
	}
	if err := checkSource(*source, data.CanImport, lang); err != nil {
		return catalogFail(stderr, exitUsage, "import", err, lang)
	}
	if *sky != "" {
		if *dir != "" || *source != data.DefaultSource {
			return catalogFail(stderr, exitUsage, "import", errors.New(tErrImportTwoDirs.in(lang)), lang)
		}
		*dir = *sky
	}
	if *dir == "" {
		if *source == data.DefaultSource {
			return catalogFail(stderr, exitUsage, "import", errors.New(tErrImportDir.in(lang)), lang)
		}
		return catalogFail(stderr, exitUsage, "import", errors.New(tf(tErrImportDirOf, lang, *source)), lang)
	}
	defer boundImportMemory()()
	res, err := data.Import(data.ImportOptions{Source: *source, Dir: *dir, CacheDir: cf.options().CacheDir, Date: *date, AllowShrink: *allowShrink})
	if err != nil {
		return catalogFail(stderr, exitCode(err), "import", errors.New(catalogError(err, lang)), lang)
	}
	writeImport(stdout, tImported, res, lang)
	return exitOK
}

// sourceFlag adds --source NAME to an import or update's flags: the
// sources that have the way in (data.CanImport, data.CanUpdate), SkyPilot
// by default.
func sourceFlag(fs *flag.FlagSet, has func(data.Source) bool) *string {
	return fs.String("source", data.DefaultSource, flagHelp(tUseSource, strings.Join(data.SourceNames(has), ", ")))
}

// checkSource refuses a --source that names no source with the way in
// has; the error names the ones there are, in lang.
func checkSource(name string, has func(data.Source) bool, lang string) error {
	if s, ok := data.LookupSource(name); ok && has(s) {
		return nil
	}
	return errors.New(tf(tErrUnknownSource, lang, name, strings.Join(data.SourceNames(has), orWord(lang))))
}

// writeImport summarises an import or update (what: tImported or
// tUpdated) in lang; the report lines are data's, in English.
func writeImport(w io.Writer, what cliMsg, res *data.ImportResult, lang string) {
	fmt.Fprintln(w, tf(what, lang, res.Offers, strings.Join(res.Providers, ", "), res.Dir, res.SnapshotDate))
	if len(res.Skipped) > 0 {
		fmt.Fprintln(w, tf(tImportSkipped, lang, strings.Join(res.Skipped, ", ")))
	}
	for _, r := range res.Report {
		fmt.Fprintln(w, "  -", r)
	}
}
