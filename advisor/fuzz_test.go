package advisor

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// fuzzCatalog builds a small random catalog, with odd values on purpose:
// unknown or negative prices and memory, vGPU slices, discounts outside
// (0,1), missing exchange rates.
func fuzzCatalog(seed uint64) *model.Catalog {
	rng := rand.New(rand.NewPCG(seed, seed>>7|1))
	cat := testCatalog()
	cat.Offers = nil
	odd := func(v float64) float64 {
		switch rng.IntN(12) {
		case 0:
			return 0
		case 1:
			return -v
		case 2:
			return math.NaN()
		case 3:
			return math.Inf(1)
		}
		return v
	}
	provs := []string{"cloudA", "cloudB", "cnc", "market", "nopolicy"}
	n := rng.IntN(25)
	for i := 0; i < n; i++ {
		g := testGPUs[rng.IntN(len(testGPUs))]
		o := testOffer(provs[rng.IntN(len(provs))], "f"+string(rune('a'+i)), g.Name, []int{0, 1, 2, 4, 8, 16}[rng.IntN(6)], odd(rng.Float64()*60))
		if rng.IntN(8) == 0 {
			o.GPU = ""
		}
		if rng.IntN(6) == 0 {
			o.VRAMGiB = odd(rng.Float64() * 200)
		}
		if rng.IntN(6) == 0 {
			o.GPUFraction = odd(rng.Float64())
		}
		if rng.IntN(3) == 0 {
			o.Spot = odd(rng.Float64() * 10)
		}
		if rng.IntN(5) == 0 {
			o.EditDetail().Monthly = odd(rng.Float64() * 20000)
		}
		if rng.IntN(8) == 0 {
			d := o.EditDetail()
			d.Daily, d.Weekly, d.Yearly = odd(rng.Float64()*300), odd(rng.Float64()*2000), odd(rng.Float64()*200000)
		}
		if rng.IntN(4) == 0 {
			o.Currency = []model.Currency{model.CNY, "EUR", ""}[rng.IntN(3)]
		}
		o.VCPUs = odd(float64(rng.IntN(200)))
		o.RDMA = model.Tri(rng.IntN(3))
		o.Hyperthreaded = model.Tri(rng.IntN(3))
		o.LocalNVMeWiped = model.Tri(rng.IntN(3))
		o.VCPUType = []model.VCPUType{"", model.VCPUShared, model.VCPUMarketplace, model.VCPUDedicated}[rng.IntN(4)]
		o.PriceDate = []string{"", "2020-01-01", "2026-11-01", "garbage"}[rng.IntN(4)]
		cat.Offers = append(cat.Offers, o)
	}
	pol := cat.Policies["cloudA"]
	pol.Commit1y.Fraction = odd(rng.Float64() * 1.5)
	pol.Commit3y = model.Discount{Fraction: odd(rng.Float64()), UpTo: rng.IntN(2) == 0}
	pol.CommitMonthly = model.Discount{Fraction: odd(rng.Float64()), UpTo: rng.IntN(2) == 0}
	pol.PreemptibleMaxHours = odd(rng.Float64() * 48)
	pol.EgressFreeGBMonth = odd(rng.Float64() * 1000)
	pol.BlockStorageGBMonth = odd(rng.Float64())
	cat.Policies["cloudA"] = pol
	if rng.IntN(4) == 0 {
		cat.FX = nil
	}
	return cat
}

