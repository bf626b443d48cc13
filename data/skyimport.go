package data

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gpupick/gpupick/model"
)

// ImportResult says what an import or update stored.
type ImportResult struct {
	Dir          string   // the cache folder written
	Providers    []string // the SkyPilot clouds it covers
	Offers       int      // offers stored
	SnapshotDate string   // YYYY-MM-DD
	Report       []string // what the cleaning dropped or fixed
	Skipped      []string // clouds the source does not have
}

// buildCached turns a SkyPilot catalog into offers with the embedded
// tables, checks them against the embedded catalog (the merged result must
// validate) and returns what to store. It returns no error for a catalog
// with no GPU offer: storeSet decides, after the shrink guard has spoken.
func buildCached(set *skySet) ([]model.Offer, map[string]model.GPU, []string, error) {
	t, err := embeddedTables()
	if err != nil {
		return nil, nil, nil, err
	}
	ref := newReference(t.gpus, t.families, t.facts)
	ref.links = t.links
	offers, report := ref.buildSkyOffers(set)
	gpus := map[string]model.GPU{}
	for _, o := range offers {
		if g, ok := ref.ambiguous[o.GPU]; ok {
			gpus[o.GPU] = g
		}
	}
	emb, err := Embedded()
	if err != nil {
		return nil, nil, nil, err
	}
	c := &cachedCatalog{offers: offers, gpus: gpus, meta: catalogMeta{providers: set.providers()}}
	if err := Validate(c.merge(emb)); err != nil {
		return nil, nil, nil, fmt.Errorf("the imported offers are not valid: %w", err)
	}
	return offers, gpus, report, nil
}

// providers returns the clouds a set covers, sorted.
func (set *skySet) providers() []string {
	out := make([]string, 0, len(set.rows))
	for c := range set.rows {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// ImportOptions configure ImportSkyPilot.
type ImportOptions struct {
	// Dir is the SkyPilot catalog folder (~/.sky/catalogs/v8, a checkout's
	// catalogs/v9, or the reference data's skypilot/ extract).
	Dir string
	// CacheDir is the user cache dir (default os.UserCacheDir()/gpupick).
	CacheDir string
	// Date is the day the catalog was fetched, YYYY-MM-DD. It is required:
	// SkyPilot's CSVs carry no date, and a file's modification time says
	// when it was copied, not when the prices were read.
	Date string
	// AllowShrink lets the import replace a provider's offers with fewer
	// than half as many (see ShrinkError).
	AllowShrink bool
	// Now is the clock Date is checked against (default time.Now).
	Now func() time.Time
}

// ImportSkyPilot reads a SkyPilot catalog folder and stores the offers of
// every cloud it has in CacheDir/imported, replacing the previous import
// atomically, dated opts.Date. Clouds the folder lacks keep their embedded
// offers. Every file is read through ReadRegularFile (a named pipe or
// device in the folder is refused at once) and every text is made safe to
// print. Errors caused by the folder, its files or the options are marked
// as bad input (IsInput); a failure to write the cache is not.
func ImportSkyPilot(opts ImportOptions) (*ImportResult, error) {
	res, err := importSkyPilot(opts)
	if err != nil && !errors.Is(err, errWriteCache) {
		err = asInput(err)
	}
	return res, err
}

// importSkyPilot is ImportSkyPilot without the input marking.
func importSkyPilot(opts ImportOptions) (*ImportResult, error) {
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
		return nil, fmt.Errorf("import: %s does not exist (want a SkyPilot catalog folder such as ~/.sky/catalogs/v8)", dir)
	} else if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("import: %s is not a folder (want a SkyPilot catalog folder such as ~/.sky/catalogs/v8)", dir)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	date, err := checkSnapshotDate(opts.Date, opts.Now())
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", dir, err)
	}
	set, err := readSkySet(regularFS{root: abs, limit: maxCSVBytes}, abs, func(cloud, file string) skySource {
		return skySource{URL: filepath.Join(abs, filepath.FromSlash(file)), Date: date}
	})
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	return storeSet(set, filepath.Join(cacheDir, originImported), originImported, abs, date, opts.AllowShrink)
}

// checkSnapshotDate checks a --date value: a real day, YYYY-MM-DD, not
// after tomorrow (time zones) and not before SkyPilot's catalogs existed.
func checkSnapshotDate(s string, now time.Time) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", errors.New("no date: SkyPilot's CSVs carry none, and a file's modification time says when it was copied, not when the prices were read; " +
			"give the day the catalog was fetched with --date YYYY-MM-DD (in a skypilot-catalog checkout, git log -1 --format=%cs tells it)")
	}
	d, err := time.Parse("2006-01-02", strings.TrimSpace(s))
	if err != nil {
		return "", fmt.Errorf("--date %q is not a date (want YYYY-MM-DD, the day the catalog was fetched)", s)
	}
	if d.After(now.AddDate(0, 0, 1)) {
		return "", fmt.Errorf("--date %s is in the future (want the day the catalog was fetched)", d.Format("2006-01-02"))
	}
	if d.Year() < 2020 {
		return "", fmt.Errorf("--date %s is before SkyPilot's catalogs existed (want the day the catalog was fetched, 2020 or later)", d.Format("2006-01-02"))
	}
	return d.Format("2006-01-02"), nil
}

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

