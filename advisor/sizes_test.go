package advisor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// sizedSpellings are instance-name spellings of products sold at several
// GPU counts, as real providers write them: count, product; or product,
// count; and one with the host's vCPUs growing with the count.
var sizedSpellings = []func(count int, product string) string{
	func(n int, p string) string { return fmt.Sprintf("%dx_%s_SECURE", n, p) },
	func(n int, p string) string { return fmt.Sprintf("gpu_%dx_%s", n, p) },
	func(n int, p string) string { return fmt.Sprintf("n3-%sx%d", p, n) },
	func(n int, p string) string { return fmt.Sprintf("%d%s.%dV", n, p, 22*n) },
}

// letters writes k in letters only ("b", "ba"), so that a product's name
// holds no number of its own.
func letters(k int) string {
	s := ""
	for {
		s = string(rune('a'+k%26)) + s
		k /= 26
		if k == 0 {
			return s
		}
	}
}

// sizedCatalog builds about n offers of products sold at several GPU
// counts (the sizedSpellings) among single offers, with prices that vary
// from size to size, spot, monthly plans, spot-only sizes and marketplace
// products, over the test providers (with and without policies, USD and
// CNY): a stand-in for a catalog where one offer comes at many sizes.
func sizedCatalog(n int, seed uint64) *model.Catalog {
	cat := testCatalog()
	cat.Offers = cat.Offers[:0]
	rng := rand.New(rand.NewPCG(seed, 2))
	gpuName := strings.NewReplacer(" ", "", "(", "", ")", "", ",", "")
	for k := 0; len(cat.Offers) < n; k++ {
		g := testGPUs[rng.IntN(len(testGPUs))]
		prov := []string{"cloudA", "cloudB", "cnc", "p01", "p02"}[rng.IntN(5)]
		sizes := []int{1}
		if rng.IntN(4) != 0 {
			sizes = []int{1, 2, 3, 4, 8}[:2+rng.IntN(4)]
		}
		spell := sizedSpellings[rng.IntN(len(sizedSpellings))]
		product := gpuName.Replace(g.Name) + "-" + letters(k)
		market := rng.IntN(6) == 0
		base := g.VRAMGiB / 24 * (0.5 + rng.Float64())
		for _, c := range sizes {
			o := testOffer(prov, spell(c, product), g.Name, c, base*float64(c)*(0.85+0.3*rng.Float64()))
			o.Marketplace = market
			randomPrices(&o, rng, 8, 10, 4)
			cat.Offers = append(cat.Offers, o)
		}
	}
	return cat
}

// sizedCases are the list cases and more answers: a job on spot with a
// deadline and a training job over several nodes.
func sizedCases() map[string]model.Answers {
	cases := listCases()
	spot := answers(model.WorkloadQLoRA, "llama-3.1-8b", model.INT4, 2048, 1)
	spot.Interruptible, spot.DurationMode, spot.JobTokens, spot.DeadlineHours = true, model.DurationJob, 1e9, 72
	cases["spot job with a deadline"] = spot
	big := answers(model.WorkloadFineTune, "llama-3.1-70b", model.BF16, 2048, 1)
	big.DurationMode, big.JobTokens, big.MaxNodes = model.DurationJob, 1e8, 4
	cases["fine-tune over nodes"] = big
	return cases
}

// rankedBefore reports whether recommendation a ranks before b under the
// ranking's keys (budget group, latency tier, shortfalls, a known hidden
// cost, then the cost with its risks); false for equal keys, which the
// cost, hourly rate and catalog order then decide.
func rankedBefore(a, b *model.Recommendation) bool {
	tier := func(r *model.Recommendation) int { return tierOf(r) }
	switch {
	case a.WithinBudget != b.WithinBudget:
		return a.WithinBudget
	case tier(a) != tier(b):
		return tier(a) < tier(b)
	case a.HiddenCosts.Partial() != b.HiddenCosts.Partial():
		return !a.HiddenCosts.Partial()
	}
	return a.RankCost() < b.RankCost()*(1-1e-9)
}

