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
			if len(f.Accels) == 0 && !f.matches(&o, "") { // GPU counts
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

func TestParseGPULinksErrors(t *testing.T) {
	const head = "gpu,interconnect,source_url,note\n"
	tests := []struct{ rows, want string }{
		{"H100 SXM5,infiniband,https://x,n\n", `"infiniband": want nvswitch`},
		{"H100 SXM5,single,https://x,n\n", `"single": want nvswitch`},
		{"H100 SXM5,nvlink,,n\n", "every fact cites its source"},
		{"H100 SXM5,nvlink,https://x,\n", "column note: empty"},
		{",nvlink,https://x,n\n", "column gpu: empty"},
		{"H100 SXM5,nvlink,https://x,n\nH100 SXM5,nvswitch,https://y,n\n", "appears twice"},
	}
	for _, tc := range tests {
		_, err := parseGPULinks(strings.NewReader(head+tc.rows), "gpu_links.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "gpu_links.csv: line") {
			t.Errorf("%q: error %v, want a line number and %q", tc.rows, err, tc.want)
		}
	}
	links, err := parseGPULinks(strings.NewReader(head+"Instinct MI300X,infinity-fabric,https://amd,fully connected\n"), "gpu_links.csv")
	if err != nil || links["Instinct MI300X"].Value != model.InterconnectInfinityFabric || links["Instinct MI300X"].Line != 2 {
		t.Errorf("good row: %v %+v", err, links)
	}
}

func TestCheckGPULinksAgainstGPUTable(t *testing.T) {
	gpus := []model.GPU{
		{Name: "SXM", Vendor: "NVIDIA", NVLink: model.Yes},
		{Name: "Card", Vendor: "NVIDIA", NVLink: model.No},
		{Name: "OAM", Vendor: "AMD", NVLink: model.No},
	}
	link := func(gpu string, v model.Interconnect) map[string]gpuLink {
		return map[string]gpuLink{gpu: {Line: 2, GPU: gpu, Value: v, Source: "s", Note: "n"}}
	}
	tests := []struct {
		links map[string]gpuLink
		want  string // "" = accepted
	}{
		{link("SXM", model.InterconnectNVLink), ""},
		{link("OAM", model.InterconnectInfinityFabric), ""},
		{link("Card", model.InterconnectNVLink), "does not say it has NVLink"},
		{link("SXM", model.InterconnectInfinityFabric), "not an AMD GPU"},
		{link("Nope", model.InterconnectNVLink), "not in the GPU table"},
	}
	for _, tc := range tests {
		err := checkGPULinks(tc.links, gpus)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%v: error %v, want %q", tc.links, err, tc.want)
		}
	}
}

func TestApplyGPULinkOnlyFillsUnknownMultiGPU(t *testing.T) {
	links := map[string]gpuLink{"SXM": {GPU: "SXM", Value: model.InterconnectNVLink, Source: "https://nv", Note: "HGX board"}}
	tests := []struct {
		name string
		in   model.Offer
		want model.Interconnect
	}{
		{"multi-GPU unknown", model.Offer{GPU: "SXM", GPUCount: 8}.WithDetail(model.OfferDetail{InterconnectNote: "not documented"}), model.InterconnectNVLink},
		{"one GPU", model.Offer{GPU: "SXM", GPUCount: 1}, model.InterconnectUnknown},
		{"already documented", model.Offer{GPU: "SXM", GPUCount: 4, Interconnect: model.InterconnectNVSwitch}, model.InterconnectNVSwitch},
		{"other GPU", model.Offer{GPU: "Card", GPUCount: 4}, model.InterconnectUnknown},
	}
	for _, tc := range tests {
		o := tc.in
		changed := applyGPULink(&o, links)
		if o.Interconnect != tc.want || changed != (tc.want != tc.in.Interconnect) {
			t.Errorf("%s: interconnect %q (changed %v), want %q", tc.name, o.Interconnect, changed, tc.want)
		}
		if changed {
			if !strings.HasPrefix(o.Detail().InterconnectNote, inferredPrefix+"HGX board") || !strings.Contains(o.Detail().InterconnectNote, "not documented") {
				t.Errorf("%s: note %q", tc.name, o.Detail().InterconnectNote)
			}
			if len(o.Sources) != 1 || o.Sources[0] != "https://nv" {
				t.Errorf("%s: sources %v", tc.name, o.Sources)
			}
		}
	}
}

