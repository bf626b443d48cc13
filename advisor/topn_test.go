package advisor

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gpupick/gpupick/internal/advicecheck"
	"github.com/gpupick/gpupick/model"
)

// The ranking's shortcut (a bounded heap, a price floor per offer, scans
// that stop early) must never change what is listed: Top N is the first
// N of the full sort. These tests generate catalogs with every kind of
// price the one price rule knows (commitments off the monthly price,
// weekly and daily plans, hybrids, spot-only offers, unknown prices,
// per-region prices, "up to" maxima) and answers of every kind, and
// compare.

// topnPlaces is the region table of the generated catalogs.
var topnPlaces = []model.Place{
	{Provider: "p0", Region: "us-east-1", Country: "US"}, {Provider: "p0", Region: "eu-west-2", Country: "GB"},
	{Provider: "p0", Region: "eu-central-1", Country: "DE"}, {Provider: "p0", Region: "ap-northeast-1", Country: "JP"},
	{Provider: "p1", Region: "europe-west4", Country: "NL"}, {Provider: "p1", Region: "us-central1", Country: "US"},
	{Provider: "p1", Region: "asia-east1", Country: "TW"},
	{Provider: "p2", Region: "ap-shanghai-4", Country: "CN", Aliases: []string{"上海四区"}}, {Provider: "p2", Region: "ap-guangzhou-3", Country: "CN"},
	{Provider: "p2", Region: "na-siliconvalley-2", Country: "US"},
	{Provider: "p3", Region: "cn-hongkong", Country: "HK"}, {Provider: "p3", Region: "cn-beijing", Country: "CN"},
	{Provider: "p3", Region: "eu-central-1", Country: "DE"},
	{Provider: "p4", Region: "FIN-03", Country: "FI"}, {Provider: "p4", Region: "default"},
	{Provider: "p5", Region: "Sichuan, CN, AS", Country: "CN"}, {Provider: "p5", Region: "Germany, DE, EU", Country: "DE"},
}

// topnGroups are the groups of the generated catalogs.
var topnGroups = []model.RegionGroup{
	{Name: "europe", Countries: []string{"DE", "NL", "GB", "FI"}},
	{Name: "eu", Countries: []string{"DE", "NL", "FI"}},
	{Name: "us", Countries: []string{"US"}},
	{Name: "mainland-china", Aliases: []string{"cn", "china"}, Countries: []string{"CN"}},
	{Name: "asia", Countries: []string{"CN", "JP", "TW", "HK"}},
}

// genPolicy is a random provider policy of one of the kinds the catalog
// has: none, discounts off on demand, discounts off the monthly price, an
// "up to" maximum only, a monthly commitment, with billing and spot rules.
func genPolicy(rng *rand.Rand, prov string, cur model.Currency) (model.Policy, bool) {
	if rng.IntN(6) == 0 {
		return model.Policy{}, false
	}
	p := model.Policy{Provider: prov, Name: prov, Currency: cur, Sources: []string{"gen://" + prov}}
	switch rng.IntN(5) {
	case 0:
		p.Commit1y, p.Commit3y = model.Discount{Fraction: 0.2 + 0.3*rng.Float64()}, model.Discount{Fraction: 0.4 + 0.3*rng.Float64()}
	case 1: // Tencent: duration discounts off the listed monthly price
		p.Commit1y = model.Discount{Fraction: 0.17, OfMonthly: true}
		p.Commit3y = model.Discount{Fraction: 0.3 + 0.3*rng.Float64(), OfMonthly: true}
	case 2:
		p.CommitMax = model.Discount{Fraction: 0.5, UpTo: true}
	case 3:
		p.CommitMonthly = model.Discount{Fraction: 0.1 + 0.2*rng.Float64()}
		p.Commit1y = model.Discount{Fraction: 0.3, UpTo: rng.IntN(2) == 0}
	}
	if rng.IntN(3) == 0 {
		p.PreemptibleMaxHours = 24
	}
	p.BillingGranularity = []string{"", "hourly", "per-second", "per-minute"}[rng.IntN(4)]
	if rng.IntN(4) == 0 {
		p.BillingMinimumSeconds = 600
	}
	if rng.IntN(3) > 0 {
		p.EgressKnown, p.EgressTiers = true, []model.EgressTier{{PerGB: 0.05 + 0.1*rng.Float64()}}
	}
	if rng.IntN(3) > 0 {
		p.BlockStorageGBMonth = 0.05 + 0.1*rng.Float64()
	}
	return p, true
}

