package ui

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestScaleSummaryShowsEveryFilter: the step list's line for the scale
// page names every filter and hard requirement that is set, in both
// languages, and says "any" only when none is.
func TestScaleSummaryShowsEveryFilter(t *testing.T) {
	step := int(model.SectionScale)
	cases := []struct {
		key, raw string
		en, zh   string
	}{
		{"gpu", "H100", "H100", "H100"},
		{"gpus", "8", "×8", "×8"},
		{"nodes", "2", "≤2 nodes", "最多 2 个节点"},
		{"provider", "aws, gcp", "aws,gcp", "aws,gcp"},
		{"exclude-provider", "vast", "not vast", "排除 vast"},
		{"region", "us-east-1", "us-east-1", "us-east-1"},
		{"headroom", "20", "20% spare VRAM", "显存余量 20%"},
		{"interconnect", model.ReqNVSwitch, "NVSwitch", "NVSwitch"},
		{"hosting", model.ReqDatacenter, "data-centre hosts", "仅数据中心"},
		{"vcpu", model.ReqDedicated, "dedicated vCPUs", "独占 vCPU"},
		{"min-vcpus-per-gpu", "8", "≥8 vCPU/GPU", "每 GPU ≥8 vCPU"},
	}
	for _, c := range cases {
		t.Run(c.key, func(t *testing.T) {
			f := newTestForm()
			id := mustField(c.key)
			f.setRaw(id, c.raw, len(c.raw))
			if f.errs[id] != nil {
				t.Fatalf("%s %q: %v", c.key, c.raw, f.errs[id])
			}
			for _, l := range []struct{ lang, want, any string }{{"en", c.en, "any"}, {"zh", c.zh, "不限"}} {
				got := stepSummary(&f, newTr(l.lang), step)
				if !strings.Contains(got, l.want) || !strings.HasSuffix(got, " · USD") || strings.Contains(got, l.any+" ·") {
					t.Errorf("%s: %s = %q: summary %q, want %q in it, the currency last, no %q", l.lang, c.key, c.raw, got, l.want, l.any)
				}
			}
		})
	}
	f := newTestForm()
	if got := stepSummary(&f, newTr("en"), step); got != "any · USD" {
		t.Errorf("no filter: summary %q, want %q", got, "any · USD")
	}
}
