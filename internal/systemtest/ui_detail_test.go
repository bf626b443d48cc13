package systemtest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// The detail of #1 says what a gate of the answers costs, worked out off
// the update loop once the detail is open: Qwen2.5-14B at 128k context
// for 4 users, whose first-token limit forces a dear pick; both languages.
func TestDetailGatePrice(t *testing.T) {
	for _, tc := range []struct{ lang, gate string }{
		{"en", "s first-token limit makes #1 cost"},
		{"zh", "秒的首 token 上限使第一名总计花费"},
	} {
		a := model.DefaultAnswers()
		a.Model, a.Context, a.Batch = "qwen2.5-14b", 128*1024, 4
		if d := detail(wizard(t, a, tc.lang, detailW, detailH)); !strings.Contains(d, tc.gate) {
			t.Errorf("%s: the detail of #1 does not price the first-token limit:\n%s", tc.lang, d)
		}
	}
}

// A diffusion pipeline's detail gives its speed in seconds per image and
// the cost of one image, in both languages.
func TestDetailPricesImages(t *testing.T) {
	for _, tc := range []struct{ lang, secs, cost string }{
		{"en", "s per image", `[$¥][0-9.]+ per image`},
		{"zh", "每张图约", `每张图 [$¥][0-9.]+`},
	} {
		a := model.DefaultAnswers()
		// The batch class, so that an A40 (about 79 s an image, too slow
		// for the interactive class's 20 s) is listed.
		a.Model, a.Latency = "flux.1-dev", model.LatencyBatch
		d := detail(wizard(t, a, tc.lang, detailW, detailH), "/", "a40-compute_1x2", "enter")
		if !strings.Contains(d, "a40-compute_1x2") || !strings.Contains(d, tc.secs) || !regexp.MustCompile(tc.cost).MatchString(d) {
			t.Errorf("%s detail lacks the image speed and cost:\n%s", tc.lang, d)
		}
	}
}

// The detail of #1 says why it leads and, worked out off the update loop
// once its detail is open, what would change the order; other offers'
// details do not; both languages.
func TestDetailWhyFirst(t *testing.T) {
	for _, tc := range []struct{ lang, head, change string }{
		{"en", "why #1", "would lead"},
		{"zh", "为何排第一", "--vcpu dedicated"},
	} {
		a := model.DefaultAnswers()
		a.Model = "llama-3.1-70b"
		if res := advisor.Recommend(embeddedCatalog(t), a, advisor.Options{Top: 1, Lang: tc.lang}); len(res.Recommendations) == 0 || len(res.Recommendations[0].Risk) == 0 {
			t.Fatalf("%s: #1 of the 70B ranking carries no risk to flip: %+v", tc.lang, res.Recommendations)
		}
		m := wizard(t, a, tc.lang, detailW, detailH)
		if d := detail(m); !strings.Contains(d, tc.head) || !strings.Contains(d, tc.change) {
			t.Errorf("%s: the detail of #1 lacks why it leads and what would change the order:\n%s", tc.lang, d)
		}
		if d := detail(m, "down"); strings.Contains(d, tc.head) {
			t.Errorf("%s: the detail of #2 says why #1 leads:\n%s", tc.lang, d)
		}
	}
}

// The detail of an instance the ranking lists once for all its GPU
// counts names its other sizes with their totals, in both languages.
func TestDetailOtherSizes(t *testing.T) {
	for _, tc := range []struct{ lang, head string }{{"en", "other sizes of this instance"}, {"zh", "该实例的其他规格"}} {
		a := model.DefaultAnswers()
		a.Workload, a.Model, a.Precision, a.Latency, a.GPU = model.WorkloadQLoRA, "llama-3.1-8b", model.INT4, model.LatencyBatch, "MI300X"
		a.DurationMode, a.JobTokens = model.DurationJob, 1e8
		res := advisor.Recommend(embeddedCatalog(t), a, advisor.Options{Top: 1, Sizes: 1, Lang: tc.lang})
		if len(res.Recommendations) == 0 || len(res.Recommendations[0].OtherSizes) == 0 {
			t.Fatalf("%s: #1 has no other size: %+v", tc.lang, res.Recommendations)
		}
		d := detail(wizard(t, a, tc.lang, detailW, detailH))
		s := res.Recommendations[0].OtherSizes[0]
		total := model.FormatMoney(s.Total, res.Currency, model.MoneyCell)
		if !strings.Contains(d, tc.head) || !strings.Contains(d, s.InstanceType) || !strings.Contains(d, total) {
			t.Errorf("%s: the detail lacks the other size %s at %s:\n%s", tc.lang, s.InstanceType, total, d)
		}
	}
}