// genCatalog is a random catalog of n offers over the test GPUs and six
// providers, each offer with a random mix of prices.
func genCatalog(rng *rand.Rand, n int) *model.Catalog {
	cat := testCatalog()
	cat.Offers = nil
	cat.Policies = map[string]model.Policy{}
	cat.Places, cat.RegionGroups = topnPlaces, topnGroups
	curs := map[string]model.Currency{"p0": model.USD, "p1": model.USD, "p2": model.CNY, "p3": model.CNY, "p4": model.USD, "p5": model.USD}
	regions := map[string][]string{}
	for _, p := range topnPlaces {
		regions[p.Provider] = append(regions[p.Provider], p.Region)
	}
	regions["p4"] = append(regions["p4"], "nowhere-1") // a region the table does not know
	for prov, cur := range curs {
		if p, ok := genPolicy(rng, prov, cur); ok {
			cat.Policies[prov] = p
		}
	}
	// 3 and 6 GPUs too: a model split over a power of two of them idles
	// the rest (rank_idle.go).
	counts := []int{1, 1, 1, 2, 3, 6, 8}
	for i := 0; i < n; i++ {
		prov := fmt.Sprintf("p%d", rng.IntN(6))
		// Most offers share a few GPUs, so that shapes hold several rows
		// (the scan's order and its stops are within a shape).
		g := testGPUs[[]int{0, 3, 6, 11, 12}[rng.IntN(5)]]
		if rng.IntN(5) == 0 {
			g = testGPUs[rng.IntN(len(testGPUs))]
		}
		c := counts[rng.IntN(len(counts))]
		scale := 1.0
		if curs[prov] == model.CNY {
			scale = 7.2
		}
		base := (g.VRAMGiB/24*(0.5+rng.Float64()) + 0.1) * float64(c) * scale
		o := testOffer(prov, fmt.Sprintf("g%04d", i), g.Name, c, base)
		o.Currency = curs[prov]
		pool := regions[prov]
		k := 1 + rng.IntN(min(3, len(pool)))
		perm := rng.Perm(len(pool))[:k]
		o.Regions = nil
		for _, j := range perm {
			o.Regions = append(o.Regions, pool[j])
		}
		slices.Sort(o.Regions)
		d := o.EditDetail()
		if len(o.Regions) > 1 && rng.IntN(2) == 0 {
			// Prices by region; some regions have none.
			o.OnDemand = 0
			for _, r := range o.Regions {
				if rng.IntN(5) == 0 {
					continue
				}
				p := base * (0.8 + 0.5*rng.Float64())
				d.OnDemandZones = append(d.OnDemandZones, model.ZonePrice{Zone: r, Price: p})
				if o.OnDemand == 0 || p < o.OnDemand {
					o.OnDemand, d.OnDemandRegion = p, r
				}
				d.OnDemandMax = max(d.OnDemandMax, p)
			}
		} else {
			d.OnDemandRegion = o.Regions[0]
		}
		if rng.IntN(3) == 0 {
			// Spot by zone.
			for _, r := range o.Regions {
				for z := 0; z < 1+rng.IntN(3); z++ {
					if rng.IntN(4) == 0 {
						continue
					}
					p := base * (0.2 + 0.5*rng.Float64())
					d.SpotZones = append(d.SpotZones, model.ZonePrice{Zone: fmt.Sprintf("%s-%c", r, 'a'+z), Price: p})
					if o.Spot == 0 || p < o.Spot {
						o.Spot = p
					}
					d.SpotMax = max(d.SpotMax, p)
				}
			}
			if len(d.SpotZones) > 0 && rng.IntN(2) == 0 {
				d.Interruption = []model.RegionBucket{{Region: o.Regions[0], Bucket: rng.IntN(5)}}
				d.InterruptionDate = "2026-11-01"
			}
		} else if rng.IntN(4) == 0 {
			o.Spot = base * (0.3 + 0.4*rng.Float64())
		}
		if rng.IntN(8) == 0 {
			o.OnDemand, d.OnDemandZones = 0, nil // spot-only, or no price
		}
		if rng.IntN(6) == 0 {
			d.Daily = base * 24 * (0.7 + 0.3*rng.Float64())
		}
		if rng.IntN(6) == 0 {
			d.Weekly = base * 168 * (0.5 + 0.5*rng.Float64())
		}
		if rng.IntN(4) == 0 {
			d.Monthly = base * model.HoursPerMonth * (0.4 + 0.6*rng.Float64())
		}
		if rng.IntN(8) == 0 {
			d.Yearly = base * hoursPerYear * (0.3 + 0.5*rng.Float64())
		}
		if rng.IntN(6) == 0 {
			d.Commit1yOff, d.Commit3yOff = 0.2+0.2*rng.Float64(), 0.4+0.2*rng.Float64()
			d.CommitSource = "gen://cud"
		}
		if (d.Daily > 0 || d.Weekly > 0 || d.Monthly > 0 || d.Yearly > 0) && rng.IntN(3) == 0 {
			d.PlanRegions = o.Regions[:1]
		}
		if rng.IntN(10) == 0 {
			o.Marketplace, o.VCPUType = true, model.VCPUMarketplace
		}
		if rng.IntN(10) == 0 {
			o.VCPUType = model.VCPUShared
		}
		if rng.IntN(12) == 0 {
			o.PriceDate = "2025-01-01"
		}
		if rng.IntN(40) == 0 {
			d.Retired = "2026-01-01"
		}
		if rng.IntN(30) == 0 {
			o.Regions = []string{} // no region known
		}
		cat.Offers = append(cat.Offers, o)
	}
	return cat
}

