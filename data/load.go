package data

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gpupick/gpupick/model"
)

// LoadOptions says where Load looks. Empty fields mean the defaults.
type LoadOptions struct {
	// CacheDir holds imported and updated catalogs (default
	// os.UserCacheDir()/gpupick).
	CacheDir string
	// ConfigDir holds the overlay catalog.toml (default
	// os.UserConfigDir()/gpupick).
	ConfigDir string
	// OverlayPath is an overlay file to apply instead of
	// ConfigDir/catalog.toml (the --catalog flag); it must exist.
	OverlayPath string
	// EmbeddedOnly ignores imported and updated catalogs.
	EmbeddedOnly bool
	// NoOverlay applies no overlay at all.
	NoOverlay bool
}

// appName is the folder name under the user cache and config dirs.
const appName = "gpupick"

// DefaultLoadOptions returns options with the user's cache and config dirs
// filled in (left empty when the platform has none).
func DefaultLoadOptions() LoadOptions {
	var o LoadOptions
	if d, err := os.UserCacheDir(); err == nil {
		o.CacheDir = filepath.Join(d, appName)
	}
	if d, err := os.UserConfigDir(); err == nil {
		o.ConfigDir = filepath.Join(d, appName)
	}
	return o
}

// withDefaults fills empty dirs.
func (o LoadOptions) withDefaults() LoadOptions {
	d := DefaultLoadOptions()
	if o.CacheDir == "" {
		o.CacheDir = d.CacheDir
	}
	if o.ConfigDir == "" {
		o.ConfigDir = d.ConfigDir
	}
	return o
}

// ImportedDir and UpdatedDir are the cache folders of the two origins.
func (o LoadOptions) ImportedDir() string {
	return filepath.Join(o.withDefaults().CacheDir, originImported)
}

// UpdatedDir is where `catalog update` stores its download.
func (o LoadOptions) UpdatedDir() string {
	return filepath.Join(o.withDefaults().CacheDir, originUpdated)
}

// OverlayFile is the overlay Load applies: OverlayPath, else
// ConfigDir/catalog.toml.
func (o LoadOptions) OverlayFile() string {
	if o.OverlayPath != "" {
		return o.OverlayPath
	}
	o = o.withDefaults()
	if o.ConfigDir == "" {
		return ""
	}
	return filepath.Join(o.ConfigDir, "catalog.toml")
}

// Load returns the catalog gpupick should use: the newest of the embedded,
// imported and updated catalogs (by snapshot date; on a tie an update wins
// over an import, an import over the embedded), with the user overlay
// applied, its AsOf the time of the load (a live offer's age is measured
// from it). Info says which (Origin "embedded", "imported" or "updated",
// plus "+overlay"), how old (SnapshotDate) and from where (Path, Overlay).
// A cached catalog that cannot be read or does not validate is skipped
// with a notice in Info.Warnings, one line each, meant for stderr and the
// wizard's footer ("cached catalog DIR is damaged (why); using the
// embedded catalog …"); a bad or unreadable overlay is an error naming
// file, line and key, marked as bad input (IsInput).
//
// The catalog is for reading: without an overlay or a newer cached catalog
// its offers are the embedded offer table itself, not a copy (a copy of it
// is most of what a headless recommend would spend on the catalog, issue
// 14). Embedded gives a catalog to change.
func Load(opts LoadOptions) (*model.Catalog, error) {
	opts = opts.withDefaults()
	emb, err := embeddedSharing()
	if err != nil {
		return nil, err
	}
	cat := emb
	var warnings []string
	if !opts.EmbeddedOnly && opts.CacheDir != "" {
		for _, dir := range []string{opts.ImportedDir(), opts.UpdatedDir()} {
			c, err := readCached(dir)
			if err != nil {
				warnings = append(warnings, damagedNotice(dir, err, cat.Info.Origin))
				continue
			}
			if c == nil || c.meta.snapshot < cat.Info.SnapshotDate {
				continue
			}
			merged := c.merge(emb)
			if err := Validate(merged); err != nil {
				warnings = append(warnings, damagedNotice(dir, err, cat.Info.Origin))
				continue
			}
			cat = merged
		}
	}
	cat.Info.Warnings = warnings
	cat.Info.AsOf = time.Now().UTC() // a live offer's age is measured from the load
	cat.Info.Builtin = cat == emb    // until an overlay changes it
	if !opts.NoOverlay {
		path := opts.OverlayFile()
		if path != "" {
			b, err := ReadRegularFile(path, maxOverlayBytes)
			switch {
			case err == nil:
				unshareEmbedded(cat) // the overlay changes offers in place
				cat.Info.Builtin = false
				if err := ApplyOverlay(cat, path, b); err != nil {
					return nil, asInput(err)
				}
			case errors.Is(err, fs.ErrNotExist) && opts.OverlayPath == "":
				// No default overlay: nothing to do.
			default:
				return nil, asInput(fmt.Errorf("overlay: %w", err))
			}
		}
	}
	return cat, nil
}

// damagedNotice is the notice for a cached catalog Load skips.
func damagedNotice(dir string, err error, using string) string {
	return fmt.Sprintf("cached catalog %s is damaged (%v); using the %s catalog (run 'gpupick catalog update' or import again to replace it)", dir, err, using)
}
