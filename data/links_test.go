package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

const linksHead = "gpu,gpus,interconnect,source_url,note\n"

func TestParseGPULinksErrors(t *testing.T) {
	tests := []struct{ rows, want string }{
		{"H100 SXM5,,infiniband,https://x,n\n", `"infiniband": want nvswitch`},
		{"H100 SXM5,,single,https://x,n\n", `"single": want nvswitch`},
		{"H100 SXM5,,nvlink,,n\n", "every fact cites its source"},
		{"H100 SXM5,,nvlink,https://x,\n", "column note: empty"},
		{",,nvlink,https://x,n\n", "column gpu: empty"},
		{"H100 SXM5,,nvlink,https://x,n\nH100 SXM5,,nvswitch,https://y,n\n", "appears twice (first on line 2)"},
		{"H100 SXM5,8,nvlink,https://x,n\nH100 SXM5,8,nvswitch,https://y,n\n", `with gpus "8" appears twice`},
		{"H100 SXM5,1,nvswitch,https://x,n\n", `column gpus: "1": want the whole board's GPU count`},
		{"H100 SXM5,eight,nvswitch,https://x,n\n", `column gpus: "eight"`},
		{"H100 SXM5,8.0,nvswitch,https://x,n\n", `column gpus: "8.0"`},
		{"H100 SXM5,65,nvswitch,https://x,n\n", `column gpus: "65"`},
		{"Instinct MI300X,8,infinity-fabric,https://x,n\n", "a board row refines an NVLink label"},
		{"H100 SXM5,8,pcie,https://x,n\n", "a board row refines an NVLink label"},
	}
	for _, tc := range tests {
		_, err := parseGPULinks(strings.NewReader(linksHead+tc.rows), "gpu_links.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "gpu_links.csv: line") {
			t.Errorf("%q: error %v, want a line number and %q", tc.rows, err, tc.want)
		}
	}
	if _, err := parseGPULinks(strings.NewReader("gpu,interconnect,source_url,note\nX,nvlink,https://x,n\n"), "gpu_links.csv"); err == nil || !strings.Contains(err.Error(), `no column "gpus"`) {
		t.Errorf("a file without the gpus column: error %v", err)
	}
	links, err := parseGPULinks(strings.NewReader(linksHead+
		"Instinct MI300X,,infinity-fabric,https://amd,fully connected\n"+
		"H100 SXM5,,nvlink,https://a ; https://b,share\n"+
		"H100 SXM5,8,nvswitch,https://c,board\n"), "gpu_links.csv")
	if err != nil {
		t.Fatal(err)
	}
	if l := links[linkKey{gpu: "Instinct MI300X"}]; l.Value != model.InterconnectInfinityFabric || l.Line != 2 || l.GPUs != 0 {
		t.Errorf("share row: %+v", l)
	}
	if l := links[linkKey{"H100 SXM5", 8}]; l.Value != model.InterconnectNVSwitch || l.Line != 4 || l.GPUs != 8 || l.Note != "board" {
		t.Errorf("board row: %+v", l)
	}
	if len(links) != 3 {
		t.Errorf("%d rows kept, want 3: %+v", len(links), links)
	}
}

func TestCheckGPULinksAgainstGPUTable(t *testing.T) {
	gpus := []model.GPU{
		{Name: "SXM", Vendor: "NVIDIA", NVLink: model.Yes},
		{Name: "Card", Vendor: "NVIDIA", NVLink: model.No},
		{Name: "OAM", Vendor: "AMD", NVLink: model.No},
	}
	link := func(gpu string, n int, v model.Interconnect) gpuLinks {
		return gpuLinks{linkKey{gpu, n}: {Line: 2, GPU: gpu, GPUs: n, Value: v, Source: "s", Note: "n"}}
	}
	tests := []struct {
		links gpuLinks
		want  string // "" = accepted
	}{
		{link("SXM", 0, model.InterconnectNVLink), ""},
		{link("SXM", 8, model.InterconnectNVSwitch), ""},
		{link("OAM", 0, model.InterconnectInfinityFabric), ""},
		{link("Card", 0, model.InterconnectNVLink), "does not say it has NVLink"},
		{link("Card", 8, model.InterconnectNVSwitch), "does not say it has NVLink"},
		{link("SXM", 0, model.InterconnectInfinityFabric), "not an AMD GPU"},
		{link("Nope", 0, model.InterconnectNVLink), "not in the GPU table"},
	}
	for _, tc := range tests {
		err := checkGPULinks(tc.links, gpus)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%v: error %v, want %q", tc.links, err, tc.want)
		}
	}
}

