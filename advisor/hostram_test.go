package advisor

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

// TestHostRAMPublished checks the host RAM figures against what their
// sources state or measured, each within the tolerance named.
func TestHostRAMPublished(t *testing.T) {
	cases := []struct {
		name, source string
		got, want    float64
		tol          float64 // relative
	}{
		// vLLM refuses to start when swap_space (4 GiB per GPU) x
		// tensor_parallel_size is above 0.7 of the CPU memory: 4 / 0.7 GiB
		// per GPU, exact.
		{"vLLM swap check, 1 GPU", "vllm-project/vllm@vllm/config/cache.py",
			(&model.Requirement{HostRAMPerGPUGiB: vllmSwapGiB / vllmSwapShare}).HostRAMNeedGiB(1), 4 / 0.7, 1e-9},
		{"vLLM swap check, TP 4", "vllm-project/vllm@vllm/config/cache.py",
			(&model.Requirement{HostRAMPerGPUGiB: vllmSwapGiB / vllmSwapShare}).HostRAMNeedGiB(4), 16 / 0.7, 1e-9},
		// T0 (42 GB in fp32, 10 GB shards) loaded in "1x model size (42GB
		// here) + largest shard (10GB) + some temps = 53GB": the model plus
		// a shard, within the temps (5%).
		{"T0 sharded load peak", "huggingface/transformers#16844",
			loadPeakBytes(42e9, 10e9) / 1e9, 53, 0.05},
		// The default shard is 5 GB: a 14 GB 16-bit 7B checkpoint peaks at
		// 19 GB, exact.
		{"7B 16-bit checkpoint, default shards", "https://huggingface.co/docs/transformers/en/big_models",
			loadPeakGiB(14e9) * gib / 1e9, 19, 1e-9},
	}
	for _, tc := range cases {
		if !testcheck.NearAbs(tc.got, tc.want, tc.tol*tc.want) {
			t.Errorf("%s (%s): %.3f, want %.3f within %.0f%%", tc.name, tc.source, tc.got, tc.want, 100*tc.tol)
		}
	}
	// vLLM issue 19936's log: "Possibly too large swap space. 4.00 GiB out
	// of the 7.74 GiB total CPU memory" is a warning, not the error: vLLM
	// starts on one GPU with 7.74 GiB, and so must the rule.
	need := (&model.Requirement{HostRAMPerGPUGiB: vllmSwapGiB / vllmSwapShare}).HostRAMNeedGiB(1)
	if need > 7.74 || 4 <= 0.7*need-1e-9 {
		t.Errorf("one GPU needs %.2f GiB: vllm-project/vllm#19936 starts with 7.74 GiB, and 4 GiB is not above 70%%", need)
	}
}

