package advisor

import (
	"iter"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/gpupick/gpupick/model"
)

// Sizes of one product. Many providers sell one product at several GPU
// counts under names that differ only by the count: RunPod's
// "1x_MI300X_SECURE" ... "8x_MI300X_SECURE", Lambda's "gpu_1x_h100_sxm5"
// ... "gpu_8x_h100_sxm5", Vast's "1x-H100_SXM-32-65536", GCP's
// "a2-highgpu-1g" ... "-8g", Hyperstack's "n3-A100x1" ... "x8". Some
// names also carry the host's vCPUs or memory, which grow with the
// count: Verda's "1A100.22V" and "4A100.88V" (22 vCPUs a GPU), Cudo's
// "_1x12v24gb" and "_2x24v48gb", Nebius's "_1gpu-16vcpu-200gb" and
// "_8gpu-128vcpu-1600gb". Listed one by one, such sizes fill the top of
// a ranking with one offer: the ranking lists each product once, at its
// best-ranked size, and that recommendation's detail lists the others.
//
// Two offers are sizes of one product when they are of one provider,
// GPU, vCPU kind, hosting (marketplace or not) and currency, whole GPUs, of different GPU counts, and their instance names
// are the same once each number in them is read as follows: a number the
// same in every name of that spelling (the provider's name with its
// numbers left out) is part of the name; a number that differs is read
// per GPU (divided by the GPU count); and the names must state the count
// itself (a number that is the GPU count in each). So AWS's g6e.24xlarge
// (4 GPUs) and g6e.48xlarge (8 GPUs) stay two offers: the names do not
// state the count, and g5.12xlarge and g5.48xlarge have other hosts per
// GPU (12 and 24 vCPUs); Azure's and Alibaba's names state vCPUs or sizes,
// not GPUs, and stay apart too, as do Seeweb's sizes whose number is a
// size's rank (ECS3GPU3 has 4 GPUs). An offer whose name holds no number
// is its own product, as is a marketplace host's offer (Offer.Host:
// Vast's): its name carries its own offer and machine ids, which differ
// between any two offers and, read per GPU, would match only by chance
// (offer o20 of 1 GPU and o40 of 2).
type sizeTable struct {
	once sync.Once
	ix   *sizeIndex
	// done is closed when a build started beside the first evaluation
	// (start) has put ix; nil when none was started.
	done chan struct{}
}

// sizeIndex is the catalog's products sold at several sizes: group is,
// per index row, its product (-1 when the offer has no other size), and
// members lists each product's rows in catalog order.
type sizeIndex struct {
	group   []int32
	members [][]int32
	// shapes holds, per product, its sizes' shapes (in members' order).
	shapes [][]int32
}

// start works the catalog's sizes out on another goroutine, beside the
// first evaluation of the shapes, which does not need them: the ranking
// that does waits for them (get). It is called once, as the index is
// built.
func (t *sizeTable) start(cat *model.Catalog, ix *index) {
	t.done = make(chan struct{})
	go func() {
		defer close(t.done)
		t.ix = buildSizes(cat, ix)
	}()
}

// set gives the table sizes worked out before (the prebuilt index's).
func (t *sizeTable) set(ix *sizeIndex) { t.once.Do(func() { t.ix = ix }) }

// get returns the catalog's sizes: the build start began, or one worked
// out now on first use.
func (t *sizeTable) get(cat *model.Catalog, ix *index) *sizeIndex {
	t.once.Do(func() {
		if t.done != nil {
			<-t.done
			return
		}
		t.ix = buildSizes(cat, ix)
	})
	return t.ix
}

// sizes is the call's catalog's sizes.
func (c *call) sizes() *sizeIndex { return c.eng.sizes.get(c.cat, c.ix) }

// maxNameNumbers caps the numbers read from an instance name.
const maxNameNumbers = 8