// TestFoldTopNMatchesAll: over catalogs where one product comes at many
// GPU counts, the ranking lists each product once, at its best-ranked
// size, whose detail lists the other listed sizes of the product (and
// none of another); Top: N is exactly the first N of the full list
// (Options.All), with the same counts and notes (checkListMatchesFull).
func TestFoldTopNMatchesAll(t *testing.T) {
	folded := 0
	for seed := uint64(1); seed <= 24; seed++ {
		cat := sizedCatalog(300, seed)
		e := New(cat)
		ix := e.index()
		sz := e.sizes.get(cat, ix)
		product := func(offer int) int32 { return sz.group[ix.rowOf[offer]] }
		if len(sz.members) == 0 {
			t.Fatalf("seed %d: no product at several sizes", seed)
		}
		for name, a := range sizedCases() {
			t.Run(fmt.Sprintf("%d/%s", seed, name), func(t *testing.T) {
				checkListMatchesFull(t, cat, a)
				a.Normalize()
				full := e.Recommend(a, Options{Top: len(cat.Offers), All: true})
				seen := map[int32]bool{}
				for i, r := range full.Rows {
					if g := product(r.Index); g >= 0 {
						if seen[g] {
							t.Fatalf("row %d %s: its product is listed already", i+1, r.InstanceType)
						}
						seen[g] = true
					}
				}
				for i := range full.Recommendations {
					r := &full.Recommendations[i]
					if len(r.OtherSizes) == 0 {
						continue
					}
					folded += len(r.OtherSizes)
					idx := make([]int, len(r.OtherSizes))
					for k, s := range r.OtherSizes {
						idx[k] = s.Index
						if product(s.Index) != product(full.Rows[i].Index) || s.Index == full.Rows[i].Index {
							t.Fatalf("#%d %s lists %s as another size", i+1, r.InstanceType, s.InstanceType)
						}
					}
					if !slices.IsSortedFunc(r.OtherSizes, func(x, y model.OfferRow) int { return x.GPUCount*x.Nodes - y.GPUCount*y.Nodes }) {
						t.Errorf("#%d: other sizes not in order of GPUs", i+1)
					}
					for _, o := range e.Expand(a, Options{}, idx) {
						if rankedBefore(&o, r) {
							t.Errorf("#%d %s ($%.2f with its risks) is listed while its size %s ranks before it ($%.2f)", i+1, r.InstanceType, r.RankCost(), o.InstanceType, o.RankCost())
						}
						if k := slices.IndexFunc(r.OtherSizes, func(s model.OfferRow) bool { return s.InstanceType == o.InstanceType }); k < 0 ||
							!testcheck.NearAbs(r.OtherSizes[k].Total, o.Total, 1e-9*math.Max(1, o.Total)) {
							t.Errorf("#%d: size %s total %v, its recommendation's $%.2f", i+1, o.InstanceType, r.OtherSizes, o.Total)
						}
					}
				}
			})
		}
	}
	if folded == 0 {
		t.Error("no size was folded into a listed product")
	}
	if statesCount("g6e.24xlarge", 4) || statesCount("ECS3GPU3", 4) || !statesCount("gpu_10x_a", 10) {
		t.Error("statesCount")
	}
}

