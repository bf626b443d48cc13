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
// which runs data/gen. The same cleaning and joining code (SkyPilot CSV
// parsing, GPU name normalisation, GCP host and accelerator pricing, zone
// folding, instance-family facts) serves `gpupick catalog import` and
// `gpupick catalog update`, which rebuild the SkyPilot part of the catalog
// from a SkyPilot catalog folder or download into the user cache dir.
//
// Facts that the reference data does not carry but a cited provider or
// vendor document states live in facts/ (hand-written CSV files, one source
// URL a row). Nothing is guessed: a blank stays blank and is shown as
// unknown. One file holds inferences rather than statements, and says so:
// facts/gpu_links.csv gives the board-level link of GPUs that only exist on
// a linking baseboard (SXM on NVIDIA HGX, MI300X OAMs), used for a
// multi-GPU offer whose provider documents nothing, with the offer's note
// starting "inferred".
package data

//go:generate go run ./gen -shared ../../shared/data -out catalog