// nameNumbers appends to dst an instance name's spelling (the name with
// each run of digits replaced by '#') and to nums the runs' values; ok
// is false when the name has no number, more than maxNameNumbers of them,
// or one too long to read.
func nameNumbers(dst []byte, name string, nums []uint64) (spelling []byte, out []uint64, ok bool) {
	out = nums
	for i := 0; i < len(name); {
		if name[i] < '0' || name[i] > '9' {
			dst = append(dst, name[i])
			i++
			continue
		}
		var v uint64
		for ; i < len(name) && name[i] >= '0' && name[i] <= '9'; i++ {
			if v > (math.MaxInt64-9)/10 {
				return dst, nums, false // too long to read
			}
			v = v*10 + uint64(name[i]-'0')
		}
		if len(out)-len(nums) == maxNameNumbers {
			return dst, nums, false
		}
		out = append(out, v)
		dst = append(dst, '#')
	}
	return dst, out, len(out) > len(nums)
}

// statesCount reports whether a name holds the number n (cheaply, before
// it is read): a name that does not state an offer's GPU count is no size
// of a product.
func statesCount(name string, n int) bool {
	v, in := 0, false
	for i := 0; i <= len(name); i++ {
		if i < len(name) && name[i] >= '0' && name[i] <= '9' {
			if v < 1<<20 {
				v = v*10 + int(name[i]-'0')
			}
			in = true
			continue
		}
		if in && v == n {
			return true
		}
		v, in = 0, false
	}
	return false
}

// productKey is a product of a spelling: each varying number of its
// names per GPU, as the fraction number/GPU count in lowest terms, by the
// number's place ({0, 0} where the number does not vary; a count is at
// least 1, so no varying number reads so). A struct, not a string: a
// marketplace's offers (Vast's, each naming its machine and offer) are
// each a product of its own, and a string key allocated for every one.
type productKey [maxNameNumbers][2]uint64

// buildSizes finds the products of a catalog sold at several GPU counts
// (see sizeTable).
func buildSizes(cat *model.Catalog, ix *index) *sizeIndex {
	si := &sizeIndex{group: make([]int32, len(ix.rows))}
	for i := range si.group {
		si.group[i] = -1
	}
	// Offers of one spelling: provider, GPU, vCPU kind, hosting, currency
	// and the name without its numbers. The GPU's name is its memory (the
	// catalog names the 40 and 80 GB parts apart); an offer's own memory
	// figure may differ by a rounding between sizes (Verda's B300: 262 and
	// 262.5 GiB). A member's numbers are nums[at:at+n].
	type member struct {
		fam, prod, offer, at, n int32
	}
	spellings := make(map[string]int32, len(cat.Offers)/4)
	ms := make([]member, 0, len(cat.Offers))
	nums := make([]uint64, 0, 2*len(cat.Offers))
	key := make([]byte, 0, 128)
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.GPUCount <= 0 || o.GPUFraction > 0 && o.GPUFraction < 1 || o.Host != nil || !statesCount(o.InstanceType, o.GPUCount) {
			continue
		}
		key = append(key[:0], o.Provider...)
		key = append(append(key, 0), o.GPU...)
		key = append(append(key, 0), o.VCPUType...)
		key = strconv.AppendBool(append(key, 0), marketplace(o))
		key = append(append(key, 0), o.Currency...)
		key = append(key, 0)
		at := len(nums)
		var ok bool
		key, nums, ok = nameNumbers(key, o.InstanceType, nums)
		if !ok {
			nums = nums[:at]
			continue
		}
		f, seen := spellings[string(key)]
		if !seen {
			f = int32(len(spellings))
			spellings[string(key)] = f
		}
		ms = append(ms, member{fam: f, offer: int32(i), at: int32(at), n: int32(len(nums) - at)})
	}
	// Members in order of spelling, then catalog order (a counting sort:
	// the spellings are numbered densely, the members come in catalog
	// order).
	at := make([]int32, len(spellings)+1)
	for _, m := range ms {
		at[m.fam+1]++
	}
	for f := 1; f < len(at); f++ {
		at[f] += at[f-1]
	}
	sorted := make([]member, len(ms))
	for _, m := range ms {
		sorted[at[m.fam]] = m
		at[m.fam]++
	}
	ms = sorted
	products := map[productKey]int32{}
	rows := make([]int32, 0, len(ms))
	shapes := make([]int32, 0, len(ms))
	for fam := range runs(ms, func(m member) int32 { return m.fam }) {
		if len(fam) < 2 {
			continue
		}
		// The numbers that differ between names of the spelling are read
		// per GPU; the others are part of the name.
		first := nums[fam[0].at : fam[0].at+fam[0].n]
		var varies [maxNameNumbers]bool
		for _, m := range fam[1:] {
			for p, v := range nums[m.at : m.at+m.n] {
				varies[p] = varies[p] || v != first[p]
			}
		}
		clear(products)
		for k := range fam {
			m := &fam[k]
			count := uint64(cat.Offers[m.offer].GPUCount)
			var pk productKey
			states := false // a number is the GPU count
			for p, v := range nums[m.at : m.at+m.n] {
				if !varies[p] {
					continue
				}
				g := max(gcd(v, count), 1)
				pk[p] = [2]uint64{v / g, count / g}
				states = states || v == count
			}
			m.prod = -1
			if !states {
				continue
			}
			pr, seen := products[pk]
			if !seen {
				pr = int32(len(products))
				products[pk] = pr
			}
			m.prod = pr
		}
		slices.SortFunc(fam, func(a, b member) int {
			if a.prod != b.prod {
				return int(a.prod - b.prod)
			}
			return int(a.offer - b.offer)
		})
		for prod := range runs(fam, func(m member) int32 { return m.prod }) {
			if prod[0].prod < 0 || !slices.ContainsFunc(prod, func(m member) bool {
				return cat.Offers[m.offer].GPUCount != cat.Offers[prod[0].offer].GPUCount
			}) {
				continue // not a product, or one GPU count: no other size
			}
			g := int32(len(si.members))
			at := len(rows)
			for _, m := range prod {
				ri := ix.rowOf[m.offer]
				rows = append(rows, ri)
				si.group[ri] = g
			}
			for _, ri := range rows[at:] {
				shapes = append(shapes, ix.rows[ri].shape)
			}
			si.members = append(si.members, rows[at:len(rows):len(rows)])
			si.shapes = append(si.shapes, shapes[at:len(shapes):len(shapes)])
		}
	}
	return si
}