// genAnswers are random answers: a stated memory, a preset to serve or
// fine-tune, a rented period of several lengths or a job, a budget of
// each kind, interruptible or not, filters.
func genAnswers(rng *rand.Rand) model.Answers {
	var a model.Answers
	switch rng.IntN(4) {
	case 0:
		a = statedVRAM(float64(8 + rng.IntN(200)))()
	case 1:
		a = answers(model.WorkloadInference, []string{"llama-3.1-8b", "qwen2.5-7b", "llama-3.1-70b"}[rng.IntN(3)], model.BF16, 4096, 1+rng.IntN(16))
	case 2:
		a = answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1)
		a.DurationMode, a.JobTokens = model.DurationJob, float64(1+rng.IntN(50))*1e8
	default:
		a = answers(model.WorkloadInference, "llama-3.1-8b", model.INT4, 4096, 4)
	}
	if a.DurationMode != model.DurationJob {
		a.DurationHours = []float64{8, 168, 336, model.HoursPerMonth + 168, 3 * model.HoursPerMonth, 13 * model.HoursPerMonth, hoursPer3Year + 2*model.HoursPerMonth}[rng.IntN(7)]
		if rng.IntN(3) == 0 {
			a.HoursPerWeek = 40
		}
	}
	a.Interruptible = rng.IntN(2) == 0
	switch rng.IntN(4) {
	case 1:
		a.Budget = model.Budget{Amount: 0.5 + 10*rng.Float64(), Period: model.BudgetHourly, Currency: model.USD}
	case 2:
		a.Budget = model.Budget{Amount: 200 + 5000*rng.Float64(), Period: model.BudgetMonthly, Currency: model.USD}
	case 3:
		a.Budget = model.Budget{Amount: 100 + 20000*rng.Float64(), Period: model.BudgetTotal, Currency: []model.Currency{model.USD, model.CNY}[rng.IntN(2)]}
	}
	if rng.IntN(2) == 0 {
		a.Regions = [][]string{{"europe"}, {"eu"}, {"us"}, {"cn"}, {"asia"}, {"eu-"}, {"ap-shanghai"}, {"上海"}, {"de"}, {"us", "cn"}}[rng.IntN(10)]
	}
	if rng.IntN(6) == 0 {
		a.Providers = []string{fmt.Sprintf("p%d", rng.IntN(6)), fmt.Sprintf("p%d", rng.IntN(6))}
	}
	if rng.IntN(4) == 0 {
		a.DataGB, a.EgressGB = 200, 1000
	}
	if rng.IntN(3) == 0 {
		a.Currency = model.CNY
	}
	a.Normalize()
	return a
}

