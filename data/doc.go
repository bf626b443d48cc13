// Package data holds gpupick's catalog: the embedded snapshot of GPU offers,
// GPU facts, provider policies, model presets and exchange rates, the code
// that builds it from the reference data, and the loader that picks the
// newest catalog (embedded, imported or updated) and applies the user's
// overlay.
//
// The embedded catalog lives in catalog/ as plain text (TSV and JSON, one
// record a line, sorted) so that a change in the data reads as a diff. It is
// generated from ../shared/data (relative to the repository root) by
//
//	go generate ./data
//
// which runs data/gen. The generator also lays the catalog out as Go data
// (embedded_catalog.go: offers, GPUs, presets, rates; embedded_policies.go:
// policies), which the binary holds instead of the text files, so the
// embedded catalog needs no decoding at start-up; tests check that a decode
// of the files equals the tables field by field. The same cleaning and joining code (SkyPilot CSV
// parsing, GPU name normalisation, GCP host and accelerator pricing, zone
// folding, instance-family facts) serves `gpupick catalog import` and
// `gpupick catalog update`, which rebuild the SkyPilot part of the catalog
// (or another catalog source's, --source) from a SkyPilot catalog folder
// or download into the user cache dir.
//
// Facts that the reference data does not carry but a cited provider or
// vendor document states live in facts/ (hand-written CSV files, one source
// URL a row). Nothing is guessed: a blank stays blank and is shown as
// unknown. An inference is marked as one: its note starts with "inferred"
// and the offer's note carries it. facts/gpu_links.csv gives the
// board-level link of GPUs that only exist on a linking baseboard (SXM on
// NVIDIA HGX, MI300X OAMs), used for a multi-GPU offer whose provider
// documents nothing, and the topology of whole boards (an 8-GPU HGX
// A100/H100/H200/B200/B300 board is NVSwitch, eight V100 SXM2 a hybrid
// cube-mesh), which also refines a provider's "NVLink" label; several
// GPUs of a PCIe card (per the GPU table's form factor) with no documented
// bridge are taken to talk over PCIe, the note starting "inferred from the
// form factor". facts/offer_facts.csv restates
// the usable rows of the reference data's instance_facts_more.csv (column
// from names the row; the generator checks it exists), and
// facts/egress_tiers.csv holds published internet egress bands with their
// source and date, checked against provider_policies.csv. facts/regions.csv
// is the region table (where each region the catalog names lies, cited,
// checked against the reference data's regions/region_country.csv; Tencent
// under its zone ids) and facts/region_groups.csv the groups of countries
// a region answer may name; both reach every catalog (catalog/regions.tsv,
// region_groups.tsv), which keeps prices region by region where one price
// does not hold everywhere (on_demand_zones, spot_zones, plan_regions).
//
// # Adding a column to offers.tsv
//
// The columns of offers.tsv are one table, offercols.tsv: a row a column,
// in file order, with its kind (how it is written and read: str, text,
// num, int, tri, bool, list, note, sources, regions, zones, buckets, origins), whether it
// is a field of model.Offer or of model.OfferDetail, the field, and
// whether an older file may lack it. `go generate ./data` writes from it
// offercols_gen.go (data/gen/offercols): the codec's column list
// (offerCols), the decoder of a standard line (decodeOfferLine) and the
// detail interner's key. A new column is the model field and one row
// (optional "yes", so that a catalog cached by an older gpupick still
// reads), then `go generate ./data`, which also writes the column into
// catalog/offers.tsv and embedded_catalog.go once the reader of a source
// fills the field. Beyond the codec, a price or size the catalog must
// bound goes in Validate's checks (validate.go), and a field the user's
// overlay may set in overlay.go. A new kind is a column constructor
// (codec.go, pricecols.go) and a row of data/gen/offercols' kinds. A long
// text many offers repeat word for word is of kind note: written once, in
// texts.tsv, and referenced by its line's id (texts.go); a text of each
// offer's own (notes) stays str.
//
// # Adding a catalog source
//
// Catalog sources are one table (sources.go): a Source row says what a
// source can do (contribute offers to the embedded build, read a local
// folder for `catalog import`, download over HTTPS for `catalog update`)
// with a reader for each, and its reader file registers the row
// (RegisterSource). Generate, Import and Update go through the table, and
// the command line's --source NAME takes any source with the reader it
// needs, so the guarantees hold for every source: a checked --date, the
// shrink check, the merged catalog validated, the cache replaced only when
// everything succeeded (else kept byte for byte), https only, a size limit
// per file, every file of a folder read as a regular file. A reader sets
// each offer's provenance: its Sources (Folder.FilePath, Remote.URL, or
// the reference data's citation) and its PriceDate (Folder.Date,
// Remote.Date, or the reference data's date). SkyPilot's catalog is the
// row in skyset.go, the Chinese price sheets the row in cn.go.
//
// The facts about a provider are text tables: its row in
// facts/providers.csv (name, currency), its regions in facts/regions.csv,
// its policies in the reference data's provider_policies.csv (or
// cn/cn_provider_policies.csv). The Go files a source touches:
//
//   - a new kind of source: its reader file, which registers its row (a
//     file of its own, as skyset.go and skypilot.go are for SkyPilot's
//     catalog and cn.go for the Chinese price sheets); no other Go file
//     but launch/names.go for a provider it brings;
//   - a new SkyPilot cloud: its name in SkyClouds (skyset.go), its file in
//     facts/skypilot_files.csv, and clean.go only for a quirk of its CSV;
//   - a new provider of cn/cn_gpu_offers.csv: its display name in
//     cnProviders (cn.go) and cnPolicyProviders (policies.go).
//
// Whether a launcher runs a new provider is its row in launch/names.go
// (TestEveryCatalogProviderDecided fails until it has one).
// TestFakeSourceImport, TestFakeSourceUpdate and TestFakeSourceEmbedded
// (sources_test.go), and the command line's TestCatalogImportFakeSource,
// register a source in a test and read it with no other code.
package data

//go:generate go run ./gen/offercols -table offercols.tsv -out offercols_gen.go
//go:generate go run -tags gpupick_gen ./gen -shared ../../shared/data -out catalog