// TestDetailOtherSizesBeyondFirst: the ranking on every keystroke lists
// the other sizes of #1 alone; selecting another offer whose product has
// other sizes prices it again off the loop, and its detail lists them.
func TestDetailOtherSizesBeyondFirst(t *testing.T) {
	a := model.DefaultAnswers()
	a.Workload, a.Model, a.Precision, a.Latency = model.WorkloadQLoRA, "llama-3.1-8b", model.INT4, model.LatencyBatch
	a.DurationMode, a.JobTokens = model.DurationJob, 1e8
	// The first offers as the wizard ranks them on every keystroke: the
	// other sizes of #1 alone.
	first := advisor.Recommend(embeddedCatalog(t), a, advisor.Options{Top: 40, Sizes: 1, Lang: "en"})
	at := -1
	for i := 1; i < len(first.Recommendations); i++ {
		if first.Recommendations[i].SizesOmitted {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatalf("no offer after #1 has other sizes left out: %d recommendations", len(first.Recommendations))
	}
	// Its other sizes, as a ranking that lists them for it gives them.
	all := advisor.Recommend(embeddedCatalog(t), a, advisor.Options{Top: at + 1, Sizes: at + 1, Lang: "en"})
	r := all.Recommendations[at]
	if r.InstanceType != first.Recommendations[at].InstanceType || len(r.OtherSizes) == 0 {
		t.Fatalf("#%d %s: no other sizes when they are asked for", at+1, r.InstanceType)
	}
	d := detail(wizard(t, a, "en", detailW, detailH), strings.Fields(strings.Repeat("down ", at))...)
	if !strings.Contains(d, r.InstanceType) || !strings.Contains(d, "other sizes of this instance") || !strings.Contains(d, r.OtherSizes[0].InstanceType) {
		t.Errorf("the detail of #%d %s lacks its other sizes:\n%s", at+1, r.InstanceType, d)
	}
}

// TestEstimatedTotalMarked: on the embedded catalog no egress price is
// left unknown: an offer whose provider publishes none is counted at its
// class estimate, and its detail shows the egress as "~amount (estimate)"
// with the note that says what the estimate is.
func TestEstimatedTotalMarked(t *testing.T) {
	a := model.DefaultAnswers()
	a.EgressGB = 2000
	res := advisor.Recommend(embeddedCatalog(t), a, advisor.Options{Top: 1000, Lang: "en"})
	est := -1
	for i := range res.Recommendations {
		r := &res.Recommendations[i]
		if r.HiddenCosts.Partial() {
			t.Fatalf("#%d %s: an egress price left unknown: %+v", i+1, r.InstanceType, r.HiddenCosts)
		}
		if r.HiddenCosts.EgressEstimated && est < 0 {
			est = i
		}
	}
	if est < 0 {
		t.Fatal("want an offer whose egress is a class estimate")
	}
	r := &res.Recommendations[est]
	d := detail(wizard(t, a, "en", detailW, detailH), "/", r.Provider+" "+r.InstanceType, "enter")
	// (the notes wrap, so only their start is looked for)
	egress := "~" + model.FormatMoney(r.HiddenCosts.Egress, res.Currency, model.MoneyCell) + " (estimate)"
	for _, want := range []string{egress, "~: the provider publishes no price"} {
		if !strings.Contains(d, want) {
			t.Errorf("an estimated egress lacks %q:\n%s", want, d)
		}
	}
}
