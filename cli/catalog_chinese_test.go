package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// showSamples picks the offers whose `catalog show` the Chinese tests
// read under -short (else they read every offer's): the first offer of each provider, and the first with each fact
// that adds rows or words (a GPU slice, a marketplace host, a retirement,
// a firm commitment, spot zones, a price or price-date note, an "other"
// form factor, each interconnect and vCPU kind).
func showSamples(cat *model.Catalog) []*model.Offer {
	var out []*model.Offer
	seen := map[string]bool{}
	pick := func(key string, o *model.Offer) {
		if !seen[key] {
			seen[key] = true
			if !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		d := o.Detail()
		pick("provider "+o.Provider, o)
		pick("link "+string(o.Interconnect), o)
		pick("vcpu "+string(o.VCPUType), o)
		pick("form "+d.FormFactor, o)
		for key, has := range map[string]bool{
			"slice":       o.GPUFraction > 0 && o.GPUFraction < 1,
			"marketplace": o.Marketplace,
			"retired":     d.Retired != "",
			"firm":        d.Commit1yOff > 0 || d.Commit3yOff > 0,
			"spot zones":  len(d.SpotZones) > 0,
			"price note":  d.PriceNote != "",
			"date note":   d.PriceDateNote != "",
			"monthly":     d.Monthly > 0,
			"daily":       d.Daily > 0,
		} {
			if has {
				pick(key, o)
			}
		}
	}
	return out
}

// addShown allows the data's own words `catalog show` prints for o: the
// offer's facts and notes as its source gives them, its GPU's facts and
// its provider's policy.
func addShown(n *dataNames, cat *model.Catalog, o *model.Offer) {
	n.offer(o.Provider, o.InstanceType)
	d := o.Detail()
	for _, s := range append(slices.Clone(o.Sources), o.InterNodeNetwork, o.Notes, d.FormFactor, d.PriceNote, d.PriceDateNote,
		d.InterconnectNote, d.VCPUNote, d.Retired, d.RetiredSource, d.CommitSource, d.OnDemandRegion, d.InterruptionDate) {
		n.add(s)
	}
	for _, z := range d.SpotZones {
		n.add(z.Zone)
	}
	for _, po := range d.PriceOrigins {
		n.add(po.Source)
		n.add(po.Place)
	}
	for _, b := range d.Interruption {
		n.add(b.Region)
	}
	// The name of the data set the interruption buckets come from.
	n.add("AWS Spot Instance Advisor")
	if g := cat.GPUOf(o); g != nil {
		for _, s := range []string{g.Name, g.Vendor, g.Architecture, g.NVLinkNote, g.Source, g.UsableSource} {
			n.add(s)
		}
	}
	if p, ok := cat.Policies[o.Provider]; ok {
		n.add(p.Name)
		n.add(p.EgressNote)
		n.add(p.BillingGranularity) // a granularity without a Chinese word prints as the data spells it
		for _, dd := range []model.Discount{p.Commit1y, p.Commit3y, p.CommitMax, p.CommitMonthly, p.SpotDiscountMax} {
			n.add(dd.Source)
		}
	}
}

// catalogChineseRuns are the catalog commands the Chinese tests run, with
// what each needs allowed beyond the names every output may show.
func catalogChineseRuns(cat *model.Catalog) []struct {
	args  []string
	allow func(n *dataNames)
} {
	all := func(n *dataNames) {
		for i := range cat.Offers {
			n.offer(cat.Offers[i].Provider, cat.Offers[i].InstanceType)
		}
	}
	runs := []struct {
		args  []string
		allow func(n *dataNames)
	}{
		{[]string{"catalog", "list"}, all},
		{[]string{"catalog", "list", "--currency", "CNY", "--gpu", "H100"}, all},
		{[]string{"catalog", "stats"}, func(n *dataNames) {
			for _, p := range cat.Policies {
				n.add(p.Name)
			}
			for _, s := range buildSpotStats(cat) { // the worst spot price's instance and zone
				n.add(s.WorstType)
				n.add(s.WorstAt)
			}
			for i := range cat.Offers {
				n.add(cat.Offers[i].Detail().PriceDateNote)
			}
			for _, s := range buildSourceStats(cat) { // the sources of the offers' prices
				n.add(s.Source)
				n.add(sourceShort(s.Source)) // a row's short form of it
			}
			for _, c := range data.CleaningReport() {
				n.add(c)
			}
			for _, w := range cat.Info.Warnings {
				n.add(w)
			}
		}},
	}
	// Every offer's show (-short: the samples).
	shown := make([]*model.Offer, len(cat.Offers))
	for i := range cat.Offers {
		shown[i] = &cat.Offers[i]
	}
	if testing.Short() {
		shown = showSamples(cat)
	}
	for _, o := range shown {
		// The offer in its own currency, and converted to the other one
		// (the rate's line).
		other := model.CNY
		if o.Currency == model.CNY {
			other = model.USD
		}
		for _, cur := range []model.Currency{"", other} {
			args := []string{"catalog", "show", o.InstanceType, "--provider", o.Provider}
			if cur != "" {
				args = append(args, "--currency", string(cur))
			}
			runs = append(runs, struct {
				args  []string
				allow func(n *dataNames)
			}{args, func(n *dataNames) { addShown(n, cat, o) }})
		}
	}
	return runs
}

// TestCatalogCommandsChinese runs catalog list, show and stats with --lang
// zh and scans their output for English, as TestCLICommandsChinese does
// for recommend: every word in Latin letters must be a unit, a technical
// name, a figure, or the data's own words (a provider, instance, region,
// GPU, a source, a note quoted as the source gives it).
func TestCatalogCommandsChinese(t *testing.T) {
	isolate(t)
	// Wide enough that no table cuts a name: a cut name is no word of the
	// data (TestTablesFitTheWidth checks the cuts).
	t.Setenv("COLUMNS", "1000")
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	runs := catalogChineseRuns(cat)
	if len(runs) < 20 {
		t.Fatalf("only %d runs: the samples miss offers", len(runs))
	}
	for _, r := range runs {
		name := strings.Join(r.args, " ")
		names := newDataNames(cat)
		r.allow(names)
		code, out, errs := runCLI(t, append(slices.Clone(r.args), "--lang", "zh")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		if english := englishIn(out+errs, names); len(english) > 0 {
			t.Errorf("%s --lang zh: English %q in the Chinese output:\n%s", name, english, out)
		}
	}
}

// displayCols is a line in display columns: one entry per column a
// terminal draws, a wide character's second column marked 0.
func displayCols(line string) []rune {
	var cols []rune
	for _, r := range line {
		cols = append(cols, r)
		for range displayWidth(string(r)) - 1 {
			cols = append(cols, 0)
		}
	}
	return cols
}

// checkAligned reports each row whose cells do not start at the display
// columns where header's cells start, from its cell from on (a label
// column that begins with an indent is skipped with from 1): at each such
// column the row has a character and the two columns before it are
// padding.
func checkAligned(t *testing.T, name, header string, rows []string, from int) {
	t.Helper()
	starts := columnStarts(header)
	if len(starts) <= from {
		t.Fatalf("%s: header %q has %d columns", name, header, len(starts))
	}
	for _, line := range rows {
		cols := displayCols(line)
		for j, s := range starts[from:] {
			if s >= len(cols) {
				t.Errorf("%s: row %q ends before column %d", name, line, from+j+1)
				continue
			}
			if cols[s] == ' ' || cols[s] == 0 || s >= 2 && (cols[s-1] != ' ' || cols[s-2] != ' ') {
				t.Errorf("%s: row %q: column %d does not start at display column %d (header %q)", name, line, from+j+1, s, header)
			}
		}
	}
}

// linesBetween returns the lines after the first that starts with from up
// to (not including) the first after it that starts with to, or is blank
// when to is "".
func linesBetween(t *testing.T, name string, lines []string, from, to string) []string {
	t.Helper()
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, from) })
	if at < 0 {
		t.Fatalf("%s: no line %q", name, from)
	}
	var out []string
	for _, l := range lines[at+1:] {
		if to == "" && strings.TrimSpace(l) == "" || to != "" && strings.HasPrefix(l, to) {
			return out
		}
		out = append(out, l)
	}
	return out
}

