package model

import "time"

// RecordSchemaVersion is the version of the decision record written by this
// build. Readers accept this version and older ones.
const RecordSchemaVersion = 1

// Record is the decision record gpupick exports to TOML: what was asked,
// what was assumed, what was chosen and what the user was warned about. It
// can be loaded again to reopen the wizard or rerun the advice headless.
type Record struct {
	SchemaVersion int         `json:"schema_version" toml:"schema_version"`
	Created       time.Time   `json:"created" toml:"created"`
	Tool          string      `json:"tool" toml:"tool"`
	Catalog       CatalogInfo `json:"catalog" toml:"catalog"`
	Answers       Answers     `json:"answers" toml:"answers"`
	Requirement   Requirement `json:"requirement" toml:"requirement"`
	// Choice is the offer the user selected (nil when none fitted).
	Choice *Recommendation `json:"choice,omitempty" toml:"choice,omitempty"`
}