// runs yields the runs of consecutive elements of s with the same key.
func runs[T any, K comparable](s []T, key func(T) K) iter.Seq[[]T] {
	return func(yield func([]T) bool) {
		for lo := 0; lo < len(s); {
			hi := lo + 1
			for hi < len(s) && key(s[hi]) == key(s[lo]) {
				hi++
			}
			if !yield(s[lo:hi]) {
				return
			}
			lo = hi
		}
	}
}

// gcd is the greatest common divisor of a and b.
func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// sizeBest holds, for a top-N scan, the best candidate of each product
// in each class trim and the budget tell apart (budget group, known too
// slow), beside the heap of the other offers: a product's sizes then take
// one place of the k best, not one each, and the fold that follows trim
// still finds the product's best size trim keeps. An offer that ranks
// after the heap's worst cannot be in the k best: the heap's bound prunes
// the sizes as it does the rest. nil when the catalog has no product at
// several sizes, or every offer is listed (all).
type sizeBest struct {
	sz *sizeIndex
	// best is, per class (product*4 + over*2 + slow), 1 + the index in
	// kept of its best candidate so far (0: none yet); kept holds them in
	// the order their classes were first met, used those classes. (A
	// class a slot of 4 bytes rather than a candidate: the scan reads
	// each slot before writing it, and a buffer of candidates, one a
	// class, was 16 fresh pages for each ranking of a new process.)
	best []int32
	kept []cand
	used []int32
	// seen counts, per product, the sizes the scan looked at and how
	// many of them it counted listed in each class (countFolded); looked
	// marks the rows it looked at, a bit a row.
	seen   []sizeSeen
	looked []uint64
	// tails marks the shapes whose scan stopped and counted the rest
	// (countTail), a bit a shape.
	tails []uint64
	// listed and cands are scratch for fold and otherSizes.
	listed []bool
	cands  []cand
}

// sizeSeen is what a scan saw of a product's sizes: how many it looked
// at, how many it counted in each class (over*2 + slow), and whether
// their hidden cost is unknown (the provider's, the same for all).
type sizeSeen struct {
	looked int32
	n      [4]int32
	unk    uint8
}

