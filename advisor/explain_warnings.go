package advisor

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/gpupick/gpupick/model"
)

// Warning thresholds.
const (
	// headroomTight: below 10% spare GPU memory, allocator fragmentation,
	// CUDA graphs and longer-than-planned prompts run a job out of memory.
	headroomTight = 0.10
	// Host cores per GPU below which data loading starves the GPUs
	// (training) or tokenisation and scheduling lag (inference).
	coresPerGPUTraining  = 4
	coresPerGPUInference = 2
	// egressShare: egress above this share of the GPU cost is flagged.
	egressShare = 0.10
	// staleDays: a price read this long before the catalog snapshot is
	// flagged.
	staleDays = 180
	// generationYears: NVIDIA has shipped a data-centre GPU generation
	// about every two years (Volta 2017, Ampere 2020, Hopper 2022,
	// Blackwell 2024).
	generationYears = 2
)

// warnInput is what the warnings of one recommendation are read from: the
// offer and its index row, the shape chosen and its result, the
// recommendation as priced so far, its price-model quotes with the index of
// the chosen one, and its storage and egress.
type warnInput struct {
	offer  *model.Offer
	row    *row
	ri     int32 // the row's index
	shape  *shape
	res    *shapeRes
	rec    *model.Recommendation
	quotes []quote
	best   int // index of the chosen price model in quotes
	hidden hidden
}

// warnings lists the traps of one recommendation, worst first: those of
// the host and its GPUs, of the price and of the speed (each code comes
// from one of them; a code's warnings keep their order).
func (c recoWriter) warnings(in warnInput) []model.Warning {
	w := warnList{l: c.l}
	c.hostWarnings(&w, in)
	c.priceWarnings(&w, in)
	c.speedWarnings(&w, in)
	ws := w.ws
	slices.SortStableFunc(ws, func(a, b model.Warning) int {
		if ra, rb := a.Severity.Rank(), b.Severity.Rank(); ra != rb {
			return cmp.Compare(rb, ra)
		}
		return strings.Compare(a.Code, b.Code)
	})
	return ws
}

// warnList collects the warnings of a recommendation in a language.
type warnList struct {
	l  lang
	ws []model.Warning
}

// add adds a warning with the code's message.
func (w *warnList) add(code string, sev model.Severity, source string, args ...any) {
	w.ws = append(w.ws, w.l.warning(code, sev, source, args...))
}

// key adds a warning whose message is another text (a variant).
func (w *warnList) key(code string, key textKey, sev model.Severity, source string, args ...any) {
	w.ws = append(w.ws, w.l.warningKey(code, key, sev, source, args...))
}

// gpuOf is the GPU of a shape and its index entry (nil when the catalog
// does not name it).
func (c recoWriter) gpuOf(sh *shape) (*model.GPU, *gpuInfo) {
	if sh.gpu < 0 {
		return nil, nil
	}
	gi := &c.ix.gpus[sh.gpu]
	return gi.g, gi
}

// hostReliabilityFloor is the marketplace reliability score (Vast's
// reliability2, model.MarketHost.Reliability) below which the
// marketplace-host warning names the host's score: gpupick's own rule,
// no source states a threshold (a host at 95% has failed rentals about
// one time in twenty by the marketplace's own record).
const hostReliabilityFloor = 0.95

