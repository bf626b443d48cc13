package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gpupick/gpupick/data"
)

// catalogImport imports a SkyPilot catalog directory into the cache (gpupick catalog import).
// Its summary and the framing of its errors are in --lang (or the locale
// of env).
func catalogImport(args []string, env environ, stdout, stderr io.Writer) int {
	fs, cf := catalogTextCommand("import", "", env)
	dir := fs.String("skypilot", "", "SkyPilot catalog `DIR` (e.g. ~/.sky/catalogs/v8, or catalogs/v9 of a skypilot-catalog checkout)")
	date := fs.String("date", "", "the day the catalog was fetched, `YYYY-MM-DD` (required: SkyPilot's CSVs carry no date, and a file's\n"+
		"modification time says when it was copied, not when the prices were read; in a checkout: git log -1 --format=%cs)")
	allowShrink := fs.Bool("allow-shrink", false, "replace a provider's offers even when the import has fewer than half as many")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nImport flags:\n", env, stdout, stderr); !ok {
		return code
	}
	lang, err := cf.lang.language()
	if err != nil {
		return catalogFail(stderr, exitUsage, "import", err, "en")
	}
	if *dir == "" {
		return catalogFail(stderr, exitUsage, "import", errors.New(tErrImportDir.in(lang)), lang)
	}
	res, err := data.Import(data.ImportOptions{Dir: *dir, CacheDir: cf.options().CacheDir, Date: *date, AllowShrink: *allowShrink})
	if err != nil {
		return catalogFail(stderr, exitCode(err), "import", errors.New(catalogError(err, lang)), lang)
	}
	writeImport(stdout, tImported, res, lang)
	return exitOK
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