// newSizeBest is the call's sizeBest for a scan (nil for all), in the
// call's buffers.
func (c *call) newSizeBest(all bool) *sizeBest {
	sz := c.sizes()
	if all || len(sz.members) == 0 {
		return nil
	}
	b := &c.sized
	b.sz = sz
	if n := 4 * len(sz.members); len(b.best) != n {
		b.best = make([]int32, n)
	}
	for _, k := range b.used {
		b.best[k] = 0
	}
	b.used, b.kept = b.used[:0], b.kept[:0]
	b.seen = grow(b.seen, len(sz.members))
	b.looked = grow(b.looked, (len(sz.group)+63)/64)
	b.tails = grow(b.tails, (len(c.feas.shapes)+63)/64)
	return b
}

// tail notes that the scan of shape si stopped and counted the rest
// (countTail): the sizes past that point were not looked at.
func (b *sizeBest) tail(si int) {
	if b.sz != nil && si/64 < len(b.tails) {
		b.tails[si/64] |= 1 << (si % 64)
	}
}

// saw notes, for a product's size (row ri of shape sr) the scan asked
// quick about, whether quick counted it listed (counted: it counts the
// offers it matches, and counts each in its group) and in which class: a
// candidate's own budget group; one it did not take counted only when the
// bound put it over the budget, or when there is no budget.
// (In a fast scan, which keeps no statistics, the class is not needed.)
func (b *sizeBest) saw(c *call, ri int32, sr *shapeRes, cd *cand, v verdict, counted bool) {
	if b != nil && b.sz.group[ri] >= 0 {
		b.note(c, ri, sr, cd, v, counted)
	}
}

// note is saw for a product's size.
func (b *sizeBest) note(c *call, ri int32, sr *shapeRes, cd *cand, v verdict, counted bool) {
	ps := &b.seen[b.sz.group[ri]]
	ps.looked++
	b.looked[ri/64] |= 1 << (ri % 64)
	if !counted {
		return
	}
	over := b2i(c.price.budgetUSD > 0)
	if v == take {
		over = int(cd.over())
	}
	ps.n[over<<1|int(sr.tier>>1)]++
	if c.price.anyUnk {
		ps.unk = c.price.hidUnk[c.ix.hot[ri].prov] // the provider's, the same for all its sizes
	}
}

// The scan's use of a candidate sizeBest.keep reports.
const (
	sizeNone  uint8 = iota // not a product's size: the heap takes it
	sizeKept               // kept as its class's best, or worse than it
	sizeFirst              // the first of its class: kept, and the heap takes it too
)

// keep takes a candidate of a product's size, keeping the best of its
// class (sizeKept). The first candidate of a class also goes into the
// heap (sizeFirst), so that the classes bound the scan as other offers
// do: each entry of the heap stands for another offer or another class,
// whose best ranks no later than the entry, so an offer that ranks after
// the heap's worst still cannot be among the k best; into then puts each
// class's best in its place. A class's slot is empty while its price
// model is none: a candidate quick takes always has one.
func (b *sizeBest) keep(cd cand) uint8 {
	if b == nil {
		return sizeNone
	}
	g := b.sz.group[cd.row]
	if g < 0 {
		return sizeNone
	}
	k := int32(g)*4 + int32(cd.over())*2 + int32(b2i(cd.tier() == 2))
	if s := b.best[k]; s > 0 {
		if cur := &b.kept[s-1]; cd.less(*cur) {
			*cur = cd
		}
		return sizeKept
	}
	b.kept = append(b.kept, cd)
	b.best[k] = int32(len(b.kept))
	b.used = append(b.used, k)
	return sizeFirst
}