// TestTopNIsFirstNOfFullList: for 1,200 generated catalogs and answers,
// Top N (N = 1, 3 or 5) lists exactly the first N offers of the full list
// with the same totals, every row of the full list is priced as its
// recommendation is (the ranking's shortcut and the full quotes agree),
// and under a region filter every price a recommendation quotes is
// inside the filter, as is the region it names.
func TestTopNIsFirstNOfFullList(t *testing.T) {
	cases := 1200
	if testing.Short() {
		cases = 200
	}
	rng := rand.New(rand.NewPCG(20, 26))
	listed := 0
	for i := 0; i < cases; i++ {
		cat := genCatalog(rng, 20+rng.IntN(60))
		a := genAnswers(rng)
		n := []int{1, 3, 5}[rng.IntN(3)]
		eng := New(cat)
		full := eng.Recommend(a, Options{Top: len(cat.Offers), All: true})
		top := eng.Recommend(a, Options{Top: n})
		where := fmt.Sprintf("case %d (top %d, %+v)", i, n, a)
		if len(full.Rows) != full.Listed || top.Listed != full.Listed || top.OverBudget != full.OverBudget {
			t.Fatalf("%s: top lists %d (%d over), the full list %d rows of %d (%d over)", where, top.Listed, top.OverBudget, len(full.Rows), full.Listed, full.OverBudget)
		}
		want := min(n, len(full.Rows))
		if len(top.Rows) != want {
			t.Fatalf("%s: %d rows, want %d", where, len(top.Rows), want)
		}
		for k := 0; k < want; k++ {
			if top.Rows[k].Index != full.Rows[k].Index || !sameRow(top.Rows[k], full.Rows[k]) {
				t.Fatalf("%s: #%d is %s %s $%.2f, the full list's %s %s $%.2f", where, k+1,
					top.Rows[k].InstanceType, top.Rows[k].PriceModel, top.Rows[k].Total,
					full.Rows[k].InstanceType, full.Rows[k].PriceModel, full.Rows[k].Total)
			}
		}
		if len(full.Rows) > 0 && a.DeadlineHours <= 0 {
			// The fast scan (no statistics, stops at the first row that
			// cannot enter: what the suggestions rank with) finds the same
			// first offer.
			c := newCall(eng, a, langOf("en"))
			c.fast = true
			if _, cs := eng.listed(c, &call{}, a, 1, false); len(cs) == 0 || int(cs[0].idx) != full.Rows[0].Index {
				t.Fatalf("%s: the fast scan's first is %v, the full list's %s", where, cs, full.Rows[0].InstanceType)
			}
		}
		listed += len(full.Rows)
		rf := model.NewRegionFilter(a.Regions, cat)
		for k := range full.Recommendations {
			r := &full.Recommendations[k]
			if got, want := full.Rows[k], r.Row(full.Rows[k].Index); !sameRow(got, want) {
				t.Fatalf("%s: row %d is %+v, its recommendation's %+v", where, k+1, got, want)
			}
		}
		if out := advicecheck.OutsideRegions(rf, full.Recommendations); rf.Active() && len(out) > 0 {
			t.Fatalf("%s: %s, outside %v", where, out[0], a.Regions)
		}
	}
	if listed < cases {
		t.Errorf("only %d offers listed over %d cases: the generator lists too little to test", listed, cases)
	}
}
