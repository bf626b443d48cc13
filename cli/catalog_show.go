package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// catalogShow prints every fact of one instance with its sources (gpupick catalog show).
func catalogShow(args []string, env environ, stdout, stderr io.Writer) int {
	fs, cf := catalogTextCommand("show", "text|json", env)
	provider := fs.String("provider", "", flagHelp(tUseProviderShow))
	name, rest := splitFile(args) // the INSTANCE; flags may come before or after it
	if code, ok := parseFlags(fs, nil, tLongCatalog, env, stdout, stderr); !ok {
		return code
	}
	lang, err := cf.lang.language()
	if err != nil {
		return catalogFail(stderr, exitUsage, "show", err, "en")
	}
	if len(rest) > 0 {
		return catalogFail(stderr, exitUsage, "show", errors.New(tf(tErrShowArg, lang, rest[0])), lang)
	}
	if name == "" {
		return catalogFail(stderr, exitUsage, "show", errors.New(tErrShowMissing.in(lang)), lang)
	}
	cur, err := cf.check("text|json", lang)
	if err != nil {
		return catalogFail(stderr, exitUsage, "show", err, lang)
	}
	cat, code := cf.load(stderr, "show", lang)
	if cat == nil {
		return code
	}
	if *provider != "" {
		if err := checkProviderKey(cat, "--provider", strings.ToLower(*provider), lang); err != nil {
			return catalogFail(stderr, exitUsage, "show", err, lang)
		}
	}
	var hits []*model.Offer
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if strings.EqualFold(o.InstanceType, name) && (*provider == "" || o.Provider == strings.ToLower(*provider)) {
			hits = append(hits, o)
		}
	}
	if len(hits) == 0 {
		return catalogFail(stderr, exitFail, "show", errors.New(tf(tErrNoOffer, lang, name, suggest(cat, name, lang))), lang)
	}
	if cf.format == "json" {
		type shown struct {
			model.OfferFields               // flat: embedding model.Offer would take its MarshalJSON
			GPUFacts          *model.GPU    `json:"gpu_facts,omitempty"`
			Policy            *model.Policy `json:"policy,omitempty"`
			Live              *liveState    `json:"live,omitempty"` // a live offer's age and staleness
		}
		out := make([]shown, 0, len(hits))
		for _, o := range hits {
			s := shown{OfferFields: o.Fields(), GPUFacts: cat.GPUOf(o)}
			if live, ok := liveOf(cat, o); ok {
				s.Live = &live
			}
			if p, ok := cat.Policies[o.Provider]; ok {
				s.Policy = &p
			}
			out = append(out, s)
		}
		if err := writeJSON(stdout, out); err != nil {
			return catalogFail(stderr, exitFail, "show", errors.New(tf(tErrWrite, lang, err)), lang)
		}
		return exitOK
	}
	fw := newFitWriter(stdout, cf.lang.env.width())
	for i, o := range hits {
		if i > 0 {
			fmt.Fprintln(fw)
		}
		writeShow(fw, cat, o, cur, lang)
	}
	if err := fw.Flush(); err != nil {
		return catalogFail(stderr, exitFail, "show", errors.New(tf(tErrWrite, lang, err)), lang)
	}
	return exitOK
}

// showValueMin is the narrowest the value column of catalog show's tables
// wraps to: a narrower terminal wraps the lines that still do not fit.
const showValueMin = 24

// suggest names instance types that contain the query, for a typo.
func suggest(cat *model.Catalog, name, lang string) string {
	q := strings.ToLower(name)
	var near []string
	for i := range cat.Offers {
		if strings.Contains(strings.ToLower(cat.Offers[i].InstanceType), q) {
			near = append(near, cat.Offers[i].Provider+" "+cat.Offers[i].InstanceType)
			if len(near) == 5 {
				break
			}
		}
	}
	if len(near) == 0 {
		return ""
	}
	return tf(tErrSimilar, lang, strings.Join(near, ", "))
}