// into replaces the products' sizes the heap h (of at most k candidates)
// holds by each class's best candidate: h then holds the k best of the
// other offers and the classes, still a heap.
func (b *sizeBest) into(h []cand, k int) []cand {
	if b == nil {
		return h
	}
	out := h[:0]
	for _, cd := range h {
		if b.sz.group[cd.row] < 0 {
			out = append(out, cd)
		}
	}
	for i := len(out)/2 - 1; i >= 0; i-- {
		siftDown(out, i)
	}
	for _, cd := range b.kept {
		switch {
		case len(out) < k:
			out = append(out, cd)
			siftUp(out, len(out)-1)
		case cd.less(out[0]):
			out[0] = cd
			siftDown(out, 0)
		}
	}
	return out
}

// fold lists each product once: of a product's sizes in the ranked list
// cs (after trim), the first, its best-ranked, stays and the others are
// dropped. It counts the dropped ones by budget group (and those of them
// with an unknown hidden cost) into the statistics' folded counts when
// the list is every listed offer (all); a top-N list gets them from
// countFolded.
func (c *call) fold(cs []cand, all bool) []cand {
	sz := c.sizes()
	if len(sz.members) == 0 {
		return cs
	}
	c.sized.listed = grow(c.sized.listed, len(sz.members))
	seen := c.sized.listed
	out := cs[:0]
	for _, cd := range cs {
		if g := sz.group[cd.row]; g >= 0 {
			if seen[g] {
				if all {
					c.st.folded[cd.over()][0]++
					c.st.folded[cd.over()][1] += int(cd.unk())
				}
				continue
			}
			seen[g] = true
		}
		out = append(out, cd)
	}
	return out
}

// sizeCands are the listed sizes of product g, as quick ranks them (the
// statistics are left as they were): the sizes trim would drop (known too
// slow where an offer of their budget group is fast enough) are left out.
func (c *call) sizeCands(g int32, out []cand) []cand {
	out = out[:0]
	st := c.st
	defer func() { c.st = st }()
	fast := [2]bool{st.groups[0]+st.groups[1] > 0, st.groups[4]+st.groups[5] > 0}
	for _, ri := range c.sizes().members[g] {
		sr := &c.feas.shapes[c.ix.rows[ri].shape]
		if !sr.ok {
			continue
		}
		cd, v := c.quick(ri, sr, nil)
		if v != take || cd.tier() == 2 && fast[cd.over()] {
			continue
		}
		out = append(out, cd)
	}
	return out
}

// countFolded counts, for a top-N ranking, the listed offers the fold
// drops from the full list, as fold counts them for every listed offer:
// of each product's listed sizes, all but the best-ranked (within the
// budget when any size is). Whether a size is listed, and in which group,
// is what the scan counted it as (sizeBest.saw); the sizes the scan did
// not read (past where it stopped in a shape) are asked of quick with a
// bound nothing enters (so that it prices a size only to learn its budget
// group), with the statistics put back.
func (c *call) countFolded() (f [2][2]int) {
	b := &c.sized
	if b.sz == nil || len(b.sz.members) == 0 {
		return f
	}
	st := c.st
	defer func() { c.st = st }()
	fast := [2]bool{st.groups[0]+st.groups[1] > 0, st.groups[4]+st.groups[5] > 0}
	none := cand{rank: math.Inf(-1)} // a bound no offer ranks before
	for g, rows := range b.sz.members {
		// The scan reads every size of a shape that holds the job, but
		// those past where it stopped in a shape and counted the rest
		// (countTail): ask quick of those.
		for k, si := range b.sz.shapes[g] {
			if b.tails[si/64]&(1<<(si%64)) == 0 {
				continue
			}
			if ri := rows[k]; b.looked[ri/64]&(1<<(ri%64)) == 0 {
				sr := &c.feas.shapes[si]
				counted := c.st.matched
				cd, v := c.quick(ri, sr, &none)
				b.saw(c, ri, sr, &cd, v, c.st.matched != counted)
			}
		}
		ps := &b.seen[g]
		var n [2]int
		for cl, k := range ps.n {
			if over, slow := cl>>1, cl&1; slow == 0 || !fast[over] { // trim keeps it
				n[over] += int(k)
			}
		}
		drop := n
		if n[0] > 0 {
			drop[0]--
		} else if n[1] > 0 {
			drop[1]--
		}
		for o := range drop {
			f[o][0] += drop[o]
			f[o][1] += drop[o] * int(ps.unk)
		}
	}
	return f
}
