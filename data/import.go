package data

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// ImportResult says what an import or update stored.
type ImportResult struct {
	Dir          string   // the cache folder written
	Providers    []string // the providers it covers
	Offers       int      // offers stored
	SnapshotDate string   // YYYY-MM-DD
	Report       []string // what the cleaning dropped or fixed
	Skipped      []string // providers the source does not have
}

// embeddedBuild is the Build an import or update turns rows into offers
// with: the embedded catalog's tables.
func embeddedBuild() (*Build, error) {
	t, err := embeddedTables()
	if err != nil {
		return nil, err
	}
	return newBuild(t), nil
}

// checkBatch checks a source's offers against the embedded catalog (the
// merged result must validate) and returns the GPUs to store with them:
// the synthetic entries of b they use. It returns no error for a batch
// with no GPU offer: storeBatch decides, after the shrink guard has
// spoken.
func checkBatch(b *Build, batch *Batch) (map[string]model.GPU, error) {
	gpus := map[string]model.GPU{}
	for _, o := range batch.Offers {
		if g, ok := b.ref.ambiguous[o.GPU]; ok {
			gpus[o.GPU] = g
		}
	}
	emb, err := Embedded()
	if err != nil {
		return nil, err
	}
	c := &cachedCatalog{offers: batch.Offers, gpus: gpus, meta: catalogMeta{providers: batch.Providers}}
	if err := Validate(c.merge(emb)); err != nil {
		return nil, fmt.Errorf("the imported offers are not valid: %w", err)
	}
	return gpus, nil
}

// ImportOptions configure Import.
type ImportOptions struct {
	// Source names the catalog source to read (default DefaultSource,
	// SkyPilot); it must have an Import reader.
	Source string
	// Dir is the source's folder (for SkyPilot ~/.sky/catalogs/v8, a
	// checkout's catalogs/v9, or the reference data's skypilot/ extract).
	Dir string
	// CacheDir is the user cache dir (default os.UserCacheDir()/gpupick).
	CacheDir string
	// Date is the day the catalog was fetched, YYYY-MM-DD. It is required:
	// a source's files may carry no date (SkyPilot's CSVs carry none;
	// Source.Undated says so of each source), and a file's modification
	// time says when it was copied, not when the prices were read.
	Date string
	// AllowShrink lets the import replace a provider's offers with fewer
	// than half as many (see ShrinkError).
	AllowShrink bool
	// Now is the clock Date is checked against (default time.Now).
	Now func() time.Time
}

// Import reads a source's folder (opts.Source, SkyPilot by default) and
// stores the offers of every provider it has in CacheDir/imported,
// replacing the previous import atomically, dated opts.Date. Providers the
// folder lacks keep their embedded offers. Every file is read through
// ReadRegularFile (a named pipe or device in the folder is refused at
// once) and every text is made safe to print. Errors caused by the source
// name, the folder, its files or the options are marked as bad input
// (IsInput); a failure to write the cache is not.
func Import(opts ImportOptions) (*ImportResult, error) {
	res, err := importFolder(opts)
	if err != nil && !errors.Is(err, errWriteCache) {
		err = asInput(err)
	}
	return res, err
}

// importFolder is Import without the input marking.
func importFolder(opts ImportOptions) (*ImportResult, error) {
	src, err := sourceFor("import", opts.Source, CanImport)
	if err != nil {
		return nil, err
	}
	dir, cacheDir := opts.Dir, opts.CacheDir
	if cacheDir == "" {
		cacheDir = DefaultLoadOptions().CacheDir
	}
	if cacheDir == "" {
		return nil, errors.New("import: no user cache dir: pass one")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", dir, err)
	}
	if st, err := os.Stat(abs); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("import: %s does not exist (want %s)", dir, src.Folder)
	} else if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("import: %s is not a folder (want %s)", dir, src.Folder)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	date, err := checkSnapshotDate(src, opts.Date, opts.Now())
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", dir, err)
	}
	b, err := embeddedBuild()
	if err != nil {
		return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", originImported, err)
	}
	batch, err := src.Import(b, Folder{Files: regularFS{root: abs, limit: maxCSVBytes}, Path: abs, Date: date})
	if errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("import: %w (a file of the cached catalog holds at most %s, so no larger file is imported; give one cloud's catalog)", err, sizeText(maxCacheFileBytes))
	}
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	return storeBatch(src, b, batch, filepath.Join(cacheDir, originImported), originImported, abs, date, opts.AllowShrink)
}

