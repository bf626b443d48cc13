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
		{"multi-GPU unknown", model.Offer{GPU: "SXM", GPUCount: 8, InterconnectNote: "not documented"}, model.InterconnectNVLink},
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
			if !strings.HasPrefix(o.InterconnectNote, inferredPrefix+"HGX board") || !strings.Contains(o.InterconnectNote, "not documented") {
				t.Errorf("%s: note %q", tc.name, o.InterconnectNote)
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
		if !strings.HasPrefix(o.InterconnectNote, inferredPrefix) {
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
		{"lambda/gpu_8x_a100", model.InterconnectUnknown},                     // A100 40 GB PCIe or SXM4: variant unknown
		{"vast/2x-H200-32-65536", model.InterconnectUnknown},                  // bare "H200" may be the PCIe H200 NVL
		{"runpod/2x_A100-80GB_SECURE", model.InterconnectUnknown},             // PCIe card with an optional bridge
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
			t.Errorf("%s: interconnect %q, want %q (note %q)", tc.key, o.Interconnect, tc.want, o.InterconnectNote)
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
		if o := offerByKey(t, cat, key); o.FormFactor != want {
			t.Errorf("%s: form factor %q, want %q", key, o.FormFactor, want)
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
			if o.VCPUType != model.VCPUDedicated || !strings.Contains(o.VCPUNote, tc.note) {
				t.Errorf("%s: vcpu %q (%q)", o.Key(), o.VCPUType, o.VCPUNote)
			}
		}
		if n == 0 {
			t.Errorf("no %s %s* offers", tc.provider, tc.prefix)
		}
	}
}
