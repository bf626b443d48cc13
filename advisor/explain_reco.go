package advisor

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// recoWriter is the part of the explain stage that writes a ranked
// offer as the recommendation a caller shows: every price model with its
// notes, the hidden costs and their notes, the speed's reason, the
// penalties and the warnings (explain_warnings.go), or the light row of
// a list. It reads the rank cycle it wraps.
type recoWriter struct{ *call }

// full prices one ranked offer completely: every price model with its
// notes, the hidden costs, the speed and the warnings.
func (c recoWriter) full(cd cand) model.Recommendation {
	o := &c.cat.Offers[cd.idx]
	r := &c.ix.rows[cd.row]
	sr := &c.feas.shapes[r.shape]
	sh := &c.ix.shapes[r.shape]
	pol := c.ix.provs[r.prov].pol
	fx := c.price.fxUSD[r.cur]
	toDisp := c.price.fxDisp[r.cur] / fx

	h, cal, unknown := c.feas.rowHours(sr, r)
	p, at, _ := c.feas.reg.ratesOf(r)
	var qbuf [maxPlans + maxHybrids]quote
	qs := c.price.quotes(&p, &at, pol, o.Detail().CommitSource, sr.nodes, h, cal, fx, true, qbuf[:0])
	hc := c.price.hiddenCosts(r.prov, cal)
	best, within := c.price.pick(qs, hc, h, cal)

	rec := model.Recommendation{
		Offer:            o,
		Provider:         o.Provider,
		InstanceType:     o.InstanceType,
		Region:           c.offerRegion(o, &at),
		GPU:              o.GPU,
		GPUCount:         o.GPUCount,
		Nodes:            sr.nodes,
		VRAMGiB:          usableVRAM(sh, o),
		NeedPerGPUGiB:    sr.perGPU / gib,
		Headroom:         sr.headroom,
		TensorParallel:   sr.tp,
		PipelineParallel: sr.nodes,
		Currency:         r.currency(c.ix),
		Converted:        r.currency(c.ix) != c.price.disp,
		Speed:            sr.speed,
		Sharding:         sr.sharding,
		Replicas:         sr.reps,
		GPUsUsed:         sr.used,
		OfferOrigin:      o.Origin,
	}
	offerFacts(o, &rec)
	estimated := p.estimated(cd.pm, pol)
	rec.RiskPercent = c.risk.risks(o, sh, sr, r, &p, pol, cd.pm, cal, &rec.Risk)
	for i := range rec.Risk {
		if k, ok := riskTexts.Get()[rec.Risk[i].Code]; ok {
			rec.Risk[i].Text = c.l.f(k, rec.Risk[i].Percent)
		}
	}
	if pct := hiddenRisk(hc, estimated); pct > 0 {
		rec.Risk = append(rec.Risk, model.RiskPenalty{Code: riskCodeEstimate, Percent: pct, Text: c.l.f(kRiskHiddenEstimate, pct)})
		rec.RiskPercent = riskTotal(rec.Risk)
	}
	rec.Shortfalls = c.shortfalls(cd, sr)
	if c.p.training {
		rec.TensorParallel, rec.PipelineParallel, rec.Replicas = 0, 0, 0
		rec.Layout = c.p.train().trainLayoutOf(sr.lay)
	} else if sr.nodes == 1 {
		rec.PipelineParallel = 0
	}
	setExpertLayout(c.p, sr, &rec)
	if !unknown {
		rec.RunHours, rec.CalendarHours = h, cal
	}
	setup := sr.setup
	if !c.p.jobMode {
		setup = c.feas.shapeSetup(r.shape, sr)
	}
	rec.Setup = setup.setupTime(r.class)
	rec.Speed.Reason = c.speedReason(sr)
	if lay := rec.Layout; lay != nil {
		rec.Speed.Reason = joinReason(c.l.f(kSpLayout, string(lay.Launcher), lay.TensorParallel, lay.PipelineParallel,
			lay.ContextParallel, lay.DataParallel, lay.Sharding, lay.Recompute, lay.MicroBatches), rec.Speed.Reason)
	}
	if len(qs) > 0 {
		rec.PriceModels = make([]model.PriceQuote, 0, len(qs))
	}
	for k := range qs {
		q := &qs[k]
		pq := model.PriceQuote{
			Name:                  q.pm,
			HourlyUSD:             q.rate,
			Hourly:                q.rate * toDisp,
			BilledHours:           q.billed,
			BreakEvenHoursPerWeek: q.breakEven,
			Estimate:              q.estimate,
			UpTo:                  q.upTo,
			Eligible:              q.eligible,
			CalendarHours:         q.cal,
			Note:                  c.quoteNote(q, o, r, &at, sr.nodes, pol, cal, toDisp),
			Region:                q.zone,
			OverheadHours:         q.extra,
		}
		c.quoteFacts(q, o, r, sr.nodes, toDisp, &pq)
		if !unknown {
			pq.TotalUSD, pq.Total = q.total, q.total*toDisp
			pq.WithinBudget = c.price.within(q.total, model.AllIn(q.total, hc.storage, hc.egress), h, cal)
		} else {
			pq.BilledHours, pq.CalendarHours = 0, 0
			pq.WithinBudget = c.price.budgetUSD <= 0
		}
		rec.PriceModels = append(rec.PriceModels, pq)
	}
	if best >= 0 {
		q := &qs[best]
		rec.PriceModel = q.pm
		if q.zone != "" {
			rec.Region = regionOf(o, q.zone)
			if q.zone != rec.Region {
				rec.Zone = q.zone
			}
		}
		rec.HourlyUSD, rec.Hourly = q.rate, q.rate*toDisp
		if ip := rec.Speed.ImagesPerHour; ip > 0 {
			rec.PerImageUSD, rec.PerImage = q.rate/ip, q.rate*toDisp/ip
		}
		if mt := rec.Speed.ThroughputTokensSec * 3600 / 1e6; c.p.embed != nil && mt > 0 {
			rec.PerMillionTokensUSD, rec.PerMillionTokens = q.rate/mt, q.rate*toDisp/mt
		}
		if !unknown {
			rec.GPUTotalUSD, rec.GPUTotal = q.total, q.total*toDisp
		}
	}
	rec.WithinBudget = within && !unknown || unknown && c.price.budgetUSD <= 0
	usdDisp := c.price.usdDisp
	rec.StoredGB = c.price.storageGB
	rec.HiddenCosts = model.HiddenCosts{
		StorageUSD: hc.storage, EgressUSD: hc.egress,
		Storage: hc.storage * usdDisp, Egress: hc.egress * usdDisp,
		StorageUnknown: hc.storageUnknown, EgressUnknown: hc.egressUnkn,
		StorageEstimated: hc.storageEst, EgressEstimated: hc.egressEst,
		Notes: c.hiddenNotes(hc, r.prov, cal),
	}
	if rec.GPUTotalUSD > 0 {
		h := &rec.HiddenCosts
		rec.TotalUSD = model.AllIn(rec.GPUTotalUSD, h.StorageUSD, h.EgressUSD)
		rec.Total = model.AllIn(rec.GPUTotal, h.Storage, h.Egress)
		rec.AllInUSD, rec.AllIn = rec.TotalUSD, rec.Total
	}
	rec.Warnings = c.warnings(warnInput{offer: o, row: r, ri: cd.row, shape: sh, res: sr, rec: &rec, quotes: qs, best: best, hidden: hc})
	return rec
}

