package advisor

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// The stages of an evaluation, each built by hand and exercised alone
// (no Recommend, no rank cycle around it): what the stage is given is
// what the test sets.

// TestEstimatorNodes: the estimate stage caps the nodes of a training job
// with a deadline at deadlineNodeCap, keeps the nodes given, and starts
// a run with neither on one node (widened only when none holds the job).
func TestEstimatorNodes(t *testing.T) {
	for _, tc := range []struct {
		name      string
		a         model.Answers
		want      int
		autoNodes bool
	}{
		{"training with a deadline", model.Answers{Workload: model.WorkloadPretrain, DurationMode: model.DurationJob, DeadlineHours: 100}, deadlineNodeCap, false},
		{"training with a deadline and nodes", model.Answers{Workload: model.WorkloadPretrain, DurationMode: model.DurationJob, DeadlineHours: 100, MaxNodes: 3}, 3, false},
		{"serving", model.Answers{Workload: model.WorkloadInference}, 1, true},
		{"training, no deadline", model.Answers{Workload: model.WorkloadPretrain, DurationMode: model.DurationJob}, 1, true},
		{"a deadline on a rented period is no deadline", model.Answers{Workload: model.WorkloadPretrain, DeadlineHours: 100}, 1, true},
	} {
		a := tc.a
		p := &plan{training: a.Workload.Training(), jobMode: a.DurationMode == model.DurationJob}
		e := estimator{p: p, a: &a, l: langEN}
		e.nodes()
		if p.maxNodes != tc.want || p.autoNodes != tc.autoNodes || p.req.MaxNodes != tc.want {
			t.Errorf("%s: %d nodes (requirement %d), auto %v; want %d, auto %v", tc.name, p.maxNodes, p.req.MaxNodes, p.autoNodes, tc.want, tc.autoNodes)
		}
		if len(p.req.Assumptions) != 1 {
			t.Errorf("%s: assumptions %q, want the one that says how many nodes", tc.name, p.req.Assumptions)
		}
	}
}

// TestEstimatorWeightBytes: 4-bit weights keep the embedding and LM head
// in 16 bits (and say so); 16-bit weights are two bytes a parameter.
func TestEstimatorWeightBytes(t *testing.T) {
	pr := testPresets[0] // llama-2-7b
	ar := presetArch(&pr)
	params := ar.paramsB * 1e9
	embed := ar.embedParams()
	if embed <= 0 {
		t.Fatalf("%s: no embedding parameters", pr.Name)
	}
	for _, tc := range []struct {
		prec model.Precision
		want float64
		says textKey
	}{
		{model.INT4, (params-embed)*int4Bits/8 + embed*2, kAsmEmbed16},
		{model.FP16, params * 2, 0},
	} {
		a := model.Answers{Workload: model.WorkloadInference, Precision: tc.prec}
		e := estimator{p: &plan{ar: ar}, a: &a, l: langEN}
		within(t, string(tc.prec)+" weights", e.weightBytes(params), tc.want, 1e-12)
		said := slices.Contains(e.p.req.Assumptions, langEN.f(kAsmEmbed16))
		if said != (tc.says == kAsmEmbed16) {
			t.Errorf("%s: assumptions %q", tc.prec, e.p.req.Assumptions)
		}
	}
}

// stageIndex is the index of the test catalog and the answers, normalised,
// with their plan: what a stage is pointed at.
func stageIndex(t *testing.T, a model.Answers) (*model.Catalog, *index, *shapeFacts, *model.Answers, *plan) {
	t.Helper()
	cat := testCatalog()
	a.Normalize()
	if err := check(&a); err != nil {
		t.Fatal(err)
	}
	ix, facts := buildIndex(cat)
	return cat, ix, facts, &a, newPlan(cat, &a, langEN)
}

// shapeOf is the test index's shape of count GPUs of a named GPU.
func shapeOf(t *testing.T, ix *index, gpu string, count int) int {
	t.Helper()
	for i := range ix.shapes {
		if s := &ix.shapes[i]; s.count == count && s.gpu >= 0 && ix.gpus[s.gpu].name == gpu {
			return i
		}
	}
	t.Fatalf("no shape of %d x %s", count, gpu)
	return -1
}

