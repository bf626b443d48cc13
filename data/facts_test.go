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
	links, err := openParse(embFS, "facts/gpu_links.csv", parseGPULinks)
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
			if len(f.Accels) == 0 && !f.matches(&o, "") { // GPU counts
				continue
			}
			n++
			if refinedByBoard(&o, f, links) {
				continue
			}
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

// refinedByBoard reports an offer whose fact says nvlink and which ended
// nvswitch because it holds a whole board whose switch gpu_links.csv
// cites: a refinement of the fact (NVLink through the board's switch), not
// a conflict.
func refinedByBoard(o *model.Offer, f factRule, links gpuLinks) bool {
	l, whole := links[linkKey{o.GPU, o.GPUCount}]
	return f.Field == "interconnect" && f.Value == string(model.InterconnectNVLink) && whole &&
		o.Interconnect == model.InterconnectNVSwitch && l.Value == model.InterconnectNVSwitch &&
		strings.HasPrefix(o.Detail().InterconnectNote, inferredPrefix+l.Note)
}

func TestParseFactsErrors(t *testing.T) {
	const headFrom = "provider,pattern,accelerators,counts,field,value,source_url,note,from\n"
	tests := []struct{ row, want string }{
		{"aws,p5.*,,,colour,red,https://x,,", `unknown field "colour"`},
		{"aws,p5.*,,,rdma,yes,,,", "every fact cites its source"},
		{"aws,p5.*,,,interconnect,infiniband,https://x,,", "not nvswitch"},
		{"aws,p5.*,,,vcpu_type,fast,https://x,,", "not dedicated"},
		{"aws,p5.*,,x,rdma,yes,https://x,,", "not a GPU count"},
		{",p5.*,,,rdma,yes,https://x,,", "must not be empty"},
		{"aws,p5.*,,,rdma,maybe,https://x,,", "not yes or no"},
		{"aws,p5.*,,,form_factor,SXM,https://x,,", "column note: empty"},
		{"aws,p5.*,,,form_factor,SXM5,https://x,n,", "not SXM, PCIe or other"},
		{"aws,p5.*,,,note,,https://x,,", "field note: empty"},
		{"aws,p5.*,,,rdma,yes,https://x,,aws", "want provider/fact_type"},
		{"azure,NV4*,,,gpu_fraction,3/2,https://x,,", "not a share such as 1/8"},
		{"azure,NV4*,,,gpu_fraction,0.125,https://x,,", "not a share such as 1/8"},
	}
	for _, tc := range tests {
		_, err := parseFacts(strings.NewReader(headFrom+tc.row+"\n"), "offer_facts.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%q: error %v, want line 2 and %q", tc.row, err, tc.want)
		}
	}
}

func TestApplyFactNotesAndNetworkDetail(t *testing.T) {
	tests := []struct {
		name      string
		in        model.Offer
		fact      factRule
		network   string
		notes     []string
		sources   []string
		wantError bool
	}{
		{"network detail added to the family's text",
			model.Offer{Provider: "nebius", InstanceType: "gpu-h100-sxm_8gpu-x", InterNodeNetwork: "InfiniBand 400 Gbps"},
			factRule{Provider: "nebius", Patterns: []string{"gpu-h100-sxm_8gpu-*"}, Field: "inter_node_network", Value: "fabric-2 (eu-north1)", Source: "https://a ; https://b", Note: "code, not a doc"},
			"InfiniBand 400 Gbps; fabric-2 (eu-north1)", []string{"code, not a doc"}, []string{"https://a", "https://b"}, false},
		{"network detail fills a blank",
			model.Offer{Provider: "nebius", InstanceType: "x"},
			factRule{Provider: "nebius", Patterns: []string{"*"}, Field: "inter_node_network", Value: "fabric-5", Source: "https://a"},
			"fabric-5", nil, []string{"https://a"}, false},
		{"note fact adds its text, sets no field",
			model.Offer{Provider: "vast", InstanceType: "2x-RTX_3090"},
			factRule{Provider: "vast", Patterns: []string{"*"}, Field: "note", Value: "bw_nvlink is live only", Source: "https://v"},
			"", []string{"bw_nvlink is live only"}, []string{"https://v"}, false},
		{"form factor fact keeps its inference note with the offer",
			model.Offer{Provider: "verda", InstanceType: "4A100.88V", GPUCount: 4},
			factRule{Provider: "verda", Patterns: []string{"*A100.*"}, Field: "form_factor", Value: "SXM", Source: "https://g", Note: "inferred, not stated: SXM4"},
			"", []string{"inferred, not stated: SXM4"}, []string{"https://g"}, false},
		{"interconnect fact keeps its note next to the value",
			model.Offer{Provider: "verda", InstanceType: "2H200", GPUCount: 2},
			factRule{Provider: "verda", Patterns: []string{"*H200*"}, Field: "interconnect", Value: "nvlink", Source: "https://g", Note: "inferred"},
			"", nil, []string{"https://g"}, false},
		{"a conflicting fact changes nothing and cites nothing",
			model.Offer{Provider: "aws", InstanceType: "g5.12xlarge"}.WithDetail(model.OfferDetail{FormFactor: "PCIe"}),
			factRule{Provider: "aws", Patterns: []string{"g5.*"}, Field: "form_factor", Value: "SXM", Source: "https://x", Note: "n"},
			"", nil, nil, true},
		{"a fact of another provider does not apply",
			model.Offer{Provider: "aws", InstanceType: "x"},
			factRule{Provider: "gcp", Patterns: []string{"*"}, Field: "note", Value: "n", Source: "https://x"},
			"", nil, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.in
			var notes []string
			applyFacts(&o, []factRule{tc.fact}, "", func(n string) {
				if n != "" {
					notes = append(notes, n)
				}
			})
			if o.InterNodeNetwork != tc.network && tc.fact.Field == "inter_node_network" {
				t.Errorf("network %q, want %q", o.InterNodeNetwork, tc.network)
			}
			if strings.Join(notes, "|") != strings.Join(tc.notes, "|") {
				t.Errorf("notes %q, want %q", notes, tc.notes)
			}
			if strings.Join(o.Sources, "|") != strings.Join(tc.sources, "|") {
				t.Errorf("sources %q, want %q", o.Sources, tc.sources)
			}
			if tc.wantError && o.Detail().FormFactor != tc.in.Detail().FormFactor {
				t.Errorf("conflicting fact changed the form factor to %q", o.Detail().FormFactor)
			}
		})
	}
}

