package advisor

import (
	"fmt"
	"math"

	"github.com/gpupick/gpupick/model"
)

// TrialSize is how many of the top offers a trial plan rents.
const TrialSize = 3

// DefaultTrialHours is how long a trial rents each candidate unless told.
const DefaultTrialHours = 1.0

// TrialCandidate is one offer of a trial plan: the price model it is rented
// on for the trial and what that costs, in the display currency.
type TrialCandidate struct {
	Rec *model.Recommendation
	// PriceModel is how the trial pays: the chosen model when it is by the
	// hour (on-demand, spot), else on-demand, since nobody commits to a
	// term or a monthly plan to try a machine for an hour.
	PriceModel model.PriceModel
	// Hourly and Cost are in the display currency; Unknown marks a
	// candidate without an hourly price under PriceModel (its cost is 0
	// and is not counted in the total).
	Hourly, Cost float64
	Unknown      bool
}

// Trial is a plan to rent the top offers for a few hours each before
// committing: the candidates, the trial's total cost, and whether a
// candidate's cost is unknown (the total is then a lower bound).
type Trial struct {
	Hours      float64
	Currency   model.Currency
	Candidates []TrialCandidate
	Total      float64
	Unknown    bool
	// Converted is true when a candidate's price was converted from
	// another currency.
	Converted bool
}

// PlanTrial plans a trial of the first TrialSize offers of a ranking (its
// order: the advisor's best first) for hours each.
func PlanTrial(res model.Result, hours float64) Trial {
	t := Trial{Hours: hours, Currency: res.Currency}
	for i := 0; i < len(res.Recommendations) && i < TrialSize; i++ {
		r := &res.Recommendations[i]
		c := TrialCandidate{Rec: r, PriceModel: r.PriceModel, Hourly: r.Hourly}
		if r.PriceModel != model.PriceOnDemand && r.PriceModel != model.PriceSpot {
			c.PriceModel, c.Hourly = model.PriceOnDemand, 0
			for _, q := range r.PriceModels {
				if q.Name == model.PriceOnDemand {
					c.Hourly = q.Hourly
				}
			}
		}
		if c.Hourly <= 0 || math.IsNaN(c.Hourly) || math.IsInf(c.Hourly, 0) {
			c.Hourly, c.Unknown = 0, true
		} else {
			c.Cost = c.Hourly * hours
		}
		t.Total += c.Cost
		t.Unknown = t.Unknown || c.Unknown
		t.Converted = t.Converted || r.Converted
		t.Candidates = append(t.Candidates, c)
	}
	return t
}

// trialRule is the rule that turns the trial's results into a choice, a
// sentence a line.
var trialRule = []textKey{kTrialRuleRun, kTrialRuleDrop, kTrialRulePick, kTrialRuleKeep}

// TrialRule returns the decision rule of a trial, a sentence a line, in
// lang ("zh" Chinese, else English).
func TrialRule(lang string) []string {
	l := langOf(lang)
	out := make([]string, len(trialRule))
	for i, k := range trialRule {
		out[i] = l.f(k)
	}
	return out
}

// String is a one-line summary for debugging and test failures.
func (c TrialCandidate) String() string {
	if c.Rec == nil {
		return "-"
	}
	return fmt.Sprintf("%s %s %s %.2f/h → %.2f", c.Rec.Provider, c.Rec.InstanceType, c.PriceModel, c.Hourly, c.Cost)
}
