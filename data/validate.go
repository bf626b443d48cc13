package data

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// maxValidateErrors bounds how many problems Validate lists.
const maxValidateErrors = 20

// Validate checks a catalog's consistency and returns every problem it
// finds (up to 20), each naming the offer, GPU, policy or rate and the
// field: unique provider/instance keys, non-negative finite numbers,
// price ranges in order, known enum values and currencies, a dated rate for
// every currency in use, GPUs named by offers present in the GPU table,
// NVLink claimed only for GPUs that have it, and a region table of unique
// rows with ISO country codes and groups whose names are their own.
func Validate(cat *model.Catalog) error {
	if cat == nil {
		return errors.New("catalog: nil")
	}
	var errs []error
	bad := func(format string, args ...any) {
		if len(errs) < maxValidateErrors {
			errs = append(errs, fmt.Errorf(format, args...))
		}
	}
	for _, fx := range cat.FX {
		if err := checkFX(fx); err != nil {
			bad("%v", err)
		}
	}
	keys := make(map[string]bool, len(cat.Offers))
	for i := range cat.Offers {
		o := &cat.Offers[i]
		checkOffer(cat, o, bad)
		if keys[o.Key()] {
			bad("offer %s: appears twice (provider and instance type must be unique)", o.Key())
		}
		keys[o.Key()] = true
	}
	for name, g := range cat.GPUs {
		if g.Name != name {
			bad("gpu %q: listed under %q", g.Name, name)
		}
		for _, f := range []struct {
			field string
			v     float64
		}{{"vram_gib", g.VRAMGiB}, {"mem_bandwidth_gbs", g.MemBandwidthGBs}, {"fp32_tflops", g.FP32TFLOPS},
			{"bf16_tflops", g.BF16TFLOPS}, {"fp8_tflops", g.FP8TFLOPS}, {"int8_tops", g.INT8TOPS}} {
			if !finiteNonNeg(f.v) {
				bad("gpu %q: %s %v: must be a non-negative number (0 = unknown)", name, f.field, f.v)
			}
		}
	}
	for key, p := range cat.Policies {
		if p.Provider != key {
			bad("policy %q: listed under %q", p.Provider, key)
		}
		if p.Currency != "" && p.Currency != model.USD && p.Currency != model.CNY {
			bad("policy %s: currency %q: want USD or CNY", key, p.Currency)
		}
		for _, d := range []struct {
			field string
			d     model.Discount
		}{{"commit_1y", p.Commit1y}, {"commit_3y", p.Commit3y}, {"commit_max", p.CommitMax},
			{"commit_monthly", p.CommitMonthly}, {"spot_discount_max", p.SpotDiscountMax}, {"spot_discount_min", p.SpotDiscountMin}} {
			if !(d.d.Fraction >= 0 && d.d.Fraction < 1) {
				bad("policy %s: %s fraction %v: must be at least 0 and below 1 (0.3 = 30%% off)", key, d.field, d.d.Fraction)
			}
		}
		if lo, hi := p.SpotDiscountMin.Fraction, p.SpotDiscountMax.Fraction; lo > 0 && !(lo < hi) {
			bad("policy %s: spot_discount_min %v is not below spot_discount_max %v (a range: the least discount first)", key, lo, hi)
		}
		for _, t := range p.EgressTiers {
			if !finiteNonNeg(t.PerGB) || !finiteNonNeg(t.UpToGB) {
				bad("policy %s: egress tier %+v: negative or not a number", key, t)
			}
		}
	}
	checkPlaces(cat, bad)
	seen := map[string]bool{}
	for _, m := range cat.Models {
		if m.Name == "" || seen[m.Name] {
			bad("model %q: empty or repeated name", m.Name)
		}
		seen[m.Name] = true
		if m.CheckpointPrecision != "" && !slices.Contains(model.Precisions, m.CheckpointPrecision) {
			bad("model %s: checkpoint_precision %q: want one of %s, or blank when unknown", m.Name, m.CheckpointPrecision, strings.Join(precisionNames(), ", "))
		}
	}
	return errors.Join(errs...)
}

// precisionNames are the concrete precisions' names.
func precisionNames() []string {
	out := make([]string, len(model.Precisions))
	for i, p := range model.Precisions {
		out[i] = string(p)
	}
	return out
}

