package advisor

import "github.com/gpupick/gpupick/model"

// mtpAccept is the share of MTP drafts the model accepts: "the acceptance
// rate of the second token prediction ranges between 85% and 90%"
// (DeepSeek-V3 technical report, arXiv 2412.19437, section 5.4.3); the
// low end. The engine modelled is vLLM with --speculative-config
// '{"method": "mtp", "num_speculative_tokens": 1}': one draft token from
// the checkpoint's one MTP layer (num_nextn_predict_layers 1).
const mtpAccept = 0.85

// speculative sets up speculative decoding when the answers ask for it:
// with MTP on a checkpoint that ships an MTP module, decode drafts one
// token a step and the module's weights (one more layer, about a
// layer's share of the weights: 11.5B unique parameters of DeepSeek-V3's
// 14B MTP module, its README) are loaded; a model without one decodes
// as it would, and the assumptions say so.
func (e *estimator) speculative() {
	p, a := e.p, e.a
	if a.Speculative != model.SpecMTP || p.training {
		return
	}
	if !p.ar.mtp || p.ar.layers <= 0 {
		e.say(kAsmNoMTP, a.Model)
		return
	}
	if p.jobMode && a.Latency == model.LatencyBatch {
		e.say(kAsmMTPBatch)
		return
	}
	p.mtp = true
	p.weights += p.weights / float64(p.ar.layers)
	e.say(kAsmMTP, mtpAccept*100, 1+mtpAccept)
}

// specStep is a decode step with MTP: the model verifies two tokens per
// stream (step2, its step at twice the tokens) after the MTP layer
// drafted one (one more layer of the one-token step, step1), and keeps
// 1 + mtpAccept tokens on average. It returns the seconds per kept token.
func specStep(step1, step2 float64, layers int) float64 {
	draft := step1 / float64(max(layers, 1))
	return (step2 + draft) / (1 + mtpAccept)
}
