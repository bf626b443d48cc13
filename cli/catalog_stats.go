package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// statsReport is `catalog stats` as data (the JSON form).
type statsReport struct {
	Origin        string         `json:"origin"`
	SnapshotDate  string         `json:"snapshot_date"`
	Path          string         `json:"path,omitempty"`
	Offers        int            `json:"offers"`
	Providers     []providerStat `json:"providers"`
	InstanceTypes int            `json:"instance_types"`
	Regions       int            `json:"regions"`
	GPUModels     int            `json:"gpu_models"`
	PriceDates    map[string]int `json:"price_dates"`
	// Sources are the sources of each provider's offers with their price
	// dates (and live offers, stale ones).
	Sources  []sourceStat       `json:"sources"`
	Unknown  map[string]float64 `json:"unknown_share"`
	Known    []knownShare       `json:"known_share"`
	FX       []model.FXRate     `json:"fx"`
	Cleaning []string           `json:"cleaning,omitempty"`
	// Spot lists the providers with spot prices outside what they state.
	Spot     []spotStat `json:"spot_outside_stated,omitempty"`
	Warnings []string   `json:"warnings,omitempty"`
}

// providerStat counts one provider's offers.
type providerStat struct {
	Provider string         `json:"provider"`
	Name     string         `json:"name"`
	Offers   int            `json:"offers"`
	Currency model.Currency `json:"currency"`
}

// knownShare is how many offers have a fact that a hard requirement
// filters on (an offer with it unknown never passes such a filter), and
// how many of those rest on an inference the offer's note marks as one.
type knownShare struct {
	Fact     string  `json:"fact"`
	Known    int     `json:"known"`
	Inferred int     `json:"inferred"`
	Offers   int     `json:"offers"`
	Share    float64 `json:"share"`
	Meaning  string  `json:"meaning"`
}

// knownFacts are the facts whose known share stats explains, in order,
// with what counts as known and where an inference is marked.
// The JSON's meaning is the English text of meaning; the text output
// prints it in its language.
var knownFacts = []struct {
	name    string
	label   cliMsg // the fact's name in the text output
	meaning cliMsg
	known   func(o *model.Offer) bool
	note    func(o *model.Offer) string
}{
	{"interconnect", tFactInterconnect, tStatsMeanInterconnect,
		func(o *model.Offer) bool { return o.Interconnect != model.InterconnectUnknown },
		func(o *model.Offer) string { return o.Detail().InterconnectNote }},
	{"vcpu_type", tFactVCPUType, tStatsMeanVCPUType,
		func(o *model.Offer) bool { return o.VCPUType != model.VCPUUnknown },
		func(o *model.Offer) string { return o.Detail().VCPUNote }},
}

// markedInferred reports whether a fact's note says it is an inference.
func markedInferred(note string) bool { return strings.Contains(strings.ToLower(note), "inferred") }

// statFacts are the facts whose unknown share stats reports, in order:
// name is the JSON's key and the English text's, label the fact's name in
// the text output (its English text is name).
var statFacts = []struct {
	name    string
	label   cliMsg
	unknown func(o *model.Offer) bool
}{
	{"gpu", tFactGPU, func(o *model.Offer) bool { return o.GPU == "" }},
	{"gpu_count", tFactGPUCount, func(o *model.Offer) bool { return o.GPUCount == 0 }},
	{"vram_gib", tFactVRAM, func(o *model.Offer) bool { return o.VRAMGiB == 0 }},
	{"vcpus", tFactVCPUs, func(o *model.Offer) bool { return o.VCPUs == 0 }},
	{"memory_gib", tFactMemory, func(o *model.Offer) bool { return o.MemoryGiB == 0 }},
	{"on_demand_hourly", tFactOnDemand, func(o *model.Offer) bool { return o.OnDemand == 0 }},
	{"any_price", tFactAnyPrice, func(o *model.Offer) bool {
		return o.OnDemand == 0 && !o.Detail().HasPlan()
	}},
	{"spot_hourly", tFactSpot, func(o *model.Offer) bool { return o.Spot == 0 }},
	{"regions", tFactRegions, func(o *model.Offer) bool { return len(o.Regions) == 0 }},
	{"form_factor", tFactFormFactor, func(o *model.Offer) bool { return o.Detail().FormFactor == "" }},
	{"interconnect", tFactInterconnect, func(o *model.Offer) bool { return o.Interconnect == model.InterconnectUnknown }},
	{"rdma", tFactRDMA, func(o *model.Offer) bool { return o.RDMA == model.Unknown }},
	{"vcpu_type", tFactVCPUType, func(o *model.Offer) bool { return o.VCPUType == model.VCPUUnknown }},
	{"vcpu_hyperthread", tFactHyperthread, func(o *model.Offer) bool { return o.Hyperthreaded == model.Unknown }},
	{"local_nvme", tFactLocalNVMe, func(o *model.Offer) bool { return o.Detail().LocalNVMe == "" && o.Host == nil }},
	{"local_nvme_wiped_on_stop", tFactNVMeWiped, func(o *model.Offer) bool { return o.LocalNVMeWiped == model.Unknown }},
}