// writeShow prints every fact of one offer, its GPU and its provider's
// policy, with their sources: the labels and the words of the values in
// lang, the data's own words as they are. Written to a fitWriter, the
// values wrap under their column and the other lines under their text,
// every word and whole URL kept.
func writeShow(w io.Writer, cat *model.Catalog, o *model.Offer, cur model.Currency, lang string) {
	tw := newCLITable(w).fitTo(wrapCol(1, showValueMin))
	unknown := tUnknown.in(lang)
	rowText := func(k, v string) {
		if v == "" {
			v = unknown
		}
		fmt.Fprintf(tw, "%s\t%s\n", k, v)
	}
	row := func(k cliMsg, v string) { rowText(k.in(lang), v) }
	price := func(v float64) string { return priceCell(cat, v, o.Currency, cur, "", lang) }
	rng := func(lo, hi float64) string {
		if lo <= 0 {
			return ""
		}
		if hi > lo {
			return price(lo) + " – " + price(hi)
		}
		return price(lo)
	}
	name := o.Provider
	if p, ok := cat.Policies[o.Provider]; ok && p.Name != "" {
		name = p.Name + fmt.Sprintf(tCatPath.in(lang), o.Provider)
	}
	row(tCatProvider, name)
	row(tCatInstance, o.InstanceType)
	row(tCatRegions, strings.Join(o.Regions, ", "))
	row(tCatGPU, o.GPU)
	count := ""
	if o.GPUCount > 0 {
		count = strconv.Itoa(o.GPUCount)
		if o.GPUFraction > 0 && o.GPUFraction < 1 {
			count += fmt.Sprintf(tCatSliceOf.in(lang), model.FormatNumber(math.Round(o.GPUFraction*1000)/1000))
		}
	}
	row(tCatGPUCount, count)
	row(tCatVRAM, strings.TrimSuffix(gbCell(o.VRAMGiB), "-"))
	if o.VRAMGiB > 0 {
		// What a fit uses: the driver's usable memory where a source
		// measured it, else the marketed figure read as decimal GB.
		var g *model.GPU
		if gg, ok := cat.GPUs[o.GPU]; ok {
			g = &gg
		}
		u, measured := g.Usable(o.VRAMGiB)
		how := tCatNotMeasured.in(lang)
		if measured {
			how = fmt.Sprintf(tCatMeasured.in(lang), g.UsableSource)
		}
		row(tCatUsable, fmt.Sprintf(tCatUsableValue.in(lang), model.FormatNumber(math.Round(u*100)/100), how))
	}
	row(tCatVCPUs, strings.TrimSuffix(numCell(o.VCPUs), "-"))
	row(tCatMemory, strings.TrimSuffix(gbCell(o.MemoryGiB), "-"))
	row(tCatCurrency, string(o.Currency))
	row(tCatOnDemand, rng(o.OnDemand, o.Detail().OnDemandMax))
	spot := rng(o.Spot, o.Detail().SpotMax)
	if spot == "" {
		spot = tCatNoneListed.in(lang)
	}
	row(tCatSpot, spot)
	for l := range model.NumListedPlans {
		if v := o.Detail().Plan(l); v > 0 {
			rowText(l.Name().In(isZH(lang)), price(v))
		}
	}
	showPriceFacts(o, rowText, lang)
	row(tCatPriceDate, o.PriceDate)
	if o.Detail().PriceDateNote != "" {
		row(tCatPriceDate, o.Detail().PriceDateNote)
	}
	if live, ok := liveOf(cat, o); ok {
		row(tCatFetched, live.text(o.Provider, lang))
	}
	if po := o.Detail().PriceOrigins; len(po) > 0 {
		row(tCatPriceOrigins, priceOriginsText(po, lang))
	}
	if note := o.PriceNoteText(isZH(lang)); note != "" {
		row(tCatPriceNote, note)
	}
	row(tCatFormFactor, formName(o.Detail().FormFactor, lang))
	row(tCatInterconnect, linkName(o.Interconnect, lang))
	if o.Detail().InterconnectNote != "" {
		row(tCatAsStated, o.Detail().InterconnectNote)
	}
	row(tCatInterNode, o.NetworkText(isZH(lang)))
	row(tCatRDMA, triName(o.RDMA, lang))
	row(tCatVCPUType, vcpuName(o.VCPUType, lang))
	if o.Detail().VCPUNote != "" {
		row(tCatAsStated, o.Detail().VCPUNote)
	}
	row(tCatHyperthread, triName(o.Hyperthreaded, lang))
	row(tCatLocalNVMe, o.LocalDiskText(isZH(lang)))
	row(tCatNVMeWiped, triName(o.LocalNVMeWiped, lang))
	if o.Marketplace {
		row(tCatMarketplace, tCatMarketplaceValue.in(lang))
	}
	if o.Detail().Retired != "" {
		row(tCatRetired, fmt.Sprintf(tCatRetiredValue.in(lang), o.Detail().Retired, o.Detail().RetiredSource))
	}
	if notes := o.NotesText(isZH(lang)); notes != "" {
		row(tCatNotes, notes)
	}
	tw.Flush()
	fmt.Fprintln(w, tCatSources.in(lang))
	for _, s := range o.Sources {
		fmt.Fprintln(w, "  -", s)
	}
	if g := cat.GPUOf(o); g != nil {
		fmt.Fprintf(w, tCatGPUFacts.in(lang)+"\n", g.Name)
		tw = newCLITable(w).fitTo(wrapCol(1, showValueMin))
		f := func(k cliMsg, v float64, unit string) {
			s := unknown
			if v > 0 {
				s = model.FormatNumber(v) + unit
			}
			fmt.Fprintf(tw, "  %s\t%s\n", k.in(lang), s)
		}
		fmt.Fprintf(tw, tCatVendorArch.in(lang)+"\n", orUnknown(g.Vendor, lang), orUnknown(g.Architecture, lang))
		f(tCatGPUMemory, g.VRAMGiB, " GB")
		f(tCatBandwidth, g.MemBandwidthGBs, " GB/s")
		f(tCatFP32, g.FP32TFLOPS, " TFLOPS")
		f(tCatBF16, g.BF16TFLOPS, " TFLOPS")
		f(tCatFP8, g.FP8TFLOPS, " TFLOPS")
		f(tCatINT8, g.INT8TOPS, " TOPS")
		fmt.Fprintf(tw, tCatFP8BF16.in(lang)+"\n", triName(g.FP8, lang), triName(g.BF16, lang))
		nv := triName(g.NVLink, lang)
		if g.NVLinkNote != "" {
			nv = g.NVLinkNote
		}
		fmt.Fprintf(tw, tCatNVLink.in(lang)+"\n", nv)
		tw.Flush()
		fmt.Fprintf(w, tCatSource.in(lang)+"\n", g.Source)
	}
	if p, ok := cat.Policies[o.Provider]; ok {
		writePolicy(w, p, lang)
	}
	if conv := cur != "" && cur != o.Currency; conv {
		if r, ok := cat.Rate(o.Currency, cur); ok {
			fmt.Fprintf(w, tCatShowConverted.in(lang)+"\n", r.From, model.FormatNumber(r.Rate), r.To, r.Date, firstWord(r.Source))
		}
	}
}