// offerRow is a ranked offer's row in the list of every listed offer: the
// figures its full recommendation has, without pricing every model.
func (c recoWriter) offerRow(cd cand) model.OfferRow {
	o := &c.cat.Offers[cd.idx]
	r := &c.ix.rows[cd.row]
	sr := &c.feas.shapes[r.shape]
	fx := c.price.fxUSD[r.cur]
	toDisp := c.price.fxDisp[r.cur] / fx
	_, cal, unknown := c.feas.rowHours(sr, r)
	if unknown {
		cal = 0
	}
	hc := c.price.hidWallOr(r.prov, cal)
	pol := c.ix.provs[r.prov].pol
	p, at, _ := c.feas.reg.ratesOf(r)
	row := model.OfferRow{
		Offer: o, Index: int(cd.idx), Provider: o.Provider, InstanceType: o.InstanceType,
		Region: c.pmRegion(o, &p, &at, pol, cd.pm), GPU: o.GPU, GPUCount: o.GPUCount, Nodes: sr.nodes,
		VRAMGiB: usableVRAM(&c.ix.shapes[r.shape], o), Headroom: sr.headroom, PriceModel: pmNames[cd.pm], Hourly: cd.hourly * toDisp,
		Converted: r.currency(c.ix) != c.price.disp, WithinBudget: cd.over() == 0,
		StorageUnknown: hc.storageUnknown, EgressUnknown: hc.egressUnkn,
		StorageEstimated: hc.storageEst, EgressEstimated: hc.egressEst,
	}
	if !math.IsInf(cd.cost, 0) {
		// The ranking kept the all-in cost (model.AllIn of the GPUs, storage
		// and egress); the GPUs' share is what the hidden costs leave.
		row.GPUTotal = (cd.cost - hc.storage - hc.egress) * toDisp
		row.Total = model.AllIn(row.GPUTotal, hc.storage*c.price.usdDisp, hc.egress*c.price.usdDisp)
	}
	return row
}

