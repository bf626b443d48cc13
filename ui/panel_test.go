package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/model"
)

// detailOf is the plain text of the selected offer's detail once the
// offers are filtered by f.
func detailOf(t *testing.T, m Model, f string) string {
	t.Helper()
	m = press(t, m, "ctrl+o", "/", f, "enter")
	if m.offers.selected() == nil {
		t.Fatalf("no offer matches %q", f)
	}
	lines := newDetailView(&m).Render(200, 0)
	for i, l := range lines {
		lines[i] = strings.TrimRight(ansi.Strip(l), " ")
	}
	return strings.Join(lines, "\n")
}

func TestHiddenCostWords(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(a *model.Answers)
		filter string
		want   []string
	}{
		{"nothing stored or sent", nil, "gcp g2", []string{"storage none · egress none"}},
		{"egress within the free allowance", func(a *model.Answers) { a.EgressGB = 50 }, "gcp g2", []string{"egress free", "50 GB of egress"}},
		{"egress priced", func(a *model.Answers) { a.EgressGB = 500 }, "gcp g2", []string{"egress $36.00"}},
		{"egress without a price", func(a *model.Answers) { a.EgressGB = 50 }, "runpod 2x", []string{"egress unknown", "egress price is unknown"}},
		{"data priced", func(a *model.Answers) { a.DataGB = 100 }, "aws g5.x", []string{"storage $8.00 · egress none", "Total  $743 = GPUs $735 · storage $8.00"}},
		{"data without a price", func(a *model.Answers) { a.DataGB = 100 }, "lambda a6000", []string{"storage unknown", "storage price is unknown"}},
		// Training stores a checkpoint though no data size was given.
		{"assumed checkpoint without a price", func(a *model.Answers) {
			a.Workload, a.DurationMode, a.JobTokens = model.WorkloadLoRA, model.DurationJob, 1e9
		}, "runpod mi300x", []string{"storage unknown · egress none", "≥", "GB of storage: the provider's storage price is unknown"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestModel(t, 140, 40, func(c *Config) {
				if tc.answer != nil {
					tc.answer(&c.Answers)
				}
			})
			d := detailOf(t, m, tc.filter)
			for _, w := range tc.want {
				if !strings.Contains(d, w) {
					t.Errorf("detail lacks %q:\n%s", w, d)
				}
			}
			if strings.Contains(d, "storage -") || strings.Contains(d, "egress -") {
				t.Errorf("a hidden cost reads '-':\n%s", d)
			}
		})
	}
}

func TestRegionInDetailTitle(t *testing.T) {
	m := newTestModel(t, 140, 40)
	// One region: named. Two regions and no cheapest known: counted.
	if d := detailOf(t, m, "azure nc24"); !strings.HasPrefix(d, "azure NC24ads_A100_v4 · eastus\n") {
		t.Errorf("single-region title:\n%s", d)
	}
	d := detailOf(t, m, "aws g6")
	if !strings.HasPrefix(d, "aws g6.xlarge · 2 regions\n") {
		t.Errorf("multi-region title:\n%s", d)
	}
	zh := newTestModel(t, 140, 40, func(c *Config) { c.Lang = "zh" })
	if d := detailOf(t, zh, "aws g6"); !strings.HasPrefix(d, "aws g6.xlarge · 2 个地域\n") {
		t.Errorf("zh multi-region title:\n%s", d)
	}
	// A region with an empty part loses the stray comma.
	r := model.Recommendation{Region: ", CN, AS"}
	if got := newDetailView(&m).regionText(&r); got != "CN, AS" {
		t.Errorf("region %q", got)
	}
	// Compare shows the same.
	m = press(t, m, "ctrl+o", "/", "g6.x", "enter", "space", "esc", "/", "nc24", "enter", "space", "c")
	if s := screen(m); !strings.Contains(s, "2 regions") || strings.Contains(s, "region        ") {
		t.Errorf("compare region row:\n%s", s)
	}
}