// checkSnapshotDate checks a --date value: a real day, YYYY-MM-DD, not
// after tomorrow (time zones) and not before the source's catalogs
// existed (src.Since).
func checkSnapshotDate(src Source, s string, now time.Time) (string, error) {
	if strings.TrimSpace(s) == "" {
		hint := ""
		if src.DateHint != "" {
			hint = " (" + src.DateHint + ")"
		}
		return "", errors.New("no date: " + src.Undated + "; give the day the catalog was fetched with --date YYYY-MM-DD" + hint)
	}
	d, err := time.Parse("2006-01-02", strings.TrimSpace(s))
	if err != nil {
		return "", fmt.Errorf("--date %q is not a date (want YYYY-MM-DD, the day the catalog was fetched)", s)
	}
	if d.After(now.AddDate(0, 0, 1)) {
		return "", fmt.Errorf("--date %s is in the future (want the day the catalog was fetched)", d.Format("2006-01-02"))
	}
	if d.Year() < src.Since {
		return "", fmt.Errorf("--date %s is before %s's catalogs existed (want the day the catalog was fetched, %d or later)", d.Format("2006-01-02"), src.Title, src.Since)
	}
	return d.Format("2006-01-02"), nil
}

// maxCachedOffers bounds the offers an import or update stores, checked
// before the work of checking, merging and writing them: a cached
// offers.tsv holds at most maxCacheFileBytes (64 MiB), about 69,000
// offers at the 960 bytes an offer takes in it (the SkyPilot extracts of
// the reference data: 644 offers in 619,672 bytes); and a gpupick process
// reserves about 1.6 GB of address space before it reads anything (the
// Go runtime's and the C library's reservations), so 50,000 distinct
// offers, peaking at 1.8 GB of address space, are the most that import
// within a 2 GB address-space limit (ulimit -v) with room to spare.
const maxCachedOffers = 50_000

// errWriteCache marks a failure to write the cache folder.
var errWriteCache = errors.New("cannot write the cache")

// ShrinkError is the refusal of an import or update that would replace a
// provider's offers with fewer than half as many (a header-only or cut
// CSV); the AllowShrink option (--allow-shrink) overrides it.
type ShrinkError struct {
	Shrinks []Shrink // the providers that would shrink, sorted
}

// Shrink is one provider's offer counts before and after.
type Shrink struct {
	Provider string
	Old, New int
}

func (e *ShrinkError) Error() string {
	parts := make([]string, len(e.Shrinks))
	for i, s := range e.Shrinks {
		parts[i] = fmt.Sprintf("%s from %d offers to %d", s.Provider, s.Old, s.New)
	}
	return "refused: it would take " + strings.Join(parts, ", ") +
		", losing more than half (a header-only or cut CSV?); check the source, or pass --allow-shrink to replace them anyway"
}

// shrinkCheck compares the offers per provider of a new catalog with what
// it replaces: the previous folder's offers when it covers the provider,
// else the embedded catalog's.
func shrinkCheck(dir string, providers []string, offers []model.Offer) error {
	emb, err := Embedded()
	if err != nil {
		return err
	}
	old := map[string]int{}
	prev, _ := readCached(dir) // a damaged previous folder counts as absent
	covered := map[string]bool{}
	if prev != nil {
		for _, p := range prev.meta.providers {
			covered[p] = true
		}
		for _, o := range prev.offers {
			old[o.Provider]++
		}
	}
	for _, o := range emb.Offers {
		if !covered[o.Provider] {
			old[o.Provider]++
		}
	}
	now := map[string]int{}
	for _, o := range offers {
		now[o.Provider]++
	}
	var e ShrinkError
	for _, p := range providers {
		if o, n := old[p], now[p]; n*2 < o {
			e.Shrinks = append(e.Shrinks, Shrink{Provider: p, Old: o, New: n})
		}
	}
	if len(e.Shrinks) > 0 {
		return &e
	}
	return nil
}