// buildStats computes the data-quality report.
func buildStats(cat *model.Catalog) statsReport {
	r := statsReport{
		Origin: cat.Info.Origin, SnapshotDate: cat.Info.SnapshotDate, Path: cat.Info.Path,
		Offers: len(cat.Offers), PriceDates: map[string]int{}, Unknown: map[string]float64{},
		FX: cat.FX, Warnings: cat.Info.Warnings,
	}
	byProv := map[string]*providerStat{}
	types, regions, gpus := map[string]bool{}, map[string]bool{}, map[string]bool{}
	unknown := make([]int, len(statFacts))
	for i := range cat.Offers {
		o := &cat.Offers[i]
		p := byProv[o.Provider]
		if p == nil {
			p = &providerStat{Provider: o.Provider, Name: cat.Policies[o.Provider].Name, Currency: o.Currency}
			byProv[o.Provider] = p
		}
		p.Offers++
		types[o.Key()] = true
		for _, reg := range o.Regions {
			regions[o.Provider+"/"+reg] = true
		}
		if o.GPU != "" {
			gpus[o.GPU] = true
		}
		d := o.PriceDate
		switch {
		case d == "" && o.Detail().PriceDateNote != "":
			d = "undated: " + o.Detail().PriceDateNote
		case d == "":
			d = "undated"
		}
		r.PriceDates[d]++
		for j, f := range statFacts {
			if f.unknown(o) {
				unknown[j]++
			}
		}
	}
	for _, p := range byProv {
		r.Providers = append(r.Providers, *p)
	}
	sort.Slice(r.Providers, func(i, j int) bool { return r.Providers[i].Provider < r.Providers[j].Provider })
	r.InstanceTypes, r.Regions, r.GPUModels = len(types), len(regions), len(gpus)
	for j, f := range statFacts {
		if len(cat.Offers) > 0 {
			r.Unknown[f.name] = math.Round(float64(unknown[j])/float64(len(cat.Offers))*1000) / 1000
		}
	}
	for _, f := range knownFacts {
		k := knownShare{Fact: f.name, Offers: len(cat.Offers), Meaning: f.meaning.in("en")}
		for i := range cat.Offers {
			if o := &cat.Offers[i]; f.known(o) {
				k.Known++
				if markedInferred(f.note(o)) {
					k.Inferred++
				}
			}
		}
		if k.Offers > 0 {
			k.Share = math.Round(float64(k.Known)/float64(k.Offers)*1000) / 1000
		}
		r.Known = append(r.Known, k)
	}
	if cat.Info.Origin == "embedded" || strings.HasPrefix(cat.Info.Origin, "embedded+") {
		r.Cleaning = data.CleaningReport()
	}
	r.Spot = buildSpotStats(cat)
	r.Sources = buildSourceStats(cat)
	return r
}

