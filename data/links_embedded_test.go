package data

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// hgxGPUs are the SXM GPUs NVIDIA builds 8-GPU HGX/DGX boards of, with
// NVSwitch on the board (NVIDIA Fabric Manager guide, "NVSwitch-Based
// Systems"; NVIDIA vGPU docs, "Platform Support for NVIDIA NVSwitch").
var hgxGPUs = []string{"A100-40GB SXM4", "A100-80GB SXM4", "H100 SXM5", "H200 SXM", "B200 (HGX, 1000 W)", "B300 (HGX)"}

// bareH200 are the 8-GPU offers whose source names a bare "H200": the
// GPU table maps it to the H200 SXM, but the PCIe H200 NVL shares the
// name's memory, so no board is inferred and the link stays unknown.
var bareH200 = map[string]bool{"vast/8x-H200-32-65536": true, "oci/BM.GPU.H200.8": true, "seeweb/ECS8GPU10": true}

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
	used := map[linkKey]bool{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if !strings.HasPrefix(o.Detail().InterconnectNote, inferredPrefix) {
			continue
		}
		k := linkKey{o.GPU, o.GPUCount}
		l, whole := links[k]
		if !whole {
			k = linkKey{gpu: o.GPU}
			l = links[k]
		}
		if l.Note == "" || o.Interconnect != l.Value || o.GPUCount < 2 || !strings.HasPrefix(o.Detail().InterconnectNote, inferredPrefix+l.Note) {
			t.Errorf("%s: inferred interconnect %s for %d x %s, note %q", o.Key(), o.Interconnect, o.GPUCount, o.GPU, o.Detail().InterconnectNote)
			continue
		}
		for _, s := range model.SplitOn(l.Source, " ; ") {
			if !containsFold(o.Sources, s) {
				t.Errorf("%s: inferred from gpu_links.csv line %d but does not cite %s", o.Key(), l.Line, s)
			}
		}
		used[k] = true
	}
	for k, l := range links {
		if !used[k] {
			t.Errorf("gpu_links.csv line %d (%s, gpus %d) applies to no offer", l.Line, l.GPU, l.GPUs)
		}
	}
	tests := []struct {
		key  string
		want model.Interconnect
	}{
		{"runpod/2x_MI300X_SECURE", model.InterconnectInfinityFabric},
		{"runpod/8x_MI300X_SECURE", model.InterconnectInfinityFabric},           // AMD's board: Infinity Fabric, never NVSwitch
		{"runpod/4x_H100-SXM_SECURE", model.InterconnectNVLink},                 // a share of a board: no switch claimed
		{"runpod/8x_H200-SXM_SECURE", model.InterconnectNVSwitch},               // offer fact: RunPod names it SXM; 8 = the whole HGX H200 board
		{"lambda/gpu_8x_b200_sxm6", model.InterconnectNVSwitch},                 // B200 exists only as HGX SXM
		{"lambda/gpu_2x_b200_sxm6", model.InterconnectNVLink},                   // a share
		{"aws/p5.48xlarge", model.InterconnectNVSwitch},                         // documented by AWS, not overwritten
		{"aws/p6-b200.48xlarge", model.InterconnectNVSwitch},                    // AWS says NVLink5: the board's switch is inferred
		{"aws/p6-b300.48xlarge", model.InterconnectNVSwitch},                    // AWS says nothing: HGX B300 board
		{"lambda/gpu_8x_a100", model.InterconnectNVSwitch},                      // lambda.ai lists 8x A100 SXM 40 GB at its size (inferred)
		{"gcp/a2-megagpu-16g", model.InterconnectNVSwitch},                      // two HGX A100 boards joined through their switches
		{"gcp/a2-highgpu-4g", model.InterconnectNVLink},                         // GCP's NVLink full mesh of 4: no switch claimed
		{"tencent/GT4.20XLARGE474", model.InterconnectNVLink},                   // 4 x A100: HGX A100 4-GPU has no switch
		{"lambda/gpu_2x_a100", model.InterconnectUnknown},                       // A100 40 GB PCIe or SXM4: variant unknown
		{"vast/2x-H200-32-65536", model.InterconnectUnknown},                    // bare "H200" may be the PCIe H200 NVL
		{"vast/8x-H200-32-65536", model.InterconnectUnknown},                    // same, at eight
		{"runpod/2x_A100-80GB_SECURE", model.InterconnectPCIe},                  // PCIe card, no bridge documented (inferred)
		{"runpod/2x_H100-NVL_SECURE", model.InterconnectUnknown},                // sold as a bridged pair: not documented
		{"verda/4A100.88V", model.InterconnectNVLink},                           // Verda names it SXM4 (inferred mapping)
		{"verda/2H200.141S.88V", model.InterconnectNVLink},                      // offer fact: Verda names it SXM5 (inferred)
		{"tencent/GN7.20XLARGE320", model.InterconnectPCIe},                     // T4: no NVLink (gpu_facts.csv)
		{"hyperstack/n3-H100-SXM5x8", model.InterconnectNVSwitch},               // SXM5 named by the provider, whole board
		{"hyperstack/n3-H100x8-NVLink", model.InterconnectNVLink},               // bridged PCIe cards, not a board
		{"vast/4x-Tesla_V100-32-65536", model.InterconnectUnknown},              // V100 SXM2 boards are not all-to-all
		{"paperspace/V100-32Gx2", model.InterconnectUnknown},                    // same
		{"oci/BM.GPU.H200.8", model.InterconnectUnknown},                        // OCI does not say SXM
		{"runpod/2x_RTXPRO4500-SE_SECURE", model.InterconnectUnknown},           // GPU not identified
		{"seeweb/ECS2GPU10", model.InterconnectUnknown},                         // bare "H200"
		{"nebius/gpu-h200-sxm_8gpu-128vcpu-1600gb", model.InterconnectNVSwitch}, // platform named sxm, 8 GPUs
	}
	for _, tc := range tests {
		if o := offerByKey(t, cat, tc.key); o.Interconnect != tc.want {
			t.Errorf("%s: interconnect %q, want %q (note %q)", tc.key, o.Interconnect, tc.want, o.Detail().InterconnectNote)
		}
	}
}

