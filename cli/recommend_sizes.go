package cli

import (
	"fmt"
	"io"

	"github.com/gpupick/gpupick/model"
)

// printOtherSizes prints the other GPU counts of #1's product that the
// ranking lists (the advisor lists a product once, at its best-ranked
// size): instance, GPUs, price model, hourly rate and total, in lang.
func printOtherSizes(w io.Writer, r *model.Recommendation, cur model.Currency, lang string) {
	if len(r.OtherSizes) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+tRecSizes.in(lang))
	// INSTANCE, GPUS, PRICE MODEL, PER HOUR, TOTAL: the names are cut.
	tw := newCLITable(w).fitTo(cutCol(1, cutGPUs, 20), cutNames(0, 16), cutCol(1, cutGPUs, 12), cutNames(0, 12), cutCol(4, cutEnd, 8))
	for i := range r.OtherSizes {
		s := &r.OtherSizes[i]
		gpus := fmt.Sprintf("%s x%d", s.GPU, s.GPUCount)
		if s.Nodes > 1 {
			gpus += fmt.Sprintf(tRecNodes.in(lang), s.Nodes)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", s.InstanceType, gpus, priceModelName(s.PriceModel, lang),
			money(s.Hourly, cur, s.Converted, lang), rowTotalCell(s, cur, lang))
	}
	tw.Flush()
}
