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

// wordOf returns the text of a value in lang: the message the value maps
// to, or the value itself when it has none (a value added later prints as
// it is, in English, rather than not at all).
func wordOf[K comparable](words map[K]cliMsg, v K, s, lang string) string {
	if m, ok := words[v]; ok {
		return m.in(lang)
	}
	return s
}

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

// classWords are the provider classes of a run's set-up time
// (model.SetupTime.Class).
var classWords = map[string]cliMsg{
	"container": tClassContainer, "hyperscaler-vm": tClassHyperscaler, "neocloud-vm": tClassNeocloud,
}

// className is a set-up class in lang.
func className(c, lang string) string { return wordOf(classWords, c, c, lang) }

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

// severityWords are the severities of a warning.
var severityWords = map[model.Severity]cliMsg{
	model.SeverityInfo: tSevInfo, model.SeverityWarn: tSevWarn, model.SeverityCritical: tSevCritical,
}

// severityName is a warning's severity in lang.
func severityName(s model.Severity, lang string) string {
	return wordOf(severityWords, s, string(s), lang)
}

// isZH reports whether lang is Chinese (the rule of cliMsg.in).
func isZH(lang string) bool { return text.LangOf(lang) == text.ZH }

// linkWords are the interconnects of an offer (model.Interconnect).
var linkWords = map[model.Interconnect]cliMsg{
	model.InterconnectNVSwitch: tLinkNVSwitch, model.InterconnectNVLink: tLinkNVLink, model.InterconnectPCIe: tLinkPCIe,
	model.InterconnectSingle: tLinkSingle, model.InterconnectInfinityFabric: tLinkInfinityFabric,
}

// linkName is an interconnect in lang ("unknown" when not known).
func linkName(l model.Interconnect, lang string) string {
	if l == model.InterconnectUnknown {
		return tUnknown.in(lang)
	}
	return wordOf(linkWords, l, string(l), lang)
}

// vcpuWords are the kinds of host CPU of an offer (model.VCPUType).
var vcpuWords = map[model.VCPUType]cliMsg{
	model.VCPUDedicated: tVCPUDedicated, model.VCPUShared: tVCPUShared, model.VCPUBurstable: tVCPUBurstable,
	model.VCPUContainer: tVCPUContainer, model.VCPUMarketplace: tVCPUMarketplace, model.VCPUGPUFraction: tVCPUGPUFraction,
}

// vcpuName is a kind of host CPU in lang ("unknown" when not known).
func vcpuName(v model.VCPUType, lang string) string {
	if v == model.VCPUUnknown {
		return tUnknown.in(lang)
	}
	return wordOf(vcpuWords, v, string(v), lang)
}

// triWords are the words of a fact that may be unknown (model.Tri.String).
var triWords = map[model.Tri]cliMsg{model.Yes: tCatYes, model.No: tCatNo, model.Unknown: tUnknown}

// triName is a yes/no/unknown fact in lang.
func triName(t model.Tri, lang string) string { return wordOf(triWords, t, t.String(), lang) }

// billingWords are the billing granularities of a provider's policy
// (model.Policy.BillingGranularity); another prints as the data spells it.
var billingWords = map[string]cliMsg{"per-second": tCatPerSecond, "per-minute": tCatPerMinute, "hourly": tCatHourly}

// billingName is a billing granularity in lang.
func billingName(b, lang string) string { return wordOf(billingWords, b, b, lang) }

// formWords are the form factors of an offer's GPUs that are words rather
// than names (model.OfferDetail.FormFactor: "SXM", "PCIe" or "other").
var formWords = map[string]cliMsg{"other": tCatFormOther}

// formName is an offer's form factor in lang.
func formName(f, lang string) string { return wordOf(formWords, f, f, lang) }
