package model

import (
	"strings"
)

// filterAnswers are the registry's entries for the filters: which GPUs, how many, which providers and regions, and the hard requirements of the instance.
var filterAnswers = []AnswerSpec{
	{
		ID: AnsGPU, Name: "gpu", Key: "gpu", Forms: FormsGPU, Blank: BlankAny,
		Usage:     "only this GPU, e.g. H100, A100-80GB, RTX4090",
		Questions: []Question{{Key: "gpu", Section: SectionScale, Pos: 10, Kind: AskText}},
		parse: func(raw string, a *Answers, env *AnswerEnv) error {
			q := strings.TrimSpace(raw)
			if env.known() && env.matchGPU != nil {
				ok := false
				for _, g := range env.gpuList() {
					if env.matchGPU(q, g) {
						ok = true
						break
					}
				}
				if !ok {
					e := newErr("", short(q, maxEcho), ReasonUnknown, tx("no offer has a GPU matching it"), tx("use a GPU name such as H100, A100-80GB or RTX4090 (gpupick catalog list shows them)"))
					e.Candidates = Closest(q, env.gpuList(), 3)
					return e
				}
			}
			a.GPU = q
			return nil
		},
		clear:  func(a *Answers) { a.GPU = "" },
		Format: func(a *Answers) string { return a.GPU },
		check: func(a *Answers) error {
			if strings.ContainsFunc(a.GPU, isControl) || len(a.GPU) > 200 {
				return newErr("", short(a.GPU, maxEcho), ReasonForm, tx("not a GPU name"), use(FormsGPU))
			}
			return nil
		},
	},
	{
		ID: AnsGPUs, Name: "gpus", Key: "gpus", Forms: "a whole number from 1 to 1024, or blank for any", Blank: BlankAny,
		Usage:     "the GPUs per node",
		Questions: []Question{{Key: "gpus", Section: SectionScale, Pos: 20, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.GPUs, err = ruleGPUs.parse("gpus", raw)
			return err
		},
		clear:  func(a *Answers) { a.GPUs = 0 },
		Format: func(a *Answers) string { return formatOptCount(a.GPUs) },
		check:  func(a *Answers) error { return ruleGPUs.check(a.GPUs) },
	},
	{
		ID: AnsNodes, Name: "nodes", Key: "max_nodes", Forms: "a whole number from 1 to 4096, or blank for any", Blank: BlankAny,
		Usage:     "most nodes to use",
		Questions: []Question{{Key: "nodes", Section: SectionScale, Pos: 30, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.MaxNodes, err = ruleNodes.parse("nodes", raw)
			return err
		},
		clear:  func(a *Answers) { a.MaxNodes = 0 },
		Format: func(a *Answers) string { return formatOptCount(a.MaxNodes) },
		check:  func(a *Answers) error { return ruleNodes.check(a.MaxNodes) },
	},
	{
		ID: AnsProviders, List: true, Name: "provider", Key: "providers", Forms: "provider keys separated by commas, e.g. aws, gcp, alibaba", Blank: BlankAny,
		Usage:     "only these providers, comma-separated, e.g. aws,gcp,alibaba",
		Questions: []Question{{Key: "provider", Section: SectionScale, Pos: 40, Kind: AskText}},
		parse: func(raw string, a *Answers, env *AnswerEnv) (err error) {
			a.Providers, err = env.providerList(raw)
			return err
		},
		clear:  func(a *Answers) { a.Providers = nil },
		Format: func(a *Answers) string { return strings.Join(a.Providers, ", ") },
		check:  func(a *Answers) error { return checkNames(a.Providers) },
	},
	{
		ID: AnsRegions, List: true, Name: "region", Key: "regions", Forms: FormsRegion, Blank: BlankAny,
		Usage:     "only these regions, comma-separated: a group (europe, us, cn), a country (de) or a region id or its start (us-east)",
		Questions: []Question{{Key: "region", Section: SectionScale, Pos: 50, Kind: AskText}},
		parse: func(raw string, a *Answers, env *AnswerEnv) (err error) {
			a.Regions, err = env.regionTerms(raw)
			return err
		},
		clear:  func(a *Answers) { a.Regions = nil },
		Format: func(a *Answers) string { return strings.Join(a.Regions, ", ") },
		check:  func(a *Answers) error { return checkNames(a.Regions) },
	},
	{
		ID: AnsInterconnect, Name: "interconnect", Key: "interconnect", Forms: FormsInterconnect, Blank: BlankAny,
		Usage:     "the GPU-to-GPU link the instance must have: nvlink (NVSwitch also counts), nvswitch or any",
		Choices:   []string{ReqAny, ReqNVLink, ReqNVSwitch},
		Questions: []Question{{Key: "interconnect", Section: SectionScale, Pos: 80, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			return pickChoice(raw, &a.Interconnect, []string{ReqAny, ReqNVLink, ReqNVSwitch}, FormsInterconnect)
		},
		clear:  func(a *Answers) { a.Interconnect = "" },
		Format: func(a *Answers) string { return formatChoice(a.Interconnect) },
		check: func(a *Answers) error {
			return oneOf(a.Interconnect, true, []string{ReqAny, ReqNVLink, ReqNVSwitch}, FormsInterconnect)
		},
	},
	{
		ID: AnsHosting, Name: "hosting", Key: "hosting", Forms: FormsHosting, Blank: BlankAny,
		Usage:     "datacenter (no marketplace or community hosts) or any",
		Choices:   []string{ReqAny, ReqDatacenter},
		Questions: []Question{{Key: "hosting", Section: SectionScale, Pos: 90, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			return pickChoice(raw, &a.Hosting, []string{ReqAny, ReqDatacenter}, FormsHosting)
		},
		clear:  func(a *Answers) { a.Hosting = "" },
		Format: func(a *Answers) string { return formatChoice(a.Hosting) },
		check:  func(a *Answers) error { return oneOf(a.Hosting, true, []string{ReqAny, ReqDatacenter}, FormsHosting) },
	},
	{
		ID: AnsVCPU, Name: "vcpu", Key: "vcpu", Forms: FormsVCPU, Blank: BlankAny,
		Usage:     "dedicated (host CPUs not shared with other tenants) or any",
		Choices:   []string{ReqAny, ReqDedicated},
		Questions: []Question{{Key: "vcpu", Section: SectionScale, Pos: 100, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			return pickChoice(raw, &a.VCPU, []string{ReqAny, ReqDedicated}, FormsVCPU)
		},
		clear:  func(a *Answers) { a.VCPU = "" },
		Format: func(a *Answers) string { return formatChoice(a.VCPU) },
		check:  func(a *Answers) error { return oneOf(a.VCPU, true, []string{ReqAny, ReqDedicated}, FormsVCPU) },
	},
	{
		ID: AnsMinVCPUsPerGPU, Name: "min-vcpus-per-gpu", Key: "min_vcpus_per_gpu", Forms: "a whole number from 1 to 256, or blank for any", Blank: BlankAny,
		Usage:     "fewest host vCPUs per GPU",
		Questions: []Question{{Key: "min-vcpus-per-gpu", Section: SectionScale, Pos: 110, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.MinVCPUsPerGPU, err = ruleVCPUs.parse("min-vcpus-per-gpu", raw)
			return err
		},
		clear:  func(a *Answers) { a.MinVCPUsPerGPU = 0 },
		Format: func(a *Answers) string { return formatOptCount(a.MinVCPUsPerGPU) },
		check:  func(a *Answers) error { return ruleVCPUs.check(a.MinVCPUsPerGPU) },
	},
	{
		ID: AnsExcludeProviders, List: true, Name: "exclude-provider", Key: "exclude_providers", Forms: "provider keys separated by commas, e.g. vast, runpod", Blank: BlankNone,
		Usage:     "never these providers, comma-separated, e.g. vast,runpod",
		Questions: []Question{{Key: "exclude-provider", Section: SectionScale, Pos: 120, Kind: AskText}},
		parse: func(raw string, a *Answers, env *AnswerEnv) (err error) {
			a.ExcludeProviders, err = env.providerList(raw)
			return err
		},
		clear:  func(a *Answers) { a.ExcludeProviders = nil },
		Format: func(a *Answers) string { return strings.Join(a.ExcludeProviders, ", ") },
		check:  func(a *Answers) error { return checkNames(a.ExcludeProviders) },
	},
}

// Hard requirements: the values of the interconnect, hosting and vCPU
// answers ("" is any).
const (
	ReqAny        = "any"
	ReqNVLink     = "nvlink"
	ReqNVSwitch   = "nvswitch"
	ReqDatacenter = "datacenter"
	ReqDedicated  = "dedicated"
)

// Accepted forms of the hard requirements.
const (
	FormsInterconnect = "nvlink, nvswitch or any"
	FormsHosting      = "datacenter or any"
	FormsVCPU         = "dedicated or any"
)

// pickChoice reads one of the allowed values (case-insensitive) into v;
// "any" stores "".
func pickChoice(raw string, v *string, allowed []string, forms string) error {
	s := strings.ToLower(strings.TrimSpace(raw))
	for _, c := range allowed {
		if s == c {
			if s == ReqAny {
				s = ""
			}
			*v = s
			return nil
		}
	}
	return newErr("", "", ReasonUnknown, tx("not a known value"), use(forms))
}

// formatChoice writes a hard requirement ("any" for none).
func formatChoice(v string) string {
	if v == "" {
		return ReqAny
	}
	return v
}

// FormsRegion are the accepted forms of a region answer.
const FormsRegion = "region groups, country codes or region ids (or their start) separated by commas, e.g. europe, de, us-east"

// FormsGPU are the accepted forms of a GPU filter.
const FormsGPU = "a GPU name such as H100, A100-80GB or RTX4090, or blank for any"

// checkNames refuses list items that hold control characters or are too
// long to be names.
func checkNames(list []string) error {
	for _, s := range list {
		if s == "" || len(s) > 100 || strings.ContainsFunc(s, isControl) {
			return newErr("", short(s, maxEcho), ReasonForm, tx("not a name"), tx("use plain names separated by commas"))
		}
	}
	return nil
}