// TestNameNumbers reads an instance name's spelling and numbers, and
// whether it states a count.
func TestNameNumbers(t *testing.T) {
	for _, c := range []struct {
		name, spelling string
		nums           []uint64
		ok             bool
	}{
		{"8x_MI300X_SECURE", "#x_MI#X_SECURE", []uint64{8, 300}, true},
		{"gpu-h100-sxm_8gpu-128vcpu-1600gb", "gpu-h#-sxm_#gpu-#vcpu-#gb", []uint64{100, 8, 128, 1600}, true},
		{"1B200.30V", "#B#.#V", []uint64{1, 200, 30}, true},
		{"a2-highgpu-08g", "a#-highgpu-#g", []uint64{2, 8}, true},
		{"H100", "H#", []uint64{100}, true},
		{"GPU+", "", nil, false},
		{"", "", nil, false},
		{"x99999999999999999999", "", nil, false},
		{"1-2-3-4-5-6-7-8-9", "", nil, false},
	} {
		if ok := c.ok && statesCount(c.name, int(c.nums[0])); c.ok != ok {
			t.Errorf("%q does not state %d", c.name, c.nums[0])
		}
		b, nums, ok := nameNumbers(nil, c.name, nil)
		if sp := string(b); ok != c.ok || ok && (sp != c.spelling || !slices.Equal(nums, c.nums)) {
			t.Errorf("%q: %q %v %v, want %q %v %v", c.name, b, nums, ok, c.spelling, c.nums, c.ok)
		}
	}
}

// FuzzNameNumbers: any name reads without a panic, appends to what it
// is given without changing it, and a name read gives the spelling and
// numbers a regular expression finds in it.
func FuzzNameNumbers(f *testing.F) {
	for _, s := range []string{"8x_MI300X_SECURE", "gpu_1x_h100_sxm5", "ECS1GPU3", "n3-A100x8-NVLink", "", "007", "0000", "x99999999999999999999"} {
		f.Add(s)
	}
	digits := regexp.MustCompile(`[0-9]+`)
	f.Fuzz(func(t *testing.T, name string) {
		app, all, ok := nameNumbers([]byte("k"), name, []uint64{7})
		if app[0] != 'k' || all[0] != 7 {
			t.Fatalf("%q: what was appended to is changed: %q %v", name, app, all)
		}
		runs := digits.FindAllString(name, -1)
		if !ok {
			if len(runs) > 0 && len(runs) <= maxNameNumbers && !slices.ContainsFunc(runs, func(r string) bool { return len(strings.TrimLeft(r, "0")) > 18 }) {
				t.Fatalf("%q not read", name)
			}
			return
		}
		if sp, want := string(app[1:]), digits.ReplaceAllString(name, "#"); sp != want {
			t.Fatalf("%q: spelling %q, want %q", name, sp, want)
		}
		if len(all)-1 != len(runs) {
			t.Fatalf("%q: %d numbers, want %d", name, len(all)-1, len(runs))
		}
		for k, r := range runs {
			if v, err := strconv.ParseUint(r, 10, 63); err != nil || v != all[k+1] {
				t.Fatalf("%q: number %d is %d, want %s", name, k, all[k+1], r)
			}
		}
	})
}

// TestMarketHostOffersAreOwnProducts: a marketplace host's offers (Vast's
// names carry the machine and offer ids) are no sizes of one product,
// even where their ids read per GPU match (m250/o20 of 1 GPU, m500/o40 of
// 2); the same names with no host are.
func TestMarketHostOffersAreOwnProducts(t *testing.T) {
	for _, host := range []bool{false, true} {
		cat := testCatalog()
		cat.Offers = cat.Offers[:0]
		for i, c := range []int{1, 2} {
			o := testOffer("vast", fmt.Sprintf("%dx-H100_SXM-m%d-o%d", c, 250*c, 20*c), "H100 SXM5", c, 2*float64(c))
			o.Marketplace = true
			if host {
				o.Host = &model.MarketHost{OfferID: uint32(20 * c), HostID: uint32(7 + i), MachineID: uint32(250 * c), ListedAs: "H100 SXM",
					Verification: model.HostVerified, Reliability: 0.99, Datacenter: model.No}
			}
			cat.Offers = append(cat.Offers, o)
		}
		e := New(cat)
		ix := e.index()
		sz := e.sizes.get(cat, ix)
		if grouped := len(sz.members) == 1; grouped == host {
			t.Errorf("with a host %v: %d products at several sizes (%v)", host, len(sz.members), sz.members)
		}
	}
}
