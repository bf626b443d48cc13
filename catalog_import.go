package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gpupick/gpupick/data"
)

// catalogImport imports a SkyPilot catalog directory into the cache (gpupick catalog import).
func catalogImport(args []string, stdout, stderr io.Writer) int {
	fs, cf := catalogCommand("import", "")
	dir := fs.String("skypilot", "", "SkyPilot catalog `DIR` (e.g. ~/.sky/catalogs/v8, or catalogs/v9 of a skypilot-catalog checkout)")
	date := fs.String("date", "", "the day the catalog was fetched, `YYYY-MM-DD` (required: SkyPilot's CSVs carry no date, and a file's\n"+
		"modification time says when it was copied, not when the prices were read; in a checkout: git log -1 --format=%cs)")
	allowShrink := fs.Bool("allow-shrink", false, "replace a provider's offers even when the import has fewer than half as many")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nImport flags:\n", stdout, stderr); !ok {
		return code
	}
	if *dir == "" {
		return catalogFail(stderr, exitUsage, "import", fmt.Errorf("--skypilot DIR is required (a SkyPilot catalog folder such as ~/.sky/catalogs/v8)"))
	}
	res, err := data.ImportSkyPilot(data.ImportOptions{Dir: *dir, CacheDir: cf.options().CacheDir, Date: *date, AllowShrink: *allowShrink})
	if err != nil {
		return catalogFail(stderr, exitCode(err), "import", err)
	}
	writeImport(stdout, "imported", res)
	return exitOK
}

// catalogUpdate fetches the published catalog into the cache (gpupick catalog update).
func catalogUpdate(args []string, stdout, stderr io.Writer) int {
	fs, cf := catalogCommand("update", "")
	base := fs.String("base-url", "", "HTTPS `URL` of a SkyPilot catalog version folder (default $"+data.UpdateURLEnv+", else "+data.DefaultUpdateURL+")")
	maxMB := fs.Int("max-mb", data.DefaultMaxDownload>>20, "largest CSV to download, in MiB")
	timeout := fs.Duration("timeout", 5*time.Minute, "give up on the whole update after this long, e.g. 2m")
	allowShrink := fs.Bool("allow-shrink", false, "replace a provider's offers even when the download has fewer than half as many")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nUpdate flags:\n", stdout, stderr); !ok {
		return code
	}
	if *maxMB < 1 {
		return catalogFail(stderr, exitUsage, "update", fmt.Errorf("--max-mb %d: want a size in MiB, 1 or more", *maxMB))
	}
	if *timeout <= 0 {
		return catalogFail(stderr, exitUsage, "update", fmt.Errorf("--timeout %v: want a positive duration such as 2m", *timeout))
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	res, err := data.Update(ctx, data.UpdateOptions{
		BaseURL: *base, CacheDir: cf.options().CacheDir, MaxBytes: int64(*maxMB) << 20, Client: updateClient,
		AllowShrink: *allowShrink,
	})
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%w; --timeout %v ran out (give a longer one, e.g. --timeout 10m)", err, *timeout)
	}
	if err != nil {
		return catalogFail(stderr, exitCode(err), "update", err)
	}
	writeImport(stdout, "updated", res)
	return exitOK
}

// writeImport summarises an import or update.
func writeImport(w io.Writer, what string, res *data.ImportResult) {
	fmt.Fprintf(w, "%s %d offers of %s into %s (snapshot %s)\n", what, res.Offers, strings.Join(res.Providers, ", "), res.Dir, res.SnapshotDate)
	if len(res.Skipped) > 0 {
		fmt.Fprintf(w, "not in the source, kept from the embedded catalog: %s\n", strings.Join(res.Skipped, ", "))
	}
	for _, r := range res.Report {
		fmt.Fprintln(w, "  -", r)
	}
}

// updateClient is the HTTP client `catalog update` uses (nil: the data
// package's default); tests point it at an httptest server.
var updateClient *http.Client