// TestFeasibilityFitShape: the feasibility stage fits a 70B model at 16
// bits (about 140 GB of weights) on eight H100s of one node, with room to
// spare, and not on one.
func TestFeasibilityFitShape(t *testing.T) {
	a := model.DefaultAnswers()
	a.Model, a.Precision = "llama-2-70b", model.FP16
	cat, ix, facts, ap, p := stageIndex(t, a)
	fe := feasibility{a: ap, p: p, cat: cat, ix: ix, facts: facts}
	one := &ix.shapes[shapeOf(t, ix, "H100 SXM5", 1)]
	if f, ok := fe.fitShape(one, one.vram*gib); ok {
		t.Errorf("70B at 16 bits fits one H100: %+v", f)
	}
	eight := &ix.shapes[shapeOf(t, ix, "H100 SXM5", 8)]
	v := eight.vram * gib
	f, ok := fe.fitShape(eight, v)
	if !ok {
		t.Fatal("70B at 16 bits does not fit eight H100s")
	}
	if f.nodes != 1 || f.used > 8 || f.used < 2 || f.perGPU > v || 64%f.tp != 0 {
		t.Errorf("fit %+v on 8 x %.0f GiB: want one node, 2-8 GPUs, a degree dividing the 64 heads", f, eight.vram)
	}
}

// TestFeasibilityFilters: the provider and GPU filters keep what they
// name and nothing else.
func TestFeasibilityFilters(t *testing.T) {
	a := model.DefaultAnswers()
	a.Model, a.Providers, a.GPU = "llama-2-7b", []string{"Cloud B"}, "L4"
	cat, ix, facts, ap, p := stageIndex(t, a)
	fe := feasibility{a: ap, p: p, cat: cat, ix: ix, facts: facts}
	fe.setFilters(nil)
	for i, pv := range ix.provs {
		if want := pv.key == "cloudB"; fe.provOK[i] != want {
			t.Errorf("provider %s kept %v, want %v", pv.key, fe.provOK[i], want)
		}
	}
	for i := range ix.gpus {
		if want := ix.gpus[i].name == "L4"; fe.gpuOK[i] != want {
			t.Errorf("GPU %s kept %v, want %v", ix.gpus[i].name, fe.gpuOK[i], want)
		}
	}
	if fe.reg.rf != nil || len(fe.reqOut) != 0 {
		t.Errorf("no region or hard requirement asked, yet a filter: %v, %d", fe.reg.rf, len(fe.reqOut))
	}
}

// TestRegionFilterRates: the region filter prices an offer at its
// cheapest region inside and leaves out one with no region inside.
func TestRegionFilterRates(t *testing.T) {
	o := testOffer("cloudA", "l4x1", "L4", 1, 1.0)
	o.Regions = []string{"us-east-1", "eu-central-1", "eu-west-2"}
	o.EditDetail().OnDemandZones = []model.ZonePrice{{Zone: "us-east-1", Price: 1.0}, {Zone: "eu-central-1", Price: 1.4}, {Zone: "eu-west-2", Price: 1.2}}
	far := testOffer("cloudA", "l4-us", "L4", 1, 0.5)
	far.Regions = []string{"us-west-2"}
	cat := regionTestCatalog(o, far)
	ix, _ := buildIndex(cat)
	rg := regionFilter{cat: cat, ix: ix}
	rg.set([]string{"europe"})
	p, at, in, _ := rg.regionRates(&ix.rows[ix.rowOf[0]])
	if !in || p.od != 1.2 || at.od != "eu-west-2" {
		t.Errorf("inside europe: %v at %q ($%.2f), want eu-west-2 at $1.20", in, at.od, p.od)
	}
	if _, _, in, unknown := rg.regionRates(&ix.rows[ix.rowOf[1]]); in || unknown {
		t.Errorf("an offer in us-west-2 alone: inside europe %v, location unknown %v", in, unknown)
	}
	rg.set(nil)
	if p, _, ok := rg.ratesOf(&ix.rows[ix.rowOf[0]]); !ok || p.od != 1.0 {
		t.Errorf("no filter: $%.2f (%v), want the offer's own $1.00", p.od, ok)
	}
}

