package advisor

import (
	"math"

	"github.com/gpupick/gpupick/model"
)

// peakFLOPS is the dense tensor throughput (FLOP/s) the work runs at on a
// GPU, or 0 when the figure is unknown. Weight-only int8/int4 kernels
// compute in 16 bits; FP8 runs at FP8 rate only where the GPU supports it.
func peakFLOPS(g *model.GPU, prec model.Precision, training bool) float64 {
	if g == nil {
		return 0
	}
	switch prec {
	case model.FP32:
		return g.FP32TFLOPS * 1e12
	case model.FP8:
		if g.FP8 == model.Yes && g.FP8TFLOPS > 0 {
			return g.FP8TFLOPS * 1e12
		}
	}
	return g.BF16TFLOPS * 1e12
}

// tpEfficiency is the share of ideal scaling tensor parallelism keeps: with
// NVLink 1/(1+0.04(t-1)), fitted to gpt-fast's Llama-2-70B runs (per-GPU
// bandwidth 1482, 1341 and 1135 GB/s at 2, 4 and 8 GPUs); over PCIe the
// all-reduce is assumed about four times costlier.
func tpEfficiency(t int, nvlink int8) float64 {
	if t <= 1 {
		return 1
	}
	k := 0.04
	if nvlink <= 0 {
		k = 0.15
	}
	return 1 / (1 + k*float64(t-1))
}

// shapeSpeed estimates the speed of the workload on one configuration.
// jobHours is the length of a job-size run, 0 when unknown or not a job.
func (p *plan) shapeSpeed(g *model.GPU, frac float64, n, t, r, nodes int, nvlink int8, rdma model.Tri) (sp model.Speed, jobHours float64) {
	if !(frac > 0 && frac <= 1) {
		frac = 1
	}
	if p.stated || !p.sized {
		sp.MeetsLatency = true
		sp.Unknown = p.jobMode
		return sp, 0
	}
	if p.image != nil {
		return p.imageSpeed(g, frac, n*nodes)
	}
	if p.training {
		peak := peakFLOPS(g, p.prec, true) * frac
		if peak <= 0 || p.flopsPerToken <= 0 {
			sp.Unknown, sp.MeetsLatency = true, true
			return sp, 0
		}
		gpus := n * nodes
		mfu := trainMFU
		if n > 1 && nvlink < 0 {
			mfu *= 0.75
		}
		if nodes > 1 && rdma == model.No {
			mfu *= 0.5
		}
		tps := float64(gpus) * peak * mfu / p.flopsPerToken
		sp.ThroughputTokensSec = tps
		sp.Utilisation = mfu
		sp.MeetsLatency = true
		if p.jobMode && tps > 0 {
			jobHours = p.jobTokens / tps / 3600
			sp.JobHours = jobHours
		}
		return sp, jobHours
	}

	// Inference: decode is memory-bound (a roofline on bandwidth), prefill
	// compute-bound.
	bw := 0.0
	if g != nil {
		bw = g.MemBandwidthGBs * 1e9 * frac
	}
	peak := peakFLOPS(g, p.prec, false) * frac
	sp.PromptTokens = p.promptTokens
	known := bw > 0
	if known {
		eff := bwEff * tpEfficiency(t, nvlink)
		seqs := (p.batch + r - 1) / r
		kvSplit := min(t, p.ar.kvHeadsEff())
		bytesPerStep := p.activeWeightBytes/float64(t) + p.kvSeq*float64(seqs)/float64(kvSplit)
		step := bytesPerStep / (bw * eff)
		if step > 0 {
			sp.DecodeTokensPerSec = 1 / step
			sp.ThroughputTokensSec = float64(p.batch) / step
		}
		sp.BandwidthUtilisation = eff
		if peak > 0 && p.flopsPerToken > 0 {
			used := float64(t * r * nodes)
			cap := used * peak * prefillMFU / p.flopsPerToken
			sp.ThroughputTokensSec = math.Min(sp.ThroughputTokensSec, cap)
		}
	}
	if peak > 0 && p.prefillFLOPs > 0 {
		rate := float64(t) * peak * prefillMFU * tpEfficiency(t, nvlink)
		sp.TimeToFirstTokenSec = p.prefillFLOPs / rate
		sp.PrefillTokensPerSec = float64(r) * float64(p.promptTokens) / sp.TimeToFirstTokenSec
		sp.Utilisation = prefillMFU
	}
	sp.MeetsLatency = known && sp.DecodeTokensPerSec >= p.minDecode
	if p.maxTTFT > 0 {
		switch {
		case sp.TimeToFirstTokenSec == 0:
			known = false
			sp.MeetsLatency = false
		case sp.TimeToFirstTokenSec > p.maxTTFT:
			sp.MeetsLatency = false
		}
	}
	if p.minDecode == 0 && p.maxTTFT == 0 {
		// Batch class: throughput only.
		sp.MeetsLatency = true
	}
	sp.Unknown = !known
	if p.jobMode && sp.ThroughputTokensSec > 0 {
		jobHours = p.jobTokens / sp.ThroughputTokensSec / 3600
		sp.JobHours = jobHours
	}
	return sp, jobHours
}
