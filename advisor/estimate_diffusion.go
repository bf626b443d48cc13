package advisor

import (
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// imagePlan is how a diffusion pipeline is timed: the preset's published
// reference (seconds per image on a named GPU at a resolution and step
// count) scaled to the GPU, resolution and steps of the estimate.
type imagePlan struct {
	ref          *model.ImageRef
	refPeak      float64 // 16-bit tensor FLOP/s of the reference GPU
	width, steps int
	// maxSec is the latency class's limit on the seconds per image (0:
	// none, the batch class).
	maxSec float64
}

// Latency classes of an image pipeline, in seconds per image: a pipeline
// returns the whole image at once, so the class bounds the image as it
// bounds a text stream's first token.
const (
	// imageRealtimeSec: 1 s, the limit for a user's flow of thought to
	// stay uninterrupted (Nielsen, Response Times: The 3 Important Limits,
	// 1993) and the first-token limit of the realtime text class. Real-time
	// text-to-image (SDXL Turbo, one to four steps) reaches it by
	// distillation, not by hardware.
	imageRealtimeSec = 1
	// imageInteractiveSec: 20 s, MLPerf Inference's server-scenario limit
	// for SDXL (stable-diffusion-xl.Server.target_latency = 20000 ms),
	// the same scenario and file as the interactive text class.
	imageInteractiveSec = 20
	// srcImageLatency cites both.
	srcImageLatency = "https://www.nngroup.com/articles/response-times-3-important-limits/ ; https://github.com/mlcommons/inference/blob/001712e9daf80386e0dda43f97b8f36981d792c4/loadgen/mlperf.conf"
)

// imageLatency sets the seconds-per-image limit of the latency class, and
// says so in the assumptions.
func (e *estimator) imageLatency() {
	p, a, l := e.p, e.a, e.l
	switch a.Latency {
	case model.LatencyRealtime:
		p.image.maxSec = imageRealtimeSec
	case model.LatencyInteractive:
		p.image.maxSec = imageInteractiveSec
	default:
		return
	}
	p.req.MaxSecondsPerImage = p.image.maxSec
	p.req.Assumptions = append(p.req.Assumptions, l.f(kAsmImageLatency, l.latency(a.Latency), p.image.maxSec, srcImageLatency))
}

// imageLimit is the seconds-per-image limit of the latency class (0 for
// a language model or the batch class).
func (p *plan) imageLimit() float64 {
	if p.image == nil {
		return 0
	}
	return p.image.maxSec
}

// Pipeline component roles (model.PipelinePart.Role).
const (
	roleDenoiser    = "denoiser"
	roleTextEncoder = "text_encoder"
	roleVAE         = "vae"
)

// componentBytes is the storage of one parameter of a pipeline component
// at a precision: the denoiser and the text encoders take the quantised
// format, the small VAE stays in 16 bits (fp32 when fp32 is asked).
func componentBytes(role string, prec model.Precision) float64 {
	switch prec {
	case model.FP32:
		return 4
	case model.FP8, model.INT8:
		if role != roleVAE {
			return 1
		}
	case model.INT4:
		if role != roleVAE {
			return int4Bits / 8
		}
	case model.FP4, model.MXFP4:
		if role != roleVAE {
			return fp4Bits(prec) / 8
		}
	}
	return 2
}

// diffusionPlan sizes a diffusion pipeline as a whole: every component
// (denoiser, text encoders, VAE) resident on one GPU at the precision
// asked, plus the measured working memory of each image made at once.
// Standard tooling (diffusers, ComfyUI) has no tensor parallelism for
// these models, so a GPU holds the whole pipeline and several GPUs run
// copies.
func (e *estimator) diffusionPlan(pr *model.ModelPreset) {
	p, a, l, cat := e.p, e.a, e.l, e.cat
	r := &p.req
	ref := pr.Image
	p.single, r.SingleGPU = true, true
	if a.PromptTokens > 0 || a.OutputTokens > 0 {
		e.say(kAsmLengthsImage)
	}
	var total, denoiser float64
	var parts []string
	for _, c := range pr.Components {
		p.weights += c.ParamsB * 1e9 * componentBytes(c.Role, a.Precision)
		total += c.ParamsB
		if c.Role == roleDenoiser {
			denoiser += c.ParamsB
		}
		parts = append(parts, c.Name+" "+model.FormatParams(c.ParamsB))
	}
	r.ParamsB, r.ActiveB = total, denoiser
	p.activeParams = denoiser * 1e9
	r.BytesPerParam = p.weights / (total * 1e9)
	r.Architecture = l.f(kArchPipeline, strings.Join(parts, " + "))
	e.say(kAsmPipeline, strings.Join(parts, " + "), string(a.Precision))
	if a.Precision == model.FP8 || a.Precision == model.INT8 || a.Precision == model.INT4 || a.Precision.FP4() {
		e.say(kAsmPipelineQuant)
	}

	// Resolution and steps: the reference's (no answer sets them).
	width, steps := ref.Width, ref.Steps
	scale := float64(width*width) / float64(ref.Width*ref.Width)
	p.imageWS = ref.WorkspaceGiB * gib * scale
	p.act = p.imageWS
	p.reserve = 1
	r.Image = &model.ImageJob{Width: width, Steps: steps, Batch: p.batch}
	e.say(kAsmImageDefault, width, width, steps)
	e.say(kAsmImageWorkspace, ref.WorkspaceGiB, ref.Width, ref.Width, ref.Source)
	e.say(kAsmPipelineSingle)

	b := &r.Breakdown
	b.WeightsGiB = p.weights / gib
	b.ActivationsGiB = p.imageWS * float64(p.batch) / gib
	b.OverheadGiB = p.ctx / gib
	r.VRAMGiB = b.Total()
	r.PerGPUFixedGiB = (p.act + p.ctx) / gib
	e.say(kAsmContext, cudaContextBytes/gib)

	im := &imagePlan{ref: ref, width: width, steps: steps}
	if cat != nil {
		if g, ok := cat.GPUs[ref.GPU]; ok {
			im.refPeak = peakFLOPS(&g, model.BF16, false)
		}
	}
	p.image = im
	e.say(kAsmImageSpeed, ref.Seconds, ref.GPU, ref.Width, ref.Width, ref.Steps)
	if p.jobMode {
		e.say(kAsmImageJob)
	}
}

// meetsImage reports whether an image pipeline's speed meets the latency
// class: an image in no more than the class's limit (an unknown speed
// cannot be shown to), any speed when the class sets none.
func (p *plan) meetsImage(sp *model.Speed) bool {
	return p.image.maxSec <= 0 || !sp.Unknown && sp.SecondsPerImage <= p.image.maxSec
}

// imageSpeed is the speed of a diffusion pipeline on a configuration of
// copies pipelines (one per GPU): the reference time scaled by the ratio
// of 16-bit tensor throughput (weight-only quantisation computes in 16
// bits), by the pixels and by the steps; a job of JobTokens images lasts
// images / (copies x images per hour of one GPU). It meets the latency
// class when an image takes no longer than the class's limit.
func (p *plan) imageSpeed(g *model.GPU, frac float64, copies int) (sp model.Speed, jobHours float64) {
	im := p.image
	prec := model.BF16
	if p.prec == model.FP32 {
		prec = model.FP32
	}
	peak := peakFLOPS(g, prec, false) * frac
	if peak <= 0 || im.refPeak <= 0 || im.ref.Seconds <= 0 {
		sp.Unknown = true
		sp.MeetsLatency = p.meetsImage(&sp)
		return sp, 0
	}
	px := float64(im.width*im.width) / float64(im.ref.Width*im.ref.Width)
	sec := im.ref.Seconds * im.refPeak / peak * px * float64(im.steps) / float64(im.ref.Steps)
	sp.SecondsPerImage = sec
	sp.MeetsLatency = p.meetsImage(&sp)
	sp.ImagesPerHour = float64(max(copies, 1)) * 3600 / sec
	if p.jobMode && p.jobTokens > 0 {
		jobHours = p.jobTokens / sp.ImagesPerHour
		sp.JobHours = jobHours
	}
	if math.IsInf(jobHours, 0) || math.IsNaN(jobHours) {
		jobHours, sp.JobHours = 0, 0
	}
	return sp, jobHours
}
