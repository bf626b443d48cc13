package advisor

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/gpupick/gpupick/model"
)

// TrialSize is how many of the top offers a trial plan rents.
const TrialSize = 3

// DefaultTrialHours is how long a trial rents each candidate unless told.
const DefaultTrialHours = 1.0

// TrialMeasure is what a trial measures on each candidate and what it
// ranks them by: the resource the workload is bound by.
type TrialMeasure int

// The trial measures.
const (
	// MeasureCompute is the matmul TFLOPS (a memory-stated or diffusion
	// job), ranked by TFLOPS per unit of hourly price.
	MeasureCompute TrialMeasure = iota
	// MeasureDecode is a language model's decode speed per stream and its
	// first token (serving and batch generation): decoding reads the
	// weights and KV cache for every token, so it is ranked by memory
	// bandwidth per unit of hourly price.
	MeasureDecode
	// MeasureStep is a training run's step time, ranked by TFLOPS per unit
	// of hourly price.
	MeasureStep
	// MeasurePooling is an embedding model's inputs per second (a forward
	// pass, like prefill), ranked by TFLOPS per unit of hourly price.
	MeasurePooling
)

// TrialMeasureOf is the measure of the answers' workload.
func TrialMeasureOf(a model.Answers, preset *model.ModelPreset) TrialMeasure {
	switch {
	case a.Workload.Training():
		return MeasureStep
	case a.Workload == model.WorkloadEmbed || preset != nil && preset.IsEncoder():
		return MeasurePooling
	case a.Workload == model.WorkloadVRAM || preset != nil && preset.IsDiffusion():
		return MeasureCompute
	}
	return MeasureDecode
}

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
	// Saved marks the record's saved choice; FromRecord is set when the
	// ranking of today's catalog no longer lists it, so Rec is the
	// record's own copy (its prices as saved).
	Saved, FromRecord bool
	// PerPrice is the bound resource per unit of hourly price (GB/s of
	// memory bandwidth for MeasureDecode, TFLOPS otherwise, over all the
	// GPUs the configuration uses); 0 when the GPU's figure or the price
	// is unknown, which ranks the candidate last.
	PerPrice float64
}

// Trial is a plan to rent a few offers for a few hours each before
// committing: the candidates in the order the measure ranks them, the
// trial's total cost, and whether a candidate's cost is unknown (the
// total is then a lower bound).
type Trial struct {
	Hours      float64
	Currency   model.Currency
	Measure    TrialMeasure
	Candidates []TrialCandidate
	Total      float64
	Unknown    bool
	// Converted is true when a candidate's price was converted from
	// another currency.
	Converted bool
}

// sameOffer reports whether two recommendations rent the same thing.
func sameOffer(a, b *model.Recommendation) bool {
	return a.Provider == b.Provider && a.InstanceType == b.InstanceType && a.GPUCount == b.GPUCount && max(a.Nodes, 1) == max(b.Nodes, 1)
}

// PlanTrial plans a trial of TrialSize offers for hours each: the saved
// choice (nil for none) and the ranking's best others, ordered by the
// measure's resource per unit of hourly price (gpus gives each GPU's
// figures; an unknown figure ranks last). The saved choice is always in
// the trial: the ranking's row for it, or the record's copy when today's
// ranking does not list it.
func PlanTrial(res model.Result, saved *model.Recommendation, gpus map[string]model.GPU, measure TrialMeasure, hours float64) Trial {
	t := Trial{Hours: hours, Currency: res.Currency, Measure: measure}
	var picks []TrialCandidate
	if saved != nil {
		c := TrialCandidate{Rec: saved, Saved: true, FromRecord: true}
		for i := range res.Recommendations {
			if sameOffer(&res.Recommendations[i], saved) {
				c.Rec, c.FromRecord = &res.Recommendations[i], false
				break
			}
		}
		picks = append(picks, c)
	}
	for i := 0; i < len(res.Recommendations) && len(picks) < TrialSize; i++ {
		if r := &res.Recommendations[i]; saved == nil || !sameOffer(r, saved) {
			picks = append(picks, TrialCandidate{Rec: r})
		}
	}
	for _, c := range picks {
		r := c.Rec
		c.PriceModel, c.Hourly = r.PriceModel, r.Hourly
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
			c.PerPrice = boundResource(r, gpus, measure) / c.Hourly
		}
		t.Total += c.Cost
		t.Unknown = t.Unknown || c.Unknown
		t.Converted = t.Converted || r.Converted
		t.Candidates = append(t.Candidates, c)
	}
	// The measure's order; ties (and unknowns, 0) keep the ranking's.
	sort.SliceStable(t.Candidates, func(i, j int) bool { return t.Candidates[i].PerPrice > t.Candidates[j].PerPrice })
	return t
}

