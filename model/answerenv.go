package model

import (
	"strings"
	"sync"
)

// AnswerEnv is what the parsers need to know about the catalog: its model
// presets and the providers, regions and GPUs its offers name. A nil env
// accepts any name.
type AnswerEnv struct {
	Presets []ModelPreset
	// ReadModelConfig reads the config.json at a path into an
	// architecture (ParseHFConfig); nil where no file may be read (a
	// record's answers, the fuzz targets).
	ReadModelConfig func(path string) (ModelPreset, error)
	cat             *Catalog
	matchGPU        func(query, name string) bool
	// The name sets are built on first use: most answers name no
	// provider, region or GPU, so a headless run need not read every
	// offer's regions (issue 14).
	provOnce, regOnce, gpuOnce sync.Once
	providers                  map[string]bool
	provList                   []string
	regions                    *regionVocab
	gpus                       []string
}

// NewAnswerEnv indexes a catalog for the parsers; matchGPU decides
// whether a GPU filter matches a GPU name, the way the advisor filters.
// The providers, regions and GPUs are each collected the first time a
// parser needs them, once.
func NewAnswerEnv(cat *Catalog, matchGPU func(query, name string) bool) *AnswerEnv {
	e := &AnswerEnv{cat: cat, matchGPU: matchGPU}
	if cat != nil {
		e.Presets = cat.Models
	}
	return e
}

// providerSet returns the catalog's providers (of its offers and its
// policies) as a set and sorted, built once.
func (e *AnswerEnv) providerSet() (map[string]bool, []string) {
	e.provOnce.Do(func() {
		e.providers = map[string]bool{}
		if e.cat != nil {
			for i := range e.cat.Offers {
				e.providers[e.cat.Offers[i].Provider] = true
			}
			for p := range e.cat.Policies {
				e.providers[p] = true
			}
		}
		e.provList = sortedSet(e.providers)
	})
	return e.providers, e.provList
}

// regionVocab returns what a region term may name in the catalog (its
// region ids, zones and aliases, and the names to suggest), built once.
func (e *AnswerEnv) regionVocab() *regionVocab {
	e.regOnce.Do(func() { e.regions = newRegionVocab(e.cat) })
	return e.regions
}

// regionTerms reads a region answer: terms separated by commas; with a
// known catalog each must name a region group, a country, a city of the
// region table or the start of a region id, zone or alias
// (UnknownRegionTerms). The error on one that does not names it and the
// names it may have meant.
func (e *AnswerEnv) regionTerms(raw string) ([]string, error) {
	list := SplitList(raw)
	if err := checkNames(list); err != nil {
		return nil, err // a control character is no separator, nor part of a name
	}
	if !e.known() {
		return list, nil
	}
	v := e.regionVocab()
	if bad := v.unknown(NewRegionFilter(list, e.cat)); len(bad) > 0 {
		err := newErr("", short(bad[0], maxEcho), ReasonUnknown, tx("names no region, group or country of the catalog"),
			tx("use a group such as europe, us, cn, a country code such as de, or the start of a region id such as us-east"))
		err.Candidates = v.closest(bad[0])
		return nil, err
	}
	return list, nil
}

// gpuList returns the catalog's GPU names, sorted, built once.
func (e *AnswerEnv) gpuList() []string {
	e.gpuOnce.Do(func() {
		gpus := map[string]bool{}
		if e.cat != nil {
			for i := range e.cat.Offers {
				if g := e.cat.Offers[i].GPU; g != "" {
					gpus[g] = true
				}
			}
		}
		e.gpus = sortedSet(gpus)
	})
	return e.gpus
}

// providerList reads provider keys separated by commas; with a known
// catalog each must name one of its providers.
func (e *AnswerEnv) providerList(raw string) ([]string, error) {
	list := SplitList(raw)
	if err := checkNames(list); err != nil {
		return nil, err // a control character is no separator, nor part of a name
	}
	if e.known() {
		providers, provList := e.providerSet()
		for _, p := range list {
			if !providers[p] {
				e := newErr("", short(p, maxEcho), ReasonUnknown, tx("unknown provider"), txf("use one of %s", strings.Join(provList, ", ")))
				e.Candidates, e.Allowed = Closest(p, provList, 3), provList
				return nil, e
			}
		}
	}
	return list, nil
}

// Providers lists the catalog's provider keys, sorted.
func (e *AnswerEnv) Providers() []string {
	if e == nil {
		return nil
	}
	_, list := e.providerSet()
	return list
}

// GPUs lists the catalog's GPU names, sorted.
func (e *AnswerEnv) GPUs() []string {
	if e == nil {
		return nil
	}
	return e.gpuList()
}

// Models returns the catalog's model presets (none for a nil env).
func (e *AnswerEnv) Models() []ModelPreset {
	if e == nil {
		return nil
	}
	return e.Presets
}

// known reports whether the env knows the catalog (a nil or empty env
// accepts any name).
func (e *AnswerEnv) known() bool {
	if e == nil || e.cat == nil {
		return false
	}
	// As len(providerSet()) > 0, without building the set.
	return len(e.cat.Offers) > 0 || len(e.cat.Policies) > 0
}
