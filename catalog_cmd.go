package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

const catalogUsage = `gpupick catalog — browse, check and refresh the GPU catalog.

Usage:
  gpupick catalog list   [--gpu NAME[:N]] [--min-vram 80GB] [--provider a,b] [--region TEXT]
                         [--max-price 2.5] [--format table|json] [--currency USD|CNY]
  gpupick catalog show   INSTANCE [--provider KEY] [--format text|json]
  gpupick catalog stats  [--format text|json]
  gpupick catalog import --skypilot DIR --date YYYY-MM-DD [--allow-shrink]
                         (DIR e.g. ~/.sky/catalogs/v8; --date: the day it was fetched)
  gpupick catalog update [--base-url URL] [--timeout 5m] [--allow-shrink]
                         (or GPUPICK_CATALOG_URL)

Every subcommand takes --catalog FILE (an overlay with private offers or
negotiated prices), --cache-dir DIR and --config-dir DIR.

Import and update refuse to replace a provider's offers with fewer than
half as many (a header-only or cut CSV) unless --allow-shrink is given.
Exit codes: 0 success, 1 a failure while running (network, disk), 2 bad
input (a bad flag, overlay file, import folder or URL).
`

// catalogFlags are the flags every catalog subcommand takes.
type catalogFlags struct {
	overlay   string
	currency  string
	cacheDir  string
	configDir string
	format    string
}

func (c *catalogFlags) register(fs *flag.FlagSet, formats string) {
	fs.StringVar(&c.overlay, "catalog", "", "overlay `FILE` with private offers or negotiated prices (TOML)")
	fs.StringVar(&c.currency, "currency", "", "display currency: USD or CNY (list: USD; show: the offer's own)")
	fs.StringVar(&c.cacheDir, "cache-dir", "", "folder of imported and updated catalogs (default: the user cache dir)")
	fs.StringVar(&c.configDir, "config-dir", "", "folder of the default overlay catalog.toml (default: the user config dir)")
	if formats != "" {
		fs.StringVar(&c.format, "format", strings.SplitN(formats, "|", 2)[0], "output format: "+formats)
	}
}

// options turns the flags into load options.
func (c *catalogFlags) options() data.LoadOptions {
	return data.LoadOptions{CacheDir: c.cacheDir, ConfigDir: c.configDir, OverlayPath: c.overlay}
}

// load loads the catalog the flags name and prints its load notices (a
// damaged cached catalog) on stderr. On failure it prints the error and
// returns a nil catalog and the exit code: 2 for bad input (a bad or
// unreadable --catalog file), 1 otherwise.
func (c *catalogFlags) load(stderr io.Writer, cmd string) (*model.Catalog, int) {
	cat, err := data.Load(c.options())
	if err != nil {
		return nil, catalogFail(stderr, exitCode(err), cmd, err)
	}
	for _, n := range cat.Info.Warnings {
		fmt.Fprintln(stderr, "gpupick:", n)
	}
	return cat, exitOK
}

// exitCode is 2 for an error caused by the user's input, else 1.
func exitCode(err error) int {
	if data.IsInput(err) {
		return exitUsage
	}
	return exitFail
}

// check validates --currency and --format; the error names the flag.
func (c *catalogFlags) check(formats string) (model.Currency, error) {
	var cur model.Currency
	if c.currency != "" {
		var err error
		if cur, err = model.ParseCurrency(c.currency); err != nil {
			return "", fmt.Errorf("--currency %q: unknown currency (use USD or CNY)", c.currency)
		}
	}
	if formats != "" && !containsWord(strings.Split(formats, "|"), c.format) {
		return "", fmt.Errorf("--format %q: unknown format (use %s)", c.format, strings.ReplaceAll(formats, "|", " or "))
	}
	return cur, nil
}

// containsWord reports whether list holds s.
func containsWord(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// runCatalog implements `gpupick catalog list|show|stats|import|update`.
func runCatalog(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "gpupick catalog: missing subcommand (use list, show, stats, import or update; see gpupick catalog --help)")
		return exitUsage
	}
	switch args[0] {
	case "list":
		return catalogList(args[1:], stdout, stderr)
	case "show":
		return catalogShow(args[1:], stdout, stderr)
	case "stats":
		return catalogStats(args[1:], stdout, stderr)
	case "import":
		return catalogImport(args[1:], stdout, stderr)
	case "update":
		return catalogUpdate(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, catalogUsage)
		return exitOK
	}
	fmt.Fprintf(stderr, "gpupick catalog: unknown subcommand %q (use list, show, stats, import or update)\n", args[0])
	return exitUsage
}

