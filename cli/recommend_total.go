package cli

import (
	"strings"

	"github.com/gpupick/gpupick/model"
)

// totalCell is the TOTAL column of the recommend table: the all-in cost of
// the run (GPUs, storage and egress). A storage or egress price the
// provider does not publish is counted at its class's estimate and the
// total says so: "~$1,234 est. egress". When not even an estimate exists,
// the total counts the known parts only and says so: "≥$1,234 + unknown
// egress".
func totalCell(r *model.Recommendation, cur model.Currency, lang string) string {
	return totalText(r.Total, cur, r.Converted, &r.HiddenCosts, lang)
}

// rowTotalCell is totalCell of a listed offer's row.
func rowTotalCell(r *model.OfferRow, cur model.Currency, lang string) string {
	h := model.HiddenCosts{StorageUnknown: r.StorageUnknown, EgressUnknown: r.EgressUnknown,
		StorageEstimated: r.StorageEstimated, EgressEstimated: r.EgressEstimated}
	return totalText(r.Total, cur, r.Converted, &h, lang)
}

// totalText writes an all-in total with what its hidden costs are made
// of (totalCell).
func totalText(total float64, cur model.Currency, converted bool, h *model.HiddenCosts, lang string) string {
	s := money(total, cur, converted, lang)
	if total <= 0 || !h.Partial() && !h.Estimated() {
		return s
	}
	var est, unk []string
	for _, p := range []struct {
		name               string
		estimated, unknown bool
	}{{tRecStorage.in(lang), h.StorageEstimated, h.StorageUnknown}, {tRecEgress.in(lang), h.EgressEstimated, h.EgressUnknown}} {
		switch {
		case p.unknown:
			unk = append(unk, p.name)
		case p.estimated:
			est = append(est, p.name)
		}
	}
	switch {
	case len(unk) == 0:
		if !strings.HasPrefix(s, "≈") { // a converted amount is marked approximate already
			s = "~" + s
		}
		return s + " " + tRecEst.in(lang) + " " + strings.Join(est, ", ")
	case len(est) == 0:
		return "≥" + s + " + " + tRecUnknownPart.in(lang) + " " + strings.Join(unk, ", ")
	}
	return "≥" + s + " (" + tRecEst.in(lang) + " " + strings.Join(est, ", ") + ") + " + tRecUnknownPart.in(lang) + " " + strings.Join(unk, ", ")
}
