package advisor

import (
	"math"
	"time"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// Risk penalties: the default order prices in what an infrastructure
// engineer would pay to avoid, as a share of the offer's all-in cost for
// ranking only (the totals shown are never changed). They are gpupick's
// stated policy, not facts of the catalog; each one a recommendation
// carries is listed in its Risk with the share.
//
// The penalties compound: each is a share of the cost the others have
// already raised, as an engineer who would pay 15% to avoid one risk and
// 40% to avoid another pays both shares of an offer that has both
// (1.15 x 1.40 = +61%, not +55%). A stack of risks (a marketplace host,
// shared vCPUs, a split over host memory, more GPUs) so costs more than
// the sum of its parts, and one offer carrying all of them does not beat a
// clean one by a few percent.
const (
	// riskMarketplace: a third-party host of a marketplace; availability,
	// reliability and the host itself vary from listing to listing. A job
	// that fails on a host is run again elsewhere: 15%.
	riskMarketplace = 15
	// riskMarketplaceRented: the same for a rented period (a deployment,
	// which has to stay up), priced from the availability each kind of
	// host is held to. A marketplace host is delisted only when its uptime
	// over a 30-day rolling window falls below 98% ("Machines with less
	// than 98% reliability are automatically removed from the available
	// GPU pool", and a renter already on it keeps it: runpod/docs
	// hosting/maintenance-and-reliability.mdx @284c146c; Vast.ai publishes
	// no floor, its verification is automated and unstated,
	// docs.vast.ai/documentation/host/verification-stages), so a month
	// down 2% (14.4 h) is within what it promises. A datacenter provider
	// commits to 99.5% for a single VM and refunds 30% of the month's
	// charges when uptime falls below 99.0% but not below 95.0% (Amazon
	// Compute SLA, aws.amazon.com/compute/sla: Instance-Level SLA 99.5%,
	// Service Credit 30% in the 95.0-99.0% band), the band a 98% month
	// falls in. By the datacenter provider's own price, then, a month at
	// the marketplace floor is worth 70% of a month kept up: a marketplace
	// host's cost counts 1/0.70 = 1.43 of it, +43%. The expert cases'
	// marketRatio (1.33, expert_test.go) is the engineer's own lower
	// bound, which this keeps.
	riskMarketplaceRented = 43
	// riskSharedVCPU: host CPUs shared with other tenants (or burstable, a
	// container's share, a vGPU slice's share).
	riskSharedVCPU = 5
	// riskTPLinkPerGPU: per GPU beyond the first of a tensor-parallel group
	// (or of a training node) whose link is PCIe or not documented: every
	// layer all-reduces over it, and the speed estimate's allowance for
	// that is a rough one.
	riskTPLinkPerGPU = 10
	riskTPLinkMax    = 40
	// riskTPHostPerGPU and riskTPHostMax: the same for consumer GeForce
	// cards, which have no peer-to-peer over PCIe at all (link.go,
	// isGeForce): every collective is staged through host memory at about
	// half the bus bandwidth of peer-to-peer (pcieHostEff 0.40 against
	// pcieP2PEff 0.78, link.go), at whatever the host's CPU and memory
	// deliver (NVIDIA/nccl issue #1639), and vLLM turns its custom
	// all-reduce off ("your platform lacks GPU P2P capability",
	// vllm/distributed/device_communicators/custom_all_reduce.py). A
	// datacenter card on PCIe may have peer-to-peer behind a PCIe switch
	// (the speed model's host-memory path is its worse case); a GeForce
	// card never has, so the host path is its best case. Twice the PCIe
	// penalty and cap, the bandwidth ratio.
	riskTPHostPerGPU = 2 * riskTPLinkPerGPU
	riskTPHostMax    = 2 * riskTPLinkMax
	// riskLegacy: an architecture the current stack is dropping (Maxwell,
	// Pascal, Volta; see the legacy-gpu warning).
	riskLegacy = 20
	// riskStackGap: QLoRA on an AMD GPU (the rocm-stack-gap warning).
	// Its 4-bit path is bitsandbytes, which its installation guide lists
	// as experimental on ROCm in v0.48 and officially supported from v0.50
	// (huggingface.co/docs/bitsandbytes v0.48.1 and v0.50.2, installation);
	// a recipe pinned to an older release, or using CUDA-first kernels
	// (Unsloth's, Liger's), fails or must be rebuilt before the job runs.
	// That is a job run again elsewhere, the failure riskMarketplace
	// prices: 15%. An NVIDIA offer within 15% of the AMD one therefore
	// wins, and an AMD offer cheaper by more is still listed, with the
	// warning. Other workloads on ROCm (training with FlashAttention's
	// ROCm build, 4-bit serving) carry a note only: vLLM and PyTorch ship
	// ROCm builds, and the efficiency table (efficiency.go) already
	// prices the measured speed.
	riskStackGap = riskMarketplace
	// riskStale: a price read more than staleDays before the snapshot,
	// or a live marketplace offer fetched more than model.LiveStaleHours
	// ago (the host may have repriced or rented the machine out).
	riskStale = 5
	// riskEstimate: the cost is an estimate from a published discount,
	// not a listed price.
	riskEstimate = 5
	// riskStep makes fewer GPUs and fewer nodes win at near-equal cost
	// (issue 10: within 5%): each doubling of the GPUs a configuration
	// uses (a level more of splitting to set up, run and debug) and each
	// node beyond one (a machine more to fail) raises the rank by 5%,
	// compounded and rounded up (stepPct), so that half the GPUs or one
	// node fewer win at up to 5% more cost.
	//
	// The GPU doublings apply to a job too (issue 20): a job on n GPUs is
	// priced at the GPU-hours of a perfect split (the job's time divided
	// by n, plus the all-reduce the link model counts), and both costs of
	// going from one GPU to many that the Horovod paper names are left
	// out: communication overhead "anywhere from negligible to
	// significant", and training code that must be changed for it
	// (Sergeev and Del Balso 2018, arXiv:1802.05799, abstract). Measured
	// data-parallel runs fall short of linear scale-out, communication
	// being what holds them back ("Is Network the Bottleneck of
	// Distributed Training?", arXiv:2006.10103, abstract); the launcher,
	// sharded checkpoints and collective errors are a level more to set
	// up and debug, as for a rented period. A job that must finish sooner
	// says so with a deadline: the offers that would miss it are left
	// out, and the penalty only orders the plans that make it.
	riskStep = 5
	// riskFewCores: vLLM V1 runs an API server, an engine core (a busy
	// loop) and one worker per GPU, "the minimum is 2 + N physical cores
	// ... Using fewer physical CPU cores than processes will cause
	// contention and significantly degrade throughput and latency"; with
	// hyperthreading "you need 2 x (2 + N) minimum vCPUs"
	// (vllm-project/vllm docs/configuration/optimization.md, CPU Resources
	// for GPU Deployments). A host below that serves slower than its GPUs
	// allow, by an amount no source measures: it is priced as a
	// marketplace host and shared CPUs together would be, a quarter.
	riskFewCores = 25
)

// hostCores is an offer's physical cores for the serving engine's
// minimum: its vCPUs, halved unless the provider says they are not
// hyperthreads (an unknown is the worse case); 0 when the vCPU count is
// unknown.
func hostCores(o *model.Offer) uint16 {
	v := o.VCPUs
	if v <= 0 || math.IsNaN(v) {
		return 0
	}
	if o.Hyperthreaded != model.No {
		v /= 2
	}
	return uint16(min(math.Max(math.Floor(v), 0), 65535))
}

// coresNeeded is the physical cores vLLM needs to serve a configuration
// of used GPUs as reps data-parallel replicas: an API server and an engine
// core per replica, a worker per GPU, and a coordinator when there are
// several replicas (the same docs); 0 for training and diffusion
// pipelines, which the rule does not cover.
func (p *plan) coresNeeded(used, reps int) int {
	if p.training || p.image != nil || p.stated || used <= 0 {
		return 0
	}
	reps = max(reps, 1)
	n := 2*reps + used
	if reps > 1 {
		n++
	}
	return n
}

// fewCores reports whether a row's host has fewer physical cores than
// the shape's serving needs (an unknown vCPU count counts as too few).
func fewCores(hr *hotRow, sr *shapeRes) bool {
	return sr.cores > 0 && int(hr.cores) < sr.cores
}

// stepPct is the penalty of s steps (GPU doublings or extra nodes): each
// step at least riskStep% on the last, in whole percent rounded up so the
// rounding never lets a step cost less than riskStep%.
var stepPct = func() (p [16]int) {
	for s := 1; s < len(p); s++ {
		p[s] = int(math.Ceil(100*(factor(p[s-1])*factor(riskStep)-1) - 1e-9))
	}
	return p
}()

// stepRisk is stepPct of s steps (the last entry for more).
func stepRisk(s int) int { return stepPct[min(max(s, 0), len(stepPct)-1)] }

// doublings is the number of doublings from one GPU to n (rounded up: 3
// GPUs count as 4).
func doublings(n int) int {
	s := 0
	for 1<<s < n {
		s++
	}
	return s
}

// Risk codes (the legacy, marketplace, shared-vCPU and stale-price ones
// are the codes of the matching warnings).
const (
	riskCodeTPLink   = "tp-over-pcie"
	riskCodeTPHost   = "tp-over-host-memory"
	riskCodeEstimate = "estimated-price"
	riskCodeGPUs     = "more-gpus"
	riskCodeNodes    = "more-nodes"
	riskCodeFewCores = "few-cpu-cores"
)

// risker is the stage that weighs what may go wrong on an offer as
// penalties on its cost (the order ranks cost x the compounded
// penalties): the offer's own (a marketplace host, shared vCPUs, a stale
// price: offerRiskBits), the configuration's (shapeRisks), an estimated
// price and the spot-only risk (risk_spotonly.go). One evaluation holds
// one (call.risk).
type risker struct {
	p     *plan
	ix    *index
	facts *shapeFacts
	reg   *regionFilter
	// staleBefore is the price date before which a price is stale
	// (staleCutoff); the index's bits use the same.
	staleBefore string
	// cat is the catalog ranked: a live offer's price is stale by its
	// AsOf (model.Catalog.LiveStale), as in the index's bits.
	cat *model.Catalog
}

// factor is the multiplier of a penalty of pct percent.
func factor(pct int) float64 { return 1 + float64(pct)/100 }

// percentOf is a compounded multiplier as the percent shown (rounded).
func percentOf(x float64) int { return int(math.Round((x - 1) * 100)) }

// risks adds the penalties of an offer run under price model pm at rates
// p for cal calendar hours to out and returns their compounded total in percent (the factor
// quick finds, rounded).
func (rk *risker) risks(o *model.Offer, sh *shape, sr *shapeRes, r *row, p *rates, pol *model.Policy, pm pmCode, cal float64, out *[]model.RiskPenalty) int {
	x := 1.0
	add := func(code string, pct int) {
		if pct <= 0 {
			return
		}
		x *= factor(pct)
		*out = append(*out, model.RiskPenalty{Code: code, Percent: pct})
	}
	offerRisks(offerRiskBits(o, rk.staleBefore, rk.cat.LiveStale(o)), !rk.p.jobMode, add)
	rk.shapeRisks(sh, sr, add)
	add(riskCodeEstimate, estimateRisk(p.estimated(pm, pol)))
	hr := &rk.ix.hot[rk.ix.rowOf[r.offer]]
	if fewCores(hr, sr) {
		add(riskCodeFewCores, riskFewCores)
	}
	add(riskCodeSpotOnly, rk.spotOnlyRisk(hr, p, pol, pm, cal))
	return percentOf(x)
}

// riskTotal is the compounded total of a list of penalties, in percent.
func riskTotal(rs []model.RiskPenalty) int {
	x := 1.0
	for _, k := range rs {
		x *= factor(k.Percent)
	}
	return percentOf(x)
}

// quickRisk is the compounded factor of an offer's penalties for the
// scan: the offer's own (kept in the index as bits), the configuration's
// and the price model's.
func quickRisk(hr *hotRow, sr *shapeRes, estimated, rented bool) float64 {
	x := offerRiskX[b2i(rented)][hr.risk&offerRiskAll] * sr.riskX * factor(estimateRisk(estimated))
	if fewCores(hr, sr) {
		x *= factor(riskFewCores)
	}
	return x
}

// ownRiskX is the compounded factor of the penalties an offer carries
// whatever its price model: its own (the index's bits) and few cores for
// the shape's configuration (quickRisk's factors but the
// configuration's and an estimated price's). The scan's bound of one
// offer uses it.
func ownRiskX(hr *hotRow, sr *shapeRes, rented bool) float64 {
	x := offerRiskX[b2i(rented)][hr.risk&offerRiskAll]
	if fewCores(hr, sr) {
		x *= factor(riskFewCores)
	}
	return x
}

// The offer's own risks, as bits of hotRow.risk.
const (
	offerMarket uint8 = 1 << iota
	offerShared
	offerStale
	offerRiskAll = offerMarket | offerShared | offerStale
	// offerRetired is not a risk but a reason the row is left out: the
	// provider retired the instance type (retiredBy).
	offerRetired uint8 = 1 << 6
)

// retiredBy reports whether the provider had retired an offer's instance
// type by the catalog's snapshot date (any retirement when the snapshot
// is undated): its notice says the remaining machines are deallocated,
// so it cannot be rented.
func retiredBy(o *model.Offer, snapshot string) bool {
	return o.Detail().Retired != "" && (snapshot == "" || o.Detail().Retired <= snapshot)
}

// offerRiskList is each of the offer's own risks: its bit, code and
// penalty, in the order they are listed.
var offerRiskList = [...]struct {
	bit  uint8
	code string
	// pct is the penalty for a job, rented the one for a rented period.
	pct, rented int
}{
	{offerMarket, model.WarnMarketplaceHost, riskMarketplace, riskMarketplaceRented},
	{offerShared, model.WarnSharedVCPU, riskSharedVCPU, riskSharedVCPU},
	{offerStale, model.WarnStalePrice, riskStale, riskStale},
}

// offerRiskX is the compounded factor of each combination of the offer's
// own risks, for a job (0) and a rented period (1).
var offerRiskX = func() (x [2][offerRiskAll + 1]float64) {
	for m := range x {
		for b := range x[m] {
			x[m][b] = 1
			offerRisks(uint8(b), m == 1, func(_ string, pct int) { x[m][b] *= factor(pct) })
		}
	}
	return x
}()

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// offerRiskBits finds the offer's own risks: a marketplace host, shared
// vCPUs, a stale price (dated before staleBefore, or a live offer fetched
// too long ago: liveStale, model.Catalog.LiveStale).
func offerRiskBits(o *model.Offer, staleBefore string, liveStale bool) uint8 {
	var b uint8
	if marketplace(o) {
		b |= offerMarket
	}
	switch o.VCPUType {
	case model.VCPUShared, model.VCPUBurstable, model.VCPUContainer, model.VCPUGPUFraction, model.VCPUMarketplace:
		b |= offerShared
	}
	if liveStale || o.PriceDate == "" && o.PriceStale(staleBefore) || staleBefore != "" && isoDate(o.PriceDate) && o.PriceDate < staleBefore {
		b |= offerStale
	}
	return b
}

// offerRisks adds the penalties of the offer's own risks (bits), for a
// rented period or a job.
func offerRisks(bits uint8, rented bool, add func(code string, pct int)) {
	for _, k := range offerRiskList {
		if bits&k.bit != 0 {
			pct := k.pct
			if rented {
				pct = k.rented
			}
			add(k.code, pct)
		}
	}
}

// estimateRisk is the penalty of a price estimated from a published
// discount rather than listed or firm (an offer's own committed-use
// price, as GCP publishes them, is firm): estimated is rates.estimated of
// the chosen price model, which a hybrid takes from its base plan.
func estimateRisk(estimated bool) int {
	if estimated {
		return riskEstimate
	}
	return 0
}

// shapeRisks adds the penalties that depend on the configuration alone:
// the link a split runs over, a legacy GPU, more GPUs and nodes.
func (rk *risker) shapeRisks(sh *shape, sr *shapeRes, add func(code string, pct int)) {
	group := sr.tp
	if rk.p.training {
		group = sr.used / max(sr.nodes, 1)
	}
	gf := rk.facts.gpuOf(sh.gpu)
	if group > 1 && sh.nvlink <= 0 {
		if gf.geforce {
			add(riskCodeTPHost, min(riskTPHostPerGPU*(group-1), riskTPHostMax))
		} else {
			add(riskCodeTPLink, min(riskTPLinkPerGPU*(group-1), riskTPLinkMax))
		}
	}
	if gf.legacy {
		add(model.WarnLegacyGPU, riskLegacy)
	}
	if gf.rocm && rk.p.req.Workload == model.WorkloadQLoRA {
		add(model.WarnROCmStack, riskStackGap)
	}
	// More GPUs: more to run and watch over a rented period, and for a
	// job a split whose losses the GPU-hours leave out (riskStep).
	add(riskCodeGPUs, stepRisk(doublings(sr.used)))
	extra := sr.nodes - 1
	if rk.p.jobMode {
		// A job's failures grow with its node-hours, which its cost
		// already counts: Meta saw 419 unexpected interruptions in 54 days
		// on 16,384 H100s (The Llama 3 Herd of Models, section 3.3.4),
		// about one per 260 node-days: 54 nodes for 30 days see about six,
		// and at half an hour lost each that is under 1% of the run.
		// Going multi-node at all (a cluster to set up and debug) is one
		// step; more nodes are not.
		extra = min(extra, 1)
	}
	add(riskCodeNodes, stepRisk(extra))
}

// shapeRiskX is the compounded factor of the configuration's own
// penalties.
func (rk *risker) shapeRiskX(sh *shape, sr *shapeRes) float64 {
	x := 1.0
	rk.shapeRisks(sh, sr, func(_ string, pct int) {
		if pct > 0 {
			x *= factor(pct)
		}
	})
	return x
}

// riskTexts names each penalty in a line.
// Made on first use, not at start-up (issue 26).
var riskTexts = lazy.Value[map[string]textKey]{New: func() map[string]textKey {
	return map[string]textKey{
		model.WarnMarketplaceHost: kRiskMarketplace,
		model.WarnSharedVCPU:      kRiskSharedVCPU,
		riskCodeTPLink:            kRiskTPLink,
		riskCodeTPHost:            kRiskTPHost,
		model.WarnLegacyGPU:       kRiskLegacy,
		model.WarnROCmStack:       kRiskStackGap,
		model.WarnStalePrice:      kRiskStale,
		riskCodeEstimate:          kRiskEstimate,
		riskCodeGPUs:              kRiskGPUs,
		riskCodeNodes:             kRiskNodes,
		riskCodeFewCores:          kRiskFewCores,
		riskCodeSpotOnly:          kRiskSpotOnly,
	}
}}

// staleCutoff is the price date before which a price is stale (more than
// staleDays before the snapshot), as YYYY-MM-DD so that offers compare by
// string; empty when the snapshot date is unknown.
func staleCutoff(snapshot string) string {
	t, err := time.Parse("2006-01-02", snapshot)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, -staleDays).Format("2006-01-02")
}

// isoDate reports whether s has the YYYY-MM-DD shape.
func isoDate(s string) bool {
	return len(s) == 10 && s[4] == '-' && s[7] == '-'
}
