package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// gpuQuery is a parsed --gpu NAME[:N].
type gpuQuery struct {
	name  string
	count int
}

// parseGPUQuery reads NAME or NAME:N.
// The error is in lang.
func parseGPUQuery(s, lang string) (gpuQuery, error) {
	name, n, hasN := strings.Cut(s, ":")
	q := gpuQuery{name: strings.TrimSpace(name)}
	if strings.IndexFunc(q.name, func(r rune) bool { return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) < 0 {
		return q, errors.New(tf(tErrListGPU, lang, s))
	}
	if hasN {
		c, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || c < 1 {
			return q, errors.New(tf(tErrListGPUCount, lang, s, n))
		}
		q.count = c
	}
	return q, nil
}

// matches reports whether an offer has the queried GPU (and count).
func (q gpuQuery) matches(cat *model.Catalog, o *model.Offer) bool {
	if q.count > 0 && o.GPUCount != q.count {
		return false
	}
	return data.GPUNameMatches(cat, o.GPU, q.name)
}

// gpuListed reports whether an offer of cat has the GPU named name (any
// count).
func gpuListed(cat *model.Catalog, name string) bool {
	for i := range cat.Offers {
		if data.GPUNameMatches(cat, cat.Offers[i].GPU, name) {
			return true
		}
	}
	return false
}

// listFilter holds catalog list's filters.
type listFilter struct {
	gpu       *gpuQuery
	minVRAM   float64
	providers map[string]bool
	// region is --region compiled against the catalog's region table, as
	// recommend's; unlocated counts the offers it left out because no
	// region of theirs has a known location.
	region    *model.RegionFilter
	unlocated int
	// noOffers are the providers asked for that are known but have no
	// offer in this catalog.
	noOffers []string
	maxPrice float64
}

// keep reports whether an offer passes the filters (maxPrice is in the
// display currency cur, or the offer's own when cur is empty).
func (f *listFilter) keep(cat *model.Catalog, o *model.Offer, cur model.Currency) bool {
	if f.gpu != nil && !f.gpu.matches(cat, o) {
		return false
	}
	if f.minVRAM > 0 && o.VRAMGiB < f.minVRAM {
		return false
	}
	if len(f.providers) > 0 && !f.providers[o.Provider] {
		return false
	}
	if f.region.Active() && !f.inRegion(o) {
		return false
	}
	if f.maxPrice > 0 {
		p, _, ok := displayPrice(cat, o.OnDemand, o.Currency, cur)
		if !ok || o.OnDemand <= 0 || p > f.maxPrice {
			return false
		}
	}
	return true
}

// inRegion reports whether one of the offer's regions passes --region,
// counting an offer it leaves out for want of a known location.
func (f *listFilter) inRegion(o *model.Offer) bool {
	unknown := len(o.Regions) == 0 && f.region.Unlocated()
	for _, r := range o.Regions {
		ok, known := f.region.Match(o.Provider, r)
		if ok {
			return true
		}
		unknown = unknown || !known
	}
	if unknown {
		f.unlocated++
	}
	return false
}

// listOffer is one offer of `catalog list --format json`: every offer field
// plus the price in the display currency.
type listOffer struct {
	model.OfferFields              // flat: embedding model.Offer would take its MarshalJSON and drop Display
	Display           *listDisplay `json:"display,omitempty"`
}

// listDisplay is an offer's price converted to the display currency.
type listDisplay struct {
	Currency  model.Currency `json:"currency"`
	OnDemand  float64        `json:"on_demand_hourly"`
	Spot      float64        `json:"spot_hourly"`
	Converted bool           `json:"converted"`
	Rate      float64        `json:"rate,omitempty"`
	RateDate  string         `json:"rate_date,omitempty"`
}

// listOptions are catalog list's command line, parsed: the shared catalog
// flags and the filters as typed.
type listOptions struct {
	flags                                     *catalogFlags
	gpu, minVRAM, providers, region, maxPrice string
}

// catalogList implements `gpupick catalog list`: it parses the command line
// and runs listOffers.
func catalogList(args []string, env environ, stdout, stderr io.Writer) int {
	fs, cf := catalogTextCommand("list", "table|json", env)
	o := listOptions{flags: cf}
	fs.StringVar(&o.gpu, "gpu", "", flagHelp(tUseGPU))
	fs.StringVar(&o.minVRAM, "min-vram", "", flagHelp(tUseMinVRAM))
	fs.StringVar(&o.providers, "provider", "", flagHelp(tUseProviders))
	fs.StringVar(&o.region, "region", "", flagHelp(tUseRegions))
	fs.StringVar(&o.maxPrice, "max-price", "", flagHelp(tUseMaxPrice))
	if code, ok := parseFlags(fs, args, tLongCatalog, env, stdout, stderr); !ok {
		return code
	}
	return listOffers(o, stdout, stderr)
}

// listOffers lists the offers, filtered and sorted, as a table or JSON.
func listOffers(o listOptions, stdout, stderr io.Writer) int {
	lang, err := o.flags.lang.language()
	if err != nil {
		return catalogFail(stderr, exitUsage, "list", err, "en")
	}
	cur, err := o.flags.check("table|json", lang)
	if err != nil {
		return catalogFail(stderr, exitUsage, "list", err, lang)
	}
	if cur == "" {
		cur = model.USD // one column, one currency; CNY offers are converted and marked
	}
	f, err := o.filter(lang)
	if err != nil {
		return catalogFail(stderr, exitUsage, "list", err, lang)
	}
	cat, code := o.flags.load(stderr, "list", lang)
	if cat == nil {
		return code
	}
	if err := o.catalogFilter(&f, cat, lang); err != nil {
		return catalogFail(stderr, exitUsage, "list", err, lang)
	}
	var offers []*model.Offer
	for i := range cat.Offers {
		if f.keep(cat, &cat.Offers[i], cur) {
			offers = append(offers, &cat.Offers[i])
		}
	}
	for _, p := range f.noOffers {
		errLine(stderr, lang, "catalog list", tf(tListNoOffers, lang, p))
	}
	if f.unlocated > 0 {
		errLine(stderr, lang, "catalog list", tf(tListUnlocated, lang, f.unlocated, strings.Join(f.region.Terms(), ",")))
	}
	sortForList(cat, offers)
	if o.flags.format == "json" {
		return writeListJSON(stdout, stderr, cat, offers, cur)
	}
	fw := newFitWriter(stdout, o.flags.lang.env.width())
	writeListTable(fw, cat, offers, cur, lang)
	if err := fw.Flush(); err != nil {
		return catalogFail(stderr, exitFail, "list", err, lang)
	}
	return exitOK
}

// filter reads the filters that need no catalog (--gpu, --min-vram,
// --max-price); the error, in lang, names the flag.
func (o *listOptions) filter(lang string) (listFilter, error) {
	var f listFilter
	if o.gpu != "" {
		q, err := parseGPUQuery(o.gpu, lang)
		if err != nil {
			return f, err
		}
		f.gpu = &q
	}
	if o.minVRAM != "" {
		v, err := model.ParseSize("min-vram", o.minVRAM)
		if err != nil || v <= 0 {
			return f, errors.New(tf(tErrListVRAM, lang, o.minVRAM))
		}
		f.minVRAM = v
	}
	if o.maxPrice != "" {
		v, err := strconv.ParseFloat(strings.TrimLeft(strings.TrimSpace(o.maxPrice), "$¥"), 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			return f, errors.New(tf(tErrListPrice, lang, o.maxPrice))
		}
		f.maxPrice = v
	}
	return f, nil
}

// catalogFilter adds to f the filters read against the catalog (--region,
// --provider); the error, in lang, names the flag.
func (o *listOptions) catalogFilter(f *listFilter, cat *model.Catalog, lang string) error {
	if f.gpu != nil && !gpuListed(cat, f.gpu.name) {
		// A GPU no offer has is refused as recommend --gpu refuses it,
		// with the close names, never listed as 0 offers.
		var a model.Answers
		err := model.Spec(model.AnsGPU).Parse(f.gpu.name, &a, model.NewAnswerEnv(cat, advisor.MatchGPU))
		if err == nil {
			err = errors.New(tf(tErrListNoGPU, lang, f.gpu.name))
		}
		return errors.New(answerErrText(flagNamed(err), lang))
	}
	if strings.TrimSpace(o.region) != "" {
		// The same answer, parser and filter as recommend --region.
		var a model.Answers
		if err := model.Spec(model.AnsRegions).Parse(o.region, &a, model.NewAnswerEnv(cat, nil)); err != nil {
			return errors.New(answerErrText(flagNamed(err), lang))
		}
		f.region = model.NewRegionFilter(a.Regions, cat)
	}
	if o.providers != "" {
		// The same answer and parser as recommend --provider: a known
		// provider without offers in this catalog is listed as such
		// (noOffers), an unknown one refused with the known ones.
		var a model.Answers
		if err := model.Spec(model.AnsProviders).Parse(o.providers, &a, model.NewAnswerEnv(cat, nil)); err != nil {
			return errors.New(answerErrText(flagNamed(err), lang))
		}
		f.providers = map[string]bool{}
		listed := knownProviders(cat)
		for _, p := range a.Providers {
			f.providers[p] = true
			if !listed[p] {
				f.noOffers = append(f.noOffers, p)
			}
		}
	}
	return nil
}

// sortForList orders offers like SkyPilot's GPU listing: by GPU, count,
// then on-demand price (in USD, unknown last), provider and instance.
func sortForList(cat *model.Catalog, offers []*model.Offer) {
	usd := func(o *model.Offer) float64 {
		if o.OnDemand <= 0 {
			return math.Inf(1)
		}
		v, ok := cat.Convert(o.OnDemand, o.Currency, model.USD)
		if !ok {
			return math.Inf(1)
		}
		return v
	}
	sort.SliceStable(offers, func(i, j int) bool {
		a, b := offers[i], offers[j]
		if (a.GPU == "") != (b.GPU == "") {
			return b.GPU == ""
		}
		if a.GPU != b.GPU {
			return a.GPU < b.GPU
		}
		if a.GPUCount != b.GPUCount {
			return a.GPUCount < b.GPUCount
		}
		if pa, pb := usd(a), usd(b); pa != pb {
			return pa < pb
		}
		if a.Provider != b.Provider {
			return a.Provider < b.Provider
		}
		return a.InstanceType < b.InstanceType
	})
}

// writeListJSON prints the offers as a JSON array.
//
// The list is streamed: each offer is encoded compact and indented as it
// is written, by a small indenter for encoding/json's own compact output
// (no second, validating pass over the whole list, no list held in
// memory); the bytes are those of writeJSON.
func writeListJSON(stdout, stderr io.Writer, cat *model.Catalog, offers []*model.Offer, cur model.Currency) int {
	w := bufio.NewWriterSize(stdout, 64<<10)
	var compact bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(false)
	if len(offers) == 0 {
		w.WriteString("[]\n")
	} else {
		w.WriteString("[\n  ")
	}
	for i, o := range offers {
		lo := listOffer{OfferFields: o.Fields()}
		if cur != "" {
			od, conv, ok := displayPrice(cat, o.OnDemand, o.Currency, cur)
			sp, _, _ := displayPrice(cat, o.Spot, o.Currency, cur)
			if ok {
				d := &listDisplay{Currency: cur, OnDemand: round5(od), Spot: round5(sp), Converted: conv}
				if conv {
					if r, ok := cat.Rate(o.Currency, cur); ok {
						d.Rate, d.RateDate = r.Rate, r.Date
					}
				}
				lo.Display = d
			}
		}
		compact.Reset()
		if err := enc.Encode(&lo); err != nil {
			return catalogFail(stderr, exitFail, "list", err, "en")
		}
		if i > 0 {
			w.WriteString(",\n  ")
		}
		indentJSON(w, bytes.TrimSuffix(compact.Bytes(), []byte("\n")), 1)
	}
	if len(offers) > 0 {
		w.WriteString("\n]\n")
	}
	if err := w.Flush(); err != nil {
		return catalogFail(stderr, exitFail, "list", err, "en")
	}
	return exitOK
}

// indentJSON writes compact JSON, as encoding/json produces it, indented
// by two spaces a level from depth, as json.Indent would: an empty object
// or array stays "{}" or "[]", a key is followed by ": ".
func indentJSON(w *bufio.Writer, b []byte, depth int) {
	newline := func() {
		w.WriteByte('\n')
		for range depth {
			w.WriteString("  ")
		}
	}
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			// Copy the string up to its closing quote in one write.
			j := i
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(b) {
				w.Write(b[i:])
				return
			}
			w.Write(b[i : j+1])
			i, inString = j, false
			continue
		}
		switch c {
		case '"':
			inString = true
			w.WriteByte(c)
		case '{', '[':
			w.WriteByte(c)
			if i+1 < len(b) && (b[i+1] == '}' || b[i+1] == ']') {
				w.WriteByte(b[i+1])
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			w.WriteByte(c)
		case ',':
			w.WriteByte(c)
			newline()
		case ':':
			w.WriteString(": ")
		default:
			w.WriteByte(c)
		}
	}
}