// storeBatch checks what a source read and stores it as a cache folder:
// the merged catalog must validate, no provider may shrink (unless
// allowShrink), there must be an offer; only then is dir replaced.
func storeBatch(src Source, b *Build, batch *Batch, dir, origin, source, date string, allowShrink bool) (*ImportResult, error) {
	providers := slices.Clone(batch.Providers)
	sort.Strings(providers)
	batch.Providers = providers
	if !allowShrink {
		if err := shrinkCheck(dir, providers, batch.Offers); err != nil {
			return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", origin, err)
		}
	}
	if src.Merge {
		if err := mergePrevious(b, batch, dir); err != nil {
			return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", origin, err)
		}
	}
	if n := len(batch.Offers); n > maxCachedOffers {
		return nil, fmt.Errorf("%s: the %s catalog yields %d offers, more than %d, the most gpupick caches (a cached catalog's offers.tsv holds at most %s, about 1 KB an offer): import fewer clouds or a smaller catalog (the previous catalog is kept)", origin, src.Title, n, maxCachedOffers, sizeText(maxCacheFileBytes))
	}
	gpus, err := checkBatch(b, batch)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", origin, err)
	}
	if len(batch.Offers) == 0 {
		return nil, fmt.Errorf("%s: the %s catalog yields no GPU offer (the previous catalog is kept)", origin, src.Title)
	}
	res := &ImportResult{Dir: dir, Offers: len(batch.Offers), SnapshotDate: date, Report: batch.Report, Providers: providers, Skipped: batch.Skipped}
	meta := catalogMeta{origin: origin, snapshot: date, source: source, providers: slices.Clone(providers), cleaning: batch.Report}
	offers := previousOthers(dir, providers).into(batch.Offers, gpus, &meta)
	if err := writeCached(dir, offers, gpus, meta); err != nil {
		return nil, fmt.Errorf("%s: %w: %w (the previous catalog is kept)", origin, errWriteCache, err)
	}
	return res, nil
}

// mergePrevious merges a batch into what the catalog holds for its
// providers (MergeOffers): the previous cache folder dir's offers of the
// providers it covers (and the synthetic GPUs they use), the embedded
// offers of the others.
func mergePrevious(b *Build, batch *Batch, dir string) error {
	emb, err := Embedded()
	if err != nil {
		return err
	}
	prev, _ := readCached(dir) // a damaged previous folder counts as absent
	covered := map[string]bool{}
	var older []model.Offer
	if prev != nil {
		for _, p := range prev.meta.providers {
			covered[p] = true
		}
		for k, g := range prev.gpus {
			if _, ok := b.ref.ambiguous[k]; !ok {
				b.ref.ambiguous[k] = g
			}
		}
	}
	want := map[string]bool{}
	for _, p := range batch.Providers {
		want[p] = true
	}
	if prev != nil {
		for _, o := range prev.offers {
			if want[o.Provider] {
				older = append(older, o)
			}
		}
	}
	for _, o := range emb.Offers {
		if want[o.Provider] && !covered[o.Provider] {
			older = append(older, o)
		}
	}
	batch.Offers = MergeOffers(older, batch.Offers)
	return nil
}

// DefaultMaxDownload bounds one downloaded file, and is the most an
// update may allow: the bound of a file of the cached catalog it becomes
// (maxCacheFileBytes), so that a download the cache could not hold is
// refused before it is parsed.
const DefaultMaxDownload = maxCacheFileBytes

// UpdateOptions configure Update.
type UpdateOptions struct {
	// Source names the catalog source to download (default
	// DefaultSource, SkyPilot); it must have an Update reader.
	Source string
	// BaseURL is where the source's files are; default the source's
	// URLEnv variable, else its DefaultURL.
	BaseURL  string
	CacheDir string // default the user cache dir
	// Providers are the providers to fetch; default every one the source
	// has (for SkyPilot, SkyClouds).
	Providers []string
	Client    *http.Client // default a client with a 60 s timeout
	MaxBytes  int64        // per file; default DefaultMaxDownload
	Now       func() time.Time
	// AllowShrink lets the update replace a provider's offers with fewer
	// than half as many (see ShrinkError).
	AllowShrink bool
}

