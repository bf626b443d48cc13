package cli

import (
	"fmt"
	"io"

	"github.com/gpupick/gpupick/model"
)

// printSuggestions prints the ways back under the budget (or to a fit)
// after the notes: each change as it is typed on the command line, in a
// sentence, what the first offer under it costs and whether it keeps the
// budget, and on the next line what it gives up.
func printSuggestions(w io.Writer, res model.Result, lang string) {
	if len(res.Suggestions) == 0 {
		return
	}
	head := tRecWaysFit
	if len(res.Recommendations) > 0 {
		head = tRecWays
	}
	fmt.Fprintln(w, "\n"+head.in(lang))
	for _, s := range res.Suggestions {
		fmt.Fprintf(w, tRecTry.in(lang)+"\n", model.Args(s.Changes), s.Change, s.Effect)
		if s.Caveat != "" {
			fmt.Fprintln(w, "       "+s.Caveat)
		}
	}
}
