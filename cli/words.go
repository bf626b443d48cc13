package cli

import (
	"strings"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// The words of values in the CLI's text output (recommend, plan, models).
// English prints each value as the JSON, the record and the flags spell it
// ("on-demand", "1mo", "inference"), so the English table reads the same as
// before; Chinese prints the words of cliTexts. JSON and TOML output keep
// the English values: they are machine-readable.

// Each name function below switches on the value for its message and
// returns the value itself when it has none (a value added later prints
// as it is, in English, rather than not at all). A switch, not a map: a
// map literal at package level is built on every start (issue 26), and
// the compiler refuses a value given twice as it refuses a map's key.

// The names of the domain's values are model's (model/names.go): the
// workloads, the price models and the memory parts print as their ids in
// English and their model names in Chinese.

// partName is a memory part's name in lang.
func partName(name, lang string) string { return model.PartName(name).In(isZH(lang)) }

// workloadName is a workload's name in lang.
func workloadName(w model.Workload, lang string) string { return idOr(string(w), w.Name(), lang) }

// priceModelName is a price model's name in lang: its id in English, its
// Chinese name in Chinese (a hybrid's two parts joined by "+": the 1-year
// and the spot names for hybrid-1yr+spot).
func priceModelName(p model.PriceModel, lang string) string { return idOr(string(p), p.Name(), lang) }

// idOr is a value's id in English and its Chinese name in Chinese.
func idOr(id string, n model.Name, lang string) string {
	if isZH(lang) {
		return n.ZH
	}
	return id
}

// durationIn is model.FormatDuration(h) in lang (model.FormatDurationIn).
func durationIn(h float64, lang string) string { return model.FormatDurationIn(h, isZH(lang)) }

// unitsIn is s, a figure and a time unit, in lang (model.UnitsIn).
func unitsIn(s, lang string) string { return model.UnitsIn(s, isZH(lang)) }

// budgetIn is a budget as model.Budget.String writes it ("$3000/mo"), the
// period in lang.
func budgetIn(b model.Budget, lang string) string { return b.Text(isZH(lang)) }

// className is a provider class of a run's set-up time
// (model.SetupTime.Class) in lang.
func className(c, lang string) string {
	switch c {
	case "container":
		return tClassContainer.in(lang)
	case "hyperscaler-vm":
		return tClassHyperscaler.in(lang)
	case "neocloud-vm":
		return tClassNeocloud.in(lang)
	}
	return c
}

// originIn is a catalog origin in lang ("embedded+overlay"), each
// "+"-joined word named by model.OriginName; an origin that is a file's
// name stays as it is.
func originIn(origin, lang string) string {
	parts := strings.Split(origin, "+")
	for i, p := range parts {
		parts[i] = model.OriginName(p).In(isZH(lang))
	}
	return strings.Join(parts, "+")
}

// severityName is a warning's severity in lang.
func severityName(s model.Severity, lang string) string {
	switch s {
	case model.SeverityInfo:
		return tSevInfo.in(lang)
	case model.SeverityWarn:
		return tSevWarn.in(lang)
	case model.SeverityCritical:
		return tSevCritical.in(lang)
	}
	return string(s)
}

// isZH reports whether lang is Chinese (the rule of cliMsg.in).
func isZH(lang string) bool { return text.LangOf(lang) == text.ZH }

// linkName is an offer's interconnect (model.Interconnect) in lang
// ("unknown" when not known).
func linkName(l model.Interconnect, lang string) string {
	switch l {
	case model.InterconnectUnknown:
		return tUnknown.in(lang)
	case model.InterconnectNVSwitch:
		return tLinkNVSwitch.in(lang)
	case model.InterconnectNVLink:
		return tLinkNVLink.in(lang)
	case model.InterconnectPCIe:
		return tLinkPCIe.in(lang)
	case model.InterconnectSingle:
		return tLinkSingle.in(lang)
	case model.InterconnectInfinityFabric:
		return tLinkInfinityFabric.in(lang)
	}
	return string(l)
}

// vcpuName is an offer's kind of host CPU (model.VCPUType) in lang
// ("unknown" when not known).
func vcpuName(v model.VCPUType, lang string) string {
	switch v {
	case model.VCPUUnknown:
		return tUnknown.in(lang)
	case model.VCPUDedicated:
		return tVCPUDedicated.in(lang)
	case model.VCPUShared:
		return tVCPUShared.in(lang)
	case model.VCPUBurstable:
		return tVCPUBurstable.in(lang)
	case model.VCPUContainer:
		return tVCPUContainer.in(lang)
	case model.VCPUMarketplace:
		return tVCPUMarketplace.in(lang)
	case model.VCPUGPUFraction:
		return tVCPUGPUFraction.in(lang)
	}
	return string(v)
}

// triName is a yes/no/unknown fact in lang (model.Tri.String in English).
func triName(t model.Tri, lang string) string {
	switch t {
	case model.Yes:
		return tCatYes.in(lang)
	case model.No:
		return tCatNo.in(lang)
	case model.Unknown:
		return tUnknown.in(lang)
	}
	return t.String()
}

// billingName is the billing granularity of a provider's policy
// (model.Policy.BillingGranularity) in lang; another prints as the data
// spells it.
func billingName(b, lang string) string {
	switch b {
	case "per-second":
		return tCatPerSecond.in(lang)
	case "per-minute":
		return tCatPerMinute.in(lang)
	case "hourly":
		return tCatHourly.in(lang)
	}
	return b
}

// formName is the form factor of an offer's GPUs in lang
// (model.OfferDetail.FormFactor: "SXM", "PCIe" or "other"): the one that is
// a word rather than a name, "other", is translated.
func formName(f, lang string) string {
	if f == "other" {
		return tCatFormOther.in(lang)
	}
	return f
}
