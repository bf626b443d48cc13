package model

// PriceModel names a way to pay for the same hardware.
type PriceModel string

// Price models.
const (
	PriceOnDemand  PriceModel = "on-demand"
	PriceSpot      PriceModel = "spot"
	PriceMonthly   PriceModel = "monthly" // monthly subscription or plan
	PriceReserved1 PriceModel = "1yr"
	PriceReserved3 PriceModel = "3yr"
	// PriceDaily and PriceWeekly are listed day and week rents (rental
	// platforms).
	PriceDaily  PriceModel = "daily"
	PriceWeekly PriceModel = "weekly"
	// PriceMonths3 and PriceMonths6 are listed 3- and 6-month commitments
	// (RunPod's threeMonthPrice and sixMonthPrice).
	PriceMonths3 PriceModel = "3mo"
	PriceMonths6 PriceModel = "6mo"
)

// ListedPlan is a plan price an offer may list: a price for a whole
// period of rent (OfferDetail's Daily, Weekly, Monthly, Yearly). Its row
// of ListedPlans is the one definition every layer reads: the catalog
// column, the JSON and TOML key, the price model it prices, how to read
// and write it.
type ListedPlan uint8

// The listed plans, in the order of ListedPlans (and of the catalog's
// columns). NumListedPlans sizes an array of one price per plan.
const (
	PlanDaily ListedPlan = iota
	PlanWeekly
	PlanMonthly
	PlanYearly
	PlanMonths3
	PlanMonths6
	NumListedPlans
)

// ListedPlanInfo is one row of ListedPlans.
type ListedPlanInfo struct {
	// Key is the plan's column of offers.tsv, its key in an offer's JSON
	// and TOML (OfferFields) and in the user overlay, and its English name.
	Key string
	// Model is the price model the listed price prices; its row of
	// PriceModelTable holds the period.
	Model PriceModel
	// ListedOnly: the model has no price but the listed one (a rent of a
	// day or a week: shown only where an offer lists it). Otherwise the
	// listed price is one source of a commitment's price, which a
	// published discount may also give (the monthly plan, the 1-year term).
	ListedOnly bool
	// Of is the plan's price field of an offer's detail; Flat its field
	// of the flat view.
	Of   func(*OfferDetail) *float64
	Flat func(*OfferFields) *float64
}

// ListedPlans are the listed plans, indexed by ListedPlan.
var ListedPlans = [NumListedPlans]ListedPlanInfo{
	PlanDaily: {Key: "daily", Model: PriceDaily, ListedOnly: true,
		Of: func(d *OfferDetail) *float64 { return &d.Daily }, Flat: func(f *OfferFields) *float64 { return &f.Daily }},
	PlanWeekly: {Key: "weekly", Model: PriceWeekly, ListedOnly: true,
		Of: func(d *OfferDetail) *float64 { return &d.Weekly }, Flat: func(f *OfferFields) *float64 { return &f.Weekly }},
	PlanMonthly: {Key: "monthly", Model: PriceMonthly,
		Of: func(d *OfferDetail) *float64 { return &d.Monthly }, Flat: func(f *OfferFields) *float64 { return &f.Monthly }},
	PlanYearly: {Key: "yearly", Model: PriceReserved1,
		Of: func(d *OfferDetail) *float64 { return &d.Yearly }, Flat: func(f *OfferFields) *float64 { return &f.Yearly }},
	PlanMonths3: {Key: "months3", Model: PriceMonths3, ListedOnly: true,
		Of: func(d *OfferDetail) *float64 { return &d.Months3 }, Flat: func(f *OfferFields) *float64 { return &f.Months3 }},
	PlanMonths6: {Key: "months6", Model: PriceMonths6, ListedOnly: true,
		Of: func(d *OfferDetail) *float64 { return &d.Months6 }, Flat: func(f *OfferFields) *float64 { return &f.Months6 }},
}

// PeriodHours is the plan's period: its price model's (PriceModelTable).
func (l ListedPlan) PeriodHours() float64 {
	info, _ := PriceModelOf(ListedPlans[l].Model)
	return info.PeriodHours
}

// PlanOf returns the listed plan whose price prices a price model.
func PlanOf(pm PriceModel) (ListedPlan, bool) {
	for l := range ListedPlans {
		if ListedPlans[l].Model == pm {
			return ListedPlan(l), true
		}
	}
	return 0, false
}

// ListedOnly reports whether the price model is a listed plan's that
// nothing but the listing prices (ListedPlanInfo.ListedOnly).
func (p PriceModel) ListedOnly() bool {
	l, ok := PlanOf(p)
	return ok && ListedPlans[l].ListedOnly
}

// Plan is the offer's listed price of plan l for its whole period (0:
// none listed).
func (d *OfferDetail) Plan(l ListedPlan) float64 { return *ListedPlans[l].Of(d) }

// HasPlan reports whether the offer lists a price for any plan.
func (d *OfferDetail) HasPlan() bool {
	for l := range ListedPlans {
		if *ListedPlans[l].Of(d) != 0 {
			return true
		}
	}
	return false
}

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
// chosen. The order of the price models (the panel's bars and detail, a recommendation's single price models), whether one is a
// hybrid and of which two (their names, the panel, the advisor's
// suggestions) and a plan's period (a commitment's term in the advisor's
// suggestions, a listed rent's period in its price) are read from this
// table. Otherwise the advisor's price rule prices each model and decides
// whether it may be chosen in its own code, which NeedsInterruptible and
// Rule only describe in words.
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
	{Name: PriceMonths3, PeriodHours: 3 * HoursPerMonth, Source: SourceListed, Rule: "a listed 3-month commitment"},
	{Name: PriceMonths6, PeriodHours: 6 * HoursPerMonth, Source: SourceListed, Rule: "a listed 6-month commitment"},
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