// currency is the offer's currency (USD when unset).
func (r *row) currency(ix *index) model.Currency { return ix.curs[r.cur] }

// offerRegion is the region a recommendation names before its price
// model is chosen (and when none is): the on-demand price's place, else
// the listed plans', else the spot zone's region; under a region filter
// all of them are inside it. Without a filter an offer whose regions do
// not share its prices and that has no on-demand region names none.
func (c recoWriter) offerRegion(o *model.Offer, at *places) string {
	for _, w := range [...]string{at.od, at.plan, at.spot} {
		if w != "" {
			return regionOf(o, w)
		}
	}
	return ""
}

// quoteNote explains one price model in a line; cal is the run's calendar
// length, toDisp converts USD to the display currency.
func (c recoWriter) quoteNote(q *quote, o *model.Offer, r *row, at *places, nodes int, pol *model.Policy, cal, toDisp float64) string {
	d := o.Detail()
	l := c.l
	var parts []string
	m := func(v float64) string { return c.l.money(c.price.disp, v*toDisp) }
	if live := c.liveNote(o); live != "" {
		parts = append(parts, live)
	}
	if q.hyb != nil {
		return strings.Join(append(parts, c.hybridLines(q, m)...), "; ")
	}
	switch q.pm {
	case model.PriceOnDemand:
		// The policy's lines are the same on every ranking (shapeFacts).
		pl := c.facts.policyLines(r.prov, c.l)
		if pol != nil && pol.BillingGranularity != "" {
			parts = append(parts, pl.billing)
		}
		k := c.price.fxUSD[r.cur] * float64(nodes)
		lo, hi, n := c.feas.reg.spread(o, r, false)
		switch {
		case c.feas.reg.rf != nil && n > 1:
			parts = append(parts, l.f(kQInsideRange, q.zone, n, m(lo*k), m(hi*k)))
		case c.feas.reg.rf != nil:
			parts = append(parts, l.f(kQInside, q.zone))
		case d.PricedZones == 1 && d.OnDemandRegion != "":
			parts = append(parts, l.f(kQOneZone, d.OnDemandRegion))
		case hi > lo && lo > 0 && d.OnDemandRegion != "":
			parts = append(parts, l.f(kQRange, d.OnDemandRegion, m(lo*k), m(hi*k)))
		}
		if pol != nil && len(pol.TermsOnRequest) > 0 {
			parts = append(parts, pl.onRequest)
		}
	case model.PriceSpot:
		if d, ok := c.spotDoubtOf(q, o, r, nodes); ok {
			parts = append(parts, d.line(o.Provider, pol, l))
		}
		if !c.a.Interruptible {
			parts = append(parts, l.f(kQSpotNotForJob))
		} else if c.p.jobMode {
			parts = append(parts, c.spotRateLine(q, o))
		} else {
			parts = append(parts, l.f(kQSpotServing))
		}
		if lo, hi, n := c.feas.reg.spread(o, r, true); q.zone != "" && (n > 1 || c.feas.reg.rf != nil) {
			k := c.price.fxUSD[r.cur] * float64(nodes)
			switch {
			case c.feas.reg.rf != nil && n > 1:
				parts = append(parts, l.f(kQSpotZoneAsked, q.zone, n, m(lo*k), m(hi*k)))
			case c.feas.reg.rf != nil:
				parts = append(parts, l.f(kQInside, q.zone))
			case len(d.SpotZones) > 1:
				parts = append(parts, l.f(kQSpotZone, q.zone, n, m(lo*k), m(hi*k)))
			}
		}
		if pol != nil && pol.SpotNoticeSeconds > 0 {
			parts = append(parts, l.f(kQSpotNotice, pol.SpotNoticeSeconds))
		}
		if pol != nil && pol.PreemptibleMaxHours > 0 {
			parts = append(parts, l.f(kQSpotLimit, pol.PreemptibleMaxHours))
		}
		if pol != nil && pol.SpotNote != "" {
			parts = append(parts, pol.SpotNote)
		}
	default:
		switch {
		case q.listed:
			parts = append(parts, l.f(kQListed, q.cal))
		case q.firm:
			parts = append(parts, l.f(kQFirm, pct(q.disc.Fraction), q.disc.Source))
		case q.disc != nil:
			if q.upTo {
				parts = append(parts, l.f(kQUpTo, pct(q.disc.Fraction)), l.f(kQAskQuote))
				if c.feas.reg.rf != nil && q.zone != "" {
					parts = append(parts, l.f(kQUpToAt, q.zone))
				}
			} else {
				key := kQDiscount
				if q.disc.OfMonthly {
					key = kQDiscountMonthly
				}
				parts = append(parts, l.f(key, pct(q.disc.Fraction)))
			}
			if q.disc.Note != "" {
				parts = append(parts, q.disc.Note)
			}
		}
		if q.cal > cal+1e-6 {
			parts = append(parts, l.f(kQWholeTerm, q.cal))
		}
		if q.breakEven > 0 {
			if q.breakEven > model.HoursPerWeekFull {
				parts = append(parts, l.f(kQNeverBreaksEven))
			} else {
				parts = append(parts, l.f(kQBreakEven, q.breakEven))
			}
		}
	}
	return strings.Join(parts, "; ")
}