// A share row fills only an undocumented offer; a board row sets a whole
// board's topology on an offer labelled NVLink or undocumented (the latter
// only where a share row would fill it), and never overrides NVSwitch,
// PCIe or another count.
func TestApplyGPULink(t *testing.T) {
	links := gpuLinks{
		{gpu: "SXM"}:      {GPU: "SXM", Value: model.InterconnectNVLink, Source: "https://nv", Note: "HGX share"},
		{"SXM", 8}:        {GPU: "SXM", GPUs: 8, Value: model.InterconnectNVSwitch, Source: "https://fm ; https://nv", Note: "whole HGX board"},
		{"Bare", 8}:       {GPU: "Bare", GPUs: 8, Value: model.InterconnectNVSwitch, Source: "https://fm", Note: "whole board"},
		{"Mesh", 8}:       {GPU: "Mesh", GPUs: 8, Value: model.InterconnectNVLink, Source: "https://ack", Note: "cube-mesh"},
		{gpu: "Infinity"}: {GPU: "Infinity", Value: model.InterconnectInfinityFabric, Source: "https://amd", Note: "fabric"},
	}
	undocumented := model.OfferDetail{InterconnectNote: "not documented"}
	tests := []struct {
		name    string
		in      model.Offer
		want    model.Interconnect
		note    string   // the inferred note's row, "" when unchanged
		sources []string // added sources
	}{
		{"share of the board, undocumented", model.Offer{GPU: "SXM", GPUCount: 4}.WithDetail(undocumented), model.InterconnectNVLink, "HGX share", []string{"https://nv"}},
		{"whole board, undocumented", model.Offer{GPU: "SXM", GPUCount: 8}.WithDetail(undocumented), model.InterconnectNVSwitch, "whole HGX board", []string{"https://fm", "https://nv"}},
		{"whole board, provider says NVLink", model.Offer{GPU: "SXM", GPUCount: 8, Interconnect: model.InterconnectNVLink}.WithDetail(model.OfferDetail{InterconnectNote: "NVLink5, 1800 GB/s"}), model.InterconnectNVSwitch, "whole HGX board", []string{"https://fm", "https://nv"}},
		{"share, provider says NVLink", model.Offer{GPU: "SXM", GPUCount: 2, Interconnect: model.InterconnectNVLink}, model.InterconnectNVLink, "", nil},
		{"whole board, provider says NVSwitch", model.Offer{GPU: "SXM", GPUCount: 8, Interconnect: model.InterconnectNVSwitch}, model.InterconnectNVSwitch, "", nil},
		{"whole board, provider says PCIe", model.Offer{GPU: "SXM", GPUCount: 8, Interconnect: model.InterconnectPCIe}, model.InterconnectPCIe, "", nil},
		{"whole board, GPU variant not established", model.Offer{GPU: "Bare", GPUCount: 8}, model.InterconnectUnknown, "", nil},
		{"whole board named NVLink", model.Offer{GPU: "Bare", GPUCount: 8, Interconnect: model.InterconnectNVLink}, model.InterconnectNVSwitch, "whole board", []string{"https://fm"}},
		{"cube-mesh board keeps NVLink", model.Offer{GPU: "Mesh", GPUCount: 8, Interconnect: model.InterconnectNVLink}.WithDetail(model.OfferDetail{InterconnectNote: "NVLink 2.0"}), model.InterconnectNVLink, "cube-mesh", []string{"https://ack"}},
		{"AMD board", model.Offer{GPU: "Infinity", GPUCount: 8}, model.InterconnectInfinityFabric, "fabric", []string{"https://amd"}},
		{"one GPU", model.Offer{GPU: "SXM", GPUCount: 1}, model.InterconnectUnknown, "", nil},
		{"other GPU", model.Offer{GPU: "Card", GPUCount: 8}, model.InterconnectUnknown, "", nil},
	}
	for _, tc := range tests {
		o := tc.in
		before := o.Detail().InterconnectNote
		changed := applyGPULink(&o, links)
		if o.Interconnect != tc.want || changed != (tc.note != "") {
			t.Errorf("%s: interconnect %q (changed %v), want %q", tc.name, o.Interconnect, changed, tc.want)
			continue
		}
		if !changed {
			if o.Detail().InterconnectNote != before || len(o.Sources) != 0 {
				t.Errorf("%s: unchanged offer got note %q, sources %v", tc.name, o.Detail().InterconnectNote, o.Sources)
			}
			continue
		}
		note := o.Detail().InterconnectNote
		if !strings.HasPrefix(note, inferredPrefix+tc.note) || (before != "" && !strings.HasSuffix(note, "; "+before)) {
			t.Errorf("%s: note %q, want the inferred %q then the provider's %q", tc.name, note, tc.note, before)
		}
		if strings.Join(o.Sources, " ") != strings.Join(tc.sources, " ") {
			t.Errorf("%s: sources %v, want %v", tc.name, o.Sources, tc.sources)
		}
	}
}

// FuzzGPULinks: any text either fails with an error naming the file, or
// gives rows that keep the file's rules (a board row refines NVLink only,
// a board is 2 to maxBoardGPUs GPUs, every row cites a source and says why).
func FuzzGPULinks(f *testing.F) {
	f.Add(linksHead + "H100 SXM5,,nvlink,https://a,n\nH100 SXM5,8,nvswitch,https://b ; https://c,board\n")
	f.Add(linksHead + "Instinct MI300X,,infinity-fabric,https://amd,\"fully, connected\"\n")
	f.Add(linksHead + "X,-8,nvswitch,https://a,n\nX,+8,nvswitch,https://a,n\n")
	f.Add("\ufeffgpu,gpus,interconnect,source_url,note\n\"A\"\"B\",08,nvlink,s,n\n")
	f.Add(linksHead + "X,9223372036854775808,nvswitch,s,n\n")
	f.Fuzz(func(t *testing.T, text string) {
		links, err := parseGPULinks(strings.NewReader(text), "fuzz.csv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.csv") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		for k, l := range links {
			if k.gpu != l.GPU || k.gpus != l.GPUs || l.GPU == "" || l.Source == "" || l.Note == "" {
				t.Fatalf("row %+v under key %+v", l, k)
			}
			if l.GPUs != 0 && (l.GPUs < 2 || l.GPUs > maxBoardGPUs || !l.Value.HasNVLink()) {
				t.Fatalf("board row %+v", l)
			}
		}
	})
}
