// Package advisor turns answers and a catalog into a requirement, ranked
// recommendations, price-model comparisons and warnings. It is pure: no I/O,
// deterministic, and fast enough to run after every keystroke.
package advisor

import (
	"sort"

	"github.com/gpupick/gpupick/model"
)

// Options tune a Recommend call.
type Options struct {
	// Top is the number of recommendations returned (0 = 10).
	Top int
}

// Recommend estimates what the answers need and ranks the catalog's offers
// by the total cost of the run.
//
// PLACEHOLDER: a first cut so other packages compile; the full advisor
// replaces it.
func Recommend(cat *model.Catalog, a model.Answers, opt Options) model.Result {
	a.Normalize()
	top := opt.Top
	if top <= 0 {
		top = 10
	}
	res := model.Result{Catalog: cat.Info, Currency: a.Currency}
	params := a.ParamsB
	if params == 0 && a.Model != "" {
		if p, err := model.FindPreset(cat.Models, a.Model); err == nil {
			params = p.ParamsB
		}
	}
	need := params * a.Precision.BytesPerParam() * 1.2
	if a.Workload == model.WorkloadVRAM {
		need = a.KnownVRAMGiB
	}
	res.Requirement = model.Requirement{VRAMGiB: need, ParamsB: params, Precision: a.Precision,
		Breakdown: model.Breakdown{WeightsGiB: need / 1.2, OverheadGiB: need - need/1.2}}
	hours := a.GPUHours()
	for i := range cat.Offers {
		o := &cat.Offers[i]
		res.Considered++
		if o.TotalVRAMGiB() < need || o.OnDemand <= 0 {
			continue
		}
		usd, ok := cat.Convert(o.OnDemand, o.Currency, model.USD)
		if !ok {
			continue
		}
		res.Matched++
		res.Recommendations = append(res.Recommendations, model.Recommendation{
			Offer: o, Provider: o.Provider, InstanceType: o.InstanceType, GPU: o.GPU,
			GPUCount: o.GPUCount, Nodes: 1, VRAMGiB: o.TotalVRAMGiB(),
			PriceModel: model.PriceOnDemand, HourlyUSD: usd, TotalUSD: usd * hours,
			Hourly: usd, Total: usd * hours, Currency: o.Currency, WithinBudget: true,
		})
	}
	sort.SliceStable(res.Recommendations, func(i, j int) bool {
		return res.Recommendations[i].TotalUSD < res.Recommendations[j].TotalUSD
	})
	if len(res.Recommendations) > top {
		res.Recommendations = res.Recommendations[:top]
	}
	return res
}
