package data

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gpupick/gpupick/model"
)

// fakeOffersCSV is the one file of the fake source: an offer a line.
const fakeOffersCSV = "instance,gpu,count,usd_hourly\nfake_1x_h100,H100 SXM5,1,2.5\nfake_8x_h100,H100 SXM5,8,19\n"

// readFakeOffers is the fake source's reader: offers of Lambda (a
// provider the catalog knows), each sourced by src and dated date.
func readFakeOffers(r io.Reader, name, src, date string) (*Batch, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("instance", "gpu", "count", "usd_hourly"); err != nil {
		return nil, err
	}
	batch := &Batch{Providers: []string{"lambda"}}
	for i := range t.rows {
		count, _, err := t.num(i, "count")
		if err != nil {
			return nil, err
		}
		price, _, err := t.num(i, "usd_hourly")
		if err != nil {
			return nil, err
		}
		batch.Offers = append(batch.Offers, model.Offer{Provider: "lambda", InstanceType: t.get(i, "instance"),
			GPU: t.get(i, "gpu"), GPUCount: int(count), Currency: model.USD, OnDemand: price,
			PriceDate: date, Sources: []string{src}})
	}
	return batch, nil
}

// fakeSource reads offers.csv: from the reference data's fake/ folder in
// the embedded build, from a folder for an import, under a base URL for
// an update. It is all a new source is: a reader and its row.
func fakeSource() Source {
	const file = "offers.csv"
	return Source{
		Name: "fake", Title: "Fake", Doc: "a test's source",
		Embedded: func(_ *Build, shared fs.FS) (*Batch, error) {
			f, err := shared.Open("fake/" + file)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return readFakeOffers(f, "fake/"+file, "https://fake.example/"+file, "2026-01-02")
		},
		Import: func(_ *Build, in Folder) (*Batch, error) {
			f, err := in.Files.Open(file)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return readFakeOffers(f, in.FilePath(file), in.FilePath(file), in.Date)
		},
		Folder: "a folder with offers.csv", Undated: "offers.csv carries none", Since: 2024,
		Update: func(ctx context.Context, _ *Build, in Remote) (*Batch, error) {
			body, found, err := in.Get(ctx, file)
			if err != nil {
				return nil, err
			}
			if !found {
				return nil, errors.New(in.URL(file) + " is missing")
			}
			return readFakeOffers(bytes.NewReader(body), file, in.URL(file), in.Date)
		},
		DefaultURL: "https://fake.invalid/catalog",
	}
}

// registerFake registers the fake source until the test ends.
func registerFake(t *testing.T) {
	t.Helper()
	t.Cleanup(RegisterSource(fakeSource()))
}

// lambdaOffers returns the Lambda offers of the catalog Load gives.
func lambdaOffers(t *testing.T, opts LoadOptions) (*model.Catalog, []model.Offer) {
	t.Helper()
	cat, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	var out []model.Offer
	for _, o := range cat.Offers {
		if o.Provider == "lambda" {
			out = append(out, o)
		}
	}
	return cat, out
}

// TestSourceTable: the table holds SkyPilot (every way in), gpuhunt
// (import and update) and the Chinese price sheets (embedded only), and --source accepts what a
// command reads.
func TestSourceTable(t *testing.T) {
	var names []string
	for _, s := range Sources() {
		names = append(names, s.Name)
	}
	if strings.Join(names, ",") != "cn,gpuhunt,runpod,skypilot,vast" {
		t.Errorf("sources %v, want cn, gpuhunt, runpod, skypilot and vast", names)
	}
	if got := SourceNames(CanImport); !slices.Equal(got, []string{"gpuhunt", "skypilot"}) {
		t.Errorf("import sources %v", got)
	}
	if got := SourceNames(CanUpdate); !slices.Equal(got, []string{"gpuhunt", "runpod", "skypilot", "vast"}) {
		t.Errorf("update sources %v", got)
	}
	registerFake(t)
	if got := SourceNames(CanImport); !slices.Equal(got, []string{"fake", "gpuhunt", "skypilot"}) {
		t.Errorf("import sources with the fake %v", got)
	}
	for _, name := range []string{"fake", "Bad", "", "a b"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterSource(%q) did not panic", name)
				}
			}()
			RegisterSource(Source{Name: name})
		}()
	}
}