// quoteFacts fills a price quote's zone range and interruption figures.
func (c recoWriter) quoteFacts(q *quote, o *model.Offer, r *row, nodes int, toDisp float64, pq *model.PriceQuote) {
	d := o.Detail()
	k := c.price.fxUSD[r.cur] * float64(nodes) * toDisp
	if q.pm == model.PriceOnDemand || q.pm == model.PriceSpot {
		if lo, hi, _ := c.feas.reg.spread(o, r, q.pm == model.PriceSpot); hi > lo && lo > 0 {
			pq.RangeLow, pq.RangeHigh = lo*k, hi*k
		}
	}
	if q.pm == model.PriceSpot || q.hyb != nil && (q.hyb.spotFill || q.hyb.pm == pmHybSpotOD) {
		pq.Interruption = bucketName(q.bkt)
		if q.bkt >= 0 {
			pq.InterruptionDate = d.InterruptionDate
		}
	}
	if q.hyb != nil {
		m := func(v float64) string { return c.l.money(c.price.disp, v*toDisp) }
		pq.Assumptions = c.hybridLines(q, m)
	}
}

// spotRateLine says where a spot job's re-run time comes from: AWS's
// interruption bucket, or the stated default when no rate is published.
func (c recoWriter) spotRateLine(q *quote, o *model.Offer) string {
	if q.bkt < 0 {
		return c.l.f(kQSpotUnknownRate, pct(spotOverheadUnknown))
	}
	return c.l.f(kQSpotBucket, c.l.bucket(q.bkt), o.Detail().InterruptionDate, c.l.shortDuration(q.extra), c.price.ckptHours()*60, restartHours*60)
}

