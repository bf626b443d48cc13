package advisor

import (
	"cmp"
	"slices"

	"github.com/gpupick/gpupick/model"
)

// shapeFacts are what the advisor reads of the catalog's GPUs and shapes
// on every ranking that no answer changes, worked out once per engine
// (with its index) so a keystroke's ranking does not redo string and map
// work per shape.
type shapeFacts struct {
	// gpu holds, per GPU index of the index, its static facts.
	gpu []gpuFacts
	// idleGroup is, per shape, the index of its (GPU, GPU count) group
	// for markIdle (-1 for a shape markIdle never compares: no named GPU
	// or a vGPU slice); groups lists the groups' keys in order, a group's
	// index being its place in the list (idleGroupOf looks one up). A list
	// rather than a map, so that the index of the embedded catalog is
	// static data (prebuilt.go). The list is in order of GPU, then count;
	// gpuGroups[g] is where GPU index g's groups begin in it (and
	// gpuGroups[g+1] where they end), so that a lookup reads a GPU's few.
	idleGroup []int32
	groups    []idleKey
	gpuGroups []int32
	// speedClass is, per shape, the index of its speed class: the shapes
	// of one GPU, count and share with the same one-node network, whose
	// one-node speed depends on the configuration alone (speedOnOneNode);
	// speedClasses counts the classes.
	speedClass   []int32
	speedClasses int
	// fitClass is, per shape, the index of its fit class: the shapes of
	// one GPU count and memory per GPU, which hold the job in the same
	// configuration (fitOf); fitClasses counts the classes.
	fitClass   []int32
	fitClasses int
	// polLines holds, per provider index and language (langEN, langZH),
	// the lines of its on-demand notes that depend on its policy alone
	// (quoteNote): the billing granularity and the terms on request, ""
	// when the policy has none.
	polLines [][2]policyLines
}

// policyLines are a provider's policy lines of an on-demand quote note.
type policyLines struct{ billing, onRequest string }

// gpuFacts are one GPU's facts as the ranking tests them.
type gpuFacts struct {
	// kepler: a Kepler part (CUDA 12 dropped it); below: below the serving
	// engine's minimum compute capability (belowEngineMinimum); geforce: a
	// GeForce card (isGeForce); legacy: a Maxwell, Pascal or Volta part
	// (the legacy-GPU penalty); rocm: an AMD GPU, run on ROCm (the
	// stack-gap penalty).
	kepler, below, geforce, legacy, rocm bool
}

// idleKey is a GPU and a count of it on one node.
type idleKey struct {
	gpu   int32
	count int
}

