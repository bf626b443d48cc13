package advisor

import "github.com/gpupick/gpupick/model"

// Hard requirements (--interconnect, --hosting, --vcpu,
// --min-vcpus-per-gpu): an offer that fails one is left out. A fact the
// catalog does not know fails it (the worse case), counted apart so that a
// note can say how many were left out for unknown facts.

// Why an offer fails the hard requirements.
const (
	reqOK      uint8 = iota
	reqFail          // a known fact fails a requirement
	reqUnknown       // a fact a requirement needs is unknown
)

// hasRequirements reports whether any hard requirement is asked.
func hasRequirements(a *model.Answers) bool {
	return a.Interconnect != "" || a.Hosting != "" || a.VCPU != "" || a.MinVCPUsPerGPU > 0
}

// marketplace reports whether an offer is on a marketplace or community
// host.
func marketplace(o *model.Offer) bool {
	return o.Marketplace || o.VCPUType == model.VCPUMarketplace
}

// meetsRequirements checks one offer against the hard requirements.
func meetsRequirements(a *model.Answers, o *model.Offer) uint8 {
	out := reqOK
	worse := func(v uint8) {
		if v > out {
			out = v
		}
	}
	switch a.Interconnect {
	case model.ReqNVLink, model.ReqNVSwitch:
		switch {
		case o.Interconnect == model.InterconnectUnknown:
			worse(reqUnknown)
		case a.Interconnect == model.ReqNVSwitch && o.Interconnect != model.InterconnectNVSwitch,
			!o.Interconnect.HasNVLink():
			worse(reqFail)
		}
	}
	if a.Hosting == model.ReqDatacenter && marketplace(o) {
		worse(reqFail)
	}
	if a.VCPU == model.ReqDedicated {
		switch o.VCPUType {
		case model.VCPUDedicated:
		case model.VCPUUnknown:
			worse(reqUnknown)
		default:
			worse(reqFail)
		}
	}
	if a.MinVCPUsPerGPU > 0 {
		switch {
		case o.VCPUs <= 0 || o.GPUCount <= 0:
			worse(reqUnknown)
		case o.VCPUs/float64(o.GPUCount) < float64(a.MinVCPUsPerGPU):
			worse(reqFail)
		}
	}
	return out
}

// markRequirements works out, once per call, which offers fail the hard
// requirements (nil when none is asked).
func (fe *feasibility) markRequirements() {
	if !hasRequirements(fe.a) {
		fe.reqOut = fe.reqOut[:0]
		return
	}
	fe.reqOut = grow(fe.reqOut, len(fe.cat.Offers))
	for i := range fe.cat.Offers {
		fe.reqOut[i] = meetsRequirements(fe.a, &fe.cat.Offers[i])
	}
}

// margin is the headroom safety margin: the answer, or 10%.
func (fe *feasibility) margin() float64 {
	if fe.a.HeadroomPct > 0 {
		return float64(fe.a.HeadroomPct) / 100
	}
	return defaultMargin
}

// offerFacts fills the facts of an offer a recommendation reports: the
// GPU-to-GPU link ("unknown" when undocumented), the hosting
// ("marketplace" or "datacenter") and the vCPU type ("unknown" when
// undocumented).
func offerFacts(o *model.Offer, rec *model.Recommendation) {
	rec.Interconnect = string(o.Interconnect)
	if rec.Interconnect == "" {
		rec.Interconnect = "unknown"
	}
	rec.Hosting = model.HostingDatacenter
	if marketplace(o) {
		rec.Hosting = model.HostingMarketplace
	}
	rec.VCPUType = string(o.VCPUType)
	if rec.VCPUType == "" {
		rec.VCPUType = "unknown"
	}
}
