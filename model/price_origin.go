package model

// PriceKind is which of an offer's prices a PriceOrigin names.
type PriceKind string

// The kinds of an offer's prices.
const (
	PriceKindOnDemand PriceKind = "on demand" // an hourly on-demand price, by region
	PriceKindSpot     PriceKind = "spot"      // an hourly spot price, by zone
	PriceKindPlan     PriceKind = "plan"      // a listed plan's price, by plan key (ListedPlans)
)

// PriceOrigin is where and when one of an offer's prices was read: the
// offer's merge of several sources names each price's (OfferDetail.PriceOrigins).
type PriceOrigin struct {
	Kind PriceKind `json:"kind" toml:"kind"`
	// Place is the region (on demand), the zone (spot) or the plan's key
	// (plan: "monthly") the price is of.
	Place  string `json:"place" toml:"place"`
	Source string `json:"source" toml:"source"`
	// Date is the price's date (YYYY-MM-DD), "" when the source gives none.
	Date string `json:"date,omitempty" toml:"date,omitempty"`
}

// PriceSource is where an offer's prices were read as one: its first
// source (the price file; Offer.Sources).
func (o *Offer) PriceSource() string {
	if len(o.Sources) == 0 {
		return ""
	}
	return o.Sources[0]
}

// PriceOrigins are the sources and dates of the offer's prices: the ones
// a merge of several sources named price by price, else one for all of
// them, its PriceSource and PriceDate (Kind and Place empty).
func (o *Offer) PriceOrigins() []PriceOrigin {
	if po := o.Detail().PriceOrigins; len(po) > 0 {
		return po
	}
	return []PriceOrigin{{Source: o.PriceSource(), Date: o.PriceDate}}
}

// PriceOriginGroup is the prices of one source and date.
type PriceOriginGroup struct {
	Source, Date string
	Prices       []PriceOrigin
}

// GroupPriceOrigins groups origins by source and date, the groups in the
// order of their first price.
func GroupPriceOrigins(origins []PriceOrigin) []PriceOriginGroup {
	var out []PriceOriginGroup
	at := map[[2]string]int{}
	for _, po := range origins {
		k := [2]string{po.Source, po.Date}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, PriceOriginGroup{Source: po.Source, Date: po.Date})
		}
		out[i].Prices = append(out[i].Prices, po)
	}
	return out
}