// TestFakeSourceImport: a source registered in a test, with no other code,
// is imported by Import with the guarantees of every import (the date
// check in its words, the shrink check, provenance per offer).
func TestFakeSourceImport(t *testing.T) {
	registerFake(t)
	opts := testOptions(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "offers.csv"), []byte(fakeOffersCSV), 0o644); err != nil {
		t.Fatal(err)
	}
	in := ImportOptions{Source: "fake", Dir: dir, CacheDir: opts.CacheDir, Date: "2027-03-01", Now: testNow}

	_, err := Import(ImportOptions{Source: "fake", Dir: dir, CacheDir: opts.CacheDir, Now: testNow})
	if err == nil || !IsInput(err) || !strings.Contains(err.Error(), "no date: offers.csv carries none; give the day") {
		t.Errorf("undated: %v", err)
	}
	old := in
	old.Date = "2023-12-31"
	if _, err := Import(old); err == nil || !strings.Contains(err.Error(), "before Fake's catalogs existed (want the day the catalog was fetched, 2024 or later)") {
		t.Errorf("too old: %v", err)
	}
	var shrink *ShrinkError
	if _, err := Import(in); !errors.As(err, &shrink) || shrink.Shrinks[0].Provider != "lambda" {
		t.Errorf("two offers for Lambda's embedded ones: %v, want a shrink refusal", err)
	}
	for _, name := range []string{"nope", "cn"} {
		bad := in
		bad.Source = name
		if _, err := Import(bad); err == nil || !IsInput(err) || !strings.Contains(err.Error(), "not a catalog source import reads (want one of: fake, gpuhunt, skypilot)") {
			t.Errorf("--source %s: %v", name, err)
		}
	}

	in.AllowShrink = true
	res, err := Import(in)
	if err != nil {
		t.Fatal(err)
	}
	if res.Offers != 2 || !slices.Equal(res.Providers, []string{"lambda"}) || res.SnapshotDate != "2027-03-01" {
		t.Errorf("result %+v", res)
	}
	cat, lambda := lambdaOffers(t, opts)
	if cat.Info.Origin != originImported || len(lambda) != 2 {
		t.Fatalf("origin %s, %d Lambda offers, want the import's 2", cat.Info.Origin, len(lambda))
	}
	for _, o := range lambda {
		if !slices.Equal(o.Sources, []string{filepath.Join(dir, "offers.csv")}) || o.PriceDate != "2027-03-01" {
			t.Errorf("%s: sources %v, date %s: want the folder's file, the import's date", o.InstanceType, o.Sources, o.PriceDate)
		}
	}
}

// TestFakeSourceUpdate: the same source downloads through Update, over
// https only and size-limited, and a failed update keeps the previous
// catalog byte for byte.
func TestFakeSourceUpdate(t *testing.T) {
	registerFake(t)
	opts := testOptions(t)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/cat/offers.csv" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, fakeOffersCSV)
	}))
	defer srv.Close()
	update := func(base string, maxBytes int64) (*ImportResult, error) {
		return Update(context.Background(), UpdateOptions{Source: "fake", BaseURL: base, CacheDir: opts.CacheDir,
			Client: srv.Client(), MaxBytes: maxBytes, Now: testNow, AllowShrink: true})
	}
	if _, err := update(srv.URL+"/cat/", 0); err != nil {
		t.Fatal(err)
	}
	_, lambda := lambdaOffers(t, opts)
	if len(lambda) != 2 || !slices.Equal(lambda[0].Sources, []string{srv.URL + "/cat/offers.csv"}) || lambda[0].PriceDate != "2027-06-01" {
		t.Fatalf("Lambda offers %+v: want the download's 2, sourced by its URL, dated the day of the download", lambda)
	}
	before := readDir(t, opts.UpdatedDir())
	for _, tc := range []struct {
		base string
		max  int64
		want string
	}{
		{srv.URL + "/cat", 10, "87 bytes, more than the limit of 10 bytes (10 bytes; a file of the cached catalog holds at most 64 MiB) (the previous catalog is kept)"},
		{srv.URL + "/none", 0, "/none/offers.csv is missing (the previous catalog is kept)"},
		{"http" + strings.TrimPrefix(srv.URL, "https") + "/cat", 0, "only https is accepted"},
	} {
		if _, err := update(tc.base, tc.max); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.base, err, tc.want)
		}
		if after := readDir(t, opts.UpdatedDir()); !maps.Equal(before, after) {
			t.Errorf("%s: the previous update was changed", tc.base)
		}
	}
}

// readDir reads every file of a folder by name.
func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(b)
	}
	return out
}

// withFiles is a folder with some files added (over the folder's own).
type withFiles struct {
	fs.FS
	extra fstest.MapFS
}

func (w withFiles) Open(name string) (fs.File, error) {
	if _, ok := w.extra[name]; ok {
		return w.extra.Open(name)
	}
	return w.FS.Open(name)
}

// TestFakeSourceEmbedded: a registered source with an Embedded reader adds
// its offers to the generated catalog, next to SkyPilot's and the Chinese
// sheets'.
func TestFakeSourceEmbedded(t *testing.T) {
	needShared(t)
	registerFake(t)
	shared := withFiles{FS: os.DirFS(sharedDir), extra: fstest.MapFS{"fake/offers.csv": {Data: []byte(fakeOffersCSV)}}}
	files, err := Generate(shared, os.DirFS("facts"))
	if err != nil {
		t.Fatal(err)
	}
	offers := string(files[fileOffers])
	for _, want := range []string{"lambda\tfake_1x_h100\t", "lambda\tfake_8x_h100\t", "lambda\tgpu_8x_h100_sxm5\t", "alibaba\t"} {
		if !strings.Contains(offers, "\n"+want) {
			t.Errorf("generated offers.tsv has no line starting %q", want)
		}
	}
}