// finiteNonNeg reports whether v is a finite number >= 0.
func finiteNonNeg(v float64) bool { return v >= 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

// checkOffer checks one offer.
func checkOffer(cat *model.Catalog, o *model.Offer, bad func(string, ...any)) {
	k := o.Key()
	if o.Provider == "" || o.Provider != strings.ToLower(o.Provider) || strings.ContainsAny(o.Provider, " /\t") {
		bad("offer %s: provider %q: want a lower-case key such as aws", k, o.Provider)
	}
	if strings.TrimSpace(o.InstanceType) == "" {
		bad("offer %s: empty instance_type", k)
	}
	type field struct {
		field string
		v     float64
	}
	fields := append(make([]field, 0, 7+model.NumListedPlans),
		field{"vram_gib", o.VRAMGiB}, field{"vcpus", o.VCPUs}, field{"memory_gib", o.MemoryGiB},
		field{"on_demand_hourly", o.OnDemand}, field{"on_demand_hourly_max", o.Detail().OnDemandMax},
		field{"spot_hourly", o.Spot}, field{"spot_hourly_max", o.Detail().SpotMax})
	for l := range model.NumListedPlans {
		fields = append(fields, field{model.ListedPlans[l].Key, o.Detail().Plan(l)})
	}
	for _, f := range fields {
		if !finiteNonNeg(f.v) {
			bad("offer %s: %s %v: must be a non-negative number (0 = unknown)", k, f.field, f.v)
		}
	}
	if o.GPUCount < 0 || o.GPUCount > maxSkyCount {
		bad("offer %s: gpu_count %d: must be between 1 and %d (0 = unknown)", k, o.GPUCount, maxSkyCount)
	}
	if o.GPUFraction < 0 || o.GPUFraction > 1 {
		bad("offer %s: gpu_fraction %v: must be a share of one GPU (0 to 1)", k, o.GPUFraction)
	}
	if o.Detail().OnDemandMax != 0 && o.Detail().OnDemandMax < o.OnDemand {
		bad("offer %s: on_demand_hourly_max %v is below on_demand_hourly %v", k, o.Detail().OnDemandMax, o.OnDemand)
	}
	if o.Detail().SpotMax != 0 && o.Detail().SpotMax < o.Spot {
		bad("offer %s: spot_hourly_max %v is below spot_hourly %v", k, o.Detail().SpotMax, o.Spot)
	}
	switch o.Currency {
	case model.USD:
	case model.CNY:
		if _, ok := cat.Rate(model.CNY, model.USD); !ok {
			bad("offer %s: priced in CNY but the catalog has no USD/CNY rate", k)
		}
	default:
		bad("offer %s: currency %q: want USD or CNY", k, o.Currency)
	}
	switch o.Interconnect {
	case model.InterconnectUnknown, model.InterconnectNVSwitch, model.InterconnectNVLink, model.InterconnectPCIe, model.InterconnectSingle, model.InterconnectInfinityFabric:
	default:
		bad("offer %s: interconnect %q: want nvswitch, nvlink, infinity-fabric, pcie, single or empty", k, o.Interconnect)
	}
	switch o.VCPUType {
	case model.VCPUUnknown, model.VCPUDedicated, model.VCPUShared, model.VCPUBurstable, model.VCPUContainer, model.VCPUMarketplace, model.VCPUGPUFraction:
	default:
		bad("offer %s: vcpu_type %q: want dedicated, shared, burstable, container, marketplace, gpu-fraction or empty", k, o.VCPUType)
	}
	switch o.Detail().FormFactor {
	case "", "SXM", "PCIe", "other":
	default:
		bad("offer %s: form_factor %q: want SXM, PCIe, other or empty", k, o.Detail().FormFactor)
	}
	if o.PriceDate != "" && !dateRe.Get().MatchString(o.PriceDate) {
		bad("offer %s: price_date %q: want YYYY-MM-DD", k, o.PriceDate)
	}
	if o.GPU != "" {
		g, ok := cat.GPUs[o.GPU]
		if !ok {
			bad("offer %s: gpu %q is not in the GPU table", k, o.GPU)
		} else if g.NVLink == model.No && o.Interconnect.HasNVLink() {
			bad("offer %s: interconnect %s, but the %s has no NVLink", k, o.Interconnect, o.GPU)
		} else if o.Interconnect == model.InterconnectInfinityFabric && g.Vendor != "AMD" {
			bad("offer %s: interconnect %s, but the %s is not an AMD GPU", k, o.Interconnect, o.GPU)
		}
	}
	if o.Host != nil {
		if !o.Marketplace {
			bad("offer %s: a marketplace host's facts (host_* columns) on an offer not marked marketplace", k)
		}
		if err := o.Host.Check(); err != nil {
			bad("offer %s: %v", k, err)
		}
	}
	if len(o.Sources) == 0 {
		bad("offer %s: no source (every offer cites where its facts came from)", k)
	}
}
