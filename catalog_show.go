package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// catalogShow prints every fact of one instance with its sources (gpupick catalog show).
func catalogShow(args []string, stdout, stderr io.Writer) int {
	fs, cf := catalogCommand("show", "text|json")
	provider := fs.String("provider", "", "provider `KEY`, when several providers use the instance name")
	// The instance may come before the flags: move it to the end.
	var name string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(stdout, catalogUsage)
			return exitOK
		}
		return catalogFail(stderr, exitUsage, "show", fmt.Errorf("%v (see gpupick catalog --help)", err))
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return catalogFail(stderr, exitUsage, "show", fmt.Errorf("unexpected argument %q (show takes one INSTANCE)", fs.Arg(0)))
	}
	if name == "" {
		return catalogFail(stderr, exitUsage, "show", fmt.Errorf("missing INSTANCE (e.g. gpupick catalog show p5.48xlarge)"))
	}
	cur, err := cf.check("text|json")
	if err != nil {
		return catalogFail(stderr, exitUsage, "show", err)
	}
	cat, code := cf.load(stderr, "show")
	if cat == nil {
		return code
	}
	var hits []*model.Offer
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if strings.EqualFold(o.InstanceType, name) && (*provider == "" || o.Provider == strings.ToLower(*provider)) {
			hits = append(hits, o)
		}
	}
	if len(hits) == 0 {
		return catalogFail(stderr, exitFail, "show", fmt.Errorf("no offer named %q%s (see gpupick catalog list)", name, suggest(cat, name)))
	}
	if cf.format == "json" {
		type shown struct {
			model.OfferFields               // flat: embedding model.Offer would take its MarshalJSON
			GPUFacts          *model.GPU    `json:"gpu_facts,omitempty"`
			Policy            *model.Policy `json:"policy,omitempty"`
		}
		out := make([]shown, 0, len(hits))
		for _, o := range hits {
			s := shown{OfferFields: o.Fields(), GPUFacts: cat.GPUOf(o)}
			if p, ok := cat.Policies[o.Provider]; ok {
				s.Policy = &p
			}
			out = append(out, s)
		}
		if err := writeJSON(stdout, out); err != nil {
			return catalogFail(stderr, exitFail, "show", err)
		}
		return exitOK
	}
	for i, o := range hits {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		writeShow(stdout, cat, o, cur)
	}
	return exitOK
}

// suggest names instance types that contain the query, for a typo.
func suggest(cat *model.Catalog, name string) string {
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
	return "; similar: " + strings.Join(near, ", ")
}

