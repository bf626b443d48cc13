package model

import "strings"

// SuggestKind is the lever a suggestion pulls: what it changes in the
// answers.
type SuggestKind string

// The levers a suggestion may pull, from what the advisor tries.
const (
	// SuggestPrecision narrows the weights (FP8, INT8, INT4).
	SuggestPrecision SuggestKind = "precision"
	// SuggestWorkload trains adapters instead (LoRA, QLoRA).
	SuggestWorkload SuggestKind = "workload"
	// SuggestContext shortens the context.
	SuggestContext SuggestKind = "context"
	// SuggestBatch serves fewer users at once (or a smaller micro-batch).
	SuggestBatch SuggestKind = "batch"
	// SuggestCommitment rents for a longer term, so that a monthly plan
	// or a 1- or 3-year commitment applies.
	SuggestCommitment SuggestKind = "commitment"
	// SuggestSpot allows spot capacity.
	SuggestSpot SuggestKind = "spot"
	// SuggestSharding shards the training state (ZeRO-3 / FSDP).
	SuggestSharding SuggestKind = "sharding"
	// SuggestRecompute turns gradient checkpointing on.
	SuggestRecompute SuggestKind = "recompute"
	// SuggestGPUs, SuggestGPU, SuggestProviders, SuggestExclude and
	// SuggestRegions drop a filter the user set.
	SuggestGPUs      SuggestKind = "gpus"
	SuggestGPU       SuggestKind = "gpu"
	SuggestProviders SuggestKind = "providers"
	SuggestExclude   SuggestKind = "exclude-providers"
	SuggestRegions   SuggestKind = "regions"
	// SuggestCombined pulls several of the levers above at once.
	SuggestCombined SuggestKind = "combined"
)

// AnswerChange is one answer a suggestion changes, as the user gives it:
// the answer, its flag name and the new value in the form the answer's
// parser reads ("" clears the answer: any provider, no filter).
type AnswerChange struct {
	Answer AnswerID `json:"-" toml:"-"`
	Flag   string   `json:"flag" toml:"flag"`
	Value  string   `json:"value" toml:"value"`
}

// ChangeOf is the change of answer id to its value in a (the registry's
// formatter writes it).
func ChangeOf(id AnswerID, a *Answers) AnswerChange {
	s := Spec(id)
	return AnswerChange{Answer: id, Flag: s.Name, Value: s.Format(a)}
}

// Arg is the change as a command-line argument: "--precision int8",
// "--interruptible", and for a cleared answer the flag with an empty
// quoted value. It reads the answer from the flag, so that a change read
// back from JSON (without its Answer) writes the same.
func (c AnswerChange) Arg() string {
	if s, ok := SpecByName(c.Flag); ok && s.Bool {
		if c.Value == FormatYesNo(true) {
			return "--" + c.Flag
		}
		return "--" + c.Flag + "=" + c.Value
	}
	v := c.Value
	if v == "" || strings.ContainsAny(v, " \t'\"$&|;<>()*?") {
		v = "'" + v + "'"
	}
	return "--" + c.Flag + " " + v
}

// Args is the changes as command-line arguments, separated by spaces.
func Args(cs []AnswerChange) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Arg()
	}
	return strings.Join(parts, " ")
}

// Suggestion is a change to the answers that would make the job fit the
// budget or the hardware, priced by ranking the catalog again with the
// change: its figures are those of the first recommendation under the
// changed answers.
type Suggestion struct {
	// Kind is the lever; Changes the answers it changes, as typed.
	Kind    SuggestKind    `json:"kind" toml:"kind"`
	Changes []AnswerChange `json:"changes" toml:"changes"`
	// Change says the change in a sentence ("use int8 precision"); Effect
	// what it reaches ("needs 12 GiB; #1 ... ¥2,500 for the run, keeps
	// the budget"); Caveat what it gives up (quality, lock-in,
	// interruptions), "" when nothing.
	Change string `json:"change" toml:"change"`
	Effect string `json:"effect" toml:"effect"`
	Caveat string `json:"caveat,omitempty" toml:"caveat,omitempty"`
	// TotalUSD and Total are the all-in total of the run of the first
	// recommendation under the change (USD, display currency); 0 when the
	// run's length is unknown. Spend is what the budget compares, in the
	// display currency (Budget.Spend: a month's share of a longer run for
	// a monthly budget, the GPUs' hourly rate for an hourly one).
	TotalUSD float64 `json:"total_usd" toml:"total_usd"`
	Total    float64 `json:"total" toml:"total"`
	Spend    float64 `json:"spend,omitempty" toml:"spend,omitempty"`
	// WithinBudget is false for a change that brings the cost closer to the
	// budget without meeting it.
	WithinBudget bool `json:"within_budget" toml:"within_budget"`
	// The offer that ranks first under the change, its configuration and
	// price model, and whether it meets the latency class.
	Provider     string     `json:"provider" toml:"provider"`
	InstanceType string     `json:"instance_type" toml:"instance_type"`
	GPU          string     `json:"gpu" toml:"gpu"`
	GPUCount     int        `json:"gpu_count" toml:"gpu_count"`
	Nodes        int        `json:"nodes" toml:"nodes"`
	PriceModel   PriceModel `json:"price_model" toml:"price_model"`
	MeetsLatency bool       `json:"meets_latency" toml:"meets_latency"`
	// Relaxes lists the flags of the constraints the user set that the
	// change drops (a provider, region or GPU filter): a suggestion that
	// relaxes none keeps every one.
	Relaxes []string `json:"relaxes,omitempty" toml:"relaxes,omitempty"`
}

// Spend is what a budget of this period compares for a run: for an hourly
// budget the GPUs' cost per hour of use (gpuTotal over runHours), for a
// monthly one the all-in cost of a month (a month's share of a run longer
// than a month, the whole cost of a shorter one), for a total budget the
// all-in cost. It is 0 when the figures it needs are unknown.
func (b Budget) Spend(gpuTotal, allIn, runHours, calHours float64) float64 {
	switch b.Period {
	case BudgetHourly:
		if runHours <= 0 {
			return 0
		}
		return gpuTotal / runHours
	case BudgetMonthly:
		if calHours > HoursPerMonth {
			return allIn * HoursPerMonth / calHours
		}
	}
	return allIn
}