// shortDuration writes a small number of hours readably: seconds under a
// minute, minutes under an hour, else hours.
func (l lang) shortDuration(h float64) string {
	switch {
	case h*3600 < 59.5:
		return l.f(kDurSec, h*3600)
	case h < 1:
		return l.f(kDurMin, h*60)
	}
	return l.f(kDurHour, h)
}

// hybridLines are a hybrid plan's assumptions, one a line; m formats USD
// in the display currency.
func (c recoWriter) hybridLines(q *quote, m func(float64) string) []string {
	l, hy := c.l, q.hyb
	if hy.pm == pmHybSpotOD {
		return []string{l.f(kQHybSpotOD, m(hy.baseRate), l.shortDuration(hy.extra), l.bucket(hy.bkt), m(hy.fillRate))}
	}
	out := []string{l.f(kQHybBase, hy.terms, hy.period, m(hy.baseRate))}
	if hy.spotFill {
		out = append(out, l.f(kQHybFillSpot, hy.fillH, m(hy.fillRate), l.shortDuration(hy.extra), l.bucket(hy.bkt)))
	} else {
		out = append(out, l.f(kQHybFillOD, hy.fillH, m(hy.fillRate)))
	}
	return out
}

// monthsText lists plan terms in months ("3- and 6-month").
func monthsText(l lang, months []int) string {
	parts := make([]string, len(months))
	for i, n := range months {
		parts[i] = strconv.Itoa(n)
	}
	list := parts[len(parts)-1]
	if len(parts) > 1 {
		list = strings.Join(parts[:len(parts)-1], l.f(kMonthsSep)) + l.f(kMonthsAnd) + list
	}
	return list + l.f(kMonthsUnit)
}

// pmRegion is the region whose price a ranked row's price model uses
// (a hybrid's base plan's), from the same price models the ranking chose
// from (planRates); the offer's region when the model names none.
func (c recoWriter) pmRegion(o *model.Offer, p *rates, at *places, pol *model.Policy, pm pmCode) string {
	want := pm
	switch {
	case pm == pmHybSpotOD:
		want = pmSpot
	case planOf(pm) >= 0:
		want = [nPlans]pmCode{pmMonthly, pmReserved1, pmReserved3}[planOf(pm)]
	}
	if pr, ok := planFor(want, p, pol, 1, false); ok && pr.in(at) != "" {
		return regionOf(o, pr.in(at))
	}
	return c.offerRegion(o, at)
}

// regionOf is the region of the offer that a zone lies in (the longest of
// its regions that starts the zone's name), or the zone itself.
func regionOf(o *model.Offer, zone string) string {
	best := ""
	for _, reg := range o.Regions {
		if len(reg) > len(best) && strings.HasPrefix(zone, reg) {
			best = reg
		}
	}
	if best == "" {
		return zone
	}
	return best
}

// otherSizes are the rows of the other listed sizes of a ranked offer's
// product (cd is the product's best-ranked size), in order of GPU count;
// nil when it has none.
func (c recoWriter) otherSizes(cd cand) []model.OfferRow {
	g := c.sizes().group[cd.row]
	if g < 0 {
		return nil
	}
	c.sized.cands = c.sizeCands(g, c.sized.cands)
	out := make([]model.OfferRow, 0, len(c.sized.cands))
	for _, s := range c.sized.cands {
		if s.row != cd.row {
			out = append(out, c.offerRow(s))
		}
	}
	if len(out) == 0 {
		return nil
	}
	slices.SortStableFunc(out, func(a, b model.OfferRow) int {
		return a.GPUCount*a.Nodes - b.GPUCount*b.Nodes
	})
	return out
}