// hostWarnings are the traps of the hardware: the link between the GPUs,
// the host's CPU and RAM, the memory headroom, what the GPU supports, its
// local disk, a marketplace host and a PCIe variant of an SXM chip.
func (c recoWriter) hostWarnings(w *warnList, in warnInput) {
	o, sh, sr, rec := in.offer, in.shape, in.res, in.rec
	l, a, p := c.l, &c.a, c.p
	g, gi := c.gpuOf(sh)
	pol := c.ix.provs[in.row.prov].pol
	multiGPU := sr.used > 1 && sh.count > 1
	tp := p.training || sr.tp > 1

	// no-nvlink: GPUs of one node exchange gradients / activations over PCIe.
	if multiGPU && tp && sh.nvlink < 0 {
		if p.training {
			w.add(model.WarnNoNVLink, model.SeverityWarn, srcNVLink, sh.count, o.GPU)
		} else {
			w.key(model.WarnNoNVLink, kNoNVLinkServe, model.SeverityInfo, srcNVLink, sh.count, o.GPU)
		}
	} else if multiGPU && p.training && sh.nvlink == 0 {
		// Not documented: say so rather than claim either way.
		w.key(model.WarnNoNVLink, kNVLinkUnknown, model.SeverityInfo, srcNVLink, sh.count, o.GPU)
	}
	// Several nodes without GPUDirect RDMA are never listed (clusterOK,
	// feasibility_nodes.go), so there is nothing to warn about here.
	// shared-vcpu and low-cpu-per-gpu.
	switch o.VCPUType {
	case model.VCPUShared, model.VCPUBurstable, model.VCPUContainer, model.VCPUGPUFraction, model.VCPUMarketplace:
		w.add(model.WarnSharedVCPU, model.SeverityWarn, firstSource(o), l.vcpuKind(o.VCPUType))
	default:
		if o.Hyperthreaded == model.Yes && p.training && o.VCPUs > 0 && o.GPUCount > 0 && o.VCPUs/2/float64(o.GPUCount) < 8 {
			w.key(model.WarnSharedVCPU, kSharedHT, model.SeverityInfo, firstSource(o), o.VCPUs, o.VCPUs/2)
		}
	}
	if o.VCPUs > 0 && o.GPUCount > 0 {
		cores := o.VCPUs
		if o.Hyperthreaded == model.Yes {
			cores /= 2
		}
		per := cores / (float64(o.GPUCount) * math.Max(1, sh.frac))
		limit := coresPerGPUInference
		if p.training {
			limit = coresPerGPUTraining
		}
		if per < float64(limit) {
			w.add(model.WarnLowCPUPerGPU, model.SeverityWarn, "", per, limit)
		}
	}
	// host-ram-unknown: the job needs a published amount of host RAM to
	// load and run, and the catalog does not know the host's.
	if _, unk := c.feas.ramCheck(in.ri, sr); unk != 0 {
		w.add(model.WarnHostRAMUnknown, model.SeverityWarn, p.req.HostRAMSource, sr.ram)
	}
	// vram-tight.
	if sr.tight || sr.headroom < headroomTight { // below the answer's margin too
		w.add(model.WarnVRAMTight, model.SeverityWarn, srcVLLMMemory, 100*sr.headroom, rec.NeedPerGPUGiB, sh.vram)
	}
	// fp8-unsupported.
	if a.Precision == model.FP8 && g != nil && g.FP8 != model.Yes {
		sev := model.SeverityWarn
		key := kFP8No
		if g.FP8 == model.Unknown {
			sev, key = model.SeverityInfo, kFP8Unknown
		}
		w.key(model.WarnFP8Unsupported, key, sev, g.Source, o.GPU)
	}
	// bf16-unsupported: BF16 asked on a GPU without it (Turing, Volta, older).
	if a.Precision == model.BF16 && g != nil && g.BF16 == model.No && p.sized && !p.stated {
		w.add(model.WarnBF16Unsupported, model.SeverityInfo, "", o.GPU)
	}
	// legacy-gpu: architectures the current CUDA stack no longer supports.
	if g != nil {
		switch g.Architecture {
		case "Kepler":
			w.key(model.WarnLegacyGPU, kLegacyKepler, model.SeverityCritical, "", o.GPU)
		case "Maxwell", "Pascal", "Volta":
			w.add(model.WarnLegacyGPU, model.SeverityWarn, "", o.GPU, g.Architecture)
		}
	}
	c.stackWarnings(w, o.GPU, g)
	// ephemeral-disk: local disks wiped on stop while the job keeps state.
	keepsState := p.training || a.DataGB > 0 || a.HoursPerWeek < model.HoursPerWeekFull
	hasDisk := o.Detail().LocalNVMe != "" || o.Host != nil
	wiped := o.LocalNVMeWiped == model.Yes || o.LocalNVMeWiped == model.Unknown && hasDisk && pol != nil && pol.LocalDiskSurvivesStop == model.No
	if keepsState && wiped {
		w.add(model.WarnEphemeralDisk, model.SeverityWarn, firstSource(o), o.LocalDiskText(w.l == langZH))
	}
	// marketplace-host.
	if h := o.Host; h != nil && h.Reliability < hostReliabilityFloor {
		// The host's own record, typed: said with its score.
		w.key(model.WarnMarketplaceHost, kMarketUnreliable, model.SeverityWarn, firstSource(o), h.Reliability*100, hostReliabilityFloor*100)
	} else if o.Marketplace || o.VCPUType == model.VCPUMarketplace {
		w.add(model.WarnMarketplaceHost, model.SeverityWarn, firstSource(o))
	}
	// pcie-variant: a PCIe card of a chip also sold as SXM.
	if gi != nil && g != nil && gi.sxm >= 0 {
		s := c.ix.gpus[gi.sxm].g
		sev := model.SeverityInfo
		if multiGPU {
			sev = model.SeverityWarn
		}
		w.add(model.WarnPCIeVariant, sev, g.Source, o.GPU, g.MemBandwidthGBs, g.BF16TFLOPS, s.Name, s.MemBandwidthGBs, s.BF16TFLOPS)
	}
}