// Every offer of a whole 8-GPU HGX board of A100, H100, H200, B200 or
// B300 SXM GPUs is nvswitch, with the NVIDIA source that says so, whether
// its provider called it NVLink, said nothing, or said NVSwitch itself;
// the only exceptions are the offers whose source names a bare H200
// (bareH200), which stay unknown.
func TestWholeHGXBoardsAreNVSwitch(t *testing.T) {
	cat := embeddedCatalog(t)
	hgx := map[string]bool{}
	for _, g := range hgxGPUs {
		hgx[g] = true
	}
	n := map[string]int{}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.GPUCount != 8 || !hgx[o.GPU] || o.GPUFraction > 0 {
			continue
		}
		if bareH200[o.Key()] {
			if o.Interconnect != model.InterconnectUnknown {
				t.Errorf("%s: bare H200 labelled %q", o.Key(), o.Interconnect)
			}
			continue
		}
		n[o.GPU]++
		if o.Interconnect != model.InterconnectNVSwitch {
			t.Errorf("%s: 8 x %s is %q, want nvswitch (note %q)", o.Key(), o.GPU, o.Interconnect, o.Detail().InterconnectNote)
			continue
		}
		note := strings.ToLower(o.Detail().InterconnectNote)
		if !strings.Contains(note, "nvswitch") {
			t.Errorf("%s: nvswitch without a note that says so: %q", o.Key(), o.Detail().InterconnectNote)
		}
		if strings.HasPrefix(note, "inferred") && !citesNVIDIA(o.Sources) {
			t.Errorf("%s: inferred nvswitch cites no NVIDIA source: %v", o.Key(), o.Sources)
		}
	}
	for _, g := range hgxGPUs {
		if n[g] == 0 {
			t.Errorf("no 8 x %s offer in the catalog: the test checks nothing for it", g)
		}
	}
	for _, key := range bareH200Keys() {
		offerByKey(t, cat, key) // each exception names a real offer
	}
}