// TestHostRAMRule checks the rule on two offers alike but for their host
// RAM, for each workload: below the need the offer is left out (counted in
// a note naming the source), at the need it is listed, unknown it is
// listed after the known one with a shortfall and a warning, and where no
// published figure covers the workload RAM does not matter.
func TestHostRAMRule(t *testing.T) {
	serve8B := answers(model.WorkloadInference, "llama-3.1-8b", model.BF16, 2048, 1)
	flux := answers(model.WorkloadInference, "flux.1-dev", model.BF16, 0, 1)
	ft7B := answers(model.WorkloadFineTune, "", model.BF16, 2048, 1)
	ft7B.ParamsB = 7
	qlora := answers(model.WorkloadQLoRA, "llama-3.1-8b", model.INT4, 2048, 1)
	pretrain := answers(model.WorkloadPretrain, "", model.BF16, 2048, 1)
	pretrain.ParamsB = 1
	cases := []struct {
		name     string
		a        model.Answers
		gpu      string
		need     float64 // GiB per node, 0: no rule
		low, ok  float64 // a host RAM below the need and one at it
		srcToken string  // in the source the requirement cites
	}{
		{"8B served on one L4", serve8B, "L4", 4 / 0.7, 5, 6, "vllm"},
		{"FLUX.1-dev on one H100", flux, "H100 SXM5", 0, 24, 48, "diffusers"},
		{"7B full fine-tune on one H200", ft7B, "H200 SXM", (14e9 + 5e9) / gib, 16, 18, "transformers"},
		{"8B QLoRA on one L4", qlora, "L4", 5e9 / gib, 4, 5, "transformers/issues/17341"},
		{"1B pre-train on one H100", pretrain, "H100 SXM5", 0, 0, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := check(&tc.a); err != nil {
				t.Fatal(err)
			}
			req := Recommend(catWith(testOffer("cloudA", "x", tc.gpu, 1, 1)), tc.a, Options{}).Requirement
			need := req.HostRAMNeedGiB(1)
			if tc.name == "FLUX.1-dev on one H100" {
				// The pipeline's weights plus a 5 GB shard.
				p := newPlan(catWith(), &tc.a, langEN)
				tc.need = (p.weights + 5e9) / gib
			}
			if !testcheck.NearAbs(need, tc.need, 1e-6*math.Max(tc.need, 1)) {
				t.Fatalf("need %.3f GiB per node, want %.3f", need, tc.need)
			}
			if tc.need == 0 {
				res := Recommend(catWith(mod(testOffer("cloudA", "tiny", tc.gpu, 1, 1), func(o *model.Offer) { o.MemoryGiB = 1 })), tc.a, Options{})
				if pick(res, "tiny") == nil {
					t.Errorf("no published figure, yet a 1 GiB host is left out: %v", res.Notes)
				}
				return
			}
			if !strings.Contains(req.HostRAMSource, tc.srcToken) {
				t.Errorf("source %q does not cite %s", req.HostRAMSource, tc.srcToken)
			}
			low := mod(testOffer("cloudA", "low", tc.gpu, 1, 1), func(o *model.Offer) { o.MemoryGiB = tc.low })
			ok := mod(testOffer("cloudA", "ok", tc.gpu, 1, 1.5), func(o *model.Offer) { o.MemoryGiB = tc.ok })
			unk := mod(testOffer("cloudA", "unk", tc.gpu, 1, 1.2), func(o *model.Offer) { o.MemoryGiB = 0 })
			res := Recommend(catWith(low, ok, unk), tc.a, Options{Top: 5})
			if pick(res, "low") != nil {
				t.Errorf("%.0f GiB host listed against a %.1f GiB need", tc.low, need)
			}
			if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "host RAM") && strings.Contains(n, tc.srcToken) }) {
				t.Errorf("no note for the host left out naming %s: %v", tc.srcToken, res.Notes)
			}
			if len(res.Recommendations) != 2 || res.Recommendations[0].InstanceType != "ok" {
				t.Fatalf("want ok then unk (unknown RAM ranks after a known one that is dearer): %v", instances(res))
			}
			u := &res.Recommendations[1]
			if !slices.Contains(u.Shortfalls, model.ShortHostRAMUnknown) {
				t.Errorf("unknown RAM: shortfalls %v", u.Shortfalls)
			}
			w := findWarning(u.Warnings, model.WarnHostRAMUnknown)
			if w == nil || !strings.Contains(w.Message, fmt.Sprintf("%.1f GiB", need)) || w.Source != req.HostRAMSource {
				t.Errorf("unknown RAM warning %+v, want the %.1f GiB need and source %q", w, need, req.HostRAMSource)
			}
			if k := &res.Recommendations[0]; findWarning(k.Warnings, model.WarnHostRAMUnknown) != nil || slices.Contains(k.Shortfalls, model.ShortHostRAMUnknown) {
				t.Errorf("known RAM at the need: warnings %v shortfalls %v", k.Warnings, k.Shortfalls)
			}
		})
	}
}