// TestPricerShortcutMatchesQuotes: the pricer's ranking shortcut
// (bestQuote) chooses the price model and total that pricing every model
// (quotes, pick) chooses, with and without spot, for a short and a long
// job.
func TestPricerShortcutMatchesQuotes(t *testing.T) {
	pol := &model.Policy{Commit1y: model.Discount{Fraction: 0.3}, BillingGranularity: "hourly"}
	// Weekly $250 and monthly $1,000 tie exactly over 2,000 hours (12
	// weeks, 3 months): both totals are the same product, rate x billed
	// hours, so the shortcut and the quotes break the tie alike.
	for _, weekly := range []float64{250, 260} {
		r := rates{od: 2, spot: 0.8, plans: planPrices{model.PlanWeekly: weekly, model.PlanMonthly: 1000}, bkt: 2}
		pricerMatchesQuotes(t, &r, pol)
	}
}

// pricerMatchesQuotes checks the shortcut against the quotes for rates r,
// with and without spot, for a short and a long job.
func pricerMatchesQuotes(t *testing.T, r *rates, pol *model.Policy) {
	t.Helper()
	for _, spot := range []bool{false, true} {
		for _, h := range []float64{10.5, 2000} {
			pc := pricer{a: &model.Answers{Interruptible: spot, HoursPerWeek: model.HoursPerWeekFull}, p: &plan{jobMode: true}}
			total, _, pm, _, _, ok := pc.bestQuote(r, pol, 1, h, h, 1, hidden{})
			qs := pc.quotes(r, &places{}, pol, "", 1, h, h, 1, false, nil)
			best, _ := pc.pick(qs, hidden{}, h, h)
			if !ok || best < 0 {
				t.Fatalf("spot %v, %g h: nothing eligible (%v, %d)", spot, h, ok, best)
			}
			if pmNames[pm] != qs[best].pm || !nearRel(total, qs[best].total) {
				t.Errorf("weekly $%g, spot %v, %g h: shortcut %s $%.2f, quotes %s $%.2f", r.plans[model.PlanWeekly], spot, h, pmNames[pm], total, qs[best].pm, qs[best].total)
			}
			if !spot && (pm == pmSpot || pm == pmHybSpotOD) {
				t.Errorf("%g h: spot chosen for a job that cannot be interrupted", h)
			}
		}
	}
}

// nearRel reports whether two totals agree to a part in a billion.
func nearRel(a, b float64) bool { return a == b || (a-b)/b < 1e-9 && (b-a)/b < 1e-9 }

// TestRiskerShapeRisks: a tensor-parallel split over PCIe between
// GeForce cards pays the host-link penalty by its GPUs beyond the first;
// a job on several nodes pays one multi-node step however many, a rented
// period one per doubling.
func TestRiskerShapeRisks(t *testing.T) {
	rk := risker{p: &plan{}, facts: &shapeFacts{gpu: []gpuFacts{{geforce: true}}}}
	got := map[string]int{}
	rk.shapeRisks(&shape{gpu: 0, count: 4, nvlink: -1}, &shapeRes{tp: 4, used: 4, nodes: 1}, func(code string, pct int) { got[code] = pct })
	if want := min(riskTPHostPerGPU*3, riskTPHostMax); got[riskCodeTPHost] != want || got[riskCodeTPLink] != 0 {
		t.Errorf("4-way split over PCIe between GeForce cards: %v, want %s %d%%", got, riskCodeTPHost, want)
	}
	nodes := func(job bool, n int) int {
		rk.p.jobMode = job
		pct := 0
		rk.shapeRisks(&shape{gpu: -1, count: 8, nvlink: 1}, &shapeRes{tp: 1, used: 8 * n, nodes: n}, func(code string, p int) {
			if code == riskCodeNodes {
				pct = p
			}
		})
		return pct
	}
	if one, two, eight := nodes(true, 1), nodes(true, 2), nodes(true, 8); one != 0 || two <= 0 || eight != two {
		t.Errorf("a job's multi-node penalty on 1, 2, 8 nodes: %d%%, %d%%, %d%%; want none, then one step", one, two, eight)
	}
	if two, eight := nodes(false, 2), nodes(false, 8); eight <= two {
		t.Errorf("a rented period's multi-node penalty on 2 and 8 nodes: %d%%, %d%%; want it to grow", two, eight)
	}
	if x := rk.shapeRiskX(&shape{gpu: -1, count: 1}, &shapeRes{tp: 1, used: 1, nodes: 1}); x != 1 {
		t.Errorf("one GPU of an unknown model: factor %g, want 1", x)
	}
}