// bareH200Keys lists bareH200 for offerByKey.
func bareH200Keys() []string {
	var ks []string
	for k := range bareH200 {
		ks = append(ks, k)
	}
	return ks
}

// citesNVIDIA reports a source on docs.nvidia.com or NVIDIA's developer
// blog.
func citesNVIDIA(sources []string) bool {
	for _, s := range sources {
		if strings.HasPrefix(s, "https://docs.nvidia.com/") || strings.HasPrefix(s, "https://developer.nvidia.com/") {
			return true
		}
	}
	return false
}

// Boards without a switch keep NVLink: eight V100 SXM2 (the DGX-1-style
// hybrid cube-mesh: AWS p3.16xlarge and every other 8 x V100 SXM2 offer),
// four A100 SXM4 (NVIDIA's HGX A100 4-GPU board, or a share of an 8-GPU
// board), and no share of a board (fewer GPUs than it holds) is labelled
// nvswitch, since no provider documents its partition; MI300X stays
// Infinity Fabric.
func TestBoardsWithoutSwitchKeepNVLink(t *testing.T) {
	cat := embeddedCatalog(t)
	p3 := offerByKey(t, cat, "aws/p3.16xlarge")
	if p3.Interconnect != model.InterconnectNVLink || !strings.Contains(p3.Detail().InterconnectNote, "hybrid cube-mesh") ||
		!containsFold(p3.Sources, "https://alibabacloud.com/help/en/ack/topology-aware-gpu-scheduling") {
		t.Errorf("p3.16xlarge: %q, note %q, sources %v; want nvlink from the cube-mesh source", p3.Interconnect, p3.Detail().InterconnectNote, p3.Sources)
	}
	hgx := map[string]bool{}
	for _, g := range hgxGPUs {
		hgx[g] = true
	}
	var v100, a100x4, shares, mi300x int
	for i := range cat.Offers {
		o := &cat.Offers[i]
		switch {
		case strings.HasPrefix(o.GPU, "V100 SXM2") && o.GPUCount == 8:
			v100++
			if o.Interconnect != model.InterconnectNVLink || !strings.Contains(o.Detail().InterconnectNote, "cube-mesh") {
				t.Errorf("%s: 8 x %s is %q (note %q), want nvlink, a hybrid cube-mesh", o.Key(), o.GPU, o.Interconnect, o.Detail().InterconnectNote)
			}
		case (o.GPU == "A100-40GB SXM4" || o.GPU == "A100-80GB SXM4") && o.GPUCount == 4:
			a100x4++
			if o.Interconnect != model.InterconnectNVLink {
				t.Errorf("%s: 4 x %s is %q, want nvlink", o.Key(), o.GPU, o.Interconnect)
			}
		case hgx[o.GPU] && o.GPUCount > 1 && o.GPUCount < 8:
			shares++
			if o.Interconnect == model.InterconnectNVSwitch {
				t.Errorf("%s: %d of an 8-GPU %s board labelled nvswitch (note %q)", o.Key(), o.GPUCount, o.GPU, o.Detail().InterconnectNote)
			}
		case o.GPU == "Instinct MI300X" && o.GPUCount > 1:
			mi300x++
			if o.Interconnect != model.InterconnectInfinityFabric {
				t.Errorf("%s: %d x MI300X is %q, want infinity-fabric", o.Key(), o.GPUCount, o.Interconnect)
			}
		}
	}
	if v100 < 5 || a100x4 < 3 || shares < 20 || mi300x < 2 {
		t.Errorf("too few offers checked: %d 8 x V100 SXM2, %d 4 x A100 SXM4, %d board shares, %d multi-GPU MI300X", v100, a100x4, shares, mi300x)
	}
}
