package cli

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gpupick/gpupick/data"
)

// catalogUpdate fetches a catalog source's published files into the cache
// (gpupick catalog update): --source NAME, SkyPilot by default.
// Its summary and the framing of its errors are in --lang (or the locale
// of env).
func catalogUpdate(args []string, env environ, stdout, stderr io.Writer) int {
	fs, cf := catalogTextCommand("update", "", env)
	source := sourceFlag(fs, data.CanUpdate)
	base := fs.String("base-url", "", flagHelpLazy(tf(tUseBaseURL, "en", defaultURLs("en")), zhFunc(func() string { return tf(tUseBaseURL, "zh", defaultURLs("zh")) })))
	var maxMB int
	newIntFlag(fs, &maxMB, "max-mb", data.DefaultMaxDownload>>20, 1, maxDownloadMiB, tAccMaxMB, flagHelp(tUseMaxMB))
	timeout := 5 * time.Minute
	fs.Var(&durationFlag{name: "timeout", p: &timeout}, "timeout", flagHelp(tUseTimeout))
	var allowShrink bool
	newBoolFlag(fs, &allowShrink, "allow-shrink", flagHelp(tUseAllowShrinkUpdate))
	if code, ok := parseFlags(fs, args, tLongCatalog, env, stdout, stderr); !ok {
		return code
	}
	lang, err := cf.lang.language()
	if err != nil {
		return catalogFail(stderr, exitUsage, "update", err, "en")
	}
	if err := checkSource(*source, data.CanUpdate, lang); err != nil {
		return catalogFail(stderr, exitUsage, "update", err, lang)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	defer boundImportMemory()()
	res, err := data.Update(ctx, data.UpdateOptions{
		Source: *source, BaseURL: *base, CacheDir: cf.options().CacheDir, MaxBytes: int64(maxMB) << 20, Client: updateClient,
		AllowShrink: allowShrink,
	})
	if err != nil {
		code, msg := exitCode(err), catalogError(err, lang)
		if errors.Is(err, context.DeadlineExceeded) {
			msg = tf(tErrUpdateRanOut, lang, msg, timeout)
		}
		return catalogFail(stderr, code, "update", errors.New(msg), lang)
	}
	writeImport(stdout, tUpdated, res, lang)
	return exitOK
}

// defaultURLs says where each source downloads from by default: for
// skypilot "$GPUPICK_CATALOG_URL, else https://…", one clause a source, in
// lang.
func defaultURLs(lang string) string {
	var parts []string
	for _, s := range data.Sources() {
		if s.Update == nil {
			continue
		}
		d := s.DefaultURL
		if s.URLEnv != "" {
			d = tf(tUseBaseURLElse, lang, s.URLEnv, d)
		}
		parts = append(parts, tf(tUseBaseURLFor, lang, s.Name, d))
	}
	return strings.Join(parts, tUseBaseURLSep.in(lang))
}

// updateClient is the HTTP client `catalog update` uses (nil: the data
// package's default); tests point it at an httptest server.
var updateClient *http.Client