// boundResource is the resource the measure is bound by over the GPUs
// the recommendation uses: memory bandwidth (GB/s) for decoding, dense
// 16-bit tensor TFLOPS otherwise (the figure every GPU of the catalog is
// compared on); 0 when the catalog does not know the GPU's figure.
func boundResource(r *model.Recommendation, gpus map[string]model.GPU, m TrialMeasure) float64 {
	g, ok := gpus[r.GPU]
	if !ok {
		return 0
	}
	n := r.GPUsUsed
	if n <= 0 {
		n = r.GPUCount * max(r.Nodes, 1)
	}
	per := g.BF16TFLOPS
	if m == MeasureDecode {
		per = g.MemBandwidthGBs
	}
	return per * float64(n)
}

// trialPickKeys are the decision rule's pick sentences, by measure.
var trialPickKeys = [...]textKey{MeasureDecode: kTrialRulePickDecode, MeasureStep: kTrialRulePickStep, MeasurePooling: kTrialRulePickPooling, MeasureCompute: kTrialRulePickCompute}

// TrialRule returns the decision rule of a trial of measure m, a sentence
// a line, in lang ("zh" Chinese, else English).
func TrialRule(m TrialMeasure, lang string) []string {
	l := langOf(lang)
	var pick textKey // a measure of none of the constants: the zero key, as before
	if m >= 0 && int(m) < len(trialPickKeys) {
		pick = trialPickKeys[m]
	}
	keys := []textKey{kTrialRuleRun, kTrialRuleDrop, pick, kTrialRuleKeep}
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = l.f(k)
	}
	return out
}

// Expected is the figure the plan expects of the candidate on the trial's
// measure (from its Speed), beside which the measured one is read, in
// lang; "unknown …" when the speed was not estimated.
func (t Trial) Expected(c TrialCandidate, lang string) string {
	l := langOf(lang)
	s := c.Rec.Speed
	num := func(v float64) string { return model.FormatNumber(math.Round(v)) }
	switch {
	case t.Measure == MeasureDecode && s.DecodeTokensPerSec > 0:
		return l.f(kTrialExpectDecode, num(s.DecodeTokensPerSec), strconv.FormatFloat(s.TimeToFirstTokenSec, 'f', 2, 64))
	case t.Measure == MeasureStep && s.ThroughputTokensSec > 0:
		return l.f(kTrialExpectStep, num(s.ThroughputTokensSec), model.FormatPercent(s.Utilisation))
	case t.Measure == MeasurePooling && s.RequestsPerSec > 0:
		return l.f(kTrialExpectPooling, num(s.RequestsPerSec))
	case t.Measure == MeasureCompute && c.PerPrice > 0:
		return l.f(kTrialExpectCompute, num(c.PerPrice*c.Hourly))
	}
	return l.f(kTrialUnknownFigure)
}

// String is a one-line summary for debugging and test failures.
func (c TrialCandidate) String() string {
	if c.Rec == nil {
		return "-"
	}
	return fmt.Sprintf("%s %s %s %.2f/h → %.2f", c.Rec.Provider, c.Rec.InstanceType, c.PriceModel, c.Hourly, c.Cost)
}
