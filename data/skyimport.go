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
// validate) and returns what to store.
func buildCached(set *skySet) ([]model.Offer, map[string]model.GPU, []string, error) {
	t, err := embeddedTables()
	if err != nil {
		return nil, nil, nil, err
	}
	ref := newReference(t.gpus, t.families, t.facts)
	ref.links = t.links
	offers, report := ref.buildSkyOffers(set)
	if len(offers) == 0 {
		return nil, nil, nil, errors.New("the SkyPilot catalog yields no GPU offer")
	}
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
	providers := make([]string, 0, len(set.rows))
	for c := range set.rows {
		providers = append(providers, c)
	}
	sort.Strings(providers)
	c := &cachedCatalog{offers: offers, gpus: gpus, meta: catalogMeta{providers: providers}}
	if err := Validate(c.merge(emb)); err != nil {
		return nil, nil, nil, fmt.Errorf("the imported offers are not valid: %w", err)
	}
	return offers, gpus, report, nil
}

// ImportSkyPilot reads a SkyPilot catalog folder (~/.sky/catalogs/v8, a
// checkout's catalogs/v9, or the reference data's skypilot/ extract) and
// stores the offers of every cloud it has in cacheDir/imported, replacing
// the previous import atomically. The snapshot date is the newest
// modification date of the files read. Clouds the folder lacks keep their
// embedded offers.
func ImportSkyPilot(dir, cacheDir string) (*ImportResult, error) {
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
	if st, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("import: %w", err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("import: %s is not a folder (want a SkyPilot catalog folder such as ~/.sky/catalogs/v8)", dir)
	}
	fsys := os.DirFS(abs)
	var newest time.Time
	set, err := readSkySet(fsys, abs, func(cloud, file string) skySource {
		if st, err := fs.Stat(fsys, file); err == nil && st.ModTime().After(newest) {
			newest = st.ModTime()
		}
		return skySource{URL: filepath.Join(abs, filepath.FromSlash(file)), Date: ""}
	})
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	date := newest.UTC().Format("2006-01-02")
	for c, s := range set.sources {
		s.Date = date
		set.sources[c] = s
	}
	return storeSet(set, filepath.Join(cacheDir, originImported), originImported, abs, date)
}

// storeSet builds, checks and stores a SkyPilot catalog as a cache folder.
func storeSet(set *skySet, dir, origin, source, date string) (*ImportResult, error) {
	offers, gpus, report, err := buildCached(set)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", origin, err)
	}
	res := &ImportResult{Dir: dir, Offers: len(offers), SnapshotDate: date, Report: report}
	for c := range set.rows {
		res.Providers = append(res.Providers, c)
	}
	sort.Strings(res.Providers)
	meta := catalogMeta{origin: origin, snapshot: date, source: source, providers: res.Providers, cleaning: report}
	if err := writeCached(dir, offers, gpus, meta); err != nil {
		return nil, fmt.Errorf("%s: %w (the previous catalog is kept)", origin, err)
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
}

// Update downloads <base>/<cloud>/vms.csv for every cloud over HTTPS,
// size-limited, parses and validates all of them, and only then swaps the
// result into cacheDir/updated; on any failure the previous catalog stays.
// A cloud the base URL does not have (404) is skipped and keeps its offers
// from the embedded catalog.
func Update(ctx context.Context, opts UpdateOptions) (*ImportResult, error) {
	if opts.BaseURL == "" {
		opts.BaseURL = os.Getenv(UpdateURLEnv)
	}
	if opts.BaseURL == "" {
		opts.BaseURL = DefaultUpdateURL
	}
	u, err := url.Parse(opts.BaseURL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("update: base URL %q is not a URL (want https://host/path)", opts.BaseURL)
	}
	if u.Scheme != "https" {
		return nil, fmt.Errorf("update: base URL %q: only https is accepted", opts.BaseURL)
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
	res, err := storeSet(set, filepath.Join(opts.CacheDir, originUpdated), originUpdated, base, date)
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
		return nil, false, fmt.Errorf("%s: %w", fileURL, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, false, nil
	case resp.StatusCode != http.StatusOK:
		return nil, false, fmt.Errorf("%s: HTTP %s", fileURL, resp.Status)
	case resp.ContentLength > limit:
		return nil, false, fmt.Errorf("%s: %d bytes, more than the limit of %d", fileURL, resp.ContentLength, limit)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", fileURL, err)
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