// catalogFail prints a one-line error and returns the exit code.
func catalogFail(stderr io.Writer, code int, cmd string, err error) int {
	fmt.Fprintf(stderr, "gpupick catalog %s: %v\n", cmd, err)
	return code
}

// displayPrice converts an amount to the display currency (cur "" keeps the
// offer's own). converted says whether a rate was applied; ok is false when
// no rate is known.
func displayPrice(cat *model.Catalog, v float64, from, cur model.Currency) (amount float64, converted, ok bool) {
	if cur == "" || from == cur || v <= 0 {
		return v, false, true
	}
	a, ok := cat.Convert(v, from, cur)
	return a, ok, ok
}

// priceCell formats an hourly price for the table: "unknown" for 0,
// "≈" before a converted price.
func priceCell(cat *model.Catalog, v float64, from, cur model.Currency, unknown string) string {
	if v <= 0 {
		return unknown
	}
	a, conv, ok := displayPrice(cat, v, from, cur)
	if !ok {
		return "no rate"
	}
	if cur == "" {
		cur = from
	}
	s := cur.Symbol() + strconv.FormatFloat(a, 'f', priceDigits(a), 64)
	if conv {
		s = "≈" + s
	}
	return s
}

// priceDigits picks decimals for a price.
func priceDigits(v float64) int {
	switch {
	case v >= 100:
		return 1
	case v >= 1:
		return 2
	}
	return 3
}

// gpuQuery is a parsed --gpu NAME[:N].
type gpuQuery struct {
	name  string
	count int
}

