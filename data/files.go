package data

import (
	"fmt"

	"github.com/gpupick/gpupick/model"
)

// A catalog as its files by name (offers.tsv, sources.tsv, gpus.tsv,
// policies.json, models.tsv, fx.tsv, info.tsv, …): the form Generate
// writes and the embedded catalog is committed in. data/gen decodes the
// files it generates (DecodeFiles); the system benchmarks write a catalog
// grown to a million offers (EncodeFiles) and read it back the way a
// cached catalog is read (ReadFolder).

// DecodeFiles decodes a catalog from its files by name ("offers.tsv",
// "policies.json", …) as Generate returns them. data/gen uses it to lay
// the embedded catalog out as Go data (embedded_catalog.go).
func DecodeFiles(files map[string][]byte) (*model.Catalog, error) {
	text := make(catalogFiles, len(files))
	for k, b := range files {
		text[k] = string(b)
	}
	cat, _, err := decodeCatalog("generated catalog", text)
	if err != nil {
		return nil, fmt.Errorf("decode the generated catalog: %w", err)
	}
	return cat, nil
}

// EncodeFiles writes a catalog as its files by name, which DecodeFiles and
// ReadFolder read back: the same catalog always gives the same bytes.
func EncodeFiles(cat *model.Catalog) (map[string][]byte, error) {
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(files))
	for k, s := range files {
		out[k] = []byte(s)
	}
	return out, nil
}

// ReadFolder decodes a catalog from a folder of the files EncodeFiles
// writes, on the read path of a cached catalog (offers.tsv decoded as it is
// read, never whole in memory), with no size limit: it is for a catalog the
// caller wrote. It neither validates the catalog nor applies an overlay.
func ReadFolder(dir string) (*model.Catalog, error) {
	var cat *model.Catalog
	names := []string{fileInfo, fileOffers, fileSources, fileTexts, fileGPUs, filePolicies, fileModels, fileFX}
	err := readFolder(dir, names, 0, func(files catalogFiles, src tsvStream) (err error) {
		cat, _, err = decodeCatalogFrom(dir, files, nil, src)
		return err
	})
	return cat, err
}
