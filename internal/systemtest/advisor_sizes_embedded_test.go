package systemtest

import (
	"slices"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// TestSizesOfEmbeddedProducts checks the sizes rule on the catalog's real
// names: the instance names that differ only by the GPU count (and the
// host figures that grow with it) are one product; names that do not
// state the count, hosts of another size per GPU, another GPU or another
// spelling are not. A product's other sizes are what a recommendation of
// one of them lists (Recommendation.OtherSizes, for a job every offer
// holds that may run on spot, so that an offer priced on spot alone is
// listed too).
func TestSizesOfEmbeddedProducts(t *testing.T) {
	cat := advisorEmbedded(t)
	e := advisor.New(cat)
	a := model.DefaultAnswers()
	a.Workload, a.KnownVRAMGiB, a.Interruptible = model.WorkloadVRAM, 1, true
	offer := map[string]int{} // "provider instance" -> its first offer
	for i, o := range cat.Offers {
		if _, ok := offer[o.Provider+" "+o.InstanceType]; !ok {
			offer[o.Provider+" "+o.InstanceType] = i
		}
	}
	// others are the other sizes the recommendation of an offer lists.
	others := func(recs []model.Recommendation) []string {
		var out []string
		for _, r := range recs {
			for _, o := range r.OtherSizes {
				out = append(out, o.Provider+" "+o.InstanceType)
			}
		}
		return out
	}
	same := func(a0, b string) bool {
		i, ok := offer[a0]
		if !ok {
			t.Errorf("no offer %s in the catalog", a0)
			return false
		}
		return slices.Contains(others(e.Expand(a, advisor.Options{}, []int{i})), b)
	}
	for _, c := range [][]string{
		{"runpod 1x_MI300X_SECURE", "runpod 2x_MI300X_SECURE", "runpod 8x_MI300X_SECURE"},
		{"runpod 1x_A40_SECURE", "runpod 10x_A40_SECURE"},
		{"lambda gpu_1x_h100_sxm5", "lambda gpu_2x_h100_sxm5", "lambda gpu_8x_h100_sxm5"},
		{"vast 1x-H100_SXM-32-65536", "vast 8x-H100_SXM-32-65536"},
		{"gcp a2-highgpu-1g", "gcp a2-highgpu-8g"},
		{"hyperstack n3-A100x1", "hyperstack n3-A100x8"},
		{"verda 1A100.22V", "verda 4A100.88V"},
		{"verda 1B200.30V", "verda 8B200.240V"},
		{"cudo sapphire-rapids-h100_1x12v24gb", "cudo sapphire-rapids-h100_2x24v48gb"},
		{"nebius gpu-h100-sxm_1gpu-16vcpu-200gb", "nebius gpu-h100-sxm_8gpu-128vcpu-1600gb"},
		{"oci VM.GPU.A10.1", "oci VM.GPU.A10.2"},
	} {
		for _, n := range c[1:] {
			if !same(c[0], n) {
				t.Errorf("%s and %s are not one product", c[0], n)
			}
		}
	}
	for _, c := range [][2]string{
		{"aws g6e.24xlarge", "aws g6e.48xlarge"}, // the name does not state the count
		{"aws g5.12xlarge", "aws g5.48xlarge"},   // 12 against 24 vCPUs a GPU
		{"azure Standard_NC24ads_A100_v4", "azure Standard_NC48ads_A100_v4"},
		{"alibaba ecs.gn7i-c32g1.8xlarge", "alibaba ecs.gn7i-c32g1.16xlarge"},
		{"hyperstack n3-A100x1", "hyperstack n3-A100x8-NVLink"},                      // another spelling
		{"cudo sapphire-rapids-h100_1x4v8gb", "cudo sapphire-rapids-h100_2x16v32gb"}, // 4 against 8 vCPUs a GPU
		{"lambda gpu_1x_a100", "lambda gpu_8x_a100"},                                 // another GPU
		{"lambda gpu_8x_v100", "lambda gpu_8x_v100_n"},
	} {
		if same(c[0], c[1]) {
			t.Errorf("%s and %s are one product", c[0], c[1])
		}
	}
	var aws []int
	for i, o := range cat.Offers {
		if o.Provider == "aws" {
			aws = append(aws, i)
		}
	}
	if names := others(e.Expand(a, advisor.Options{}, aws)); len(names) > 0 {
		t.Errorf("AWS sizes taken as one product: %v", names)
	}
}
