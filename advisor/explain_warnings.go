package advisor

import (
	"math"
	"sort"
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

// warnings lists the traps of one recommendation, worst first.
func (c recoWriter) warnings(in warnInput) []model.Warning {
	o, r, sh, sr, rec, qs, best, hc := in.offer, in.row, in.shape, in.res, in.rec, in.quotes, in.best, in.hidden
	l, a, p := c.l, &c.a, c.p
	var ws []model.Warning
	add := func(code string, sev model.Severity, source string, args ...any) {
		ws = append(ws, l.warning(code, sev, source, args...))
	}
	var g *model.GPU
	gi := (*gpuInfo)(nil)
	if sh.gpu >= 0 {
		gi = &c.ix.gpus[sh.gpu]
		g = gi.g
	}
	pol := c.ix.provs[r.prov].pol
	polSrc := ""
	if pol != nil && len(pol.Sources) > 0 {
		polSrc = pol.Sources[0]
	}
	multiGPU := sr.used > 1 && sh.count > 1
	tp := p.training || sr.tp > 1

	// no-nvlink: GPUs of one node exchange gradients / activations over PCIe.
	if multiGPU && tp && sh.nvlink < 0 {
		if p.training {
			add(model.WarnNoNVLink, model.SeverityWarn, srcNVLink, sh.count, o.GPU)
		} else {
			ws = append(ws, l.warningKey(model.WarnNoNVLink, kNoNVLinkServe, model.SeverityInfo, srcNVLink, sh.count, o.GPU))
		}
	} else if multiGPU && p.training && sh.nvlink == 0 {
		// Not documented: say so rather than claim either way.
		ws = append(ws, l.warningKey(model.WarnNoNVLink, kNVLinkUnknown, model.SeverityInfo, srcNVLink, sh.count, o.GPU))
	}
	// Several nodes without GPUDirect RDMA are never listed (clusterOK,
	// nodes.go), so there is nothing to warn about here.
	// shared-vcpu and low-cpu-per-gpu.
	switch o.VCPUType {
	case model.VCPUShared, model.VCPUBurstable, model.VCPUContainer, model.VCPUGPUFraction, model.VCPUMarketplace:
		add(model.WarnSharedVCPU, model.SeverityWarn, firstSource(o), l.vcpuKind(o.VCPUType))
	default:
		if o.Hyperthreaded == model.Yes && p.training && o.VCPUs > 0 && o.GPUCount > 0 && o.VCPUs/2/float64(o.GPUCount) < 8 {
			ws = append(ws, l.warningKey(model.WarnSharedVCPU, kSharedHT, model.SeverityInfo, firstSource(o), o.VCPUs, o.VCPUs/2))
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
			add(model.WarnLowCPUPerGPU, model.SeverityWarn, "", per, limit)
		}
	}
	// host-ram-unknown: the job needs a published amount of host RAM to
	// load and run, and the catalog does not know the host's.
	if _, unk := c.feas.ramCheck(in.ri, sr); unk != 0 {
		add(model.WarnHostRAMUnknown, model.SeverityWarn, p.req.HostRAMSource, sr.ram)
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
	if spot != nil && !a.Interruptible && best >= 0 && spot.total < qs[best].total {
		if p.training || p.jobMode {
			add(model.WarnSpotNoCheckpoint, model.SeverityInfo, srcSpot(pol), pct(1-spot.total/qs[best].total))
		} else {
			ws = append(ws, l.warningKey(model.WarnSpotNoCheckpoint, kSpotServing, model.SeverityInfo, srcSpot(pol), pct(1-spot.total/qs[best].total)))
		}
	}
	if spot != nil && a.Interruptible && pol != nil && pol.PreemptibleMaxHours > 0 {
		stretch := rec.RunHours
		if a.HoursPerWeek < model.HoursPerWeekFull {
			stretch = math.Min(stretch, a.HoursPerWeek/7)
		}
		if stretch > pol.PreemptibleMaxHours {
			add(model.WarnPreemptibleLimit, model.SeverityWarn, srcSpot(pol), pol.PreemptibleMaxHours, math.Ceil(rec.RunHours/pol.PreemptibleMaxHours-1))
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
			add(model.WarnCommitmentLockIn, model.SeverityWarn, srcLockIn, year, year+generationYears)
		} else {
			ws = append(ws, l.warningKey(model.WarnCommitmentLockIn, kLockInNoYear, model.SeverityWarn, srcLockIn))
		}
		break
	}
	if best >= 0 && (qs[best].pm == model.PriceReserved1 || qs[best].pm == model.PriceReserved3) && pol != nil && pol.CommitReservesCapacity == model.No {
		ws = append(ws, l.warningKey(model.WarnCommitmentLockIn, kLockInCapacity, model.SeverityWarn, polSrc))
	}
	// vram-tight.
	if sr.tight || sr.headroom < headroomTight { // below the answer's margin too
		add(model.WarnVRAMTight, model.SeverityWarn, srcVLLMMemory, 100*sr.headroom, rec.NeedPerGPUGiB, sh.vram)
	}
	// Speed against the latency class.
	if !p.training && !p.stated && p.sized {
		sp := &sr.speed
		if !sp.Unknown && p.minDecode > 0 && sp.DecodeTokensPerSec < p.minDecode {
			add(model.WarnLowBandwidth, model.SeverityCritical, srcRoofline, sp.DecodeTokensPerSec, p.minDecode, l.latency(a.Latency))
		}
		if sr.slim {
			add(model.WarnLatencyMargin, model.SeverityWarn, srcRoofline, sp.DecodeTokensPerSec, p.minDecode, l.latency(a.Latency), pct(speedTolerance))
		}
		if p.maxTTFT > 0 && sp.TimeToFirstTokenSec > p.maxTTFT {
			add(model.WarnSlowFirstToken, model.SeverityWarn, srcRoofline, sp.TimeToFirstTokenSec, p.maxTTFT, sp.PromptTokens)
		}
		if lim := p.imageLimit(); lim > 0 && !sp.Unknown && sp.SecondsPerImage > lim {
			add(model.WarnSlowImage, model.SeverityWarn, srcImageLatency, sp.SecondsPerImage, lim, l.latency(a.Latency))
		}
	}
	// long-job: a job with no deadline longer than six months (longjob.go).
	if w, ok := c.longJobWarning(in); ok {
		ws = append(ws, w)
	}
	if sr.speed.Unknown && p.speedMatters() && p.sized && !p.stated {
		add(model.WarnSpeedUnknown, model.SeverityWarn, "", displayGPU(o.GPU, l))
	}
	// fp8-unsupported.
	if a.Precision == model.FP8 && g != nil && g.FP8 != model.Yes {
		sev := model.SeverityWarn
		key := kFP8No
		if g.FP8 == model.Unknown {
			sev, key = model.SeverityInfo, kFP8Unknown
		}
		ws = append(ws, l.warningKey(model.WarnFP8Unsupported, key, sev, g.Source, o.GPU))
	}
	// bf16-unsupported: BF16 asked on a GPU without it (Turing, Volta, older).
	if a.Precision == model.BF16 && g != nil && g.BF16 == model.No && p.sized && !p.stated {
		add(model.WarnBF16Unsupported, model.SeverityInfo, "", o.GPU)
	}
	// legacy-gpu: architectures the current CUDA stack no longer supports.
	if g != nil {
		switch g.Architecture {
		case "Kepler":
			ws = append(ws, l.warningKey(model.WarnLegacyGPU, kLegacyKepler, model.SeverityCritical, "", o.GPU))
		case "Maxwell", "Pascal", "Volta":
			add(model.WarnLegacyGPU, model.SeverityWarn, "", o.GPU, g.Architecture)
		}
	}
	// ephemeral-disk: local disks wiped on stop while the job keeps state.
	keepsState := p.training || a.DataGB > 0 || a.HoursPerWeek < model.HoursPerWeekFull
	wiped := o.LocalNVMeWiped == model.Yes || o.LocalNVMeWiped == model.Unknown && o.Detail().LocalNVMe != "" && pol != nil && pol.LocalDiskSurvivesStop == model.No
	if keepsState && wiped {
		add(model.WarnEphemeralDisk, model.SeverityWarn, firstSource(o), o.Detail().LocalNVMe)
	}
	// egress-cost.
	if best >= 0 && hc.egress > egressShare*qs[best].total && qs[best].total > 0 {
		add(model.WarnEgressCost, model.SeverityWarn, polSrc, money(c.price.disp, hc.egress*c.price.usdDisp), pct(hc.egress/qs[best].total))
	}
	// marketplace-host.
	if o.Marketplace || o.VCPUType == model.VCPUMarketplace {
		add(model.WarnMarketplaceHost, model.SeverityWarn, firstSource(o))
	}
	// pcie-variant: a PCIe card of a chip also sold as SXM.
	if gi != nil && g != nil && gi.sxm >= 0 {
		s := c.ix.gpus[gi.sxm].g
		sev := model.SeverityInfo
		if multiGPU {
			sev = model.SeverityWarn
		}
		add(model.WarnPCIeVariant, sev, g.Source, o.GPU, g.MemBandwidthGBs, g.BF16TFLOPS, s.Name, s.MemBandwidthGBs, s.BF16TFLOPS)
	}
	// stale-price.
	if days, ok := daysBefore(o.PriceDate, c.cat.Info.SnapshotDate); ok && days > staleDays {
		add(model.WarnStalePrice, model.SeverityWarn, firstSource(o), o.PriceDate, days)
	} else if o.PriceDate == "" && o.PriceStale("") {
		ws = append(ws, l.warningKey(model.WarnStalePrice, kWStaleUndated, model.SeverityWarn, firstSource(o), o.Detail().PriceDateNote))
	}
	// unknown-price.
	if r.od <= 0 {
		add(model.WarnUnknownPrice, model.SeverityInfo, firstSource(o))
	}
	// region-unknown.
	if len(o.Regions) == 0 {
		add(model.WarnRegionUnknown, model.SeverityInfo, firstSource(o))
	}
	// converted-currency.
	if rec.Converted {
		rate, _ := c.cat.Rate(rec.Currency, c.price.disp)
		add(model.WarnConvertedCurrency, model.SeverityInfo, rate.Source, string(rec.Currency), string(c.price.disp), rate.Rate, rate.Date)
	}
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].Severity.Rank() != ws[j].Severity.Rank() {
			return ws[i].Severity.Rank() > ws[j].Severity.Rank()
		}
		return ws[i].Code < ws[j].Code
	})
	return ws
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
func daysBefore(price, snapshot string) (int, bool) {
	p, err1 := time.Parse("2006-01-02", price)
	s, err2 := time.Parse("2006-01-02", snapshot)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return int(s.Sub(p).Hours() / 24), true
}