// Update downloads a source's files (opts.Source, SkyPilot by default:
// <base>/<cloud>/vms.csv for every cloud) over HTTPS, size-limited, parses
// and validates all of them, and only then swaps the result into
// cacheDir/updated; on any failure the previous catalog stays. A provider
// the base URL does not have (404) is skipped and keeps its offers from
// the embedded catalog. A redirect to anything but https is refused; ctx
// bounds the whole operation (every request and body read). The snapshot
// is dated the day of the download. An unknown source and a bad base URL
// are marked as bad input (IsInput); failures while downloading are not.
func Update(ctx context.Context, opts UpdateOptions) (*ImportResult, error) {
	src, err := sourceFor("update", opts.Source, CanUpdate)
	if err != nil {
		return nil, err
	}
	if opts.BaseURL == "" && src.URLEnv != "" {
		opts.BaseURL = os.Getenv(src.URLEnv)
	}
	if opts.BaseURL == "" {
		opts.BaseURL = src.DefaultURL
	}
	u, err := url.Parse(opts.BaseURL)
	if err != nil || u.Host == "" {
		return nil, asInput(fmt.Errorf("update: base URL %q is not a URL (want https://host/path)", opts.BaseURL))
	}
	if u.Scheme != "https" {
		return nil, asInput(fmt.Errorf("update: base URL %q: only https is accepted (want https://host/path)", opts.BaseURL))
	}
	if opts.CacheDir == "" {
		opts.CacheDir = DefaultLoadOptions().CacheDir
	}
	if opts.CacheDir == "" {
		return nil, errors.New("update: no user cache dir")
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 60 * time.Second}
	}
	client := httpsOnly(opts.Client)
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxDownload
	}
	if opts.MaxBytes > DefaultMaxDownload {
		return nil, fmt.Errorf("update: a download limit of %s is above %s, the most a file of the cached catalog holds: allow %s or less", sizeText(opts.MaxBytes), sizeText(DefaultMaxDownload), sizeText(DefaultMaxDownload))
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	date := opts.Now().UTC().Format("2006-01-02")
	base := strings.TrimSuffix(opts.BaseURL, "/")
	b, err := embeddedBuild()
	if err != nil {
		return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", originUpdated, err)
	}
	in := Remote{Base: base, Date: date, Only: opts.Providers, Fetched: opts.Now().UTC(),
		get: func(ctx context.Context, fileURL string) ([]byte, bool, error) {
			return download(ctx, client, http.MethodGet, fileURL, nil, opts.MaxBytes)
		},
		post: func(ctx context.Context, fileURL string, body []byte) ([]byte, bool, error) {
			return download(ctx, client, http.MethodPost, fileURL, body, opts.MaxBytes)
		}}
	batch, err := src.Update(ctx, b, in)
	if err != nil {
		return nil, fmt.Errorf("update: %w (the previous catalog is kept)", err)
	}
	return storeBatch(src, b, batch, filepath.Join(opts.CacheDir, originUpdated), originUpdated, base, date, opts.AllowShrink)
}

// download fetches one file (GET), or posts a JSON body (POST) and reads
// the answer, at most limit bytes. found is false on 404.
func download(ctx context.Context, client *http.Client, method, fileURL string, send []byte, limit int64) (body []byte, found bool, err error) {
	var rd io.Reader
	if send != nil {
		rd = bytes.NewReader(send)
	}
	req, err := http.NewRequestWithContext(ctx, method, fileURL, rd)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", fileURL, err)
	}
	if send != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, false, requestErr(ctx, fileURL, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, false, nil
	case resp.StatusCode != http.StatusOK:
		return nil, false, fmt.Errorf("%s: HTTP %s", fileURL, text.Safe(resp.Status)) // the server's words
	case resp.ContentLength > limit:
		return nil, false, fmt.Errorf("%s: %d bytes, more than the limit of %d bytes (%s; a file of the cached catalog holds at most %s)", fileURL, resp.ContentLength, limit, sizeText(limit), sizeText(maxCacheFileBytes))
	}
	body, err = io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err == nil && ctx.Err() != nil {
		// The transport may end a body it cut for the context as if the
		// body ended there: what was read is not the whole file.
		err = ctx.Err()
	}
	if err != nil {
		return nil, false, requestErr(ctx, fileURL, err)
	}
	if int64(len(body)) > limit {
		return nil, false, fmt.Errorf("%s: more than the limit of %d bytes (%s; a file of the cached catalog holds at most %s)", fileURL, limit, sizeText(limit), sizeText(maxCacheFileBytes))
	}
	return body, true, nil
}

// ErrPlainRedirect is wrapped by the error of an update whose server
// redirects to a URL that is not https.
var ErrPlainRedirect = errors.New("redirect to a URL that is not https refused")

// httpsOnly returns a copy of client that refuses a redirect to anything
// but https (and, as net/http does, more than 10 redirects).
func httpsOnly(client *http.Client) *http.Client {
	c := *client
	prev := client.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if req.URL.Scheme != "https" {
			return fmt.Errorf("%s redirects to %s: %w", via[len(via)-1].URL, req.URL, ErrPlainRedirect)
		}
		if prev != nil {
			return prev(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &c
}

// requestErr words a failed request or body read: a timeout or cancel of
// ctx, a refused redirect, or the transport's error.
func requestErr(ctx context.Context, fileURL string, err error) error {
	if errors.Is(err, ErrPlainRedirect) {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%s: gave up: %w", fileURL, ctx.Err())
	}
	return fmt.Errorf("%s: %w", fileURL, err)
}