// TestExplainerNotes: the explain stage counts in the notes the offers the
// scan left out, each reason once, and says when nothing matched.
func TestExplainerNotes(t *testing.T) {
	c := explainer{&call{cat: &model.Catalog{}, p: &plan{}, l: langEN, st: stats{noPrice: 3, retired: 2}}}
	notes := c.notes(nil)
	for _, want := range []string{langEN.f(kNoteNoPrice, 3), langEN.f(kNoteRetired, 2), langEN.f(kNoteNoneMatch)} {
		if !slices.Contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
	if slices.Contains(notes, langEN.f(kNoteSpotOnly, 0)) {
		t.Errorf("notes %q count a reason no offer was left out for", notes)
	}
}

// TestRecoWriterHiddenNotes: a recommendation's hidden-cost notes say
// when a storage price is unknown, and name the storage price a provider
// publishes.
func TestRecoWriterHiddenNotes(t *testing.T) {
	pol := &model.Policy{BlockStorageGBMonth: 0.08, Currency: model.USD}
	c := recoWriter{&call{l: langEN, ix: &index{provs: []provInfo{{key: "none"}, {key: "cloudA", pol: pol}}, est: make([]provEstimate, 2)},
		price: pricer{storageGB: 100, disp: model.USD, usdDisp: 1}}}
	c.a.HoursPerWeek = model.HoursPerWeekFull
	if got := c.hiddenNotes(hidden{storageUnknown: true}, 0, model.HoursPerMonth); len(got) != 1 || got[0] != langEN.f(kHStorageUnknown, 100.0) {
		t.Errorf("unknown storage price: %q", got)
	}
	got := c.hiddenNotes(hidden{storage: 8}, 1, model.HoursPerMonth)
	if len(got) != 1 || !strings.Contains(got[0], "0.08") {
		t.Errorf("published storage price: %q, want the price per GB-month", got)
	}
}

// TestSuggesterMerge: a combined suggestion makes every change of its
// parts, in the answers it ranks and in any answers it is applied to.
func TestSuggesterMerge(t *testing.T) {
	c := suggester{&call{a: model.Answers{Precision: model.FP16}}}
	int4 := variant{set: func(a *model.Answers) { a.Precision = model.INT4 }, ids: []model.AnswerID{model.AnsPrecision}}
	spot := variant{set: func(a *model.Answers) { a.Interruptible = true }, ids: []model.AnswerID{model.AnsInterruptible}}
	v := c.merge([]variant{int4, spot})
	if v.kind != model.SuggestCombined || v.a.Precision != model.INT4 || !v.a.Interruptible {
		t.Errorf("merged: kind %s, precision %s, interruptible %v", v.kind, v.a.Precision, v.a.Interruptible)
	}
	if !slices.Equal(v.ids, []model.AnswerID{model.AnsPrecision, model.AnsInterruptible}) {
		t.Errorf("merged ids %v", v.ids)
	}
	var b model.Answers
	v.set(&b)
	if b.Precision != model.INT4 || !b.Interruptible {
		t.Errorf("applied: precision %s, interruptible %v", b.Precision, b.Interruptible)
	}
	if c.a.Precision != model.FP16 || c.a.Interruptible {
		t.Errorf("merging changed the answers it started from: %+v", c.a)
	}
}

// TestInternerNumbersOnce: the interner gives a provider one number
// whatever its case, the empty currency USD's, no GPU -1, and an offer
// the same shape as another of the same hardware.
func TestInternerNumbersOnce(t *testing.T) {
	cat := testCatalog()
	a := testOffer("cloudA", "x", "L4", 1, 1)
	b := testOffer("CLOUDA", "y", "L4", 1, 2)
	b.Currency = ""
	c := testOffer("cloudB", "z", "", 1, 1)
	cat.Offers = []model.Offer{a, b, c}
	ix := &index{rows: make([]row, 3)}
	newInterner(cat, ix).keyRows()
	r := ix.rows
	if r[0].prov != r[1].prov || r[0].prov == r[2].prov || len(ix.provs) != 2 {
		t.Errorf("providers %d %d %d of %d", r[0].prov, r[1].prov, r[2].prov, len(ix.provs))
	}
	if r[0].cur != r[1].cur || ix.curs[r[1].cur] != model.USD {
		t.Errorf("currencies %d %d: %v", r[0].cur, r[1].cur, ix.curs)
	}
	if r[0].shape != r[1].shape || ix.shapes[r[2].shape].gpu != -1 {
		t.Errorf("shapes %d %d %d; the unnamed GPU's %d", r[0].shape, r[1].shape, r[2].shape, ix.shapes[r[2].shape].gpu)
	}
}
