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
// from a SkyPilot catalog folder or download into the user cache dir.
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
package data

//go:generate go run -tags gpupick_gen ./gen -shared ../../shared/data -out catalog
