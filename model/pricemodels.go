package model

// PriceSource says where a price model's price comes from.
type PriceSource string

// Where a price model's price comes from.
const (
	// SourceListed: an hourly or plan price the catalog lists.
	SourceListed PriceSource = "listed"
	// SourceDiscount: a published discount off a listed price (firm, or an
	// "up to" best case that is never chosen).
	SourceDiscount PriceSource = "discount"
	// SourceHybrid: two price models combined, each priced as above.
	SourceHybrid PriceSource = "hybrid"
)

// Hybrid price models: a commitment or plan for the base of the run and
// on-demand or spot for the rest, or spot with on-demand fallback.
const (
	PriceHybrid1ySpot      PriceModel = "hybrid-1yr+spot"
	PriceHybrid1yOnDemand  PriceModel = "hybrid-1yr+on-demand"
	PriceHybrid3ySpot      PriceModel = "hybrid-3yr+spot"
	PriceHybrid3yOnDemand  PriceModel = "hybrid-3yr+on-demand"
	PriceHybridMonthlySpot PriceModel = "hybrid-monthly+spot"
	PriceHybridMonthlyOD   PriceModel = "hybrid-monthly+on-demand"
	PriceHybridSpotOD      PriceModel = "hybrid-spot+on-demand"
)

// PriceModelInfo is one row of the price-model table: what a price model
// is, what it bills by, where its price comes from and when it may be
// chosen. The order of the price models (PriceModels, the panel's bars and
// detail), whether one is a hybrid and of which two (their names, the
// panel, the advisor's suggestions) and a commitment's term (the advisor's
// suggestions) are read from this table. The advisor's price rule does not
// read it: it prices each model and decides whether it may be chosen in
// its own code, which NeedsInterruptible and Rule only describe in words.
type PriceModelInfo struct {
	Name PriceModel `json:"name" toml:"name"`
	// PeriodHours is the billing period (0: by the hour or second of use).
	PeriodHours float64     `json:"period_hours" toml:"period_hours"`
	Source      PriceSource `json:"source" toml:"source"`
	// Base and Fill are the two parts of a hybrid (empty otherwise): Base
	// covers the steady part of the run, Fill the rest.
	Base PriceModel `json:"base,omitempty" toml:"base,omitempty"`
	Fill PriceModel `json:"fill,omitempty" toml:"fill,omitempty"`
	// NeedsInterruptible: only for a job that may be interrupted (spot).
	NeedsInterruptible bool `json:"needs_interruptible" toml:"needs_interruptible"`
	// Rule says in words when the model may be chosen.
	Rule string `json:"rule" toml:"rule"`
}

// Hybrid reports whether the model combines two others.
func (p *PriceModelInfo) Hybrid() bool { return p.Source == SourceHybrid }

// PriceModelTable is every price model in display order.
var PriceModelTable = []PriceModelInfo{
	{Name: PriceOnDemand, Source: SourceListed, Rule: "always, when an hourly price is listed"},
	{Name: PriceSpot, Source: SourceListed, NeedsInterruptible: true, Rule: "only for an interruptible job; priced at the median zone unless --region restricts the zones"},
	{Name: PriceDaily, PeriodHours: 24, Source: SourceListed, Rule: "a listed day rent"},
	{Name: PriceWeekly, PeriodHours: HoursPerWeekFull, Source: SourceListed, Rule: "a listed week rent"},
	{Name: PriceMonthly, PeriodHours: HoursPerMonth, Source: SourceListed, Rule: "a listed monthly plan, or a firm published monthly discount"},
	{Name: PriceReserved1, PeriodHours: HoursPerYear, Source: SourceDiscount, Rule: "a listed yearly price or a firm committed price; an \"up to\" maximum is shown, never chosen"},
	{Name: PriceReserved3, PeriodHours: 3 * HoursPerYear, Source: SourceDiscount, Rule: "a firm 3-year committed price; an \"up to\" maximum is shown, never chosen"},
	{Name: PriceHybridMonthlyOD, PeriodHours: HoursPerMonth, Source: SourceHybrid, Base: PriceMonthly, Fill: PriceOnDemand,
		Rule: "whole months on the monthly plan, the hours after the last whole month on demand"},
	{Name: PriceHybridMonthlySpot, PeriodHours: HoursPerMonth, Source: SourceHybrid, Base: PriceMonthly, Fill: PriceSpot, NeedsInterruptible: true,
		Rule: "whole months on the monthly plan, the hours after the last whole month on spot"},
	{Name: PriceHybrid1yOnDemand, PeriodHours: HoursPerYear, Source: SourceHybrid, Base: PriceReserved1, Fill: PriceOnDemand,
		Rule: "whole years on the firm 1-year price, the hours after the last whole year on demand"},
	{Name: PriceHybrid1ySpot, PeriodHours: HoursPerYear, Source: SourceHybrid, Base: PriceReserved1, Fill: PriceSpot, NeedsInterruptible: true,
		Rule: "whole years on the firm 1-year price, the hours after the last whole year on spot"},
	{Name: PriceHybrid3yOnDemand, PeriodHours: 3 * HoursPerYear, Source: SourceHybrid, Base: PriceReserved3, Fill: PriceOnDemand,
		Rule: "whole 3-year terms on the firm 3-year price, the hours after on demand"},
	{Name: PriceHybrid3ySpot, PeriodHours: 3 * HoursPerYear, Source: SourceHybrid, Base: PriceReserved3, Fill: PriceSpot, NeedsInterruptible: true,
		Rule: "whole 3-year terms on the firm 3-year price, the hours after on spot"},
	{Name: PriceHybridSpotOD, Source: SourceHybrid, Base: PriceSpot, Fill: PriceOnDemand, NeedsInterruptible: true,
		Rule: "spot, with the work redone after each interruption on demand (expected from the interruption rate)"},
}

// HoursPerYear is a year of 365.25 days.
const HoursPerYear = 8766.0

// PriceModelOf returns the table row of a price model.
func PriceModelOf(name PriceModel) (PriceModelInfo, bool) {
	for _, p := range PriceModelTable {
		if p.Name == name {
			return p, true
		}
	}
	return PriceModelInfo{}, false
}
