package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// printPriceModels prints #1's price-model table: the rows of
// Recommendation.PriceModels that the JSON holds and the wizard's detail
// draws as bars, with where each price applies and what it assumes; the
// headings and statuses in lang.
func printPriceModels(w io.Writer, r *model.Recommendation, cur model.Currency, lang string) {
	if len(r.PriceModels) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+tRecPMTitle.in(lang))
	// MODEL, PER HOUR, TOTAL, WHERE, STATUS, INTERRUPTION: the texts are
	// cut before a column goes, the place first.
	tw := newCLITable(w).fitTo(cutCol(3, cutEnd, 12), cutCol(5, cutEnd, 14), cutCol(4, cutEnd, 12), dropCol(3), dropCol(5))
	fmt.Fprintln(tw, tRecPMHeader.in(lang))
	for i := range r.PriceModels {
		q := &r.PriceModels[i]
		status := tRecPMEligible
		switch {
		case q.Name == r.PriceModel:
			status = tRecPMChosen
		case q.UpTo:
			status = tRecPMUpTo
		case !q.Eligible:
			status = tRecPMNotFor
		}
		where := q.Region
		if q.RangeHigh > q.RangeLow && q.RangeLow > 0 {
			where += fmt.Sprintf(tRecPMRange.in(lang), money(q.RangeLow, cur, r.Converted, lang), money(q.RangeHigh, cur, r.Converted, lang))
		}
		intr := q.Interruption
		if intr == "unknown" { // advisor's word for no interruption data
			intr = tUnknown.in(lang)
		}
		if q.InterruptionDate != "" {
			intr += fmt.Sprintf(tRecPMIntrDate.in(lang), q.InterruptionDate)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", priceModelName(q.Name, lang), money(q.Hourly, cur, r.Converted, lang), money(q.Total, cur, r.Converted, lang), where, status.in(lang), intr)
	}
	tw.Flush()
	for i := range r.PriceModels {
		q := &r.PriceModels[i]
		if len(q.Assumptions) > 0 {
			fmt.Fprintf(w, tRecPMAssume.in(lang)+"\n", priceModelName(q.Name, lang), strings.Join(q.Assumptions, "; "))
		}
	}
}