// FuzzRecommend: random answers over random small catalogs never panic,
// never return less VRAM than the requirement, never a negative, NaN or
// infinite amount, and always marshal to JSON.
func FuzzRecommend(f *testing.F) {
	f.Add(uint64(1), uint8(0), 70.0, uint8(1), 8192, 1, uint8(1), uint8(0), 730.5, 168.0, 0.0, false, 0.0, uint8(0), 0, 0, 0.0, 0.0, uint8(3), false, false, uint8(0), 0.0)
	f.Add(uint64(2), uint8(2), 8.0, uint8(1), 2048, 4, uint8(2), uint8(1), 0.0, 40.0, 2e9, true, 500.0, uint8(2), 8, 2, 100.0, 1000.0, uint8(2), true, true, uint8(3), 0.0)
	f.Add(uint64(3), uint8(5), 0.0, uint8(0), 0, 0, uint8(0), uint8(0), 26298.0, 168.0, 0.0, false, 2.5, uint8(0), 0, 1, 0.0, 50000.0, uint8(255), false, false, uint8(1), 76.0)
	f.Add(uint64(4), uint8(4), 405.0, uint8(3), 131072, 64, uint8(0), uint8(1), 1.0, 1.0, 15e12, true, 3000.0, uint8(1), 0, 0, 0.0, 0.0, uint8(4), true, false, uint8(4), 0.0)
	f.Fuzz(func(t *testing.T, seed uint64, wl uint8, params float64, prec uint8, ctx, batch int, lat, mode uint8,
		hours, hpw, tokens float64, interruptible bool, budget float64, period uint8, gpus, nodes int,
		dataGB, egressGB float64, preset uint8, cny, ckpt bool, shard uint8, known float64) {
		cat := fuzzCatalog(seed)
		a := model.Answers{
			Workload:          model.Workloads[int(wl)%len(model.Workloads)],
			ParamsB:           params,
			KnownVRAMGiB:      known,
			Precision:         model.Precisions[int(prec)%len(model.Precisions)],
			Context:           ctx,
			Batch:             batch,
			Latency:           model.Latencies[int(lat)%len(model.Latencies)],
			DurationMode:      []model.DurationMode{model.DurationWallClock, model.DurationJob}[mode%2],
			DurationHours:     hours,
			HoursPerWeek:      hpw,
			JobTokens:         tokens,
			Interruptible:     interruptible,
			Budget:            model.Budget{Amount: budget, Period: []model.BudgetPeriod{model.BudgetHourly, model.BudgetMonthly, model.BudgetTotal}[period%3]},
			GPUs:              gpus,
			MaxNodes:          nodes,
			DataGB:            dataGB,
			EgressGB:          egressGB,
			Currency:          model.USD,
			GradCheckpointing: ckpt,
			Sharding:          []string{"", "none", "zero1", "zero2", "zero3", "fsdp"}[int(shard)%6],
		}
		if int(preset) < len(testPresets) {
			a.Model = testPresets[preset].Name
		}
		if cny {
			a.Currency = model.CNY
		}
		res := Recommend(cat, a, Options{Top: 3, Lang: []string{"en", "zh"}[seed%2]})
		checkResult(t, res)
		// The pruned top 3 are the first 3 of the complete ranking.
		all := Recommend(cat, a, Options{Top: 1000})
		if res.Listed != all.Listed || res.OverBudget != all.OverBudget || len(all.Recommendations) != min(all.Listed, 1000) {
			t.Fatalf("top-3 lists %d (%d over), full ranking %d (%d over, %d shown)", res.Listed, res.OverBudget, all.Listed, all.OverBudget, len(all.Recommendations))
		}
		for i, r := range res.Recommendations {
			if w := all.Recommendations[i]; r.Offer != w.Offer || r.AllInUSD != w.AllInUSD {
				t.Fatalf("#%d: top-3 has %s %.4f, full ranking %s %.4f", i, r.InstanceType, r.AllInUSD, w.InstanceType, w.AllInUSD)
			}
		}
	})
}

// checkResult asserts the invariants of any result.
func checkResult(t *testing.T, res model.Result) {
	t.Helper()
	bad := func(v float64) bool { return v < 0 || math.IsNaN(v) || math.IsInf(v, 0) }
	req := res.Requirement
	if bad(req.VRAMGiB) || bad(req.FLOPs) || bad(req.Breakdown.Total()) {
		t.Fatalf("requirement has a bad figure: %+v", req)
	}
	if len(res.Recommendations) > res.Listed || !res.OverBudgetHidden && res.OverBudget > res.Listed {
		t.Fatalf("%d recommendations, %d listed, %d over budget", len(res.Recommendations), res.Listed, res.OverBudget)
	}
	for i, r := range res.Recommendations {
		if i > 0 && r.WithinBudget && !res.Recommendations[i-1].WithinBudget {
			t.Fatalf("#%d within the budget after one over it", i+1)
		}
		h := r.HiddenCosts
		if r.GPUTotalUSD > 0 && !testcheck.NearAbs(r.TotalUSD, model.AllIn(r.GPUTotalUSD, h.StorageUSD, h.EgressUSD), 1e-9*r.TotalUSD) {
			t.Fatalf("%s: total %v is not GPU %v + storage %v + egress %v", r.InstanceType, r.TotalUSD, r.GPUTotalUSD, h.StorageUSD, h.EgressUSD)
		}
		if r.VRAMGiB*float64(r.Nodes)*(1+1e-9) < req.VRAMGiB {
			t.Fatalf("%s: %d x %.3f GiB below the requirement %.3f", r.InstanceType, r.Nodes, r.VRAMGiB, req.VRAMGiB)
		}
		if r.GPUCount > 0 && r.NeedPerGPUGiB > r.VRAMGiB/float64(r.GPUCount)*(1+1e-9) {
			t.Fatalf("%s: %.3f GiB per GPU needed, %.3f held", r.InstanceType, r.NeedPerGPUGiB, r.VRAMGiB/float64(r.GPUCount))
		}
		for _, v := range []float64{r.HourlyUSD, r.TotalUSD, r.Hourly, r.Total, r.GPUTotalUSD, r.GPUTotal, r.AllInUSD, r.AllIn, r.RunHours,
			r.HiddenCosts.StorageUSD, r.HiddenCosts.EgressUSD, r.HiddenCosts.Storage, r.HiddenCosts.Egress,
			r.Speed.DecodeTokensPerSec, r.Speed.JobHours, r.Speed.TimeToFirstTokenSec, r.Speed.ThroughputTokensSec} {
			if bad(v) {
				t.Fatalf("%s: bad amount %v in %+v", r.InstanceType, v, r)
			}
		}
		if r.HourlyUSD == 0 {
			t.Fatalf("%s: recommended without a price", r.InstanceType)
		}
		for _, q := range r.PriceModels {
			for _, v := range []float64{q.HourlyUSD, q.TotalUSD, q.Hourly, q.Total, q.BilledHours, q.BreakEvenHoursPerWeek} {
				if bad(v) {
					t.Fatalf("%s %s: bad amount %v", r.InstanceType, q.Name, v)
				}
			}
		}
	}
	for _, s := range res.Suggestions {
		if bad(s.TotalUSD) {
			t.Fatalf("suggestion %+v", s)
		}
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatalf("result does not marshal: %v", err)
	}
}
