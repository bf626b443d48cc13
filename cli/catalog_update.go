package cli

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gpupick/gpupick/data"
)

// catalogUpdate fetches the published catalog into the cache (gpupick catalog update).
// Its summary and the framing of its errors are in --lang (or the locale
// of env).
func catalogUpdate(args []string, env environ, stdout, stderr io.Writer) int {
	fs, cf := catalogTextCommand("update", "", env)
	base := fs.String("base-url", "", "HTTPS `URL` of a SkyPilot catalog version folder (default $"+data.UpdateURLEnv+", else "+data.DefaultUpdateURL+")")
	maxMB := fs.Int("max-mb", data.DefaultMaxDownload>>20, "largest CSV to download, in MiB")
	timeout := fs.Duration("timeout", 5*time.Minute, "give up on the whole update after this long, e.g. 2m")
	allowShrink := fs.Bool("allow-shrink", false, "replace a provider's offers even when the download has fewer than half as many")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nUpdate flags:\n", env, stdout, stderr); !ok {
		return code
	}
	lang, err := cf.lang.language()
	if err != nil {
		return catalogFail(stderr, exitUsage, "update", err, "en")
	}
	if *maxMB < 1 {
		return catalogFail(stderr, exitUsage, "update", errors.New(tf(tErrUpdateMaxMB, lang, *maxMB)), lang)
	}
	if *timeout <= 0 {
		return catalogFail(stderr, exitUsage, "update", errors.New(tf(tErrUpdateTimeout, lang, *timeout)), lang)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	res, err := data.Update(ctx, data.UpdateOptions{
		BaseURL: *base, CacheDir: cf.options().CacheDir, MaxBytes: int64(*maxMB) << 20, Client: updateClient,
		AllowShrink: *allowShrink,
	})
	if err != nil {
		code, msg := exitCode(err), catalogError(err, lang)
		if errors.Is(err, context.DeadlineExceeded) {
			msg = tf(tErrUpdateRanOut, lang, msg, *timeout)
		}
		return catalogFail(stderr, code, "update", errors.New(msg), lang)
	}
	writeImport(stdout, tUpdated, res, lang)
	return exitOK
}

// updateClient is the HTTP client `catalog update` uses (nil: the data
// package's default); tests point it at an httptest server.
var updateClient *http.Client