// parseGPUQuery reads NAME or NAME:N.
func parseGPUQuery(s string) (gpuQuery, error) {
	name, n, hasN := strings.Cut(s, ":")
	q := gpuQuery{name: strings.TrimSpace(name)}
	if strings.IndexFunc(q.name, func(r rune) bool { return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) < 0 {
		return q, fmt.Errorf("--gpu %q: no GPU name (use a name such as H100, A6000 or RTX4090, optionally :N for the count)", s)
	}
	if hasN {
		c, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || c < 1 {
			return q, fmt.Errorf("--gpu %q: %q is not a GPU count (use NAME:N such as H100:8)", s, n)
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

// listFilter holds catalog list's filters.
type listFilter struct {
	gpu       *gpuQuery
	minVRAM   float64
	providers map[string]bool
	region    string
	maxPrice  float64
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
	if f.region != "" {
		hit := false
		for _, r := range o.Regions {
			if strings.Contains(strings.ToLower(r), f.region) {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	if f.maxPrice > 0 {
		p, _, ok := displayPrice(cat, o.OnDemand, o.Currency, cur)
		if !ok || o.OnDemand <= 0 || p > f.maxPrice {
			return false
		}
	}
	return true
}

// listOffer is one offer of `catalog list --format json`: every offer field
// plus the price in the display currency.
type listOffer struct {
	model.Offer
	Display *listDisplay `json:"display,omitempty"`
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

func catalogList(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("catalog list")
	var cf catalogFlags
	cf.register(fs, "table|json")
	gpu := fs.String("gpu", "", "GPU `NAME` or NAME:N (e.g. H100, A6000, RTX4090:2)")
	minVRAM := fs.String("min-vram", "", "least memory per GPU, e.g. 24GB or 80")
	providers := fs.String("provider", "", "comma-separated provider keys, e.g. aws,gcp,alibaba")
	region := fs.String("region", "", "keep offers with a region containing `TEXT`")
	maxPrice := fs.String("max-price", "", "highest on-demand price per hour in the display currency, e.g. 2.5")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nList flags:\n", stdout, stderr); !ok {
		return code
	}
	cur, err := cf.check("table|json")
	if err != nil {
		return catalogFail(stderr, exitUsage, "list", err)
	}
	if cur == "" {
		cur = model.USD // one column, one currency; CNY offers are converted and marked
	}
	var f listFilter
	if *gpu != "" {
		q, err := parseGPUQuery(*gpu)
		if err != nil {
			return catalogFail(stderr, exitUsage, "list", err)
		}
		f.gpu = &q
	}
	if *minVRAM != "" {
		v, err := model.ParseSize("min-vram", *minVRAM)
		if err != nil || v <= 0 {
			return catalogFail(stderr, exitUsage, "list", fmt.Errorf("--min-vram %q: not a memory size (use e.g. 24GB or 80)", *minVRAM))
		}
		f.minVRAM = v
	}
	if *maxPrice != "" {
		v, err := strconv.ParseFloat(strings.TrimLeft(strings.TrimSpace(*maxPrice), "$¥"), 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			return catalogFail(stderr, exitUsage, "list", fmt.Errorf("--max-price %q: not a price (use a number per hour, e.g. 2.5)", *maxPrice))
		}
		f.maxPrice = v
	}
	f.region = strings.ToLower(strings.TrimSpace(*region))
	cat, code := cf.load(stderr, "list")
	if cat == nil {
		return code
	}
	if *providers != "" {
		f.providers = map[string]bool{}
		known := knownProviders(cat)
		for _, p := range strings.Split(strings.ToLower(*providers), ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			if !known[p] {
				return catalogFail(stderr, exitUsage, "list", fmt.Errorf("--provider %q: unknown provider (use comma-separated keys among %s)", p, strings.Join(sortedKeys(known), ", ")))
			}
			f.providers[p] = true
		}
	}
	var offers []*model.Offer
	for i := range cat.Offers {
		if f.keep(cat, &cat.Offers[i], cur) {
			offers = append(offers, &cat.Offers[i])
		}
	}
	sortForList(cat, offers)
	if cf.format == "json" {
		return writeListJSON(stdout, stderr, cat, offers, cur)
	}
	writeListTable(stdout, cat, offers, cur)
	return exitOK
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
func writeListJSON(stdout, stderr io.Writer, cat *model.Catalog, offers []*model.Offer, cur model.Currency) int {
	out := make([]listOffer, 0, len(offers))
	for _, o := range offers {
		lo := listOffer{Offer: *o}
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
		out = append(out, lo)
	}
	if err := writeJSON(stdout, out); err != nil {
		return catalogFail(stderr, exitFail, "list", err)
	}
	return exitOK
}

// writeJSON prints v as indented JSON (UTF-8 and < > & left as they are).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// round5 rounds a converted price to 5 decimals.
func round5(v float64) float64 { return math.Round(v*1e5) / 1e5 }

// writeListTable prints the offers as a table in the spirit of SkyPilot's
// `sky show-gpus`, with interconnect and vCPU type added.
func writeListTable(w io.Writer, cat *model.Catalog, offers []*model.Offer, cur model.Currency) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GPU\tQTY\tPROVIDER\tINSTANCE\tVRAM\tvCPUs\tRAM\tPRICE/h\tSPOT/h\tREGIONS\tLINK\tvCPU TYPE")
	converted := false
	for _, o := range offers {
		gpu := o.GPU
		if gpu == "" {
			gpu = "unknown"
		}
		qty := "-"
		if o.GPUCount > 0 {
			qty = strconv.Itoa(o.GPUCount)
			if o.GPUFraction > 0 && o.GPUFraction < 1 {
				qty = model.FormatNumber(math.Round(o.GPUFraction*1000)/1000) + " (slice)"
			}
		}
		od := priceCell(cat, o.OnDemand, o.Currency, cur, "unknown")
		sp := priceCell(cat, o.Spot, o.Currency, cur, "-")
		if strings.HasPrefix(od, "≈") || strings.HasPrefix(sp, "≈") {
			converted = true
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			gpu, qty, o.Provider, o.InstanceType, gib(o.VRAMGiB), num(o.VCPUs), gib(o.MemoryGiB), od, sp,
			regionsCell(o.Regions), orUnknown(string(o.Interconnect)), orUnknown(string(o.VCPUType)))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d offers. Prices per hour for the whole instance; %s.\n", len(offers), snapshotLine(cat))
	if converted {
		if r, ok := cat.Rate(model.USD, model.CNY); ok {
			fmt.Fprintf(w, "≈ converted at 1 USD = %s CNY (%s, %s)\n", model.FormatNumber(r.Rate), r.Date, firstWord(r.Source))
		}
	}
}

// snapshotLine says which catalog the listing comes from and how old it is.
func snapshotLine(cat *model.Catalog) string {
	s := fmt.Sprintf("catalog %s, snapshot read %s", cat.Info.Origin, cat.Info.SnapshotDate)
	if cat.Info.Path != "" {
		s += " (" + cat.Info.Path + ")"
	}
	return s
}

// firstWord returns the first space-separated word (a source's URL).
func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i > 0 {
		return s[:i]
	}
	return s
}

// gib formats a size in GiB, "-" when unknown.
func gib(v float64) string {
	if v <= 0 {
		return "-"
	}
	return model.FormatNumber(math.Round(v*10)/10) + "GB"
}

// num formats a count, "-" when unknown.
func num(v float64) string {
	if v <= 0 {
		return "-"
	}
	return model.FormatNumber(v)
}

// orUnknown shows an empty fact as "unknown".
func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// regionsCell shows the first region and how many more.
func regionsCell(rs []string) string {
	switch len(rs) {
	case 0:
		return "-"
	case 1:
		return rs[0]
	}
	return fmt.Sprintf("%s +%d", rs[0], len(rs)-1)
}

// knownProviders is the set of providers with offers or a policy.
func knownProviders(cat *model.Catalog) map[string]bool {
	known := map[string]bool{}
	for i := range cat.Offers {
		known[cat.Offers[i].Provider] = true
	}
	return known
}

// sortedKeys returns a set's keys in order.
func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func catalogShow(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("catalog show")
	var cf catalogFlags
	cf.register(fs, "text|json")
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
			model.Offer
			GPUFacts *model.GPU    `json:"gpu_facts,omitempty"`
			Policy   *model.Policy `json:"policy,omitempty"`
		}
		out := make([]shown, 0, len(hits))
		for _, o := range hits {
			s := shown{Offer: *o, GPUFacts: cat.GPUOf(o)}
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
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
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
	row("vram per gpu", strings.TrimSuffix(gib(o.VRAMGiB), "-"))
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
	row("vcpus", strings.TrimSuffix(num(o.VCPUs), "-"))
	row("memory", strings.TrimSuffix(gib(o.MemoryGiB), "-"))
	row("currency", string(o.Currency))
	row("on-demand /h", rng(o.OnDemand, o.OnDemandMax))
	spot := rng(o.Spot, o.SpotMax)
	if spot == "" {
		spot = "none listed"
	}
	row("spot /h", spot)
	for _, p := range []struct {
		k string
		v float64
	}{{"daily", o.Daily}, {"weekly", o.Weekly}, {"monthly", o.Monthly}, {"yearly", o.Yearly}} {
		if p.v > 0 {
			row(p.k, price(p.v))
		}
	}
	showPriceFacts(o, row)
	row("price date", o.PriceDate)
	if o.PriceDateNote != "" {
		row("price date", o.PriceDateNote)
	}
	if o.PriceNote != "" {
		row("price note", o.PriceNote)
	}
	row("form factor", o.FormFactor)
	row("interconnect", string(o.Interconnect))
	if o.InterconnectNote != "" {
		row("  as stated", o.InterconnectNote)
	}
	row("inter-node network", o.InterNodeNetwork)
	row("gpudirect rdma", o.RDMA.String())
	row("vcpu type", string(o.VCPUType))
	if o.VCPUNote != "" {
		row("  as stated", o.VCPUNote)
	}
	row("vcpu = hyperthread", o.Hyperthreaded.String())
	row("local nvme", o.LocalNVMe)
	row("local nvme wiped on stop", o.LocalNVMeWiped.String())
	if o.Marketplace {
		row("marketplace", "yes: third-party hosts; availability and prices vary by host")
	}
	if o.Notes != "" {
		row("notes", o.Notes)
	}
	tw.Flush()
	fmt.Fprintln(w, "sources:")
	for _, s := range o.Sources {
		fmt.Fprintln(w, "  -", s)
	}
	if g := cat.GPUOf(o); g != nil {
		fmt.Fprintf(w, "gpu facts (%s):\n", g.Name)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
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
		func(o *model.Offer) string { return o.InterconnectNote }},
	{"vcpu_type", "whether the host CPUs are dedicated, shared, a container or a marketplace host",
		func(o *model.Offer) bool { return o.VCPUType != model.VCPUUnknown },
		func(o *model.Offer) string { return o.VCPUNote }},
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
		return o.OnDemand == 0 && o.Monthly == 0 && o.Daily == 0 && o.Weekly == 0 && o.Yearly == 0
	}},
	{"spot_hourly", func(o *model.Offer) bool { return o.Spot == 0 }},
	{"regions", func(o *model.Offer) bool { return len(o.Regions) == 0 }},
	{"form_factor", func(o *model.Offer) bool { return o.FormFactor == "" }},
	{"interconnect", func(o *model.Offer) bool { return o.Interconnect == model.InterconnectUnknown }},
	{"rdma", func(o *model.Offer) bool { return o.RDMA == model.Unknown }},
	{"vcpu_type", func(o *model.Offer) bool { return o.VCPUType == model.VCPUUnknown }},
	{"vcpu_hyperthread", func(o *model.Offer) bool { return o.Hyperthreaded == model.Unknown }},
	{"local_nvme", func(o *model.Offer) bool { return o.LocalNVMe == "" }},
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
		case d == "" && o.PriceDateNote != "":
			d = "undated: " + o.PriceDateNote
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

func catalogStats(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("catalog stats")
	var cf catalogFlags
	cf.register(fs, "text|json")
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
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
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
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, f := range statFacts {
		fmt.Fprintf(tw, "  %s\t%5.1f%%\n", f.name, r.Unknown[f.name]*100)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nshare of offers with the fact known (a hard requirement on a fact passes only offers where it is known):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
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

func catalogImport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("catalog import")
	var cf catalogFlags
	cf.register(fs, "")
	dir := fs.String("skypilot", "", "SkyPilot catalog `DIR` (e.g. ~/.sky/catalogs/v8, or catalogs/v9 of a skypilot-catalog checkout)")
	date := fs.String("date", "", "the day the catalog was fetched, `YYYY-MM-DD` (required: SkyPilot's CSVs carry no date, and a file's\n"+
		"modification time says when it was copied, not when the prices were read; in a checkout: git log -1 --format=%cs)")
	allowShrink := fs.Bool("allow-shrink", false, "replace a provider's offers even when the import has fewer than half as many")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nImport flags:\n", stdout, stderr); !ok {
		return code
	}
	if *dir == "" {
		return catalogFail(stderr, exitUsage, "import", fmt.Errorf("--skypilot DIR is required (a SkyPilot catalog folder such as ~/.sky/catalogs/v8)"))
	}
	res, err := data.ImportSkyPilot(data.ImportOptions{Dir: *dir, CacheDir: cf.options().CacheDir, Date: *date, AllowShrink: *allowShrink})
	if err != nil {
		return catalogFail(stderr, exitCode(err), "import", err)
	}
	writeImport(stdout, "imported", res)
	return exitOK
}

func catalogUpdate(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("catalog update")
	var cf catalogFlags
	cf.register(fs, "")
	base := fs.String("base-url", "", "HTTPS `URL` of a SkyPilot catalog version folder (default $"+data.UpdateURLEnv+", else "+data.DefaultUpdateURL+")")
	maxMB := fs.Int("max-mb", data.DefaultMaxDownload>>20, "largest CSV to download, in MiB")
	timeout := fs.Duration("timeout", 5*time.Minute, "give up on the whole update after this long, e.g. 2m")
	allowShrink := fs.Bool("allow-shrink", false, "replace a provider's offers even when the download has fewer than half as many")
	if code, ok := parseFlags(fs, args, catalogUsage+"\nUpdate flags:\n", stdout, stderr); !ok {
		return code
	}
	if *maxMB < 1 {
		return catalogFail(stderr, exitUsage, "update", fmt.Errorf("--max-mb %d: want a size in MiB, 1 or more", *maxMB))
	}
	if *timeout <= 0 {
		return catalogFail(stderr, exitUsage, "update", fmt.Errorf("--timeout %v: want a positive duration such as 2m", *timeout))
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	res, err := data.Update(ctx, data.UpdateOptions{
		BaseURL: *base, CacheDir: cf.options().CacheDir, MaxBytes: int64(*maxMB) << 20, Client: updateClient,
		AllowShrink: *allowShrink,
	})
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%w; --timeout %v ran out (give a longer one, e.g. --timeout 10m)", err, *timeout)
	}
	if err != nil {
		return catalogFail(stderr, exitCode(err), "update", err)
	}
	writeImport(stdout, "updated", res)
	return exitOK
}

// writeImport summarises an import or update.
func writeImport(w io.Writer, what string, res *data.ImportResult) {
	fmt.Fprintf(w, "%s %d offers of %s into %s (snapshot %s)\n", what, res.Offers, strings.Join(res.Providers, ", "), res.Dir, res.SnapshotDate)
	if len(res.Skipped) > 0 {
		fmt.Fprintf(w, "not in the source, kept from the embedded catalog: %s\n", strings.Join(res.Skipped, ", "))
	}
	for _, r := range res.Report {
		fmt.Fprintln(w, "  -", r)
	}
}

// updateClient is the HTTP client `catalog update` uses (nil: the data
// package's default); tests point it at an httptest server.
var updateClient *http.Client