// catalogStats reports how complete the catalog's facts are, by provider (gpupick catalog stats).
func catalogStats(args []string, env environ, stdout, stderr io.Writer) int {
	fs, cf := catalogTextCommand("stats", "text|json", env)
	if code, ok := parseFlags(fs, args, tLongCatalog, env, stdout, stderr); !ok {
		return code
	}
	lang, err := cf.lang.language()
	if err != nil {
		return catalogFail(stderr, exitUsage, "stats", err, "en")
	}
	if _, err := cf.check("text|json", lang); err != nil {
		return catalogFail(stderr, exitUsage, "stats", err, lang)
	}
	cat, code := cf.load(stderr, "stats", lang)
	if cat == nil {
		return code
	}
	r := buildStats(cat)
	if cf.format == "json" {
		if err := writeJSON(stdout, r); err != nil {
			return catalogFail(stderr, exitFail, "stats", errors.New(tf(tErrWrite, lang, err)), lang)
		}
		return exitOK
	}
	fw := newFitWriter(stdout, cf.lang.env.width())
	writeStats(fw, r, lang)
	if err := fw.Flush(); err != nil {
		return catalogFail(stderr, exitFail, "stats", errors.New(tf(tErrWrite, lang, err)), lang)
	}
	return exitOK
}

// writeStats prints the data-quality report: its titles, fact names and
// explanations in lang, the data's own words (provider names, sources, the
// cleaning notes) as they are.
func writeStats(w io.Writer, r statsReport, lang string) {
	fmt.Fprintf(w, tStatsCatalog.in(lang), originIn(r.Origin, lang), r.SnapshotDate)
	if r.Path != "" {
		fmt.Fprintf(w, tCatPath.in(lang), r.Path)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, tStatsCounts.in(lang)+"\n\n",
		len(r.Providers), r.Offers, r.InstanceTypes, r.Regions, r.GPUModels)
	tw := newCLITable(w)
	fmt.Fprintln(tw, tStatsHeader.in(lang))
	for _, p := range r.Providers {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", p.Provider, p.Offers, p.Currency, p.Name)
	}
	tw.Flush()
	fmt.Fprintln(w, "\n"+tStatsDates.in(lang))
	dates := make([]string, 0, len(r.PriceDates))
	for d := range r.PriceDates {
		dates = append(dates, d)
	}
	sort.Strings(dates)
	for _, d := range dates {
		fmt.Fprintf(w, "  %s  %d\n", priceDateIn(d, lang), r.PriceDates[d])
	}
	writeSourceStats(w, r.Sources, lang)
	fmt.Fprintln(w, "\n"+tStatsUnknownTitle.in(lang))
	tw = newCLITable(w)
	for _, f := range statFacts {
		fmt.Fprintf(tw, "  %s\t%5.1f%%\n", factName(f.name, f.label, lang), r.Unknown[f.name]*100)
	}
	tw.Flush()
	fmt.Fprintln(w, "\n"+tStatsKnownTitle.in(lang))
	tw = newCLITable(w).fitTo(wrapCol(2, 24))
	for i, k := range r.Known {
		name, meaning := k.Fact, k.Meaning
		if i < len(knownFacts) && knownFacts[i].name == k.Fact { // buildStats keeps knownFacts' order
			name, meaning = factName(k.Fact, knownFacts[i].label, lang), knownFacts[i].meaning.in(lang)
		}
		fmt.Fprintf(tw, tStatsKnownLine.in(lang)+"\n", name, k.Share*100, k.Known, k.Offers, k.Inferred, meaning)
	}
	tw.Flush()
	for _, fx := range r.FX {
		fmt.Fprintf(w, "\n"+tStatsFX.in(lang)+"\n", fx.From, model.FormatNumber(fx.Rate), fx.To, fx.Date, firstWord(fx.Source))
	}
	writeSpotStats(w, r.Spot, lang)
	if len(r.Cleaning) > 0 {
		fmt.Fprintln(w, "\n"+tStatsCleaning.in(lang))
		for _, c := range r.Cleaning {
			fmt.Fprintln(w, "  -", c)
		}
	}
	for _, wmsg := range r.Warnings {
		fmt.Fprintf(w, tStatsWarning.in(lang)+"\n", wmsg)
	}
}

// factName is a fact's name in the text output: its JSON key in English,
// its label in Chinese.
func factName(name string, label cliMsg, lang string) string {
	if isZH(lang) {
		return label.in(lang)
	}
	return name
}

// priceDateIn is a key of the report's price dates in lang: a date as it
// is, "undated" and "undated: NOTE" with the note as the data gives it.
func priceDateIn(d, lang string) string {
	if d == "undated" {
		return tStatsUndated.in(lang)
	}
	if note, ok := strings.CutPrefix(d, "undated: "); ok {
		return fmt.Sprintf(tStatsUndatedNote.in(lang), note)
	}
	return d
}
