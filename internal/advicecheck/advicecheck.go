// Package advicecheck holds the properties of recommendations that the
// tests of several packages (the advisor's, the CLI's) check alike, so
// that each is written once. Only tests import it.
package advicecheck

import (
	"fmt"

	"github.com/gpupick/gpupick/model"
)

// OutsideRegions lists, for recommendations made under a region answer
// (rf compiled from it), every place one of them names that is outside
// the filter: the region a recommendation names, and the region or zone
// of each of its price models. It is empty when the answer is kept.
func OutsideRegions(rf *model.RegionFilter, recs []model.Recommendation) []string {
	var out []string
	for i := range recs {
		r := &recs[i]
		if ok, _ := rf.Match(r.Provider, r.Region); !ok {
			out = append(out, fmt.Sprintf("#%d %s names region %q", i+1, r.InstanceType, r.Region))
		}
		for _, q := range r.PriceModels {
			if ok, _ := rf.Match(r.Provider, q.Region); !ok {
				out = append(out, fmt.Sprintf("#%d %s quotes %s in %q", i+1, r.InstanceType, q.Name, q.Region))
			}
		}
	}
	return out
}
