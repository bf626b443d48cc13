package main

import (
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
	Origin        string             `json:"origin"`
	SnapshotDate  string             `json:"snapshot_date"`
	Path          string             `json:"path,omitempty"`
	Offers        int                `json:"offers"`
	Providers     []providerStat     `json:"providers"`
	InstanceTypes int                `json:"instance_types"`
	Regions       int                `json:"regions"`
	GPUModels     int                `json:"gpu_models"`
	PriceDates    map[string]int     `json:"price_dates"`
	Unknown       map[string]float64 `json:"unknown_share"`
	Known         []knownShare       `json:"known_share"`
	FX            []model.FXRate     `json:"fx"`
	Cleaning      []string           `json:"cleaning,omitempty"`
	Warnings      []string           `json:"warnings,omitempty"`
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
var knownFacts = []struct {
	name, meaning string
	known         func(o *model.Offer) bool
	note          func(o *model.Offer) string
}{
	{"interconnect", "how the GPUs of one offer talk (NVSwitch, NVLink, Infinity Fabric, PCIe, or a single GPU)",
		func(o *model.Offer) bool { return o.Interconnect != model.InterconnectUnknown },
		func(o *model.Offer) string { return o.Detail().InterconnectNote }},
	{"vcpu_type", "whether the host CPUs are dedicated, shared, a container or a marketplace host",
		func(o *model.Offer) bool { return o.VCPUType != model.VCPUUnknown },
		func(o *model.Offer) string { return o.Detail().VCPUNote }},
}

// markedInferred reports whether a fact's note says it is an inference.
func markedInferred(note string) bool { return strings.Contains(strings.ToLower(note), "inferred") }

// statFacts are the facts whose unknown share stats reports, in order.
var statFacts = []struct {
	name    string
	unknown func(o *model.Offer) bool
}{
	{"gpu", func(o *model.Offer) bool { return o.GPU == "" }},
	{"gpu_count", func(o *model.Offer) bool { return o.GPUCount == 0 }},
	{"vram_gib", func(o *model.Offer) bool { return o.VRAMGiB == 0 }},
	{"vcpus", func(o *model.Offer) bool { return o.VCPUs == 0 }},
	{"memory_gib", func(o *model.Offer) bool { return o.MemoryGiB == 0 }},
	{"on_demand_hourly", func(o *model.Offer) bool { return o.OnDemand == 0 }},
	{"any_price", func(o *model.Offer) bool {
		return o.OnDemand == 0 && o.Detail().Monthly == 0 && o.Detail().Daily == 0 && o.Detail().Weekly == 0 && o.Detail().Yearly == 0
	}},
	{"spot_hourly", func(o *model.Offer) bool { return o.Spot == 0 }},
	{"regions", func(o *model.Offer) bool { return len(o.Regions) == 0 }},
	{"form_factor", func(o *model.Offer) bool { return o.Detail().FormFactor == "" }},
	{"interconnect", func(o *model.Offer) bool { return o.Interconnect == model.InterconnectUnknown }},
	{"rdma", func(o *model.Offer) bool { return o.RDMA == model.Unknown }},
	{"vcpu_type", func(o *model.Offer) bool { return o.VCPUType == model.VCPUUnknown }},
	{"vcpu_hyperthread", func(o *model.Offer) bool { return o.Hyperthreaded == model.Unknown }},
	{"local_nvme", func(o *model.Offer) bool { return o.Detail().LocalNVMe == "" }},
	{"local_nvme_wiped_on_stop", func(o *model.Offer) bool { return o.LocalNVMeWiped == model.Unknown }},
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
		k := knownShare{Fact: f.name, Offers: len(cat.Offers), Meaning: f.meaning}
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
	return r
}

// catalogStats reports how complete the catalog's facts are, by provider (gpupick catalog stats).
func catalogStats(args []string, stdout, stderr io.Writer) int {
	fs, cf := catalogCommand("stats", "text|json")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nStats flags:\n", stdout, stderr); !ok {
		return code
	}
	if _, err := cf.check("text|json"); err != nil {
		return catalogFail(stderr, exitUsage, "stats", err)
	}
	cat, code := cf.load(stderr, "stats")
	if cat == nil {
		return code
	}
	r := buildStats(cat)
	if cf.format == "json" {
		if err := writeJSON(stdout, r); err != nil {
			return catalogFail(stderr, exitFail, "stats", err)
		}
		return exitOK
	}
	writeStats(stdout, r)
	return exitOK
}

// writeStats prints the data-quality report.
func writeStats(w io.Writer, r statsReport) {
	fmt.Fprintf(w, "catalog: %s, snapshot read %s", r.Origin, r.SnapshotDate)
	if r.Path != "" {
		fmt.Fprintf(w, " (%s)", r.Path)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "providers: %d   offers: %d   instance types: %d   regions: %d   GPU models: %d\n\n",
		len(r.Providers), r.Offers, r.InstanceTypes, r.Regions, r.GPUModels)
	tw := newCLITable(w)
	fmt.Fprintln(tw, "PROVIDER\tOFFERS\tCURRENCY\tNAME")
	for _, p := range r.Providers {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", p.Provider, p.Offers, p.Currency, p.Name)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nprice dates (offers):")
	dates := make([]string, 0, len(r.PriceDates))
	for d := range r.PriceDates {
		dates = append(dates, d)
	}
	sort.Strings(dates)
	for _, d := range dates {
		fmt.Fprintf(w, "  %s  %d\n", d, r.PriceDates[d])
	}
	fmt.Fprintln(w, "\nshare of offers with the fact unknown:")
	tw = newCLITable(w)
	for _, f := range statFacts {
		fmt.Fprintf(tw, "  %s\t%5.1f%%\n", f.name, r.Unknown[f.name]*100)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nshare of offers with the fact known (a hard requirement on a fact passes only offers where it is known):")
	tw = newCLITable(w)
	for _, k := range r.Known {
		fmt.Fprintf(tw, "  %s\t%5.1f%%\t%d of %d offers, %d of them inferred and marked so in the offer's note: %s\n",
			k.Fact, k.Share*100, k.Known, k.Offers, k.Inferred, k.Meaning)
	}
	tw.Flush()
	for _, fx := range r.FX {
		fmt.Fprintf(w, "\nexchange rate: 1 %s = %s %s (%s), %s\n", fx.From, model.FormatNumber(fx.Rate), fx.To, fx.Date, firstWord(fx.Source))
	}
	if len(r.Cleaning) > 0 {
		fmt.Fprintln(w, "\ncleaning (source errors handled):")
		for _, c := range r.Cleaning {
			fmt.Fprintln(w, "  -", c)
		}
	}
	for _, wmsg := range r.Warnings {
		fmt.Fprintln(w, "warning:", wmsg)
	}
}
