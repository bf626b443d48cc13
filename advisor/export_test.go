package advisor

import "github.com/gpupick/gpupick/model"

// CheckFigure lets the external tests (package advisor_test) hold
// estimates to published figures the same way.
var CheckFigure = checkFigure

// Top lets the external tests take a result's first recommendation the
// same way: a result with none stops the test with its notes.
var Top = top

// SpotShare is the spot-only penalty's spot-to-on-demand price share,
// for the external test that checks it against the embedded catalog.
const SpotShare = spotShare

// SizeGroups lists the instance names of each product a catalog sells at
// several GPU counts (rank_sizes.go), provider first: "runpod 1x_MI300X_SECURE".
func SizeGroups(cat *model.Catalog) [][]string {
	e := New(cat)
	ix := e.index()
	sz := e.sizes.get(cat, ix)
	out := make([][]string, len(sz.members))
	for g, rows := range sz.members {
		for _, ri := range rows {
			o := &cat.Offers[ix.rows[ri].offer]
			out[g] = append(out[g], o.Provider+" "+o.InstanceType)
		}
	}
	return out
}