// priceWarnings are the traps of the price: spot for a job that cannot be
// interrupted and preemptible limits, commitments, egress, a stale or
// unknown price, an unknown region and a converted currency.
func (c recoWriter) priceWarnings(w *warnList, in warnInput) {
	o, r, rec, qs, best, hc := in.offer, in.row, in.rec, in.quotes, in.best, in.hidden
	a, p := &c.a, c.p
	g, _ := c.gpuOf(in.shape)
	pol := c.ix.provs[r.prov].pol
	polSrc := ""
	if pol != nil && len(pol.Sources) > 0 {
		polSrc = pol.Sources[0]
	}
	// Spot: not for a job that cannot be interrupted; preemptible limits.
	var spot, od *quote
	for k := range qs {
		switch qs[k].pm {
		case model.PriceSpot:
			spot = &qs[k]
		case model.PriceOnDemand:
			od = &qs[k]
		}
	}
	doubt, doubtful := c.spotDoubtOf(spot, o, r, in.res.nodes)
	switch {
	case spot == nil || a.Interruptible || best < 0 || !(spot.total < qs[best].total) || spot.spotV.NoSaving():
	case doubtful:
		// No saving is claimed from a price outside what the provider states.
		w.key(model.WarnSpotNoCheckpoint, kSpotDoubtful, model.SeverityInfo, srcSpot(pol), doubt.line(o.Provider, pol, c.l))
	case p.training || p.jobMode:
		w.add(model.WarnSpotNoCheckpoint, model.SeverityInfo, srcSpot(pol), pct(1-spot.total/qs[best].total))
	default:
		w.key(model.WarnSpotNoCheckpoint, kSpotServing, model.SeverityInfo, srcSpot(pol), pct(1-spot.total/qs[best].total))
	}
	if spot != nil && a.Interruptible && pol != nil && pol.PreemptibleMaxHours > 0 {
		stretch := rec.RunHours
		if a.HoursPerWeek < model.HoursPerWeekFull {
			stretch = math.Min(stretch, a.HoursPerWeek/7)
		}
		if stretch > pol.PreemptibleMaxHours {
			w.add(model.WarnPreemptibleLimit, model.SeverityWarn, srcSpot(pol), pol.PreemptibleMaxHours, math.Ceil(rec.RunHours/pol.PreemptibleMaxHours-1))
		}
	}
	// commitment-lock-in: a multi-year term looks cheaper, or the chosen
	// model is a commitment that reserves no capacity.
	for k := range qs {
		q := &qs[k]
		if q.pm != model.PriceReserved3 || od == nil || q.total >= od.total {
			continue
		}
		year := 0
		if g != nil {
			year = g.ReleaseYear
		}
		if year > 0 {
			w.add(model.WarnCommitmentLockIn, model.SeverityWarn, srcLockIn, year, year+generationYears)
		} else {
			w.key(model.WarnCommitmentLockIn, kLockInNoYear, model.SeverityWarn, srcLockIn)
		}
		break
	}
	if best >= 0 && (qs[best].pm == model.PriceReserved1 || qs[best].pm == model.PriceReserved3) && pol != nil && pol.CommitReservesCapacity == model.No {
		w.key(model.WarnCommitmentLockIn, kLockInCapacity, model.SeverityWarn, polSrc)
	}
	// egress-cost.
	if best >= 0 && hc.egress > egressShare*qs[best].total && qs[best].total > 0 {
		w.add(model.WarnEgressCost, model.SeverityWarn, polSrc, w.l.money(c.price.disp, hc.egress*c.price.usdDisp), pct(hc.egress/qs[best].total))
	}
	// stale-price: a live offer fetched too long ago, a price read long
	// before the snapshot, a price of unknown date.
	days, dated := daysBefore(o.PriceDate, c.cat.Info.SnapshotDate)
	switch {
	case c.liveStaleWarning(w, o): // the fetch time and the refresh said
	case dated && days > staleDays:
		w.add(model.WarnStalePrice, model.SeverityWarn, firstSource(o), o.PriceDate, days)
	case o.PriceDate == "" && o.PriceStale(""):
		w.key(model.WarnStalePrice, kWStaleUndated, model.SeverityWarn, firstSource(o), o.Detail().PriceDateNote)
	}
	// unknown-price.
	if r.od <= 0 {
		w.add(model.WarnUnknownPrice, model.SeverityInfo, firstSource(o))
	}
	// region-unknown.
	if len(o.Regions) == 0 {
		w.add(model.WarnRegionUnknown, model.SeverityInfo, firstSource(o))
	}
	// converted-currency.
	if rec.Converted {
		rate, _ := c.cat.Rate(rec.Currency, c.price.disp)
		w.add(model.WarnConvertedCurrency, model.SeverityInfo, rate.Source, string(rec.Currency), string(c.price.disp), rate.Rate, rate.Date)
	}
}

