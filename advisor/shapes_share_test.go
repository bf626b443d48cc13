package advisor

import (
	"reflect"
	"slices"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestShapesSharedForRequirements: a ranking whose answers differ from an
// evaluation's in the hard requirements alone (interconnect, hosting,
// vCPUs: whatWouldChange's flips, a tradeoff's dropped requirement)
// shares that evaluation's shapes (Options.shapesFrom), and its result is
// the one a ranking that works them out gives, every figure, note and
// row; the shared shapes are left as they were, by the ranking and by
// the rankings that reuse its buffers; so is its estimate (the plan,
// which the sharing ranking copies), assumptions included. Answers that
// differ in anything else work the shapes out again.
func TestShapesSharedForRequirements(t *testing.T) {
	// 70B in BF16 splits over two H100s: a 3-GPU instance idles one, left
	// out while a 2-GPU one costs no more, unless a requirement (here
	// --hosting datacenter against a marketplace host) leaves that out.
	two := testOffer("cloudA", "h100x2", "H100 SXM5", 2, 6)
	two.Marketplace = true
	three := testOffer("cloudA", "three-h100", "H100 SXM5", 3, 8)
	for _, cat := range []*model.Catalog{testCatalog(), catWith(two, three)} {
		shapesShared(t, New(cat))
	}
}

func shapesShared(t *testing.T, e *Engine) {
	t.Helper()
	bases := map[string]model.Answers{
		"serve 8b":  answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 8192, 4),
		"serve 70b": answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 4096, 1),
		// The estimate resolves the precision and the context: a ranking
		// of the answers as asked shares it too.
		"serve 70b auto": answers(model.WorkloadInference, "llama-3.1-70b", model.PrecisionAuto, 0, 1),
		"lora 8b":        answers(model.WorkloadLoRA, "llama-3.1-8b", model.BF16, 2048, 1),
		"pretrain 7b":    answers(model.WorkloadPretrain, "llama-2-7b", model.BF16, 2048, 1),
	}
	reqs := []func(a *model.Answers){
		func(a *model.Answers) {},
		func(a *model.Answers) { a.Interconnect = model.ReqNVLink },
		func(a *model.Answers) { a.Interconnect = model.ReqNVSwitch },
		func(a *model.Answers) { a.Hosting = model.ReqDatacenter },
		func(a *model.Answers) { a.VCPU = model.ReqDedicated },
		func(a *model.Answers) {
			a.Interconnect, a.Hosting, a.VCPU = model.ReqNVLink, model.ReqDatacenter, model.ReqDedicated
		},
	}
	for name, a := range bases {
		for i, from := range reqs {
			fa := a
			from(&fa)
			fa.Normalize()
			base := e.getCall(fa, langOf("en"))
			before := slices.Clone(base.feas.shapes)
			plan, asm := *base.p, slices.Clone(base.p.req.Assumptions)
			for j, to := range reqs {
				b := a
				to(&b)
				b.Normalize()
				if !sameShapes(&base.asked, &b) {
					t.Fatalf("%s: requirements %d and %d: shapes not shared", name, i, j)
				}
				for _, top := range []int{1, 10} {
					opt := Options{Top: top, Lang: "en"}
					want := e.Recommend(b, opt)
					opt.shapesFrom = base
					if got := e.Recommend(b, opt); !reflect.DeepEqual(got, want) {
						t.Errorf("%s: requirements %d ranked from %d's shapes (top %d): %+v\nwant %+v", name, j, i, top, got.Rows, want.Rows)
					}
					other := b // a ranking in the buffers the shared one gave back
					other.Batch *= 2
					e.Recommend(other, Options{Top: 1})
				}
			}
			if !reflect.DeepEqual(base.feas.shapes, before) {
				t.Errorf("%s: the shapes of requirements %d changed while shared", name, i)
			}
			if after := *base.p; !reflect.DeepEqual(after, plan) || !slices.Equal(base.p.req.Assumptions[:len(asm)], asm) {
				t.Errorf("%s: the plan of requirements %d changed while shared", name, i)
			}
			e.putCall(base)
		}
		// Anything else (the deadline, the GPU count) is another evaluation.
		for _, other := range []func(a *model.Answers){
			func(a *model.Answers) { a.GPUs = 8 },
			func(a *model.Answers) { a.Context = 32768 },
			func(a *model.Answers) { a.Regions = []string{"eu"} },
		} {
			b := a
			other(&b)
			if sameShapes(&a, &b) {
				t.Errorf("%s: %+v shares the shapes of %+v", name, b, a)
			}
		}
	}
}