// TestHostRAMPerNode checks that serving's need grows with the GPUs a node
// uses: 70B in BF16 over four H100s on one node needs 4 x 5.7 GiB, so a
// host with 20 GiB is left out and one with 24 GiB is listed.
func TestHostRAMPerNode(t *testing.T) {
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.BF16, 8192, 1)
	a.GPUs = 4
	low := mod(testOffer("cloudA", "low", "H100 SXM5", 4, 1), func(o *model.Offer) { o.MemoryGiB = 20 })
	ok := mod(testOffer("cloudA", "ok", "H100 SXM5", 4, 2), func(o *model.Offer) { o.MemoryGiB = 24 })
	res := Recommend(catWith(low, ok), a, Options{})
	if pick(res, "low") != nil || pick(res, "ok") == nil {
		t.Fatalf("want only the 24 GiB host: %v %v", instances(res), res.Notes)
	}
	if r := pick(res, "ok"); r.GPUsUsed != 4 {
		t.Fatalf("uses %d GPUs", r.GPUsUsed)
	}
}

// TestHostRAMLowCounted checks, over a synthetic catalog with hosts of
// 4 GiB and of unknown RAM, that the scan leaves the first out (and
// counts them) and lists the second only after every known one of its
// budget group, latency tier and shortfalls.
func TestHostRAMLowCounted(t *testing.T) {
	cat := syntheticCatalog(3000, 9)
	for i := range cat.Offers {
		switch {
		case i%5 == 0:
			cat.Offers[i].MemoryGiB = 4
		case i%7 == 0:
			cat.Offers[i].MemoryGiB = 0
		}
	}
	a := model.DefaultAnswers()
	a.Normalize()
	c := newCall(New(cat), a, langEN)
	cs := c.ranked(40, false)
	if c.st.lowRAM == 0 {
		t.Fatal("no offer left out for host RAM")
	}
	seenUnknown := false
	for _, cd := range cs {
		m := cat.Offers[cd.idx].MemoryGiB
		if m > 0 && m < 4/0.7 {
			t.Fatalf("%s with %.0f GiB listed", cat.Offers[cd.idx].InstanceType, m)
		}
		sr := &c.feas.shapes[c.ix.rows[cd.row].shape]
		if m == 0 {
			seenUnknown = true
			continue
		}
		if seenUnknown && cd.over() == 0 && cd.tier() == 0 && sr.short == 0 {
			t.Fatalf("a known host ranks after an unknown one of the same group")
		}
	}
}

func instances(res model.Result) []string {
	var out []string
	for _, r := range res.Recommendations {
		out = append(out, r.InstanceType)
	}
	return out
}

func findWarning(ws []model.Warning, code string) *model.Warning {
	for i := range ws {
		if ws[i].Code == code {
			return &ws[i]
		}
	}
	return nil
}

// TestHostRAMIdle checks that an instance left out for its host RAM does
// not make a larger one that idles a GPU look wasteful: 70B in INT4 on
// two of three H100s is listed when the only two-GPU instance has too
// little RAM to serve (8 GiB against 2 x 5.7), and left out as idle when
// that instance has enough.
func TestHostRAMIdle(t *testing.T) {
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.INT4, 8192, 1)
	three := testOffer("cloudA", "three", "H100 SXM5", 3, 3)
	for _, tc := range []struct {
		ram    float64
		listed bool
	}{{8, true}, {128, false}} {
		two := mod(testOffer("cloudA", "two", "H100 SXM5", 2, 2), func(o *model.Offer) { o.MemoryGiB = tc.ram })
		res := Recommend(catWith(two, three), a, Options{Top: 5})
		r := pick(res, "three")
		if (r != nil) != tc.listed {
			t.Errorf("two-GPU host with %.0f GiB: three listed %v, want %v (%v, %v)", tc.ram, r != nil, tc.listed, instances(res), res.Notes)
		}
		if r != nil && r.GPUsUsed != 2 {
			t.Errorf("three uses %d GPUs, want 2 (the case needs an idle GPU)", r.GPUsUsed)
		}
	}
}