// round5 rounds a converted price to 5 decimals.
func round5(v float64) float64 { return math.Round(v*1e5) / 1e5 }

// listFit is how the catalog list gives up width, in order: the few
// GPU and instance names longer than 28 columns are cut (one 85-column
// GPU name would otherwise cost every row its regions), then the vCPU
// type, the link, the host's RAM and vCPUs, the regions, then the GPU and
// instance names are cut (the instance's keeping its tail), the spot price
// goes, and the names are cut further. The columns are tCatListHeader's:
// GPU, QTY, PROVIDER, INSTANCE, VRAM, vCPUs, RAM, PRICE/h, SPOT/h,
// REGIONS, LINK, vCPU TYPE.
var listFit = []fitStep{cutCol(0, cutEnd, 28), cutNames(3, 28), dropCol(11), dropCol(10), dropCol(6), dropCol(5), dropCol(9),
	cutCol(0, cutEnd, 16), cutNames(3, 18), dropCol(8), cutCol(0, cutEnd, 10), cutNames(3, 12), cutCol(2, cutEnd, 8)}

// writeListTable prints the offers as a table in the spirit of SkyPilot's
// `sky show-gpus`, with interconnect and vCPU type added; its headers and
// words in lang. To fit the width (listFit) the host's facts go first, then
// the regions and the spot price; the GPU, its count, the provider, the
// instance, the memory and the on-demand price stay.
func writeListTable(w io.Writer, cat *model.Catalog, offers []*model.Offer, cur model.Currency, lang string) {
	tw := newCLITable(w).fitTo(listFit...)
	fmt.Fprintln(tw, tCatListHeader.in(lang))
	converted := false
	unknown := tUnknown.in(lang)
	for _, o := range offers {
		gpu := o.GPU
		if gpu == "" {
			gpu = unknown
		}
		qty := "-"
		if o.GPUCount > 0 {
			qty = strconv.Itoa(o.GPUCount)
			if o.GPUFraction > 0 && o.GPUFraction < 1 {
				qty = model.FormatNumber(math.Round(o.GPUFraction*1000)/1000) + tCatSlice.in(lang)
			}
		}
		od := priceCell(cat, o.OnDemand, o.Currency, cur, unknown, lang)
		sp := priceCell(cat, o.Spot, o.Currency, cur, "-", lang)
		if strings.HasPrefix(od, "≈") || strings.HasPrefix(sp, "≈") {
			converted = true
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			gpu, qty, o.Provider, o.InstanceType, gbCell(o.VRAMGiB), numCell(o.VCPUs), gbCell(o.MemoryGiB), od, sp,
			regionsCell(o.Regions), linkName(o.Interconnect, lang), vcpuName(o.VCPUType, lang))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n"+tCatListCount.in(lang)+"\n", len(offers), snapshotLine(cat, lang))
	if converted {
		if r, ok := cat.Rate(model.USD, model.CNY); ok {
			fmt.Fprintf(w, tRecConverted.in(lang)+"\n", model.FormatNumber(r.Rate), model.CNY, r.Date, firstWord(r.Source))
		}
	}
}