// TestCatalogTablesAlignedInChinese: the tables of catalog list, show and
// stats line up in Chinese, wide characters counted as two columns: list's
// and stats' provider table under their headers, show's values and GPU
// facts in one column, stats' shares right-aligned on their "%".
func TestCatalogTablesAlignedInChinese(t *testing.T) {
	isolate(t)
	for _, args := range [][]string{{"catalog", "list"}, {"catalog", "list", "--gpu", "H100", "--currency", "CNY"}} {
		name := strings.Join(args, " ")
		_, out, _ := runCLI(t, append(args, "--lang", "zh")...)
		lines := strings.Split(out, "\n")
		rows := linesBetween(t, name, lines, "GPU ", "")
		if len(rows) < 10 {
			t.Fatalf("%s: %d rows:\n%s", name, len(rows), out)
		}
		checkAligned(t, name, lines[0], rows, 0)
	}
	for _, args := range [][]string{
		{"catalog", "show", "p5.48xlarge"},
		{"catalog", "show", "ecs.gn7i-c8g1.2xlarge", "--currency", "USD"},
		{"catalog", "show", "ecs.sgn7i-vws-m2.xlarge"},
	} {
		name := strings.Join(args, " ")
		code, out, errs := runCLI(t, append(args, "--lang", "zh")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		lines := strings.Split(out, "\n")
		// The facts: every value in the column of the first row's.
		facts := linesBetween(t, name, lines, "服务商 ", "来源：")
		if len(facts) < 15 {
			t.Fatalf("%s: %d fact rows:\n%s", name, len(facts), out)
		}
		checkAligned(t, name, lines[0], facts, 1)
		gpu := linesBetween(t, name, lines, "GPU 参数", "  来源：")
		if len(gpu) < 8 {
			t.Fatalf("%s: %d GPU fact rows:\n%s", name, len(gpu), out)
		}
		checkAligned(t, name, gpu[0], gpu[1:], 1)
	}
	name := "catalog stats"
	_, out, _ := runCLI(t, "catalog", "stats", "--lang", "zh")
	lines := strings.Split(out, "\n")
	providers := linesBetween(t, name, lines, "服务商 ", "")
	if len(providers) < 10 {
		t.Fatalf("%s: %d provider rows:\n%s", name, len(providers), out)
	}
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "服务商 ") })
	checkAligned(t, name, lines[at], providers, 0)
	for _, title := range []string{"该项未知的报价占比", "该项已知的报价占比"} {
		rows := linesBetween(t, name, lines, title, "")
		if len(rows) < 2 {
			t.Fatalf("%s: %d rows under %q:\n%s", name, len(rows), title, out)
		}
		// The share is right-aligned: its "%" in one display column (a
		// row's meaning wrapped onto further lines has no share).
		pct := -1
		for _, r := range rows {
			if strings.HasPrefix(r, "    ") {
				continue
			}
			c := slices.Index(displayCols(r), '%')
			if pct < 0 {
				pct = c
			}
			if c < 0 || c != pct {
				t.Errorf("%s: %q: the share's %% at display column %d, the first row's at %d", name, r, c, pct)
			}
		}
	}
}

