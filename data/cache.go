package data

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"unsafe"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// Cached catalogs live in the user cache dir, one folder per origin. A
// folder holds only the offers of the providers its source covers (with
// the synthetic GPU entries they use): the GPU table, policies, model presets,
// exchange rates and the other providers' offers always come from the
// embedded catalog, so a newer gpupick brings newer facts to an old import.
const (
	originEmbedded = "embedded"
	originImported = "imported"
	originUpdated  = "updated"
)

// cacheFiles are the files of a cached catalog folder.
var cacheFiles = []string{fileInfo, fileOffers, fileSources, fileTexts, fileGPUs}

// cachedCatalog is a decoded cache folder.
type cachedCatalog struct {
	dir    string
	offers []model.Offer
	gpus   map[string]model.GPU
	meta   catalogMeta
}

// maxCacheFileBytes bounds one file of a cached catalog (a whole SkyPilot
// import is a few MiB).
const maxCacheFileBytes = 64 << 20

// readCached reads a cache folder; a missing folder is (nil, nil). Every
// string is made safe to print (text.Safe): the folder is outside the
// binary and may have been changed by anything.
func readCached(dir string) (*cachedCatalog, error) {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case !st.IsDir():
		return nil, fmt.Errorf("%s is %s, not a folder", dir, fileKind(st.Mode()))
	}
	var offers []model.Offer
	var gpus map[string]model.GPU
	var meta catalogMeta
	err = readFolder(dir, cacheFiles, maxCacheFileBytes, func(files catalogFiles, src tsvStream) (err error) {
		offers, gpus, meta, err = decodeOffersFrom(dir, files, src)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(meta.providers) == 0 {
		return nil, fmt.Errorf("%s/%s names no provider", dir, fileInfo)
	}
	cleanStrings(&offers)
	cleanStrings(&gpus)
	for _, p := range []*string{&meta.origin, &meta.snapshot, &meta.source} {
		*p = text.Safe(*p)
	}
	cleanStrings(&meta.providers)
	cleanStrings(&meta.cleaning)
	return &cachedCatalog{dir: dir, offers: offers, gpus: gpus, meta: meta}, nil
}

// readFolder reads the named files of a catalog folder, each at most
// limit bytes (limit > 0), and calls decode with them: offers.tsv, when
// named, opened to be decoded as it is read (src), the others read whole.
// The text of a file read whole is the buffer it was read into (as a
// string, with no copy: nothing writes that buffer again).
func readFolder(dir string, names []string, limit int64, decode func(files catalogFiles, src tsvStream) error) error {
	files := catalogFiles{}
	var src tsvStream
	for _, name := range names {
		path := filepath.Join(dir, name)
		if name == fileOffers {
			f, r, size, err := openRegularFile(path, limit)
			if err != nil {
				return err
			}
			defer f.Close()
			src = tsvStream{r: r, size: size, at: f}
			continue
		}
		b, err := ReadRegularFile(path, limit)
		if name == fileTexts && errors.Is(err, fs.ErrNotExist) {
			// A folder of schema 1 has none (decodeTexts).
			continue
		}
		if err != nil {
			return err
		}
		files[name] = unsafe.String(unsafe.SliceData(b), len(b))
	}
	return decode(files, src)
}

// merge returns the embedded catalog with the offers of the providers the
// cached catalog covers replaced by the cached ones.
func (c *cachedCatalog) merge(emb *model.Catalog) *model.Catalog {
	covered := map[string]bool{}
	for _, p := range c.meta.providers {
		covered[p] = true
	}
	out := *emb
	out.Offers = make([]model.Offer, 0, len(emb.Offers)+len(c.offers))
	for _, o := range emb.Offers {
		if !covered[o.Provider] {
			out.Offers = append(out.Offers, o)
		}
	}
	out.Offers = append(out.Offers, c.offers...)
	sortOffers(out.Offers)
	out.GPUs = make(map[string]model.GPU, len(emb.GPUs)+len(c.gpus))
	for k, g := range emb.GPUs {
		out.GPUs[k] = g
	}
	for k, g := range c.gpus {
		if _, ok := out.GPUs[k]; !ok {
			out.GPUs[k] = g
		}
	}
	out.Info = model.CatalogInfo{Origin: c.meta.origin, SnapshotDate: c.meta.snapshot, Path: c.dir}
	return &out
}

// writeCached stores offers (and the GPUs they need beyond the embedded
// table) as the cache folder dir, atomically: the files are written to a
// temporary folder next to it, which then replaces dir by renames. On any
// failure the previous folder is left as it was.
func writeCached(dir string, offers []model.Offer, gpus map[string]model.GPU, meta catalogMeta) error {
	sort.Strings(meta.providers)
	cat := &model.Catalog{Offers: offers, GPUs: gpus}
	files, err := encodeCatalogMeta(cat, meta)
	if err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("cache dir: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-*")
	if err != nil {
		return fmt.Errorf("cache dir: %w", err)
	}
	defer os.RemoveAll(tmp)
	for _, f := range cacheFiles {
		if err := os.WriteFile(filepath.Join(tmp, f), []byte(files[f]), 0o644); err != nil {
			return fmt.Errorf("cache dir: %w", err)
		}
	}
	// Re-read what was written before it replaces anything.
	if _, err := readCached(tmp); err != nil {
		return fmt.Errorf("cache dir: the new catalog does not read back: %w", err)
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = filepath.Join(parent, "."+filepath.Base(dir)+".old")
		os.RemoveAll(old)
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("cache dir: %w", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			os.Rename(old, dir) // put the previous catalog back
		}
		return fmt.Errorf("cache dir: %w", err)
	}
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}