// hiddenNotes explains the hidden costs of a run on provider prov; an
// estimate names the published price it is and why it stands in.
func (c recoWriter) hiddenNotes(hc hidden, prov uint16, cal float64) []string {
	l := c.l
	pol, est := c.ix.provs[prov].pol, &c.ix.est[prov]
	months := cal / model.HoursPerMonth
	var out []string
	if c.price.storageGB > 0 {
		switch {
		case hc.storageUnknown:
			out = append(out, l.f(kHStorageUnknown, c.price.storageGB))
		case hc.storageEst:
			e := &est.storage
			out = append(out, l.f(kHStorageEstimate, c.price.storageGB, months, l.money(c.price.disp, hc.storage*c.price.usdDisp),
				l.f(classScopeKey(e.scope)), e.from, e.price, string(e.cur)))
		default:
			out = append(out, l.f(kHStorage, c.price.storageGB, pol.BlockStorageGBMonth, string(pol.Currency), months))
		}
		if pol != nil && pol.StorageBilledWhileStopped == model.Yes && c.a.HoursPerWeek < model.HoursPerWeekFull {
			out = append(out, l.f(kHStoppedBilled))
		}
	}
	if c.a.EgressGB > 0 {
		switch {
		case hc.egressUnkn:
			out = append(out, l.f(kHEgressUnknown, c.a.EgressGB))
		case hc.egressEst:
			e := &est.egress
			out = append(out, l.f(kHEgressEstimate, c.a.EgressGB, l.money(c.price.disp, hc.egress*c.price.usdDisp),
				l.f(classScopeKey(e.scope)), e.from, e.price, string(e.cur)))
		default:
			out = append(out, l.f(kHEgress, c.a.EgressGB, pol.EgressFreeGBMonth))
		}
	}
	return out
}

// speedReason explains what communication costs a shape, in the result's
// language: the collectives, the links they cross and the share of the
// step they take (or, in training, the utilisation they cost).
func (c recoWriter) speedReason(sr *shapeRes) string {
	cc := &sr.comm
	batch := c.batchReason(cc)
	if cc.step <= 0 || (cc.what == commNone && cc.moe <= 0) {
		return batch
	}
	l := c.l
	moe := ""
	if cc.moe > 0 {
		moe = l.f(kSpMoE, cc.moeLayers, cc.moe/float64(max(cc.moeLayers, 1))*1e6, cc.moe*1e3, cc.step*1e3)
	}
	if cc.what == commNone {
		return c.joinReasons(batch, moe)
	}
	link := func(k linkKind) string {
		switch k {
		case linkNVSwitch:
			return l.f(kLinkNVSwitch)
		case linkNVLink:
			return l.f(kLinkNVLink)
		case linkBridge:
			return l.f(kLinkBridge)
		case linkFabric:
			return l.f(kLinkFabric)
		case linkPCIeHost:
			if cc.geforce {
				return l.f(kLinkPCIeGeForce)
			}
			return l.f(kLinkPCIeHost)
		case linkRDMA:
			return l.f(kLinkRDMA, cc.nodeGbps)
		case linkTCP:
			return l.f(kLinkTCP, cc.nodeGbps)
		}
		return ""
	}
	var where string
	switch {
	case cc.intra != linkNone && cc.node != linkNone:
		where = l.f(kSpBothLinks, link(cc.intra), link(cc.node))
	case cc.intra != linkNone:
		where = link(cc.intra)
	default:
		where = link(cc.node)
	}
	var out string
	ms := func(s float64) float64 { return s * 1e3 }
	switch {
	case cc.what == commTP && !c.p.training:
		out = l.f(kSpTP, where, cc.count, cc.each*1e6, ms(cc.comm), ms(cc.step), pct(cc.comm/cc.step))
	case cc.what == commDPAttn:
		out = l.f(kSpDPAttn, cc.ep, where, cc.count, cc.each*1e6, ms(cc.comm), ms(cc.step), pct(cc.comm/cc.step))
	case cc.what == commPipeline:
		out = l.f(kSpPipeline, where, ms(cc.comm), ms(cc.step), pct(cc.comm/cc.step))
	default:
		what := l.f(kSpWhatGrad)
		switch cc.what {
		case commShard:
			what = l.f(kSpWhatShard)
		case commExperts:
			what = l.f(kSpWhatExperts)
		case commTP:
			what = l.f(kSpWhatTP)
		}
		if cc.comm > cc.compute {
			out = l.f(kSpTrainSlow, what, where, cc.comm, cc.compute, pct(cc.mfu), pct(cc.baseMFU))
		} else {
			out = l.f(kSpTrainHidden, what, where, cc.comm, cc.compute)
		}
	}
	if cc.assumed {
		out += l.f(kSpAssumed)
	}
	if cc.nicAssumed && cc.node != linkNone {
		out += l.f(kSpNICAssumed, cc.nodeGbps)
	}
	return c.joinReasons(batch, out, moe)
}