// TestCatalogLang: list, show and stats take their language as recommend
// does (--lang, else LC_ALL, LC_MESSAGES or LANG), their JSON is the same
// bytes in every language, and a bad --lang is a usage error naming the
// flag.
func TestCatalogLang(t *testing.T) {
	isolate(t)
	for _, args := range [][]string{
		{"catalog", "list", "--gpu", "H100"},
		{"catalog", "show", "p5.48xlarge"},
		{"catalog", "stats"},
	} {
		name := strings.Join(args, " ")
		_, en, _ := runCLI(t, args...)
		_, enFlag, _ := runCLI(t, append(slices.Clone(args), "--lang", "en")...)
		_, zh, _ := runCLI(t, append(slices.Clone(args), "--lang", "zh")...)
		if en != enFlag {
			t.Errorf("%s: --lang en differs from the default under LANG=C.UTF-8", name)
		}
		if en == zh || !hasHan(zh) || hasHan(strings.Join(englishLabels(en), "")) {
			t.Errorf("%s: --lang zh did not change the text to Chinese:\n%s", name, zh)
		}
		t.Run(name+" LANG", func(t *testing.T) {
			t.Setenv("LANG", "zh_CN.UTF-8")
			if _, got, _ := runCLI(t, args...); got != zh {
				t.Errorf("%s under LANG=zh_CN.UTF-8 is not the --lang zh output", name)
			}
			if _, got, _ := runCLI(t, append(slices.Clone(args), "--lang", "en")...); got != en {
				t.Errorf("%s --lang en under LANG=zh_CN.UTF-8 is not the English output", name)
			}
		})
		format := "json"
		_, js, _ := runCLI(t, append(slices.Clone(args), "--format", format)...)
		_, jsZH, _ := runCLI(t, append(slices.Clone(args), "--format", format, "--lang", "zh")...)
		if js != jsZH || !strings.HasPrefix(js, "[") && !strings.HasPrefix(js, "{") {
			t.Errorf("%s --format json: the Chinese JSON differs from the English (or is not JSON)", name)
		}
		code, out, errs := runCLI(t, append(slices.Clone(args), "--lang", "fr")...)
		if code != exitUsage || out != "" || !strings.Contains(errs, `--lang "fr"`) {
			t.Errorf("%s --lang fr: exit %d, stdout %q, stderr %q; want exit %d naming --lang", name, code, out, errs, exitUsage)
		}
	}
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) >= 0
}

// englishLabels are the first cells of English output's lines (the labels
// and headers the program writes, not the data's words after them).
func englishLabels(out string) []string {
	var labels []string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 && !strings.HasPrefix(l, " ") {
			labels = append(labels, f[0])
		}
	}
	return labels
}
