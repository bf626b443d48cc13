package data

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gpupick/gpupick/model"
)

// Source is one kind of catalog source (SkyPilot's catalog, the Chinese
// price sheets) and the ways in it supports: a part of the embedded
// catalog (go generate ./data), a local folder (`gpupick catalog import`)
// and a download over HTTPS (`gpupick catalog update`). A nil reader means
// the source has no such way in. A source's reader file registers its row
// with RegisterSource; Generate, Import and Update go through the table and
// keep their guarantees for every source (the snapshot date check, the
// shrink check, the cache written only when everything succeeded, https
// only, size limits). A reader sets each offer's provenance: its Sources
// (the file's URL or path, from Folder.FilePath or Remote.URL) and its
// PriceDate (Folder.Date, Remote.Date, or the reference data's dates).
type Source struct {
	// Name is how --source names it: lower-case ASCII letters, digits
	// and '-'.
	Name string
	// Title names it in messages ("SkyPilot").
	Title string
	// Doc says in one line what it reads.
	Doc string

	// Embedded reads the source's part of the reference data folder
	// (../shared/data) into offers of the embedded catalog; the Batch's
	// Snapshot dates the catalog.
	Embedded func(b *Build, shared fs.FS) (*Batch, error)

	// Import reads a local folder for `catalog import`.
	Import func(b *Build, in Folder) (*Batch, error)
	// Folder says what folder Import reads, in messages: "a SkyPilot
	// catalog folder such as ~/.sky/catalogs/v8".
	Folder string
	// Undated says, after "no date: ", why an import needs --date;
	// DateHint where to find the day ("" for no hint).
	Undated, DateHint string
	// Since is the year the source's catalogs begin: an earlier --date is
	// refused.
	Since int

	// Update downloads the source for `catalog update`.
	Update func(ctx context.Context, b *Build, in Remote) (*Batch, error)
	// DefaultURL is Update's base URL when none is given, URLEnv the
	// environment variable that overrides it ("" for none).
	DefaultURL, URLEnv string

	// Merge: an import or update of the source merges its offers into
	// what the catalog holds for its providers (the previous cache
	// folder's offers where it covers them, else the embedded ones) by
	// MergeOffers, the newest dated price of each place and plan winning,
	// instead of replacing them.
	Merge bool
}

// Batch is what a source's reader read: the offers, the providers they
// stand for (a cached catalog replaces the embedded offers of exactly
// these, even of one left with no offer), and what the reading dropped
// or fixed.
type Batch struct {
	Offers    []model.Offer
	Providers []string // sorted
	Report    []string // "provider: what was dropped or fixed"
	// Skipped are the providers an update asked for and the source does
	// not have; they keep their embedded offers.
	Skipped []string
	// Snapshot is the newest day the embedded batch's prices were read,
	// YYYY-MM-DD ("" when the batch does not date the catalog).
	Snapshot string
}

// Build holds what a reader turns its rows into offers with: the GPU
// table, instance families, researched offer facts and board-level GPU
// links (in the embedded build also the facts folder's other tables), and
// the synthetic GPU entries the offers need. Only this package's readers
// look inside; a reader that builds its offers itself may ignore it.
type Build struct {
	ref    *reference
	tables *tables
}

// newBuild bundles parsed tables into a Build.
func newBuild(t *tables) *Build {
	ref := newReference(t.gpus, t.families, t.facts)
	ref.links = t.links
	return &Build{ref: ref, tables: t}
}

// Folder is the local folder an import reads.
type Folder struct {
	// Files are its files; each is opened through ReadRegularFile's
	// checks (a pipe or device is refused) and size limit.
	Files fs.FS
	// Path is the folder's absolute path; errors name it.
	Path string
	// Date is the day the prices were read (--date), YYYY-MM-DD.
	Date string
}

// FilePath is the path of one of the folder's files (slash-separated
// name), an offer's source.
func (f Folder) FilePath(name string) string {
	return filepath.Join(f.Path, filepath.FromSlash(name))
}

