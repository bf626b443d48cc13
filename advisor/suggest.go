package advisor

import (
	"math"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// variant is a change to the answers that may make the job fit.
type variant struct {
	a      model.Answers
	change string
}

// variants lists the changes worth trying: a lower precision (or adapters
// instead of full training), a shorter context, fewer concurrent streams,
// spot capacity, sharding or recomputation, and dropping filters.
func (c *call) variants() []variant {
	a, l := c.a, c.l
	var vs []variant
	add := func(v model.Answers, key textKey, args ...any) {
		vs = append(vs, variant{a: v, change: l.f(key, args...)})
	}
	switch a.Workload {
	case model.WorkloadInference, model.WorkloadLoRA:
		below := false
		for _, pr := range model.Precisions {
			if below {
				v := a
				v.Precision = pr
				add(v, kSugPrecision, string(pr))
			}
			below = below || pr == a.Precision
		}
		if a.Workload == model.WorkloadLoRA {
			v := a
			v.Workload = model.WorkloadQLoRA
			add(v, kSugWorkload, string(model.WorkloadQLoRA))
		}
	case model.WorkloadFineTune:
		for _, w := range []model.Workload{model.WorkloadLoRA, model.WorkloadQLoRA} {
			v := a
			v.Workload = w
			add(v, kSugWorkload, string(w))
		}
	}
	if a.Workload != model.WorkloadVRAM && a.Context > 2048 {
		v := a
		v.Context = a.Context / 2
		add(v, kSugContext, model.FormatContext(v.Context))
	}
	if a.Workload != model.WorkloadVRAM && a.Batch > 1 {
		v := a
		v.Batch = a.Batch / 2
		add(v, kSugBatch, v.Batch)
	}
	if !a.Interruptible {
		v := a
		v.Interruptible = true
		add(v, kSugSpot)
	}
	if a.Workload.Training() {
		if a.Sharding != "" && a.Sharding != "zero3" && a.Sharding != "fsdp" {
			v := a
			v.Sharding = "zero3"
			add(v, kSugSharding)
		}
		if !a.GradCheckpointing {
			v := a
			v.GradCheckpointing = true
			add(v, kSugRecompute)
		}
	}
	if a.GPUs > 0 {
		v := a
		v.GPUs = 0
		add(v, kSugAnyCount)
	}
	if a.GPU != "" {
		v := a
		v.GPU = ""
		add(v, kSugAnyGPU, a.GPU)
	}
	if len(a.Providers) > 0 || len(a.Regions) > 0 {
		v := a
		v.Providers, v.Regions = nil, nil
		add(v, kSugAnyProvider)
	}
	// All the cost levers at once: the narrowest precision (or QLoRA),
	// half the context, spot.
	v := a
	var parts []string
	switch a.Workload {
	case model.WorkloadInference, model.WorkloadLoRA:
		if a.Precision != model.INT4 {
			v.Precision = model.INT4
			parts = append(parts, l.f(kSugPrecision, string(model.INT4)))
		}
	case model.WorkloadFineTune:
		v.Workload = model.WorkloadQLoRA
		parts = append(parts, l.f(kSugWorkload, string(model.WorkloadQLoRA)))
	}
	if a.Workload != model.WorkloadVRAM && a.Context > 2048 {
		v.Context = a.Context / 2
		parts = append(parts, l.f(kSugContext, model.FormatContext(v.Context)))
	}
	if !a.Interruptible {
		v.Interruptible = true
		parts = append(parts, l.f(kSugSpot))
	}
	if len(parts) > 1 {
		vs = append(vs, variant{a: v, change: strings.Join(parts, l.f(kSugAnd))})
	}
	return vs
}

// suggest tries each variant and reports those that help, with the memory
// needed and the cheapest total reached: when the job fits but not the
// budget, changes that meet the budget and, failing that, changes that
// bring the cost closer to it (baseline is the cheapest cost now); when
// nothing fits, changes that make the job fit.
func (c *call) suggest(anyFit bool, baseline float64) []model.Suggestion {
	var out []model.Suggestion
	var vc *call
	type outcome struct {
		idx  int32
		cost float64
	}
	seen := map[outcome]bool{}
	for _, v := range c.variants() {
		vc = reuseCall(vc, c.eng, v.a, langSilent)
		if !vc.p.sized {
			continue
		}
		vc.fast = true
		cs := trim(vc.scan(1, false))
		if len(cs) == 0 {
			continue
		}
		best := cs[0]
		if anyFit && (best.tier() == 2 || best.over() != 0 && !(best.cost < baseline*0.999)) {
			continue
		}
		// Variants come mildest first: a stronger change that reaches the
		// same offer at the same cost adds nothing.
		key := outcome{best.idx, math.Round(best.cost*100) / 100}
		if seen[key] {
			continue
		}
		seen[key] = true
		o := &c.cat.Offers[best.idx]
		sr := &vc.shapes[vc.ix.rows[best.row].shape]
		cost := best.cost
		effect := ""
		switch {
		case cost > 0 && cost < 1e300:
			effect = c.l.f(kSugEffect, vc.p.req.VRAMGiB, o.Provider, o.InstanceType, c.l.nodes(sr.nodes), money(c.disp, cost*c.usdDisp))
		default:
			effect = c.l.f(kSugEffectNoTotal, vc.p.req.VRAMGiB, o.Provider, o.InstanceType, c.l.nodes(sr.nodes))
			cost = 0
		}
		within := best.over() == 0 && c.budgetUSD > 0
		if best.over() != 0 && c.budgetUSD > 0 {
			effect += c.l.f(kSugStillOver)
		}
		out = append(out, model.Suggestion{Change: v.change, Effect: effect, TotalUSD: cost, WithinBudget: within})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].WithinBudget != out[j].WithinBudget {
			return out[i].WithinBudget
		}
		ti, tj := out[i].TotalUSD, out[j].TotalUSD
		if (ti == 0) != (tj == 0) {
			return tj == 0
		}
		return ti < tj
	})
	return out
}