// writeShow prints every fact of one offer, its GPU and its provider's
// policy, with their sources.
func writeShow(w io.Writer, cat *model.Catalog, o *model.Offer, cur model.Currency) {
	tw := newCLITable(w)
	row := func(k, v string) {
		if v == "" {
			v = "unknown"
		}
		fmt.Fprintf(tw, "%s\t%s\n", k, v)
	}
	price := func(v float64) string { return priceCell(cat, v, o.Currency, cur, "") }
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
		name = p.Name + " (" + o.Provider + ")"
	}
	row("provider", name)
	row("instance", o.InstanceType)
	row("regions", strings.Join(o.Regions, ", "))
	row("gpu", o.GPU)
	count := ""
	if o.GPUCount > 0 {
		count = strconv.Itoa(o.GPUCount)
		if o.GPUFraction > 0 && o.GPUFraction < 1 {
			count += fmt.Sprintf(" (a %s slice of one GPU)", model.FormatNumber(math.Round(o.GPUFraction*1000)/1000))
		}
	}
	row("gpu count", count)
	row("vram per gpu", strings.TrimSuffix(gbCell(o.VRAMGiB), "-"))
	if o.VRAMGiB > 0 {
		// What a fit uses: the driver's usable memory where a source
		// measured it, else the marketed figure read as decimal GB.
		var g *model.GPU
		if gg, ok := cat.GPUs[o.GPU]; ok {
			g = &gg
		}
		u, measured := g.Usable(o.VRAMGiB)
		how := "not measured: the marketed figure read as decimal GB, the worse case"
		if measured {
			how = "as the driver reports it: " + g.UsableSource
		}
		row("  usable", fmt.Sprintf("%s GiB (%s)", model.FormatNumber(math.Round(u*100)/100), how))
	}
	row("vcpus", strings.TrimSuffix(numCell(o.VCPUs), "-"))
	row("memory", strings.TrimSuffix(gbCell(o.MemoryGiB), "-"))
	row("currency", string(o.Currency))
	row("on-demand /h", rng(o.OnDemand, o.Detail().OnDemandMax))
	spot := rng(o.Spot, o.Detail().SpotMax)
	if spot == "" {
		spot = "none listed"
	}
	row("spot /h", spot)
	for _, p := range []struct {
		k string
		v float64
	}{{"daily", o.Detail().Daily}, {"weekly", o.Detail().Weekly}, {"monthly", o.Detail().Monthly}, {"yearly", o.Detail().Yearly}} {
		if p.v > 0 {
			row(p.k, price(p.v))
		}
	}
	showPriceFacts(o, row)
	row("price date", o.PriceDate)
	if o.Detail().PriceDateNote != "" {
		row("price date", o.Detail().PriceDateNote)
	}
	if o.Detail().PriceNote != "" {
		row("price note", o.Detail().PriceNote)
	}
	row("form factor", o.Detail().FormFactor)
	row("interconnect", string(o.Interconnect))
	if o.Detail().InterconnectNote != "" {
		row("  as stated", o.Detail().InterconnectNote)
	}
	row("inter-node network", o.InterNodeNetwork)
	row("gpudirect rdma", o.RDMA.String())
	row("vcpu type", string(o.VCPUType))
	if o.Detail().VCPUNote != "" {
		row("  as stated", o.Detail().VCPUNote)
	}
	row("vcpu = hyperthread", o.Hyperthreaded.String())
	row("local nvme", o.Detail().LocalNVMe)
	row("local nvme wiped on stop", o.LocalNVMeWiped.String())
	if o.Marketplace {
		row("marketplace", "yes: third-party hosts; availability and prices vary by host")
	}
	if o.Detail().Retired != "" {
		row("retired", o.Detail().Retired+" (the provider's retirement notice: "+o.Detail().RetiredSource+")")
	}
	if o.Detail().Notes != "" {
		row("notes", o.Detail().Notes)
	}
	tw.Flush()
	fmt.Fprintln(w, "sources:")
	for _, s := range o.Sources {
		fmt.Fprintln(w, "  -", s)
	}
	if g := cat.GPUOf(o); g != nil {
		fmt.Fprintf(w, "gpu facts (%s):\n", g.Name)
		tw = newCLITable(w)
		f := func(k string, v float64, unit string) {
			s := "unknown"
			if v > 0 {
				s = model.FormatNumber(v) + unit
			}
			fmt.Fprintf(tw, "  %s\t%s\n", k, s)
		}
		fmt.Fprintf(tw, "  vendor / architecture\t%s / %s\n", orUnknown(g.Vendor), orUnknown(g.Architecture))
		f("memory", g.VRAMGiB, " GB")
		f("memory bandwidth", g.MemBandwidthGBs, " GB/s")
		f("fp32", g.FP32TFLOPS, " TFLOPS")
		f("bf16/fp16 tensor (dense)", g.BF16TFLOPS, " TFLOPS")
		f("fp8 tensor (dense)", g.FP8TFLOPS, " TFLOPS")
		f("int8 tensor (dense)", g.INT8TOPS, " TOPS")
		fmt.Fprintf(tw, "  fp8 / bf16 support\t%s / %s\n", g.FP8, g.BF16)
		nv := g.NVLink.String()
		if g.NVLinkNote != "" {
			nv = g.NVLinkNote
		}
		fmt.Fprintf(tw, "  nvlink\t%s\n", nv)
		tw.Flush()
		fmt.Fprintln(w, "  source:", g.Source)
	}
	if p, ok := cat.Policies[o.Provider]; ok {
		writePolicy(w, p)
	}
	if conv := cur != "" && cur != o.Currency; conv {
		if r, ok := cat.Rate(o.Currency, cur); ok {
			fmt.Fprintf(w, "≈ prices converted at 1 %s = %s %s (%s, %s)\n", r.From, model.FormatNumber(r.Rate), r.To, r.Date, firstWord(r.Source))
		}
	}
}

// writePolicy prints the provider facts that change a choice.
func writePolicy(w io.Writer, p model.Policy) {
	fmt.Fprintf(w, "provider policy (%s):\n", p.Name)
	disc := func(k string, d model.Discount) {
		if d.Fraction <= 0 {
			return
		}
		s := fmt.Sprintf("%s%% off", model.FormatNumber(math.Round(d.Fraction*1000)/10))
		if d.UpTo {
			s = "up to " + s
		}
		if d.OfMonthly {
			s += " the monthly list price"
		}
		fmt.Fprintf(w, "  %s: %s — %s\n", k, s, d.Source)
	}
	disc("commitment, 1 year", p.Commit1y)
	disc("commitment, 3 years", p.Commit3y)
	disc("commitment, largest", p.CommitMax)
	disc("monthly plan", p.CommitMonthly)
	disc("spot", p.SpotDiscountMax)
	if p.SpotNoticeSeconds > 0 {
		fmt.Fprintf(w, "  spot notice: %s s\n", model.FormatNumber(p.SpotNoticeSeconds))
	}
	if p.PreemptibleMaxHours > 0 {
		fmt.Fprintf(w, "  preemptible max runtime: %s h\n", model.FormatNumber(p.PreemptibleMaxHours))
	}
	if p.BillingGranularity != "" {
		fmt.Fprintf(w, "  billing: %s\n", p.BillingGranularity)
	}
	if p.EgressKnown {
		var tiers []string
		for _, t := range p.EgressTiers {
			band := "beyond"
			if t.UpToGB > 0 {
				band = "to " + model.FormatNumber(t.UpToGB) + " GB"
			}
			tiers = append(tiers, fmt.Sprintf("%s %s/GB", band, p.Currency.Symbol()+model.FormatNumber(t.PerGB)))
		}
		free := ""
		if p.EgressFreeGBMonth > 0 {
			free = fmt.Sprintf(" (first %s GB a month free)", model.FormatNumber(p.EgressFreeGBMonth))
		}
		fmt.Fprintf(w, "  egress: %s%s\n", strings.Join(tiers, ", "), free)
		if p.EgressNote != "" {
			fmt.Fprintf(w, "    as stated: %s\n", p.EgressNote)
		}
	}
	if p.BlockStorageGBMonth > 0 {
		fmt.Fprintf(w, "  block storage: %s%s per GB-month\n", p.Currency.Symbol(), model.FormatNumber(p.BlockStorageGBMonth))
	}
}