// writePolicy prints the provider facts that change a choice, in lang
// (the sources and the provider's own words as they are).
func writePolicy(w io.Writer, p model.Policy, lang string) {
	fmt.Fprintf(w, tCatPolicy.in(lang)+"\n", p.Name)
	disc := func(k string, d model.Discount) {
		if d.Fraction <= 0 {
			return
		}
		s := fmt.Sprintf(tCatOff.in(lang), model.FormatNumber(math.Round(d.Fraction*1000)/10))
		if d.UpTo {
			s = fmt.Sprintf(tCatUpTo.in(lang), s)
		}
		if d.OfMonthly {
			s = fmt.Sprintf(tCatOfMonthly.in(lang), s)
		}
		fmt.Fprintf(w, tCatPolicyLine.in(lang)+"\n", k, s, d.Source)
	}
	disc(tCatCommit1y.in(lang), p.Commit1y)
	disc(tCatCommit3y.in(lang), p.Commit3y)
	disc(tCatCommitMax.in(lang), p.CommitMax)
	disc(tCatCommitMonthly.in(lang), p.CommitMonthly)
	disc(priceModelName(model.PriceSpot, lang), p.SpotDiscountMax)
	if p.SpotNoticeSeconds > 0 {
		fmt.Fprintf(w, tCatSpotNotice.in(lang)+"\n", model.FormatNumber(p.SpotNoticeSeconds))
	}
	if p.PreemptibleMaxHours > 0 {
		fmt.Fprintf(w, tCatPreemptMax.in(lang)+"\n", model.FormatNumber(p.PreemptibleMaxHours))
	}
	if p.BillingGranularity != "" {
		fmt.Fprintf(w, tCatBilling.in(lang)+"\n", billingName(p.BillingGranularity, lang))
	}
	if p.EgressKnown {
		var tiers []string
		for _, t := range p.EgressTiers {
			band := tCatEgressBeyond.in(lang)
			if t.UpToGB > 0 {
				band = fmt.Sprintf(tCatEgressTo.in(lang), model.FormatNumber(t.UpToGB))
			}
			tiers = append(tiers, fmt.Sprintf(tCatEgressTier.in(lang), band, p.Currency.Symbol()+model.FormatNumber(t.PerGB)))
		}
		free := ""
		if p.EgressFreeGBMonth > 0 {
			free = fmt.Sprintf(tCatEgressFree.in(lang), model.FormatNumber(p.EgressFreeGBMonth))
		}
		fmt.Fprintf(w, tCatEgress.in(lang)+"\n", strings.Join(tiers, tListSep.in(lang)), free)
		if p.EgressNote != "" {
			fmt.Fprintf(w, tCatEgressStated.in(lang)+"\n", p.EgressNote)
		}
	}
	if p.BlockStorageGBMonth > 0 {
		fmt.Fprintf(w, tCatBlockStorage.in(lang)+"\n", p.Currency.Symbol(), model.FormatNumber(p.BlockStorageGBMonth))
	}
}