func TestGPULinksInEmbeddedCatalog(t *testing.T) {
	cat := embeddedCatalog(t)
	links, err := openParse(embFS, "facts/gpu_links.csv", parseGPULinks)
	if err != nil {
		t.Fatal(err)
	}
	var gpus []model.GPU
	for _, g := range cat.GPUs {
		gpus = append(gpus, g)
	}
	if err := checkGPULinks(links, gpus); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if !strings.HasPrefix(o.Detail().InterconnectNote, inferredPrefix) {
			continue
		}
		l, ok := links[o.GPU]
		if !ok || o.Interconnect != l.Value || o.GPUCount < 2 || !containsFold(o.Sources, l.Source) {
			t.Errorf("%s: inferred interconnect %s for %d x %s, sources %v", o.Key(), o.Interconnect, o.GPUCount, o.GPU, o.Sources)
		}
		used[o.GPU] = true
	}
	for g := range links {
		if !used[g] {
			t.Errorf("gpu_links.csv row for %s applies to no offer", g)
		}
	}
	tests := []struct {
		key  string
		want model.Interconnect
	}{
		{"runpod/2x_MI300X_SECURE", model.InterconnectInfinityFabric},
		{"runpod/4x_H100-SXM_SECURE", model.InterconnectNVLink},
		{"runpod/8x_H200-SXM_SECURE", model.InterconnectNVLink},               // offer fact: RunPod names it SXM
		{"lambda/gpu_8x_b200_sxm6", model.InterconnectNVLink},                 // B200 exists only as HGX SXM
		{"aws/p5.48xlarge", model.InterconnectNVSwitch},                       // documented by AWS, not overwritten
		{"lambda/gpu_8x_a100", model.InterconnectNVLink},                      // lambda.ai lists 8x A100 SXM 40 GB at its size (inferred)
		{"lambda/gpu_2x_a100", model.InterconnectUnknown},                     // A100 40 GB PCIe or SXM4: variant unknown
		{"vast/2x-H200-32-65536", model.InterconnectUnknown},                  // bare "H200" may be the PCIe H200 NVL
		{"runpod/2x_A100-80GB_SECURE", model.InterconnectPCIe},                // PCIe card, no bridge documented (inferred)
		{"runpod/2x_H100-NVL_SECURE", model.InterconnectUnknown},              // sold as a bridged pair: not documented
		{"verda/4A100.88V", model.InterconnectNVLink},                         // Verda names it SXM4 (inferred mapping)
		{"verda/2H200.141S.88V", model.InterconnectNVLink},                    // offer fact: Verda names it SXM5 (inferred)
		{"tencent/GN7.20XLARGE320", model.InterconnectPCIe},                   // T4: no NVLink (gpu_facts.csv)
		{"hyperstack/n3-H100-SXM5x8", model.InterconnectNVLink},               // SXM5 named by the provider
		{"vast/4x-Tesla_V100-32-65536", model.InterconnectUnknown},            // V100 SXM2 boards are not all-to-all
		{"paperspace/V100-32Gx2", model.InterconnectUnknown},                  // same
		{"oci/BM.GPU.H200.8", model.InterconnectUnknown},                      // OCI does not say SXM
		{"runpod/2x_RTXPRO4500-SE_SECURE", model.InterconnectUnknown},         // GPU not identified
		{"seeweb/ECS2GPU10", model.InterconnectUnknown},                       // bare "H200"
		{"nebius/gpu-h200-sxm_8gpu-128vcpu-1600gb", model.InterconnectNVLink}, // platform named sxm
	}
	for _, tc := range tests {
		if o := offerByKey(t, cat, tc.key); o.Interconnect != tc.want {
			t.Errorf("%s: interconnect %q, want %q (note %q)", tc.key, o.Interconnect, tc.want, o.Detail().InterconnectNote)
		}
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

func TestVCPUFactsApplied(t *testing.T) {
	cat := embeddedCatalog(t)
	tests := []struct {
		provider, prefix, note string
	}{
		{"hyperstack", "", "1:1 mapping"},
		{"alibaba", "ecs.gn5-", "资源独享"},
		{"alibaba", "ecs.gn5i-", "资源独享"},
	}
	for _, tc := range tests {
		n := 0
		for i := range cat.Offers {
			o := &cat.Offers[i]
			if o.Provider != tc.provider || !strings.HasPrefix(o.InstanceType, tc.prefix) {
				continue
			}
			n++
			if o.VCPUType != model.VCPUDedicated || !strings.Contains(o.Detail().VCPUNote, tc.note) {
				t.Errorf("%s: vcpu %q (%q)", o.Key(), o.VCPUType, o.Detail().VCPUNote)
			}
		}
		if n == 0 {
			t.Errorf("no %s %s* offers", tc.provider, tc.prefix)
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