// batchReason explains a batch job's step: the sequences a replica runs
// at once, what sets them, and the step's memory and compute time; ""
// outside batch jobs.
func (c recoWriter) batchReason(cc *commCost) string {
	if cc.batchSeqs <= 0 {
		return ""
	}
	l := c.l
	by := l.f(kSpBatchMemory)
	switch cc.batchBy {
	case limitMaxSeqs:
		by = l.f(kSpBatchMaxSeqs, cc.batchSeqs)
	case limitUsers:
		by = l.f(kSpBatchUsers)
	}
	return l.f(kSpBatch, cc.batchSeqs, by, cc.batchMem*1e3, cc.batchCompute*1e3)
}

// joinReasons joins the non-empty parts of a speed's reason.
func (c recoWriter) joinReasons(parts ...string) string {
	out := ""
	for _, s := range parts {
		switch {
		case s == "":
		case out == "":
			out = s
		default:
			out += c.l.f(kSpJoin) + s
		}
	}
	return out
}

// joinReason joins two parts of a speed's reason, either of them empty.
func joinReason(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// shortfalls lists what an offer's shape falls short of, gathered on the
// stack and copied once (nil for none).
func (c recoWriter) shortfalls(cd cand, sr *shapeRes) []string {
	var buf [maxShortfalls]string
	short := sr.appendShortfalls(buf[:0])
	if sr.slim {
		short = append(short, model.ShortLatencyMargin)
	}
	if _, unk := c.feas.ramCheck(cd.row, sr); unk != 0 {
		short = append(short, model.ShortHostRAMUnknown)
	}
	if sr.long {
		short = append(short, model.ShortLongJob)
	}
	if len(short) == 0 {
		return nil
	}
	return slices.Clone(short)
}

// maxShortfalls is the most shortfalls one offer can have: the four of
// appendShortfalls, the latency margin, unknown host RAM and the long job.
const maxShortfalls = 7

// appendShortfalls appends the shortfalls of a shape that come from the
// number formats and memory it runs at: headroom below the margin, and FP8,
// FP4 or BF16 run in a wider format than asked.
func (sr *shapeRes) appendShortfalls(out []string) []string {
	for _, s := range []struct {
		on   bool
		code string
	}{
		{sr.tight, model.ShortHeadroom},
		{sr.fp8WO, model.ShortFP8WeightOnly},
		{sr.fp4WO, model.ShortFP4WeightOnly},
		{sr.bf16H, model.ShortBF16AsFP16},
	} {
		if s.on {
			out = append(out, s.code)
		}
	}
	return out
}

// usableVRAM is the usable GPU memory of one node of an offer, in GiB: the
// one figure of its GPU (model.GPU.Usable) times the GPUs, so that a
// column of GiB never shows a provider's marketed GB; the offer's own
// figure where its GPU is unknown.
func usableVRAM(sh *shape, o *model.Offer) float64 {
	if sh.vram > 0 {
		return sh.vram * float64(o.GPUCount)
	}
	return o.TotalVRAMGiB()
}