// Remote is the base URL an update downloads from.
type Remote struct {
	// Base is the base URL, https, without a trailing slash.
	Base string
	// Date is the day of the download, YYYY-MM-DD.
	Date string
	// Only are the providers asked for (UpdateOptions.Providers); empty
	// means every one the source has.
	Only []string
	// Fetched is when the download began, UTC: a live offer's fetch time.
	Fetched time.Time
	get     func(ctx context.Context, fileURL string) ([]byte, bool, error)
	post    func(ctx context.Context, fileURL string, body []byte) ([]byte, bool, error)
}

// URL is the address of a file under Base (slash-separated name), an
// offer's source.
func (r Remote) URL(name string) string { return r.Base + "/" + name }

// Get downloads a file under Base over HTTPS (a redirect to anything else
// is refused), at most UpdateOptions.MaxBytes long; found is false when
// the server has no such file (404).
func (r Remote) Get(ctx context.Context, name string) (body []byte, found bool, err error) {
	return r.get(ctx, r.URL(name))
}

// Post sends a JSON body to a file under Base over HTTPS and returns the
// answer, with Get's guarantees (https only, at most
// UpdateOptions.MaxBytes, found false on 404): a live API's search. An
// empty name posts to Base itself (a GraphQL endpoint).
func (r Remote) Post(ctx context.Context, name string, body []byte) (answer []byte, found bool, err error) {
	u := r.Base
	if name != "" {
		u = r.URL(name)
	}
	return r.post(ctx, u, body)
}

// DefaultSource is the source `catalog import` and `catalog update` read
// when none is named.
const DefaultSource = "skypilot"

// sources are the registered catalog sources, sorted by name. They start
// in sourceRoom, so that the package's own registrations at start-up
// allocate no table (issue 26).
var sources = sourceRoom[:0]

// sourceRoom is room for the package's own sources (five) and a few a
// test adds; a source past it moves sources to the heap.
var sourceRoom [8]Source

// RegisterSource adds a source to the table Generate, Import and Update go
// through; a source's reader file calls it in a package-level var
// declaration. It returns a function that takes the source out again (a
// test's cleanup). A name that is not lower-case ASCII letters, digits
// and '-', or is registered already, is a programming error: it panics.
func RegisterSource(s Source) (unregister func()) {
	if s.Name == "" || strings.Trim(s.Name, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		panic(fmt.Sprintf("data: source name %q: want lower-case letters, digits and '-'", s.Name))
	}
	i, found := slices.BinarySearchFunc(sources, s.Name, compareSourceName)
	if found {
		panic(fmt.Sprintf("data: source %q registered twice", s.Name))
	}
	sources = slices.Insert(sources, i, s)
	name := s.Name // the closure keeps the name, not a copy of the source
	return func() {
		if i, found := slices.BinarySearchFunc(sources, name, compareSourceName); found {
			sources = slices.Delete(sources, i, i+1)
		}
	}
}

// compareSourceName orders a source by name against a name.
func compareSourceName(s Source, name string) int { return strings.Compare(s.Name, name) }

// Sources returns the registered sources, sorted by name.
func Sources() []Source { return slices.Clone(sources) }

// LookupSource returns the source registered under name.
func LookupSource(name string) (Source, bool) {
	if i, found := slices.BinarySearchFunc(sources, name, compareSourceName); found {
		return sources[i], true
	}
	return Source{}, false
}

// SourceNames returns the names of the sources that have a reader for a
// way in (Source.Import or Source.Update: pass a function that tells),
// sorted: what --source accepts.
func SourceNames(has func(Source) bool) []string {
	var out []string
	for _, s := range sources {
		if has(s) {
			out = append(out, s.Name)
		}
	}
	return out
}

// CanImport tells a source `catalog import` reads.
func CanImport(s Source) bool { return s.Import != nil }

// CanUpdate tells a source `catalog update` downloads.
func CanUpdate(s Source) bool { return s.Update != nil }

// sourceFor looks a source up for a command ("import", "update") and the
// way in (CanImport, CanUpdate); the error names the ones it has and is
// marked as bad input.
func sourceFor(cmd, name string, has func(Source) bool) (Source, error) {
	if name == "" {
		name = DefaultSource
	}
	s, ok := LookupSource(name)
	if !ok || !has(s) {
		return Source{}, asInput(fmt.Errorf("%s: %q is not a catalog source %s reads (want one of: %s)", cmd, name, cmd, strings.Join(SourceNames(has), ", ")))
	}
	return s, nil
}