func TestPriceBarsKeepCheapModelsReadable(t *testing.T) {
	// A one-month run: the 3-year commitment pays its whole term and costs
	// far more than on-demand; spot is cheaper but not for this job.
	r := &model.Recommendation{PriceModel: model.PriceOnDemand, RunHours: 730.5, CalendarHours: 730.5,
		PriceModels: []model.PriceQuote{
			{Name: model.PriceOnDemand, Hourly: 1, Total: 730.5, CalendarHours: 730.5, Eligible: true},
			{Name: model.PriceSpot, Hourly: 0.4, Total: 292.2, CalendarHours: 730.5, Eligible: false},
			{Name: model.PriceReserved1, Hourly: 0.9, Total: 1900, CalendarHours: 730.5 * 12, Eligible: true, Estimate: true},
			{Name: model.PriceReserved3, Hourly: 0.5, Total: 13149, CalendarHours: 26298, Eligible: true, Estimate: true, BreakEvenHoursPerWeek: 84},
		}}
	m := newTestModel(t, 140, 40)
	lines := newDetailView(&m).priceModelLines(r, model.USD, 200)
	text := ansi.Strip(strings.Join(lines, "\n"))
	bar := func(name string) (full int, over bool) {
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimLeft(l, " ›"), name+" ") {
				return strings.Count(l, "█"), strings.Contains(l, "►")
			}
		}
		t.Fatalf("no %s line:\n%s", name, text)
		return 0, false
	}
	barW := 24
	// The scale is 3× the cheapest model the job may use (on-demand).
	if n, over := bar("on-demand"); n != barW/3 || over {
		t.Errorf("on-demand bar %d cells (over %v), want %d:\n%s", n, over, barW/3, text)
	}
	if n, _ := bar("1yr"); n != 21 { // 1900 / 2191.5 × 24
		t.Errorf("1yr bar %d cells, want 21:\n%s", n, text)
	}
	if n, over := bar("3yr"); !over || n != barW-1 {
		t.Errorf("3yr bar %d cells, over %v: want a full bar ending in ►:\n%s", n, over, text)
	}
	for _, want := range []string{"$13.1k", "$731", "pays the full term (3 yr)", "pays the full term (1 yr)", "needs an interruptible job",
		"more than 3× the cheapest", "pays off above 84 h/wk"} {
		if !strings.Contains(text, want) {
			t.Errorf("price models lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "on-demand  █░") {
		t.Errorf("the cheapest usable model has a one-cell bar:\n%s", text)
	}
}

func TestDailyAndWeeklyRentsAreShown(t *testing.T) {
	r := &model.Recommendation{PriceModel: model.PriceWeekly, RunHours: 168, CalendarHours: 168,
		PriceModels: []model.PriceQuote{
			{Name: model.PriceOnDemand, Hourly: 1, Total: 168, Eligible: true},
			{Name: model.PriceWeekly, Hourly: 0.5, Total: 84, CalendarHours: 168, Eligible: true},
		}}
	for _, lang := range []string{"en", "zh"} {
		m := newTestModel(t, 140, 40, func(c *Config) { c.Lang = lang })
		text := ansi.Strip(strings.Join(newDetailView(&m).priceModelLines(r, model.USD, 90), "\n"))
		name := priceModelName(m.t, model.PriceWeekly)
		if !strings.Contains(text, "›"+name) || strings.Contains(text, priceModelName(m.t, model.PriceDaily)) {
			t.Errorf("%s: weekly rent missing or daily shown:\n%s", lang, text)
		}
	}
}

func TestSortOrders(t *testing.T) {
	recs := []model.Recommendation{ // the advisor's order, not by total
		{Provider: "b", InstanceType: "x", Nodes: 1, Total: 300, Hourly: 3, VRAMGiB: 24, Headroom: 0.2},
		{Provider: "a", InstanceType: "y", Nodes: 1, Total: 100, Hourly: 4, VRAMGiB: 80, Headroom: 0.7},
		{Provider: "c", InstanceType: "z", Nodes: 1, Total: 200, Hourly: 2, VRAMGiB: 48, Headroom: 0.5},
	}
	var l offerList
	l.setResult(&model.Result{Recommendations: recs})
	order := func() string {
		var s []string
		for _, vi := range l.view {
			s = append(s, l.rows[vi].InstanceType)
		}
		return strings.Join(s, "")
	}
	en := newTr("en")
	for _, want := range []struct{ label, order string }{
		{"best", "xyz"}, {"total", "yzx"}, {"per hour", "zxy"}, {"VRAM", "yzx"}, {"headroom", "yzx"}, {"provider", "yxz"}, {"best", "xyz"},
	} {
		if got := l.sort.label(en); got != want.label || order() != want.order {
			t.Errorf("sort %q gives %s, want %q giving %s", got, order(), want.label, want.order)
		}
		l.cycleSort()
	}
	m := newTestModel(t, 80, 24)
	if s := screen(m); !strings.Contains(s, "sort: best") {
		t.Errorf("the default order is not called best:\n%s", s)
	}
	for _, lang := range []string{"en", "zh"} {
		m := newTestModel(t, 140, 40, func(c *Config) { c.Lang = lang })
		s := screen(press(t, m, "?"))
		for k := range sortCount {
			if !strings.Contains(s, k.desc(m.t)[:12]) {
				t.Errorf("%s help lacks what %q means:\n%s", lang, k.label(m.t), s)
			}
		}
	}
	// On a small screen the help still explains "best" in full.
	s := screen(press(t, newTestModel(t, 80, 24), "?"))
	if !strings.Contains(strings.Join(strings.Fields(s), " "), "then the lowest cost of the whole run (GPUs, storage and egress)") {
		t.Errorf("80x24 help cuts the explanation of best:\n%s", s)
	}
}

func TestCatalogOriginInFooter(t *testing.T) {
	for _, tc := range []struct {
		lang, origin, want string
	}{
		{"en", "embedded", "catalog embedded ·"},
		{"zh", "embedded", "目录 内置 ·"},
		{"zh", "imported", "目录 导入 ·"},
		{"zh", "updated+overlay", "目录 已更新 + 叠加 ·"},
		{"en", "embedded+overlay", "catalog embedded + overlay ·"},
	} {
		m := newTestModel(t, 140, 40, func(c *Config) {
			c.Lang = tc.lang
			c.Catalog.Info.Origin = tc.origin
		})
		if s := screen(m); !strings.Contains(s, tc.want) {
			t.Errorf("%s %s: footer lacks %q:\n%s", tc.lang, tc.origin, tc.want, s)
		}
	}
}

// longNamesCatalog is the test catalog with offers whose names are long
// and alike, as some providers name them (prices made up).
func longNamesCatalog() *model.Catalog {
	cat := testCatalog()
	cat.GPUs["RTX A5000"] = model.GPU{Name: "RTX A5000", VRAMGiB: 24}
	cat.GPUs["RTX A4000"] = model.GPU{Name: "RTX A4000", VRAMGiB: 16}
	cat.GPUs["RTX 4000 Ada Generation"] = model.GPU{Name: "RTX 4000 Ada Generation", VRAMGiB: 20}
	add := func(p, it, g string, vram, od float64) {
		cat.Offers = append(cat.Offers, model.Offer{Provider: p, InstanceType: it, GPU: g, GPUCount: 1, VRAMGiB: vram, OnDemand: od,
			Currency: model.USD, Interconnect: model.InterconnectSingle, Regions: []string{"se-smedjebacken-1"}, Sources: []string{"test"}})
	}
	add("hyperstack", "ice-lake-rtx-a5000_1x2v4gb", "RTX A5000", 24, 0.30)
	add("hyperstack", "ice-lake-rtx-a4000_1x2v4gb", "RTX A5000", 24, 0.31)
	add("hyperstack", "epyc-genoa-rtx-4000-ada_1x8v32gb", "RTX 4000 Ada Generation", 20, 0.32)
	return cat
}

func TestOfferColumnsGrowWithWidth(t *testing.T) {
	long := []string{"ice-lake-rtx-a5000_1x2v4gb", "ice-lake-rtx-a4000_1x2v4gb", "epyc-genoa-rtx-4000-ada_1x8v32gb"}
	// At 200 columns every name is whole; at 140 the GPUs and the
	// provider are, and the instances are cut but still read apart; at 80
	// too.
	for _, tc := range []struct {
		w, h  int
		whole []string
	}{
		{200, 50, append(long, "1×RTX 4000 Ada ", "hyperstack ")},
		{140, 40, []string{"1×RTX 4000 Ada ", "hyperstack "}},
		{80, 24, []string{"hyperstack "}},
	} {
		m := newTestModel(t, tc.w, tc.h, func(c *Config) { c.Catalog = longNamesCatalog() })
		s := screen(m)
		for _, name := range tc.whole {
			if !strings.Contains(s, name) {
				t.Errorf("%dx%d: %q is cut:\n%s", tc.w, tc.h, name, s)
			}
		}
		rows := map[string]bool{}
		for _, line := range strings.Split(s, "\n") {
			if f := strings.Fields(line); strings.Contains(line, "hyperstack") && strings.Contains(line, "A5000") {
				for i, x := range f {
					if x == "hyperstack" {
						rows[f[i+1]] = true
					}
				}
			}
		}
		if len(rows) != 2 {
			t.Errorf("%dx%d: the two hyperstack A5000 instances read %v:\n%s", tc.w, tc.h, rows, s)
		}
	}
	m := newTestModel(t, 80, 24, func(c *Config) { c.Catalog = longNamesCatalog() })
	// Wider panels never give the names less room.
	need := &m.offers.need
	prevI, prevG := 0, 0
	for w := 60; w <= 200; w++ {
		cols := offerColumns(w, need)
		inst, gpu, sum := 0, 0, 0
		for _, c := range cols {
			sum += c.w + 1
			switch c.id {
			case colInstance:
				inst = c.w
			case colGPU:
				gpu = c.w
			}
		}
		if sum > w {
			t.Errorf("width %d: columns take %d", w, sum)
		}
		if len(cols) == 11 && (inst < prevI || gpu < prevG) {
			t.Errorf("width %d: instance %d gpu %d after %d %d", w, inst, gpu, prevI, prevG)
		}
		if len(cols) == 11 {
			prevI, prevG = inst, gpu
		}
	}
	if prevI < cellWidth(long[2]) || prevG < cellWidth("1×RTX 4000 Ada") {
		t.Errorf("at 200 cells the names get %d and %d", prevI, prevG)
	}
}

func TestCutNamesKeepRowsApart(t *testing.T) {
	for _, tc := range []struct {
		names []string
		w     int
		style cutStyle
	}{
		{[]string{"ice-lake-rtx-a5000_1x2v4gb", "ice-lake-rtx-a4000_1x2v4gb", "g5.xlarge", "ice-lake-rtx-a5000_1x2v4gb"}, 14, cutMiddle},
		{[]string{"2x-A100_SXM4-32-65536 [A100-80GB SXM4 x2]", "2x-A100_SXM4-32-65536 [A100-40GB SXM4 x2]"}, 16, cutMiddle},
		{[]string{"1×A100-80GB PCIe/SXM4", "1×A100-80GB PCIe/SXM5"}, 12, cutEnd},
	} {
		got := cutNames(tc.names, tc.w, tc.style)
		for i := range got {
			if cellWidth(got[i]) > tc.w {
				t.Errorf("%q is wider than %d", got[i], tc.w)
			}
			for j := range got {
				if (got[i] == got[j]) != (tc.names[i] == tc.names[j]) {
					t.Errorf("%q and %q read %q and %q", tc.names[i], tc.names[j], got[i], got[j])
				}
			}
		}
	}
	// Where it can, the cut leaves the words that differ whole.
	for _, tc := range []struct {
		names, words []string
		w            int
	}{
		{[]string{"ice-lake-rtx-a5000_1x2v4gb", "ice-lake-rtx-a4000_1x2v4gb"}, []string{"a5000", "a4000"}, 14},
		{[]string{"ice-lake-a40-compute_1x2v4gb", "ice-lake-a40-graphics_1x2v4gb"}, []string{"compute", "graphics"}, 18},
		{[]string{"2x-A100_SXM4-32-65536 [A100-80GB SXM4 x2]", "2x-A100_SXM4-32-65536 [A100-40GB SXM4 x2]"}, []string{"80GB", "40GB"}, 16},
	} {
		got := cutNames(tc.names, tc.w, cutMiddle)
		for i := range got {
			if !strings.Contains(got[i], tc.words[i]) || cellWidth(got[i]) > tc.w {
				t.Errorf("%q cut to %q: %q is not whole", tc.names[i], got[i], tc.words[i])
			}
		}
	}
	if got := cutNames([]string{"g5.xlarge"}, 14, cutMiddle)[0]; got != "g5.xlarge" {
		t.Errorf("a name that fits is cut: %q", got)
	}
}

func TestShortGPUNames(t *testing.T) {
	for in, want := range map[string]string{
		"NVIDIA GeForce RTX 3060 (12 GB)":  "RTX 3060",
		"RTX 6000 Ada Generation":          "RTX 6000 Ada",
		"A100-80GB PCIe or A100-80GB SXM4": "A100-80GB PCIe/SXM4",
		"RTX PRO 6000 Blackwell Server Edition or RTX PRO 6000 Blackwell Workstation Edition": "RTX PRO 6000 Blackwell Server/Workstation",
		"H100 SXM5": "H100 SXM5",
	} {
		if got := shortGPU(in); got != want {
			t.Errorf("shortGPU(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWrapHangingIndentsUnderTheText(t *testing.T) {
	lines := wrapHanging(paint{}, "→ ", "checkpoint the job and allow spot capacity: needs 18.3 GiB; cheapest aws g6.2xlarge", 40)
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "→ checkpoint") {
		t.Fatalf("lines %q", lines)
	}
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "   ") || cellWidth(l) > 40 {
			t.Errorf("continuation %q is not indented under the text", l)
		}
	}
}

func TestTermText(t *testing.T) {
	en, zh := newTr("en"), newTr("zh")
	for h, want := range map[float64]string{26298: "3 yr", 8766: "1 yr", 1461: "2 mo", 168: "1 wk", 48: "2 d"} {
		if got := termText(en, h); got != want {
			t.Errorf("termText(%v) = %q, want %q", h, got, want)
		}
	}
	if got := termText(zh, 26298); got != "3 年" {
		t.Errorf("zh: %q", got)
	}
}

// TestDetailSaysEstimatedCost: a storage or egress cost priced at the
// class estimate is shown as "~amount (estimate)" in the run total's split,
// with a note that says it is an estimate, in English and Chinese; a
// published cost is shown plain.
func TestDetailSaysEstimatedCost(t *testing.T) {
	for _, c := range []struct{ lang, mark, note string }{
		{"en", "(estimate)", "highest published price"},
		{"zh", "（估算）", "最高的公开价"},
	} {
		m := newTestModel(t, 140, 40, func(cfg *Config) { cfg.Lang = c.lang })
		cur := m.res.Currency
		r := model.Recommendation{GPUTotal: 100, Total: 160, HiddenCosts: model.HiddenCosts{
			Storage: 10, Egress: 50, EgressEstimated: true}}
		text := ansi.Strip(strings.Join(newDetailView(&m).hiddenCostLines(&r, 140), "\n"))
		if !strings.Contains(text, strings.Replace(m.t.s(mCostEstimate), "%s", m.t.money(50, cur), 1)) || !strings.Contains(text, c.mark) {
			t.Errorf("%s: estimated egress not marked:\n%s", c.lang, text)
		}
		if !strings.Contains(text, c.note) {
			t.Errorf("%s: no estimate note:\n%s", c.lang, text)
		}
		if strings.Contains(text, m.t.money(10, cur)+c.mark) || strings.Contains(text, m.t.money(10, cur)+" "+c.mark) {
			t.Errorf("%s: published storage marked as an estimate:\n%s", c.lang, text)
		}
		r.HiddenCosts.EgressEstimated = false
		if text := ansi.Strip(strings.Join(newDetailView(&m).hiddenCostLines(&r, 140), "\n")); strings.Contains(text, c.mark) || strings.Contains(text, c.note) {
			t.Errorf("%s: nothing estimated, yet:\n%s", c.lang, text)
		}
	}
}

// TestHeaderSeparatesNeedFromEstimate: the header's need (memory, GPUs)
// holds no speed; the selected offer's estimated speed follows it under
// its own name, in both languages and sizes.
func TestHeaderSeparatesNeedFromEstimate(t *testing.T) {
	for _, c := range []struct {
		lang, needs, sel, speed string
		w, h                    int
	}{
		{"en", "Needs ", "Selected: ", "tok/s", 140, 40},
		{"en", "Needs ", "Selected: ", "tok/s", 80, 24},
		{"zh", "需要 ", "所选：", "token/秒", 140, 40},
		{"zh", "需要 ", "所选：", "token/秒", 80, 24},
	} {
		m := newTestModel(t, c.w, c.h, func(cfg *Config) { cfg.Lang = c.lang })
		var head string
		for _, l := range strings.Split(screen(m), "\n") {
			if i := strings.Index(l, c.needs); i >= 0 {
				head = l[i:]
				break
			}
		}
		need, est, ok := strings.Cut(head, c.sel)
		if !ok || strings.Contains(need, c.speed) || !strings.Contains(est, c.speed) {
			t.Errorf("%s %dx%d: header %q: want the need without a speed, then %q and the speed", c.lang, c.w, c.h, head, c.sel)
		}
	}
}

// TestRiskPenaltyMarked: a row whose place carries a risk penalty is
// marked, with its penalty in a column when the panel is wide, a legend
// in the count line, and the order unchanged; a row without one is not.
func TestRiskPenaltyMarked(t *testing.T) {
	for _, c := range []struct {
		lang   string
		w, h   int
		wide   bool
		legend string
	}{
		{"en", 200, 50, true, "† risk penalty in the order"},
		{"en", 80, 24, false, "† risk penalty in the order"},
		{"zh", 200, 50, true, "† 排序含风险加价"},
		{"zh", 80, 24, false, "† 排序含风险加价"},
	} {
		m := newTestModel(t, c.w, c.h, func(cfg *Config) { cfg.Lang = c.lang })
		m = press(t, m, "ctrl+o")
		s := screen(m)
		before := rankedKeys(m)
		seen, risky := 0, 0
		for _, f := range m.offers.full {
			if f == nil {
				continue
			}
			line := rowLine(s, f.Provider, f.InstanceType)
			if line == "" {
				continue
			}
			seen++
			want := ""
			if f.RiskPercent > 0 {
				risky++
				want = "†"
				if c.wide {
					want = fmt.Sprintf("†+%d%%", f.RiskPercent)
				}
			}
			if got := strings.Contains(line, "†"); got != (want != "") || want != "" && !strings.Contains(line, want+" ") {
				t.Errorf("%s %dx%d: row %q: want %q (risk %d%%)", c.lang, c.w, c.h, line, want, f.RiskPercent)
			}
		}
		if seen < 3 || risky == 0 || risky == seen || !strings.Contains(s, c.legend) {
			t.Errorf("%s %dx%d: %d rows checked, %d with a risk; legend %q:\n%s", c.lang, c.w, c.h, seen, risky, c.legend, s)
		}
		if after := rankedKeys(m); !slices.Equal(before, after) {
			t.Errorf("the order changed: %v, was %v", after, before)
		}
	}
}

// rankedKeys are the keys of the offers in the list's order.
func rankedKeys(m Model) []offerKey {
	var out []offerKey
	for _, vi := range m.offers.view {
		out = append(out, keyOf(&m.offers.rows[vi]))
	}
	return out
}

// rowLine is the screen line of an offer's row, "" when not shown.
func rowLine(s, provider, instance string) string {
	for _, l := range strings.Split(s, "\n") {
		if f := strings.Fields(l); len(f) > 2 && slices.Contains(f[:3], provider) && strings.Contains(l, " "+instance+" ") {
			return l
		}
	}
	return ""
}

// TestDistinctOffersReadApart: distinct offers that share a provider, an
// instance name and GPUs (a marketplace's hosts) get rows that read
// apart at 80x24 and wide: their region when it differs, else their
// place; the same offer is never relabelled.
func TestDistinctOffersReadApart(t *testing.T) {
	cat := testCatalog()
	add := func(region string, od float64) {
		cat.Offers = append(cat.Offers, model.Offer{Provider: "vast", InstanceType: "1x-RTX_4090-32-65536", GPU: "RTX 4090", GPUCount: 1, VRAMGiB: 24, OnDemand: od,
			Currency: model.USD, Interconnect: model.InterconnectSingle, Regions: []string{region}, Sources: []string{"test"}, Marketplace: true})
	}
	add("Estonia", 0.25)
	add("Texas", 0.25)
	add("Texas", 0.25)
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := newTestModel(t, size[0], size[1], func(c *Config) { c.Catalog = cat })
		m = press(t, m, "ctrl+o")
		seen := map[string]int{}
		rows := 0
		for _, l := range strings.Split(screen(m), "\n") {
			if strings.Contains(l, "×RTX 4090") && strings.Contains(l, "vast") && strings.Contains(l, "1x-RTX") {
				rows++
				seen[strings.Join(strings.Fields(strings.TrimPrefix(l, "▸")), " ")]++
			}
		}
		for l, n := range seen {
			if n > 1 {
				t.Errorf("%dx%d: %d rows read %q", size[0], size[1], n, l)
			}
		}
		if rows != 3 {
			t.Errorf("%dx%d: %d of the 3 marketplace rows shown:\n%s", size[0], size[1], rows, screen(m))
		}
	}
	// The labels: the region when each has its own, else the place.
	r := func(region string) *model.OfferRow {
		return &model.OfferRow{Offer: &model.Offer{}, Provider: "vast", InstanceType: "1x", GPU: "RTX 4090", GPUCount: 1, Region: region}
	}
	a, b, c := r("EE"), r("TX"), r("TX")
	same := r("EE")
	same.Offer = a.Offer
	for _, tc := range []struct {
		rows []*model.OfferRow
		want []string
	}{
		{[]*model.OfferRow{a, b}, []string{"1x EE", "1x TX"}},
		{[]*model.OfferRow{b, c}, []string{"1x #1", "1x #2"}},
		{[]*model.OfferRow{a, same}, []string{"1x", "1x"}},
	} {
		if got := instanceLabels(tc.rows); !slices.Equal(got, tc.want) {
			t.Errorf("labels %q, want %q", got, tc.want)
		}
	}
}