func TestApplyFactConflicts(t *testing.T) {
	o := model.Offer{Interconnect: model.InterconnectPCIe}.WithDetail(model.OfferDetail{InterconnectNote: "PCIe only"})
	f := factRule{Field: "interconnect", Value: "nvlink", Source: "x", Note: "n"}
	if err := applyFact(&o, f); err == nil || !strings.Contains(err.Error(), "already has pcie") {
		t.Errorf("conflict not reported: %v", err)
	}
	o = model.Offer{}.WithDetail(model.OfferDetail{InterconnectNote: "not documented"})
	if err := applyFact(&o, f); err != nil || o.Interconnect != model.InterconnectNVLink || o.Detail().InterconnectNote != "n" {
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

func TestHasFastLink(t *testing.T) {
	tests := []struct {
		ic        model.Interconnect
		fast, nvl bool
	}{
		{model.InterconnectNVSwitch, true, true},
		{model.InterconnectNVLink, true, true},
		{model.InterconnectInfinityFabric, true, false},
		{model.InterconnectPCIe, false, false},
		{model.InterconnectSingle, false, false},
		{model.InterconnectUnknown, false, false},
	}
	for _, tc := range tests {
		if tc.ic.HasFastLink() != tc.fast || tc.ic.HasNVLink() != tc.nvl {
			t.Errorf("%q: HasFastLink %v HasNVLink %v, want %v %v", tc.ic, tc.ic.HasFastLink(), tc.ic.HasNVLink(), tc.fast, tc.nvl)
		}
	}
}

func TestValidateInfinityFabricOnlyForAMD(t *testing.T) {
	cat := embeddedCatalog(t)
	o := offerByKey(t, cat, "runpod/2x_MI300X_SECURE")
	if err := Validate(cat); err != nil {
		t.Fatalf("embedded catalog: %v", err)
	}
	h := offerByKey(t, cat, "runpod/4x_H100-SXM_SECURE")
	h.Interconnect = o.Interconnect
	if err := Validate(cat); err == nil || !strings.Contains(err.Error(), "not an AMD GPU") {
		t.Errorf("infinity-fabric on an NVIDIA offer accepted: %v", err)
	}
}

func TestFamilyFormDefersToOffer(t *testing.T) {
	tests := []struct{ in, want string }{
		{"per offer: instance name encodes SXM4/PCIE/SXM/NVL where known", ""},
		{"SXM5 (from instance name)", "SXM"},
		{"PCIe (A10 card)", "PCIe"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := familyForm(tc.in); got != tc.want {
			t.Errorf("familyForm(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	cat := embeddedCatalog(t)
	for key, want := range map[string]string{
		"vast/2x-RTX_3090-32-65536":  "PCIe", // was SXM, read from the marketplace row's "per offer: … SXM …"
		"vast/2x-A100_PCIE-32-65536": "PCIe",
		"vast/2x-H100_SXM-32-65536":  "SXM",
	} {
		if o := offerByKey(t, cat, key); o.Detail().FormFactor != want {
			t.Errorf("%s: form factor %q, want %q", key, o.Detail().FormFactor, want)
		}
	}
}

// TestVCPUFactsApplied checks that each cited vCPU fact reaches its
// offers with its value, its note and (where the source states it) whether
// a vCPU is a hardware thread: Azure's NGads V620 sizes are "assigned full
// cores instead of threads", a partial GPU is a gpu-fraction, a whole one
// dedicated.
func TestVCPUFactsApplied(t *testing.T) {
	cat := embeddedCatalog(t)
	tests := []struct {
		provider, prefix string
		want             model.VCPUType
		ht               model.Tri
		note             string
	}{
		{"hyperstack", "", model.VCPUDedicated, model.Unknown, "1:1 mapping"},
		{"alibaba", "ecs.gn5-", model.VCPUDedicated, model.Unknown, "资源独享"},
		{"alibaba", "ecs.gn5i-", model.VCPUDedicated, model.Unknown, "资源独享"},
		{"azure", "Standard_NG8ads_V620", model.VCPUGPUFraction, model.No, "full cores instead of threads"},
		{"azure", "Standard_NG16ads_V620", model.VCPUGPUFraction, model.No, "full cores instead of threads"},
		{"azure", "Standard_NG32ad", model.VCPUDedicated, model.No, "full cores instead of threads"},
	}
	for _, tc := range tests {
		n := 0
		for i := range cat.Offers {
			o := &cat.Offers[i]
			if o.Provider != tc.provider || !strings.HasPrefix(o.InstanceType, tc.prefix) {
				continue
			}
			n++
			if o.VCPUType != tc.want || !strings.Contains(o.Detail().VCPUNote, tc.note) {
				t.Errorf("%s: vcpu %q (%q), want %q", o.Key(), o.VCPUType, o.Detail().VCPUNote, tc.want)
			}
			if tc.ht != model.Unknown && o.Hyperthreaded != tc.ht {
				t.Errorf("%s: hyperthreaded %v, want %v", o.Key(), o.Hyperthreaded, tc.ht)
			}
		}
		if n == 0 {
			t.Errorf("no %s %s* offers", tc.provider, tc.prefix)
		}
	}
	// Azure's older sizes: every size but the B-series has fixed CPU
	// performance (Microsoft), an inference marked so; NVv3 keeps its
	// stated Hyper-Threading beside it.
	older := []string{"Standard_NC6", "Standard_NC12_Promo", "Standard_NC24r", "Standard_NC24r_Promo",
		"Standard_NV6", "Standard_NV24_Promo", "Standard_NV12s_v3", "Standard_NV48s_v3", "Standard_ND40s_v3"}
	for _, it := range older {
		o := offerByKey(t, cat, "azure/"+it)
		note := o.Detail().VCPUNote
		if o.VCPUType != model.VCPUDedicated || !strings.HasPrefix(note, "inferred from Microsoft's statement") || !strings.Contains(note, "fixed CPU performance") {
			t.Errorf("azure/%s: vcpu %q (%q), want dedicated from the fixed-performance statement, marked inferred", it, o.VCPUType, note)
		}
		if strings.HasPrefix(it, "Standard_NV") && strings.HasSuffix(it, "s_v3") && o.Hyperthreaded != model.Yes {
			t.Errorf("azure/%s: hyperthreaded %v, want yes (NVv3 summary)", it, o.Hyperthreaded)
		}
	}
	// The NC A10 v4 sizes' GPU share is not documented: a partial-GPU size
	// would be a vGPU slice, so the fixed-performance statement is not
	// read as dedicated for them.
	for _, key := range []string{"azure/Standard_NC8ads_A10_v4", "azure/Standard_NC16ads_A10_v4", "azure/Standard_NC32ads_A10_v4"} {
		if o := offerByKey(t, cat, key); o.VCPUType != model.VCPUUnknown {
			t.Errorf("%s: vcpu %q; its GPU share is not documented", key, o.VCPUType)
		}
	}
}

// Retired instance types carry the provider's retirement date and notice:
// Azure's NV and NV_Promo sizes (retired 2023-09-06) and three NCv3 sizes
// (2025-09-30); NVv3 and the other offers carry none. A bad date is
// refused, naming the field.
func TestRetiredInstanceTypes(t *testing.T) {
	cat := embeddedCatalog(t)
	want := map[string]string{
		"Standard_NV6": "2023-09-06", "Standard_NV12": "2023-09-06", "Standard_NV24": "2023-09-06",
		"Standard_NV6_Promo": "2023-09-06", "Standard_NV12_Promo": "2023-09-06", "Standard_NV24_Promo": "2023-09-06",
		"Standard_NC6s_v3": "2025-09-30", "Standard_NC12s_v3": "2025-09-30", "Standard_NC24s_v3": "2025-09-30",
	}
	seen := 0
	for i := range cat.Offers {
		o := &cat.Offers[i]
		w, ok := want[o.InstanceType]
		if ok && o.Provider == "azure" {
			seen++
			if o.Detail().Retired != w || !strings.HasPrefix(o.Detail().RetiredSource, "https://github.com/MicrosoftDocs/") {
				t.Errorf("%s: retired %q (%s), want %s with Microsoft's notice", o.InstanceType, o.Detail().Retired, o.Detail().RetiredSource, w)
			}
			continue
		}
		if o.Detail().Retired != "" {
			t.Errorf("%s %s marked retired %s", o.Provider, o.InstanceType, o.Detail().Retired)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d retired Azure sizes are in the catalog", seen, len(want))
	}
	var o model.Offer
	if err := applyFact(&o, factRule{Field: "retired", Value: "soon"}); err == nil || !strings.Contains(err.Error(), "field retired") {
		t.Errorf("a bad retirement date: %v", err)
	}
}
