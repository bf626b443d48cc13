package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

func TestFactsDoNotConflict(t *testing.T) {
	cat := embeddedCatalog(t)
	facts, err := openParse(embFS, "facts/offer_facts.csv", parseFacts)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range facts {
		n := 0
		for i := range cat.Offers {
			o := cat.Offers[i]
			accel := ""
			if g, ok := cat.GPUs[o.GPU]; ok && len(g.Aliases) > 0 {
				accel = g.Aliases[0]
			}
			if f.Provider != o.Provider || !matchesAny(f.Patterns, o.InstanceType) {
				continue
			}
			if len(f.Accels) > 0 && !f.matches(&o, accel) && !f.matches(&o, f.Accels[0]) {
				continue
			}
			n++
			if err := applyFact(&o, f); err != nil {
				t.Errorf("offer_facts.csv line %d conflicts with %s: %v", f.Line, o.Key(), err)
			}
		}
		if n == 0 {
			t.Errorf("offer_facts.csv line %d matches no offer", f.Line)
		}
	}
	if o := offerByKey(t, cat, "azure/Standard_NC24r"); o.RDMA != model.Yes {
		t.Errorf("NC24r RDMA %v", o.RDMA)
	}
}

func TestParseFactsErrors(t *testing.T) {
	const head = "provider,pattern,accelerators,counts,field,value,source_url,note\n"
	tests := []struct{ row, want string }{
		{"aws,p5.*,,,colour,red,https://x,", `unknown field "colour"`},
		{"aws,p5.*,,,rdma,yes,,", "every fact cites its source"},
		{"aws,p5.*,,,interconnect,infiniband,https://x,", "not nvswitch"},
		{"aws,p5.*,,,vcpu_type,fast,https://x,", "not dedicated"},
		{"aws,p5.*,,x,rdma,yes,https://x,", "not a GPU count"},
		{",p5.*,,,rdma,yes,https://x,", "must not be empty"},
		{"aws,p5.*,,,rdma,maybe,https://x,", "not yes or no"},
	}
	for _, tc := range tests {
		_, err := parseFacts(strings.NewReader(head+tc.row+"\n"), "offer_facts.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%q: error %v, want line 2 and %q", tc.row, err, tc.want)
		}
	}
}

func TestApplyFactConflicts(t *testing.T) {
	o := model.Offer{Interconnect: model.InterconnectPCIe, InterconnectNote: "PCIe only"}
	f := factRule{Field: "interconnect", Value: "nvlink", Source: "x", Note: "n"}
	if err := applyFact(&o, f); err == nil || !strings.Contains(err.Error(), "already has pcie") {
		t.Errorf("conflict not reported: %v", err)
	}
	o = model.Offer{InterconnectNote: "not documented"}
	if err := applyFact(&o, f); err != nil || o.Interconnect != model.InterconnectNVLink || o.InterconnectNote != "n" {
		t.Errorf("fill: %v %+v", err, o)
	}
}

func TestGPUFactsFillOnlyBlanks(t *testing.T) {
	gpus := []model.GPU{{Name: "X", VRAMGiB: 24, Source: "a"}, {Name: "Y"}}
	const head = "gpu,field,value,source_url,note\n"
	if err := applyGPUFacts(gpus, strings.NewReader(head+"X,vram_gib,48,https://s,\n"), "gpu_facts.csv"); err == nil || !strings.Contains(err.Error(), "already says 24") {
		t.Errorf("contradiction accepted: %v", err)
	}
	if err := applyGPUFacts(gpus, strings.NewReader(head+"Y,nvlink,no (PCIe only),https://s,checked\n"), "gpu_facts.csv"); err != nil {
		t.Fatal(err)
	}
	if gpus[1].NVLink != model.No || gpus[1].Source != "https://s" || !strings.Contains(gpus[1].Notes, "checked") {
		t.Errorf("fill: %+v", gpus[1])
	}
	if err := applyGPUFacts(gpus, strings.NewReader(head+"Z,nvlink,no,https://s,\n"), "gpu_facts.csv"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("unknown GPU accepted: %v", err)
	}
}
