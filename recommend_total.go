package main

import (
	"strings"

	"github.com/gpupick/gpupick/model"
)

// totalCell is the TOTAL column of the recommend table: the all-in cost of
// the run (GPUs, storage and egress). When the catalog lacks a storage or
// egress price the run needs, the total counts the known parts only and
// says so: "≥$1,234 + unknown egress".
func totalCell(r *model.Recommendation, cur model.Currency) string {
	s := money(r.Total, cur, r.Converted)
	h := &r.HiddenCosts
	if !h.Partial() || r.Total <= 0 {
		return s
	}
	var parts []string
	if h.StorageUnknown {
		parts = append(parts, "storage")
	}
	if h.EgressUnknown {
		parts = append(parts, "egress")
	}
	return "≥" + s + " + unknown " + strings.Join(parts, ", ")
}