// speedWarnings are the traps of the speed: the latency class missed or
// met by a slim margin, an unknown speed and a long job.
func (c recoWriter) speedWarnings(w *warnList, in warnInput) {
	o, sr := in.offer, in.res
	l, a, p := c.l, &c.a, c.p
	// Speed against the latency class.
	if !p.training && !p.stated && p.sized {
		sp := &sr.speed
		if !sp.Unknown && p.minDecode > 0 && sp.DecodeTokensPerSec < p.minDecode {
			w.add(model.WarnLowBandwidth, model.SeverityCritical, srcRoofline, sp.DecodeTokensPerSec, p.minDecode, l.latency(a.Latency))
		}
		if sr.slim {
			w.add(model.WarnLatencyMargin, model.SeverityWarn, srcRoofline, sp.DecodeTokensPerSec, p.minDecode, l.latency(a.Latency), pct(speedTolerance))
		}
		if p.maxTTFT > 0 && sp.TimeToFirstTokenSec > p.maxTTFT {
			w.add(model.WarnSlowFirstToken, model.SeverityWarn, srcRoofline, sp.TimeToFirstTokenSec, p.maxTTFT, sp.PromptTokens)
		}
		if lim := p.imageLimit(); lim > 0 && !sp.Unknown && sp.SecondsPerImage > lim {
			w.add(model.WarnSlowImage, model.SeverityWarn, srcImageLatency, sp.SecondsPerImage, lim, l.latency(a.Latency))
		}
	}
	// long-job: a job with no deadline longer than six months
	// (explain_longjob.go).
	if lw, ok := c.longJobWarning(in); ok {
		w.ws = append(w.ws, lw)
	}
	if sr.speed.Unknown && p.speedMatters() && p.sized && !p.stated {
		w.add(model.WarnSpeedUnknown, model.SeverityWarn, "", displayGPU(o.GPU, l))
	}
}

// firstSource is an offer's first source, if any.
func firstSource(o *model.Offer) string {
	if len(o.Sources) > 0 {
		return o.Sources[0]
	}
	return ""
}

// srcSpot is the policy's spot source, or the general one.
func srcSpot(pol *model.Policy) string {
	if pol != nil && len(pol.Sources) > 0 {
		return pol.Sources[0]
	}
	return srcSpotGeneral
}

// displayGPU names a GPU, or says it is not named.
func displayGPU(name string, l lang) string {
	if name == "" {
		return l.f(kUnnamedGPU)
	}
	return name
}

// daysBefore is the number of days from a price date to the snapshot date.
// An undated side is answered before parsing (a failed parse builds its
// error): most rows of a catalog without dates come here on every ranking.
func daysBefore(price, snapshot string) (int, bool) {
	if price == "" || snapshot == "" {
		return 0, false
	}
	p, err1 := time.Parse("2006-01-02", price)
	s, err2 := time.Parse("2006-01-02", snapshot)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return int(s.Sub(p).Hours() / 24), true
}

// stackWarnings are the gaps of the software stack a GPU runs on:
// rocm-stack-gap for an AMD GPU given a workload that needs CUDA-first
// software (QLoRA's bitsandbytes 4-bit path, a warning; training's
// FlashAttention build and kernels, and 4-bit GPTQ/AWQ serving, notes),
// and arm64-host for a GPU whose host CPU is Arm64.
func (c recoWriter) stackWarnings(w *warnList, name string, g *model.GPU) {
	if g == nil {
		return
	}
	p := c.p
	if isAMD(g) {
		switch {
		case p.req.Workload == model.WorkloadQLoRA:
			w.add(model.WarnROCmStack, model.SeverityWarn, "", name)
		case p.training:
			w.key(model.WarnROCmStack, kROCmTrain, model.SeverityInfo, "", name)
		case c.a.Precision == model.INT4 && p.sized && !p.stated && p.image == nil:
			w.key(model.WarnROCmStack, kROCmInt4, model.SeverityInfo, "", name)
		}
	}
	if armHost(g) {
		w.add(model.WarnArmHost, model.SeverityWarn, "", name)
	}
}