// newShapeFacts works out the static facts of an index's GPUs and shapes.
func newShapeFacts(ix *index) *shapeFacts {
	f := &shapeFacts{gpu: make([]gpuFacts, len(ix.gpus)), idleGroup: make([]int32, len(ix.shapes))}
	for i := range ix.gpus {
		f.gpu[i] = factsOf(ix.gpus[i].g)
	}
	f.polLines = make([][2]policyLines, len(ix.provs))
	for i, pv := range ix.provs {
		if pv.pol == nil {
			continue
		}
		for _, l := range []lang{langEN, langZH} {
			pl := &f.polLines[i][l]
			if pv.pol.BillingGranularity != "" {
				pl.billing = l.f(kQBilling, pv.pol.BillingGranularity)
			}
			if len(pv.pol.TermsOnRequest) > 0 {
				pl.onRequest = l.f(kQOnRequest, monthsText(l, pv.pol.TermsOnRequest))
			}
		}
	}
	type speedKey struct {
		gpu   int32
		count int
		frac  float64
		vram  float64 // a batch job's concurrency follows the memory
		net   topo
	}
	f.speedClass, f.speedClasses = classify(len(ix.shapes), func(si int) speedKey {
		sh := &ix.shapes[si]
		return speedKey{sh.gpu, sh.count, sh.frac, sh.vram, ix.topo1[si]}
	}, func(k speedKey) uint64 {
		// Some of the fields: == compares them all.
		h := hashMix(uint64(k.gpu), uint64(k.count))
		h = hashMix(h, floatWord(k.vram))
		h = hashMix(h, floatWord(k.frac))
		return hashMix(h, floatWord(k.net.nodeGbps))
	})
	type fitKey struct {
		count int
		vram  float64
	}
	f.fitClass, f.fitClasses = classify(len(ix.shapes), func(si int) fitKey {
		return fitKey{ix.shapes[si].count, ix.shapes[si].vram}
	}, func(k fitKey) uint64 { return hashMix(uint64(k.count), floatWord(k.vram)) })
	for si := range ix.shapes {
		sh := &ix.shapes[si]
		if sh.gpu >= 0 && sh.frac == 1 {
			f.groups = append(f.groups, idleKey{sh.gpu, sh.count})
		}
	}
	slices.SortFunc(f.groups, idleKey.compare)
	f.groups = slices.Compact(f.groups)
	f.gpuGroups = make([]int32, len(ix.gpus)+1)
	for _, k := range f.groups {
		f.gpuGroups[k.gpu+1]++
	}
	for g := range ix.gpus {
		f.gpuGroups[g+1] += f.gpuGroups[g]
	}
	for si := range ix.shapes {
		sh := &ix.shapes[si]
		f.idleGroup[si] = -1
		if sh.gpu >= 0 && sh.frac == 1 {
			f.idleGroup[si], _ = f.idleGroupOf(idleKey{sh.gpu, sh.count})
		}
	}
	return f
}

// idleGroupOf is the index of a (GPU, GPU count) group, and whether the
// catalog has that group.
func (f *shapeFacts) idleGroupOf(k idleKey) (int32, bool) {
	if k.gpu < 0 || int(k.gpu)+1 >= len(f.gpuGroups) {
		return -1, false
	}
	for i := f.gpuGroups[k.gpu]; i < f.gpuGroups[k.gpu+1]; i++ {
		if f.groups[i].count == k.count {
			return i, true
		}
	}
	return -1, false
}

// compare orders idle groups by GPU, then GPU count.
func (k idleKey) compare(o idleKey) int {
	if c := cmp.Compare(k.gpu, o.gpu); c != 0 {
		return c
	}
	return cmp.Compare(k.count, o.count)
}

// classify numbers the distinct keys of n items in order of first
// appearance: it returns each item's class and the number of classes.
// hash must give equal keys (==) equal hashes and may give unequal ones
// the same (keyTable).
func classify[K comparable](n int, key func(int) K, hash func(K) uint64) ([]int32, int) {
	t := newKeyTable(n, func(i int32) K { return key(int(i)) }, hash)
	out := make([]int32, n)
	classes := 0
	for i := range n {
		if first := t.find(key(i)); first >= 0 {
			out[i] = out[first]
			continue
		}
		t.add(int32(i))
		out[i] = int32(classes)
		classes++
	}
	return out, classes
}

// factsOf is a GPU's static facts (all false for an unknown GPU).
func factsOf(g *model.GPU) gpuFacts {
	if g == nil {
		return gpuFacts{}
	}
	var f gpuFacts
	f.kepler = g.Architecture == "Kepler"
	f.below = belowEngineMinimum(g)
	f.geforce = isGeForce(g)
	f.rocm = isAMD(g)
	switch g.Architecture {
	case "Maxwell", "Pascal", "Volta":
		f.legacy = true
	}
	return f
}

// gpuOf is the static facts of a GPU index (none for -1, a GPU the
// catalog does not name).
func (f *shapeFacts) gpuOf(gi int32) gpuFacts {
	if gi < 0 {
		return gpuFacts{}
	}
	return f.gpu[gi]
}

// policyLines is a provider's policy lines of an on-demand quote note in
// language l (none when it formats nothing).
func (f *shapeFacts) policyLines(prov uint16, l lang) policyLines {
	if l != langEN && l != langZH {
		return policyLines{}
	}
	return f.polLines[prov][l]
}