// storeSet builds, checks and stores a SkyPilot catalog as a cache folder.
func storeSet(set *skySet, dir, origin, source, date string, allowShrink bool) (*ImportResult, error) {
	offers, gpus, report, err := buildCached(set)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", origin, err)
	}
	providers := set.providers()
	if !allowShrink {
		if err := shrinkCheck(dir, providers, offers); err != nil {
			return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", origin, err)
		}
	}
	if len(offers) == 0 {
		return nil, fmt.Errorf("%s: the SkyPilot catalog yields no GPU offer (the previous catalog is kept)", origin)
	}
	res := &ImportResult{Dir: dir, Offers: len(offers), SnapshotDate: date, Report: report, Providers: providers}
	meta := catalogMeta{origin: origin, snapshot: date, source: source, providers: providers, cleaning: report}
	if err := writeCached(dir, offers, gpus, meta); err != nil {
		return nil, fmt.Errorf("%s: %w: %w (the previous catalog is kept)", origin, errWriteCache, err)
	}
	return res, nil
}

// DefaultUpdateURL is where `catalog update` downloads SkyPilot's CSVs
// from: the newest catalog version of the public catalog repository.
const DefaultUpdateURL = "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v9"

// UpdateURLEnv names the environment variable that overrides the base URL.
const UpdateURLEnv = "GPUPICK_CATALOG_URL"

// DefaultMaxDownload bounds one downloaded CSV.
const DefaultMaxDownload = 64 << 20

// UpdateOptions configure Update.
type UpdateOptions struct {
	BaseURL  string       // default $GPUPICK_CATALOG_URL, else DefaultUpdateURL
	CacheDir string       // default the user cache dir
	Clouds   []string     // default SkyClouds
	Client   *http.Client // default a client with a 60 s timeout
	MaxBytes int64        // per file; default DefaultMaxDownload
	Now      func() time.Time
	// AllowShrink lets the update replace a provider's offers with fewer
	// than half as many (see ShrinkError).
	AllowShrink bool
}

// Update downloads <base>/<cloud>/vms.csv for every cloud over HTTPS,
// size-limited, parses and validates all of them, and only then swaps the
// result into cacheDir/updated; on any failure the previous catalog stays.
// A cloud the base URL does not have (404) is skipped and keeps its offers
// from the embedded catalog. A redirect to anything but https is refused;
// ctx bounds the whole operation (every request and body read). The
// snapshot is dated the day of the download. A bad base URL is marked as
// bad input (IsInput); failures while downloading are not.
func Update(ctx context.Context, opts UpdateOptions) (*ImportResult, error) {
	if opts.BaseURL == "" {
		opts.BaseURL = os.Getenv(UpdateURLEnv)
	}
	if opts.BaseURL == "" {
		opts.BaseURL = DefaultUpdateURL
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
	if len(opts.Clouds) == 0 {
		opts.Clouds = SkyClouds
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 60 * time.Second}
	}
	opts.Client = httpsOnly(opts.Client)
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxDownload
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	date := opts.Now().UTC().Format("2006-01-02")
	base := strings.TrimSuffix(opts.BaseURL, "/")
	set := &skySet{rows: map[string][]SkyRow{}, sources: map[string]skySource{}}
	var skipped []string
	for _, c := range opts.Clouds {
		fileURL := base + "/" + c + "/vms.csv"
		rows, found, err := download(ctx, opts.Client, fileURL, c+"/vms.csv", opts.MaxBytes)
		if err != nil {
			return nil, fmt.Errorf("update: %w (the previous catalog is kept)", err)
		}
		if !found {
			skipped = append(skipped, c)
			continue
		}
		set.rows[c] = rows
		set.sources[c] = skySource{URL: fileURL, Date: date}
	}
	if len(set.rows) == 0 {
		return nil, fmt.Errorf("update: %s has no vms.csv for any cloud (the previous catalog is kept)", base)
	}
	res, err := storeSet(set, filepath.Join(opts.CacheDir, originUpdated), originUpdated, base, date, opts.AllowShrink)
	if err != nil {
		return nil, err
	}
	res.Skipped = skipped
	return res, nil
}

// download fetches and parses one CSV. found is false on 404.
func download(ctx context.Context, client *http.Client, fileURL, name string, limit int64) (rows []SkyRow, found bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fileURL, nil)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", fileURL, err)
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
		return nil, false, fmt.Errorf("%s: HTTP %s", fileURL, SafeText(resp.Status)) // the server's words
	case resp.ContentLength > limit:
		return nil, false, fmt.Errorf("%s: %d bytes, more than the limit of %d", fileURL, resp.ContentLength, limit)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, false, requestErr(ctx, fileURL, err)
	}
	if int64(len(body)) > limit {
		return nil, false, fmt.Errorf("%s: more than the limit of %d bytes", fileURL, limit)
	}
	rows, err = ParseSkyPilot(strings.NewReader(string(body)), name)
	if err != nil {
		return nil, false, err
	}
	return rows, true, nil
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
