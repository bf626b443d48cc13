// Package launch turns a gpupick recommendation (from the wizard, from
// `gpupick recommend` or from a saved decision record) into a config that a
// launcher runs as it is: a SkyPilot task YAML (`sky launch task.yaml`) or a
// dstack `.dstack.yml` (`dstack apply -f .dstack.yml`), and into a trial plan
// with a benchmark script to run on each candidate before committing.
//
// Field names and syntax follow the launchers' own reference docs, cited
// where each struct is defined. gpupick's provider and GPU names are mapped
// to each tool's names by the tables in names.go, each row taken from the
// tool's catalog or source; a provider or GPU a tool does not know is an
// *UnsupportedError, never a guessed name. The configs are typed structs
// encoded with a YAML library, never text templates.
//
// The package depends on model only (no I/O besides the io.Writer given).
package launch
