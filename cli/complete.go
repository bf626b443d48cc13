package cli

import (
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// The shells' completions of flag values (gpupick completion bash|zsh|fish
// installs them; cobra's hidden __complete answers them): the model
// presets and their Hugging Face ids, the providers, GPUs and regions of
// the embedded catalog, and the values of every answer picked from a list
// (the answer registry's Choices), each flag that a command has.

// completionCatalog is the embedded catalog, loaded once for completions.
var completionCatalog = lazy.Value[*model.Catalog]{New: func() *model.Catalog {
	cat, err := data.Embedded()
	if err != nil {
		return nil
	}
	return cat
}}

// completionNames lists the names a flag's value completes to, or nil
// when the flag has none to offer.
type completionNames func() []string

// flagCompletions are the flags whose values complete, by flag name (an
// answer's aliases complete as the answer does).
func flagCompletions() map[string]completionNames {
	m := map[string]completionNames{
		"model":            presetNames,
		"provider":         providerNames,
		"exclude-provider": providerNames,
		"gpu":              gpuNames,
		"region":           regionNames,
		"lang":             func() []string { return []string{"en", "zh"} },
	}
	for _, s := range model.Registry() {
		if len(s.Choices) == 0 {
			continue
		}
		choices := slices.Clone(s.Choices)
		for _, name := range append([]string{s.Name}, s.Aliases...) {
			if _, ok := m[name]; !ok {
				m[name] = func() []string { return choices }
			}
		}
	}
	return m
}

// listFlag reports whether a flag's value is a comma-separated list: the
// completion completes the last item.
func listFlag(name string) bool {
	switch name {
	case "provider", "exclude-provider", "region":
		return true
	}
	return false
}

// registerCompletions registers the value completions of cmd's flags.
func registerCompletions(cmd *cobra.Command) {
	for name, names := range flagCompletions() {
		if cmd.Flags().Lookup(name) == nil {
			continue
		}
		list := listFlag(name)
		if s, ok := model.SpecByName(name); ok && s.List {
			list = true
		}
		directive := cobra.ShellCompDirectiveNoFileComp
		if list {
			directive |= cobra.ShellCompDirectiveNoSpace // a comma and another item may follow
		}
		_ = cmd.RegisterFlagCompletionFunc(name, func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return completeFrom(names(), toComplete, list), directive
		})
	}
}

// completeFrom is the names that start with what was typed (any case);
// for a list, with the items typed before the last comma kept in front.
func completeFrom(names []string, typed string, list bool) []string {
	head, last := "", typed
	if list {
		if i := strings.LastIndexByte(typed, ','); i >= 0 {
			head, last = typed[:i+1], typed[i+1:]
		}
	}
	var out []string
	for _, n := range names {
		if strings.HasPrefix(strings.ToLower(n), strings.ToLower(last)) {
			out = append(out, head+n)
		}
	}
	return out
}

// presetNames are the model presets' names and their Hugging Face ids.
func presetNames() []string {
	cat := completionCatalog.Get()
	if cat == nil {
		return nil
	}
	var names, ids []string
	for _, p := range cat.Models {
		names = append(names, p.Name)
		if p.HFID != "" {
			ids = append(ids, p.HFID)
		}
	}
	return append(names, ids...)
}

// providerNames are the catalog's provider keys.
func providerNames() []string {
	if cat := completionCatalog.Get(); cat != nil {
		return model.NewAnswerEnv(cat, nil).Providers()
	}
	return nil
}

// gpuNames are the catalog's GPU names.
func gpuNames() []string {
	if cat := completionCatalog.Get(); cat != nil {
		return model.NewAnswerEnv(cat, nil).GPUs()
	}
	return nil
}

// regionNames are the region groups (europe, us, cn: their names and
// aliases) and the regions of the catalog's offers.
func regionNames() []string {
	cat := completionCatalog.Get()
	if cat == nil {
		return nil
	}
	var groups []string
	for _, g := range cat.RegionGroups {
		groups = append(groups, g.Name)
		groups = append(groups, g.Aliases...)
	}
	seen := map[string]bool{}
	var regions []string
	for _, o := range cat.Offers {
		for _, r := range o.Regions {
			if !seen[r] {
				seen[r] = true
				regions = append(regions, r)
			}
		}
	}
	sort.Strings(regions)
	return append(groups, regions...)
}
